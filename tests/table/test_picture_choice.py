"""Asking for a picture with its parameters (issue 11 item 5, issue 19: "a regional crop of a large map"
reachable by players): the one parser every front end uses (bot/picturechoice.py), the service's check
against the manifest, a private picture with a parameter drawn only for its holder, and the console's
`map region italy`."""

import pytest

import render
from bot.picturechoice import describe, offers, parse
from bot.service import BadOption, NotYourSeat
from render import api
from render.hereistand import MANIFEST as EUROPE
from tests.service.console_helpers import console_for, run_lines
from tests.support import harbours_pictures
from tests.table.conftest import harbours_game, holder


@pytest.fixture(autouse=True)
def pictures():
    render.register("harbours", harbours_pictures)
    yield
    api._REGISTERED.pop("harbours", None)


@pytest.mark.parametrize("asked", ["region:italy", "region italy", "Region: Italy", "region region=italy",
                                   "region:region=italy", "REGION  ITALY", ["region", "italy"], "italy"])
def test_every_way_of_naming_a_region_gives_the_same_picture(asked):
    choice = parse(asked, EUROPE)
    assert (choice.id, choice.params) == ("region", {"region": "italy"})
    assert choice.value == "region:italy" and choice.label == "Region: Italy"
    assert choice.filename == "region-italy.png"


def test_a_label_with_spaces_names_its_choice_and_the_main_picture_is_the_default():
    assert parse("region low countries", EUROPE).params == {"region": "low_countries"}
    assert parse("Region: Low Countries", EUROPE).params == {"region": "low_countries"}
    assert parse(None, EUROPE).id == parse("", EUROPE).id == "map"
    region = next(k for k in EUROPE if k.id == "region")
    assert parse("region", EUROPE).params == {"region": region.params[0].default}   # the default filled in
    assert parse("power france", EUROPE).params == {"power": "france"}
    assert parse("diplomacy", EUROPE).params == {}


@pytest.mark.parametrize("asked, says", [
    ("atlantis", "not a picture of this game; pick one of: map; region (region: "),
    ("region:atlantis", "Region for the region picture must be one of: "),
    ("region zoom=2", "not a parameter of the region picture; it has region"),
    ("diplomacy france", "The diplomacy picture takes no parameter"),
    ("power france england", "Power for the power picture must be one of"),
])
def test_a_bad_kind_or_value_is_refused_naming_what_is_allowed_and_never_quoting_it(asked, says):
    with pytest.raises(BadOption) as refused:
        parse(asked, EUROPE)
    assert says in refused.value.message
    assert "atlantis" not in refused.value.message and "zoom" not in refused.value.message


def test_a_value_several_kinds_offer_is_not_guessed():
    from render.manifest import PictureKind, PictureParam
    kinds = [PictureKind("map", "Map"),
             PictureKind("a", "A", params=(PictureParam("x", "X", ("north", "south")),)),
             PictureKind("b", "B", params=(PictureParam("y", "Y", ("north",)),))]
    assert parse("south", kinds).id == "a"
    with pytest.raises(BadOption, match="not a picture of this game"):
        parse("north", kinds)
    with pytest.raises(BadOption, match="it has none"):
        parse("map", [])


def test_the_offers_list_each_kind_then_its_choices_and_leave_private_kinds_out_for_a_channel():
    items = offers(EUROPE)
    values = [v for _, v in items]
    assert values.index("region") < values.index("region:italy") < values.index("front")
    assert ("Region: Italy", "region:italy") in items and ("Power: France", "power:france") in items
    assert "hand" in values and "hand" not in [v for _, v in offers(EUROPE, private=False)]
    assert describe(next(k for k in EUROPE if k.id == "power")).startswith("power (power: ottoman, hapsburg")


def test_the_service_checks_a_choice_against_the_games_manifest(service):
    game = harbours_game(service)
    assert service.picture_choice(game, "table:east").params == {"harbour": "east"}
    assert service.picture_choice(game, "hand").id == "hand"
    with pytest.raises(BadOption, match="private"):
        service.picture_choice(game, "hand", public=True)           # never for a channel
    with pytest.raises(BadOption, match="must be one of: north, east, south, west"):
        service.picture_choice(game, "table:atlantis")


def test_a_private_picture_naming_a_role_is_drawn_only_for_that_roles_holder(service):
    game = harbours_game(service, players=3, seating="north-south")   # ann holds north and south
    ann, ben = holder(service, game, "north"), holder(service, game, "east")
    assert ann == holder(service, game, "south") != ben
    south = service.picture(game, ann, "hand", params={"role": "south"})
    both = service.picture(game, ann, "hand")
    assert south != both and south != service.picture(game, ann, "hand", params={"role": "north"})
    with pytest.raises(NotYourSeat, match="private to its holder; you hold east"):
        service.picture(game, ben, "hand", params={"role": "south"})
    with pytest.raises(NotYourSeat, match="you hold no seat"):
        service.picture(game, None, "hand", params={"role": "south"})
    with pytest.raises(NotYourSeat):      # naming one of her roles while asking as the other
        service.picture(game, ann, "hand", role="north", params={"role": "south"})


def test_the_console_draws_a_region_and_a_power_and_lists_the_choices(tmp_path):
    from bot.config import Config
    from bot.service import TableService
    svc = TableService(str(tmp_path / "his.db"), Config())
    console, out = console_for(svc, tmp_path, images=True)
    run_lines(console, out, ["as ann", "new hereistand 1517 players=3", "join", "as ben", "join", "as cat", "join",
                             "as ann", "start --seed 1"])
    out.clear()
    run_lines(console, out, ["pictures", "map region italy", "map region:low_countries public", "view power france"])
    text = "\n".join(out)
    assert "region: Region" in text and "italy" in text and "Ask for one with `map " in text
    written = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert any(n.endswith("-ann-region-italy.png") for n in written)
    assert any(n.endswith("-public-region-low-countries.png") for n in written)
    assert any(n.endswith("-power-france.png") for n in written)
    out.clear()
    assert not console.execute("map region atlantis")
    assert "Region for the region picture must be one of:" in out[-1] and "Traceback" not in "\n".join(out)
    out.clear()
    assert not console.execute("map hand public")
    assert "private" in out[-1]


def test_the_console_lists_each_group_once(tmp_path):
    from bot.config import Config
    from bot.service import TableService
    svc = TableService(str(tmp_path / "his2.db"), Config())
    console, out = console_for(svc, tmp_path)
    run_lines(console, out, ["as ann", "new hereistand 1517 players=3", "join", "as ben", "join", "as cat", "join",
                             "as ann", "start --seed 1"])
    # the game opens with Luther's 95 Theses (18.1): Ann's Protestant makes no attempt, so her England
    # is asked for its offers
    run_lines(console, out, ["do stop protestant"])
    out.clear()
    run_lines(console, out, ["choices"])
    assert out[-2:] == ["  Or:", "    3. Make no offer  [done]"]          # set apart from the Deals menu
    run_lines(console, out, ["do 2", "choices"])                             # compose a deal: cards of both sides
    headings = [line.strip() for line in out if line.startswith("  ") and line.endswith(":")
                and not line.startswith("    ")]
    assert headings.count("Cards:") == 1 and headings.count("Spaces:") == 1, headings
    cards = out[[line.strip() for line in out].index("Cards:") + 1:][:2]
    assert all("gives a random card" in line for line in cards)


def _actions(svc, game, waiting) -> list:
    """The actions a waiting seat's role may take now."""
    return [a for rc in svc.choices(game, waiting.user_id) if rc.role == waiting.role for a in rc.actions]


def test_a_move_being_prepared_posts_no_picture_in_the_channel(tmp_path):
    """Found playing: each spring deployment or move, even one then cancelled, posted the front picture
    alone in the channel; the mover's prompt brings it, the channel gets it with a post of its own."""
    from bot.config import Config
    from bot.service import TableService
    svc = TableService(str(tmp_path / "his3.db"), Config())
    status = svc.create_game("hereistand", channel="chan", creator_id="ann", creator_name="Ann", players=3,
                             scenario="1517")
    for user in ("ann", "ben", "cat"):
        svc.join(status.game_id, user, user.title())
    game = svc.start(status.game_id, "ann", seed=1).game_id
    # to the spring deployment: no reformation attempt, nobody offers anything, the Diet of Worms' first cards
    while not any(a.id.startswith("deploy:") for w in svc.status(game).waiting[:1]
                  for a in _actions(svc, game, w)):
        waiting = next(w for w in svc.status(game).waiting                 # one who has not answered yet
                       if [a.id for a in _actions(svc, game, w)] not in (["change"], []))
        ids = [a.id for a in _actions(svc, game, waiting)]
        svc.submit(game, waiting.user_id, next((i for i in ("stop", "done") if i in ids), ids[0]), role=waiting.role)
    mover = svc.status(game).waiting[0]
    deploy = next(a.id for rc in svc.choices(game, mover.user_id) for a in rc.actions if a.id.startswith("deploy:"))
    mark = svc.db.execute("SELECT MAX(id) FROM outbox").fetchone()[0]
    svc.submit(game, mover.user_id, deploy, role=mover.role)
    assert svc.view(game)["move"]                            # the move is being prepared
    posts = list(svc.db.query("SELECT * FROM outbox WHERE id > ? AND target_kind = 'channel' AND image IS NOT NULL",
                              [mark]))
    assert posts == []
    svc.close()

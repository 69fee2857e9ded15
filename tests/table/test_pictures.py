"""The picture manifest (issue 11 item 5) with Four Harbours' test pictures: the service reads the kinds
and their parameters from the renderer, and the picture a decision needs goes with the prompt."""

import pytest

import render
from bot.service import BadOption
from render import api
from tests.support import harbours_pictures
from tests.table.conftest import bid_all, harbours_game, holder


@pytest.fixture(autouse=True)
def pictures():
    render.register("harbours", harbours_pictures)
    yield
    api._REGISTERED.pop("harbours", None)


def test_the_manifest_lists_kinds_and_parameters_and_the_service_reads_it(service):
    game = harbours_game(service)
    kinds = service.picture_manifest(game)
    assert [k.id for k in kinds] == service.pictures(game) == ["table", "raid", "hand"]
    assert kinds[0].params[0].choices == ("north", "east", "south", "west")
    assert service.picture(game, "ann")[:4] == b"\x89PNG"                       # the main picture by default
    marked = service.picture(game, "ann", "table", params={"harbour": "east"})
    assert marked != service.picture(game, "ann", "table")
    with pytest.raises(BadOption, match="Harbour to mark must be one of"):
        service.picture(game, "ann", "table", params={"harbour": "atlantis"})
    with pytest.raises(BadOption, match="no parameter zoom"):
        service.picture(game, "ann", "hand", params={"zoom": "2"})
    # the game's opening post carries the main picture, not a hard-wired "map"
    opening = service.db.execute("SELECT image FROM outbox WHERE text LIKE '%begins%'").fetchone()[0]
    assert '"picture":"table"' in opening.replace(" ", "")


def test_a_raid_prompt_brings_the_raid_picture_in_the_dm_and_with_the_channel_post(service):
    game = harbours_game(service)
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    target = next(r for r in ("north", "east", "south", "west") if r != mover)
    mark = service.db.execute("SELECT MAX(id) FROM outbox").fetchone()[0]
    service.submit(game, holder(service, game, mover), f"raid:{target}")
    rows = list(service.db.query("SELECT * FROM outbox WHERE id > ? ORDER BY id", [mark]))
    moves = [r for r in rows if r["kind"] == "your_move"]
    assert moves and all('"picture": "raid"' in r["image"] for r in moves)
    post = [r for r in rows if r["target_kind"] == "channel" and "raids" in r["text"]]
    assert post and '"picture": "raid"' in post[0]["image"] and '"role": null' in post[0]["image"]

"""Long lists of choices read well (found playing a 3-player Here I Stand game, issue 11): the way out of
an impulse (end it, pass) is on every page of menus, each page says what the others hold, and a private
look shows only what differs from the public view (one's own hand, not every zone's count)."""

from types import SimpleNamespace

from bot.discordbot.common import format_facts, private_facts
from bot.discordbot.components import as_choices, choices_view, layout, page_groups, paginate
from rules.core import Action

IMPULSE = ([Action(f"move:{i}", f"Move {i}", "Move") for i in range(40)]
           + [Action(f"build:regular:{i}", f"Regular in {i}", "Build regulars") for i in range(30)]
           + [Action(f"build:squadron:{i}", f"Squadron in {i}", "Build squadrons") for i in range(20)]
           + [Action("done", "End the impulse")])


def test_the_single_row_of_buttons_is_on_every_page_first():
    pages = paginate(layout(as_choices(IMPULSE)))
    assert len(pages) > 1
    for number in range(len(pages)):
        view, shown, count = choices_view("1", "tok", "hapsburg", IMPULSE, number)
        first = view.to_components()[0]["components"]
        assert first[0]["type"] == 2 and first[0]["label"] == "End the impulse"
        assert len(view.to_components()) <= 5
    reached = {int(o["value"]) for n in range(len(pages))
               for row in choices_view("1", "tok", "hapsburg", IMPULSE, n)[0].to_components()
               for c in row["components"] if c["type"] == 3 for o in c["options"]}
    assert reached == set(range(len(IMPULSE) - 1))      # every menu choice on some page


def test_each_page_says_what_the_other_pages_hold(tmp_path, frozen):
    from tests.discordbot.conftest import make_table
    groups = page_groups(IMPULSE)
    assert groups[0] == ["Move (1/2)", "Move (2/2)", "Build regulars (1/2)"]
    t = make_table(tmp_path)
    try:
        status = SimpleNamespace(game_id=1, title="Test", turn_label="Turn 1")
        rc = SimpleNamespace(role="hapsburg", role_name="Hapsburg", prompt="5 CP to spend.", kind="turn",
                             actions=tuple(IMPULSE), deadline=None, version=3, paused=False)
        text, _ = t.layer.choices_message(status, rc)
        assert "Page 1 of 2 (◀ ▶ below); page 2: Build regulars (2/2), Build squadrons. Or type it: `/order`." in text
    finally:
        t.service.close()


def test_a_private_look_shows_only_the_entries_that_differ():
    public = {"zones": {"deck": 38, "hand:england": 4, "hand:france": 5}, "mine": {}, "turn": 1}
    mine = {"zones": {"deck": 38, "hand:england": ["3", "93"], "hand:france": 5},
            "mine": {"england": {"picks": []}}, "turn": 1}
    facts = private_facts(mine, public)
    assert facts == {"zones": {"hand:england": ["3", "93"]}, "mine": {"england": {"picks": []}}}
    assert format_facts(facts) == "**zones**: hand:england: 3, 93"            # nothing said of empty things
    assert format_facts(private_facts({"mine": {"a": {"picks": []}}}, {})) == "Nothing hidden from the others right now."

"""Issue 33, item 3 from Discord: /run answers a run of the player's own questions in one order (checked
whole, played as one action each), shows the run's defaults alone, plays them with "confirm", and refuses a
run that cannot be played, changing nothing."""

from tests.core.test_pace_core import Tiny
from tests.discordbot.conftest import make_table


def _start(tmp_path):
    t = make_table(tmp_path, engines={"tiny": Tiny()})
    t.cmd("game new", t.alice, game="tiny", players=2)
    t.cmd("game join", t.alice)
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    mover = next(s.user_id for s in t.service.status(1).seats if "a" in s.roles)
    return t, (t.alice if mover == str(t.alice.id) else t.bob)


def _actions(t):
    return [(r[0], r[1]) for r in t.service.db.execute("SELECT role, action FROM actions WHERE NOT undone ORDER BY pos")]


def test_run_plays_a_run_in_one_order_and_refuses_a_bad_one(tmp_path, frozen):
    t, mover = _start(tmp_path)
    try:
        version = t.service.status(1).version
        bad = t.cmd("run", mover, answers="add:3 add:3 done")
        assert "Answer 2 ('add:3') is not a legal choice" in bad.recorded[0].content
        assert t.service.status(1).version == version and _actions(t) == []
        done = t.cmd("run", mover, answers="add:3, add:1, done")
        assert "in one go: **Add a 3; Add a 1; Place them**" in done.recorded[0].content
        assert done.recorded[0].where == "ephemeral"
        assert _actions(t) == [("a", "add:3"), ("a", "add:1"), ("a", "done")]
    finally:
        t.service.close()


def test_run_alone_shows_the_defaults_and_confirm_plays_them(tmp_path, frozen):
    t, mover = _start(tmp_path)
    try:
        none = t.cmd("run", mover)
        assert "No run of your own questions with defaults is open" in none.recorded[0].content
        t.service.submit(1, str(mover.id), "add:2")
        shown = t.cmd("run", mover)
        assert "in one go: Place them. `/run answers:confirm` plays them." in shown.recorded[0].content
        assert _actions(t) == [("a", "add:2")]
        t.cmd("run", mover, answers="confirm")
        assert _actions(t) == [("a", "add:2"), ("a", "done")]
    finally:
        t.service.close()

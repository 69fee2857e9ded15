"""Issue 32 at the console: board (with its filters and pages), nudge, leave after the start, volunteer,
substitute, admin lateness and admin substitutes; refusals print an error and change nothing."""

from __future__ import annotations

from tests.service.conftest import dump
from tests.service.console_helpers import duel_console


def test_the_board_nudges_and_substitutes_at_the_console(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, clear=True)
    assert console.execute("board")
    assert "Board — every game not yet over: page 1 of 1, 1 game" in out[0]
    assert any("waiting for Red (alice)" in line for line in out) and any("waiting for Blue (bob)" in line for line in out)
    out.clear()
    assert console.execute("nudge")
    assert out[-1] == "Nudged: bob."
    before = dump(svc)
    assert not console.execute("nudge")
    assert "already nudged for this step" in out[-1]
    assert not console.execute("board newest")
    assert "filters: all, mine, waiting, open, finished" in out[-1]
    assert not console.execute("board 2")
    assert "has 1 page, not 2" in out[-1]
    assert dump(svc) == before
    assert console.execute("as bob") and console.execute("leave")
    assert any("You left seat 2 (Blue)" in line for line in out)
    assert console.execute("as carol") and console.execute("board open")
    assert any("open seat 2 (Blue), empty" in line for line in out)
    assert console.execute("volunteer")
    assert console.execute("as alice") and console.execute("admin lateness")
    assert any(line.startswith("bob (no longer seated): 0 after a reminder") for line in out)
    assert console.execute("admin substitutes majority")
    assert console.execute("substitute carol")
    assert "carol now plays seat 2 (Blue) in game #1." in out
    assert svc.status(1).seats[1].user_id == "carol"
    svc.close()

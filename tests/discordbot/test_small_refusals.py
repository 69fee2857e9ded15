"""Small inputs once taken silently or previewed wrongly, now refused clearly and changing nothing (issue
25, item 7): an unknown winner in `admin end`'s preview, an option given twice, deadlines for a game that
does not exist."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, config_from_dict
from tests.service.console_helpers import duel_console


def test_the_end_preview_refuses_an_unknown_winner_in_the_console(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, clear=True)
    assert not console.execute("admin end nosuch")
    assert "no role 'nosuch'" in out[-1] and "Red, Blue" in out[-1] and "as the winner" not in " ".join(out)
    out.clear()
    assert console.execute("admin end blue")            # a known winner is previewed by name
    assert any("with Blue as the winner" in line for line in out), out
    assert svc.status(1).status == "active"
    svc.close()


def test_the_end_preview_refuses_an_unknown_winner_on_discord(table):
    t = table
    t.start_game()
    refused = t.cmd("admin end", t.alice, game=None, winner="nosuch", reason=None)
    said = refused.recorded[-1].content
    assert "no role 'nosuch'" in said and "winner: nosuch" not in said
    assert t.service.status(1).status == "active"
    assert t.client.all_answered_once() == []


def test_an_option_given_twice_is_refused(table, tmp_path):
    t = table
    made = t.cmd("game new", t.alice, game="duel", options="draft=1 draft=0")
    assert "`draft` is given twice" in made.recorded[-1].content
    assert t.service.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    svc, console, out = duel_console(tmp_path, db_name="other.db", clear=True)
    assert not console.execute("new duel draft=1 draft=0")
    assert "'draft' is given twice" in out[-1]
    assert svc.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    svc.close()


def test_deadlines_for_a_game_that_does_not_exist_are_refused():
    with pytest.raises(ConfigError, match=r"\[deadlines.nosuchgame\]: there is no game 'nosuchgame'"):
        config_from_dict({"deadlines": {"nosuchgame": {"turn": "1d"}}})
    assert config_from_dict({"deadlines": {"richard3": {"turn": "1d"}}}).deadlines_for("richard3").turn == 86400

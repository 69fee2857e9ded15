"""Issue 33, item 3: a run of a player's own questions answered in one message (bot/table/play.py,
``submit_run``; the console's ``run``, mail's ``run``): checked whole, played as one action each (the log and
undo see each); a run that cannot be played is refused by the answer at fault and changes nothing."""

import pytest

from bot.config import Config
from bot.service import TableService
from bot.table.records import IllegalOrder
from tests.core.test_pace_core import Tiny


@pytest.fixture
def tiny(tmp_path, frozen):
    svc = TableService(str(tmp_path / "herald.db"), Config(), engines={"tiny": Tiny()})
    status = svc.create_game("tiny", channel="chan", creator_id="ann", creator_name="Ann", players=2)
    svc.join(status.game_id, "ann", "Ann")
    svc.join(status.game_id, "ben", "Ben")
    svc.start(status.game_id, "ann", seed=1)
    yield svc, status.game_id
    svc.close()


def _actions(svc, game):
    return [(r[0], r[1]) for r in svc.db.execute("SELECT role, action FROM actions WHERE game_id = ? AND NOT undone ORDER BY pos",
                                                  [game])]


def test_a_run_is_played_in_one_order_as_one_action_each_and_undo_takes_back_the_last(tiny):
    svc, game = tiny
    mover = next(s.user_id for s in svc.status(game).seats if "a" in s.roles)
    result = svc.submit_run(game, mover, ["add:3", "add:1", "done"])
    assert result.label == "Add a 3; Add a 1; Place them"
    assert _actions(svc, game) == [("a", "add:3"), ("a", "add:1"), ("a", "done")]
    assert [w.role for w in svc.status(game).waiting] == ["b"]
    svc.undo(game, mover)
    assert _actions(svc, game) == [("a", "add:3"), ("a", "add:1")]


def test_a_run_that_cannot_be_played_is_refused_by_the_answer_at_fault_and_changes_nothing(tiny):
    svc, game = tiny
    mover = next(s.user_id for s in svc.status(game).seats if "a" in s.roles)
    version = svc.status(game).version
    with pytest.raises(IllegalOrder, match="Answer 2 .'add:3'. is not a legal choice"):
        svc.submit_run(game, mover, ["add:3", "add:3", "done"])
    with pytest.raises(IllegalOrder, match="Answer 3 .* after the run"):
        svc.submit_run(game, mover, ["add:2", "done", "ok"])
    assert svc.status(game).version == version and _actions(svc, game) == []


def test_the_console_shows_a_runs_defaults_and_confirms_them(tiny, tmp_path):
    from bot.console import Console

    svc, game = tiny
    mover = next(s.user_id for s in svc.status(game).seats if "a" in s.roles)
    said: list[str] = []
    console = Console(svc, str(tmp_path / "out"), said.append)
    for line in (f"as {mover}", f"use {game}", "do add:2", "run"):
        console.execute(line)
    assert "In one go: Place them (run confirm)" in said[-1]
    console.execute("run confirm")
    assert _actions(svc, game) == [("a", "add:2"), ("a", "done")]

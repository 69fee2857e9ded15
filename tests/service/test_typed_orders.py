"""A typed order means what the player saw (issue 12, item 1): every way of giving an order carries the
version of the position it was chosen from, and the same order sent twice is answered as a duplicate,
never played again with a new meaning."""

from __future__ import annotations

from tests.service.conftest import started_game
from tests.service.console_helpers import duel_console, run_lines


def _live_actions(svc, game):
    return [(r[0], r[1]) for r in svc.db.execute("SELECT role, action FROM actions WHERE game_id = ? AND undone = 0 "
                                                 "ORDER BY pos", [game])]


def test_the_same_order_from_the_same_position_is_a_duplicate_even_when_still_legal(service):
    game = started_game(service)
    seen = service.choices(game, "alice")[0].version
    first = service.submit(game, "alice", "bid:2", expected_version=seen)
    service.submit(game, "bob", "bid:1")            # the round ends: "bid:2" is legal for red again
    again = service.submit(game, "alice", "bid:2", expected_version=seen)  # a retry, a double Enter
    assert again.duplicate and again.version == first.version and again.label == first.label
    assert _live_actions(service, game) == [("red", "bid:2"), ("blue", "bid:1")]


def test_a_different_order_from_an_old_position_is_still_refused_as_stale(service):
    game = started_game(service)
    seen = service.choices(game, "alice")[0].version
    service.submit(game, "alice", "bid:2", expected_version=seen)
    service.submit(game, "bob", "bid:1")
    from bot.service import StaleVersion
    import pytest
    with pytest.raises(StaleVersion):
        service.submit(game, "alice", "bid:3", expected_version=seen)


def test_console_do_means_the_list_it_showed(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, clear=True)
    run_lines(console, out, ["as alice", "choices"])     # alice sees round 1's bids
    svc.submit(1, "alice", "bid:1")                      # she bids from another window...
    svc.submit(1, "bob", "bid:1")                        # ...and round 2 begins
    out.clear()
    assert not console.execute("do 2")                   # what she saw was round 1's list
    assert any("error [stale_version]" in line for line in out)
    assert _live_actions(svc, 1) == [("red", "bid:1"), ("blue", "bid:1")]
    run_lines(console, out, ["choices", "do 2"])         # listed again: round 2's list
    assert _live_actions(svc, 1)[-1] == ("red", "bid:2")


def test_console_repeated_order_is_answered_as_a_duplicate(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, clear=True)
    run_lines(console, out, ["as alice", "choices"])
    seen = dict(console.listed)                          # the list alice saw before her order...
    run_lines(console, out, ["do bid:2", "as bob", "do bid:1", "as alice"])
    console.listed.update(seen)
    out.clear()
    run_lines(console, out, ["do bid:2"])                # ...and the same order from it, sent again
    assert "already recorded" in out[0]
    assert _live_actions(svc, 1) == [("red", "bid:2"), ("blue", "bid:1")]


def test_an_order_from_an_old_screen_that_is_no_longer_legal_says_the_game_moved_on(service):
    """Not "not a legal action": the player chose it from a list that was right when shown."""
    import pytest
    from bot.service import StaleVersion
    game = started_game(service)
    seen = service.choices(game, "alice")[0].version
    service.submit(game, "alice", "bid:1", expected_version=seen)
    service.submit(game, "bob", "bid:1")
    with pytest.raises(StaleVersion, match="moved on since those choices were shown; look") as refused:
        service.submit(game, "alice", "bid:9", expected_version=seen)
    assert "version" not in str(refused.value)
    assert _live_actions(service, game) == [("red", "bid:1"), ("blue", "bid:1")]

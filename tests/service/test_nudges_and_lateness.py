"""Nudges and lateness (issue 32, item 2): a nudge reaches only the players the game waits for, once per
wait; moves after a reminder or a nudge, moves after the deadline and missed deadlines are recorded per
player, and only the game master reads the record."""

from datetime import timedelta

import pytest

from bot.service import BadState, Forbidden
from tests.service.conftest import dump, started_game


def private_to(svc, user, kind=None):
    rows = svc.db.execute("SELECT m.text, m.kind FROM outbox m WHERE m.private = 1 AND ((m.target_kind = 'user' AND "
                          "m.target = ?) OR (m.target_kind = 'role' AND m.target IN (SELECT je.value FROM seats s, "
                          "json_each(s.roles) je WHERE s.game_id = m.game_id AND s.user_id = ?)))", [user, user])
    return [t for t, k in rows if kind is None or k == kind]


def test_a_nudge_reaches_only_those_waited_for_and_only_once_per_wait(service, frozen):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    frozen.tick(timedelta(hours=5))
    assert service.nudge(game, "alice") == ["Bob"]
    (text,) = private_to(service, "bob", "nudge")
    assert "Alice nudges you" in text and "Blue" in text and "for 5h." in text
    assert private_to(service, "alice", "nudge") == []
    before = dump(service)
    with pytest.raises(BadState, match="already nudged for this step"):
        service.nudge(game, "alice")                      # nudging twice
    with pytest.raises(BadState, match="waiting only for you"):
        service.nudge(game, "bob")
    with pytest.raises(Forbidden, match="Only the players and the game master"):
        service.nudge(game, "mallory")
    assert dump(service) == before
    service.submit(game, "bob", "bid:1")                  # a new round: a new wait, a nudge may go again
    assert service.nudge(game, "bob") == ["Alice"]


def test_a_player_on_vacation_is_not_nudged(service, frozen):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    service.set_vacation("bob", frozen.time_to_freeze.timestamp() + 3 * 86400)
    with pytest.raises(BadState, match="on vacation"):
        service.nudge(game, "alice")


def test_lateness_is_recorded_per_player_and_read_by_the_game_master_only(service, frozen):
    game = started_game(service)                          # two-day deadlines, reminders before them
    service.submit(game, "alice", "bid:2")
    service.nudge(game, "alice")
    service.submit(game, "bob", "bid:1")                  # bob moves after a nudge
    service.submit(game, "bob", "bid:1")
    frozen.tick(timedelta(days=2, hours=1))
    service.tick()                                        # alice misses her deadline (the game waits)
    service.submit(game, "alice", "bid:3")                # and moves after it
    record = {r.user_name: r for r in service.lateness(game, "alice")}
    assert (record["Bob"].after_reminder, record["Bob"].nudged, record["Bob"].missed) == (1, 1, 0)
    assert (record["Alice"].missed, record["Alice"].after_deadline, record["Alice"].after_reminder) == (1, 1, 0)
    assert record["Alice"].roles == ("Red",)
    with pytest.raises(Forbidden, match="game master"):
        service.lateness(game, "bob")

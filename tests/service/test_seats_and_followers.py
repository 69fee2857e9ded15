"""Seats change hands only with consent (swap requests), a replacement never gives a player a second
seat, spectators follow a game by direct message, and messages to a role reach whoever holds it when
they are delivered."""

import sqlite3

import pytest

from bot.service import BadOption, BadState, NotFound
from tests.service.conftest import dump, started_game


def open_game(svc, players=("alice", "bob")):
    game = svc.create_game("duel", channel="chan", creator_id="alice", creator_name="Alice").game_id
    for p in players:
        svc.join(game, p, p.title())
    return game


def pending(svc, **match):
    return [m for m in svc.outbox.pending(5000) if all(getattr(m, k) == v for k, v in match.items())]


# ---- swapping seats --------------------------------------------------------------------------------


# ---- replacing players -----------------------------------------------------------------------------


# ---- following a game --------------------------------------------------------------------------------


# ---- messages to a role --------------------------------------------------------------------------------

def test_a_message_to_a_role_goes_to_whoever_holds_it_when_delivered(service):
    game = started_game(service)
    note = service.send(game, "A private word for Blue", role="blue")
    assert service.outbox.get(note).target == "bob"
    raw = service.db.execute("SELECT target_kind, target FROM outbox WHERE id = ?", [note]).fetchone()
    assert raw == ("role", "blue")
    service.replace_seat(game, "alice", "blue", "carol", "Carol")
    for_blue = [m for m in service.outbox.pending(5000) if m.role == "blue"]
    assert {m.target for m in for_blue} == {"carol"} and all(m.target_kind == "user" for m in for_blue)
    assert len([m for m in for_blue if m.kind == "your_move"]) == 1   # the waiting one, not a second
    assert not [m for m in service.outbox.pending(5000) if m.target == "bob" and m.role == "blue"]
    for m in service.outbox.pending(5000):
        service.outbox.mark_delivered(m.id)
    service.replace_seat(game, "alice", "blue", "dave")
    (move,) = pending(service, kind="your_move")
    assert move.target == "dave"


def test_a_role_message_is_never_public_and_needs_its_game(service):
    game = started_game(service)
    with pytest.raises(ValueError):
        service.outbox.add(kind="notice", text="x", role="blue", to_role=True, channel="chan")
    with pytest.raises(ValueError):
        service.outbox.add(kind="notice", text="x", role="blue", to_role=True)
    with pytest.raises(sqlite3.IntegrityError):
        service.db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, "
                           "created_at, next_attempt_at) VALUES ('x','notice','role','blue',1,'x',0,0)")
    with pytest.raises(NotFound, match="no role 'green'"):
        service.send(game, "x", role="green")


def test_a_role_nobody_holds_gives_the_message_up(service):
    game = started_game(service)
    service.outbox.add(kind="notice", text="to nobody", game_id=game, role="purple", to_role=True, private=True)
    assert not [m for m in service.outbox.pending(5000) if m.text == "to nobody"]
    assert service.outbox.stats()["dead"] == 1


def test_the_pending_query_uses_the_destination_index(service):
    plan = " ".join(str(r) for r in service.db.execute(
        "EXPLAIN QUERY PLAN SELECT 1 FROM outbox AS e WHERE e.target_kind = 'user' AND e.target = 'x' "
        "AND e.id < 5 AND e.delivered_at IS NULL AND e.dead = 0 AND e.next_attempt_at > 0"))
    assert "outbox_destination" in plan


def test_a_failed_role_message_holds_back_later_ones_to_that_role_only(service, frozen):
    game = started_game(service)
    for m in service.outbox.pending(5000):
        service.outbox.mark_delivered(m.id)
    first = service.send(game, "one", role="blue")
    service.send(game, "two", role="blue")
    service.send(game, "for red", role="red")
    service.outbox.mark_failed(first, "DMs closed")
    assert [m.text for m in service.outbox.pending(5000)] == ["for red"]

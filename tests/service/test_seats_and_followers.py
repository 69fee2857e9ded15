"""Seats change hands only with consent (swap requests), a replacement never gives a player a second
seat, spectators follow a game by direct message, and messages to a role reach whoever holds it when
they are delivered."""

import sqlite3

import pytest

from bot.service import BadState, NotFound
from tests.service.conftest import dump, started_game


def open_game(svc, players=("alice", "bob")):
    game = svc.create_game("duel", channel="chan", creator_id="alice", creator_name="Alice").game_id
    for p in players:
        svc.join(game, p, p.title())
    return game


def pending(svc, **match):
    return [m for m in svc.outbox.pending(5000) if all(getattr(m, k) == v for k, v in match.items())]


# ---- swapping seats --------------------------------------------------------------------------------

def test_swapping_into_an_occupied_seat_waits_for_its_player(service):
    game = open_game(service)
    asked = service.swap(game, "bob", "red")
    assert asked.user_id == "alice" and asked.swap_requests == ("bob",)
    assert service.status(game).seats[0].swap_requests == ("bob",)
    assert [s.user_id for s in service.status(game).seats] == ["alice", "bob"]   # nobody moved
    told = pending(service, kind="notice", target="alice")
    assert told and told[-1].private and "swap to seat 2 (or accept)" in told[-1].text
    with pytest.raises(BadState, match="already asked"):
        service.swap(game, "bob", "red")
    seat = service.accept_swap(game, "alice")
    assert seat.user_id == "alice" and seat.roles == ("blue",)
    assert [s.user_id for s in service.status(game).seats] == ["bob", "alice"]
    assert any("exchange seats" in m.text for m in pending(service, target="chan"))


def test_a_swap_request_can_be_declined_or_withdrawn_and_ends_at_the_start(service):
    game = open_game(service)
    service.swap(game, "bob", "red")
    before = dump(service)
    with pytest.raises(NotFound, match="carol did not ask"):
        service.accept_swap(game, "alice", "carol")
    assert dump(service) == before
    service.decline_swap(game, "alice")
    assert service.status(game).seats[0].swap_requests == ()
    with pytest.raises(NotFound, match="Nobody asked"):
        service.accept_swap(game, "alice")
    service.swap(game, "bob", "red")
    service.decline_swap(game, "bob")                 # none waiting for bob: withdraws his own request
    assert service.status(game).seats[0].swap_requests == ()
    service.swap(game, "bob", "red")
    service.start(game, "alice")
    assert all(s.swap_requests == () for s in service.status(game).seats)
    with pytest.raises(BadState):
        service.accept_swap(game, "alice")


def test_leaving_drops_a_request_and_accept_takes_a_name(service):
    game = open_game(service)
    service.swap(game, "bob", "red")
    service.leave(game, "bob")                         # leaving drops the request
    assert service.status(game).seats[0].swap_requests == ()
    service.join(game, "bob", "Bob")
    service.swap(game, "bob", 1)
    assert service.accept_swap(game, "alice", "Bob").roles == ("blue",)


# ---- replacing players -----------------------------------------------------------------------------

def test_replace_refuses_a_user_who_already_holds_a_seat(service):
    game = started_game(service)
    before = dump(service)
    with pytest.raises(BadState, match="already plays seat 1 .*cannot take a second seat"):
        service.replace_seat(game, "alice", "blue", "alice")
    with pytest.raises(BadState, match="Bob already plays seat 2"):
        service.replace_seat(game, "alice", "blue", "bob")
    assert dump(service) == before
    service.spectate(game, "carol", "Carol")
    service.replace_seat(game, "alice", "Blue", "carol")   # a role name works too
    assert service.status(game).seats[1].user_id == "carol"
    assert service.spectators(game) == []                  # she plays now


# ---- following a game --------------------------------------------------------------------------------

def test_following_a_game_sends_the_public_turn_and_map_by_direct_message(service):
    game = started_game(service)
    service.spectate(game, "sam", "Sam")
    with pytest.raises(BadState, match="already follow"):
        service.spectate(game, "sam")
    with pytest.raises(BadState, match="already play"):
        service.spectate(game, "alice")
    service.submit(game, "alice", "bid:3")
    assert pending(service, kind="follow") == []           # no new turn yet
    service.submit(game, "bob", "bid:1")
    (sent,) = pending(service, kind="follow")
    assert sent.target_kind == "user" and sent.target == "sam"
    assert "Round 1 is over" in sent.text and "red bid 3, blue bid 1" in sent.text and "Now Round 2" in sent.text
    assert "You bid" not in sent.text                       # public lines only
    assert sent.image is not None and sent.image.role is None and sent.image.picture == "map"
    service.concede(game, "bob")      # (alice, the game master, plays red: she may not declare red the winner)
    ended = pending(service, kind="follow")[-1]
    assert "which you follow: it is over: Blue conceded. Winner: Red." in ended.text and ended.target == "sam"


def test_followers_hear_how_a_game_ends(service):
    game = service.create_game("duel", channel="chan", creator_id="alice").game_id
    service.spectate(game, "sam")                          # before the start is fine
    service.join(game, "alice")
    service.join(game, "bob")
    service.start(game, "alice")
    assert "which you follow: it begins: alice (Red), bob (Blue). Round 1." in pending(service, kind="follow")[0].text
    while service.status(game).status == "active":
        service.submit(game, "alice", "bid:3")
        service.submit(game, "bob", "bid:1")
    last = pending(service, kind="follow")[-1]
    assert "The game is over. Winner: Red" in last.text and last.image.role is None
    assert "Game #1 (Duel)" in last.text and last.text.count("Game #1") == 1


def test_unfollowing_and_listing_followers(service):
    game = started_game(service)
    service.spectate(game, "sam")
    service.spectate(game, "tia")
    assert service.spectators(game) == ["sam", "tia"]
    service.unspectate(game, "sam")
    assert service.spectators(game) == ["tia"]
    with pytest.raises(NotFound, match="do not follow"):
        service.unspectate(game, "sam")
    service.submit(game, "alice", "bid:3")
    service.submit(game, "bob", "bid:1")
    assert [m.target for m in pending(service, kind="follow")] == ["tia"]
    service.abort(game, "alice")
    with pytest.raises(BadState, match="nothing left to follow"):
        service.spectate(game, "sam")


# ---- messages to a role --------------------------------------------------------------------------------

def test_a_message_to_a_role_goes_to_whoever_holds_it_when_delivered(service):
    game = started_game(service)
    note = service.send(game, "A private word for Blue", role="blue")
    assert service.outbox.get(note).target == "bob"
    raw = service.db.execute("SELECT target_kind, target FROM outbox WHERE id = ?", [note]).fetchone()
    assert raw == ("role", "blue")
    service.replace_seat(game, "alice", "blue", "carol", "Carol")
    # (channel "waiting" lines carry the roles they are about in ``role`` too; they are not addressed to it)
    for_blue = [m for m in service.outbox.pending(5000) if m.role == "blue" and m.kind != "waiting"]
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
        "EXPLAIN QUERY PLAN SELECT 1 FROM outbox AS e INDEXED BY outbox_hold WHERE e.destination = 'user:x' "
        "AND e.id < 5 AND e.delivered_at IS NULL AND e.dead = 0 AND e.next_attempt_at > 0"))
    assert "outbox_hold" in plan  # since v7 (issue 12): one destination text, the game part of a role's


def test_a_failed_role_message_holds_back_later_ones_to_that_role_only(service, frozen):
    game = started_game(service)
    for m in service.outbox.pending(5000):
        service.outbox.mark_delivered(m.id)
    first = service.send(game, "one", role="blue")
    service.send(game, "two", role="blue")
    service.send(game, "for red", role="red")
    service.outbox.mark_failed(first, "DMs closed")
    assert [m.text for m in service.outbox.pending(5000)] == ["for red"]

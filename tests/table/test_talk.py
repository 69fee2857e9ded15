"""Negotiation side channels at the service (issue 11 item 4), with Four Harbours §2.5 (talk while bidding)."""

import pytest

from bot.service import BadState
from tests.table.conftest import bid_all, harbours_game


def _talk_messages(service):
    return [(m["kind"], m["role"]) for m in service.db.query(
        "SELECT kind, role FROM outbox WHERE kind LIKE 'talk_%' ORDER BY id")]


def test_talk_opens_with_the_bidding_resyncs_on_a_new_player_and_closes_at_the_reveal(service):
    game = harbours_game(service, players=3)                      # ann: north+south, ben: east, cat: west
    assert _talk_messages(service) == [("talk_open", "north,east,south,west")]
    assert service.talks(game) == [(("north", "east", "south", "west"), ("ann", "ben", "cat"))]
    service.replace_seat(game, "ann", "east", "eve", "Eve")
    assert _talk_messages(service)[-1] == ("talk_sync", "north,east,south,west")
    assert service.talk_members(game, ("north", "east", "south", "west")) == ["ann", "eve", "cat"]
    bid_all(service, game)
    assert _talk_messages(service)[-1] == ("talk_close", "north,east,south,west")
    assert service.talks(game) == []
    # every message about talk goes to the game's channel, none of them private, none naming a card
    assert all(not m["private"] for m in service.db.query("SELECT private FROM outbox WHERE kind LIKE 'talk_%'"))


def test_the_local_chat_reaches_the_other_members_privately(service):
    game = harbours_game(service, players=3)
    sent_to = service.say_in_talk(game, "ann", "Shall we both bid low?")
    assert sent_to == ["ben", "cat"]
    lines = list(service.db.query("SELECT target, private, text FROM outbox WHERE kind = 'talk'"))
    assert {l["target"] for l in lines} == {"ben", "cat"} and all(l["private"] for l in lines)
    assert "Ann (North/South): Shall we both bid low?" in lines[0]["text"]
    bid_all(service, game)
    with pytest.raises(BadState, match="No private talk"):
        service.say_in_talk(game, "ann", "too late")


def test_undo_reopens_the_talk_it_closed_only_when_the_segment_comes_back(service):
    game = harbours_game(service)
    for role, user in (("north", "ann"), ("east", "ben"), ("south", "cat")):
        service.submit(game, user, service.choices(game, user)[0].actions[0].id)
    service.undo(game, "ben")
    assert [k for k, _ in _talk_messages(service)] == ["talk_open"]   # still bidding: nothing to say

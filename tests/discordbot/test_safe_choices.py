"""Safe choices: ending or aborting a game first says what it would do; a game master who plays cannot
name their own side the winner (the other player concedes instead)."""

from __future__ import annotations


def test_end_and_abort_need_confirm(table):
    t = table
    t.start_game()
    for path, params in (("admin abort", {}), ("game abort", {}), ("admin end", {"winner": "blue"}),
                         ("game concede", {})):
        reply = t.cmd(path, t.alice, **params).recorded[-1]
        assert "Nothing is changed yet" in reply.content and "confirm:True" in reply.content, path
        assert t.service.status(1).status == "active"
    assert t.client.all_answered_once() == []


def test_a_playing_game_master_cannot_crown_their_own_side_but_the_other_may_concede(table):
    t = table
    t.start_game()                                   # alice: game master, plays red
    refused = t.cmd("admin end", t.alice, winner="red", confirm=True).recorded[-1]
    assert "cannot declare your own side the winner" in refused.content
    assert t.service.status(1).status == "active"
    t.cmd("game concede", t.bob, confirm=True)
    status = t.service.status(1)
    assert status.status == "finished" and status.result.winners == ("red",)
    t.deliver()
    assert any("Blue conceded" in s.text() for s in t.client.recorder.public())


def test_someone_without_a_seat_is_told_there_is_nothing_to_concede_even_before_confirming(table):
    t = table
    t.start_game()
    reply = t.cmd("game concede", t.carol).recorded[-1]
    assert "You hold no seat in game #1, so there is nothing to concede." in reply.content
    assert "confirm:True" not in reply.content and t.service.status(1).status == "active"

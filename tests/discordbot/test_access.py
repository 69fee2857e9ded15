"""Who may reach a game by its number: only from its own server, only someone who can see its channel
(players and the game master always), and in DMs only its players and game master. /map posts only in the
game's own server. /game follow and /game unfollow."""

from __future__ import annotations

import pytest

from tests.discordbot.fakes import FakeGuild

READERS = ["game status", "log", "game history", "deadline", "game join", "game follow", "play", "hand", "view"]


def _started(t):
    t.start_game()
    t.deliver()


@pytest.mark.parametrize("path", READERS + ["map"])
def test_another_servers_game_cannot_be_named(table, path):
    t = table
    _started(t)
    other = t.client.add_channel("elsewhere", guild=FakeGuild(2, "Other"))
    eve = t.client.add_user("eve")
    before = len(t.client.recorder.public())
    for who in (eve, t.bob):  # a stranger, and even a player: a game is named only in its own server
        inter = t.cmd(path, who, channel=other, game="1")
        text = "\n".join(s.text() for s in inter.recorded)
        assert "no game #1 in this server" in text, text
        assert all(s.where == "ephemeral" for s in inter.recorded)
        assert "Red" not in text and "Bob" not in text and "Round" not in text  # nothing about the game leaks
    assert len(t.client.recorder.public()) == before
    assert t.client.all_answered_once() == []


@pytest.mark.parametrize("path", READERS + ["map"])
def test_a_channel_you_cannot_see_hides_its_game(table, path):
    t = table
    _started(t)
    lobby = t.client.add_channel("lobby")
    eve = t.client.add_user("eve")
    t.channel.hidden_from.add(eve.id)
    inter = t.cmd(path, eve, channel=lobby, game="1")
    assert "no game #1 that you can see" in inter.recorded[-1].text()
    assert all(s.where == "ephemeral" for s in inter.recorded)
    # the players see it from another channel of the same server
    if path in ("game status", "log", "deadline"):
        ok = t.cmd(path, t.bob, channel=lobby, game="1")
        assert "Game #1" in ok.recorded[-1].text() or "game #1" in ok.recorded[-1].text()
    assert t.client.all_answered_once() == []


def test_in_dms_only_your_own_games(table):
    t = table
    _started(t)
    eve = t.client.add_user("eve")
    refused = t.cmd("game status", eve, channel=None, game="1")
    assert "only your own games" in refused.recorded[-1].content and refused.recorded[-1].target == eve.id
    refused = t.cmd("log", eve, channel=None, game="1")
    assert "only your own games" in refused.recorded[-1].content
    mine = t.cmd("game status", t.bob, channel=None, game="1")
    assert mine.recorded[-1].embeds
    master = t.cmd("log", t.alice, channel=None, game="#1")
    assert "Game #1 log" in master.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_map_of_your_game_is_not_posted_in_another_server(table):
    t = table
    _started(t)
    other = t.client.add_channel("elsewhere", guild=FakeGuild(2, "Other"))
    before = len(t.client.recorder.public())
    inter = t.cmd("map", t.bob, channel=other)  # bob's only game, found without naming it
    assert "another server" in inter.recorded[-1].content and inter.recorded[-1].where == "ephemeral"
    assert len(t.client.recorder.public()) == before
    # the same player in a DM gets the public map there, and in the game's own channel it is posted
    assert t.cmd("map", t.bob, channel=None).recorded[-1].where == "dm"
    assert t.cmd("map", t.bob).recorded[-1].where == "channel"
    assert t.client.all_answered_once() == []


def test_follow_and_unfollow(table):
    t = table
    _started(t)
    eve = t.client.add_user("eve")
    followed = t.cmd("game follow", eve)
    assert "You follow game #1" in followed.recorded[-1].content
    assert str(eve.id) in t.service.spectators(1)
    player = t.cmd("game follow", t.bob)
    assert "you follow it already" in player.recorded[-1].content
    unfollowed = t.cmd("game unfollow", eve)
    if hasattr(t.service, "unspectate"):
        assert "no longer follow" in unfollowed.recorded[-1].content
        assert str(eve.id) not in t.service.spectators(1)
    else:  # this service has no unspectate yet: a clear refusal, nothing breaks
        assert "cannot stop following" in unfollowed.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_unfollow_calls_the_service_when_it_can(table):
    t = table
    _started(t)
    eve = t.client.add_user("eve")
    calls = []
    t.service.unspectate = lambda game_id, user_id: calls.append((game_id, user_id))
    t.cmd("game follow", eve)
    done = t.cmd("game unfollow", eve)
    assert calls == [(1, str(eve.id))] and "no longer follow" in done.recorded[-1].content


def test_game_suggestions_leave_out_other_servers(table):
    t = table
    _started(t)
    other = t.client.add_channel("elsewhere", guild=FakeGuild(2, "Other"))
    t.cmd("game new", t.bob, channel=other, game="duel", role="red")
    here = [c.value for c in t.ac("autocomplete_game", t.bob, "")]
    assert here == ["1"]
    interaction_there = t.client.interactions[-1]
    assert interaction_there.autocomplete_choices

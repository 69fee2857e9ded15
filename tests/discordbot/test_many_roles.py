"""Several roles per player, quiet reaction windows and negotiation threads on a fake Discord (issue 11
items 2–4), with Four Harbours (tests/support/harbours.py): 3 players for 4 harbours, alice holding two."""

import inspect

import discord
import pytest

from tests.discordbot import fakes
from tests.discordbot.test_signatures import _real

from tests.discordbot.conftest import make_table
from tests.support.harbours import ENGINE as HARBOURS

ROLES = ("north", "east", "south", "west")


@pytest.fixture
def t(tmp_path, frozen):
    table = make_table(tmp_path, engines={"harbours": HARBOURS})
    yield table
    table.service.close()


def _start(t):
    t.cmd("game new", t.alice, game="harbours", players=3, seating="north-south", role="north")
    t.cmd("game join", t.bob, role="east")
    t.cmd("game join", t.carol, role="west")
    t.cmd("game start", t.alice)
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    return game


def _holder(t, game, role):
    return next(s.user_id for s in t.service.status(game).seats if role in s.roles)


def _bid(t, game, role):
    user = _holder(t, game, role)
    action = next(rc for rc in t.service.choices(game, user) if rc.role == role).actions[0].id
    t.service.submit(game, user, action, role=role)


def test_a_three_player_game_seats_alice_on_two_roles_and_shows_her_both(t):
    game = _start(t)
    seats = t.service.status(game).seats
    assert [s.roles for s in seats] == [("north", "south"), ("east",), ("west",)]
    assert seats[0].user_id == str(t.alice.id)
    t.deliver()
    # one "your move" DM for both of alice's bids
    moves = [s for s in t.client.recorder.to_user(t.alice.id) if "Your move" in (s.content or "")]
    assert len(moves) == 1 and "for 2 of your roles" in moves[0].content
    assert "South: use `/play` for those choices" in moves[0].content      # the buttons are North's
    t.client.recorder.clear()
    t.cmd("play", t.alice)
    assert len(t.client.recorder.to_user(t.alice.id)) == 2           # a choices message per role
    t.client.recorder.clear()
    t.cmd("hand", t.alice)
    shown = t.client.recorder.to_user(t.alice.id)[-1].text()
    assert "North + South" in shown and "hand:north" in shown and "hand:south" in shown
    north = t.service._state(t.service._game(game))["zones"]["hand:north"]
    assert all(card in shown for card in north)
    t.cmd("hand", t.bob)
    assert not any(card in t.client.recorder.to_user(t.bob.id)[-1].text() for card in north)


def test_game_new_refuses_an_unknown_seating_and_a_bad_player_count(t):
    t.cmd("game new", t.alice, game="harbours", players=3, seating="nowhere")
    assert "No seating 'nowhere'" in t.client.recorder.to_user(t.alice.id)[-1].text()
    t.cmd("game new", t.alice, game="harbours", players=7)
    assert "not 7" in t.client.recorder.to_user(t.alice.id)[-1].text()
    assert t.service.games_in_channel(str(t.channel.id)) == []
    choices = t.ac("autocomplete_seating", t.alice, "", game="harbours", players=3)
    assert [c.value for c in choices] == ["north-south", "east-west"]


def test_a_private_thread_opens_with_exactly_the_players_resyncs_after_replace_seat_and_locks(t):
    fakes.CALLS.clear()
    game = _start(t)
    t.deliver()
    threads = [th for th in t.channel.threads if th.type == discord.ChannelType.private_thread]
    assert len(threads) == 1
    thread = threads[0]
    assert thread.parent is t.channel and thread.invitable is False
    assert thread.members == {999, t.alice.id, t.bob.id, t.carol.id}
    assert t.service.talk_channel(game, ROLES, "discord") == str(thread.id)
    # nothing about the talk is posted in the game's channel; the thread itself got a first line
    assert not any("talk" in s.text() for s in t.client.recorder.public() if s.target == t.channel.id)
    assert any(s.target == thread.id for s in t.client.recorder.public())
    # bob's seat goes to dave: dave is added, bob removed
    dave = t.client.add_user("dave")
    t.cmd("admin replace-seat", t.alice, role="east", user=dave)
    t.deliver()
    assert thread.members == {999, t.alice.id, dave.id, t.carol.id}
    assert not thread.locked
    # the bids end the talk: the thread is locked and archived
    for role in ROLES:
        _bid(t, game, role)
    t.deliver()
    assert thread.locked and thread.archived
    assert len([th for th in t.channel.threads if th.type == discord.ChannelType.private_thread]) == 1
    # the fakes' thread calls bind to the real discord.py signatures
    used = set()
    for path, args, kwargs in fakes.CALLS:
        inspect.signature(_real(path)).bind(object(), *args, **kwargs)
        used.add(path)
    assert {"discord.TextChannel.create_thread", "discord.Thread.add_user", "discord.Thread.remove_user",
            "discord.Thread.fetch_members", "discord.Thread.edit"} <= used


def test_a_reaction_window_is_one_dm_per_player_and_never_a_channel_mention(t):
    game = _start(t)
    for role in ROLES:
        _bid(t, game, role)
    t.deliver()
    t.client.recorder.clear()
    mover = t.service.status(game).waiting[0].role
    raider = _holder(t, game, mover)
    target = next(r for r in ROLES if _holder(t, game, r) != raider)
    t.service.submit(game, raider, f"raid:{target}", role=mover)
    t.deliver()
    public = [s for s in t.client.recorder.public() if s.target == t.channel.id]
    assert public and all(not s.pinged() for s in public)
    assert not any("Now:" in s.text() for s in public)
    for user in (t.alice, t.bob, t.carol):
        if str(user.id) == raider and mover in ("east", "west"):
            continue   # a player whose only harbour is raiding is not asked
        dms = [s for s in t.client.recorder.to_user(user.id) if "Your move" in (s.content or "")]
        assert len(dms) == 1, (user.name, [s.content for s in dms])


def test_the_prompt_brings_the_pictures_the_manifest_names(t):
    import render
    from render import api
    from tests.support import harbours_pictures

    render.register("harbours", harbours_pictures)
    try:
        game = _start(t)
        for role in ROLES:
            _bid(t, game, role)
        t.deliver()
        t.client.recorder.clear()
        mover = t.service.status(game).waiting[0].role
        raider = _holder(t, game, mover)
        target = next(r for r in ROLES if _holder(t, game, r) != raider)
        t.service.submit(game, raider, f"raid:{target}", role=mover)
        t.deliver()
        dms = [s for s in t.client.recorder.private() if "Your move" in (s.content or "")]
        assert dms
        for dm in dms:   # the main picture, the raid the decision is about, the hand every prompt brings
            assert [f.filename for f in dm.files] == ["raid.png", "my-map.png", "my-hand.png"]
        post = [s for s in t.client.recorder.public() if "raids" in (s.content or "")]
        assert post and len(post[0].files) == 1
        t.client.recorder.clear()
        choices = t.ac("autocomplete_picture", t.alice, "", game=str(game))
        assert [c.value for c in choices if ":" not in c.value] == ["table", "raid", "hand"]
        assert "table:east" in [c.value for c in choices]          # and each choice of a parameter
    finally:
        api._REGISTERED.pop("harbours", None)


def test_two_players_of_two_roles_each_share_a_thread_that_follows_a_two_role_seat(t):
    t.cmd("game new", t.alice, game="harbours", players=2, seating="across", role="north")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    assert [s.roles for s in t.service.status(game).seats] == [("north", "south"), ("east", "west")]
    t.deliver()
    thread = next(th for th in t.channel.threads if th.type == discord.ChannelType.private_thread)
    assert thread.members == {999, t.alice.id, t.bob.id}
    dave = t.client.add_user("dave")
    t.cmd("admin replace-seat", t.alice, role="west", user=dave)     # bob's seat: east and west
    t.deliver()
    assert thread.members == {999, t.alice.id, dave.id}
    dms = [s for s in t.client.recorder.to_user(dave.id) if "Your move" in (s.content or "")]
    assert len(dms) == 1 and "for 2 of your roles" in dms[0].content


def test_a_game_in_a_thread_opens_its_talk_in_the_threads_channel(t):
    t.cmd("game new", t.alice, game="harbours", players=2, seating="across", role="north", thread=True)
    game_thread = t.channel.threads[0]
    t.cmd("game join", t.bob, channel=game_thread)
    t.cmd("game start", t.alice, channel=game_thread)
    t.deliver()
    private = [th for th in t.channel.threads if th.type == discord.ChannelType.private_thread]
    assert len(private) == 1 and private[0].parent is t.channel
    assert private[0].members == {999, t.alice.id, t.bob.id}
    assert game_thread.threads == []

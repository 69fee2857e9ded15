"""The Discord layer following the table service's recent changes: swap requests, followers' messages,
committed secret choices, stopped clocks, targets that are not Discord's, and the service additions the
layer uses (user flags, roles on "waiting" messages, named game-master actions, setup checks, guilds)."""

from __future__ import annotations



def _status_text(t, who) -> str:
    shown = t.cmd("game status", who)
    return "\n".join(s.text() for s in shown.recorded)


def test_swap_into_a_taken_seat_is_a_request_answered_with_accept_or_decline(table):
    t = table
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    asked = t.cmd("game swap", t.bob, role="red")
    assert "asked Alice to exchange seats" in asked.recorded[-1].content
    assert "You now sit" not in asked.recorded[-1].content
    assert t.service.status(1).seats[0].user_id == str(t.alice.id)
    # /game status shows the waiting request
    text = _status_text(t, t.carol)
    assert "Swap requests" in text and f"<@{t.bob.id}> asks <@{t.alice.id}> for seat 1" in text
    # alice declines: bob is told privately, nothing moves
    t.client.recorder.clear()
    declined = t.cmd("game decline-swap", t.alice)
    assert "Declined" in declined.recorded[-1].content
    t.deliver()
    assert any("declined to exchange seats with you" in s.text() for s in t.client.recorder.to_user(t.bob.id)
               if s.where == "dm")
    assert t.service.status(1).seats[0].swap_requests == ()
    # asked again, then accepted (naming the requester): they exchange, and bob is told
    t.cmd("game swap", t.bob, role="red")
    t.client.recorder.clear()
    accepted = t.cmd("game accept-swap", t.alice, requester=t.bob)
    assert "You now sit at seat 2 (Blue)" in accepted.recorded[-1].content
    t.deliver()
    assert any("accepted: you now sit at seat 1 (Red)" in s.text() for s in t.client.recorder.to_user(t.bob.id)
               if s.where == "dm")
    seats = t.service.status(1).seats
    assert seats[0].user_id == str(t.bob.id) and seats[1].user_id == str(t.alice.id)
    # a request can be withdrawn by its author; the other player is told
    t.cmd("game swap", t.alice, role="red")
    t.client.recorder.clear()
    withdrawn = t.cmd("game decline-swap", t.alice)
    assert "withdrawn" in withdrawn.recorded[-1].content
    t.deliver()
    assert any("withdrew their request" in s.text() for s in t.client.recorder.to_user(t.bob.id) if s.where == "dm")
    nothing = t.cmd("game accept-swap", t.bob)
    assert "Nobody asked" in nothing.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_followers_get_the_public_map_by_dm_and_can_unfollow(table, monkeypatch):
    import bot.service

    t = table
    drawn = []

    def draw(game, view, picture):
        drawn.append(view.get("my_bid", "absent"))
        return b"\x89PNG public"
    monkeypatch.setattr(bot.service, "_draw", draw)
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    follow = t.cmd("game follow", t.carol)
    assert "You follow game #1" in follow.recorded[-1].content
    t.client.recorder.clear()
    t.cmd("game start", t.alice)
    t.deliver()
    dms = [s for s in t.client.recorder.to_user(t.carol.id) if s.where == "dm"]
    begins = [s for s in dms if "it begins" in s.text()]
    assert len(begins) == 1 and begins[0].file_bytes() == [b"\x89PNG public"]
    assert begins[0].files[0].filename == "map.png"
    assert None in drawn  # the public view (no role): a follower never sees a player's bid
    stop = t.cmd("game unfollow", t.carol)
    assert "no longer follow game #1" in stop.recorded[-1].content
    assert t.service.spectators(1) == []
    again = t.cmd("game unfollow", t.carol)
    assert "do not follow" in again.recorded[-1].content


def test_waiting_line_leaves_out_committed_choices_and_a_stopped_clock_shows(table):
    from types import SimpleNamespace

    from bot.service import RoleChoices, Waiting
    from rules.core import Action

    t = table
    red = Waiting("red", "Red", "111", "Alice", "secret", 2_000_000_000.0, False, committed=True)
    blue = Waiting("blue", "Blue", "222", "Bob", "secret", 2_000_000_000.0, False)
    status = SimpleNamespace(status="active", waiting=(red, blue), game_id=1, title="Duel", turn_label="Round 1",
                             seats=())
    line = t.layer.waiting_line(status)
    assert "<@222>" in line and "<@111>" not in line and "Red has chosen" in line
    status.waiting = (red,)
    assert t.layer.waiting_line(status) == ""  # nobody is waited for
    paused = Waiting("blue", "Blue", "222", "Bob", "secret", 2_000_000_000.0, True)
    status.waiting = (paused,)
    assert "clock stopped" in t.layer.waiting_line(status) and "<t:" not in t.layer.waiting_line(status)
    rc = RoleChoices("blue", "Blue", "Choose your secret bid.", "secret", (Action("bid:1", "Bid 1", "Bids"),),
                     2_000_000_000.0, 3, paused=True)
    text, _ = t.layer.choices_message(status, rc)
    assert "clock stopped" in text and "<t:2000000000" not in text
    running = RoleChoices("blue", "Blue", "x", "secret", rc.actions, 2_000_000_000.0, 3)
    text, _ = t.layer.choices_message(status, running)
    assert "<t:2000000000" in text and "clock stopped" not in text


def test_targets_that_are_not_discord_ids_are_given_up_not_retried(table):
    t = table
    console = t.service.create_game("duel", channel="local", creator_id="local:alice", creator_name="Alice")
    t.service.send(console.game_id, "a private word", user="local:bob")
    t.cmd("game new", t.alice, game="duel", role="red")  # a real game alongside: still delivered
    t.deliver()
    rows = {r["target"]: r for r in t.service.db.query(
        "SELECT target, delivered_at, dead, last_error FROM outbox WHERE game_id = ?", [console.game_id])}
    for target in ("local", "local:bob"):
        assert rows[target]["dead"] == 1 and rows[target]["delivered_at"] is None
        assert "not a Discord" in rows[target]["last_error"]
    assert t.service.outbox.stats()["waiting"] == 0
    assert any("opened game #2" in s.text() for s in t.client.recorder.public())
    t.deliver()  # nothing comes back for another try
    assert t.service.outbox.pending(100) == []


def test_a_default_played_at_the_deadline_is_named_to_its_player_alone(table, frozen):
    import datetime as dt

    t = table
    game = t.service.create_game("duel", channel=str(t.channel.id), creator_id=str(t.alice.id),
                                 creator_name="Alice", deadlines={"policy": "default"})
    t.cmd("game join", t.alice, role="red")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    t.deliver()
    t.client.recorder.clear()
    frozen.tick(dt.timedelta(days=3))
    t.run(t.layer.tick())
    t.deliver()
    public = "\n".join(s.text() for s in t.client.recorder.public())
    assert "the default was taken for them" in public
    assert "'Bid 1'" not in public and "played for you" not in public  # the public note names no action
    for user in (t.alice, t.bob):
        dms = "\n".join(s.text() for s in t.client.recorder.to_user(user.id) if s.where == "dm")
        assert f"Game #{game.game_id}: Your deadline passed: 'Bid 1' was played for you." in dms
    assert t.client.all_answered_once() == []


def _restart(t):
    """A new Layer over the same database, as after a restart of the bot."""
    from bot.discordbot.layer import Layer
    from bot.discordbot.settings import DiscordSettings

    t.layer = Layer(t.service, t.client, DiscordSettings(delivery_batch=100))
    t.client.herald = t.layer
    from bot.discordbot.commands import build_tree
    import discord
    t.tree = build_tree(discord.Client(intents=discord.Intents.default()), t.layer)


def test_the_closed_dms_hint_and_delivery_warnings_are_not_repeated_after_a_restart(tmp_path, frozen):
    from bot.discordbot.replies import DM_HELP
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path, bob_dms=False)
    t.start_game()
    first = t.cmd("game status", t.bob)
    assert any(DM_HELP in s.text() for s in first.recorded)
    _restart(t)
    t.service.send(1, "another private word", user=str(t.bob.id))
    t.deliver()
    again = t.cmd("game status", t.bob)
    assert not any(DM_HELP in s.text() for s in again.recorded)  # told before the restart
    # a DM that gets through again clears it: closing them later is told again
    t.client.users[t.bob.id].dm_open = True
    t.service.send(1, "hello", user=str(t.bob.id))
    t.deliver()
    assert t.service.user_flag(str(t.bob.id), "discord:dm-closed-hint") is None
    # a delivery problem is reported to the game master once, even across a restart
    t.channel.error_code = 10003
    t.service.send(1, "into the void")
    t.deliver()
    warnings = lambda: [s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm" and "⚠️" in s.text()]
    assert len(warnings()) == 1
    _restart(t)
    t.service.send(1, "into the void again")
    t.deliver()
    assert len(warnings()) == 1
    t.service.close()


def test_the_now_line_follows_the_role_field_not_the_text(table):
    t = table
    t.start_game()
    status = t.service.status(1)
    from types import SimpleNamespace
    m = SimpleNamespace(role="blue", text="Now: Red and Blue to act.", kind="waiting")
    line, users = t.layer.now_line(status, m, ["blue"])
    assert line.startswith("**Now:** Blue") and "Red" not in line and users == [str(t.bob.id)]
    queued_by_older = SimpleNamespace(role=None, text="something else entirely", kind="waiting")
    assert t.layer.roles_named(status, queued_by_older) == ["red", "blue"]


def test_game_new_checks_the_setup_through_the_service_before_opening_a_thread(table, monkeypatch):
    from bot.service import BadOption

    t = table
    seen = []

    def refuse(game, scenario=None, options=None, *rest):
        seen.append((game, scenario, options))
        raise BadOption("The service says no.")
    monkeypatch.setattr(t.service, "validate_setup", refuse)
    refused = t.cmd("game new", t.alice, game="duel", thread=True, options="fast=yes")
    assert "The service says no." in refused.recorded[-1].content
    assert seen == [("duel", None, {"fast": "yes"})]
    assert t.channel.threads == [] and t.service.games_in_channel(str(t.channel.id)) == []


def test_access_checks_use_the_guild_stored_with_the_game(table):
    from tests.discordbot.fakes import FakeChannel, FakeGuild

    t = table
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    assert t.service.status(1).guild == str(t.channel.guild.id)
    t.cmd("game start", t.alice)
    # the game's channel is out of Herald's sight (not cached, not fetchable): the stored guild still says
    # the game belongs to this server
    del t.client.channels[t.channel.id]
    elsewhere = t.client.add_channel("other-channel")      # same server
    paused = t.cmd("admin pause", t.alice, channel=elsewhere, game="1")
    assert "is paused" in paused.recorded[-1].content
    other_server = FakeChannel(t.client.recorder, 778, FakeGuild(2, "Other"))
    t.client.channels[778] = other_server
    refused = t.cmd("admin resume", t.alice, channel=other_server, game="1")
    assert "no game #1 in this server" in refused.recorded[-1].content
    # a game created without a guild (an older Herald) is still judged by its channel's server
    old = t.service.create_game("duel", channel=str(other_server.id), creator_id=str(t.alice.id))
    assert old.guild is None
    refused = t.cmd("game status", t.carol, channel=elsewhere, game=str(old.game_id))
    assert f"no game #{old.game_id} in this server" in refused.recorded[-1].content
    shown = t.cmd("game status", t.carol, channel=other_server, game=str(old.game_id))
    assert "no game" not in shown.recorded[-1].text()

"""Outbox delivery through the Discord layer: permanent Discord errors are given up and reported to the
game master once, other failures are retried without stopping the round, mentions are exactly the players
newly waited for, and a failure after a move never tells the player that nothing happened."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import discord

from bot.discordbot import limits as L
from tests.discordbot.fakes import click
from tests.discordbot.test_game import choices_for


def _outbox(t):
    return list(t.service.db.query("SELECT id, kind, target_kind, target, delivered_at, dead, attempts, last_error "
                                   "FROM outbox ORDER BY id"))


def _gm_dms(t):
    return [s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm" and "⚠️" in (s.content or "")]


def test_deleted_channel_is_given_up_and_the_game_master_told_once(table):
    t = table
    t.start_game()
    t.channel.error_code = 10003  # the channel was deleted
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="0"))
    blue = choices_for(t.client.recorder.to_user(t.bob.id), "blue")
    t.run(click(t.client, t.bob, blue, r"^hd:s:1:", value="1"))
    t.deliver()
    rows = [r for r in _outbox(t) if r["target_kind"] == "channel" and r["delivered_at"] is None]
    assert rows and all(r["dead"] == 1 and "Unknown Channel" in r["last_error"] for r in rows)
    assert t.service.outbox.pending(100) == []  # nothing left to retry, nothing held back
    told = _gm_dms(t)
    assert len(told) == 1 and "no longer exists" in told[0].content and "game #1" in told[0].content
    # players' DMs still arrive (another destination), and later failures do not repeat the warning
    assert any("Round 2" in (s.content or "") for s in t.client.recorder.to_user(t.bob.id) if s.where == "dm")
    t.cmd("admin pause", t.alice)
    assert len(_gm_dms(t)) == 1
    assert t.client.all_answered_once() == []


def test_missing_permission_names_it_and_reaches_a_gm_with_closed_dms(tmp_path, frozen):
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path, alice_dms=False)
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    t.channel.bot_permissions.send_messages = False  # a channel override took it away after /game new
    t.channel.error_code = 50013
    posted = len(t.client.recorder.public())
    t.cmd("game start", t.alice)
    dead = [r for r in _outbox(t) if r["dead"]]
    assert dead and all("Missing Permissions" in r["last_error"] for r in dead)
    # alice's DMs are closed: she is told privately with her next command, once
    status = t.cmd("game status", t.alice)
    notes = [s for s in status.recorded if "⚠️" in (s.content or "") and "Send Messages" in s.content]
    assert len(notes) == 1 and notes[0].where == "ephemeral" and notes[0].target == t.alice.id
    assert "Attach Files" not in notes[0].content  # only what is missing
    again = t.cmd("game status", t.alice)
    assert not any("Send Messages" in (s.content or "") for s in again.recorded)
    assert len(t.client.recorder.public()) == posted
    assert t.client.all_answered_once() == []
    t.service.close()


def test_missing_attach_files_posts_the_text_without_the_map(table, monkeypatch):
    import bot.service

    t = table
    monkeypatch.setattr(bot.service, "_draw", lambda game, view, picture: b"\x89PNG fake")
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    t.channel.bot_permissions.attach_files = False  # taken away after /game new checked it
    t.cmd("game start", t.alice)
    begins = [s for s in t.client.recorder.public() if "begins" in s.text()]
    assert begins and not begins[0].files and "Attach Files" in begins[0].text()
    told = _gm_dms(t)
    assert len(told) == 1 and "**Attach Files**" in told[0].content
    assert t.service.outbox.stats()["waiting"] == 0 and t.service.outbox.stats()["dead"] == 0


class Exploding:
    """A channel whose sends raise something unexpected (not a Discord error)."""

    def __init__(self, channel):
        self.channel, self.calls = channel, 0
        self.id, self.guild, self.type = channel.id, channel.guild, channel.type

    async def send(self, content=None, **kwargs):
        self.calls += 1
        raise RuntimeError("boom")


def test_an_unexpected_error_is_retried_without_stopping_the_round(table, frozen):
    t = table
    t.start_game()
    exploding = Exploding(t.channel)
    t.client.channels[t.channel.id] = exploding
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    blue = choices_for(t.client.recorder.to_user(t.bob.id), "blue")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="2"))
    moved = t.run(click(t.client, t.bob, blue, r"^hd:s:1:", value="0"))
    assert any("You bid 1." in s.text() for s in moved.recorded)
    assert not any("unchanged" in s.text() or "went wrong" in s.text() for s in moved.recorded)
    failed = [r for r in _outbox(t) if r["target_kind"] == "channel" and r["delivered_at"] is None]
    assert failed and failed[0]["attempts"] >= 1 and failed[0]["dead"] == 0 and "boom" in failed[0]["last_error"]
    # the DMs of the same round went out: one bad channel does not stop the others
    assert any("Round 2" in (s.content or "") for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm")
    calls = exploding.calls
    t.deliver()
    assert exploding.calls == calls  # held back until the retry is due
    t.client.channels[t.channel.id] = t.channel
    frozen.tick(dt.timedelta(minutes=10))
    t.deliver()
    public = "\n".join(s.text() for s in t.client.recorder.public())
    assert "red bid 3, blue bid 1" in public
    assert t.service.outbox.stats()["waiting"] == 0


def test_unknown_user_is_given_up(table):
    t = table
    t.start_game()
    ghost = t.bob.id
    del t.client.users[ghost]  # Discord no longer knows bob
    t.service.send(1, "A private word for Blue.", role="blue")
    t.deliver()
    # a message to a role is resolved to its holder (bob) when it is delivered
    blue = [r for r in _outbox(t) if r["target"] in (str(ghost), "blue") and r["dead"]]
    assert blue and "Unknown User" in blue[0]["last_error"]
    assert any("replace-seat" in s.content for s in _gm_dms(t))


def test_only_the_newly_waited_player_is_mentioned_and_only_they(tmp_path, frozen):
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path)
    # a display name that looks like a mention, and a reason with @everyone, ping nobody
    t.bob.display_name = f"<@{t.alice.id}> @everyone"
    t.start_game()
    public = t.client.recorder.public()
    for s in public:
        if "**Now:**" not in s.text():
            assert s.pinged() == set() and not s.custom_ids(), s.text()
            assert s.allowed_mentions is not None and s.allowed_mentions.everyone is False
    start = [s for s in public if "begins" in s.text()]
    # the start log and the "Now:" line are one post, with the My choices button
    assert len(start) == 1 and "**Now:**" in start[0].text() and start[0].custom_ids() == ["hd:o:1"]
    assert start[0].pinged() == {t.alice.id, t.bob.id}
    assert start[0].allowed_mentions.users != True  # noqa: E712 - never "everyone mentioned may be pinged"
    assert {u.id for u in start[0].allowed_mentions.users} == {t.alice.id, t.bob.id}
    before = len(t.client.recorder.public())
    # red bids: the channel hears that red has chosen, and nobody is pinged (nobody is newly waited for)
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="0"))
    t.deliver()
    after = t.client.recorder.public()[before:]
    assert any("Red has chosen" in s.text() for s in after)
    assert all(s.pinged() == set() for s in after)
    t.cmd("admin abort", t.alice, reason=f"<@{t.bob.id}> @everyone left", confirm=True)
    t.deliver()
    assert all(s.pinged() == set() for s in t.client.recorder.public()[before:])
    assert t.client.all_answered_once() == []
    t.service.close()


def test_a_stale_waiting_line_pings_nobody(table):
    """Two "waiting" messages delivered late in one round: a player is pinged once, on the newest line
    naming a role of theirs still waited for."""
    t = table
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    real = t.layer.deliver_quietly

    async def later():
        return None
    t.layer.deliver_quietly = later  # hold the outbox back, as if Discord had been unreachable
    t.cmd("game start", t.alice)
    t.cmd("order", t.alice, order="Bid 1")
    t.cmd("order", t.bob, order="Bid 2")  # round 2: both waited for again
    t.layer.deliver_quietly = real
    t.deliver()
    pings = [s.pinged() for s in t.client.recorder.public() if s.pinged()]
    assert pings == [{t.alice.id, t.bob.id}]


def test_a_failure_after_the_move_is_not_reported_as_nothing_played(table, monkeypatch, caplog):
    t = table
    t.start_game()

    async def broken():
        raise RuntimeError("database on fire")
    monkeypatch.setattr(t.layer, "deliver_pending", broken)
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    with caplog.at_level("ERROR", logger="herald.discord"):
        inter = t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="1"))
    text = "\n".join(s.text() for s in inter.recorded)
    assert "You bid 2." in text and "nothing" not in text and "unchanged" not in text
    assert "delivery" in caplog.text.lower()
    assert t.client.all_answered_once() == []


def test_discord_refusing_the_reply_still_answers_the_thinking_message(table):
    """The reply to a click fails at Discord (HTTP 400): the deferred "thinking…" still gets a followup,
    which says truthfully that the order was recorded."""
    t = table
    t.start_game()
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    from tests.discordbot import fakes

    real_send = fakes.FakeFollowup.send
    state = {"failed": False}

    async def flaky(self, content=None, **kwargs):
        if not state["failed"] and content and "You bid" in str(content):
            state["failed"] = True
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        {"code": 50035, "message": "Invalid Form Body"})
        return await real_send(self, content, **kwargs)
    fakes.FakeFollowup.send = flaky
    try:
        inter = t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="1"))
    finally:
        fakes.FakeFollowup.send = real_send
    assert state["failed"] and inter.followups
    assert "Your order was recorded" in inter.followups[0].content
    assert t.service.status(1).version > 1
    assert t.client.all_answered_once() == []


def test_a_deferred_thinking_interaction_without_followup_is_unanswered(table):
    """The fake Discord is strict: "thinking…" left without a followup is not an answer."""
    from tests.discordbot.fakes import FakeInteraction

    t = table
    inter = FakeInteraction(t.client, t.alice, t.channel, type="component")
    t.run(inter.response.defer(ephemeral=True, thinking=True))
    assert not inter.answered()
    update = FakeInteraction(t.client, t.alice, t.channel, type="component")
    t.run(update.response.defer())  # a deferred update of the clicked message: nothing more is owed
    assert update.answered()
    t.client.interactions.remove(inter)


def test_long_posts_are_split_not_cut(table):
    t = table
    t.start_game()
    long_text = "\n".join(f"Line {i}: " + "x" * 90 for i in range(60))  # about 6000 characters
    t.service.send(1, long_text)
    t.deliver()
    parts = [s for s in t.client.recorder.public() if "Line " in s.text()]
    assert len(parts) >= 3 and all(len(s.content) <= L.MESSAGE_CONTENT_MAX for s in parts)
    joined = "\n".join(s.content for s in parts)
    assert all(f"Line {i}: " in joined for i in range(60)) and "…" not in joined

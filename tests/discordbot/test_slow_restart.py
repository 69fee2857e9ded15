"""A restart longer than Discord's nonce memory (two minutes) never posts a message twice where the bot
may not read the history (issue 25, item 3): each post is recorded before it leaves (bot/outbox.py), so
after the restart the bot knows which posts were never attempted (posted now), and which may be out
(read back where it may; given up where it may not, never shown twice)."""

from __future__ import annotations

import datetime as dt

import discord

from bot.config import Config
from bot.discordbot.commands import build_tree
from bot.discordbot.layer import Layer
from bot.service import TableService
from tests.discordbot.fakes import _forbidden
from tests.support.duel import ENGINE as DUEL


def forgetful(target, memory_seconds: float = 120.0) -> None:
    """Discord as it is for ``target`` (a fake channel or user): a nonce is remembered two minutes; the
    history cannot be read (a channel without Read Message History)."""
    from bot import clock

    seen: dict[str, tuple[float, object]] = {}
    original = target.send

    async def send(content=None, **kwargs):
        nonce, now = kwargs.get("nonce"), clock.timestamp()
        if nonce in seen and now - seen[nonce][0] < memory_seconds:
            return seen[nonce][1]
        message = await original(content, **kwargs)
        seen[nonce] = (now, message)
        return message

    async def history(**_):
        raise _forbidden("Missing Access", 50001)
        yield  # an async generator, as discord.py's history is

    target.send = send
    target.history = history


def restart(t, tmp_path) -> None:
    """A new service and layer over the same database and the same Discord."""
    t.service.close()
    t.service = TableService(str(tmp_path / "herald.db"), Config(), engines={"duel": DUEL})
    t.layer = Layer(t.service, t.client, t.layer.settings)
    t.client.herald = t.layer
    t.tree = build_tree(discord.Client(intents=discord.Intents.default()), t.layer)


def _lines(sent) -> list[str]:
    return [line for s in sent for line in (s.content or "").split("\n") if line and not line.startswith("**Now:**")]


def test_a_slow_restart_without_history_posts_nothing_twice(table, tmp_path, monkeypatch, frozen):
    t = table
    t.start_game()
    t.deliver()
    forgetful(t.channel)
    forgetful(t.alice)
    t.client.recorder.clear()
    game = 1
    t.service.send(game, "posted just before the crash")
    t.service.send(game, "a note just before the crash", user=str(t.alice.id))

    def crash(*args, **kwargs):
        raise RuntimeError("the process died here")
    with monkeypatch.context() as m:   # posted, then the bot dies before recording it
        m.setattr(type(t.service.outbox), "mark_unit_delivered", crash)
        t.deliver()
    never_tried = t.service.send(game, "queued, claimed, never posted")
    t.service.outbox.claim([never_tried])            # the bot died between the claim and the post
    frozen.tick(dt.timedelta(minutes=10))            # the restart takes longer than Discord's nonce memory
    restart(t, tmp_path)
    t.service.send(game, "after the restart")
    t.deliver()
    t.deliver()
    channel = _lines(t.client.recorder.public())
    assert channel == ["posted just before the crash", "queued, claimed, never posted", "after the restart"]
    dms = _lines(s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm")
    assert dms.count("a note just before the crash") == 1
    # the posts in doubt were given up, not repeated; everything else was delivered
    given_up = t.service.db.execute("SELECT text, last_error FROM outbox WHERE dead = 1 ORDER BY id").fetchall()
    assert [text for text, _ in given_up] == ["posted just before the crash", "a note just before the crash"]
    assert all(why.startswith("in doubt") for _, why in given_up)
    assert t.service.outbox.pending(100) == []


def test_a_post_refused_by_discord_is_posted_after_a_slow_restart(table, tmp_path, frozen):
    """An attempt known not to have reached Discord leaves no doubt: it is posted later, however late."""
    t = table
    t.start_game()
    t.deliver()
    forgetful(t.channel)
    t.client.recorder.clear()
    original = t.channel.send
    calls = {"n": 0}

    async def refused_once(content=None, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise discord.HTTPException(type("R", (), {"status": 429, "reason": "Too Many Requests"})(), "slow down")
        return await original(content, **kwargs)
    t.channel.send = refused_once
    t.service.send(1, "refused the first time")
    t.deliver()
    assert _lines(t.client.recorder.public()) == []
    frozen.tick(dt.timedelta(minutes=10))
    restart(t, tmp_path)
    t.deliver()
    assert _lines(t.client.recorder.public()) == ["refused the first time"]
    assert t.service.db.execute("SELECT COUNT(*) FROM outbox WHERE dead = 1").fetchone()[0] == 0

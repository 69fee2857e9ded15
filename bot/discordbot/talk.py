"""Negotiation threads on Discord (issue 11 item 4; the service side is bot/talk.py).

When the engine opens a talk segment, Herald opens a **private thread** in the game's parent channel (the
channel itself, or the channel a game thread belongs to) and adds exactly the players holding the
segment's roles; nobody else can read it (server admins with Manage Threads aside, as Discord has it).
After a seat changes hands the members are re-synced (the new player added, the old one removed); when
the engine closes the segment the thread is locked and archived. The same segment opening again (the next
turn's bidding) reopens the same thread. Herald only opens, fills and locks the thread: what players say
there binds nobody, and deals are made with game actions.

Permissions: Create Private Threads (open it), Send Messages in Threads (its first line), Manage Threads
(remove a replaced player, lock it). The thread id is remembered with the service (``set_talk_channel``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from . import limits as L

if TYPE_CHECKING:  # pragma: no cover
    from .layer import Layer

KINDS = ("talk_open", "talk_sync", "talk_close")
FRONT = "discord"


async def _parent(layer: "Layer", channel: Any) -> Any:
    """The text channel a private thread is opened in: the game's channel, or the parent of its thread."""
    if getattr(channel, "type", None) in (discord.ChannelType.public_thread, discord.ChannelType.news_thread,
                                          discord.ChannelType.private_thread):
        parent = getattr(channel, "parent", None)
        return parent if parent is not None else await layer._channel(str(channel.parent_id))
    return channel


async def _sync(layer: "Layer", thread: Any, wanted: list[str]) -> None:
    """Make the thread's members exactly ``wanted`` (and Herald)."""
    me = str(layer.client.user.id)
    present = {str(m.id) for m in await thread.fetch_members()}
    for user in wanted:
        if user not in present and layer._snowflake(user):
            await thread.add_user(discord.Object(id=int(user)))
    for user in present - set(wanted) - {me}:
        await thread.remove_user(discord.Object(id=int(user)))


async def deliver(layer: "Layer", m: Any, unit: str | None = None) -> str:
    """Carry out one talk_open / talk_sync / talk_close message; returns the thread id (or why not).
    ``unit``: its outbox unit. Opening a thread is recorded before the request (bot/outbox.py): after a
    crash, an attempt that may have opened it is looked for among the channel's threads (Herald's own,
    by name) before a thread is opened, so a segment never gets two."""
    roles = [r for r in str(m.role or "").split(",") if r]
    if m.game_id is None or not roles:
        return "no-segment"
    service = layer.service
    known = await layer.call(service.talk_channel, m.game_id, roles, FRONT)
    open_now = [tuple(r) for r, _ in await layer.call(service.talks, m.game_id)]
    thread = None
    if known is not None:
        try:
            thread = await layer._channel(known)
        except discord.NotFound:  # deleted by someone: a new one is opened when the segment is open
            thread = None
    if m.kind == "talk_close":
        if thread is None:
            return "no-thread"
        if tuple(roles) not in open_now:  # reopened since this message was queued: leave it open
            await thread.edit(locked=True, archived=True, reason="The game closed this talk")
        return str(thread.id)
    if tuple(roles) not in open_now:
        return "closed-since"  # the segment ended before this message was delivered
    wanted = [str(u) for u in await layer.call(service.talk_members, m.game_id, roles)]
    if thread is None:
        status = await layer.call(service.status, m.game_id)
        parent = await _parent(layer, await layer._channel(m.target))
        names = ", ".join(layer.role_name(status, r) for r in roles)
        name = L.clip(f"Game #{m.game_id} talk: {names}", 100)
        earlier = await layer.call(service.outbox.begin_attempt, unit) if unit else None
        thread = _opened_before(layer, parent, name) if earlier is not None else None
        if thread is None:
            thread = await parent.create_thread(
                name=name, type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=10080,
                reason=f"Herald game #{m.game_id}: private talk")
        await layer.call(service.set_talk_channel, m.game_id, roles, FRONT, str(thread.id))
        await thread.send(f"Private talk for {names} in game #{m.game_id}. Only the players of these roles "
                          "are here. Nothing said binds: deals are made with game actions (/play).",
                          allowed_mentions=discord.AllowedMentions.none())
    elif getattr(thread, "locked", False) or getattr(thread, "archived", False):
        await thread.edit(locked=False, archived=False, reason="The game opened this talk again")
    await _sync(layer, thread, wanted)
    return str(thread.id)


def _opened_before(layer: "Layer", parent: Any, name: str) -> Any | None:
    """Herald's thread named ``name`` in ``parent`` (an earlier attempt opened it, then the bot died
    before recording it), or None."""
    me = getattr(getattr(layer.client, "user", None), "id", None)
    for thread in getattr(parent, "threads", None) or []:
        if getattr(thread, "name", None) == name and getattr(thread, "owner_id", me) == me:
            return thread
    return None

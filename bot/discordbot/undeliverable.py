"""Messages no retry can deliver: given up, and the game master told why (missing permissions
named, closed DMs), once in a while rather than at every attempt."""

from __future__ import annotations

from typing import Any

import discord

from bot import clock

from .common import log, PERMANENT_ERRORS, DM_CLOSED_FLAG, ALERT_AGAIN_AFTER
from .replies import DM_HELP, send_dm
from .settings import PERMISSION_NAMES


class UndeliverableMixin:
    """Messages no retry can deliver (a part of :class:`bot.discordbot.layer.Layer`)."""

    async def _give_up(self, m: Any, reason: str) -> None:
        try:
            await self.call(self.service.outbox.give_up, m.id, reason)
        except Exception:
            log.exception("Could not give up outbox message %s", m.id)

    async def _mark_failed(self, m: Any, reason: str) -> None:
        try:
            await self.call(self.service.outbox.mark_failed, m.id, reason)
        except Exception:
            log.exception("Could not record the failed delivery of outbox message %s", m.id)

    async def _dm_closed(self, m: Any) -> str:
        """A user's DMs are closed. Nothing is posted in the channel (that would tell everyone, and
        whose move it is is already there, with a mention); the user is told how to open DMs, privately,
        with the answer to their next interaction, once (a user flag remembers it across restarts, and
        is cleared when a DM gets through again). Private log lines stay in /log."""
        user = str(m.target)
        text = f"📭 {DM_HELP}"
        if not await self.has_note(user, text) and not await self._flag(user, DM_CLOSED_FLAG):
            await self.note_for(user, text, flag=(DM_CLOSED_FLAG, str(int(clock.timestamp()))))
        return "dm-closed"

    def _may(self, channel: Any, permission: str) -> bool:
        """Whether Herald has ``permission`` in ``channel`` as far as the cache knows (True if unknown)."""
        me = getattr(getattr(channel, "guild", None), "me", None)
        if me is None:
            return True
        try:
            return bool(getattr(channel.permissions_for(me), permission))
        except Exception:
            return True

    def _posting_needs(self, channel: Any, with_file: bool) -> list[str]:
        """The permissions (discord.Permissions attribute names) Herald needs to post a game's messages in
        ``channel``: see it, send (in a thread: send in threads), embed links, and attach the map."""
        return (["view_channel", "send_messages_in_threads" if self._in_thread(channel) else "send_messages",
                 "embed_links"] + (["attach_files"] if with_file else []))

    def _missing_in(self, channel: Any, with_file: bool) -> list[str]:
        need = self._posting_needs(channel, with_file)
        everything = [PERMISSION_NAMES[n] for n in need]
        me = getattr(getattr(channel, "guild", None), "me", None)
        if channel is None or me is None:
            return everything
        try:
            perms = channel.permissions_for(me)
        except Exception:
            return everything
        return [PERMISSION_NAMES[n] for n in need if not getattr(perms, n, False)] or everything

    async def _report_undeliverable(self, m: Any, code: int, error: BaseException | None,
                                    missing: list[str] | None = None) -> None:
        """Tell the game master, once per game, destination and kind of problem (a user flag of the game
        master remembers it across restarts; told again after :data:`ALERT_AGAIN_AFTER`), by DM, or
        privately with the answer to their next command when their DMs are closed."""
        if m.game_id is None:
            return
        try:
            status = await self.call(self.service.status, m.game_id)
            gm = str(status.gm)
            if not gm.isdigit():
                return
            key = f"discord:delivery-alert:{m.game_id}:{m.target_kind}:{m.target}:{code}"[:200]
            told = await self._flag(gm, key)
            now = clock.timestamp()
            if told is not None and (not told.isdigit() or now - int(told) < ALERT_AGAIN_AFTER):
                return
            text = self._problem_text(status, m, code, error, missing)
            if await self.has_note(gm, text):
                return
            try:
                sent = await send_dm(await self._user(gm), text)
            except discord.HTTPException:
                sent = False
            if sent:
                await self._set_flag(gm, key, str(int(now)))
            else:
                await self.note_for(gm, text, flag=(key, str(int(now))))
        except Exception:
            log.exception("Could not tell the game master of game #%s about a delivery problem", m.game_id)

    def _problem_text(self, status: Any, m: Any, code: int, error: BaseException | None,
                      missing: list[str] | None) -> str:
        game = f"game #{status.game_id} ({status.title})"
        if m.target_kind == "user":
            return (f"⚠️ Herald cannot reach the player <@{m.target}> of {game}: Discord answered "
                    f"{PERMANENT_ERRORS.get(code, error)}. `/admin replace-seat` gives the seat to someone else.")
        if code == 10003:
            return (f"⚠️ Herald cannot post the messages of {game}: its channel no longer exists (Discord: Unknown "
                    "Channel). The players still have `/play`, `/map` and `/log`; `/game abort` ends the game.")
        if code in (50001, 50013):
            channel = None
            try:
                channel = self.client.get_channel(int(m.target))
            except (TypeError, ValueError):
                pass
            missing = missing or self._missing_in(channel, with_file=m.image is not None)
            return (f"⚠️ Herald cannot post in <#{m.target}> for {game}: Discord says {PERMANENT_ERRORS[code]}. "
                    f"Herald needs {', '.join(f'**{p}**' for p in missing)} there: give them to Herald's role in "
                    "Server Settings ▸ Roles, or in that channel's Edit Channel ▸ Permissions. Messages it could "
                    "not post are not retried; the players still have `/play`, `/map` and `/log`.")
        return f"⚠️ Herald cannot deliver a message of {game}: {error}."

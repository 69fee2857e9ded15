"""Delivery: the service's outbox turned into Discord posts and direct messages, exactly once
(nonces, read-back after a retry), merged where they may be, with pictures and pings."""

from __future__ import annotations

import asyncio
import datetime
from typing import Any, Iterable

import discord

from bot import clock

from . import limits as L
from . import talk as talk_threads
from .common import log, PERMANENT_ERRORS, DM_CLOSED_FLAG, NONCE_MEMORY, Undeliverable, NotDiscord, when
from .components import open_view
from .replies import NO_MENTIONS, png_file, too_big
from .settings import PERMISSION_NAMES


#: what _in_doubt answers for a unit that may be out, that Discord no longer deduplicates, and whose
#: destination's history Herald may not read: given up, never posted a second time
IN_DOUBT = "in-doubt"

IN_DOUBT_REASON = ("in doubt: an attempt that may have posted it began longer ago than Discord remembers "
                   "nonces, and Herald may not read the history there to check; given up rather than shown "
                   "twice (its lines are in /log, the choices in /play)")


def _not_made(error: BaseException) -> bool:
    """Whether a failed request is known not to have posted anything: Discord refused it (4xx), was not
    taking requests (503), or no connection was made. Another server error or a timeout may have posted
    it."""
    if isinstance(error, discord.HTTPException):
        status = getattr(error, "status", 500)
        return 0 < status < 500 or status == 503
    try:
        import aiohttp
    except ImportError:  # pragma: no cover - discord.py depends on it
        return False
    return isinstance(error, aiohttp.ClientConnectorError)


class DeliveryMixin:
    """Delivery (a part of :class:`bot.discordbot.layer.Layer`)."""

    async def tick(self) -> Any:
        return await self.call(self.service.tick)

    #: see NONCE_MEMORY (tests lower it to exercise the read-back)
    nonce_memory = NONCE_MEMORY

    #: public messages of these kinds, queued together for one channel, are posted as one message
    MERGEABLE = ("log", "notice")

    MERGE_CHARS = 1500

    #: the most posts a read-back looks through (after the unit's first attempt); a history longer than
    #: that cannot show the post is absent, so the unit stays in doubt rather than being posted again
    READ_BACK_MAX = 2000

    def _units(self, messages: list[Any]) -> list[list[Any]]:
        """Outbox messages in delivery units: consecutive public log/notice messages of one game for one
        channel are merged (a chain of automatic passes, a seat taken right after the game was opened)
        so the channel reads one message instead of several, and a "waiting" message (a role is newly
        waited for) closes the unit it follows: its "Now: …" line, with the mention and the My choices
        button, ends that post. Everything else goes alone. A unit claimed by an earlier attempt (the
        message's ``unit``) is kept exactly as it was: nothing joins it, and nothing after it joins an
        earlier unit."""
        units: list[list[Any]] = []
        latest: dict[tuple[str, str], list[Any] | None] = {}  # each destination's newest open unit (messages
        claimed: dict[str, list[Any]] = {}                     # to other destinations may come between)
        for m in messages:
            key = (m.target_kind, m.target)
            if getattr(m, "unit", None):
                if m.unit not in claimed:
                    claimed[m.unit] = []
                    units.append(claimed[m.unit])
                claimed[m.unit].append(m)
                latest[key] = None  # closed: a post that may already be out
                continue
            last = latest.get(key)
            if (last is not None and m.target_kind == "channel" and m.kind in (*self.MERGEABLE, "waiting")
                    and all(x.kind in self.MERGEABLE and x.game_id == m.game_id for x in last)
                    and (m.kind == "waiting"
                         or sum(len(x.text) + 1 for x in last) + len(m.text) <= self.MERGE_CHARS)):
                last.append(m)
            else:
                latest[key] = [m]
                units.append(latest[key])
        return units

    async def _whole_units(self, units: list[list[Any]]) -> list[list[Any]]:
        """Claimed units completed with their members that the batch cut off (its size limit)."""
        whole = []
        for unit in units:
            nonce = getattr(unit[0], "unit", None)
            if nonce:
                members = await self.call(self.service.outbox.unit_members, nonce)
                unit = members or unit
            whole.append(unit)
        return whole

    async def deliver_pending(self) -> int:
        """Deliver what the outbox holds (one delivery at a time). The outbox keeps each destination in
        order (``pending`` holds back what follows a message waiting for its retry); within this round,
        once a message to a channel or user fails, the later ones to it wait too. A failure is retried
        with the outbox's backoff (``mark_failed``); a permanent one (the channel is gone, Herald may not
        post there, the user is unknown) is given up (``give_up``) and the game master told once. No
        failure stops the round. Returns how many messages were handled."""
        async with self._delivery_lock:
            messages = await self.call(self.service.outbox.pending, self.settings.delivery_batch)
            if not messages:
                return 0
            try:
                plan = await self._ping_plan(messages)
            except Exception:
                log.exception("Planning the mentions failed; posting without mentions")
                plan = {}
            stopped: dict[tuple[str, str], str | None] = {}  # destination -> why it was given up (None: retry)
            for unit in await self._whole_units(self._units(messages)):
                first = unit[0]
                key = (first.target_kind, first.target)
                if key in stopped:
                    if stopped[key] is not None:  # permanent: the same answer awaits the later messages
                        for x in unit:
                            await self._give_up(x, stopped[key])
                    continue  # behind a message waiting for its retry: keep the order
                try:
                    # the unit is recorded before it is posted: a retry (after a crash too) posts exactly
                    # these messages under the same nonce, and one mark records them all
                    nonce = first.unit or await self.call(self.service.outbox.claim, [x.id for x in unit])
                except ValueError as error:  # claimed meanwhile by another deliverer: its business
                    log.warning("Outbox unit of message %s skipped: %s", first.id, error)
                    stopped[key] = None
                    continue
                try:
                    earlier = await self._in_doubt(unit) if first.unit else None
                    if earlier == IN_DOUBT:   # may be out; Discord forgot its nonce; no history to look in
                        given = await self.call(self.service.outbox.give_up_unit, nonce, IN_DOUBT_REASON)
                        log.warning("Outbox unit %s (%d messages) given up: %s", nonce, given, IN_DOUBT_REASON)
                        continue
                    ref = earlier or await self._deliver_unit(unit, plan, nonce)
                except Exception as error:
                    if self._attempt_clean.pop(nonce, False) and _not_made(error):
                        await self.call(self.service.outbox.attempt_not_made, nonce)   # nothing is out: no doubt
                    code = error.code if isinstance(error, discord.HTTPException) else None
                    reason = f"{error.__class__.__name__}: {error}"
                    if code in PERMANENT_ERRORS or isinstance(error, Undeliverable):
                        log.warning("Outbox message %s cannot be delivered (given up): %s", first.id, reason)
                        for x in unit:
                            await self._give_up(x, reason)
                        stopped[key] = reason
                        if not isinstance(error, NotDiscord):  # nobody on Discord to tell
                            await self._report_undeliverable(first, code or 0, error)
                    else:
                        if isinstance(error, (discord.HTTPException, OSError, asyncio.TimeoutError)):
                            log.warning("Delivery of outbox message %s failed (retried later): %s", first.id, reason)
                        else:
                            log.exception("Delivery of outbox message %s failed (retried later)", first.id)
                        await self._mark_failed(first, reason)
                        # a post that may be out is retried while Discord still remembers its nonce, so
                        # that the retry settles it (posted once either way) instead of leaving it in doubt
                        since = await self.call(self.service.outbox.unit_posting_at, nonce)
                        if since is not None:
                            await self.call(self.service.outbox.retry_before, nonce, since + self.nonce_memory / 2)
                        stopped[key] = None
                    continue
                self._attempt_clean.pop(nonce, None)
                try:
                    await self.call(self.service.outbox.mark_unit_delivered, nonce, ref)
                except Exception:  # retried with the same nonce: Discord answers with the post already made
                    log.exception("Could not record the delivery of outbox unit %s", nonce)
                    stopped[key] = None
            return len(messages)

    async def _in_doubt(self, unit: list[Any]) -> str | None:
        """For a unit an earlier attempt may have posted (bot/outbox.py: ``posting_at``): None to post it
        (no attempt may have reached Discord, or one did so recently enough that Discord remembers the
        nonce, or the history shows no such post); the id of the post found in the history; or
        IN_DOUBT when Discord has forgotten the nonce and the history cannot be read."""
        first = unit[0]
        if first.kind in talk_threads.KINDS:   # a thread: looked for by its name before one is opened
            return None
        since = await self.call(self.service.outbox.unit_posting_at, first.unit)
        if since is None or clock.timestamp() - since < self.nonce_memory or not self._snowflake(first.target):
            return None
        found, readable = await self._posted_earlier(unit, since)
        return found if found else None if readable else IN_DOUBT

    async def _posted_earlier(self, unit: list[Any], since_ts: float) -> tuple[str | None, bool]:
        """(the id of Herald's post of these lines in the destination's history since ``since_ts``, or
        None; whether the history could be read at all: a channel without Read Message History cannot)."""
        first = unit[0]
        texts = [x.text for x in unit if x.kind != "waiting" and x.text]
        # how the post began: its lines; a lone "waiting" message posts only its "Now: …" line
        start = "\n".join(texts)[:200] if texts else "**Now:**" if first.kind == "waiting" else ""
        if not start:
            return None, False
        me = getattr(getattr(self.client, "user", None), "id", None)
        since = datetime.datetime.fromtimestamp(since_ts - 5, datetime.timezone.utc)
        try:
            if first.target_kind == "channel":
                where = await self._channel(first.target)
            else:
                where = await (await self._user(first.target)).create_dm()
            # oldest first, to the end: a busy destination may hold many posts after ``since`` before
            # this one, and stopping short would read "not posted" and post it twice
            read = 0
            async for message in where.history(limit=self.READ_BACK_MAX + 1, after=since):
                read += 1
                if read > self.READ_BACK_MAX:   # too much to look through: not known, so in doubt
                    log.info("Read-back of outbox unit %s stopped after %d posts", first.unit, self.READ_BACK_MAX)
                    return None, False
                if (getattr(message.author, "id", None) == me and (message.content or "").startswith(start)
                        and not await self.call(self.service.outbox.is_recorded_ref, str(message.id))):
                    return str(message.id), True  # the same lines posted for another unit are that unit's
        except (discord.HTTPException, AttributeError, TypeError) as error:
            log.info("Cannot read back %s for outbox unit %s (%s)", first.target, first.unit, error)
            return None, False
        return None, True

    async def _deliver_unit(self, unit: list[Any], plan: dict[int, list[str]], nonce: str) -> str:
        """Send one delivery unit under ``nonce``; returns a reference (the last Discord message id, or
        why nothing was sent)."""
        first = unit[0]
        if not self._snowflake(first.target):
            what = "channel" if first.target_kind == "channel" else "user"
            raise NotDiscord(f"the {what} {str(first.target)[:40]!r} is not a Discord {what} (not a numeric id): "
                             "the message belongs to another front end (such as the local console's "
                             "database) and no retry can deliver it here")
        if first.kind in talk_threads.KINDS:   # a negotiation thread to open, re-sync or lock
            return await talk_threads.deliver(self, first, nonce)
        if first.target_kind == "channel":
            return await self._deliver_to_channel(unit, plan, nonce)
        return await self._deliver_to_user(unit[0], nonce)

    def roles_named(self, status: Any, m: Any) -> list[str]:
        """The roles a "waiting" message is about: its ``role`` field (the roles newly waited for,
        comma-separated). One queued by an older Herald, without it, stands for whoever is waited for now."""
        if getattr(m, "role", None):
            return [r for r in str(m.role).split(",") if r]
        return [w.role for w in status.waiting if not getattr(w, "committed", False)]

    async def _ping_plan(self, messages: list[Any]) -> dict[int, list[str]]:
        """For each "waiting" message of this round, the roles whose players it mentions: a player is
        mentioned once per game and round, on the newest such message naming a role of theirs that is
        still waited for (an older one of the same round is already out of date)."""
        games: dict[int, list[Any]] = {}
        for m in messages:
            if m.kind == "waiting" and m.target_kind == "channel" and m.game_id is not None:
                games.setdefault(m.game_id, []).append(m)
        plan: dict[int, list[str]] = {}
        for game_id, items in games.items():
            status = await self.call(self.service.status, game_id)
            if status.status != "active":
                continue
            waited = {w.role: str(w.user_id) for w in status.waiting
                      if w.user_id and str(w.user_id).isdigit() and not w.paused
                      and not getattr(w, "committed", False)}
            pinged: set[str] = set()
            for m in reversed(items):
                roles = [r for r in self.roles_named(status, m) if r in waited and waited[r] not in pinged]
                plan[m.id] = roles
                pinged |= {waited[r] for r in roles}
        return plan

    def now_line(self, status: Any, m: Any, ping_roles: Iterable[str]) -> tuple[str, list[str]]:
        """The "Now: …" line of a "waiting" message as it stands at delivery: the roles it names that are
        still waited for, each with its player (a mention for ``ping_roles``, else the name) and
        deadline; and the user ids to ping. Empty when none of them is waited for any more."""
        if status.status != "active":
            return "", []
        waiting = {w.role: w for w in status.waiting if not getattr(w, "committed", False)}
        ping_roles = set(ping_roles)
        parts: list[str] = []
        users: list[str] = []
        for role in self.roles_named(status, m):
            w = waiting.get(role)
            if w is None:
                continue
            uid = str(w.user_id) if w.user_id else ""
            if role in ping_roles and uid.isdigit():
                who = f"<@{uid}>"
                if uid not in users:
                    users.append(uid)
            else:
                who = discord.utils.escape_mentions(L.clip(w.user_name or "nobody", 64))
            by = f", by {when(w.deadline)}" if w.deadline and not w.paused else ""
            away = " (clock stopped)" if w.paused else ""
            parts.append(f"{w.role_name} {who}{away}{by}")
        return ("**Now:** " + "; ".join(parts), users) if parts else ("", [])

    @staticmethod
    def _nonce(base: str, index: int) -> str:
        """Discord's nonce (at most 25 characters): the same on every retry of the same message part, so
        a retry after a lost answer is not posted twice."""
        return base[:25] if index == 0 else f"{base[:21]}-{index:03d}"

    async def _post(self, destination: Any, body: str, tail: str = "", *, file: discord.File | None = None,
                    extra_files: list[discord.File] | None = None,
                    view: discord.ui.View | None = None, allowed: discord.AllowedMentions = NO_MENTIONS,
                    nonce: str = "", unit: str | None = None) -> str:
        """Send ``body`` (split over several messages when longer than Discord allows, never cut) and
        ``tail`` (kept whole, at the end of the last message, with the picture, the buttons and the
        mentions). Returns the last message's id. ``unit``: the outbox unit posted, whose attempt is
        recorded before the first request leaves (bot/outbox.py)."""
        chunks = L.split_message(body) if body else []
        if tail:
            if chunks and len(chunks[-1]) + 1 + len(tail) <= L.MESSAGE_CONTENT_MAX:
                chunks[-1] = f"{chunks[-1]}\n{tail}"
            else:
                chunks.append(L.clip_message(tail))
        if not chunks:
            chunks = [""]
        ref = ""
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            kwargs: dict[str, Any] = {"allowed_mentions": allowed if last else NO_MENTIONS,
                                      "nonce": self._nonce(nonce, index)}
            if last and view is not None:
                kwargs["view"] = view
            attached = [f for f in [file, *(extra_files or [])] if f is not None] if last else []
            if len(attached) == 1:
                kwargs["file"] = attached[0]
            elif attached:
                kwargs["files"] = attached
            content = chunk if chunk.strip() else (None if attached else "…")
            if unit and index == 0:
                earlier = await self.call(self.service.outbox.begin_attempt, unit)
                self._attempt_clean[unit] = earlier is None   # nothing of it can be out yet
            message = await destination.send(content, **kwargs)
            if unit:
                self._attempt_clean[unit] = False
            ref = str(message.id)
        return ref

    async def _deliver_to_channel(self, unit: list[Any], plan: dict[int, list[str]], nonce: str) -> str:
        first = unit[0]
        if any(x.private for x in unit):  # the outbox forbids it; never post a private message publicly
            raise Undeliverable(f"private outbox message {first.id} addressed to a channel")
        body = "\n".join(x.text for x in unit if x.kind != "waiting" and x.text)
        tail, users, view = "", [], None
        waiting = [x for x in unit if x.kind == "waiting"]
        if waiting and first.game_id is not None:
            status = await self.call(self.service.status, first.game_id)
            tail, users = self.now_line(status, waiting[-1], plan.get(waiting[-1].id, ()))
            if tail:
                view = open_view(str(first.game_id))
        channel = await self._channel(first.target)
        images = [x.image for x in unit if x.image is not None]
        data = None
        if images:
            data, why = await self._picture(self.service.render_image, images[-1])
            if data is None:
                log.warning("Map of outbox message %s not drawn: %s", first.id, why)
        if data is not None and too_big(data, self._upload_limit(channel)):
            body += "\n*(The map is too large for Discord to attach here; `/view` and `/map` may show a smaller one.)*"
            data = None
        if data is not None and not self._may(channel, "attach_files"):
            body += "\n*(Map not attached: Herald lacks the Attach Files permission here; the game master is told.)*"
            data = None
            await self._report_undeliverable(first, 50013, None, missing=[PERMISSION_NAMES["attach_files"]])
        if not body.strip() and not tail and data is None:
            return "nothing-to-post"  # a "waiting" line whose roles have all acted since
        # a player waited for in a battle: the post shows the battle as it stands (public view)
        battle = None
        if tail and self._may(channel, "attach_files") and not (images and images[-1].picture != "map"
                                                                and data is not None):
            needed, kind = await self._battle_picture(first.game_id, None, None)
            battle = png_file(needed, f"{kind}.png", self._upload_limit(channel))
        allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(id=int(u)) for u in users])
        # the post's own picture (the map at a new turn, the battle as it begins) named after its kind
        shown = f"{images[-1].picture}.png" if images else "map.png"
        return await self._post(channel, body, tail, file=png_file(data, shown, self._upload_limit(channel)),
                                extra_files=[battle] if battle else None,
                                view=view, allowed=allowed, nonce=nonce, unit=nonce)

    async def _deliver_to_user(self, m: Any, nonce: str) -> str:
        """A DM (private log lines, "your move" with the choices and the private map, reminders). When
        the user's DMs are closed, the user is told privately on their next interaction."""
        if m.kind == "private_log" and m.game_id is not None and await self._already_shown(m):
            return "shown-in-reply"
        body, tail, view, data, extra = m.text or "", "", None, None, []
        lead = None  # a picture shown before the map (the battle a prompt is about)
        if m.kind == "your_move" and m.game_id is not None and m.role:
            mine = await self.call(self.service.choices, m.game_id, m.target)
            rcs = [rc for rc in mine if rc.role == m.role]
            if not rcs:
                return "obsolete"  # already played (e.g. at once from the channel)
            status = await self.call(self.service.status, m.game_id)
            tail, view = self.choices_message(status, rcs[0], brief=True)
            # one message for all the player's roles asked at once: the buttons are the first role's
            others = [rc.role_name for rc in mine if rc.role != m.role and rc.role_name in body]
            if others:
                tail += f"\n*{', '.join(others)}: use `/play` for those choices.*"
            if self.settings.dm_turn_map:
                lead, data, extra = await self._prompt_pictures(m)
        if m.image is not None and (m.kind != "your_move" or not self.settings.dm_turn_map):
            # the picture the message asks for: a follower's public map, the addressee's own view...
            data, why = await self._picture(self.service.render_image, m.image)
            if data is None:
                log.warning("Picture of outbox message %s not drawn: %s", m.id, why)
        user = await self._user(m.target)
        name = "my-map.png" if m.private else "map.png"
        if lead is not None:
            extra = [f for f in [png_file(data, name)] if f is not None] + extra
        try:
            ref = await self._post(user, body, tail, file=lead or png_file(data, name), extra_files=extra, view=view,
                                   nonce=nonce, unit=nonce)
        except discord.Forbidden:
            return await self._dm_closed(m)
        if await self._flag(str(m.target), DM_CLOSED_FLAG):  # open again: a later closing is told again
            await self._set_flag(str(m.target), DM_CLOSED_FLAG, None)
        return ref

    async def _prompt_pictures(self, m: Any) -> tuple[Any, bytes | None, list[Any]]:
        """The pictures of a "your move" DM, read from the game's picture manifest and drawn for the
        player (all their roles): (the picture the decision is about, shown first — ``m.image`` or a
        picture that shows something now, e.g. the battle; the main picture; those every prompt brings,
        the hand: cards, and every own block named at a size a phone reads)."""
        kinds = await self.call(self.service.picture_manifest, m.game_id)
        main = kinds[0].id if kinds else "map"
        data, _ = await self._picture(self.service.picture, m.game_id, m.target, main)
        if data is None:
            return None, None, []
        if m.image is not None and m.image.picture != main:
            kind = m.image.picture
            needed, _ = await self._picture(self.service.picture, m.game_id, m.target, kind)
        else:
            needed, kind = await self._battle_picture(m.game_id, m.target, None)
        extra = []
        for other in (k.id for k in kinds[1:] if k.with_prompt and k.id != kind):
            png, _ = await self._picture(self.service.picture, m.game_id, m.target, other)
            extra += [f for f in [png_file(png, f"my-{other}.png")] if f is not None]
        return png_file(needed, f"{kind}.png"), data, extra

    @staticmethod
    def _snowflake(value: Any) -> bool:
        """Whether ``value`` can be a Discord id (a snowflake: a positive 64-bit integer)."""
        text = str(value)
        return text.isascii() and text.isdigit() and 0 < int(text) < 2 ** 64

    async def _channel(self, channel_id: str) -> Any:
        channel = self.client.get_channel(int(channel_id))
        return channel if channel is not None else await self.client.fetch_channel(int(channel_id))

    async def _user(self, user_id: str) -> Any:
        user = self.client.get_user(int(user_id))
        return user if user is not None else await self.client.fetch_user(int(user_id))

    async def _already_shown(self, m: Any) -> bool:
        """Whether the lines of a private log message were all shown in the reply to the user's order."""
        prefix = f"Game #{m.game_id}: "
        lines = (m.text[len(prefix):] if m.text.startswith(prefix) else m.text).split("\n")
        return await self.call(self.service.memory.take_shown, str(m.target), int(m.game_id), lines)

"""The Discord layer proper: what each command, button and menu does, over the table service.

Thin by design: every rule and every stored fact lives in :class:`bot.service.TableService`; this module
only resolves which game and which seat a Discord user means, calls the service in a worker thread
(``asyncio.to_thread``: SQLite and rendering never block the event loop), and turns the answers into
messages. Replies to commands are private (ephemeral); what the table should see (seats taken, turns,
the map, whose move) arrives through the service's outbox, delivered by :meth:`Layer.deliver_pending`.

Every interaction is answered exactly once: slow handlers defer first (within Discord's 3 seconds) and
then send followups; quick ones (autocomplete, page turns) answer directly.

Access: a game named by its id is shown only in its own server, to someone who can see its channel (or
in DMs, to its players and game master). Mentions: the channel pings a player only on the post that says
a role of theirs is newly waited for, and exactly that player (no name or reason can ping anyone).
"""

from __future__ import annotations

import asyncio
import contextvars
import datetime
import hashlib
import json
import logging
import re
from typing import Any, Awaitable, Callable, Iterable

import discord
from discord import app_commands

from bot import clock
from bot.logview import turn_label_of, with_headings
from bot.service import RenderUnavailable, ServiceError, StaleVersion, parse_game_id

from . import limits as L
from . import talk as talk_threads
from .components import choices_view, open_view
from .replies import DM_HELP, NO_MENTIONS, answer, defer, png_file, send_dm, send_private, too_big
from .settings import PERMISSION_NAMES, DiscordSettings

log = logging.getLogger("herald.discord")

#: Discord error codes that no retry can cure: the message is given up and the game master told
PERMANENT_ERRORS = {10003: "Unknown Channel", 10013: "Unknown User", 50001: "Missing Access",
                    50013: "Missing Permissions"}
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)

#: service calls that change something: a failure after one of them must not claim "nothing changed"
MUTATING = {"submit", "undo", "create_game", "join", "leave", "swap", "accept_swap", "decline_swap",
            "set_autopass", "start", "end", "abort", "pause", "resume", "replace_seat", "extend_deadline", "set_vacation", "spectate", "unspectate",
            "send"}
#: the mutating service calls made while handling the current interaction (see Layer._guarded)
_CHANGED: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("herald_changed", default=None)

#: an order reference offered by autocomplete when an action id is too long for it: n-th action of a role
#: at a game version ("#3", "#3:york", "#3:york:17")
ORDER_REF = re.compile(r"^#([0-9]{1,4})(?::([A-Za-z0-9_.-]{1,32}))?(?::([0-9]{1,12}))?$")
#: an order as autocomplete offers it: the version it was offered at, the role and the action id
#: ("@17:york:home:calais"), so the same pick sent twice is recognised as the same order
VERSIONED_ORDER = re.compile(r"^@([0-9]{1,12}):([A-Za-z0-9_.-]{1,32}):(\S.*)$")

HELP = """**Herald** hosts slow board games here, with every rule enforced.
• `/game new` creates a game in this channel (or a thread); others `/game join`; the game master `/game start`s.
  `/game swap` to a taken seat asks its player, who answers with `/game accept-swap` or `/game decline-swap`.
• When it is your move the channel mentions you once, with a **My choices** button, and you get a DM with your
  private map and your choices as buttons; `/play` shows them here too (only you see them), `/order` lets
  you type an order with suggestions.
• `/hand`, `/view` show your private pieces and map, only to you (`dm:True` sends them by DM); `/map` posts the
  public map; `/log` the log you may read (🔒 lines are yours alone).
• `/undo` takes back your last order until something is revealed; `/deadline`, `/vacation` for slow play;
  `/game follow` to follow a game as a spectator.
• Game masters (or anyone with Manage Server): `/admin replace-seat`, `extend-deadline`, `pause`, `resume`, `abort`.
Secret choices (card plays, bids) are made privately and announced only when everyone has chosen."""


#: user flag: the user was told (privately) that their DMs are closed
DM_CLOSED_FLAG = "discord:dm-closed-hint"
#: a delivery problem already reported to a game master is reported again after this many seconds
ALERT_AGAIN_AFTER = 7 * 86400

#: Seconds Herald relies on Discord to remember a nonce (Discord says "a few minutes"). A unit retried
#: later than this after its first attempt began may have been posted already: the destination's recent
#: messages are read to find out, instead of trusting the nonce.
NONCE_MEMORY = 120.0

STALE = "That choice is no longer current: the game has moved on. Here are your choices now."


class Refusal(Exception):
    """Something the Discord layer refuses (ambiguous game, not your seat...), with a message for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Undeliverable(Exception):
    """An outbox message that no retry can deliver (a private message addressed to a channel)."""


class NotDiscord(Undeliverable):
    """An outbox message addressed to a channel or user that is not Discord's (not a snowflake), such as
    the local console's channel "local": given up, never retried."""


def choice_token(rc: Any) -> str:
    """``<version>x<fingerprint>``: the game version the choices were shown at, and a short hash of the
    role's prompt and legal action ids. See :meth:`Layer._current` for how a click is matched."""
    digest = hashlib.sha1(json.dumps([rc.role, rc.prompt, [a.id for a in rc.actions]]).encode()).hexdigest()[:6]
    return f"{rc.version}x{digest}"


def _split_token(token: str) -> tuple[int, str]:
    version, _, digest = token.partition("x")
    return (int(version) if version.isascii() and version.isdigit() and len(version) <= 18 else -1), digest


def when(ts: float, relative: bool = True) -> str:
    """A time as a Discord timestamp: each reader sees it in their own time zone and language (a plain
    UTC time confuses players spread over the world); with ``relative``, "in 5 hours" after it."""
    stamp = int(ts)
    return f"<t:{stamp}:f> (<t:{stamp}:R>)" if relative else f"<t:{stamp}:f>"


def private_facts(mine: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """What a role's view shows beyond the public view (its hand, hidden blocks, its secret choice)."""
    return {k: v for k, v in mine.items() if public.get(k) != v}


def humanize(value: Any, depth: int = 0) -> str:
    """A view fragment as short readable text: things with a name by their name, lists joined by commas,
    mappings as "key: value" pairs."""
    if isinstance(value, dict):
        for key in ("name", "title", "label"):
            if isinstance(value.get(key), str):
                return value[key]
        if depth >= 2:
            return "…"
        return "; ".join(f"{k.replace('_', ' ')}: {humanize(v, depth + 1)}" for k, v in value.items()
                         if v not in (None, [], {}, ""))
    if isinstance(value, (list, tuple)):
        return ", ".join(humanize(v, depth + 1) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def format_facts(facts: dict[str, Any], limit: int = 1500) -> str:
    """The private part of a view, for reading (the pictures show it properly when there are any)."""
    if not facts:
        return "Nothing hidden from the others right now."
    lines = [f"**{key.replace('_', ' ')}**: {L.clip(humanize(value), 400)}" for key, value in facts.items()
             if key not in ("role",)]
    return L.clip("\n".join(lines), limit)


class Layer:
    """Everything the commands and components do. ``client`` is the ``discord.Client`` (or, in tests, a
    fake with ``get_user/fetch_user/get_channel/fetch_channel``)."""

    def __init__(self, service: Any, client: Any, settings: DiscordSettings | None = None) -> None:
        self.service = service
        self.client = client
        self.settings = settings or DiscordSettings()
        self._delivery_lock = asyncio.Lock()
        #: the service's per-user flags as last read or written by this process (see _flag); they record
        #: a "your DMs are closed" hint given and delivery problems reported, across restarts
        self._flags: dict[tuple[str, str], str | None] = {}
        #: the versions /order's autocomplete last offered a user's roles at: (user, game) -> {role: version};
        #: a typed order (not a picked suggestion) is judged against what the user was shown
        self._offered: dict[tuple[str, int], dict[str, int]] = {}
        # the private notes waiting for a user and the private lines a user already read in a reply are
        # kept by the service (service.memory): they outlive a restart

    # ---- plumbing -----------------------------------------------------------------------------
    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a (blocking) service call in a worker thread."""
        result = await asyncio.to_thread(fn, *args, **kwargs)
        changed = _CHANGED.get()
        name = getattr(fn, "__name__", "")
        if changed is not None and name in MUTATING:
            changed.append(name)
        return result

    async def _guarded(self, interaction: discord.Interaction, work: Callable[[], Awaitable[None]], *,
                       ephemeral: bool = True, deliver: bool = False) -> None:
        """Defer, run ``work``, turn refusals and failures into a private reply that says truthfully
        whether anything changed, show the user's pending notes, then deliver queued messages (a
        delivery problem is logged; it never turns into a reply about the user's order)."""
        changed: list[str] = []
        token = _CHANGED.set(changed)
        try:
            try:
                await defer(interaction, ephemeral=ephemeral)
                await work()
            except (ServiceError, Refusal) as error:
                text = f"⚠️ {error.message}"
                if changed:
                    text += "\n" + self._changed_note(changed)
                await self._reply_safely(interaction, text)
            except discord.HTTPException as error:
                log.warning("Discord refused part of a reply: %s", error)
                await self._reply_safely(interaction, self._failure_text(changed, f"Discord refused it: {error}"))
            except Exception:
                log.exception("Handler failed")
                await self._reply_safely(interaction, self._failure_text(changed, None))
            await self._flush_notes(interaction)
        finally:
            _CHANGED.reset(token)
        if deliver or changed:
            await self.deliver_quietly()

    @staticmethod
    def _changed_note(changed: list[str]) -> str:
        return ("(What was done before that is recorded: `/game status` and `/play` show where the game "
                "stands.)")

    @staticmethod
    def _failure_text(changed: list[str], detail: str | None) -> str:
        why = f" ({detail})" if detail else ""
        if changed:
            what = ("Your order was recorded" if "submit" in changed else
                    "Your order was taken back" if "undo" in changed else "That was done")
            return (f"⚠️ {what}, but Herald could not finish its reply{why}. `/play` and `/game status` show "
                    "where the game stands.")
        return (f"⚠️ Something went wrong on Herald's side{why}; nothing was changed. Please try again, or "
                "tell the game master.")

    async def _reply_safely(self, interaction: discord.Interaction, text: str) -> None:
        """A private reply that must not raise: the deferred "thinking…" always gets its followup when
        Discord lets us send one at all."""
        try:
            await answer(interaction, text, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Could not answer interaction %s: %s", getattr(interaction, "id", "?"), error)

    async def deliver_quietly(self) -> None:
        """Deliver what is queued, after answering an interaction: a failure is logged (the outbox
        keeps the messages for the next round), never reported as a failure of the user's order."""
        try:
            await self.deliver_pending()
        except Exception:
            log.exception("Outbox delivery after an interaction failed; the delivery loop retries it")

    async def note_for(self, user_id: str, text: str, flag: tuple[str, str] | None = None) -> None:
        """Keep ``text`` for ``user_id`` (in the database): shown privately with the answer to their next
        interaction; ``flag`` (key, value): the user flag to set once it has been shown."""
        await self.call(self.service.memory.add_note, str(user_id), text, flag)

    async def has_note(self, user_id: str, text: str) -> bool:
        return await self.call(self.service.memory.has_note, str(user_id), text)

    async def _flush_notes(self, interaction: discord.Interaction) -> None:
        user = self.uid(interaction.user)
        try:
            notes = await self.call(self.service.memory.notes, user)
        except Exception:
            log.exception("Could not read the notes of %s", user)
            return
        if not notes:
            return
        try:
            await answer(interaction, "\n\n".join(text for _, text in notes), ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Could not show notes to %s: %s", interaction.user, error)
            return  # kept for the next interaction
        try:
            await self.call(self.service.memory.notes_shown, user, [i for i, _ in notes])
        except Exception:
            log.exception("Could not record the notes shown to %s", user)
        self._flags = {k: v for k, v in self._flags.items() if k[0] != user}  # the service set their flags

    # ---- per-user flags (kept by the service, so they outlive a restart) ------------------------
    async def _flag(self, user_id: str, key: str) -> str | None:
        cached = (str(user_id), key)
        if cached not in self._flags:
            self._flags[cached] = await self.call(self.service.user_flag, str(user_id), key)
        return self._flags[cached]

    async def _set_flag(self, user_id: str, key: str, value: str | None) -> None:
        """Record a flag; a failure is logged (at worst a hint is given twice)."""
        try:
            await self.call(self.service.set_user_flag, str(user_id), key, value)
            self._flags[(str(user_id), key)] = value
        except Exception:
            log.exception("Could not record the flag %s of user %s", key, user_id)

    @staticmethod
    def uid(user: Any) -> str:
        return str(user.id)

    @staticmethod
    def uname(user: Any) -> str:
        return str(getattr(user, "display_name", None) or getattr(user, "name", None) or user.id)

    def catalogue(self) -> list[dict[str, Any]]:
        return [{"id": e.id, "title": e.title} for e in self.service.catalogue()]

    async def resolve(self, interaction: discord.Interaction, game: str | None,
                      statuses: Iterable[str] | None = None) -> Any:
        """The game a command means: ``game`` when given (if this user may see it from here, see
        :meth:`check_access`); else the only (unfinished) game of this channel or thread; else the user's
        only game; else the newest finished game of this channel."""
        if game:
            try:
                game_id = parse_game_id(game)
            except (ServiceError, ValueError):
                raise Refusal(f"'{game}' is not a game number; pick one from the suggestions.") from None
            status = await self.call(self.service.status, game_id)
            await self.check_access(interaction, status)
            return status
        user = self.uid(interaction.user)
        wanted = set(statuses) if statuses else None

        def fits(items):
            # prefer games in the wanted states; else let the service say why the others will not do
            return [s for s in items if wanted is None or s.status in wanted] or list(items)

        if interaction.guild is not None and interaction.channel_id is not None:
            here = fits(await self.call(self.service.games_in_channel, str(interaction.channel_id)))
            if len(here) == 1:
                return here[0]
            if len(here) > 1:
                seated = [s for s in here if any(seat.user_id == user for seat in s.seats)]
                if len(seated) == 1:
                    return seated[0]
                raise Refusal("There are several games in this channel (" + ", ".join(f"#{s.game_id}" for s in here)
                              + "): say which with the `game` option.")
        mine = fits(await self.call(self.service.games_of_user, user))
        if len(mine) == 1:
            return mine[0]
        if len(mine) > 1:
            raise Refusal("You are in several games (" + ", ".join(f"#{s.game_id} {s.title}" for s in mine[:10])
                          + "): say which with the `game` option.")
        if interaction.guild is not None and interaction.channel_id is not None:
            ended = await self.call(self.service.games_in_channel, str(interaction.channel_id), True)
            if ended:
                return ended[0]  # the newest game of this channel, finished: its log, map, history
        raise Refusal("There is no game here. Create one with `/game new`, or name one with the `game` option.")

    # ---- access --------------------------------------------------------------------------------
    async def _game_channel(self, status: Any) -> Any | None:
        """The Discord channel (or thread) a game is bound to, or None when Herald cannot see it."""
        if not str(status.channel).isdigit():
            return None
        try:
            return await self._channel(status.channel)
        except (discord.HTTPException, discord.ClientException, ValueError):
            return None

    @staticmethod
    def _can_view(channel: Any, member: Any) -> bool:
        try:
            return bool(channel.permissions_for(member).view_channel)
        except Exception:  # not a member of that server, parent channel not cached...: not visible
            return False

    async def same_server(self, interaction: discord.Interaction, status: Any) -> bool:
        """Whether the interaction comes from the server the game is played in: the guild stored with the
        game; for a game created without it (by an older Herald), the guild of its channel."""
        if interaction.guild is None:
            return False
        stored = getattr(status, "guild", None)
        if stored:
            return str(stored) == str(interaction.guild.id)
        channel = await self._game_channel(status)
        guild = getattr(channel, "guild", None)
        return guild is not None and guild.id == interaction.guild.id

    async def check_access(self, interaction: discord.Interaction, status: Any) -> None:
        """A game named by id: in a server, only a game of that server, and (for someone who neither
        plays it nor runs it) only when they can see its channel; in DMs, only one's own games. The
        refusal does not tell whether such a game exists elsewhere."""
        user = self.uid(interaction.user)
        involved = bool(self.roles_of(status, user)) or status.gm == user
        if interaction.guild is None:
            if involved:
                return
            raise Refusal(f"In direct messages you can name only your own games, and #{status.game_id} is not "
                          "one of them. Use the command in the game's server.")
        if not await self.same_server(interaction, status):
            raise Refusal(f"There is no game #{status.game_id} in this server.")
        if involved:
            return
        channel = await self._game_channel(status)
        if not self._can_view(channel, interaction.user):
            raise Refusal(f"There is no game #{status.game_id} that you can see here.")

    @staticmethod
    def roles_of(status: Any, user_id: str) -> list[str]:
        return [r for seat in status.seats if seat.user_id == user_id for r in seat.roles]

    @staticmethod
    def holder(status: Any, role: str) -> str | None:
        for seat in status.seats:
            if role in seat.roles:
                return seat.user_id
        return None

    @staticmethod
    def role_name(status: Any, role: str) -> str:
        for seat in status.seats:
            for r, name in zip(seat.roles, seat.role_names):
                if r == role:
                    return name
        return role

    def _mention(self, user_id: str | None) -> str:
        if not user_id:
            return "nobody"
        return f"<@{user_id}>" if str(user_id).isdigit() else str(user_id)

    def waiting_line(self, status: Any) -> str:
        if status.status != "active" or not status.waiting:
            return ""
        parts = []
        chosen = []
        for w in status.waiting:
            if getattr(w, "committed", False):  # a secret choice already made: nobody waits for it
                chosen.append(w.role_name)
                continue
            by = f", by {when(w.deadline)}" if w.deadline and not w.paused else ""
            away = " (clock stopped)" if w.paused else ""
            parts.append(f"{w.role_name} {self._mention(w.user_id)}{away}{by}")
        if not parts:
            return ""
        done = f" ({', '.join(chosen)} {'has' if len(chosen) == 1 else 'have'} chosen)" if chosen else ""
        return "**Now:** " + "; ".join(parts) + done

    # ---- choices -------------------------------------------------------------------------------
    def choices_message(self, status: Any, rc: Any, page: int = 0, brief: bool = False) -> tuple[str, discord.ui.View]:
        """The text and view of a role's choices; ``brief`` leaves out the header, prompt and deadline
        (for a "your move" DM whose text already says them)."""
        view, shown, pages = choices_view(str(status.game_id), choice_token(rc), rc.role, rc.actions, page)
        lines = [] if brief else [
            f"**Game #{status.game_id} · {status.title} · {status.turn_label}** — you play **{rc.role_name}**",
            rc.prompt]
        if rc.kind == "secret":
            lines.append("*Secret choice: nobody sees it until everyone has chosen.*")
        elif rc.kind == "reaction":
            lines.append("*You may respond now, or pass.*")
        if getattr(rc, "paused", False) and not brief:
            lines.append("Deadline: clock stopped (the game is paused, or you are away).")
        elif rc.deadline and not brief:
            lines.append(f"Deadline: {when(rc.deadline)}.")
        if pages > 1:
            lines.append(f"Page {shown + 1} of {pages} (◀ ▶ below).")
        return "\n".join(lines), view

    async def _current(self, game_id: int, user_id: str, role: str, token: str) -> tuple[Any, Any, int]:
        """(status, the role's current choices, the version the clicked message was shown at), or a
        Refusal when the clicked message no longer describes the role's choices.

        The index in a custom_id is only meaningful against the same list of legal actions, so the
        fingerprint must match. Whether an order made on an older screen may still be played (another
        player's secret choice moved the game on, yours is unchanged) is the service's decision:
        ``submit(expected_version=...)`` re-checks it and raises StaleVersion otherwise."""
        status = await self.call(self.service.status, game_id)
        if self.holder(status, role) != user_id:
            raise Refusal(f"That seat ({self.role_name(status, role)}) is not yours; only its player can act for it.")
        rcs = await self.call(self.service.choices, game_id, user_id)
        rc = next((r for r in rcs if r.role == role), None)
        if rc is None:
            raise Refusal(f"That choice is no longer current: {self.role_name(status, role)} has nothing to do in "
                          f"game #{game_id} now. " + (self.waiting_line(status) or ""))
        version, digest = _split_token(token)
        if digest != _split_token(choice_token(rc))[1] or version < 1:
            raise Refusal(STALE)
        return status, rc, version

    async def _send_choices(self, interaction: discord.Interaction, status: Any, rcs: list[Any]) -> None:
        for rc in rcs:
            content, view = self.choices_message(status, rc)
            await answer(interaction, content, ephemeral=True, view=view)

    async def play(self, interaction: discord.Interaction, game: str | None, role: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            await self._show_choices(interaction, status, role)
        await self._guarded(interaction, work)

    async def _show_choices(self, interaction: discord.Interaction, status: Any, role: str | None) -> None:
        user = self.uid(interaction.user)
        held = self.roles_of(status, user)
        if not held:
            raise Refusal(f"You hold no seat in game #{status.game_id}. " + (self.waiting_line(status) or ""))
        if role and role not in held:
            raise Refusal(f"You do not play {role} in game #{status.game_id}; you play {', '.join(held)}.")
        rcs = await self.call(self.service.choices, status.game_id, user)
        rcs = [rc for rc in rcs if role is None or rc.role == role]
        if not rcs:
            why = {"open": "it has not started", "paused": "it is paused", "finished": "it is over",
                   "aborted": "it was aborted"}.get(status.status)
            text = f"Nothing for you to do in game #{status.game_id} now"
            text += f": {why}." if why else f". {self.waiting_line(status)}"
            await answer(interaction, text, ephemeral=True)
            return
        await self._send_choices(interaction, status, rcs)

    async def on_open(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            status = await self.call(self.service.status, parse_game_id(game))
            await self._show_choices(interaction, status, None)
        await self._guarded(interaction, work)

    async def on_page(self, interaction: discord.Interaction, game: str, token: str, role: str, page: int) -> None:
        user = self.uid(interaction.user)
        try:
            await interaction.response.defer()  # a deferred update: the message itself is edited below
            try:
                status, rc, _ = await self._current(parse_game_id(game), user, role, token)
            except (ServiceError, Refusal) as error:
                await answer(interaction, f"⚠️ {error.message}", ephemeral=True)
                return
            content, view = self.choices_message(status, rc, page)
            await interaction.edit_original_response(content=L.clip_message(content), view=view)
        except discord.HTTPException as error:
            log.warning("Page turn failed: %s", error)
            await self._reply_safely(interaction, f"⚠️ Discord refused to show that page ({error}). `/play` shows "
                                                  "your choices again.")
        except Exception:
            log.exception("Page turn failed")
            await self._reply_safely(interaction, self._failure_text([], None))
        await self._flush_notes(interaction)

    async def on_choice(self, interaction: discord.Interaction, game: str, token: str, role: str, index: int) -> None:
        game_id = parse_game_id(game)
        user = self.uid(interaction.user)

        async def stale(message: str) -> None:
            if message != STALE:
                await answer(interaction, f"⚠️ {message}", ephemeral=True)
                return
            status = await self.call(self.service.status, game_id)
            rcs = [r for r in await self.call(self.service.choices, game_id, user) if r.role == role]
            if not rcs:
                await answer(interaction, "⚠️ That choice is no longer current: you have nothing to do in game "
                                          f"#{game_id} now. {self.waiting_line(status)}", ephemeral=True)
                return
            await answer(interaction, f"⚠️ {message}", ephemeral=True)
            await self._send_choices(interaction, status, rcs)

        async def work():
            try:
                status, rc, seen = await self._current(game_id, user, role, token)
            except Refusal as refusal:
                await stale(refusal.message)
                return
            if not 0 <= index < len(rc.actions):
                await stale(STALE)
                return
            try:
                await self._submit(interaction, game_id, user, rc.actions[index].id, role, seen)
            except StaleVersion:
                await stale(STALE)
        await self._guarded(interaction, work, deliver=True)

    async def _submit(self, interaction: discord.Interaction, game_id: int, user: str, action_id: str,
                      role: str | None, version: int | None) -> None:
        result = await self.call(self.service.submit, game_id, user, action_id, role=role,
                                 expected_version=version, request_id=f"discord:{interaction.id}")
        private = [l.text for l in result.log if l.private]
        if not result.duplicate:
            await self.call(self.service.memory.lines_shown, user, game_id, private)
        text = f"✅ Game #{game_id}: **{result.label}**"
        if result.duplicate:
            text += " (already recorded)"
        if result.log:
            text += "\n" + "\n".join(("🔒 " if l.private else "") + l.text for l in result.log)
        await answer(interaction, text, ephemeral=True)
        if result.finished:
            return
        status = await self.call(self.service.status, game_id)
        rcs = await self.call(self.service.choices, game_id, user)
        await self._send_choices(interaction, status, rcs)

    # ---- typed orders --------------------------------------------------------------------------
    async def order(self, interaction: discord.Interaction, game: str | None, role: str | None, text: str) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            picked = VERSIONED_ORDER.match(text.strip())
            if picked:  # a suggestion: the service judges it against the position it was offered at
                if role is not None and role != picked[2]:
                    raise Refusal(f"That suggestion is an order for {picked[2]}, not {role}.")
                try:
                    await self._submit(interaction, status.game_id, user, picked[3], picked[2], int(picked[1]))
                except StaleVersion:
                    raise Refusal(STALE.replace(" Here are your choices now.", " `/play` shows your choices now.")) from None
                return
            rcs = [rc for rc in await self.call(self.service.choices, status.game_id, user)
                   if role is None or rc.role == role]
            if not rcs:
                raise Refusal(f"You have nothing to order in game #{status.game_id} now. {self.waiting_line(status)}")
            rc, action, version = self.match_order(rcs, text)
            if version is None:  # typed: the position the user's suggestions were last shown at
                version = self._offered.get((user, status.game_id), {}).get(rc.role, rc.version)
            elif version != rc.version:  # "#n" counts in the list of another position: its meaning is gone
                raise Refusal(STALE.replace(" Here are your choices now.", " `/play` shows your choices now."))
            await self._submit(interaction, status.game_id, user, action.id, rc.role, version)
        await self._guarded(interaction, work, deliver=True)

    @staticmethod
    def match_order(rcs: list[Any], text: str) -> tuple[Any, Any, int | None]:
        """The (role choices, action, version it was offered at) an order names: its id; ``#n`` (the n-th
        choice; ``#n:role`` or ``#n:role:version`` as autocomplete offers it for an action whose id is too
        long for Discord, the version letting the service refuse it once the game has moved on); its
        label; or a unique part of a label."""
        wanted = text.strip()
        for rc in rcs:
            for a in rc.actions:
                if a.id == wanted:
                    return rc, a, None
        ref = ORDER_REF.match(wanted)
        if ref:
            n, role, version = int(ref[1]), ref[2], ref[3]
            pool = [rc for rc in rcs if role is None or rc.role == role]
            if len(pool) > 1:
                raise Refusal(f"'{wanted}' could be an order of any of your roles ("
                              + ", ".join(rc.role_name for rc in pool) + "): pick a suggestion, or say which "
                              "with the `role` option.")
            if not pool:
                raise Refusal(f"'{wanted}' is an order for a role that has nothing to do now. Pick a fresh "
                              "suggestion, or use /play for buttons.")
            if not 1 <= n <= len(pool[0].actions):
                raise Refusal(f"There is no choice {wanted.split(':')[0]} now: {pool[0].role_name} has "
                              f"{len(pool[0].actions)}. Pick a suggestion, or use /play for buttons.")
            return pool[0], pool[0].actions[n - 1], int(version) if version else None
        low = wanted.lower()
        exact = [(rc, a) for rc in rcs for a in rc.actions if a.label.lower() == low]
        if len(exact) == 1:
            return (*exact[0], None)
        partial = [(rc, a) for rc in rcs for a in rc.actions if low and (low in a.label.lower() or low in a.id.lower())]
        if len(partial) == 1:
            return (*partial[0], None)
        found = exact or partial
        if found:
            raise Refusal(L.clip(f"'{wanted}' could mean several orders: " + "; ".join(a.label for _, a in found[:8])
                                 + ". Pick one of the suggestions.", 1800))
        sample = "; ".join(a.label for rc in rcs for a in rc.actions[:8])
        raise Refusal(L.clip(f"'{wanted}' is not one of your orders now. For example: {sample}.", 1700)
                      + " Pick a suggestion, or use /play for buttons.")

    # ---- private looks, maps, log --------------------------------------------------------------
    async def _picture(self, fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> tuple[bytes | None, str]:
        try:
            return await self.call(fn, *args, **kwargs), ""
        except RenderUnavailable as error:
            return None, error.message
        except ServiceError as error:
            return None, error.message
        except Exception as error:  # NoPicture and drawing errors: text only
            return None, str(error) or error.__class__.__name__

    async def _battle_picture(self, game_id: int, user_id: str | None, role: str | None
                              ) -> tuple[bytes | None, str]:
        """The picture a decision needs now (the battle being fought), as ``role`` (None: the public, or
        all of the user's roles) sees it, with its kind: the first picture of the game's manifest that
        shows something now (``PictureKind.shows``); (None, "") when none does."""
        for kind in await self.call(self.service.picture_manifest, game_id):
            if getattr(kind, "shows", None):
                data, _ = await self._picture(self.service.picture, game_id, user_id, kind.id, role)
                if data is not None:
                    return data, kind.id
        return None, ""

    async def private_look(self, interaction: discord.Interaction, game: str | None, role: str | None, *,
                           with_picture: bool, picture: str | None = None, dm: bool = False) -> None:
        """/hand and /view: private, so answered only to the user (ephemerally); ``dm`` sends it by DM
        instead, with the ephemeral reply (and how to open DMs) when theirs are closed."""
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            held = self.roles_of(status, user)
            if not held:
                raise Refusal(f"You hold no seat in game #{status.game_id}: there is nothing private to show. "
                              "Use /map for the public map.")
            if role and role not in held:
                raise Refusal(f"You do not play {role} in game #{status.game_id}; you play {', '.join(held)}.")
            # a player holding several roles sees them all together unless they name one
            which = role or (held[0] if len(held) == 1 else None)
            mine = await self.call(self.service.view, status.game_id, user, which)
            public = await self.call(self.service.view, status.game_id, None)
            names = " + ".join(self.role_name(status, r) for r in ([which] if which else held))
            text = (f"**Game #{status.game_id} · {names}** — only you can see this.\n"
                    + format_facts(private_facts(mine, public)))
            data, why = None, ""
            kinds = await self.call(self.service.picture_manifest, status.game_id)
            main = kinds[0].id if kinds else "map"
            private = next((k.id for k in kinds if k.private), None)   # the hand, for /hand
            wanted = picture or (main if with_picture else private)
            if wanted:
                data, why = await self._picture(self.service.picture, status.game_id, user, wanted, which)
                if data is None and with_picture:
                    text += f"\n*(No picture: {why})*"
                elif too_big(data):
                    text += "\n*(The picture is too large for Discord to attach.)*"
            await send_private(interaction, text, file_bytes=data, filename=f"{wanted or 'map'}.png", prefer_dm=dm)
        await self._guarded(interaction, work)

    async def public_map(self, interaction: discord.Interaction, game: str | None, picture: str | None) -> None:
        changed: list[str] = []
        token = _CHANGED.set(changed)
        try:
            await self._public_map(interaction, game, picture)
        except discord.HTTPException as error:
            log.warning("Posting the map failed: %s", error)
            await self._private_after_public_defer(interaction, f"⚠️ Discord refused the map ({error}).")
        except Exception:
            log.exception("Posting the map failed")
            await self._private_after_public_defer(interaction, self._failure_text([], None))
        finally:
            _CHANGED.reset(token)
        await self._flush_notes(interaction)

    async def _private_after_public_defer(self, interaction: discord.Interaction, text: str) -> None:
        """Answer privately after a public deferral: the public "thinking…" message goes first (a
        followup would otherwise replace it, in public), then the answer comes ephemerally."""
        try:
            if interaction.response.is_done():
                try:
                    await interaction.delete_original_response()
                except discord.HTTPException:
                    pass
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            else:
                await answer(interaction, text, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Could not answer interaction %s: %s", getattr(interaction, "id", "?"), error)

    async def _public_map(self, interaction: discord.Interaction, game: str | None, picture: str | None) -> None:
        await defer(interaction, ephemeral=False)  # the map is for the whole channel
        try:
            status = await self.resolve(interaction, game)
            if status.status == "open":
                raise Refusal(f"Game #{status.game_id} has not started: no map yet.")
            if interaction.guild is not None and not await self.same_server(interaction, status):
                raise Refusal(f"Game #{status.game_id} is played in another server: /map posts its map only "
                              "there. `/view` shows you your own map here, privately.")
            kinds = await self.call(self.service.pictures, status.game_id)
            if picture and picture not in kinds:  # never echoed: the refusal is private and names the kinds
                raise Refusal("That is not a picture of this game; pick one of: "
                              + (", ".join(f"`{k}`" for k in kinds) or "none (pictures are not available)") + ".")
        except (ServiceError, Refusal) as error:
            # keep the refusal private: drop the public "thinking…" message, then answer ephemerally
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                pass
            await interaction.followup.send(f"⚠️ {error.message}", ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        data, why = await self._picture(self.service.picture, status.game_id, None, picture)
        text = f"**Game #{status.game_id} · {status.title} · {status.turn_label}**"
        if data is None:
            text += f"\n*(No picture: {why})*"
        elif too_big(data, self._upload_limit(interaction.channel)):
            text += "\n*(The picture is too large for Discord to attach here.)*"
        line = self.waiting_line(status)
        if line:
            text += "\n" + line
        await answer(interaction, text, ephemeral=False,
                     file=png_file(data, f"{picture or 'map'}.png", self._upload_limit(interaction.channel)))

    @staticmethod
    def _upload_limit(channel: Any) -> int:
        limit = getattr(getattr(channel, "guild", None), "filesize_limit", None)
        return limit if isinstance(limit, int) and limit > 0 else L.ATTACHMENT_MAX

    async def show_log(self, interaction: discord.Interaction, game: str | None, lines: int,
                       new: bool = False) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            if new:
                entries = (await self.call(self.service.digest, status.game_id, user))[-lines:]
            else:
                entries = await self.call(self.service.log, status.game_id, user, lines)
            turns = await self.call(self.service.history, status.game_id, user) if status.status != "open" else []
            out: list[str] = []
            size = 0
            for heading, entry in reversed(with_headings(entries, turns)):
                line = ("🔒 " if entry.private else "") + entry.text
                if heading:   # the turn's heading, above its first line shown
                    line = f"**{heading}**\n{line}"
                if size + len(line) + 1 > L.MESSAGE_CONTENT_MAX - 100:
                    break
                out.append(line)
                size += len(line) + 1
                oldest = (heading, entry)
            if out and not oldest[0] and turn_label_of(oldest[1].pos, turns):   # cut off above: say the turn
                out[-1] = f"**{turn_label_of(oldest[1].pos, turns)}**\n{out[-1]}"
            which = "new since you last looked" if new else "last"
            head = f"**Game #{status.game_id} log** ({which}: {len(out)} lines; 🔒 = only you can read it)\n"
            await answer(interaction, head + ("\n".join(reversed(out)) or "Nothing yet."), ephemeral=True)
        await self._guarded(interaction, work)

    # ---- /game ---------------------------------------------------------------------------------
    @staticmethod
    def parse_options(text: str | None) -> dict[str, str]:
        options: dict[str, str] = {}
        for part in (text or "").replace(",", " ").split():
            key, sep, value = part.partition("=")
            if not sep or not key:
                raise Refusal(f"Write options as key=value (for example `{part}=true`), separated by spaces.")
            options[key.strip()] = value.strip()
        return options

    @staticmethod
    def _in_thread(channel: Any) -> bool:
        return isinstance(channel, discord.Thread) or getattr(channel, "type", None) in THREAD_TYPES

    def missing_permissions(self, interaction: discord.Interaction, thread: bool) -> list[str]:
        """What Herald lacks in the interaction's channel to host a game there (names as Discord's
        settings show them): see the channel, post in it (in a thread: post in threads), attach the map,
        embed links; with ``thread``, also open a public thread and post in it."""
        perms = getattr(interaction, "app_permissions", None)
        if perms is None:  # pragma: no cover - every interaction from Discord carries them
            return []
        need = self._posting_needs(interaction.channel, with_file=True)
        if thread:
            need += ["create_public_threads", "send_messages_in_threads"]
        missing: list[str] = []
        for name in need:
            if not getattr(perms, name, False) and PERMISSION_NAMES[name] not in missing:
                missing.append(PERMISSION_NAMES[name])
        return missing

    def _check_new(self, game: str, scenario: str | None, options: dict[str, str], role: str | None,
                   players: int | None = None, seating: str | None = None) -> None:
        """The game, scenario, options, player count, seating and seat of a /game new, checked before
        anything is created (so a typo never leaves an empty thread behind). The service checks them
        again when creating."""
        # NotFound / BadOption, as create_game would
        seats = self.service.validate_setup(game, scenario, options, players, None, seating)
        number = (role or "").strip()
        if number.isascii() and number.isdigit() and not (len(number) <= 9 and 1 <= int(number) <= (seats or 0)):
            raise Refusal(f"There is no seat {number[:12]}: that scenario has seats 1 to {seats}.")
        if role and not (number.isascii() and number.isdigit()):
            seats = self.service.roles(game, scenario)
            wanted = role.strip().lower()
            if not any(wanted in (r.lower(), name.lower()) for r, name in seats):
                raise Refusal(f"There is no seat '{role}' in that scenario. Seats: "
                              + ", ".join(name for _, name in seats) + ".")

    NO_THREAD_HERE = ("I can open a thread only from a text or announcement channel. Create the game here without "
                      "`thread`, or use /game new in such a channel.")

    async def _open_thread(self, interaction: discord.Interaction, game: str) -> Any:
        channel = interaction.channel
        kind = getattr(channel, "type", None)
        if kind in (discord.ChannelType.text, discord.ChannelType.news) and not hasattr(channel, "create_thread"):
            channel = await self._channel(str(interaction.channel_id))  # not cached: fetch the real channel
        if kind not in (discord.ChannelType.text, discord.ChannelType.news) or not hasattr(channel, "create_thread"):
            raise Refusal(self.NO_THREAD_HERE)
        # an announcement channel's threads are "news" threads; Discord refuses a public_thread there
        kind = discord.ChannelType.news_thread if kind == discord.ChannelType.news else discord.ChannelType.public_thread
        titles = {e["id"]: e["title"] for e in self.catalogue()}
        try:
            return await channel.create_thread(
                name=L.clip(f"{titles.get(game, game)} — {self.uname(interaction.user)}", 100), type=kind,
                auto_archive_duration=10080, reason=f"Herald game created by {self.uname(interaction.user)}")
        except discord.Forbidden:
            raise Refusal("Discord did not let me create a thread here: I need **Create Public Threads** and "
                          "**Send Messages in Threads** in this channel.") from None

    async def game_new(self, interaction: discord.Interaction, game: str, scenario: str | None,
                       options: str | None, role: str | None, thread: bool, players: int | None = None,
                       seating: str | None = None) -> None:
        async def work():
            if interaction.guild is None:
                raise Refusal("Create games in a server channel, where the other players can see them.")
            if thread and getattr(interaction.channel, "type", None) not in (discord.ChannelType.text,
                                                                              discord.ChannelType.news):
                raise Refusal(self.NO_THREAD_HERE)
            missing = self.missing_permissions(interaction, thread)
            if missing:
                raise Refusal("I cannot host a game here: I lack " + ", ".join(f"**{m}**" for m in missing)
                              + " in this channel. Ask a server admin to give Herald these permissions (Server "
                              "Settings ▸ Roles ▸ Herald's role, or this channel's Edit Channel ▸ Permissions), "
                              "then try again.")
            opts = self.parse_options(options)
            await self.call(self._check_new, game, scenario, opts, role, players, seating)
            channel_id = str(interaction.channel_id)
            where = f"<#{channel_id}>"
            made = None
            if thread:
                made = await self._open_thread(interaction, game)
                channel_id, where = str(made.id), made.mention
            try:
                # the creator's seat is taken in the same transaction: a refused seat leaves no game behind
                status = await self.call(self.service.create_game, game, channel=channel_id,
                                         creator_id=self.uid(interaction.user),
                                         creator_name=self.uname(interaction.user), scenario=scenario, options=opts,
                                         guild=str(interaction.guild.id), seat=role or None, players=players,
                                         seating=seating)
            except Exception as error:
                if made is not None:  # do not leave an empty thread behind
                    try:
                        await made.delete()
                    except discord.HTTPException:
                        pass
                if isinstance(error, ServiceError):
                    raise Refusal(f"{error.message} No game was created.") from None
                raise
            text = f"Game #{status.game_id} ({status.title}, {status.scenario}) is open in {where}. "
            if role:
                seat = next(s for s in status.seats if s.user_id == self.uid(interaction.user))
                text += f"You sit at seat {seat.seat} ({', '.join(seat.role_names)}). "
            seats = ", ".join("/".join(s.role_names) for s in status.seats)
            text += (f"Seats: {seats}. Players join with `/game join`; you start it with `/game start` "
                     "once every seat is taken.")
            await answer(interaction, text, ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_join(self, interaction: discord.Interaction, game: str | None, role: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            seat = await self.call(self.service.join, status.game_id, self.uid(interaction.user),
                                   self.uname(interaction.user), role)
            await answer(interaction, f"You sit at seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                                      f"#{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_leave(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            await self.call(self.service.leave, status.game_id, self.uid(interaction.user))
            await answer(interaction, f"You left game #{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_swap(self, interaction: discord.Interaction, game: str | None, role: str) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            user = self.uid(interaction.user)
            seat = await self.call(self.service.swap, status.game_id, user, role)
            if seat.user_id is not None and str(seat.user_id) != user:  # only asked: its player must agree
                who = discord.utils.escape_mentions(L.clip(seat.user_name or str(seat.user_id), 64))
                await answer(interaction, f"You asked {who} to exchange seats: seat {seat.seat} "
                                          f"({', '.join(seat.role_names)}) in game #{status.game_id}. Nothing "
                                          "changes until they accept (`/game accept-swap`); `/game decline-swap` "
                                          "withdraws your request.", ephemeral=True)
                return
            await answer(interaction, f"You now sit at seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                                      f"#{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    @staticmethod
    def _seat_of_user(status: Any, user_id: str) -> Any | None:
        return next((s for s in status.seats if str(s.user_id) == user_id), None)

    async def game_swap_answer(self, interaction: discord.Interaction, game: str | None, accept: bool,
                               requester: Any | None = None) -> None:
        """/game accept-swap and /game decline-swap: answer a request to exchange seats (``requester``:
        whose, needed only when several wait). Declining with none waiting withdraws one's own request.
        The other player is told privately."""
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            user = self.uid(interaction.user)
            wanted = self.uid(requester) if requester is not None else None
            mine = self._seat_of_user(status, user)
            if mine is None:
                raise Refusal(f"You have no seat in game #{status.game_id}.")
            asking = [r for r in mine.swap_requests if wanted is None or str(r) == wanted]
            me = discord.utils.escape_mentions(L.clip(self.uname(interaction.user), 64))
            if accept:
                seat = await self.call(self.service.accept_swap, status.game_id, user, wanted)
                after = await self.call(self.service.status, status.game_id)
                other = after.seats[mine.seat - 1].user_id
                if other:
                    await self.call(self.service.send, status.game_id,
                                    f"{me} accepted: you now sit at seat {mine.seat} ({', '.join(mine.role_names)})"
                                    f" in game #{status.game_id}.", user=str(other))
                await answer(interaction, f"You now sit at seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                                          f"#{status.game_id}.", ephemeral=True)
                return
            await self.call(self.service.decline_swap, status.game_id, user, wanted)
            if asking:  # refused a request made to the user
                other = str(asking[0]) if len(asking) == 1 or wanted else None
                if other:
                    await self.call(self.service.send, status.game_id,
                                    f"{me} declined to exchange seats with you in game #{status.game_id}; "
                                    "your seat is unchanged.", user=other)
                await answer(interaction, f"Declined: your seat in game #{status.game_id} is unchanged.",
                             ephemeral=True)
                return
            # none waiting for the user: the service withdrew the user's own request
            target = next((s for s in status.seats if user in [str(r) for r in s.swap_requests]), None)
            if target is not None and target.user_id:
                await self.call(self.service.send, status.game_id,
                                f"{me} withdrew their request to exchange seats with you in game "
                                f"#{status.game_id}.", user=str(target.user_id))
            await answer(interaction, f"Your request to exchange seats in game #{status.game_id} is withdrawn.",
                         ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_autopass(self, interaction: discord.Interaction, game: str | None, on: bool) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            await self.call(self.service.set_autopass, status.game_id, self.uid(interaction.user), on)
            text = ("On: in response windows where your only choice is to pass, you pass at once (the others "
                    "can tell you held nothing)." if on else "Off: you are always asked in response windows.")
            await answer(interaction, f"Game #{status.game_id} autopass {text}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_follow(self, interaction: discord.Interaction, game: str | None, on: bool = True) -> None:
        """/game follow and /game unfollow: be recorded as a spectator of a game (public information only)."""
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            if self.roles_of(status, user):
                raise Refusal(f"You play in game #{status.game_id}: you follow it already.")
            if on:
                await self.call(self.service.spectate, status.game_id, user, self.uname(interaction.user))
                await answer(interaction, f"👀 You follow game #{status.game_id} ({status.title}) as a spectator: "
                                          "public information only (the map, the log and whose move it is, "
                                          f"in <#{status.channel}>). `/game unfollow` stops it.", ephemeral=True)
                return
            await self.call(self.service.unspectate, status.game_id, user)
            await answer(interaction, f"You no longer follow game #{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work)

    async def game_start(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            by, stand_in = await self._admin_as(interaction, status)
            status = await self.call(self.service.start, status.game_id, by, actor_name=stand_in)
            await answer(interaction, f"Game #{status.game_id} has started. {self.waiting_line(status)}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    def status_embed(self, status: Any) -> discord.Embed:
        embed = discord.Embed(title=L.clip(f"Game #{status.game_id} · {status.title} · {status.scenario}", 256),
                              description=f"**{status.status}** — {status.turn_label}"
                                          + (f" ({status.phase})" if status.phase else ""))
        seats = "\n".join(f"{s.seat}. {' / '.join(s.role_names)}: "
                          + (self._mention(s.user_id) if s.user_id else "*free*") for s in status.seats)
        embed.add_field(name="Seats", value=L.clip(seats, 1024) or "none", inline=False)
        asks = [f"{self._mention(r)} asks {self._mention(s.user_id)} for seat {s.seat} ({' / '.join(s.role_names)})"
                for s in status.seats for r in getattr(s, "swap_requests", ())]
        if asks:
            embed.add_field(name="Swap requests", value=L.clip("\n".join(asks) + "\n(`/game accept-swap` or "
                                                               "`/game decline-swap`)", 1024), inline=False)
        if status.waiting:
            embed.add_field(name="Waiting for", value=L.clip(self.waiting_line(status).replace("**Now:** ", ""), 1024)
                            or "nobody", inline=False)
        if status.result:
            winners = ", ".join(self.role_name(status, w) for w in status.result.winners) or "nobody (a draw)"
            embed.add_field(name="Result", value=L.clip(f"{winners} — {status.result.reason}", 1024), inline=False)
        embed.add_field(name="Game master", value=self._mention(status.gm), inline=True)
        return embed

    async def game_status(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            await answer(interaction, None, ephemeral=True, embed=self.status_embed(status))
        await self._guarded(interaction, work)

    async def game_list(self, interaction: discord.Interaction) -> None:
        async def work():
            user = self.uid(interaction.user)
            here = []
            if interaction.guild is not None:
                here = await self.call(self.service.games_in_channel, str(interaction.channel_id))
            mine = await self.call(self.service.games_of_user, user)
            lines = []
            if here:
                lines.append("**In this channel:** " + "; ".join(f"#{s.game_id} {s.title} ({s.status})" for s in here))
            if mine:
                lines.append("**Yours:** " + "; ".join(f"#{s.game_id} {s.title} ({s.status}) in <#{s.channel}>"
                                                       for s in mine))
            await answer(interaction, "\n".join(lines) or "No games here, and none of yours. `/game new` creates one.",
                         ephemeral=True)
        await self._guarded(interaction, work)

    async def game_history(self, interaction: discord.Interaction, game: str | None, turn: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            if not turn:
                turns = await self.call(self.service.history, status.game_id, user)
                lines = [f"`{t.index:>3}` {t.turn_label} ({t.phase}) — {when(t.at, False)}" for t in turns]
                hint = "Show one with `/game history turn:`."
                head = f"**Game #{status.game_id}: {len(turns)} turn(s)**"
                room = L.MESSAGE_CONTENT_MAX - len(head) - len(hint) - 40
                shown: list[str] = []
                for line in reversed(lines):
                    if sum(len(x) + 1 for x in shown) + len(line) + 1 > room:
                        break
                    shown.insert(0, line)
                if len(shown) < len(lines):
                    head += f" (the last {len(shown)})"
                await answer(interaction, "\n".join([head, *shown, hint]), ephemeral=True)
                return
            if not (str(turn).strip().isascii() and str(turn).strip().isdigit() and len(str(turn).strip()) <= 9):
                raise Refusal("Give the turn's number (pick it from the suggestions).")
            detail = await self.call(self.service.history, status.game_id, user, int(turn))
            kinds = await self.call(self.service.picture_manifest, status.game_id)
            data, why = await self._picture(self._draw_view, status.game, detail.view,
                                            kinds[0].id if kinds else "map")
            lines = [l.text for l in detail.log][-25:]
            text = (f"**Game #{status.game_id} · turn {detail.turn.index}: {detail.turn.turn_label}**\n"
                    + ("\n".join(lines) or "No log lines in this turn."))
            if data is None:
                text += f"\n*(No picture: {why})*"
            await answer(interaction, text, ephemeral=True, file=png_file(data, f"turn-{detail.turn.index}.png"))
        await self._guarded(interaction, work)

    @staticmethod
    def _draw_view(game: str, view: dict[str, Any], picture: str) -> bytes:
        import render
        return render.draw_png(game, view, picture)

    # ---- slow play -----------------------------------------------------------------------------
    async def undo(self, interaction: discord.Interaction, game: str | None, role: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            result = await self.call(self.service.undo, status.game_id, user, role)
            await answer(interaction, f"↩️ Taken back in game #{status.game_id}: **{result.label}**.", ephemeral=True)
            status = await self.call(self.service.status, status.game_id)
            rcs = [rc for rc in await self.call(self.service.choices, status.game_id, user)
                   if role is None or rc.role == role]
            await self._send_choices(interaction, status, rcs)
        await self._guarded(interaction, work, deliver=True)

    async def show_deadline(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            if status.status != "active" or not status.waiting:
                await answer(interaction, f"Game #{status.game_id} is {status.status}: no deadline runs.", ephemeral=True)
                return
            now = clock.timestamp()
            lines = []
            for w in status.waiting:
                policy = status.deadlines.policy_for(w.kind)
                if getattr(w, "committed", False):
                    lines.append(f"• {w.role_name} ({self._mention(w.user_id)}) has made their secret choice.")
                    continue
                if w.paused:
                    due = "clock stopped"
                elif w.deadline is None:
                    due = "no deadline"
                else:
                    left = w.deadline - now
                    due = (f"by {when(w.deadline)}" if left > 0
                           else f"passed at {when(w.deadline, False)} ({clock.format_duration(-left)} ago)")
                away = " (the game is paused, or they are away)" if w.paused else ""
                lines.append(f"• {w.role_name} ({self._mention(w.user_id)}), {w.kind}: {due}{away}; then: {policy}")
            await answer(interaction, f"**Game #{status.game_id} deadlines**\n" + "\n".join(lines), ephemeral=True)
        await self._guarded(interaction, work)

    async def vacation(self, interaction: discord.Interaction, days: int) -> None:
        async def work():
            user = self.uid(interaction.user)
            if days <= 0:
                await self.call(self.service.set_vacation, user, None, self.uname(interaction.user))
                await answer(interaction, "Welcome back: your deadlines run again.", ephemeral=True)
                return
            until = clock.timestamp() + days * 86400
            await self.call(self.service.set_vacation, user, until, self.uname(interaction.user))
            await answer(interaction, f"Vacation until {when(until)}: your deadlines are paused "
                                      "until then (`/vacation days:0` ends it early).", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def help(self, interaction: discord.Interaction) -> None:
        await answer(interaction, HELP, ephemeral=True)

    # ---- game master ---------------------------------------------------------------------------
    async def _admin_as(self, interaction: discord.Interaction, status: Any) -> tuple[str, str | None]:
        """(the user id the service should see acting, the name of a stand-in or None). The user acts as
        themselves when the service counts them as game master or admin. Someone with Manage Server in the
        game's own server acts through the game master (the service knows only its own admins), and
        the stand-in's name goes to the service as ``actor_name``, so its notice says who really did it."""
        user = self.uid(interaction.user)
        if await self.call(self.service.is_admin, status.game_id, user):
            return user, None
        perms = getattr(interaction.user, "guild_permissions", None)
        if perms is not None and perms.manage_guild and await self.same_server(interaction, status):
            return status.gm, f"{L.clip(self.uname(interaction.user), 80)} (Manage Server)"
        raise Refusal(f"Only the game master ({self._mention(status.gm)}) or someone with Manage Server can do that.")

    async def _admin(self, interaction: discord.Interaction, game: str | None,
                     act: Callable[[Any, str, str | None], Awaitable[str]]) -> None:
        """A game-master action: ``act(status, by, actor_name)``, where ``actor_name`` names a server
        admin acting for the game master (None otherwise)."""
        async def work():
            status = await self.resolve(interaction, game)
            by, stand_in = await self._admin_as(interaction, status)
            text = await act(status, by, stand_in)
            await answer(interaction, text, ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def admin_replace_seat(self, interaction: discord.Interaction, game: str | None, role: str, user: Any) -> None:
        async def act(status, by, actor):
            if getattr(user, "bot", False):
                raise Refusal(f"{self.uname(user)} is a bot: it cannot play (bots cannot receive the DMs or use "
                              "the buttons). Choose a person.")
            seat = await self.call(self.service.replace_seat, status.game_id, by, role, self.uid(user), self.uname(user),
                                   actor_name=actor)
            return f"Seat {seat.seat} ({', '.join(seat.role_names)}) of game #{status.game_id} is now {user.mention}'s."
        await self._admin(interaction, game, act)

    async def admin_extend_deadline(self, interaction: discord.Interaction, game: str | None, hours: int) -> None:
        async def act(status, by, actor):
            status = await self.call(self.service.extend_deadline, status.game_id, by, hours * 3600.0, actor_name=actor)
            return f"Deadline of game #{status.game_id} extended by {hours}h. {self.waiting_line(status)}"
        await self._admin(interaction, game, act)

    async def admin_pause(self, interaction: discord.Interaction, game: str | None) -> None:
        async def act(status, by, actor):
            await self.call(self.service.pause, status.game_id, by, actor_name=actor)
            return f"Game #{status.game_id} is paused."
        await self._admin(interaction, game, act)

    async def admin_resume(self, interaction: discord.Interaction, game: str | None) -> None:
        async def act(status, by, actor):
            await self.call(self.service.resume, status.game_id, by, actor_name=actor)
            return f"Game #{status.game_id} resumes."
        await self._admin(interaction, game, act)

    @staticmethod
    def _unconfirmed(status: Any, what: str, command: str) -> str:
        """The answer to a game-ending command without ``confirm``: what it would do; nothing changes."""
        if status.status in ("finished", "aborted"):
            raise Refusal(f"Game #{status.game_id} is already {status.status}.")
        return (f"This {what} game #{status.game_id} at once, for every player. Nothing is changed yet: "
                f"run `{command}` again with `confirm:True` to do it.")

    async def admin_end(self, interaction: discord.Interaction, game: str | None, winner: str | None,
                        reason: str | None, confirm: bool = False) -> None:
        async def act(status, by, actor):
            if not confirm:
                won = self.role_name(status, winner) if winner else "nobody (a draw)"
                return self._unconfirmed(status, f"ends (winner: {won})", "/admin end")
            await self.call(self.service.end, status.game_id, by, [winner] if winner else [],
                            reason or f"ended by {self.uname(interaction.user)}", actor_name=actor)
            return f"Game #{status.game_id} is over."
        await self._admin(interaction, game, act)

    async def game_concede(self, interaction: discord.Interaction, game: str | None, confirm: bool = False) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            if not confirm:
                if not any(s.user_id == self.uid(interaction.user) for s in status.seats):
                    raise Refusal(f"You hold no seat in game #{status.game_id}, so there is nothing to concede.")
                text = self._unconfirmed(status, "concedes (every other player wins)", "/game concede")
            else:
                done = await self.call(self.service.concede, status.game_id, self.uid(interaction.user))
                text = f"Game #{done.game_id} is over: {done.result.reason if done.result else 'conceded'}."
            await answer(interaction, text, ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def admin_abort(self, interaction: discord.Interaction, game: str | None, reason: str | None,
                          confirm: bool = False) -> None:
        async def act(status, by, actor):
            if not confirm:
                return self._unconfirmed(status, "aborts (no result)", "/admin abort")
            await self.call(self.service.abort, status.game_id, by, reason or "no reason given", actor_name=actor)
            return f"Game #{status.game_id} is aborted."
        await self._admin(interaction, game, act)

    # ---- autocomplete (answer fast; never raise) -----------------------------------------------
    async def _namespace_game(self, interaction: discord.Interaction) -> Any | None:
        try:
            return await self.resolve(interaction, getattr(interaction.namespace, "game", None) or None)
        except (ServiceError, Refusal, ValueError):
            return None

    @staticmethod
    def _filter(items: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
        low = (current or "").lower()
        out = [app_commands.Choice(name=L.clip(name, 100), value=value[:100]) for name, value in items
               if not low or low in name.lower() or low in value.lower()]
        return out[:L.AUTOCOMPLETE_CHOICES]

    async def autocomplete_game(self, interaction: discord.Interaction, current: str):
        try:
            user = self.uid(interaction.user)
            found: dict[int, Any] = {}
            if interaction.guild is not None:
                for s in await self.call(self.service.games_in_channel, str(interaction.channel_id)):
                    found[s.game_id] = s
            for s in await self.call(self.service.games_of_user, user):
                if interaction.guild is not None and not self._maybe_here(s, interaction.guild.id):
                    continue  # a game of another server could not be named here anyway
                found.setdefault(s.game_id, s)
            items = [(f"#{s.game_id} {s.title} ({s.status}, {s.turn_label})", str(s.game_id)) for s in found.values()]
            return self._filter(items, current.lstrip("#"))
        except Exception:  # pragma: no cover - autocomplete must never fail loudly
            log.exception("autocomplete_game")
            return []

    def _maybe_here(self, status: Any, guild_id: int) -> bool:
        """Whether a game may belong to this server, judged from the cache only (autocomplete must be
        quick): False only when it is known to be in another server."""
        stored = getattr(status, "guild", None)
        if stored:
            return str(stored) == str(guild_id)
        if not str(status.channel).isdigit():
            return False
        channel = self.client.get_channel(int(status.channel))
        guild = getattr(channel, "guild", None)
        return channel is None or guild is None or guild.id == guild_id

    async def autocomplete_role(self, interaction: discord.Interaction, current: str, mine: bool = False):
        try:
            command = getattr(getattr(interaction, "command", None), "name", "")
            if command == "new":
                entry = next((e for e in self.service.catalogue()
                              if e.id == getattr(interaction.namespace, "game", None)), None)
                if entry is None:
                    return []
                seats = await self.call(self.service.roles, entry.id, getattr(interaction.namespace, "scenario", None))
                return self._filter([(name, r) for r, name in seats], current)
            status = await self._namespace_game(interaction)
            if status is None:
                return []
            user = self.uid(interaction.user)
            items = []
            for seat in status.seats:
                if mine and seat.user_id != user:
                    continue
                for r, name in zip(seat.roles, seat.role_names):
                    taken = "" if mine else (" (free)" if seat.user_id is None else " (taken)")
                    items.append((f"{name}{taken}", r))
            return self._filter(items, current)
        except Exception:  # pragma: no cover
            log.exception("autocomplete_role")
            return []

    async def autocomplete_scenario(self, interaction: discord.Interaction, current: str):
        entry = next((e for e in self.service.catalogue() if e.id == getattr(interaction.namespace, "game", None)), None)
        if entry is None:
            return []
        items = [(f"{s.name} — {s.description} ({s.min_players}-{s.max_players} players)"
                  if s.min_players != s.max_players else f"{s.name} — {s.description} ({s.min_players} players)", s.id)
                 for s in entry.scenarios]
        return self._filter(items, current)

    async def autocomplete_seating(self, interaction: discord.Interaction, current: str):
        """The engine's named seatings for the game, scenario and player count chosen so far."""
        ns = interaction.namespace
        game = getattr(ns, "game", None)
        if not game:
            return []
        try:
            choices = await self.call(self.service.seatings, game, getattr(ns, "scenario", None) or None,
                                      getattr(ns, "players", None) or None)
        except ServiceError:
            return []
        return self._filter([(f"{s.id}: {s.name}", s.id) for s in choices], current)

    async def autocomplete_options(self, interaction: discord.Interaction, current: str):
        """Suggestions completing the last ``key=value`` typed: every suggestion is the whole text so far
        plus one whole option (keys already given are not offered again); a suggestion that would not fit
        in Discord's 100 characters is left out rather than cut inside a pair."""
        try:
            entry = next((e for e in self.service.catalogue() if e.id == getattr(interaction.namespace, "game", None)),
                         None)
            if entry is None or not entry.options:
                return []
            text = (current or "").replace(",", " ")
            head, _, last = text.rpartition(" ")
            given = {part.partition("=")[0] for part in head.split()}
            prefix = " ".join(head.split())
            prefix = prefix + " " if prefix else ""
            low = last.lower()
            out = []
            for spec in entry.options:
                if spec.id in given:
                    continue
                values = [c[0] for c in spec.choices] if spec.kind == "choice" else (
                    ["true", "false"] if spec.kind == "bool" else [str(spec.default)])
                for value in values:
                    pair = f"{spec.id}={value}"
                    full = prefix + pair
                    if len(full) > L.CHOICE_VALUE_MAX or (low and not pair.lower().startswith(low)):
                        continue
                    out.append(app_commands.Choice(name=L.clip(f"{full} — {spec.label}", L.CHOICE_NAME_MAX), value=full))
            return out[:L.AUTOCOMPLETE_CHOICES]
        except Exception:  # pragma: no cover - autocomplete must never fail loudly
            log.exception("autocomplete_options")
            return []

    async def autocomplete_order(self, interaction: discord.Interaction, current: str):
        try:
            status = await self._namespace_game(interaction)
            if status is None:
                return []
            role = getattr(interaction.namespace, "role", None)
            user = self.uid(interaction.user)
            rcs = [rc for rc in await self.call(self.service.choices, status.game_id, user)
                   if not role or rc.role == role]
            offered = self._offered.setdefault((user, status.game_id), {})
            offered.update({rc.role: rc.version for rc in rcs})
            while len(self._offered) > 5000:  # a bounded memory: the oldest users' offers go first
                del self._offered[next(iter(self._offered))]
            several = len(rcs) > 1
            items = []
            for rc in rcs:
                for n, a in enumerate(rc.actions, 1):
                    name = a.label + (f" — {a.group}" if a.group else "") + (f" [{rc.role_name}]" if several else "")
                    # each suggestion carries the version it was offered at; an id too long for Discord
                    # goes by its place in the list instead
                    value = f"@{rc.version}:{rc.role}:{a.id}"
                    if len(value) > L.CHOICE_VALUE_MAX:
                        value = f"#{n}:{rc.role}:{rc.version}"
                    if not current or current.lower() in name.lower() or current.lower() in a.id.lower():
                        items.append((name, value))  # matched on what the player reads, not on the version
            return self._filter(items, "")
        except Exception:  # pragma: no cover
            log.exception("autocomplete_order")
            return []

    async def autocomplete_picture(self, interaction: discord.Interaction, current: str):
        status = await self._namespace_game(interaction)
        if status is None:
            return []
        kinds = await self.call(self.service.picture_manifest, status.game_id)
        return self._filter([(f"{k.label}: {k.description}" if k.description else k.label, k.id) for k in kinds],
                            current)

    async def autocomplete_turn(self, interaction: discord.Interaction, current: str):
        status = await self._namespace_game(interaction)
        if status is None or status.status == "open":
            return []
        try:
            turns = await self.call(self.service.history, status.game_id, self.uid(interaction.user))
        except ServiceError:
            return []
        items = [(f"{t.index}: {t.turn_label}", str(t.index)) for t in reversed(turns)]
        return self._filter(items, current)

    # ---- deadlines and delivery ----------------------------------------------------------------
    async def tick(self) -> Any:
        return await self.call(self.service.tick)

    #: see NONCE_MEMORY (tests lower it to exercise the read-back)
    nonce_memory = NONCE_MEMORY

    #: public messages of these kinds, queued together for one channel, are posted as one message
    MERGEABLE = ("log", "notice")
    MERGE_CHARS = 1500

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
                    earlier = await self._posted_earlier(unit) if first.unit else None
                    ref = earlier or await self._deliver_unit(unit, plan, nonce)
                except Exception as error:
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
                        stopped[key] = None
                    continue
                try:
                    await self.call(self.service.outbox.mark_unit_delivered, nonce, ref)
                except Exception:  # retried with the same nonce: Discord answers with the post already made
                    log.exception("Could not record the delivery of outbox unit %s", nonce)
                    stopped[key] = None
            return len(messages)

    async def _posted_earlier(self, unit: list[Any]) -> str | None:
        """The id of the post an earlier attempt at this unit made, when the attempt is too old for
        Discord to remember its nonce and the destination's history shows Herald's post of these lines
        since the unit was claimed; else None (post it, under its nonce). History Herald may not read
        (a channel without Read Message History) leaves the nonce as the only guard."""
        first = unit[0]
        claimed = await self.call(self.service.outbox.unit_claimed_at, first.unit)
        if claimed is None or clock.timestamp() - claimed < self.nonce_memory or not self._snowflake(first.target):
            return None
        texts = [x.text for x in unit if x.kind != "waiting" and x.text]
        # how the post began: its lines; a lone "waiting" message posts only its "Now: …" line
        start = "\n".join(texts)[:200] if texts else "**Now:**" if first.kind == "waiting" else ""
        if not start:
            return None
        me = getattr(getattr(self.client, "user", None), "id", None)
        since = datetime.datetime.fromtimestamp(claimed - 5, datetime.timezone.utc)
        try:
            if first.target_kind == "channel":
                where = await self._channel(first.target)
            else:
                where = await (await self._user(first.target)).create_dm()
            async for message in where.history(limit=50, after=since):
                if (getattr(message.author, "id", None) == me and (message.content or "").startswith(start)
                        and not await self.call(self.service.outbox.is_recorded_ref, str(message.id))):
                    return str(message.id)  # the same lines posted for another unit are that unit's
        except (discord.HTTPException, AttributeError, TypeError) as error:
            log.info("Cannot read back %s for outbox unit %s (%s): relying on its nonce", first.target,
                     first.unit, error)
        return None

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
            return await talk_threads.deliver(self, first)
        if first.target_kind == "channel":
            return await self._deliver_to_channel(unit, plan, nonce)
        return await self._deliver_to_user(unit[0], nonce)

    # ---- "whose move" posts and their mentions -------------------------------------------------
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

    # ---- sending -------------------------------------------------------------------------------
    @staticmethod
    def _nonce(base: str, index: int) -> str:
        """Discord's nonce (at most 25 characters): the same on every retry of the same message part, so
        a retry after a lost answer is not posted twice."""
        return base[:25] if index == 0 else f"{base[:21]}-{index:03d}"

    async def _post(self, destination: Any, body: str, tail: str = "", *, file: discord.File | None = None,
                    extra_files: list[discord.File] | None = None,
                    view: discord.ui.View | None = None, allowed: discord.AllowedMentions = NO_MENTIONS,
                    nonce: str = "") -> str:
        """Send ``body`` (split over several messages when longer than Discord allows, never cut) and
        ``tail`` (kept whole, at the end of the last message, with the picture, the buttons and the
        mentions). Returns the last message's id."""
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
            message = await destination.send(content, **kwargs)
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
                                view=view, allowed=allowed, nonce=nonce)

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
                                   nonce=nonce)
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

    # ---- permanent delivery problems -----------------------------------------------------------
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

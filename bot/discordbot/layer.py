"""The Discord layer proper: what each command, button and menu does, over the table service.

Thin by design: every rule and every stored fact lives in :class:`bot.service.TableService`; this module
only resolves which game and which seat a Discord user means, calls the service in a worker thread
(``asyncio.to_thread``: SQLite and rendering never block the event loop), and turns the answers into
messages. Replies to commands are private (ephemeral); what the table should see (seats taken, turns,
the map, whose move) arrives through the service's outbox, delivered by :meth:`Layer.deliver_pending`.

Every interaction is answered exactly once: slow handlers defer first (within Discord's 3 seconds) and
then send followups; quick ones (autocomplete, page turns) answer directly.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
from typing import Any, Awaitable, Callable, Iterable

import discord
from discord import app_commands

from bot import clock
from bot.service import RenderUnavailable, ServiceError, StaleVersion, parse_game_id

from . import limits as L
from .components import choices_view, open_view
from .replies import DM_HELP, answer, defer, png_file
from .settings import DiscordSettings

log = logging.getLogger("herald.discord")

MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)

HELP = """**Herald** hosts slow board games here, with every rule enforced.
• `/game new` creates a game in this channel (or a thread); others `/game join`; the game master `/game start`s.
• When it is your move you get a DM with your private map and your choices as buttons; `/play` shows them
  here too (only you see them), `/order` lets you type an order with suggestions.
• `/hand`, `/view` show your private pieces and map; `/map` posts the public map; `/log` the log you may read.
• `/undo` takes back your last order until something is revealed; `/deadline`, `/vacation` for slow play.
• Game masters (or anyone with Manage Server): `/admin replace-seat`, `extend-deadline`, `pause`, `resume`, `abort`.
Secret choices (card plays, bids) are made privately and announced only when everyone has chosen."""


STALE = "That choice is no longer current: the game has moved on. Here are your choices now."


class Refusal(Exception):
    """Something the Discord layer refuses (ambiguous game, not your seat...), with a message for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def choice_token(rc: Any) -> str:
    """``<version>x<fingerprint>``: the game version the choices were shown at, and a short hash of the
    role's prompt and legal action ids. See :meth:`Layer._current` for how a click is matched."""
    digest = hashlib.sha1(json.dumps([rc.role, rc.prompt, [a.id for a in rc.actions]]).encode()).hexdigest()[:6]
    return f"{rc.version}x{digest}"


def _split_token(token: str) -> tuple[int, str]:
    version, _, digest = token.partition("x")
    return (int(version) if version.isdigit() else -1), digest


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
        #: lines already shown to a user in a reply, so the same private log line is not also DMed
        self._shown: dict[tuple[str, int], list[str]] = {}
        #: users told (once per game and run) that their DMs are closed
        self._told_closed: set[tuple[str, int]] = set()
        #: (target kind, target) -> id of a failed message awaiting its retry; later ones wait behind it
        self._blocked: dict[tuple[str, str], int] = {}
        #: (user, game) mentioned in a "Now:" line during the current delivery round
        self._pinged: set[tuple[str, int]] = set()

    # ---- plumbing -----------------------------------------------------------------------------
    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a (blocking) service call in a worker thread."""
        return await asyncio.to_thread(fn, *args, **kwargs)

    async def _guarded(self, interaction: discord.Interaction, work: Callable[[], Awaitable[None]], *,
                       ephemeral: bool = True, deliver: bool = False) -> None:
        """Defer, run ``work``, turn refusals into a private reply, then deliver queued messages."""
        try:
            await defer(interaction, ephemeral=ephemeral)
            await work()
        except (ServiceError, Refusal) as error:
            await answer(interaction, f"⚠️ {error.message}", ephemeral=True)
        except discord.HTTPException:
            raise  # Discord itself failed: nothing sensible to answer with
        except Exception:
            log.exception("Handler failed")
            await answer(interaction, "⚠️ Something went wrong on Herald's side; nothing was played. Please try "
                                      "again, or tell the game master.", ephemeral=True)
        if deliver:
            await self.deliver_pending()

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
        """The game a command means: ``game`` when given; else the only (unfinished) game of this
        channel or thread; else the user's only game; else the newest finished game of this channel."""
        if game:
            return await self.call(self.service.status, parse_game_id(game))
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
        for w in status.waiting:
            when = f", by {clock.format_time(w.deadline)}" if w.deadline else ""
            away = " (away)" if w.paused else ""
            parts.append(f"{w.role_name} {self._mention(w.user_id)}{away}{when}")
        return "**Now:** " + "; ".join(parts)

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
        if rc.deadline and not brief:
            lines.append(f"Deadline: {clock.format_time(rc.deadline)}.")
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
        await interaction.response.defer()  # a deferred update: the message itself is edited below
        try:
            status, rc, _ = await self._current(parse_game_id(game), user, role, token)
        except (ServiceError, Refusal) as error:
            await interaction.followup.send(f"⚠️ {error.message}", ephemeral=True)
            return
        content, view = self.choices_message(status, rc, page)
        await interaction.edit_original_response(content=content, view=view)

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
        shown = self._shown.setdefault((user, game_id), [])
        shown.extend(private)
        del shown[:-100]
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
            rcs = [rc for rc in await self.call(self.service.choices, status.game_id, user)
                   if role is None or rc.role == role]
            if not rcs:
                raise Refusal(f"You have nothing to order in game #{status.game_id} now. {self.waiting_line(status)}")
            rc, action = self.match_order(rcs, text)
            await self._submit(interaction, status.game_id, user, action.id, rc.role, None)
        await self._guarded(interaction, work, deliver=True)

    @staticmethod
    def match_order(rcs: list[Any], text: str) -> tuple[Any, Any]:
        """The (role choices, action) an order names: its id, ``#n`` (n-th choice), its label, or a unique
        part of a label."""
        wanted = text.strip()
        for rc in rcs:
            for a in rc.actions:
                if a.id == wanted:
                    return rc, a
        if wanted.startswith("#") and wanted[1:].isdigit() and len(rcs) == 1:
            n = int(wanted[1:])
            if 1 <= n <= len(rcs[0].actions):
                return rcs[0], rcs[0].actions[n - 1]
        low = wanted.lower()
        exact = [(rc, a) for rc in rcs for a in rc.actions if a.label.lower() == low]
        if len(exact) == 1:
            return exact[0]
        partial = [(rc, a) for rc in rcs for a in rc.actions if low and (low in a.label.lower() or low in a.id.lower())]
        if len(partial) == 1:
            return partial[0]
        found = exact or partial
        if found:
            raise Refusal(f"'{wanted}' could mean several orders: " + "; ".join(a.label for _, a in found[:8])
                          + ". Pick one of the suggestions.")
        sample = "; ".join(a.label for rc in rcs for a in rc.actions[:8])
        raise Refusal(f"'{wanted}' is not one of your orders now. For example: {sample}. "
                      "Pick a suggestion, or use /play for buttons.")

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

    async def private_look(self, interaction: discord.Interaction, game: str | None, role: str | None, *,
                           with_picture: bool, picture: str | None = None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            held = self.roles_of(status, user)
            if not held:
                raise Refusal(f"You hold no seat in game #{status.game_id}: there is nothing private to show. "
                              "Use /map for the public map.")
            which = role or next((w.role for w in status.waiting if w.role in held), held[0])
            mine = await self.call(self.service.view, status.game_id, user, which)
            public = await self.call(self.service.view, status.game_id, None)
            text = (f"**Game #{status.game_id} · {self.role_name(status, which)}** — only you can see this.\n"
                    + format_facts(private_facts(mine, public)))
            data, why = None, ""
            kinds = await self.call(self.service.pictures, status.game_id)
            wanted = picture or ("map" if with_picture else ("hand" if "hand" in kinds else None))
            if wanted:
                data, why = await self._picture(self.service.picture, status.game_id, user, wanted, which)
                if data is None and with_picture:
                    text += f"\n*(No picture: {why})*"
            await answer(interaction, text, ephemeral=True, file=png_file(data, f"{wanted or 'map'}.png"))
        await self._guarded(interaction, work)

    async def public_map(self, interaction: discord.Interaction, game: str | None, picture: str | None) -> None:
        await defer(interaction, ephemeral=False)  # the map is for the whole channel
        try:
            status = await self.resolve(interaction, game)
            if status.status == "open":
                raise Refusal(f"Game #{status.game_id} has not started: no map yet.")
        except (ServiceError, Refusal) as error:
            # keep the refusal private: drop the public "thinking…" message, then answer ephemerally
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                pass
            await interaction.followup.send(f"⚠️ {error.message}", ephemeral=True)
            return
        data, why = await self._picture(self.service.picture, status.game_id, None, picture or "map")
        text = f"**Game #{status.game_id} · {status.title} · {status.turn_label}**"
        if data is None:
            text += f"\n*(No picture: {why})*"
        line = self.waiting_line(status)
        if line:
            text += "\n" + line
        await answer(interaction, text, ephemeral=False, file=png_file(data, f"{picture or 'map'}.png"))

    async def show_log(self, interaction: discord.Interaction, game: str | None, lines: int,
                       new: bool = False) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            if new:
                entries = (await self.call(self.service.digest, status.game_id, user))[-lines:]
            else:
                entries = await self.call(self.service.log, status.game_id, user, lines)
            out: list[str] = []
            size = 0
            for entry in reversed(entries):
                line = f"`{entry.pos:>3}` " + ("🔒 " if entry.private else "") + entry.text
                if size + len(line) + 1 > L.MESSAGE_CONTENT_MAX - 100:
                    break
                out.append(line)
                size += len(line) + 1
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

    async def game_new(self, interaction: discord.Interaction, game: str, scenario: str | None,
                       options: str | None, role: str | None, thread: bool) -> None:
        async def work():
            if interaction.guild is None:
                raise Refusal("Create games in a server channel, where the other players can see them.")
            opts = self.parse_options(options)
            channel_id = str(interaction.channel_id)
            where = f"<#{channel_id}>"
            if thread:
                create = getattr(interaction.channel, "create_thread", None)
                if create is None:
                    raise Refusal("I can open a thread only from a text channel; use this thread as it is.")
                titles = {e["id"]: e["title"] for e in self.catalogue()}
                try:
                    made = await create(name=L.clip(f"{titles.get(game, game)} — {self.uname(interaction.user)}", 100),
                                        type=discord.ChannelType.public_thread, auto_archive_duration=10080)
                except discord.Forbidden:
                    raise Refusal("I may not create threads here (I need Create Public Threads).") from None
                channel_id, where = str(made.id), made.mention
            status = await self.call(self.service.create_game, game, channel=channel_id,
                                     creator_id=self.uid(interaction.user), creator_name=self.uname(interaction.user),
                                     scenario=scenario, options=opts)
            text = f"Game #{status.game_id} ({status.title}, {status.scenario}) is open in {where}. "
            if role:
                seat = await self.call(self.service.join, status.game_id, self.uid(interaction.user),
                                       self.uname(interaction.user), role)
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
            seat = await self.call(self.service.swap, status.game_id, self.uid(interaction.user), role)
            await answer(interaction, f"You now sit at seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                                      f"#{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_autopass(self, interaction: discord.Interaction, game: str | None, on: bool) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            await self.call(self.service.set_autopass, status.game_id, self.uid(interaction.user), on)
            text = ("On: in response windows where your only choice is to pass, you pass at once (the others "
                    "can tell you held nothing)." if on else "Off: you are always asked in response windows.")
            await answer(interaction, f"Game #{status.game_id} autopass {text}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_start(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            by = await self._admin_as(interaction, status)
            status = await self.call(self.service.start, status.game_id, by)
            await answer(interaction, f"Game #{status.game_id} has started. {self.waiting_line(status)}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    def status_embed(self, status: Any) -> discord.Embed:
        embed = discord.Embed(title=L.clip(f"Game #{status.game_id} · {status.title} · {status.scenario}", 256),
                              description=f"**{status.status}** — {status.turn_label}"
                                          + (f" ({status.phase})" if status.phase else ""))
        seats = "\n".join(f"{s.seat}. {' / '.join(s.role_names)}: "
                          + (self._mention(s.user_id) if s.user_id else "*free*") for s in status.seats)
        embed.add_field(name="Seats", value=L.clip(seats, 1024) or "none", inline=False)
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
                lines = [f"`{t.index:>3}` {t.turn_label} ({t.phase}) — {clock.format_time(t.at)}" for t in turns]
                text = f"**Game #{status.game_id}: {len(turns)} turn(s)**\n" + "\n".join(lines[-40:])
                await answer(interaction, text + "\nShow one with `/game history turn:`.", ephemeral=True)
                return
            if not str(turn).strip().isdigit():
                raise Refusal("Give the turn's number (pick it from the suggestions).")
            detail = await self.call(self.service.history, status.game_id, user, int(turn))
            data, why = await self._picture(self._draw_view, status.game, detail.view, "map")
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
            result = await self.call(self.service.undo, status.game_id, user)
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
                if w.deadline is None:
                    when = "no deadline"
                else:
                    left = w.deadline - now
                    when = (f"by {clock.format_time(w.deadline)} (in {clock.format_duration(left)})" if left > 0
                            else f"passed at {clock.format_time(w.deadline)}")
                away = ", paused while they are away" if w.paused else ""
                lines.append(f"• {w.role_name} ({self._mention(w.user_id)}), {w.kind}: {when}{away}; then: {policy}")
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
            await answer(interaction, f"Vacation until {clock.format_time(until)}: your deadlines are paused "
                                      "until then (`/vacation days:0` ends it early).", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def help(self, interaction: discord.Interaction) -> None:
        await answer(interaction, HELP, ephemeral=True)

    # ---- game master ---------------------------------------------------------------------------
    async def _admin_as(self, interaction: discord.Interaction, status: Any) -> str:
        """The user id the service should see acting: the user when the service counts them as game master
        or admin; the game master when the user has Manage Server in the game's server (the service only
        knows its own admins, so a server admin acts on the game master's behalf)."""
        user = self.uid(interaction.user)
        if await self.call(self.service.is_admin, status.game_id, user):
            return user
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.guild is not None and perms is not None and perms.manage_guild:
            # only in the server the game is played in
            try:
                channel = await self._channel(status.channel) if str(status.channel).isdigit() else None
            except discord.HTTPException:
                channel = None
            guild = getattr(channel, "guild", None)
            if guild is not None and guild.id == interaction.guild.id:
                return status.gm
        raise Refusal(f"Only the game master ({self._mention(status.gm)}) or someone with Manage Server can do that.")

    async def _admin(self, interaction: discord.Interaction, game: str | None,
                     act: Callable[[Any, str], Awaitable[str]]) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            by = await self._admin_as(interaction, status)
            await answer(interaction, await act(status, by), ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def admin_replace_seat(self, interaction: discord.Interaction, game: str | None, role: str, user: Any) -> None:
        async def act(status, by):
            seat = await self.call(self.service.replace_seat, status.game_id, by, role, self.uid(user), self.uname(user))
            return f"Seat {seat.seat} ({', '.join(seat.role_names)}) of game #{status.game_id} is now {user.mention}'s."
        await self._admin(interaction, game, act)

    async def admin_extend_deadline(self, interaction: discord.Interaction, game: str | None, hours: int) -> None:
        async def act(status, by):
            status = await self.call(self.service.extend_deadline, status.game_id, by, hours * 3600.0)
            return f"Deadline of game #{status.game_id} extended by {hours}h. {self.waiting_line(status)}"
        await self._admin(interaction, game, act)

    async def admin_pause(self, interaction: discord.Interaction, game: str | None) -> None:
        async def act(status, by):
            await self.call(self.service.pause, status.game_id, by)
            return f"Game #{status.game_id} is paused."
        await self._admin(interaction, game, act)

    async def admin_resume(self, interaction: discord.Interaction, game: str | None) -> None:
        async def act(status, by):
            await self.call(self.service.resume, status.game_id, by)
            return f"Game #{status.game_id} resumes."
        await self._admin(interaction, game, act)

    async def admin_end(self, interaction: discord.Interaction, game: str | None, winner: str | None,
                        reason: str | None) -> None:
        async def act(status, by):
            await self.call(self.service.end, status.game_id, by, [winner] if winner else [],
                            reason or f"ended by {self.uname(interaction.user)}")
            return f"Game #{status.game_id} is over."
        await self._admin(interaction, game, act)

    async def admin_abort(self, interaction: discord.Interaction, game: str | None, reason: str | None) -> None:
        async def act(status, by):
            await self.call(self.service.abort, status.game_id, by, reason or f"aborted by {self.uname(interaction.user)}")
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
                found.setdefault(s.game_id, s)
            items = [(f"#{s.game_id} {s.title} ({s.status}, {s.turn_label})", str(s.game_id)) for s in found.values()]
            return self._filter(items, current.lstrip("#"))
        except Exception:  # pragma: no cover - autocomplete must never fail loudly
            log.exception("autocomplete_game")
            return []

    async def autocomplete_role(self, interaction: discord.Interaction, current: str, mine: bool = False):
        try:
            command = getattr(getattr(interaction, "command", None), "name", "")
            if command == "new":
                entry = next((e for e in self.service.catalogue()
                              if e.id == getattr(interaction.namespace, "game", None)), None)
                if entry is None:
                    return []
                engine_roles = await self.call(self._roles_for, entry.id, getattr(interaction.namespace, "scenario", None))
                return self._filter([(r, r) for r in engine_roles], current)
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

    def _roles_for(self, game: str, scenario: str | None) -> list[str]:
        engine = self.service._lookup(game) if hasattr(self.service, "_lookup") else None
        if engine is None:
            return []
        scen = scenario or engine.scenarios()[0].id
        return list(engine.roles(scen))

    async def autocomplete_scenario(self, interaction: discord.Interaction, current: str):
        entry = next((e for e in self.service.catalogue() if e.id == getattr(interaction.namespace, "game", None)), None)
        if entry is None:
            return []
        items = [(f"{s.name} — {s.description} ({s.min_players}-{s.max_players} players)"
                  if s.min_players != s.max_players else f"{s.name} — {s.description} ({s.min_players} players)", s.id)
                 for s in entry.scenarios]
        return self._filter(items, current)

    async def autocomplete_options(self, interaction: discord.Interaction, current: str):
        entry = next((e for e in self.service.catalogue() if e.id == getattr(interaction.namespace, "game", None)), None)
        if entry is None or not entry.options:
            return []
        text = current or ""
        head, _, last = text.rpartition(" ")
        prefix = (head + " ") if head else ""
        items = []
        for spec in entry.options:
            values = [c[0] for c in spec.choices] if spec.kind == "choice" else (
                ["true", "false"] if spec.kind == "bool" else [str(spec.default)])
            for value in values:
                full = f"{prefix}{spec.id}={value}"
                items.append((L.clip(f"{full} — {spec.label}", 100), full))
        low = last.lower()
        return [app_commands.Choice(name=n, value=v[:100]) for n, v in items
                if not low or v[len(prefix):].lower().startswith(low)][:25]

    async def autocomplete_order(self, interaction: discord.Interaction, current: str):
        try:
            status = await self._namespace_game(interaction)
            if status is None:
                return []
            role = getattr(interaction.namespace, "role", None)
            rcs = [rc for rc in await self.call(self.service.choices, status.game_id, self.uid(interaction.user))
                   if not role or rc.role == role]
            several = len(rcs) > 1
            items = []
            for rc in rcs:
                for n, a in enumerate(rc.actions, 1):
                    name = a.label + (f" — {a.group}" if a.group else "") + (f" [{rc.role_name}]" if several else "")
                    value = a.id if len(a.id) <= 100 else f"#{n}"
                    items.append((name, value))
            return self._filter(items, current)
        except Exception:  # pragma: no cover
            log.exception("autocomplete_order")
            return []

    async def autocomplete_picture(self, interaction: discord.Interaction, current: str):
        status = await self._namespace_game(interaction)
        if status is None:
            return []
        kinds = await self.call(self.service.pictures, status.game_id)
        return self._filter([(k, k) for k in kinds], current)

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

    #: public messages of these kinds, queued together for one channel, are posted as one message
    MERGEABLE = ("log", "notice")
    MERGE_CHARS = 1500

    def _units(self, messages: list[Any]) -> list[list[Any]]:
        """Outbox messages in delivery units: consecutive public log/notice messages of one game for one
        channel are merged (a chain of automatic passes, a seat taken right after the game was opened)
        so the channel reads one message instead of several; everything else goes alone."""
        units: list[list[Any]] = []
        for m in messages:
            last = units[-1] if units else None
            if (last is not None and m.target_kind == "channel" and m.kind in self.MERGEABLE
                    and all(x.target_kind == "channel" and x.kind in self.MERGEABLE and x.target == m.target
                            and x.game_id == m.game_id for x in last)
                    and sum(len(x.text) + 1 for x in last) + len(m.text) <= self.MERGE_CHARS):
                last.append(m)
            else:
                units.append([m])
        return units

    async def deliver_pending(self) -> int:
        """Deliver what the outbox holds (one delivery at a time); failures are retried by the outbox's
        backoff, and later messages to the same channel or user wait behind a failed one so that
        everything arrives in order. Returns how many messages were handled."""
        async with self._delivery_lock:
            messages = await self.call(self.service.outbox.pending, self.settings.delivery_batch)
            last_public_log: dict[int, int] = {}
            for m in messages:
                if m.target_kind == "channel" and m.kind in self.MERGEABLE and m.game_id is not None:
                    last_public_log[m.game_id] = m.id
            self._pinged = set()
            in_batch = {m.id for m in messages}
            failed_now: set[tuple[str, str]] = set()
            for unit in self._units(messages):
                first = unit[0]
                key = (first.target_kind, first.target)
                blocker = self._blocked.get(key)
                if key in failed_now or (blocker is not None and blocker < first.id and blocker not in in_batch):
                    continue  # an earlier message to this channel or user waits for its retry: keep the order
                if len(unit) == 1:
                    message = first
                else:
                    images = [x.image for x in unit if x.image is not None]
                    message = dataclasses.replace(first, text="\n".join(x.text for x in unit if x.text),
                                                  image=images[-1] if images else None)
                try:
                    ref = await self.deliver(message, mention=any(last_public_log.get(x.game_id) == x.id
                                                                  for x in unit))
                except (discord.HTTPException, ServiceError, OSError, ValueError) as error:
                    log.warning("Delivery of outbox message %s failed: %s", first.id, error)
                    retry_at = await self.call(self.service.outbox.mark_failed, first.id,
                                               f"{error.__class__.__name__}: {error}")
                    if retry_at is None:
                        self._blocked.pop(key, None)  # given up: do not hold the others back for ever
                    else:
                        self._blocked[key] = first.id
                        failed_now.add(key)
                    continue
                for x in unit:
                    await self.call(self.service.outbox.mark_delivered, x.id, ref)
                if self._blocked.get(key) == first.id:
                    del self._blocked[key]
            return len(messages)

    async def _channel(self, channel_id: str) -> Any:
        channel = self.client.get_channel(int(channel_id))
        return channel if channel is not None else await self.client.fetch_channel(int(channel_id))

    async def _user(self, user_id: str) -> Any:
        user = self.client.get_user(int(user_id))
        return user if user is not None else await self.client.fetch_user(int(user_id))

    async def deliver(self, m: Any, mention: bool = False) -> str:
        """Send one outbox message; returns a reference (the Discord message id, or why nothing was sent)."""
        nonce = m.delivery_id[:25]
        if m.target_kind == "channel":
            if m.private:  # the outbox forbids it; never post a private message publicly
                raise ValueError(f"private outbox message {m.id} addressed to a channel")
            data = None
            if m.image is not None:
                data, _ = await self._picture(self.service.render_image, m.image)
            content, view = m.text or "", None
            if mention and m.game_id is not None:
                status = await self.call(self.service.status, m.game_id)
                line = self.waiting_line(status)
                if line:
                    content = f"{content}\n{line}" if content else line
                    view = open_view(str(m.game_id))
                    self._pinged |= {(w.user_id, m.game_id) for w in status.waiting if w.user_id}
            channel = await self._channel(m.target)
            kwargs: dict[str, Any] = {"allowed_mentions": MENTIONS, "nonce": nonce}
            if view is not None:
                kwargs["view"] = view
            if data:
                kwargs["file"] = png_file(data, "map.png")
            message = await channel.send(L.clip_message(content or "…"), **kwargs)
            return str(message.id)
        # a user: DM, with the fallback when their DMs are closed
        if not str(m.target).isdigit():
            return "not-a-discord-user"
        content, view, data = m.text, None, None
        if m.kind == "private_log" and m.game_id is not None and self._already_shown(m):
            return "shown-in-reply"
        if m.kind == "your_move" and m.game_id is not None and m.role:
            rcs = [rc for rc in await self.call(self.service.choices, m.game_id, m.target) if rc.role == m.role]
            if not rcs:
                return "obsolete"  # already played (e.g. at once from the channel)
            status = await self.call(self.service.status, m.game_id)
            notes, view = self.choices_message(status, rcs[0], brief=True)
            content = f"{m.text}\n{notes}" if notes else m.text
            if self.settings.dm_turn_prompts:
                data, _ = await self._picture(self.service.picture, m.game_id, m.target, "map", m.role)
        user = await self._user(m.target)
        kwargs = {"nonce": nonce}
        if view is not None:
            kwargs["view"] = view
        if data:
            kwargs["file"] = png_file(data, "my-map.png")
        try:
            message = await user.send(L.clip_message(content), **kwargs)
            return str(message.id)
        except discord.Forbidden:
            return await self._dm_closed(m)

    def _already_shown(self, m: Any) -> bool:
        shown = self._shown.get((m.target, m.game_id))
        if not shown:
            return False
        prefix = f"Game #{m.game_id}: "
        lines = (m.text[len(prefix):] if m.text.startswith(prefix) else m.text).split("\n")
        if all(line in shown for line in lines):
            for line in lines:
                shown.remove(line)
            return True
        return False

    async def _dm_closed(self, m: Any) -> str:
        """A user's DMs are closed: tell them in the game's channel (never the private content itself),
        once per game, and for a "your move" each time (whose move it is is public)."""
        if m.game_id is None:
            return "dm-closed"
        status = await self.call(self.service.status, m.game_id)
        key = (m.target, m.game_id)
        parts = []
        if m.kind == "your_move" and (m.target, m.game_id) not in self._pinged:  # not already in a "Now:" line
            parts.append(f"<@{m.target}>, your move in game #{m.game_id}: press **My choices** or use `/play`.")
        if key not in self._told_closed:
            self._told_closed.add(key)
            parts.append(f"<@{m.target}>: {DM_HELP}")
        if not parts:
            return "dm-closed"
        channel = await self._channel(status.channel)
        kwargs: dict[str, Any] = {"allowed_mentions": MENTIONS}
        if m.kind == "your_move":
            kwargs["view"] = open_view(str(m.game_id))
        message = await channel.send(L.clip_message("\n".join(parts)), **kwargs)
        return f"dm-closed:{message.id}"

"""The Discord layer's core: calling the service off the event loop with one answer per interaction,
notes kept for a user, and resolving which game, channel and seat a Discord user means."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterable

import discord

from bot.service import ServiceError, parse_game_id

from .common import log, MUTATING, _CHANGED, Refusal
from .replies import answer, defer
from .settings import DiscordSettings


class LayerCore:
    """What every part of the Discord layer stands on (see :class:`bot.discordbot.layer.Layer`)."""

    def __init__(self, service: Any, client: Any, settings: DiscordSettings | None = None) -> None:
        self.service = service
        self.client = client
        self.settings = settings or DiscordSettings()
        self._delivery_lock = asyncio.Lock()
        #: the service's per-user flags as last read or written by this process (see _flag); they record
        #: a "your DMs are closed" hint given and delivery problems reported, across restarts
        self._flags: dict[tuple[str, str], str | None] = {}
        #: outbox units whose current attempt began their doubt and has posted nothing yet (delivery.py)
        self._attempt_clean: dict[str, bool] = {}

        # the private notes waiting for a user and the private lines a user already read in a reply are
        # kept by the service (service.memory): they outlive a restart

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
        if str(user_id).startswith("system:robot:"):   # a computer seat (bot/table/robots.py): words, not its id
            return f"Herald's computer player ({str(user_id).split(':')[2]})"
        return f"<@{user_id}>" if str(user_id).isdigit() else str(user_id)

"""Game-master tools (/admin ...) and the ends of a game (/game concede, /game abort, /admin end)."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

import discord

from . import limits as L
from .common import Refusal
from .replies import answer


class AdminMixin:
    """Game-master tools (/admin ...) and the ends of a game (/game concede, /game abort, /admin end). (a part of :class:`bot.discordbot.layer.Layer`)."""

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
            if not confirm:   # checked as the real command checks it (an unknown winner is refused)
                named = await self.call(self.service.end_preview, status.game_id, by, [winner] if winner else [],
                                        stand_in=actor is not None)
                won = ", ".join(named) or "nobody (a draw)"
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

"""/sub ask, /sub volunteer, /sub accept and /admin substitutes (issue 32, item 3); leaving a started game is
/game leave (lobby.py), which the service answers by the game's deadline policy. Every answer is private."""

from __future__ import annotations

from typing import Any

import discord

from . import limits as L
from .common import Refusal
from .replies import answer


class SubstitutesMixin:
    """Volunteers and substitutes (a part of :class:`bot.discordbot.layer.Layer`)."""

    async def sub_ask(self, interaction: discord.Interaction, game: str | None, withdraw: bool = False) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("active", "paused"))
            said = await self.call(self.service.ask_substitute, status.game_id, self.uid(interaction.user),
                                   withdraw=withdraw)
            await answer(interaction, discord.utils.escape_mentions(said), ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def sub_volunteer(self, interaction: discord.Interaction, game: str | None, role: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("active", "paused"))
            user = interaction.user
            if getattr(user, "bot", False):
                raise Refusal("A bot cannot play: it cannot receive the DMs or use the buttons.")
            seat = await self.call(self.service.volunteer, status.game_id, self.uid(user), self.uname(user), role)
            await answer(interaction, f"You volunteer for seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                                      f"#{status.game_id}. The game master (or, where they chose so, the players "
                                      "by majority) accepts; you are told when you are seated.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def sub_accept(self, interaction: discord.Interaction, game: str | None, volunteer: Any | None,
                         role: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("active", "paused"))
            by, actor = await self._accepting_as(interaction, status)
            chosen = self.uid(volunteer) if volunteer is not None else None
            text = await self.call(self.service.accept_substitute, status.game_id, by, chosen, role,
                                   actor_name=actor)
            await answer(interaction, discord.utils.escape_mentions(text), ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def _accepting_as(self, interaction: discord.Interaction, status: Any) -> tuple[str, str | None]:
        """As :meth:`_admin_as` for the game master and Manage Server; anyone else acts as themselves (a
        player's vote where the game master chose majority; the service refuses the others)."""
        try:
            return await self._admin_as(interaction, status)
        except Refusal:
            return self.uid(interaction.user), None

    async def admin_substitutes(self, interaction: discord.Interaction, by: str, game: str | None) -> None:
        async def act(status, who, actor):
            said = await self.call(self.service.set_substitute_acceptance, status.game_id, who, by, actor_name=actor)
            return f"In game #{status.game_id}, {L.clip(said, 200)}."
        await self._admin(interaction, game, act)

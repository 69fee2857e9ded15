"""A game's settings and its record: /admin set (deadlines, reminders, spectators), /archive (the whole
game as one web page), /replay-picture (the public map turn by turn, animated) and /results (a server's
finished games and standings), with the suggestions of /admin set."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.table import settings as game_settings

from . import limits as L
from .common import Refusal, log, when
from .replies import answer


class RecordsMixin:
    """Settings and records (a part of :class:`bot.discordbot.layer.Layer`)."""

    async def admin_set(self, interaction: discord.Interaction, game: str | None, setting: str, value: str) -> None:
        async def act(status, by, actor):
            key = setting.strip()
            if key not in game_settings.BY_KEY:
                raise Refusal(f"There is no setting `{L.clip(key, 40)}`. Pick one from the suggestions: "
                              + ", ".join(game_settings.BY_KEY) + ".")
            lines = await self.call(self.service.change_settings, status.game_id, by, {key: value}, actor_name=actor)
            return (f"Game #{status.game_id}: {game_settings.BY_KEY[key].label} is now {L.clip(value, 60)}. "
                    "A new deadline counts from the next step (`/admin extend-deadline` moves a running one).\n"
                    + "\n".join(lines))
        await self._admin(interaction, game, act)

    async def archive(self, interaction: discord.Interaction, game: str | None, dm: bool = False) -> None:
        """/archive: the game's record as one HTML file, to the user only (public facts: anyone who may see
        the game may have it), or by DM."""
        async def work():
            status = await self.resolve(interaction, game)
            if status.status == "open":
                raise Refusal(f"Game #{status.game_id} has not started: there is nothing to archive yet.")
            made = await self.call(self.service.archive, status.game_id, L.ATTACHMENT_MAX)
            text = (f"Game #{status.game_id} ({status.title}): the whole game as one web page, "
                    f"{len(made.data) / 1024 / 1024:.1f} MiB — the log turn by turn with the public map at each "
                    "turn's end and the final position. Open it in any browser.")
            file = discord.File(io.BytesIO(made.data), filename=made.filename)
            if dm:
                try:
                    await interaction.user.send(text, file=file)
                    await answer(interaction, f"Sent by direct message: {made.filename}.", ephemeral=True)
                    return
                except discord.HTTPException:
                    text += "\n*(Your direct messages are closed, so here it is.)*"
                    file = discord.File(io.BytesIO(made.data), filename=made.filename)
            await answer(interaction, text, ephemeral=True, file=file)
        await self._guarded(interaction, work)

    async def replay_picture(self, interaction: discord.Interaction, game: str | None) -> None:
        """/replay-picture: the public map turn by turn as one animated picture, posted in the game's own
        server (elsewhere only to the user, as /map)."""
        async def work():
            status = await self.resolve(interaction, game)
            if status.status == "open":
                raise Refusal(f"Game #{status.game_id} has not started: there is no story to show yet.")
            data = await self.call(self.service.replay_picture, status.game_id, L.ATTACHMENT_MAX)
            public = await self.same_server(interaction, status)
            text = (f"Game #{status.game_id} ({status.title}), turn by turn: the public map at the start and at "
                    "the end of each turn.")
            file = discord.File(io.BytesIO(data), filename=f"herald-game-{status.game_id}-replay.webp")
            if public:
                try:
                    await interaction.channel.send(text, file=file, allowed_mentions=discord.AllowedMentions.none())
                    await answer(interaction, "Posted in the channel.", ephemeral=True)
                    return
                except discord.HTTPException as error:
                    log.warning("Posting the replay picture failed: %s", error)
                    text += "\n*(Discord refused it in the channel, so here it is for you.)*"
                    file = discord.File(io.BytesIO(data), filename=file.filename)
                await answer(interaction, text, ephemeral=True, file=file)
            else:
                await answer(interaction, text, ephemeral=True, file=file)
        await self._guarded(interaction, work)

    async def results(self, interaction: discord.Interaction, game: str | None) -> None:
        """/results: the server's newest finished games and each player's standing per game."""
        async def work():
            if interaction.guild is None:
                raise Refusal("Ask for results in a server: they are the finished games of that server.")
            finished, standings = await self.call(self.service.results, str(interaction.guild.id), game or None, 10)
            await answer(interaction, None, ephemeral=True, embed=results_embed(finished, standings))
        await self._guarded(interaction, work)

    async def autocomplete_setting(self, interaction: discord.Interaction, current: str):
        low = (current or "").lower()
        return [app_commands.Choice(name=L.clip(f"{s.key} — {s.label}", L.CHOICE_NAME_MAX), value=s.key)
                for s in game_settings.SETTINGS if low in s.key.lower() or low in s.label.lower()
                ][:L.AUTOCOMPLETE_CHOICES]

    async def autocomplete_setting_value(self, interaction: discord.Interaction, current: str):
        try:
            chosen = game_settings.BY_KEY.get(str(getattr(interaction.namespace, "setting", "") or ""))
            values = chosen.suggestions if chosen else ()
            low = (current or "").lower()
            out = [app_commands.Choice(name=v, value=v) for v in values if v.lower().startswith(low)]
            if current and current not in values:
                out.insert(0, app_commands.Choice(name=L.clip(current, L.CHOICE_NAME_MAX),
                                                  value=current[:L.CHOICE_VALUE_MAX]))
            return out[:L.AUTOCOMPLETE_CHOICES]
        except Exception:  # pragma: no cover - autocomplete must never fail loudly
            log.exception("autocomplete_setting_value")
            return []


def results_embed(finished: list[Any], standings: list[Any]) -> discord.Embed:
    """Finished games (newest first) and the standings per game, within an embed's limits."""
    embed = discord.Embed(title="Results")
    if not finished:
        embed.description = "No finished games here yet."
        return embed
    games = "\n".join(f"#{g.game_id} {g.title} ({when(g.ended_at) if g.ended_at else 'ended'}): "
                      f"{', '.join(g.winners) or 'a draw'} — {g.reason}" for g in finished)
    embed.add_field(name="Finished games", value=L.clip(discord.utils.escape_mentions(games), 1024), inline=False)
    for title in dict.fromkeys(s.title for s in standings):
        rows = [s for s in standings if s.title == title]
        text = "\n".join(f"{s.name}: {s.wins} win{'s' if s.wins != 1 else ''} in {s.games} game"
                         f"{'s' if s.games != 1 else ''}, average place {s.average_place:g}" for s in rows)
        if len(embed.fields) < 24:
            embed.add_field(name=L.clip(f"Standings · {title}", 256),
                            value=L.clip(discord.utils.escape_mentions(text), 1024), inline=False)
    return embed

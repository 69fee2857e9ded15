"""/games (the server's board, paged with buttons), /nudge and /admin lateness (issue 32, items 1–2).

The board shows a reader only the games of this server whose channel they can see, plus their own games;
in direct messages, only their own games. Every answer is private (ephemeral); the page buttons (components.BoardPageButton) edit
the same private message and carry only the filter and the page, so they work after a restart too.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import clock
from bot.service import ServiceError
from bot.table.board import FILTERS, PAGE_SIZE

from . import limits as L
from .common import Refusal, log, when
from .components import BoardPageButton, DynamicView
from .replies import answer


class BoardMixin:
    """/games, /nudge, /admin lateness (a part of :class:`bot.discordbot.layer.Layer`)."""

    async def games_board(self, interaction: discord.Interaction, filter: str | None, page: int | None) -> None:
        async def work():
            text, view = await self._board_message(interaction, filter or "all", page or 1)
            await answer(interaction, text, view=view, ephemeral=True)
        await self._guarded(interaction, work)

    async def on_board_page(self, interaction: discord.Interaction, which: str, page: int) -> None:
        try:
            await interaction.response.defer()   # a deferred update: the private message is edited below
            try:
                text, view = await self._board_message(interaction, which, page)
            except (ServiceError, Refusal) as error:
                await answer(interaction, f"⚠️ {error.message}", ephemeral=True)
                return
            await interaction.edit_original_response(content=text, view=view)
        except discord.HTTPException as error:
            log.warning("Board page turn failed: %s", error)
            await self._reply_safely(interaction, f"⚠️ Discord refused to show that page ({error}). `/games` "
                                                  "shows the board again.")
        except Exception:
            log.exception("Board page turn failed")
            await self._reply_safely(interaction, self._failure_text([], None))

    async def _board_message(self, interaction: discord.Interaction, which: str, page: int) -> tuple[str, Any]:
        user = self.uid(interaction.user)
        if interaction.guild is None:
            guild, channels, where = None, [], "Your games"
        else:
            guild = str(interaction.guild.id)
            channels, where = await self._visible_channels(interaction, guild), "Games of this server"
        board = await self.call(self.service.board, guild=guild, channels=channels, user_id=user, which=which,
                                page=page, page_size=PAGE_SIZE)
        head = (f"**{where}** — {FILTERS[board.which]} · page {board.page} of {board.pages} · "
                f"{board.total} game{'s' if board.total != 1 else ''}")
        if not board.entries:
            body = ["Nothing here. `/game new` opens a game; `/games filter:open` lists seats to take."]
        else:
            body = [self._board_lines(entry) for entry in board.entries]
        text = L.clip_message("\n\n".join([head, *body]))
        view = None
        if board.pages > 1:
            view = DynamicView()
            view.add_item(BoardPageButton(board.which, max(1, board.page - 1), "◀ Previous", board.page <= 1))
            view.add_item(BoardPageButton(board.which, min(board.pages, board.page + 1), "Next ▶",
                                          board.page >= board.pages))
        return text, view

    async def _visible_channels(self, interaction: discord.Interaction, guild: str) -> list[str]:
        """The channels of this server's games that the reader can see."""
        out = []
        for channel_id in await self.call(self.service.board_channels, guild):
            if not str(channel_id).isdigit():
                continue
            try:
                channel = await self._channel(channel_id)
            except (discord.HTTPException, discord.ClientException, ValueError):
                continue
            if self._can_view(channel, interaction.user):
                out.append(channel_id)
        return out

    def _board_lines(self, entry: Any) -> str:
        now = clock.timestamp()
        esc = discord.utils.escape_mentions
        where = f"<#{entry.channel}>" if str(entry.channel).isdigit() else esc(str(entry.channel))
        lines = [f"**#{entry.game_id} {esc(entry.title)}** in {where} · {esc(entry.turn_label)} · "
                 f"{entry.status} · game master {esc(L.clip(entry.gm_name, 40))}",
                 f"  {esc(L.clip(' · '.join(entry.players), 200))}"]
        for w in entry.waiting:
            who = esc(L.clip(w.user_name or "nobody", 40))
            line = f"  Waiting for {w.role_name} ({who}) for {clock.format_duration(max(0.0, now - w.since))}"
            if w.paused:
                line += " — clock stopped"
            elif w.deadline is not None:
                line += f" — deadline {when(w.deadline)}"
            if w.late:
                line += " — ⚠️ late"
            lines.append(line)
        for seat in entry.open_seats:
            line = f"  Open seat {seat.seat} ({', '.join(seat.role_names)})"
            if entry.status != "open":
                line += (f": {esc(seat.stand_in)} plays it until replaced" if seat.staying else
                         f": held by {esc(seat.stand_in)} meanwhile" if seat.stand_in else ": empty")
                if seat.volunteers:
                    line += f"; volunteers: {esc(', '.join(seat.volunteers))}"
                line += " — `/sub volunteer`"
            else:
                line += " — `/game join`"
            lines.append(line)
        if entry.result:
            lines.append(f"  Result: {esc(entry.result)}")
        return "\n".join(lines)

    async def autocomplete_board_filter(self, interaction: discord.Interaction, current: str
                                        ) -> list[app_commands.Choice[str]]:
        text = str(current or "").lower()
        return [app_commands.Choice(name=L.clip(f"{key}: {what}", 100), value=key)
                for key, what in FILTERS.items() if text in key or text in what][:25]

    async def nudge(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("active",))
            names = await self.call(self.service.nudge, status.game_id, self.uid(interaction.user))
            listed = discord.utils.escape_mentions(", ".join(names))
            await answer(interaction, f"Nudged in game #{status.game_id}: {listed} (privately). One nudge per step: "
                                      "the next can go when the game waits for them afresh.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def admin_lateness(self, interaction: discord.Interaction, game: str | None) -> None:
        async def act(status, by, actor):
            records = await self.call(self.service.lateness, status.game_id, by)
            return lateness_text(status.game_id, records)
        await self._admin(interaction, game, act)


def lateness_text(game_id: int, records: list[Any]) -> str:
    """The game master's table of lateness, in words."""
    lines = [f"**Lateness in game #{game_id}** (only you see this)"]
    for r in records:
        plays = ", ".join(r.roles) if r.roles else "no longer seated"
        lines.append(f"{discord.utils.escape_mentions(L.clip(r.user_name, 40))} ({plays}): "
                     f"{r.after_reminder} move{'s' if r.after_reminder != 1 else ''} after a reminder or nudge, "
                     f"{r.after_deadline} after the deadline, {r.missed} deadline{'s' if r.missed != 1 else ''} "
                     f"missed, nudged {r.nudged} time{'s' if r.nudged != 1 else ''}")
    if len(lines) == 1:
        lines.append("Nobody plays in this game yet.")
    return "\n".join(lines)

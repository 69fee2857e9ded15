"""Suggestions for command options: games, roles, scenarios, seatings, setup options, orders,
pictures and turns."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.picturechoice import offers as picture_offers
from bot.service import ServiceError
from bot.table import settings as game_settings

from . import limits as L
from .common import log, Refusal


class AutocompleteMixin:
    """Suggestions for command options (a part of :class:`bot.discordbot.layer.Layer`)."""

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
            if entry is None:
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
            for setting in game_settings.SETTINGS:   # the game's own settings, after its options
                if setting.key in given:
                    continue
                for value in setting.suggestions:
                    pair = f"{setting.key}={value}"
                    full = prefix + pair
                    if len(full) > L.CHOICE_VALUE_MAX or (low and not pair.lower().startswith(low)):
                        continue
                    out.append(app_commands.Choice(name=L.clip(f"{full} — {setting.label}", L.CHOICE_NAME_MAX),
                                                   value=full))
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
            # kept by the service: a typed order (not a picked suggestion) answers what was offered, even
            # after a restart
            await self.call(self.service.offer, status.game_id, user, {rc.role: rc.version for rc in rcs})
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
        try:
            kinds = await self.call(self.service.picture_manifest, status.game_id)
            # /map posts in public: private kinds (a hand) are offered by /view only
            public = getattr(getattr(interaction, "command", None), "name", "") == "map"
            items = picture_offers(kinds, private=not public)
            low = (current or "").lower().replace(" ", "")
            matched = [(n, v) for n, v in items
                       if not low or low in n.lower().replace(" ", "") or low in v.lower()]
            if len(matched) > L.AUTOCOMPLETE_CHOICES:   # too many: every kind first, then the choices
                matched = [i for i in matched if ":" not in i[1]] + [i for i in matched if ":" in i[1]]
            return self._filter(matched, "")
        except Exception:  # pragma: no cover - autocomplete must never fail loudly
            log.exception("autocomplete_picture")
            return []

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

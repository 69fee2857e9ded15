"""The lobby: /game new (in a channel or a new thread), join, leave, swap, follow, start, status, list,
and /help."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import ServiceError

from . import limits as L
from .common import THREAD_TYPES, HELP, Refusal
from .replies import answer
from .settings import PERMISSION_NAMES
from bot.table import settings as game_settings


class LobbyMixin:
    """The lobby (a part of :class:`bot.discordbot.layer.Layer`)."""

    @staticmethod
    def parse_options(text: str | None) -> dict[str, str]:
        options: dict[str, str] = {}
        for part in (text or "").replace(",", " ").split():
            key, sep, value = part.partition("=")
            if not sep or not key:
                raise Refusal(f"Write options as key=value (for example `{part}=true`), separated by spaces.")
            if key.strip() in options:   # which one was meant? Say so rather than keep the last
                raise Refusal(f"The option `{key.strip()}` is given twice ({key.strip()}={options[key.strip()]} and "
                              f"{part}); give it once.")
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
                       seating: str | None = None, bots: int | None = None) -> None:
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
            # the game's own settings (deadline.turn=1d, reminders=2h, spectators=off) ride with the options
            own = {k: v for k, v in opts.items() if game_settings.is_setting(k)}
            opts = {k: v for k, v in opts.items() if k not in own}
            await self.call(self._check_new, game, scenario, opts, role, players, seating)
            await self.call(self.service.check_settings, game, own)
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
                                         seating=seating, settings=own or None)
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
            if bots:
                free = [s for s in status.seats if s.user_id is None][::-1][:bots]
                level = self.service.default_robot_level(game)
                for seat in free:   # the last free seats, so the first ones stay for people
                    await self.call(self.service.seat_robot, status.game_id, self.uid(interaction.user),
                                    level, seat.seat)
                text += (f"Herald's computer player ({level}) takes seat "
                         f"{', '.join(str(s.seat) for s in sorted(free, key=lambda s: s.seat))}. ")
                if len(free) < bots:
                    text += f"(Only {len(free)} seat{'s' if len(free) != 1 else ''} were free for it.) "
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

    async def game_seat_bot(self, interaction: discord.Interaction, game: str | None, role: str,
                            level: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open",))
            level_used = level or self.service.default_robot_level(status.game)
            seat = await self.call(self.service.seat_robot, status.game_id, self.uid(interaction.user),
                                   level_used, role)
            await answer(interaction, f"Herald's computer player ({level_used}) sits at seat {seat.seat} "
                                      f"({', '.join(seat.role_names)}) in game #{status.game_id}.", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_leave(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game, statuses=("open", "active", "paused"))
            said = await self.call(self.service.leave, status.game_id, self.uid(interaction.user))
            await answer(interaction, discord.utils.escape_mentions(said), ephemeral=True)
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

    def status_embed(self, status: Any, settings: list[str] | None = None) -> discord.Embed:
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
        if settings:
            embed.add_field(name="Settings (`/admin set` changes them)", value=L.clip("\n".join(settings), 1024),
                            inline=False)
        embed.add_field(name="Game master", value=self._mention(status.gm), inline=True)
        return embed

    async def game_status(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            settings = await self.call(self.service.game_settings, status.game_id)
            await answer(interaction, None, ephemeral=True, embed=self.status_embed(status, settings))
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

    async def help(self, interaction: discord.Interaction) -> None:
        await answer(interaction, HELP, ephemeral=True)

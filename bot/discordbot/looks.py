"""Looks: what a player reads: their private hand and map (/hand, /view), the public map (/map), the log
(/log) and the turns played (/game history)."""

from __future__ import annotations

from typing import Any, Callable

import discord

from rules.core.wording import plural

from bot.logview import labelled, with_headings
from bot.service import RenderUnavailable, ServiceError

from . import limits as L
from .common import log, _CHANGED, Refusal, when, private_facts, format_facts, format_sections
from .replies import NO_MENTIONS, answer, defer, png_file, send_private, too_big


class LooksMixin:
    """Looks (a part of :class:`bot.discordbot.layer.Layer`)."""

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
            data, why = None, ""
            kinds = await self.call(self.service.picture_manifest, status.game_id)
            private = next((k.id for k in kinds if k.private), None)   # the hand, for /hand
            wanted = None
            if (kinds or picture) and (picture or with_picture or private):
                # a bad kind or value is refused (privately) naming the allowed ones
                wanted = await self.call(self.service.picture_choice, status.game_id,
                                         picture if picture or with_picture else private)
            shown = f" · {wanted.label}" if wanted and picture else ""
            sections = await self.call(self.service.describe, status.game_id, user, which)
            if not with_picture:   # /hand: what is the player's own
                sections = [section for section in sections if section.private]
            body = format_sections(sections) if sections else format_facts(private_facts(mine, public))
            text = f"**Game #{status.game_id} · {names}{shown}** — only you can see this.\n" + body
            if not with_picture:   # a substitute's first /hand: what the seat was told before them
                text += earlier_lines(await self.call(self.service.seat_history, status.game_id, user, once=True))
            if wanted or (with_picture and not kinds):   # no manifest: the renderer says why there is none
                data, why = await self._picture(self.service.picture, status.game_id, user,
                                                wanted.id if wanted else None, which,
                                                wanted.params or None if wanted else None)
                if data is None and with_picture:
                    text += f"\n*(No picture: {why})*"
                elif too_big(data):
                    text += "\n*(The picture is too large for Discord to attach.)*"
            await send_private(interaction, text, file_bytes=data,
                               filename=wanted.filename if wanted else "map.png", prefer_dm=dm)
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
            # a bad kind or value, or a private kind, is refused privately naming the allowed ones
            kinds = await self.call(self.service.picture_manifest, status.game_id)
            wanted = (await self.call(self.service.picture_choice, status.game_id, picture, True)
                      if kinds or picture else None)
        except (ServiceError, Refusal) as error:
            # keep the refusal private: drop the public "thinking…" message, then answer ephemerally
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                pass
            await interaction.followup.send(f"⚠️ {error.message}", ephemeral=True, allowed_mentions=NO_MENTIONS)
            return
        # without a manifest the main picture is still asked for: the renderer says why there is none
        data, why = await self._picture(self.service.picture, status.game_id, None, wanted.id if wanted else None,
                                        None, wanted.params or None if wanted else None)
        shown = f" · {wanted.label}" if wanted and picture else ""
        text = f"**Game #{status.game_id} · {status.title} · {status.turn_label}{shown}**"
        if data is None:
            text += f"\n*(No picture: {why})*"
        elif too_big(data, self._upload_limit(interaction.channel)):
            text += "\n*(The picture is too large for Discord to attach here.)*"
        line = self.waiting_line(status)
        if line:
            text += "\n" + line
        await answer(interaction, text, ephemeral=False,
                     file=png_file(data, wanted.filename if wanted else "map.png", self._upload_limit(interaction.channel)))

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
            labels = {id(line): label for label, line in labelled(entries, turns)}
            if out and not oldest[0] and labels[id(oldest[1])]:   # cut off above: say the turn
                out[-1] = f"**{labels[id(oldest[1])]}**\n{out[-1]}"
            which = "new since you last looked" if new else "last"
            head = f"**Game #{status.game_id} log** ({which}: {len(out)} lines; 🔒 = only you can read it)\n"
            await answer(interaction, head + ("\n".join(reversed(out)) or "Nothing yet."), ephemeral=True)
        await self._guarded(interaction, work)

    async def game_history(self, interaction: discord.Interaction, game: str | None, turn: str | None) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            if not turn:
                turns = await self.call(self.service.history, status.game_id, user)
                lines = [f"`{t.index:>3}` {t.turn_label} ({t.phase}) — {when(t.at, False)}" for t in turns]
                hint = "Show one with `/game history turn:`."
                head = f"**Game #{status.game_id}: {plural(len(turns), 'turn')}**"
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


#: room a substitute's first /hand gives the seat's earlier private lines (the rest of the message is theirs)
EARLIER_CHARS = 900


def earlier_lines(lines: list) -> str:
    """The private lines a seat received before its new player took it, newest kept when they do not fit."""
    if not lines:
        return ""
    kept: list[str] = []
    room = EARLIER_CHARS
    for line in reversed(lines):
        text = f"• {discord.utils.escape_mentions(line.text)}"
        if len(text) + 1 > room:
            break
        kept.insert(0, text)
        room -= len(text) + 1
    more = f" (the last {len(kept)} of {len(lines)}; `/log` has them all)" if len(kept) < len(lines) else ""
    return "\n\n**Before you took this seat**, it was told" + more + ":\n" + "\n".join(kept)

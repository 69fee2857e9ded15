"""Playing: a player's choices as buttons and menus, clicks and typed orders (/play, /order), /undo,
/game autopass, and slow play (/deadline, /vacation)."""

from __future__ import annotations

from typing import Any

import discord

from bot import clock
from bot.service import ServiceError, StaleVersion, parse_game_id

from . import limits as L
from .common import log, ORDER_REF, VERSIONED_ORDER, STALE, Refusal, choice_token, _split_token, when
from .components import as_choices, choices_view, page_groups, texts_message
from .replies import answer


class PlayingMixin:
    """Playing (a part of :class:`bot.discordbot.layer.Layer`)."""

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
        if pages > 1:   # what each page holds, so nobody pages through menus looking for one
            elsewhere = [f"page {n}: {', '.join(names)}" for n, names in enumerate(page_groups(rc.actions), 1)
                         if n != shown + 1 and names]
            lines.append(f"Page {shown + 1} of {pages} (◀ ▶ below)"
                         + (f"; {'; '.join(elsewhere)}" if elsewhere else "") + ". Or type it: `/order`.")
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

    async def on_texts(self, interaction: discord.Interaction, game: str, token: str, role: str) -> None:
        """The "Card texts" button: the full text of every card (tile, office…) offered, to the clicker
        alone; only the seat's player may read them (they may describe the hand)."""
        async def work():
            try:
                status, rc, _ = await self._current(parse_game_id(game), self.uid(interaction.user), role, token)
            except Refusal as refusal:
                if refusal.message != STALE:
                    raise
                raise Refusal(STALE.replace(" Here are your choices now.", " `/play` shows your choices now.")) from None
            head = f"**Game #{status.game_id} · {rc.role_name}** — {rc.prompt}"
            body = texts_message(as_choices(rc.actions), L.MESSAGE_CONTENT_MAX - len(head) - 2)
            await answer(interaction, L.clip_message(f"{head}\n{body}"), ephemeral=True)
        await self._guarded(interaction, work)

    async def on_choice(self, interaction: discord.Interaction, game: str, token: str, role: str, index: int) -> None:
        user = self.uid(interaction.user)
        try:
            game_id = parse_game_id(game)
        except ServiceError as error:   # a forged or mangled id (no button of Herald's carries one): say so
            async def refuse():
                raise Refusal(error.message)
            await self._guarded(interaction, refuse)
            return

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
                      role: str | None, version: int | None, typed: bool = False) -> None:
        result = await self.call(self.service.submit, game_id, user, action_id, role=role,
                                 expected_version=version, request_id=f"discord:{interaction.id}", typed=typed)
        private = [l.text for l in result.log if l.private]
        if not result.duplicate:
            await self.call(self.service.memory.lines_shown, user, game_id, private)
        text = f"✅ Game #{game_id}: **{result.label}**"
        if result.duplicate:
            text += (" (already recorded: given once, it is not applied twice; to give it again, pick it from "
                     "the suggestions or `/play`)")
        if result.log:
            text += "\n" + "\n".join(("🔒 " if l.private else "") + l.text for l in result.log)
        await answer(interaction, text, ephemeral=True)
        if result.finished:
            return
        status = await self.call(self.service.status, game_id)
        rcs = await self.call(self.service.choices, game_id, user)
        await self._send_choices(interaction, status, rcs)

    async def run_answers(self, interaction: discord.Interaction, game: str | None, role: str | None,
                          answers: str | None) -> None:
        """Issue 33: /run: a run of the player's own questions answered in one order ("ip:3 ip:1 done"),
        checked whole before anything is played; without answers, the run's defaults; "confirm" plays them."""
        async def work():
            status = await self.resolve(interaction, game)
            user = self.uid(interaction.user)
            words = (answers or "").replace(",", " ").split()
            if not words or words == ["confirm"]:
                defaults = [d for d in await self.call(self.service.run_defaults, status.game_id, user)
                            if role is None or d[0] == role]
                if not defaults:
                    raise Refusal(f"No run of your own questions with defaults is open in game #{status.game_id} "
                                  "now; give the answers in order, e.g. `/run answers:ip:3 ip:1 done`.")
                if not words:
                    listed = "; ".join(label for _, _, label in defaults)
                    await answer(interaction, f"Game #{status.game_id}, in one go: {listed}. "
                                              "`/run answers:confirm` plays them.", ephemeral=True)
                    return
                words = [aid for _, aid, _ in defaults]
            result = await self.call(self.service.submit_run, status.game_id, user, words, role=role)
            private = [l.text for l in result.log if l.private]
            await self.call(self.service.memory.lines_shown, user, status.game_id, private)
            text = f"✅ Game #{status.game_id}, in one go: **{result.label}**"
            if result.log:
                text += "\n" + "\n".join(("🔒 " if l.private else "") + l.text for l in result.log)
            await answer(interaction, text, ephemeral=True)
            if not result.finished:
                status = await self.call(self.service.status, status.game_id)
                await self._send_choices(interaction, status, await self.call(self.service.choices,
                                                                             status.game_id, user))
        await self._guarded(interaction, work, deliver=True)

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
            if version is not None and version != rc.version:  # "#n" counts in another position's list
                raise Refusal(STALE.replace(" Here are your choices now.", " `/play` shows your choices now."))
            # typed (no version): it answers the question the user's suggestions were last offered at,
            # which the service keeps across restarts
            await self._submit(interaction, status.game_id, user, action.id, rc.role, version, typed=version is None)
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

    async def game_autopass(self, interaction: discord.Interaction, game: str | None, on: bool) -> None:
        async def work():
            status = await self.resolve(interaction, game)
            await self.call(self.service.set_autopass, status.game_id, self.uid(interaction.user), on)
            text = ("On: in response windows where your only choice is to pass, you pass at once (the others "
                    "can tell you held nothing)." if on else "Off: you are always asked in response windows.")
            await answer(interaction, f"Game #{status.game_id} autopass {text}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

    async def game_standing(self, interaction: discord.Interaction, game: str | None, answer_id: str | None,
                            on: bool, unless: str | None = None) -> None:
        """Issue 33: list the game's standing answers (with the conditions each may take), or set one (on,
        perhaps with conditions: "op71 op74") or take it back (off)."""
        async def work():
            status = await self.resolve(interaction, game)
            me = self.uid(interaction.user)
            if answer_id:
                label = await self.call(self.service.set_standing, status.game_id, me, answer_id.strip(), on,
                                        (unless or "").replace(",", " ").split())
                text = f"{label}: {'on, answered for you whenever it fits' if on else 'off, you are asked'}."
            else:
                listed = await self.call(self.service.standing, status.game_id, me)
                lines = []
                for aid, label, mine in listed:
                    conditions = await self.call(self.service.standing_conditions, status.game_id, aid)
                    lines.append(f"{'✓' if mine else '·'} {aid}: {label}" + (
                        f" (unless: {', '.join(c for c, _ in conditions)})" if conditions else ""))
                text = "\n".join(lines) or "This game offers no standing answers."
            await answer(interaction, f"Game #{status.game_id} standing answers: {text}", ephemeral=True)
        await self._guarded(interaction, work, deliver=True)

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

"""Slow play: deadlines and reminders (tick), what a passed deadline plays, vacations, auto-pass and
the game master's extension of a deadline."""

from __future__ import annotations

import time

from rules.core import Engine

from .. import clock
from ..config import MAX_DURATION
from ..scheduling import MAX_DEFAULTS_PER_WAIT, TickReport, paused_since, reminders_due, resumed_due
from .records import (NO_DEADLINE, CHECKPOINT_EVERY, PRUNE_EVERY, SYSTEM_DEADLINE, MISSED_TURN, ServiceError,
                      NotFound, IllegalOrder, BadOption, EngineFailure, Status, _Game)


class SlowPlayMixin:
    """Slow play (a part of :class:`bot.service.TableService`)."""

    def set_autopass(self, game_id: int | str, user_id: str, on: bool = True) -> None:
        """In reaction windows, pass at once when the only legal action is to pass. Off by default: the
        instant pass tells the others that the player holds nothing playable."""
        with self._write():
            game = self._game(game_id)
            self._seat_of(game, user_id)
            self._set_preference(game.id, user_id, "autopass", "1" if on else "0")
            if on and game.status == "active":
                engine = self._engine(game.game)
                self._settle(game, engine, self._state(game))

    def standing(self, game_id: int | str, user_id: str) -> list[tuple[str, str, bool]]:
        """The standing answers this game offers (issue 33), as (id, description, set by this player); a
        set answer's description ends with its conditions ("… unless you can use #71 Escape")."""
        with self._lock:
            game = self._game(game_id)
            mine = dict(self.db.execute(
                "SELECT key, value FROM preferences WHERE game_id = ? AND user_id = ? AND key LIKE 'standing%'",
                [game.id, user_id]))
            listed = []
            for a in self._engine(game.game).standing_answers():
                on = mine.get(f"standing:{a.id}") == "1"
                unless = [u.label for u in a.unless if u.id in (mine.get(f"standing-unless:{a.id}") or "").split(",")]
                listed.append((a.id, a.label + (f", unless {' or '.join(unless)}" if on and unless else ""), on))
            return listed

    def standing_conditions(self, game_id: int | str, answer: str) -> list[tuple[str, str]]:
        """The conditions a player may add to one standing answer, as (id, description)."""
        with self._lock:
            return [(u.id, u.label) for u in self._standing_answer(self._game(game_id), answer).unless]

    def _standing_answer(self, game: _Game, answer: str):
        offered = {a.id: a for a in self._engine(game.game).standing_answers()}
        if answer not in offered:
            known = ", ".join(f"{a.id} ({a.label})" for a in offered.values())
            raise BadOption(f"No standing answer '{answer}' in this game. "
                            + (f"Choose one of: {known}." if known else "This game offers none."))
        return offered[answer]

    def set_standing(self, game_id: int | str, user_id: str, answer: str, on: bool = True,
                     unless: list[str] | tuple[str, ...] = ()) -> str:
        """Leave (or take back) a standing answer for this game, e.g. "pass-windows": it answers for the
        player whenever it fits, whatever they hold — or, with ``unless`` (condition ids), except when one
        of the conditions holds ("unless I can use Escape"), the player's own opt-in. Returns its
        description; a bad id or condition is refused and changes nothing."""
        with self._write():
            game = self._game(game_id)
            self._seat_of(game, user_id)
            engine = self._engine(game.game)
            offered = self._standing_answer(game, answer)
            conditions = {u.id: u for u in offered.unless}
            unless = [u.strip().lower() for u in unless if u.strip()]
            bad = [u for u in unless if u not in conditions]
            if bad and not on:
                raise BadOption("Conditions go with “on”: “off” takes the whole answer back.")
            if bad:
                known = ", ".join(f"{u.id} ({u.label})" for u in offered.unless)
                raise BadOption(f"'{bad[0]}' is no condition of '{answer}'. "
                                + (f"Choose among: {known}." if known else "This answer takes no condition."))
            self._set_preference(game.id, user_id, f"standing:{answer}", "1" if on else "0")
            self._set_preference(game.id, user_id, f"standing-unless:{answer}", ",".join(unless) if on else "")
            if on and game.status == "active":
                self._settle(game, engine, self._state(game))
            label = offered.label
            if on and unless:
                label += ", unless " + " or ".join(conditions[u].label for u in unless)
            return label

    def extend_deadline(self, game_id: int | str, by: str, seconds: float, role: str | None = None, *,
                        actor_name: str | None = None) -> Status:
        """Move the running deadline(s) later (of ``role``, or of everyone who must act). Game master or
        admin."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "extend a deadline")
            self._require_playing(game, allow_paused=True)
            if not 0 < seconds <= MAX_DURATION:
                raise BadOption("Extend by a positive duration of at most ten years, such as 1d or 12h.")
            now = self._now()
            rows = list(self.db.query("SELECT role, due_at FROM deadlines WHERE game_id = ?", [game.id]))
            if role is not None:
                role = self._known_role(game, role)
                rows = [r for r in rows if r["role"] == role]
                if not rows:
                    raise NotFound(f"{self._engine(game.game).role_name(role)} has no running deadline in game "
                                   f"#{game.id}.")
            for r in rows:
                if r["due_at"] >= NO_DEADLINE:
                    continue
                due = max(r["due_at"], now) + seconds
                # a new deadline: the reminders count again from it (those already past it stay sent)
                sent = sum(1 for offset in self._reminders_for(game) if now >= due - offset)
                self.db.execute("UPDATE deadlines SET due_at = ?, expired = 0, reminders_sent = ?, defaults = 0 "
                                "WHERE game_id = ? AND role = ?", [due, sent, game.id, r["role"]])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._acting(game, by, actor_name)} extends the deadline in game #{game.id} by "
                                 f"{clock.format_duration(seconds)}.")
        return self.status(game.id)

    def set_vacation(self, user_id: str, until: float | None, user_name: str | None = None) -> None:
        """Start a vacation lasting until ``until`` (POSIX seconds), or end it now (None). While it lasts
        the user's deadlines do not run; afterwards they resume with the time that was left."""
        now = self._now()
        with self._write():
            self._touch_user(user_id, user_name)
            if until is None:
                self.db.execute("UPDATE vacations SET ends_at = ? WHERE user_id = ? AND ends_at > ?",
                                [now, user_id, now])
            else:
                if until <= now:
                    raise BadOption("A vacation must end in the future.")
                if until - now > MAX_DURATION:
                    raise BadOption("A vacation lasts at most ten years.")
                self.db.execute("INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?,?,?) "
                                "ON CONFLICT(user_id) DO UPDATE SET starts_at = excluded.starts_at, "
                                "ends_at = excluded.ends_at", [user_id, now, until])
        self.tick()

    def vacation(self, user_id: str) -> tuple[float, float] | None:
        """(start, end) of the user's current or coming vacation, if any."""
        with self._lock:
            row = self.db.execute("SELECT starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ?",
                                  [user_id, self._now()]).fetchone()
        return (row[0], row[1]) if row else None

    def tick(self) -> TickReport:
        """Process due reminders and passed deadlines (each in its own transaction). Call it on a timer;
        calling it often is cheap and harmless."""
        report = TickReport()
        now = self._now()
        server_ahead = self.config.reminders_before[0] if self.config.reminders_before else 0

        with self._lock:
            due = [(r[0], r[1]) for r in self.db.execute(
                "SELECT d.game_id, d.role FROM deadlines d JOIN games g ON g.id = d.game_id "
                # a game's own reminders (settings, longest first) look further ahead than the server's
                "WHERE g.status = 'active' AND (d.paused_at IS NOT NULL OR (d.expired = 0 AND d.due_at <= ? + "
                "COALESCE(json_extract(g.settings, '$.reminders[0]'), ?)) "
                "OR d.role IN (SELECT je.value FROM seats s, json_each(s.roles) je JOIN vacations v "
                "ON v.user_id = s.user_id WHERE s.game_id = d.game_id AND v.starts_at <= ? AND v.ends_at > ?)) "
                "ORDER BY d.due_at", [now, server_ahead, now, now])]
            for game_id, role in due:
                try:
                    self._tick_one(game_id, role, now, report)
                except ServiceError as error:  # one bad game must not stop the others
                    report.notes.append(f"game #{game_id} {role}: {error.message}")
                except Exception as error:  # an engine bug (in a prompt or a default): the same
                    report.notes.append(f"game #{game_id} {role}: {type(error).__name__}: {error}")
        if self._last_prune is None or not 0 <= now - self._last_prune < PRUNE_EVERY:
            self._last_prune = now
            report.pruned = self.outbox.prune(self.config.outbox_keep_delivered)
        if time.monotonic() - self._last_checkpoint >= CHECKPOINT_EVERY:
            self.checkpoint()
        return report

    def _tick_one(self, game_id: int, role: str, now: float, report: TickReport) -> None:
        with self._write():
            game = self._game(game_id)
            if game.status != "active":
                return
            row = self.db.execute("SELECT kind, started_at, due_at, reminders_sent, expired, paused_at "
                                  "FROM deadlines WHERE game_id = ? AND role = ?", [game.id, role]).fetchone()
            if row is None:
                return
            kind, started_at, due_at, sent, expired, paused_at = row
            engine = self._engine(game.game)
            holder = self._holder_in(self._seats(game), role)
            vacation = self.db.execute("SELECT starts_at, ends_at FROM vacations WHERE user_id = ?",
                                       [holder]).fetchone() if holder else None
            on_vacation = vacation is not None and vacation[0] <= now < vacation[1]
            if paused_at is not None:
                if on_vacation:
                    return
                resumed_at = min(now, vacation[1]) if vacation else now
                due_at = resumed_due(due_at, paused_at, resumed_at)
                self.db.execute("UPDATE deadlines SET due_at = ?, paused_at = NULL WHERE game_id = ? AND role = ?",
                                [due_at, game.id, role])
                report.resumed += 1
            elif on_vacation:
                self.db.execute("UPDATE deadlines SET paused_at = ? WHERE game_id = ? AND role = ?",
                                [paused_since(vacation[0], started_at), game.id, role])
                report.paused += 1
                return
            if due_at >= NO_DEADLINE or expired:
                return
            whole = self._deadline_settings(game).for_kind(kind)
            step = reminders_due(self._reminders_for(game), due_at, now, sent, whole)
            if step is None and now < due_at:
                return
            prompt = engine.prompt(self._state(game), role)
            if prompt is None or prompt.committed:
                return  # not asked anything, or a secret choice already made: nobody waits for it
            if step is not None:
                self.db.execute("UPDATE deadlines SET reminders_sent = ? WHERE game_id = ? AND role = ?",
                                [step, game.id, role])
                if holder:
                    self.outbox.add(kind="reminder", game_id=game.id, role=role, to_role=True, private=True,
                                    text=f"Reminder: {engine.role_name(role)} must act in game #{game.id} within "
                                         f"{clock.format_duration(due_at - now)} (by {clock.format_time(due_at)}).")
                    report.reminders += 1
            if now < due_at:
                return
            report.expired += 1
            self._deadline_passed(game, engine, role, kind, holder, started_at, report)

    def _deadline_passed(self, game: _Game, engine: Engine, role: str, kind: str, holder: str | None,
                         started_at: float, report: TickReport) -> None:
        settings = self._deadline_settings(game)
        policy = settings.policy_for(kind)
        name = f"{engine.role_name(role)} ({self._name(holder)})" if holder else engine.role_name(role)
        due = self.db.execute("SELECT due_at FROM deadlines WHERE game_id = ? AND role = ?", [game.id, role]).fetchone()
        self._note_missed(game, role, holder, started_at, due[0] if due else started_at)   # bot/table/lateness.py
        if policy == "default":
            played = self._play_defaults(game, engine, role, started_at, name, report)
            if played:
                return
        if policy == "robot" and self._robot_stands_in(game, engine, role, kind, holder, name):
            return
        if policy == "substitute":
            substitute = settings.substitute or game.gm
            seated = next((s for s in self._seats(game) if s.user_id == substitute), None)
            if substitute and seated is None:
                seat = self._find_seat(game, self._seats(game), role)
                self._give_seat(game, seat, substitute, "because the deadline passed")
                report.substituted += 1
                return
            if substitute and game.gm != holder:
                # never a second seat for someone already playing: the game waits; the game master decides
                self.outbox.add(kind="deadline", game_id=game.id, user=game.gm, private=True,
                                text=f"The deadline for {name} in game #{game.id} has passed. The substitute "
                                     f"({self._name(substitute)}) already plays {', '.join(seated.role_names)} "
                                     "there, so the seat was not handed over and the game waits. Replace the "
                                     "player with someone else (admin replace) or extend the deadline.")
        self.db.execute("UPDATE deadlines SET expired = 1 WHERE game_id = ? AND role = ?", [game.id, role])
        self.outbox.add(kind="deadline", game_id=game.id, channel=game.channel,
                        text=f"The deadline for {name} in game #{game.id} has passed; the game waits for them.")
        if holder:
            self.outbox.add(kind="deadline", game_id=game.id, role=role, to_role=True, private=True,
                            text=f"Your deadline in game #{game.id} has passed; everyone is waiting for you.")
        report.waiting += 1

    def _play_defaults(self, game: _Game, engine: Engine, role: str, started_at: float, name: str,
                       report: TickReport) -> int:
        """The "default" policy: play the engine's default action for ``role`` and, while the same wait
        goes on (the role's own sub-steps), the next default, until the role's turn is done. Bounded:
        at most :data:`MAX_DEFAULTS_PER_WAIT` in one wait. The channel is told only that the deadline
        passed and the default was taken; what was played (a card, a hidden block) goes to the role's
        player alone. Returns how many were played (0: none possible, the game waits instead)."""
        played = 0
        while game.status == "active":
            row = self.db.execute("SELECT started_at, due_at, expired, defaults FROM deadlines WHERE game_id = ? "
                                  "AND role = ?", [game.id, role]).fetchone()
            if row is None or row[0] != started_at or row[2] or row[1] > self._now():
                break  # this wait is over (the role's turn ended, or it waits afresh)
            if row[3] >= MAX_DEFAULTS_PER_WAIT:
                report.notes.append(f"game #{game.id} {role}: {row[3]} default actions in one wait; waiting instead")
                return 0
            state = self._state(game)
            prompt = engine.prompt(state, role)
            action = engine.default_action(state, role) if prompt and not prompt.committed else None
            legal = {a.id: a for a in engine.legal_actions(state, role)} if action is not None else {}
            if action not in legal:
                break
            label = legal[action].label
            holder = self._holder_in(self._seats(game), role)
            if holder:   # the rest of this game turn is played by defaults at once, unless they act
                self._set_preference(game.id, holder, MISSED_TURN, game.turn_key or "")
            try:
                self._apply(game, engine, state, role, action, label, SYSTEM_DEADLINE, None,
                            note=(f"The deadline for {name} has passed; the default was taken for them."
                                  if row[3] == 0 else None),
                            private_note=f"Your deadline passed: '{label}' was played for you.")
            except (IllegalOrder, EngineFailure) as error:  # refused before anything was written
                report.notes.append(f"game #{game.id} {role}: default '{action}' failed: {error.message}")
                break
            self.db.execute("UPDATE deadlines SET defaults = defaults + 1 WHERE game_id = ? AND role = ? AND "
                            "started_at = ?", [game.id, role, started_at])
            played += 1
            report.defaulted += 1
        if played:
            self._settle(game, engine, self._state(game))
        return played

    def _passes_at_once(self, game: _Game, engine: Engine, state: dict, role: str, holder: str, kind: str) -> bool:
        """Whether the holder's auto-pass setting answers this reaction window of ``role`` at once."""
        if kind != "reaction" or self.db.execute(
                "SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key = 'autopass' AND value = '1'",
                [game.id, holder]).fetchone() is None:
            return False
        default = engine.default_action(state, role)
        return default is not None and [a.id for a in engine.legal_actions(state, role)] == [default]

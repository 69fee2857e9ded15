"""Nudges and each player's record of lateness (issue 32, item 2).

- **A nudge** reminds the players the game is waiting for, privately, at once. A player of the game or its
  game master may send it; each role's wait can be nudged once (a wait: from when the game starts waiting
  for that role until the role has acted; a new step of the same wait is the same wait, as for deadlines).
  A player on vacation is not nudged (their clock is stopped by right), nor Herald's computer player.
- **Lateness** is recorded per player and game, once per wait and kind: a move made after a reminder or a
  nudge, a move made after the deadline had passed, and each deadline missed. The game master (or an admin)
  reads it with :meth:`LatenessMixin.lateness`; players do not see each other's record.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import clock
from .records import NO_DEADLINE, BadState, Forbidden, _Game


@dataclass(frozen=True)
class Lateness:
    """One player's record in one game (what the game master reads)."""

    user_id: str
    user_name: str
    roles: tuple[str, ...]          # role names they hold now (empty: no longer seated)
    after_reminder: int             # moves made after a reminder or a nudge, before the deadline
    after_deadline: int             # moves made after their deadline had passed
    missed: int                     # deadlines that passed while the game waited for them
    nudged: int                     # nudges they received


class LatenessMixin:
    """Nudges and lateness (a part of :class:`bot.service.TableService`)."""

    def nudge(self, game_id: int | str, by: str) -> list[str]:
        """Remind privately each player the game waits for whose current wait has not been nudged yet.
        Returns their names. Refused (changing nothing) when nobody can be nudged, with the reason."""
        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            if not (self._roles_of(game, by) or self._is_admin(game, by)):
                raise Forbidden(f"Only the players and the game master of game #{game.id} can nudge its players.")
            engine = self._engine(game.game)
            waits = self._nudgeable_waits(game, engine)
            others = [w for w in waits if w[1] != by]
            if not others:
                raise BadState(f"Game #{game.id} is waiting only for you: there is nobody to nudge."
                               if waits else f"Game #{game.id} is not waiting for any player right now.")
            now = self._now()
            away = {w[1] for w in others if self._on_vacation(w[1], now)}
            reachable = [w for w in others if w[1] not in away]
            if not reachable:
                names = ", ".join(sorted({self._name(u) for u in away}))
                raise BadState(f"The game waits for {names}, on vacation: their clock is stopped and they are "
                               "not nudged.")
            fresh = [w for w in reachable if self.db.execute(
                "SELECT 1 FROM nudges WHERE game_id = ? AND role = ? AND wait_started = ?",
                [game.id, w[0], w[2]]).fetchone() is None]
            if not fresh:
                last = self.db.execute("SELECT MAX(at) FROM nudges WHERE game_id = ?", [game.id]).fetchone()[0]
                raise BadState(f"The players game #{game.id} waits for were already nudged for this step "
                               f"({clock.format_time(last)}). One nudge per wait: nudge again once the game "
                               "waits for them afresh.")
            sender = self._name(by)
            for role, holder, started, due in fresh:
                self.db.execute("INSERT INTO nudges (game_id, role, wait_started, user_id, by, at) "
                                "VALUES (?,?,?,?,?,?)", [game.id, role, started, holder, by, now])
                when = f" Deadline: {clock.format_time(due)}." if due < NO_DEADLINE else ""
                self.outbox.add(kind="nudge", game_id=game.id, role=role, to_role=True, private=True,
                                text=f"{sender} nudges you: game #{game.id} has been waiting for your "
                                     f"{engine.role_name(role)} for {clock.format_duration(now - started)}."
                                     f"{when}")
            return sorted({self._name(w[1]) for w in fresh})

    def _nudgeable_waits(self, game: _Game, engine) -> list[tuple[str, str, float, float]]:
        """(role, holder, wait started, due) of each role the game waits for, held by a person, whose
        choice is not already made (a committed secret choice keeps nobody waiting)."""
        state = self._state(game)
        seats = self._seats(game)
        out = []
        for role, started, due in self.db.execute("SELECT role, started_at, due_at FROM deadlines WHERE game_id = ? "
                                                  "ORDER BY role", [game.id]).fetchall():
            holder = self._holder_in(seats, role)
            if not holder or holder.startswith("system:"):
                continue
            prompt = engine.prompt(state, role)
            if prompt is None or prompt.committed:
                continue
            out.append((role, holder, started, due))
        return out

    def _on_vacation(self, user_id: str, now: float) -> bool:
        return self.db.execute("SELECT 1 FROM vacations WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                               [user_id, now, now]).fetchone() is not None

    def lateness(self, game_id: int | str, by: str) -> list[Lateness]:
        """Each player's record of lateness in the game, seated players first. Game master or admin."""
        with self._lock:
            game = self._game(game_id)
            self._require_admin(game, by, "read the players' lateness")
            seats = self._seats(game)
            counts: dict[str, dict[str, int]] = {}
            for user, kind, n in self.db.execute("SELECT user_id, kind, COUNT(*) FROM lateness WHERE game_id = ? "
                                                 "GROUP BY user_id, kind", [game.id]):
                counts.setdefault(user, {})[kind] = n
            for user, n in self.db.execute("SELECT user_id, COUNT(*) FROM nudges WHERE game_id = ? GROUP BY user_id",
                                           [game.id]):
                counts.setdefault(user, {})["nudged"] = n
            people = [s.user_id for s in seats if s.user_id and not s.user_id.startswith("system:")]
            people += sorted(u for u in counts if u not in people)
            out = []
            for user in dict.fromkeys(people):
                c = counts.get(user, {})
                roles = tuple(n for s in seats if s.user_id == user for n in s.role_names)
                out.append(Lateness(user, self._name(user), roles, c.get("after_reminder", 0),
                                    c.get("after_deadline", 0), c.get("missed", 0), c.get("nudged", 0)))
            return out

    def _note_late_move(self, game: _Game, role: str, user_id: str) -> None:
        """Inside an order's transaction, before the deadlines move on: record a move made after a
        reminder or a nudge, or after the deadline (once per wait)."""
        if user_id.startswith("system:"):
            return
        row = self.db.execute("SELECT started_at, due_at, reminders_sent, expired, paused_at FROM deadlines "
                              "WHERE game_id = ? AND role = ?", [game.id, role]).fetchone()
        if row is None:
            return
        started, due, reminders, expired, paused_at = row
        now = self._now()
        if expired or (paused_at is None and due < NO_DEADLINE and now >= due):
            kind = "after_deadline"
        elif reminders or self.db.execute("SELECT 1 FROM nudges WHERE game_id = ? AND role = ? AND wait_started = ?",
                                          [game.id, role, started]).fetchone():
            kind = "after_reminder"
        else:
            return
        self._record_lateness(game, user_id, role, kind, started, 0.0)

    def _note_missed(self, game: _Game, role: str, holder: str | None, started: float, due: float) -> None:
        """A deadline of ``holder`` passed (each passing counts, even within one wait)."""
        if holder and not holder.startswith("system:"):
            self._record_lateness(game, holder, role, "missed", started, due)

    def _record_lateness(self, game: _Game, user_id: str, role: str, kind: str, started: float, mark: float) -> None:
        self.db.execute("INSERT OR IGNORE INTO lateness (game_id, user_id, role, kind, wait_started, mark, turn_label, "
                        "at) VALUES (?,?,?,?,?,?,?,?)",
                        [game.id, user_id, role, kind, started, mark, game.turn_label, self._now()])

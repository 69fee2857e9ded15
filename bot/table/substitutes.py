"""Leaving a started game and substitutes (issue 32, item 3).

- **Leaving** (:meth:`SeatingMixin.leave` after the start): the seat is offered to substitutes at once and
  the game's deadline policy decides who holds it meanwhile (bot/DECISIONS.md, B2):
  ``robot``: Herald's computer player; ``substitute``: the configured substitute (else the game master),
  unless they already play; ``default`` and ``wait``: nobody — its deadline runs on, and when it passes
  the default is played for the seat (``default``) or the game waits (``wait``).
- **Asking to be replaced** (:meth:`SubstitutesMixin.ask_substitute`): the seat is offered the same way,
  but its player goes on playing it until a substitute is accepted (or takes the request back).
- **Volunteering**: anyone who does not play the game may offer to take a seat that was given up.
- **Accepting**: the game master (or an admin) accepts a volunteer; where the game master chose
  ``majority``, a player's acceptance is a vote and the volunteer is seated once more than half of the
  other seated players (people, not the computer) have voted for them. The game master still decides alone.
- **The seat's history**: the new player is sent what the seat sees now (its hand, its hidden pieces) and
  the private log lines the seat received before them; their first /hand shows those lines again. Nobody
  else is sent anything private: the old player no longer holds the roles, and the others get only the
  public notice.
- **Vacations**: a vacation belongs to a person, not a seat. A player on vacation may leave; the seat's
  clock, stopped for their vacation, runs again from the next tick (with the time it had left). A
  substitute brings their own vacation, if any. Volunteers are not refused for being on vacation.
"""

from __future__ import annotations

from rules.core.players import levels

from .. import talk
from .records import (BadOption, BadState, Forbidden, LogLine, NotFound, NotYourSeat, SeatInfo, SeatTaken, _Game,
                      parse_game_id)
from .robots import robot_user

#: the two ways a volunteer is accepted (games.settings "substitutes")
ACCEPTANCE = {"gm": "the game master accepts substitutes",
              "majority": "the other players accept substitutes by majority (the game master may too)"}
#: the private history sent to a new player: at most this many of the seat's past private lines
HISTORY_LINES = 30


class SubstitutesMixin:
    """Leaving after the start, volunteers and substitutes (a part of :class:`bot.service.TableService`)."""

    def _leave_started(self, game: _Game, user_id: str) -> str:
        """The player gives up their seat in a started game (inside :meth:`leave`'s transaction). Returns
        what happened, for the player."""
        if game.status not in ("active", "paused"):
            raise BadState(f"Game #{game.id} is {game.status}: there is no seat to leave.")
        seats = self._seats(game)
        seat = next((s for s in seats if s.user_id == user_id), None)
        if seat is None:
            following = self.db.execute("SELECT 1 FROM spectators WHERE game_id = ? AND user_id = ?",
                                        [game.id, user_id]).fetchone()
            raise NotYourSeat(f"You follow game #{game.id} as a spectator and hold no seat, so there is none to "
                              "leave (unfollow stops following it)." if following else
                              f"You do not hold a seat in game #{game.id}.")
        engine = self._engine(game.game)
        now = self._now()
        if not self._is_offered(game, seat.seat):   # asked before (ask_substitute): its volunteers stay
            self.db.execute("INSERT INTO seat_offers (game_id, seat, left_by, left_at) VALUES (?,?,?,?)",
                            [game.id, seat.seat, user_id, now])
            self._forget_volunteers(game, seat.seat)
        settings = self._deadline_settings(game)
        name, roles = self._name(user_id), ", ".join(seat.role_names)
        why = f"because {name} left"
        meanwhile = None
        if settings.policy == "robot":
            offered = levels(game.game)
            level = settings.robot_level if settings.robot_level in offered else self.default_robot_level(game.game)
            self._give_seat(game, seat, robot_user(level, seat.seat), why)
            meanwhile = "Herald's computer player holds it"
        elif settings.policy == "substitute":
            substitute = settings.substitute or game.gm
            if substitute and substitute != user_id and not self._roles_of(game, substitute):
                self._give_seat(game, seat, substitute, why)
                meanwhile = f"{self._name(substitute)} holds it"
        if meanwhile is None:
            self.db.execute("UPDATE seats SET user_id = NULL WHERE game_id = ? AND seat = ?", [game.id, seat.seat])
            self.outbox.add(kind="notice", game_id=game.id, user=user_id, private=True,
                            text=f"You no longer play {roles} in game #{game.id} (you left).")
            talk.resync(self, game, engine, self._state(game), seat.roles)
            meanwhile = ("nobody holds it: when its deadline passes the default is played for it"
                         if settings.policy == "default" else "nobody holds it: the game waits at its turns")
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{name} leaves seat {seat.seat} ({roles}) in game #{game.id}; {meanwhile} until a "
                             f"substitute is accepted. Anyone who does not play may volunteer for it.")
        return (f"You left seat {seat.seat} ({roles}) in game #{game.id}; {meanwhile} until a substitute is "
                "accepted.")

    def ask_substitute(self, game_id: int | str, user_id: str, *, withdraw: bool = False) -> str:
        """Ask to be replaced: the seat is offered to volunteers while its player goes on playing it until
        one is accepted. ``withdraw``: take the request back (its volunteers are forgotten). Returns what
        happened, for the player."""
        with self._write():
            game = self._game(game_id)
            if game.status == "open":
                raise BadState(f"Game #{game.id} has not started: leave your seat instead, it is simply free.")
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}: there is no seat to hand over.")
            seat = self._seat_of(game, user_id)
            roles = ", ".join(seat.role_names)
            if withdraw:
                if not self._is_offered(game, seat.seat):
                    raise BadState(f"You have not asked to be replaced in game #{game.id}.")
                self._close_offer(game, seat.seat)
                self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                                text=f"{self._name(user_id)} keeps seat {seat.seat} ({roles}) in game #{game.id}: "
                                     "no substitute is needed any more.")
                return f"You keep seat {seat.seat} ({roles}) in game #{game.id}; your request is withdrawn."
            if self._is_offered(game, seat.seat):
                raise BadState(f"You have already asked to be replaced in game #{game.id}; volunteers are listed "
                               "on the board.")
            self.db.execute("INSERT INTO seat_offers (game_id, seat, left_by, left_at) VALUES (?,?,?,?)",
                            [game.id, seat.seat, user_id, self._now()])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} asks to be replaced in seat {seat.seat} ({roles}) of game "
                                 f"#{game.id} and plays it until a substitute is accepted. Anyone who does not "
                                 "play may volunteer for it.")
            return (f"You asked to be replaced in seat {seat.seat} ({roles}) of game #{game.id}; you play it until a "
                    "substitute is accepted.")

    def volunteer(self, game_id: int | str, user_id: str, user_name: str | None = None,
                  seat: int | str | None = None) -> SeatInfo:
        """Offer to take a seat that was given up (its number or one of its roles; None: the only one)."""
        with self._write():
            game = self._game(game_id)
            if game.status == "open":
                raise BadState(f"Game #{game.id} has not started: take a free seat by joining it.")
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}: it needs no substitute.")
            seats = self._seats(game)
            target = self._offered_seat(game, seats, seat)
            held = next((s for s in seats if s.user_id == user_id), None)
            if held is not None:
                raise BadState(f"You already play {', '.join(held.role_names)} in game #{game.id}: one seat each.")
            if self.db.execute("SELECT 1 FROM volunteers WHERE game_id = ? AND seat = ? AND user_id = ?",
                               [game.id, target.seat, user_id]).fetchone():
                raise BadState(f"You have already volunteered for seat {target.seat} ({', '.join(target.role_names)}) "
                               f"in game #{game.id}; the game master answers it.")
            self._touch_user(user_id, user_name)
            self.db.execute("INSERT INTO volunteers (game_id, seat, user_id, at) VALUES (?,?,?,?)",
                            [game.id, target.seat, user_id, self._now()])
            how = ("the game master, or the players by majority, accept" if self._acceptance(game) == "majority"
                   else "the game master accepts")
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} volunteers to take seat {target.seat} "
                                 f"({', '.join(target.role_names)}) in game #{game.id}; {how}.")
            return target

    def accept_substitute(self, game_id: int | str, by: str, volunteer: str | None = None,
                          seat: int | str | None = None, *, actor_name: str | None = None) -> str:
        """Accept a volunteer for a seat given up (``volunteer``: their id or name, needed when several
        offered). The game master or an admin seats them at once; under ``majority`` a player's acceptance
        is a vote. Returns what happened."""
        with self._write():
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}: there is no seat to hand over.")
            seats = self._seats(game)
            target = self._offered_seat(game, seats, seat)
            chosen = self._volunteer_named(game, target, volunteer)
            if self._roles_of(game, chosen):
                raise BadState(f"{self._name(chosen)} plays in game #{game.id} now and cannot take a second seat.")
            if self._is_admin(game, by):
                return self._seat_substitute(game, target, chosen, f"accepted by {self._acting(game, by, actor_name)}")
            voters = self._voters(game, seats, target)
            if self._acceptance(game) != "majority" or by not in voters:
                extra = (" Here the game master has left it to the other players by majority, and you do not "
                         "play in this game." if self._acceptance(game) == "majority" else "")
                raise Forbidden(f"Only the game master ({self._name(game.gm)}) or an admin can accept a substitute "
                                f"in game #{game.id}.{extra}")
            self.db.execute("INSERT OR IGNORE INTO substitute_votes (game_id, seat, volunteer, voter, at) "
                            "VALUES (?,?,?,?,?)", [game.id, target.seat, chosen, by, self._now()])
            votes = {r[0] for r in self.db.execute("SELECT voter FROM substitute_votes WHERE game_id = ? AND seat = ? "
                                                   "AND volunteer = ?", [game.id, target.seat, chosen])} & set(voters)
            if 2 * len(votes) > len(voters):
                return self._seat_substitute(game, target, chosen, "accepted by a majority of the players")
            need = len(voters) // 2 + 1
            return (f"Your vote for {self._name(chosen)} is counted: {len(votes)} of the {need} needed "
                    f"({len(voters)} players vote).")

    def set_substitute_acceptance(self, game_id: int | str, by: str, how: str, *, actor_name: str | None = None) -> str:
        """Who accepts substitutes in this game: "gm" or "majority" (:data:`ACCEPTANCE`). Game master or admin."""
        how = str(how or "").strip().lower()
        if how not in ACCEPTANCE:
            raise BadOption(f"Say who accepts substitutes: {'; '.join(f'{k} ({v})' for k, v in ACCEPTANCE.items())}.")
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "choose who accepts substitutes")
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is over.")
            self.db.execute("UPDATE games SET settings = json_set(settings, '$.substitutes', ?) WHERE id = ?",
                            [how, game.id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"In game #{game.id}, {ACCEPTANCE[how]} (set by "
                                 f"{self._acting(game, by, actor_name)}).")
            return ACCEPTANCE[how]

    def seat_history(self, game_id: int | str, user_id: str, *, once: bool = False) -> list[LogLine]:
        """The private log lines the seats the user took over received before they took them (oldest
        first). ``once``: only if not shown yet, and mark them shown (a substitute's first /hand)."""
        if once:
            with self._lock:   # most readers never took a seat over: no write transaction for them
                if self.db.execute("SELECT 1 FROM seat_takeovers WHERE game_id = ? AND user_id = ? AND shown = 0",
                                   [parse_game_id(game_id), user_id]).fetchone() is None:
                    return []
        with self._write() if once else self._lock:
            game = self._game(game_id)
            rows = self.db.execute("SELECT seat, log_id FROM seat_takeovers WHERE game_id = ? AND user_id = ?"
                                   + (" AND shown = 0" if once else ""), [game.id, user_id]).fetchall()
            if not rows:
                return []
            roles = set(self._roles_of(game, user_id))
            upto = max(r[1] for r in rows)
            lines = [line for line in self._visible_log(game, roles) if line.private and line.id <= upto]
            if once:
                self.db.execute("UPDATE seat_takeovers SET shown = 1 WHERE game_id = ? AND user_id = ?",
                                [game.id, user_id])
            return lines

    # ---- helpers ------------------------------------------------------------------------------------
    def _acceptance(self, game: _Game) -> str:
        return "majority" if game.settings.get("substitutes") == "majority" else "gm"

    def _offered_seat(self, game: _Game, seats: list[SeatInfo], seat: int | str | None) -> SeatInfo:
        offered = [r[0] for r in self.db.execute("SELECT seat FROM seat_offers WHERE game_id = ? ORDER BY seat",
                                                 [game.id])]
        if seat is None or str(seat).strip() == "":
            if not offered:
                raise NotFound(f"No seat of game #{game.id} is waiting for a substitute.")
            if len(offered) > 1:
                listed = "; ".join(f"seat {n} ({', '.join(seats[n - 1].role_names)})" for n in offered)
                raise BadOption(f"Several seats of game #{game.id} wait for a substitute ({listed}): say which.")
            return seats[offered[0] - 1]
        target = self._find_seat(game, seats, seat)
        if target.seat not in offered:
            holder = self._seat_holder_words(target.user_id) if target.user_id else "nobody"
            raise SeatTaken(f"Seat {target.seat} ({', '.join(target.role_names)}) of game #{game.id} is played by "
                            f"{holder} and was not given up: only a seat its player left, or asked to be replaced in, takes a "
                            "substitute.")
        return target

    def _volunteer_named(self, game: _Game, seat: SeatInfo, volunteer: str | None) -> str:
        rows = [r[0] for r in self.db.execute("SELECT user_id FROM volunteers WHERE game_id = ? AND seat = ? "
                                              "ORDER BY at", [game.id, seat.seat])]
        if volunteer is not None and str(volunteer).strip():
            wanted = str(volunteer).strip().lower()
            rows = [u for u in rows if wanted in (u.lower(), self._name(u).lower())]
            if not rows:
                raise NotFound(f"{str(volunteer)[:40]} has not volunteered for seat {seat.seat} "
                               f"({', '.join(seat.role_names)}) in game #{game.id}.")
        if not rows:
            raise NotFound(f"Nobody has volunteered for seat {seat.seat} ({', '.join(seat.role_names)}) in game "
                           f"#{game.id} yet.")
        if len(rows) > 1:
            raise BadOption(f"Several volunteered for seat {seat.seat} ({', '.join(self._name(u) for u in rows)}): "
                            "say whom you accept.")
        return rows[0]

    @staticmethod
    def _voters(game: _Game, seats: list[SeatInfo], target: SeatInfo) -> list[str]:
        """The people who vote on a substitute: the players of the other seats."""
        return list(dict.fromkeys(s.user_id for s in seats if s.seat != target.seat and s.user_id
                                  and not s.user_id.startswith("system:")))

    def _is_offered(self, game: _Game, seat: int) -> bool:
        return self.db.execute("SELECT 1 FROM seat_offers WHERE game_id = ? AND seat = ?",
                               [game.id, seat]).fetchone() is not None

    def _close_offer(self, game: _Game, seat: int) -> None:
        """A seat that was given up has a player again: no longer offered, its volunteers forgotten."""
        self.db.execute("DELETE FROM seat_offers WHERE game_id = ? AND seat = ?", [game.id, seat])
        self._forget_volunteers(game, seat)

    def _forget_volunteers(self, game: _Game, seat: int) -> None:
        self.db.execute("DELETE FROM volunteers WHERE game_id = ? AND seat = ?", [game.id, seat])
        self.db.execute("DELETE FROM substitute_votes WHERE game_id = ? AND seat = ?", [game.id, seat])

    def _seat_substitute(self, game: _Game, seat: SeatInfo, user_id: str, why: str) -> str:
        """Seat the volunteer; send them what the seat sees and what it was told before them."""
        last = self.db.execute("SELECT COALESCE(MAX(id), 0) FROM log WHERE game_id = ?", [game.id]).fetchone()[0]
        self._give_seat(game, seat, user_id, why)
        self._close_offer(game, seat.seat)
        self.db.execute("DELETE FROM volunteers WHERE game_id = ? AND user_id = ?", [game.id, user_id])
        self.db.execute("INSERT OR REPLACE INTO seat_takeovers (game_id, seat, user_id, log_id, at, shown) "
                        "VALUES (?,?,?,?,?,0)", [game.id, seat.seat, user_id, last, self._now()])
        self.outbox.add(kind="notice", game_id=game.id, user=user_id, private=True,
                        text=self._welcome(game, seat, user_id, last))
        return f"{self._name(user_id)} now plays seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game.id}."

    def _welcome(self, game: _Game, seat: SeatInfo, user_id: str, upto: int) -> str:
        """The new player's private letter: the seat's private facts now and its past private lines."""
        engine = self._engine(game.game)
        state = self._state(game)
        roles = list(seat.roles)
        view = engine.view_for(state, roles) if len(roles) > 1 else engine.view(state, roles[0])
        reader = tuple(roles) if len(roles) > 1 else roles[0]
        parts = [f"You now play seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game.id}. What only "
                 "this seat sees:"]
        for section in engine.describe(view, reader):
            if section.private:
                parts.append(f"{section.title}:")
                parts.extend(f"  {line}" for line in section.lines)
        past = [line.text for line in self._visible_log(game, set(roles)) if line.private and line.id <= upto]
        if past:
            parts.append("What this seat was told before you took it"
                         + (f" (the last {HISTORY_LINES}; the log has them all):" if len(past) > HISTORY_LINES else ":"))
            parts.extend(f"  {text}" for text in past[-HISTORY_LINES:])
        return "\n".join(parts)

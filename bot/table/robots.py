"""Herald's own players at the table (issue 31): computer seats, and the computer standing in for an
absent player.

- **A computer seat** (:meth:`RobotsMixin.seat_robot`, before the start, game master only) is held by the
  user ``system:robot:LEVEL:SEAT``: a system user, so nothing private is ever addressed to it.
- **Standing in** (deadline policy ``robot``): after ``robot_after`` missed deadlines of one player in a
  game, the computer (``[deadlines] robot_level``) plays that player's roles, announced in the channel,
  until the player gives an order again; then the channel is told they are back and they alone are told
  what the computer played for them.
- **When it answers**: at every tick (:meth:`tick`), which the bot runs on a worker thread and the console
  after every command, so a question put to the computer is answered at the next tick without holding
  Discord's event loop. The search runs outside the database lock; its order is applied only if the game
  has not moved on meanwhile (else the next tick asks again).
- Every order the computer gives is stored with a ``system:robot`` user, so a finished game records which
  roles it played (:meth:`computer_roles`).
"""

from __future__ import annotations

from rules.core import Engine
from rules.core.players import decide, levels, make_player, waited_for

from .. import clock
from .records import BadOption, BadState, SeatInfo, _Game

ROBOT = "system:robot"
#: preference keys: missed deadlines under the "robot" policy; the log position where standing in began
MISSED = "robot_missed"
COVER = "robot_cover"
#: orders the computer gives in one tick, at most (a runaway guard; a whole game turn is far fewer)
MAX_ROBOT_ORDERS = 400


def robot_user(level: str, seat: int) -> str:
    return f"{ROBOT}:{level}:{seat}"


def robot_level(user_id: str | None) -> str | None:
    """The level of a computer seat's user id, or None for a person (or nobody)."""
    if user_id and user_id.startswith(ROBOT + ":"):
        return user_id.split(":")[2]
    return None


class RobotsMixin:
    """Computer players (a part of :class:`bot.service.TableService`)."""

    def robot_levels(self, game: str) -> list[str]:
        return levels(game)

    def default_robot_level(self, game: str) -> str:
        """The veteran where the game has one, else its strongest (a test game may offer only random)."""
        offered = levels(game)
        return "veteran" if "veteran" in offered else offered[-1]

    def seat_robot(self, game_id: int | str, by: str, level: str | None, seat: int | str | None = None) -> SeatInfo:
        """Before the start: Herald's player at ``level`` (None: :meth:`default_robot_level`) takes ``seat`` (a
        number or a role; by default the first free seat). Game master only."""
        with self._write():
            game = self._game(game_id)
            level = level or self.default_robot_level(game.game)
            self._require_admin(game, by, "seat a computer player")
            self._require(game, "open", "A computer player takes a seat before the game starts; later, set the "
                                        "deadline policy to 'robot' to let it stand in for an absent player.")
            if level not in levels(game.game):
                raise BadOption(f"No computer player '{level}'. Choose one of: {', '.join(levels(game.game))}.")
            target = self._free_seat(game, self._seats(game), seat, BadState(f"Game #{game.id} has no free seat."),
                                     taken=BadState)
            self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                            [robot_user(level, target.seat), game.id, target.seat])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"Herald's computer player ({level}) takes seat {target.seat} "
                                 f"({', '.join(target.role_names)}) in game #{game.id}.")
            return self._seats(game)[target.seat - 1]

    def computer_roles(self, game_id: int | str) -> list[str]:
        """The roles the computer gave orders for in this game (a computer seat or standing in), seat order."""
        game = self._game(game_id)
        played = {r[0] for r in self.db.execute("SELECT DISTINCT role FROM actions WHERE game_id = ? AND "
                                                "user_id LIKE ?", [game.id, ROBOT + "%"])}
        return [r for s in self._seats(game) for r in s.roles if r in played]

    def _computer_note(self, game: _Game, engine: Engine) -> str:
        """For the end of a game: which seats Herald's computer played (a computer seat, or standing in
        for a player), as a sentence to add to the result; empty when it played none."""
        played = set(self.computer_roles(game.id))
        parts = []
        for seat in self._seats(game):
            roles = [r for r in seat.roles if r in played]
            if not roles:
                continue
            names = ", ".join(engine.role_name(r) for r in roles)
            level = robot_level(seat.user_id)
            parts.append(f"{names} (seat {seat.seat}, {level})" if level else
                         f"{names} (seat {seat.seat}, standing in for {self._name(seat.user_id)})")
        return f" Played by Herald's computer: {'; '.join(parts)}." if parts else ""

    # ---- playing ------------------------------------------------------------------------------------
    def tick(self):
        report = super().tick()
        self.play_robots()
        return report

    def submit(self, game_id, user_id, action, **kwargs):
        result = super().submit(game_id, user_id, action, **kwargs)
        self._welcome_back(result.game_id, user_id)
        return result

    def play_robots(self) -> int:
        """Every order the computer owes now, in every active game. Returns how many were given."""
        given = 0
        games = [r[0] for r in self.db.execute(
            "SELECT g.id FROM games g WHERE g.status = 'active' AND (EXISTS (SELECT 1 FROM seats s WHERE "
            "s.game_id = g.id AND s.user_id LIKE ?) OR EXISTS (SELECT 1 FROM preferences p WHERE p.game_id = g.id "
            "AND p.key = ?)) ORDER BY g.id", [ROBOT + ":%", COVER])]
        for game_id in games:
            while given < MAX_ROBOT_ORDERS and self._robot_order(game_id):
                given += 1
        return given

    def _robot_turn(self, game: _Game, engine: Engine, state: dict) -> tuple[str, str] | None:
        """(role, level) of the first role the game waits for that the computer plays now."""
        seats = self._seats(game)
        for role in waited_for(engine, state):
            holder = self._holder_in(seats, role)
            level = robot_level(holder)
            if level is None and holder is not None:
                level = self._covered(game, holder)
            if level is not None:
                return role, level
        return None

    def _covered(self, game: _Game, user_id: str) -> str | None:
        row = self.db.execute("SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key = ?",
                              [game.id, user_id, COVER]).fetchone()
        if row is None:
            return None
        wanted = self._deadline_settings(game).robot_level
        return wanted if wanted in levels(game.game) else self.default_robot_level(game.game)

    def _robot_order(self, game_id: int) -> bool:
        with self._lock:
            game = self._game(game_id)
            if game.status != "active":
                return False
            engine = self._engine(game.game)
            state = self._state(game)
            turn = self._robot_turn(game, engine, state)
            if turn is None:
                return False
            version = game.version
        role, level = turn
        # the search runs without the lock: orders of people and other games go on meanwhile
        action = decide(engine, game.game, state, role, make_player(game.game, level),
                        f"{game.seed or 0}:{game.log_length}:{role}")
        label = next(a.label for a in engine.legal_actions(state, role) if a.id == action)
        with self._write():
            game = self._game(game_id)
            if game.version != version or game.status != "active":
                return True   # the game moved on while it thought: ask again from the new position
            state, _ = self._apply(game, engine, self._state(game), role, action, label, ROBOT, None)
            self._settle(game, engine, state)
        return True

    # ---- standing in for an absent player (deadline policy "robot") ------------------------------------
    def _robot_stands_in(self, game: _Game, engine: Engine, role: str, kind: str, holder: str | None,
                         name: str) -> bool:
        """A deadline of ``holder`` passed under the "robot" policy. Before the ``robot_after``-th miss the
        player gets a fresh deadline (announced); at it the computer plays their roles until they are back.
        False when there is nobody to stand in for (an empty seat, or a computer seat)."""
        if holder is None or robot_level(holder) is not None:
            return False
        settings = self._deadline_settings(game)
        row = self.db.execute("SELECT value FROM preferences WHERE game_id = ? AND user_id = ? AND key = ?",
                              [game.id, holder, MISSED]).fetchone()
        missed = int(row[0]) + 1 if row else 1
        self._set_preference(game.id, holder, MISSED, str(missed))
        times = f"{missed} deadline{'s' if missed != 1 else ''}"
        if missed < settings.robot_after:
            due = self._now() + settings.for_kind(kind)
            self.db.execute("UPDATE deadlines SET due_at = ?, expired = 0, reminders_sent = 0 WHERE game_id = ? "
                            "AND role = ?", [due, game.id, role])
            left = settings.robot_after - missed
            self.outbox.add(kind="deadline", game_id=game.id, channel=game.channel,
                            text=f"The deadline for {name} in game #{game.id} has passed ({times} missed). After "
                                 f"{left} more, Herald's computer player stands in. New deadline: "
                                 f"{clock.format_time(due)}.")
            return True
        self._set_preference(game.id, holder, COVER, str(game.log_length))
        roles = ", ".join(engine.role_name(r) for r in self._roles_of(game, holder))
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{name} missed {times}: Herald's computer player ({self._covered(game, holder)}) plays "
                             f"{roles} in game #{game.id} until {self._name(holder)} gives an order again.")
        self.outbox.add(kind="notice", game_id=game.id, user=holder, private=True,
                        text=f"You missed {times} in game #{game.id}: the computer plays {roles} for you until "
                             "you give an order yourself.")
        self.db.execute("UPDATE deadlines SET expired = 1 WHERE game_id = ? AND role = ?", [game.id, role])
        return True

    def _welcome_back(self, game_id: int, user_id: str) -> None:
        """The player gave an order: the count of missed deadlines starts again, and if the computer stood
        in, it stops; the channel is told, and the player alone reads what it played for them."""
        if self.db.execute("SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key IN (?, ?)",
                           [game_id, user_id, MISSED, COVER]).fetchone() is None:
            return
        with self._write():
            game = self._game(game_id)
            row = self.db.execute("SELECT value FROM preferences WHERE game_id = ? AND user_id = ? AND key = ?",
                                  [game.id, user_id, COVER]).fetchone()
            self.db.execute("DELETE FROM preferences WHERE game_id = ? AND user_id = ? AND key IN (?, ?)",
                            [game.id, user_id, MISSED, COVER])
            if row is None:
                return
            engine = self._engine(game.game)
            roles = self._roles_of(game, user_id)
            marks = ",".join("?" * len(roles))
            played = [f"{engine.role_name(r)}: {label}" for r, label in self.db.execute(
                f"SELECT role, label FROM actions WHERE game_id = ? AND pos > ? AND user_id = ? AND role IN ({marks}) "
                "ORDER BY pos", [game.id, int(row[0]), ROBOT, *roles])]
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} is back and plays "
                                 f"{', '.join(engine.role_name(r) for r in roles)} again in game #{game.id}.")
            summary = "\n".join(f"- {line}" for line in played) or "- nothing"
            self.outbox.add(kind="notice", game_id=game.id, user=user_id, private=True,
                            text=f"Welcome back to game #{game.id}. While you were away the computer played "
                                 f"for you:\n{summary}")

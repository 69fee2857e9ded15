"""The server's board (issue 32, item 1): every game of a server with its channel, turn, whom it waits for
and since when, the deadlines, who is late and which seats are open; filtered and paged.

Only public facts: seats, turns, whose move it is and the deadlines are what the channel is told anyway.
The filters are cheap (a few queries over the games table, the seats and the deadlines); the entries are
built for the one page shown, so a server of many games answers as fast as a page of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .records import NO_DEADLINE, BadOption, ServiceError, _Game

#: the board's filters, with what each shows (front ends list them from here)
FILTERS = {"all": "every game not yet over", "mine": "the games you play or run",
           "waiting": "the games waiting for you", "open": "games with a seat to take",
           "finished": "finished games"}
RUNNING = ("open", "active", "paused")
ENDED = ("finished", "aborted")
PAGE_SIZE = 5
PAGE_SIZE_MAX = 50


@dataclass(frozen=True)
class BoardWait:
    """A role the game waits for."""

    role_name: str
    user_id: str | None
    user_name: str | None
    since: float                   # POSIX seconds: when the game started waiting for it
    deadline: float | None         # None: no deadline
    late: bool                     # its deadline has passed
    paused: bool                   # its clock is stopped (vacation, or the game is paused)


@dataclass(frozen=True)
class BoardSeat:
    """A seat anyone may take: free before the start, or given up after it (and who holds it meanwhile)."""

    seat: int
    role_names: tuple[str, ...]
    stand_in: str | None           # who holds it until a substitute is accepted (the computer, a substitute)
    volunteers: tuple[str, ...]    # names of those who offered to take it
    staying: bool = False          # its player asked to be replaced and plays it until then (``stand_in``)


@dataclass(frozen=True)
class BoardEntry:
    game_id: int
    title: str
    channel: str
    status: str
    turn_label: str
    gm_name: str
    players: tuple[str, ...]       # "Role: Name" per seat
    waiting: tuple[BoardWait, ...]
    open_seats: tuple[BoardSeat, ...]
    result: str | None             # a finished game: its result in words
    ended_at: float | None


@dataclass(frozen=True)
class BoardPage:
    which: str
    page: int                      # 1-based
    pages: int
    total: int                     # games matching the filter
    entries: tuple[BoardEntry, ...]


class BoardMixin:
    """The server's board (a part of :class:`bot.service.TableService`)."""

    def board(self, *, guild: str | None = None, channels: Iterable[str] | None = None, user_id: str | None = None,
              which: str = "all", page: int = 1, page_size: int = PAGE_SIZE) -> BoardPage:
        """The games of server ``guild`` (None: every game of this database), newest first. ``channels``:
        only games bound to these channels (those the reader can see), plus games ``user_id`` plays or
        runs. ``which``: one of :data:`FILTERS`; "mine" and "waiting" need ``user_id``."""
        which = str(which or "all").strip().lower()
        if which not in FILTERS:
            raise BadOption(f"There is no filter '{which[:40]}'. Filters: "
                            + "; ".join(f"{k} ({v})" for k, v in FILTERS.items()) + ".")
        if which in ("mine", "waiting") and user_id is None:
            raise BadOption(f"The filter '{which}' needs to know who you are.")
        if not isinstance(page, int) or page < 1:
            raise BadOption("Pages are numbered from 1.")
        if not 1 <= page_size <= PAGE_SIZE_MAX:
            raise BadOption(f"A page holds 1 to {PAGE_SIZE_MAX} games.")
        with self._lock:
            ids = self._board_ids(guild, channels, user_id, which)
            pages = max(1, -(-len(ids) // page_size))
            if page > pages:
                raise BadOption(f"The board ({FILTERS[which]}) has {pages} page{'s' if pages != 1 else ''}, "
                                f"not {page}.")
            shown = ids[(page - 1) * page_size: page * page_size]
            entries = tuple(self._board_entry_or_note(gid) for gid in shown)
        return BoardPage(which, page, pages, len(ids), entries)

    def board_channels(self, guild: str | None) -> list[str]:
        """The channels the games of a server are bound to (a front end checks which a reader can see)."""
        with self._lock:
            return [r[0] for r in self.db.execute("SELECT DISTINCT channel FROM games WHERE guild IS ?",
                                                  [str(guild) if guild is not None else None])]

    # ---- which games ----------------------------------------------------------------------------------
    def _board_ids(self, guild: str | None, channels: Iterable[str] | None, user_id: str | None,
                   which: str) -> list[int]:
        statuses = ENDED if which == "finished" else RUNNING
        where = f"status IN ({','.join('?' * len(statuses))})"
        args: list = list(statuses)
        if guild is not None:
            where += " AND guild = ?"
            args.append(str(guild))
        order = "ended_at DESC, id DESC" if which == "finished" else "id DESC"
        rows = self.db.execute(f"SELECT id, channel, gm, status FROM games WHERE {where} ORDER BY {order}",
                               args).fetchall()
        mine = self._games_involving(user_id) if user_id is not None else set()
        if channels is not None:
            visible = {str(c) for c in channels}
            rows = [r for r in rows if r[1] in visible or r[0] in mine]
        if which == "mine":
            return [r[0] for r in rows if r[0] in mine]
        if which == "waiting":
            return [r[0] for r in rows if r[3] in ("active", "paused") and self._waits_for(r[0], user_id)]
        if which == "open":
            offered = {r[0] for r in self.db.execute("SELECT DISTINCT game_id FROM seat_offers")}
            free = {r[0] for r in self.db.execute("SELECT DISTINCT s.game_id FROM seats s JOIN games g ON "
                                                  "g.id = s.game_id WHERE g.status = 'open' AND s.user_id IS NULL")}
            return [r[0] for r in rows if (r[3] == "open" and r[0] in free)
                    or (r[3] in ("active", "paused") and r[0] in offered)]
        return [r[0] for r in rows]

    def _games_involving(self, user_id: str) -> set[int]:
        return ({r[0] for r in self.db.execute("SELECT DISTINCT game_id FROM seats WHERE user_id = ?", [user_id])}
                | {r[0] for r in self.db.execute("SELECT id FROM games WHERE gm = ?", [user_id])})

    def _waits_for(self, game_id: int, user_id: str) -> bool:
        """Whether the game waits for one of the user's roles (a choice not yet made)."""
        game = self._game(game_id)
        mine = set(self._roles_of(game, user_id))
        rows = [r[0] for r in self.db.execute("SELECT role FROM deadlines WHERE game_id = ?", [game_id])
                if r[0] in mine]
        if not rows:
            return False
        engine, state = self._engine(game.game), self._state(game)
        return any((p := engine.prompt(state, role)) is not None and not p.committed for role in rows)

    # ---- one game's line ------------------------------------------------------------------------------
    def _board_entry_or_note(self, game_id: int) -> BoardEntry:
        """The game's line; a game that cannot be read now (its engine gone, damaged data) says so in its
        line instead of taking the whole board down."""
        try:
            return self._board_entry(self._game(game_id))
        except ServiceError as error:
            row = self.db.execute("SELECT game, channel, status FROM games WHERE id = ?", [game_id]).fetchone()
            return BoardEntry(game_id, row[0], row[1], row[2], f"cannot be read now ({error.message})", "", (), (),
                              (), None, None)

    def _board_entry(self, game: _Game) -> BoardEntry:
        engine = self._engine(game.game)
        seats = self._seats(game)
        players = tuple(f"{'/'.join(s.role_names)}: {self._seat_holder_words(s.user_id)}" for s in seats)
        waiting: list[BoardWait] = []
        if game.status in ("active", "paused"):
            state = self._state(game)
            now = self._now()
            for role, started, due, expired, paused_at in self.db.execute(
                    "SELECT role, started_at, due_at, expired, paused_at FROM deadlines WHERE game_id = ? "
                    "ORDER BY started_at, role", [game.id]).fetchall():
                prompt = engine.prompt(state, role)
                if prompt is None or prompt.committed:
                    continue
                holder = self._holder_in(seats, role)
                paused = paused_at is not None or game.status == "paused"
                deadline = due if due < NO_DEADLINE else None
                late = bool(expired) or (deadline is not None and not paused and now >= deadline)
                waiting.append(BoardWait(engine.role_name(role), holder,
                                         self._seat_holder_words(holder) if holder else None,
                                         started, deadline, late, paused))
        open_seats = self._open_seats(game, seats)
        result = None
        if game.status == "aborted":
            result = "aborted"
        elif game.result:
            winners = ", ".join(engine.role_name(w) for w in game.result.get("winners", [])) or "nobody"
            result = f"{game.result.get('reason', 'over')}; winner: {winners}"
        return BoardEntry(game.id, engine.title or game.game, game.channel, game.status,
                          game.turn_label or "not started", self._name(game.gm), players, tuple(waiting),
                          open_seats, result, game.ended_at)

    def _open_seats(self, game: _Game, seats) -> tuple[BoardSeat, ...]:
        if game.status == "open":
            return tuple(BoardSeat(s.seat, s.role_names, None, ()) for s in seats if s.user_id is None)
        if game.status not in ("active", "paused"):
            return ()
        out = []
        for seat, asked_by in self.db.execute("SELECT seat, left_by FROM seat_offers WHERE game_id = ? ORDER BY seat",
                                              [game.id]).fetchall():
            info = seats[seat - 1]
            names = tuple(self._name(r[0]) for r in self.db.execute(
                "SELECT user_id FROM volunteers WHERE game_id = ? AND seat = ? ORDER BY at", [game.id, seat]))
            out.append(BoardSeat(seat, info.role_names,
                                 self._seat_holder_words(info.user_id) if info.user_id else None, names,
                                 info.user_id == asked_by))
        return tuple(out)

    def _seat_holder_words(self, user_id: str | None) -> str:
        """A seat's holder in words: a name, the computer player, or a free seat."""
        if user_id is None:
            return "(free)"
        if user_id.startswith("system:robot:"):
            return f"Herald's computer player ({user_id.split(':')[2]})"
        return self._name(user_id)


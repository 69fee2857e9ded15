"""The table service (DESIGN.md §2): games, seats, orders, undo, history, slow play and the outbox.

No Discord here: users are opaque string ids with display names, channels are opaque string ids. The
Discord layer and the local console both drive this class. Every change is one SQLite transaction that
holds the action, the new state version and the messages it produces (see :mod:`bot.storage`).

    service = TableService("herald.db", load_config())
    game = service.create_game("richard3", channel="123", creator_id="u1", creator_name="Alice")
    service.join(game.game_id, "u1", "Alice"); service.join(game.game_id, "u2", "Bob"); service.start(...)
    for rc in service.choices(game_id, "u1"): ...                # prompt + numbered legal actions
    service.submit(game_id, "u1", "card:3", request_id="interaction-id")
    service.tick()                                                # deadlines and reminders, on a timer
    for message in service.outbox.pending(): ...; service.outbox.mark_delivered(message.id, ref)

Errors are :class:`ServiceError` subclasses with a ``code`` and a message written for the user.

API (game ids are ints; "12" and "#12" are accepted too; users are opaque string ids):
    catalogue() engine(game) roles(game, scenario) seatings(game, scenario, players)
    create_game(game, channel=, creator_id=, players=, seating=, ...)  join  leave  swap  accept_swap  decline_swap
    spectate  unspectate  spectators  start
    status  choices  view  log  digest  history  games_in_channel  games_of_user  is_admin
    submit(game, user, action, role=, expected_version=, request_id=)  undo(game, user, role=)  set_autopass
    end  abort  pause  resume  replace_seat  extend_deadline  set_vacation  vacation
    tick()  send(game, text, role=|user=, picture=)  render_image(ImageRequest)  picture  pictures
    picture_manifest  talks  talk_members  talk_channel  set_talk_channel  say_in_talk
    replay(game)  outbox.pending(limit)  outbox.mark_delivered(id, ref)  outbox.mark_failed(id, error)

Secrecy: a message to the channel carries only what the engine logs publicly and what the service says
about seats, turns and deadlines; an action's label (which may name a secret card or a hidden block) is
only ever sent to the player whose role took it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from rules.core import Action, BadSetup, Engine, OptionSpec, RulesError, Scenario, SetupArgs
from rules.core import registry
from rules.core.contract import LogEntry, copy_state

from . import clock, storage, talk
from .config import MAX_DURATION, Config, ConfigError, DeadlineSettings
from .memory import FrontEndMemory
from .outbox import ImageRequest, Outbox
from .scheduling import (MAX_DEFAULTS_PER_WAIT, TickReport, continues_wait, paused_since, reminders_due,
                         resumed_due)

#: ``due_at`` of a step without a deadline (far beyond any real date).
NO_DEADLINE = 1e15
#: Seconds between the WAL checkpoints that tick() runs (the bot ticks every minute).
CHECKPOINT_EVERY = 30.0
#: Seconds (of the service's clock) between the prunes of delivered outbox messages that tick() runs.
PRUNE_EVERY = 3600.0
SYSTEM_DEADLINE = "system:deadline"
SYSTEM_AUTOPASS = "system:autopass"
_MAX_AUTOMATIC_ACTIONS = 200
#: preference key: the game turn (turn_key) in which a player's deadline passed under the default policy
MISSED_TURN = "missed_deadline_turn"


# ---- errors --------------------------------------------------------------------------------------

class ServiceError(Exception):
    """Anything the service refuses. ``code`` is stable for programs; ``message`` is for the user."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    code = "not_found"


class NotYourSeat(ServiceError):
    code = "not_your_seat"


class NotYourTurn(ServiceError):
    code = "not_your_turn"


class IllegalOrder(ServiceError):
    code = "illegal_order"


class StaleVersion(ServiceError):
    code = "stale_version"


class GameFull(ServiceError):
    code = "game_full"


class SeatTaken(GameFull):
    code = "seat_taken"


class Forbidden(ServiceError):
    code = "forbidden"


class BadOption(ServiceError):
    code = "bad_option"


class BadState(ServiceError):
    """The game is not in a state that allows this (not started yet, already over, paused...)."""
    code = "bad_state"


class CannotUndo(ServiceError):
    code = "cannot_undo"


class RenderUnavailable(ServiceError):
    code = "render_unavailable"


class EngineFailure(ServiceError):
    """The rules engine crashed on an order (a bug); the order was not applied."""
    code = "engine_error"


class NoPicture(RenderUnavailable):
    """The view has nothing for that picture now (no battle going on, a spectator's hand)."""
    code = "no_picture"


# ---- results -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatInfo:
    seat: int                      # 1-based
    roles: tuple[str, ...]
    role_names: tuple[str, ...]
    user_id: str | None
    user_name: str | None
    #: users (ids) who asked to swap into this seat and wait for its holder to accept (before the start)
    swap_requests: tuple[str, ...] = ()


@dataclass(frozen=True)
class Waiting:
    """A role that must (or, for a reaction, may) act now."""

    role: str
    role_name: str
    user_id: str | None
    user_name: str | None
    kind: str                      # turn | secret | reaction
    deadline: float | None         # POSIX seconds; None = no deadline
    paused: bool                   # the clock is stopped: the holder is on vacation or the game is paused
    #: a secret choice already made (it may still be changed until the reveal): nobody waits for it
    committed: bool = False


@dataclass(frozen=True)
class GameResult:
    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Status:
    game_id: int
    game: str
    title: str
    scenario: str
    channel: str
    gm: str
    status: str                    # open | active | paused | finished | aborted
    version: int
    turn_label: str
    phase: str
    seats: tuple[SeatInfo, ...]
    waiting: tuple[Waiting, ...]
    result: GameResult | None
    options: dict[str, Any]
    deadlines: DeadlineSettings
    created_at: float
    started_at: float | None
    #: the server (Discord guild id) the game belongs to, when given to create_game; None otherwise
    guild: str | None = None

    @property
    def deadline(self) -> float | None:
        """The earliest running deadline, if any."""
        times = [w.deadline for w in self.waiting if w.deadline is not None and not w.paused and not w.committed]
        return min(times) if times else None


@dataclass(frozen=True)
class RoleChoices:
    """What one of the user's roles is asked now, with its legal actions (numbered from 1 in order)."""

    role: str
    role_name: str
    prompt: str
    kind: str
    actions: tuple[Action, ...]
    deadline: float | None
    version: int
    #: the clock is stopped (the game is paused or the player is on vacation): ``deadline`` is not running
    paused: bool = False


@dataclass(frozen=True)
class LogLine:
    id: int
    pos: int
    text: str
    kind: str
    private: bool
    at: float


@dataclass(frozen=True)
class SubmitResult:
    game_id: int
    version: int
    role: str
    action: str
    label: str
    log: tuple[LogLine, ...]       # what the submitting user may read of what happened
    finished: bool
    duplicate: bool = False        # the request id was seen before: nothing new was applied
    automatic: int = 0             # automatic passes that followed (auto-pass preferences)


@dataclass(frozen=True)
class TurnInfo:
    index: int                     # 1-based
    pos: int                       # actions played when the snapshot was taken
    version: int
    turn_key: str
    turn_label: str
    phase: str
    at: float


@dataclass(frozen=True)
class TurnDetail:
    turn: TurnInfo
    view: dict[str, Any]
    log: tuple[LogLine, ...]


@dataclass
class ReplayReport:
    game_id: int
    ok: bool
    actions: int
    snapshots_checked: int
    problems: list[str] = field(default_factory=list)

    def verdict(self) -> str:
        if self.ok:
            return (f"game #{self.game_id}: OK: {self.actions} actions replayed; the log, "
                    f"{self.snapshots_checked} snapshots and the current state match")
        return f"game #{self.game_id}: MISMATCH\n  " + "\n  ".join(self.problems)


@dataclass(frozen=True)
class CatalogueEntry:
    id: str
    title: str
    scenarios: tuple[Scenario, ...]
    options: tuple[OptionSpec, ...]


@dataclass
class _Game:
    id: int
    game: str
    scenario: str
    options: dict[str, Any]
    settings: dict[str, Any]
    channel: str
    creator: str
    gm: str
    status: str
    seed: int | None
    setup: dict[str, Any] | None
    version: int
    log_length: int
    turn_key: str | None
    turn_label: str | None
    phase: str | None
    result: dict[str, Any] | None
    created_at: float
    started_at: float | None
    ended_at: float | None
    paused_at: float | None
    guild: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "_Game":
        def loads(text):
            return json.loads(text) if text else None
        return cls(row["id"], row["game"], row["scenario"], loads(row["options"]) or {},
                   loads(row["settings"]) or {}, row["channel"], row["creator"], row["gm"], row["status"],
                   row["seed"], loads(row["setup"]), row["version"], row["log_length"], row["turn_key"],
                   row["turn_label"], row["phase"], loads(row["result"]), row["created_at"],
                   row["started_at"], row["ended_at"], row["paused_at"], row["guild"])


_GAME_COLUMNS = ("id, game, scenario, options, settings, channel, creator, gm, status, seed, setup, version, "
                 "log_length, turn_key, turn_label, phase, result, created_at, started_at, ended_at, paused_at, guild")


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def parse_game_id(value: int | str) -> int:
    """12, "12" and "#12" all name game 12."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2 ** 63:
        return value
    text = str(value).strip().lstrip("#")
    if not (text.isascii() and text.isdigit()):
        raise NotFound(f"'{str(value)[:40]}' is not a game number (games are numbered, e.g. #12).")
    if len(text) > 18:  # beyond any id SQLite can store (64 bits): no such game
        raise NotFound(f"There is no game #{text[:24]}{'…' if len(text) > 24 else ''}.")
    return int(text)


# ---- the service ---------------------------------------------------------------------------------

class TableService:
    """All table operations. Thread-safe within a process (one lock around its connection); several
    processes may share one database file (SQLite's write lock serialises them)."""

    def __init__(self, db_path: str | Config | None = None, config: Config | None = None, *,
                 engines: Callable[[str], Engine] | Mapping[str, Engine] | None = None,
                 clock: Callable[[], float] | None = None, read_only: bool = False) -> None:
        """``db_path``: the SQLite file (default: config ``[database] path``); ``TableService(config)``
        works too. ``engines``: a game id -> engine lookup (default: rules.core.registry plus config
        ``[engines] modules``), or a mapping of the only games offered. ``clock``: POSIX seconds now
        (default :func:`bot.clock.timestamp`). ``read_only``: only read the database (`herald replay`):
        nothing is migrated or written, and the file and its folder may be read-only."""
        if isinstance(db_path, Config):
            db_path, config = None, db_path
        self.config = config or Config()
        db_path = str(db_path) if db_path is not None else self.config.database_path
        self._now = clock or _clock_timestamp
        self._lock = threading.RLock()
        self._engine_ids, self._lookup = self._make_lookup(engines)
        self.db = storage.connect(db_path, read_only=read_only)
        if read_only:
            storage.require_latest(self.db)
        else:
            storage.migrate(self.db)
        self._db_path = db_path
        # Checkpoints (copying the WAL into the database, with an fsync) run from tick() on a connection
        # of their own, not inside the commit of whichever order happens to cross the WAL's size limit;
        # the automatic checkpoint stays as a backstop for a process that never ticks.
        self.db.execute(f"PRAGMA wal_autocheckpoint={storage.BACKSTOP_CHECKPOINT_PAGES}")
        self._checkpointer = None
        self._checkpoint_lock = threading.Lock()
        self._last_checkpoint = time.monotonic()
        self._last_prune: float | None = None
        self.outbox = Outbox(self.db, self.config, self._now, self._lock)
        #: a front end's memory of its users that must survive a restart (notes to show, lines shown)
        self.memory = FrontEndMemory(self.db, self._now, self._lock)
        self._cache: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()
        self._staged: dict[int, tuple[int, dict[str, Any]]] = {}
        #: Test hook: called inside every write transaction just before COMMIT.
        self.before_commit: Callable[[], None] | None = None

    def close(self) -> None:
        with self._lock:
            self.db.conn.close()
        with self._checkpoint_lock:
            if self._checkpointer is not None:
                self._checkpointer.close()
                self._checkpointer = None

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file (a passive checkpoint: it waits for nobody and
        orders go on meanwhile). tick() does it every :data:`CHECKPOINT_EVERY` seconds."""
        if self._db_path == ":memory:":
            return
        with self._checkpoint_lock:
            if self._checkpointer is None:
                self._checkpointer = storage.connect(self._db_path)
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self._last_checkpoint = time.monotonic()

    # ---- catalogue -------------------------------------------------------------------------------
    def catalogue(self) -> list[CatalogueEntry]:
        """Every game offered, with its scenarios and options (for command choices). A game whose
        module cannot be loaded is left out."""
        entries = []
        for game_id in self._engine_ids:
            try:
                engine = self._lookup(game_id)
                entries.append(CatalogueEntry(game_id, engine.title or game_id, tuple(engine.scenarios()),
                                              tuple(engine.options())))
            except Exception:  # a half-written engine must not hide the others
                continue
        return entries

    def engine(self, game: str) -> Engine:
        """The rules engine for a game id (NotFound when unknown or not loadable)."""
        return self._engine(game)

    def roles(self, game: str, scenario: str | None = None) -> list[tuple[str, str]]:
        """(role id, role name) of a game's scenario (default: its first), in seat order."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
        except RulesError as error:
            raise BadOption(str(error)) from None
        return [(r, engine.role_name(r)) for r in engine.roles(chosen.id)]

    # ---- creating and seating ------------------------------------------------------------------
    def create_game(self, game: str, *, channel: str, creator_id: str, creator_name: str | None = None,
                    scenario: str | None = None, options: dict[str, Any] | None = None,
                    players: int | None = None, deadlines: dict[str, Any] | None = None,
                    guild: str | None = None, seat: int | str | None = None,
                    seating: str | None = None) -> Status:
        """Open a new game in ``channel``; the creator is its game master (they join separately).
        ``players`` defaults to the scenario's maximum; ``deadlines`` overrides the configured deadline
        settings for this game (keys as in config [deadlines]). ``guild``: the server the channel belongs
        to (a Discord guild id), kept with the game and shown in its Status. ``seat``: the creator takes
        that seat (as :meth:`join`) in the same transaction: a refused seat creates no game. ``seating``:
        one of the engine's named seatings for that player count (:meth:`seatings`; default the usual one)."""
        engine, chosen, clean_options, count, seatings = self._checked_setup(game, scenario, options, players,
                                                                            deadlines, seating)
        now = self._now()
        with self._write():
            self._touch_user(creator_id, creator_name)
            cursor = self.db.execute(
                "INSERT INTO games (game, scenario, options, settings, channel, creator, gm, status, created_at, "
                "guild) VALUES (?,?,?,?,?,?,?,'open',?,?)",
                [game, chosen.id, _dumps(clean_options), _dumps({"deadlines": deadlines or {}}), str(channel),
                 creator_id, creator_id, now, str(guild) if guild is not None else None])
            game_id = cursor.lastrowid
            for index, roles in enumerate(seatings, start=1):
                self.db.execute("INSERT INTO seats (game_id, seat, roles, user_id) VALUES (?,?,?,NULL)",
                                [game_id, index, _dumps(list(roles))])
            self.outbox.add(kind="notice", game_id=game_id, channel=str(channel),
                            text=f"{self._name(creator_id)} opened game #{game_id}: {engine.title}, "
                                 f"scenario {chosen.name}, {count} seats.")
            if seat is not None:
                self.join(game_id, creator_id, creator_name, seat)
        return self.status(game_id)

    def validate_setup(self, game: str, scenario: str | None = None, options: dict[str, Any] | None = None,
                       players: int | None = None, deadlines: dict[str, Any] | None = None,
                       seating: str | None = None) -> int:
        """Check what :meth:`create_game` would be given, creating nothing: raises the same errors
        (NotFound for an unknown game, BadOption for a bad scenario, option, player count, seating or
        deadline setting). A front end calls it before preparing anything of its own (a Discord thread).
        Returns how many seats the game would have."""
        return len(self._checked_setup(game, scenario, options, players, deadlines, seating)[4])

    def seatings(self, game: str, scenario: str | None = None, players: int | None = None) -> list[Any]:
        """The engine's named seatings (``rules.core.seats.Seating``: id, name, each seat's roles) for
        ``players`` (default: the scenario's maximum), the usual one first; BadOption for a bad count."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
            count = players if players is not None else chosen.max_players
            if not chosen.min_players <= count <= chosen.max_players:
                raise BadSetup(f"{engine.title} ({chosen.name}) is for {chosen.min_players} to "
                               f"{chosen.max_players} players, not {count}.")
            return list(engine.seating_choices(chosen.id, count, None))
        except RulesError as error:
            raise BadOption(str(error)) from None

    def _checked_setup(self, game: str, scenario: str | None, options: dict[str, Any] | None,
                       players: int | None, deadlines: dict[str, Any] | None, seating: str | None = None):
        """(engine, scenario, clean options, player count, seatings) of a new game, or BadOption."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
            clean_options = engine.validate_options(options)
            count = players if players is not None else chosen.max_players
            if not chosen.min_players <= count <= chosen.max_players:
                span = (f"{chosen.min_players}" if chosen.min_players == chosen.max_players
                        else f"{chosen.min_players} to {chosen.max_players}")
                raise BadSetup(f"{engine.title} ({chosen.name}) is for {span} players, not {count}.")
            # (engines written before named seatings override seatings(scenario, players) only)
            seatings = (engine.seatings(chosen.id, count) if not seating
                        else engine.seatings(chosen.id, count, clean_options, seating))
            self.config.deadlines_for(game).merged(deadlines, "deadlines")
        except (RulesError, ConfigError) as error:
            raise BadOption(str(error)) from None
        return engine, chosen, clean_options, count, seatings

    def join(self, game_id: int | str, user_id: str, user_name: str | None = None,
             seat: int | str | None = None) -> SeatInfo:
        """Take a seat before the start: ``seat`` is a seat number (1-based) or a role it holds; by
        default the first free seat."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "You can only join a game before it starts.")
            self._touch_user(user_id, user_name)
            seats = self._seats(game)
            mine = [s for s in seats if s.user_id == user_id]
            if mine:
                raise BadState(f"You already sit at seat {mine[0].seat} ({', '.join(mine[0].role_names)}) "
                               f"in game #{game.id}.")
            if seat is None:
                free = [s for s in seats if s.user_id is None]
                if not free:
                    raise GameFull(f"Game #{game.id} is full ({len(seats)} seats taken).")
                target = free[0]
            else:
                target = self._find_seat(game, seats, seat)
                if target.user_id is not None:
                    raise SeatTaken(f"Seat {target.seat} ({', '.join(target.role_names)}) is taken by "
                                    f"{target.user_name}.")
            self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                            [user_id, game.id, target.seat])
            self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", [game.id, user_id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} takes seat {target.seat} "
                                 f"({', '.join(target.role_names)}) in game #{game.id}.")
            return self._seats(game)[target.seat - 1]

    def leave(self, game_id: int | str, user_id: str) -> None:
        """Give up one's seat before the start (after it, the game master replaces players)."""
        with self._write():
            game = self._game(game_id)
            if game.status != "open":
                raise Forbidden("The game has started: ask the game master to replace you instead.")
            seat = self._seat_of(game, user_id)
            self.db.execute("UPDATE seats SET user_id = NULL WHERE game_id = ? AND seat = ?", [game.id, seat.seat])
            self._drop_requests(game, seat.seat)
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} leaves seat {seat.seat} in game #{game.id}.")

    def swap(self, game_id: int | str, user_id: str, seat: int | str) -> SeatInfo:
        """Move to another seat before the start. A free seat is taken at once. A seat someone holds is
        only asked for: its holder must agree, by asking for the requester's seat in return (swap back)
        or with :meth:`accept_swap`; until then nothing moves and status shows the request (the target
        seat's ``swap_requests``). Returns the target seat: its ``user_id`` is the caller once moved,
        still the other player while the request waits."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "Seats can only be swapped before the game starts.")
            seats = self._seats(game)
            mine = self._seat_of(game, user_id)
            target = self._find_seat(game, seats, seat)
            if target.seat == mine.seat:
                raise BadState(f"You already sit at seat {mine.seat} ({', '.join(mine.role_names)}).")
            if target.user_id is None:
                self.db.execute("UPDATE seats SET user_id = NULL WHERE game_id = ? AND seat = ?", [game.id, mine.seat])
                self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                                [user_id, game.id, target.seat])
                self._drop_requests(game, mine.seat, target.seat)
                self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                                text=f"{self._name(user_id)} moves to seat {target.seat} "
                                     f"({', '.join(target.role_names)}) in game #{game.id}.")
                return self._seats(game)[target.seat - 1]
            asked = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND user_id = ? AND from_seat = ? "
                                    "AND to_seat = ?", [game.id, target.user_id, target.seat, mine.seat]).fetchone()
            if asked:  # the other player asked for this seat: swapping back is the answer
                self._exchange(game, target, mine)
                return self._seats(game)[target.seat - 1]
            already = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND user_id = ? AND to_seat = ?",
                                      [game.id, user_id, target.seat]).fetchone()
            if already:
                raise BadState(f"You already asked {target.user_name} for seat {target.seat} "
                               f"({', '.join(target.role_names)}); it is up to them to accept.")
            self.db.execute("INSERT OR REPLACE INTO swap_requests (game_id, user_id, from_seat, to_seat, created_at) "
                            "VALUES (?,?,?,?,?)", [game.id, user_id, mine.seat, target.seat, self._now()])
            mine_roles, theirs = ", ".join(mine.role_names), ", ".join(target.role_names)
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} (seat {mine.seat}, {mine_roles}) asks {target.user_name} "
                                 f"(seat {target.seat}, {theirs}) to exchange seats in game #{game.id}.")
            self.outbox.add(kind="notice", game_id=game.id, user=target.user_id, private=True,
                            text=f"{self._name(user_id)} asks to exchange seats with you in game #{game.id}: you "
                                 f"would play {mine_roles} instead of {theirs}. To agree, swap to seat {mine.seat} "
                                 f"(or accept); to refuse, decline. Nothing changes until you agree.")
            return self._seats(game)[target.seat - 1]

    def accept_swap(self, game_id: int | str, user_id: str, requester: str | None = None) -> SeatInfo:
        """Agree to a request to exchange seats with the user (``requester``: whose request, needed only
        when several wait). Returns the user's new seat."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "Seats can only be swapped before the game starts.")
            mine = self._seat_of(game, user_id)
            request = self._incoming_request(game, mine, requester)
            seats = self._seats(game)
            theirs = seats[request[1] - 1]
            if theirs.user_id != request[0]:  # cannot happen: requests are dropped when seats change
                self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?", [game.id, request[0]])
                raise BadState(f"{self._name(request[0])} no longer sits at seat {theirs.seat}.")
            self._exchange(game, mine, theirs)
            return self._seats(game)[theirs.seat - 1]

    def decline_swap(self, game_id: int | str, user_id: str, requester: str | None = None) -> None:
        """Refuse a request to exchange seats with the user; with none waiting for the user, withdraw the
        user's own request instead."""
        with self._write():
            game = self._game(game_id)
            mine = self._seat_of(game, user_id)
            incoming = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND to_seat = ?",
                                       [game.id, mine.seat]).fetchone()
            if incoming is None:
                own = self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?",
                                      [game.id, user_id]).rowcount
                if not own:
                    raise NotFound(f"Nobody asked to exchange seats with you in game #{game.id}, and you asked "
                                   "nobody.")
                self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                                text=f"{self._name(user_id)} withdraws their request to exchange seats in game "
                                     f"#{game.id}.")
                return
            other, _ = self._incoming_request(game, mine, requester)
            self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?", [game.id, other])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} declines to exchange seats with {self._name(other)} in "
                                 f"game #{game.id}.")

    def spectate(self, game_id: int | str, user_id: str, user_name: str | None = None) -> None:
        """Follow a game as a spectator: at each new game turn and at the end, a direct message with the
        public summary of the turn and the public map. Players of the game cannot follow it (they get
        more already)."""
        with self._write():
            game = self._game(game_id)
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is {game.status}; there is nothing left to follow.")
            seat = next((s for s in self._seats(game) if s.user_id == user_id), None)
            if seat is not None:
                raise BadState(f"You already play in game #{game.id} (seat {seat.seat}, "
                               f"{', '.join(seat.role_names)}): players follow it anyway.")
            self._touch_user(user_id, user_name)
            added = self.db.execute("INSERT OR IGNORE INTO spectators (game_id, user_id) VALUES (?,?)",
                                    [game.id, user_id]).rowcount
            if not added:
                raise BadState(f"You already follow game #{game.id}.")

    def unspectate(self, game_id: int | str, user_id: str) -> None:
        """Stop following a game."""
        with self._write():
            game = self._game(game_id)
            removed = self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?",
                                      [game.id, user_id]).rowcount
            if not removed:
                raise NotFound(f"You do not follow game #{game.id}.")

    def spectators(self, game_id: int | str) -> list[str]:
        """User ids following the game, in the order they started following."""
        with self._lock:
            game = self._game(game_id)
            return [r[0] for r in self.db.execute("SELECT user_id FROM spectators WHERE game_id = ? ORDER BY rowid",
                                                  [game.id])]

    def start(self, game_id: int | str, by: str, *, seed: int | None = None,
              actor_name: str | None = None) -> Status:
        """Deal the game (game master or admin; every seat filled). The seed comes from a secure random
        source and is stored with the setup arguments so the game can be replayed; ``seed`` fixes it
        instead (scripted tests, reproducing a reported game)."""
        if seed is not None and not (isinstance(seed, int) and 0 <= seed < 2 ** 63):
            raise BadOption("A seed is a whole number from 0 to 9223372036854775807.")
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "start the game")
            self._require(game, "open", f"Game #{game.id} has already started.")
            seats = self._seats(game)
            empty = [s for s in seats if s.user_id is None]
            if empty:
                raise BadState(f"Seat {empty[0].seat} ({', '.join(empty[0].role_names)}) is empty; "
                               f"{len(empty)} seat(s) still to fill.")
            engine = self._engine(game.game)
            args = SetupArgs(game.scenario, tuple(s.roles for s in seats),
                             new_seed() if seed is None else int(seed), game.options)
            try:
                state = engine.setup(args)
            except RulesError as error:
                raise BadOption(str(error)) from None
            summary = engine.summary(state)
            now = self._now()
            self.db.execute("UPDATE games SET status='active', seed=?, setup=?, state=?, version=1, "
                            "log_length=0, turn_key=?, turn_label=?, phase=?, started_at=? WHERE id=?",
                            [args.seed, _dumps(args.to_dict()), _dumps(state), summary.turn_key,
                             summary.turn_label, summary.phase, now, game.id])
            self.db.execute("INSERT INTO snapshots (game_id, pos, version, turn_key, turn_label, phase, state, at)"
                            " VALUES (?,0,1,?,?,?,?,?)", [game.id, summary.turn_key, summary.turn_label,
                                                          summary.phase, _dumps(state), now])
            game.status, game.version, game.log_length = "active", 1, 0
            game.turn_key, game.turn_label, game.phase, game.setup = (summary.turn_key, summary.turn_label,
                                                                      summary.phase, args.to_dict())
            self._staged[game.id] = (1, state)
            self.db.execute("DELETE FROM swap_requests WHERE game_id = ?", [game.id])
            players = ", ".join(f"{self._name(s.user_id)} ({', '.join(s.role_names)})" for s in seats)
            text = f"Game #{game.id} ({engine.title}) begins: {players}. {summary.turn_label}."
            if actor_name:
                text += f" Started by {self._acting(game, by, actor_name)}."
            self.outbox.add(kind="log", game_id=game.id, channel=game.channel, text=text,
                            image=ImageRequest(game.id, 1, 0, None, self._main_picture(game.game)))
            self._tell_followers(game, engine, f"it begins: {players}. {summary.turn_label}.",
                                 ImageRequest(game.id, 1, 0, None, self._main_picture(game.game)))
            self._after_change(game, engine, state, acted=(), turn_changed=True)
            talk.announce(self, game, engine, None, state)
            self._settle(game, engine, state)
        return self.status(game.id)

    # ---- reading ---------------------------------------------------------------------------------
    def status(self, game_id: int | str) -> Status:
        """Headline of a game: seats, who must act and by when, turn label, result."""
        with self._lock:
            game = self._game(game_id)
            engine = self._engine(game.game)
            seats = self._seats(game)
            waiting: list[Waiting] = []
            if game.status in ("active", "paused"):
                state = self._state(game)
                deadlines = {r["role"]: r for r in self.db.query(
                    "SELECT * FROM deadlines WHERE game_id = ?", [game.id])}
                for role in engine.active_roles(state):
                    holder = self._holder_in(seats, role)
                    prompt = engine.prompt(state, role)
                    row = deadlines.get(role)
                    due = row["due_at"] if row and row["due_at"] < NO_DEADLINE else None
                    waiting.append(Waiting(role, engine.role_name(role), holder, self._name(holder) if holder else None,
                                           prompt.kind if prompt else "turn", due,
                                           bool(row and row["paused_at"] is not None) or game.status == "paused",
                                           bool(prompt and prompt.committed)))
            result = GameResult(tuple(game.result["winners"]), game.result["reason"]) if game.result else None
            return Status(game.id, game.game, engine.title, game.scenario, game.channel, game.gm, game.status,
                          game.version, game.turn_label or "not started", game.phase or "", tuple(seats),
                          tuple(waiting), result, game.options, self._deadline_settings(game),
                          game.created_at, game.started_at, game.guild)

    def choices(self, game_id: int | str, user_id: str) -> list[RoleChoices]:
        """For each of the user's roles that must act now: the prompt and the legal actions. Empty when
        it is not the user's turn."""
        with self._lock:
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                return []
            engine = self._engine(game.game)
            state = self._state(game)
            deadlines = {r["role"]: (r["due_at"], r["paused_at"]) for r in self.db.query(
                "SELECT role, due_at, paused_at FROM deadlines WHERE game_id = ?", [game.id])}
            out = []
            for role in self._roles_of(game, user_id):
                prompt = engine.prompt(state, role)
                if prompt is None:
                    continue
                due, paused_at = deadlines.get(role, (None, None))
                out.append(RoleChoices(role, engine.role_name(role), prompt.text, prompt.kind,
                                       tuple(engine.legal_actions(state, role)),
                                       due if due is not None and due < NO_DEADLINE else None, game.version,
                                       game.status == "paused" or paused_at is not None))
            return out

    def view(self, game_id: int | str, user_id: str | None = None, role: str | None = None) -> dict[str, Any]:
        """What ``user_id`` may see: the view of ``role`` (one of theirs; default all their roles merged,
        Engine.view_for), or the public view for spectators and anyone without a seat."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            state = self._state(game)
            return copy_state(self._reader_view(game, engine, state, user_id, role))  # callers may mutate it

    def log(self, game_id: int | str, user_id: str | None = None, limit: int | None = 50) -> list[LogLine]:
        """The game log as ``user_id`` may read it (public lines plus those addressed to their roles),
        oldest first; the last ``limit`` lines (None: all of them)."""
        if limit is not None and limit < 0:
            raise BadOption("Ask for a number of log lines of at least 0.")
        with self._lock:
            game = self._game(game_id)
            lines = self._visible_log(game, set(self._roles_of(game, user_id)) if user_id else set())
            if limit is None:
                return lines
            return lines[-limit:] if limit else []

    def digest(self, game_id: int | str, user_id: str, mark: bool = True) -> list[LogLine]:
        """Log lines the user may read and has not seen yet ("since you last looked"); ``mark`` records
        them as seen."""
        with self._lock:
            game = self._game(game_id)
            row = self.db.execute("SELECT last_seen FROM readers WHERE game_id = ? AND user_id = ?",
                                  [game.id, user_id]).fetchone()
            last_seen = row[0] if row else 0
            lines = self._visible_log(game, set(self._roles_of(game, user_id)), after=last_seen)
            if mark:
                newest = self._max_log_id(game)
                with self._write():
                    self._mark_seen(game, user_id, newest)
            return lines

    def history(self, game_id: int | str, user_id: str | None = None,
                turn: int | None = None) -> list[TurnInfo] | TurnDetail:
        """Without ``turn``: the game's turns (one stored snapshot each). With ``turn`` (1-based): that
        turn's position as ``user_id`` may see it, and the log lines of that turn."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            rows = list(self.db.query("SELECT pos, version, turn_key, turn_label, phase, at FROM snapshots "
                                      "WHERE game_id = ? ORDER BY pos", [game.id]))
            turns = [TurnInfo(i, r["pos"], r["version"], r["turn_key"], r["turn_label"], r["phase"], r["at"])
                     for i, r in enumerate(rows, start=1)]
            if turn is None:
                return turns
            if not 1 <= turn <= len(turns):
                raise NotFound(f"Game #{game.id} has turns 1 to {len(turns)}, not {turn}.")
            info = turns[turn - 1]
            end = turns[turn].pos if turn < len(turns) else float("inf")
            state = json.loads(self.db.execute("SELECT state FROM snapshots WHERE game_id = ? AND pos = ?",
                                               [game.id, info.pos]).fetchone()[0])
            engine = self._engine(game.game)
            view = self._reader_view(game, engine, state, user_id, None)
            roles = set(self._roles_of(game, user_id)) if user_id else set()
            lines = [l for l in self._visible_log(game, roles) if info.pos < l.pos <= end]
            return TurnDetail(info, view, tuple(lines))

    def games_in_channel(self, channel: str, include_finished: bool = False) -> list[Status]:
        """Games bound to a channel (or thread), newest first."""
        with self._lock:
            where = "" if include_finished else " AND status IN ('open','active','paused')"
            ids = [r[0] for r in self.db.execute(
                f"SELECT id FROM games WHERE channel = ?{where} ORDER BY id DESC", [str(channel)])]
            return [self.status(i) for i in ids]

    def games_of_user(self, user_id: str, include_finished: bool = False) -> list[Status]:
        """Games where the user holds a seat or is game master, newest first."""
        with self._lock:
            where = "" if include_finished else " AND g.status IN ('open','active','paused')"
            ids = [r[0] for r in self.db.execute(
                "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
                f"WHERE (s.user_id = ? OR g.gm = ?){where} ORDER BY g.id DESC", [user_id, user_id])]
            return [self.status(i) for i in ids]

    # ---- playing ---------------------------------------------------------------------------------
    def submit(self, game_id: int | str, user_id: str, action: str, *, role: str | None = None,
               expected_version: int | None = None, request_id: str | None = None) -> SubmitResult:
        """Play ``action`` (a legal action id) for one of the user's roles. ``role`` is needed only when
        several of the user's roles could take that action. ``expected_version``: the version the
        user's choices were shown at; if the game has moved on since, the order is re-checked against
        the fresh state and applied only if that role has not acted since, is asked the same question
        and the action is still legal (a simultaneous choice survives the other player's commit);
        otherwise :class:`StaleVersion`. The same order sent again from the same position (the user's
        first action since ``expected_version`` was this very action) is answered as a duplicate, never
        played again with a new meaning. ``request_id``: a retried request with the same id returns the
        first result instead of playing twice."""
        action = str(action).strip()
        with self._write():
            game = self._game(game_id)
            if request_id is not None:
                done = self._duplicate(game, user_id, request_id)
                if done is not None:
                    return done
            if expected_version is not None and expected_version < game.version:
                done = self._repeated_order(game, user_id, role, action, expected_version)
                if done is not None:
                    return done
            self._require_playing(game)
            engine = self._engine(game.game)
            state = self._state(game)
            held = self._roles_of(game, user_id)
            if not held:
                raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")
            if role is not None:
                role = self._known_role(game, role)
            if role is not None and role not in held:
                raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}; you play "
                                  f"{', '.join(engine.role_name(r) for r in held)}.")
            active = set(engine.active_roles(state))
            candidates = [r for r in ([role] if role else held) if r in active]
            if not candidates:
                waiting = ", ".join(engine.role_name(r) for r in engine.active_roles(state))
                raise NotYourTurn(f"It is not your turn in game #{game.id}; waiting for {waiting or 'nobody'}.")
            legal = {r: {a.id: a for a in engine.legal_actions(state, r)} for r in candidates}
            matching = [r for r in candidates if action in legal[r]]
            if not matching:
                if expected_version is not None and expected_version != game.version:
                    raise self._moved_on(game)  # chosen from an older screen: say so, not "illegal"
                names = " or ".join(engine.role_name(r) for r in candidates)
                raise IllegalOrder(f"'{action}' is not a legal action for {names} now. "
                                   "List your choices to see what you can do.")
            if len(matching) > 1:
                raise BadOption(f"'{action}' is open to several of your roles "
                                f"({', '.join(engine.role_name(r) for r in matching)}); say which role plays it.")
            chosen = matching[0]
            if expected_version is not None and expected_version != game.version:
                self._recheck_stale(game, engine, state, chosen, expected_version)
            label = legal[chosen][action].label
            first_log_id = self._max_log_id(game)
            self._mark_seen(game, user_id, first_log_id)  # what was there before acting; own lines count as seen
            state, version = self._apply(game, engine, state, chosen, action, label, user_id, request_id)
            automatic = self._settle(game, engine, state)
            lines = [l for l in self._visible_log(game, set(held), after=first_log_id)]
            self._mark_seen(game, user_id)  # a player who acts has looked at the game
        return SubmitResult(game.id, game.version, chosen, action, label, tuple(lines),
                            game.status == "finished", False, automatic)

    def undo(self, game_id: int | str, user_id: str, role: str | None = None) -> SubmitResult:
        """Take back the user's own last action (of ``role``, when they hold several): the log is replayed
        without it, keeping the later actions of other roles that are still legal (automatic passes that
        no longer fit are dropped). Refused when it, or anything since, rolled dice, shuffled or revealed
        hidden information, or when another player's later action would no longer be legal (bot.undo)."""
        from . import undo as undoing

        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            engine = self._engine(game.game)
            held = self._roles_of(game, user_id)
            if not held:
                raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")
            if role is not None:
                role = self._known_role(game, role)
                if role not in held:
                    raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}.")
            target = undoing.target_action(self, game, engine, held, role)
            role, action, label = target.role, target.action, target.label
            before = self._state(game)
            state, kept, dropped = undoing.take_back(self, game, engine, target)
            now = self._now()
            public = undoing.public_lines(self, target)
            others_waiting = bool(kept) or any(r[0] != role for r in self.db.execute(
                "SELECT role FROM deadlines WHERE game_id = ?", [game.id]))
            pos = target.pos
            undoing.rewrite(self, game, engine, target, kept, dropped, now)
            summary = engine.summary(state)
            # Say what the others saw being taken back; a step nobody else saw (picking a block before
            # moving it) is taken back quietly: announcing it would only puzzle them.
            turn_changed = summary.turn_key != game.turn_key
            name = engine.role_name(role)
            announce = bool(public) or turn_changed or others_waiting  # the others were told something
            text = (f"{name} takes back: {' '.join(public)}" if public
                    else f"{name} takes back an action.")
            # the log reads as if the action never happened (its lines are marked undone); only the channel,
            # which already showed them, is told (below)
            self._mark_seen(game, user_id)
            self._write_state(game, state, game.version + 1, pos - 1 + len(kept), summary, None, game.status)
            if announce:
                self.outbox.add(kind="log", game_id=game.id, channel=game.channel,
                                text=text + (f" Back to {summary.turn_label}." if turn_changed else ""))
            self._after_change(game, engine, state, acted=(role,), turn_changed=turn_changed)
            talk.announce(self, game, engine, before, state)
            # a "your move" the taken-back action caused, not yet delivered, is stale: never send it
            active = engine.active_roles(state)
            self.db.execute("UPDATE outbox SET delivered_at = ?, external_ref = 'obsolete: taken back' "
                            f"WHERE game_id = ? AND kind = 'your_move' AND target_kind = 'role' AND "
                            f"delivered_at IS NULL AND dead = 0 AND target NOT IN ({','.join('?' * len(active))})",
                            [self._now(), game.id, *active])
        return SubmitResult(game.id, game.version, role, action, label, (), False)

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

    # ---- ending and game-master powers -----------------------------------------------------------
    def end(self, game_id: int | str, by: str, winners: Iterable[str] = (),
            reason: str = "ended by the game master", *, actor_name: str | None = None) -> Status:
        """Finish a started game by decision (a concession, an agreed result). Game master or admin.
        ``actor_name`` (here and in the other game-master actions): who really acted, when a front end
        lets someone act for ``by`` (a server admin for the game master); the public notice names them."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "end the game")
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}; only a running game can be ended.")
            engine = self._engine(game.game)
            try:
                winners = tuple(dict.fromkeys(self._known_role(game, w) for w in winners))
            except NotFound as error:
                raise BadOption(error.message) from None
            if actor_name is None:   # the game master in person (a stand-in admin holds no seat here)
                self._refuse_own_victory(game, engine, by, winners)
            self._finish(game, "finished", {"winners": list(winners), "reason": reason})
            names = ", ".join(engine.role_name(w) for w in winners) or "nobody"
            text = f"Game #{game.id} is over: {reason}. Winner: {names}."
            if actor_name:
                text += f" Ended by {self._acting(game, by, actor_name)}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, engine, f"it is over: {reason}. Winner: {names}.",
                                 ImageRequest(game.id, game.version, game.log_length, None,
                                              self._main_picture(game.game)))
        return self.status(game.id)

    def _refuse_own_victory(self, game: _Game, engine: Engine, by: str, winners: tuple[str, ...]) -> None:
        """A game master who also plays may not name their own side the winner over another player: that
        player concedes instead (:meth:`concede`), which is their agreement."""
        mine = set(self._roles_of(game, by)) & set(winners)
        losers = [s for s in self._seats(game) if s.user_id and s.user_id != by
                  and not s.user_id.startswith("system:") and not set(s.roles) <= set(winners)]
        if mine and losers:
            raise Forbidden(f"You play {', '.join(engine.role_name(r) for r in sorted(mine))} in game #{game.id}: "
                            "you cannot declare your own side the winner. The other player agrees by "
                            "conceding (concede); or end it as a draw or with them as the winner.")

    def concede(self, game_id: int | str, user_id: str) -> Status:
        """A player gives up: the game ends at once and every other seat's roles win."""
        with self._write():
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}; only a running game can be conceded.")
            mine = self._roles_of(game, user_id)
            if not mine:
                raise NotYourSeat(f"You hold no seat in game #{game.id}, so there is nothing to concede.")
            engine = self._engine(game.game)
            winners = [r for s in self._seats(game) for r in s.roles if r not in mine]
            names = ", ".join(engine.role_name(r) for r in mine)
            reason = f"{names} conceded"
            self._finish(game, "finished", {"winners": winners, "reason": reason})
            won = ", ".join(engine.role_name(w) for w in winners) or "nobody"
            text = f"Game #{game.id} is over: {reason}. Winner: {won}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, engine, f"it is over: {reason}. Winner: {won}.",
                                 ImageRequest(game.id, game.version, game.log_length, None, "map"))
        return self.status(game.id)

    def abort(self, game_id: int | str, by: str, reason: str = "aborted", *,
              actor_name: str | None = None) -> Status:
        """Cancel a game at any point before it is over. Game master or admin."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "abort the game")
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is already {game.status}.")
            self._finish(game, "aborted", None)
            who = self._acting(game, by, actor_name)
            text = f"Game #{game.id} was aborted by {who}: {reason}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, self._engine(game.game), f"it was aborted by {who}: {reason}.", None)
        return self.status(game.id)

    def pause(self, game_id: int | str, by: str, *, actor_name: str | None = None) -> Status:
        """Stop the clocks: no deadline runs and nobody may play until :meth:`resume`."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "pause the game")
            self._require(game, "active", f"Only a running game can be paused (game #{game.id} is {game.status}).")
            self.db.execute("UPDATE games SET status = 'paused', paused_at = ? WHERE id = ?", [self._now(), game.id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"Game #{game.id} is paused by {self._acting(game, by, actor_name)}.")
        return self.status(game.id)

    def resume(self, game_id: int | str, by: str, *, actor_name: str | None = None) -> Status:
        """Restart a paused game; every running deadline moves later by the length of the pause."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "resume the game")
            self._require(game, "paused", f"Game #{game.id} is not paused.")
            now = self._now()
            self.db.execute("UPDATE deadlines SET due_at = due_at + ? WHERE game_id = ? AND due_at < ?",
                            [max(0.0, now - (game.paused_at or now)), game.id, NO_DEADLINE])
            self.db.execute("UPDATE games SET status = 'active', paused_at = NULL WHERE id = ?", [game.id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"Game #{game.id} resumes" + (f" ({self._acting(game, by, actor_name)})."
                                                               if actor_name else "."))
        return self.status(game.id)

    def replace_seat(self, game_id: int | str, by: str, seat: int | str, user_id: str,
                     user_name: str | None = None, *, actor_name: str | None = None) -> SeatInfo:
        """Give a seat (number or one of its roles) to another user, at any time before the end. Game
        master or admin. Refused for a user who already holds a seat in the game: one player holding
        several roles is a seating the engine offers (a seat with several roles), not a replacement."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "replace a player")
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is over.")
            seats = self._seats(game)
            target = self._find_seat(game, seats, seat)
            held = next((s for s in seats if s.user_id == user_id), None)
            if held is not None:
                if held.seat == target.seat:
                    raise BadState(f"{held.user_name} already plays seat {held.seat} ({', '.join(held.role_names)}) "
                                   f"in game #{game.id}.")
                raise BadState(f"{held.user_name} already plays seat {held.seat} ({', '.join(held.role_names)}) in "
                               f"game #{game.id} and cannot take a second seat. One player for several roles is "
                               "chosen when the game is opened (the engine's seatings), not by replacing.")
            self._touch_user(user_id, user_name)
            self._give_seat(game, target, user_id, f"by {self._acting(game, by, actor_name)}")
            return self._seats(game)[target.seat - 1]

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
                sent = sum(1 for offset in self.config.reminders_before if now >= due - offset)
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

    # ---- per-user flags ----------------------------------------------------------------------------
    #: longest key and value a flag may have (flags are small facts, not a document store)
    FLAG_KEY_MAX = 200
    FLAG_VALUE_MAX = 2000

    def user_flag(self, user_id: str, key: str) -> str | None:
        """A small persistent fact about a user kept for a front end (a hint already shown, a warning
        already sent), or None when unset. Survives restarts."""
        with self._lock:
            row = self.db.execute("SELECT value FROM user_flags WHERE user_id = ? AND key = ?",
                                  [str(user_id), str(key)]).fetchone()
        return row[0] if row else None

    def set_user_flag(self, user_id: str, key: str, value: str | None) -> None:
        """Set (or, with None, clear) a user's flag ``key``."""
        key = str(key)
        if not key or len(key) > self.FLAG_KEY_MAX:
            raise BadOption(f"A flag's key must be 1 to {self.FLAG_KEY_MAX} characters long.")
        if value is not None and len(str(value)) > self.FLAG_VALUE_MAX:
            raise BadOption(f"A flag's value must be at most {self.FLAG_VALUE_MAX} characters long.")
        with self._write():
            if value is None:
                self.db.execute("DELETE FROM user_flags WHERE user_id = ? AND key = ?", [str(user_id), key])
            else:
                self.db.execute("INSERT INTO user_flags (user_id, key, value, updated_at) VALUES (?,?,?,?) "
                                "ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value, "
                                "updated_at = excluded.updated_at", [str(user_id), key, str(value), self._now()])

    def is_admin(self, game_id: int | str, user_id: str) -> bool:
        """Game master of that game, or a configured admin."""
        with self._lock:
            return self._is_admin(self._game(game_id), user_id)

    # ---- slow play -------------------------------------------------------------------------------
    def tick(self) -> TickReport:
        """Process due reminders and passed deadlines (each in its own transaction). Call it on a timer;
        calling it often is cheap and harmless."""
        report = TickReport()
        now = self._now()
        horizon = now + (self.config.reminders_before[0] if self.config.reminders_before else 0)
        with self._lock:
            due = [(r[0], r[1]) for r in self.db.execute(
                "SELECT d.game_id, d.role FROM deadlines d JOIN games g ON g.id = d.game_id "
                "WHERE g.status = 'active' AND (d.paused_at IS NOT NULL OR (d.expired = 0 AND d.due_at <= ?) "
                "OR d.role IN (SELECT je.value FROM seats s, json_each(s.roles) je JOIN vacations v "
                "ON v.user_id = s.user_id WHERE s.game_id = d.game_id AND v.starts_at <= ? AND v.ends_at > ?)) "
                "ORDER BY d.due_at", [horizon, now, now])]
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
            step = reminders_due(self.config.reminders_before, due_at, now, sent, whole)
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
        if policy == "default":
            played = self._play_defaults(game, engine, role, started_at, name, report)
            if played:
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

    # ---- messages --------------------------------------------------------------------------------
    def send(self, game_id: int | str, text: str, *, role: str | None = None, user: str | None = None,
             kind: str = "notice", picture: str | None = None) -> int:
        """Queue a message about a game: to the player of ``role`` (resolved to the seat's user now) or to
        ``user``, privately; with neither, publicly to the game's channel. ``picture`` attaches an image
        request of the current position, drawn for that role (public in the channel)."""
        if role is not None and user is not None:
            raise BadOption("Address a message to a role or to a user, not both.")
        with self._write():
            game = self._game(game_id)
            if role is not None:
                role = self._known_role(game, role)
                if self._holder_in(self._seats(game), role) is None:
                    raise NotFound(f"Nobody plays {self._engine(game.game).role_name(role)} in game #{game.id}.")
            image = None
            if picture is not None:
                self._require_started(game)
                image = ImageRequest(game.id, game.version, game.log_length, role, picture)
            if role is not None:  # to whoever holds the role when it is delivered
                return self.outbox.add(kind=kind, game_id=game.id, role=role, to_role=True, private=True, text=text,
                                       image=image)
            if user is None:
                return self.outbox.add(kind=kind, game_id=game.id, channel=game.channel, text=text, image=image)
            return self.outbox.add(kind=kind, game_id=game.id, user=user, private=True, text=text, image=image)

    # ---- negotiation side channels (bot.talk) ------------------------------------------------------
    def talks(self, game_id: int | str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The talk segments open now, each as (its roles, the user ids holding them)."""
        with self._lock:
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                return []
            engine = self._engine(game.game)
            return [(roles, tuple(talk.members(self, game, roles)))
                    for roles in talk.segments(engine, self._state(game))]

    def talk_members(self, game_id: int | str, roles: Iterable[str]) -> list[str]:
        """The users holding any of ``roles`` now (who belongs in that segment's side channel)."""
        with self._lock:
            return talk.members(self, self._game(game_id), roles)

    def talk_channel(self, game_id: int | str, roles: Iterable[str], front: str) -> str | None:
        """The side channel ``front`` (e.g. "discord") opened for a segment, as it recorded it."""
        with self._lock:
            row = self.db.execute("SELECT ref FROM talk_channels WHERE game_id = ? AND roles = ? AND front = ?",
                                  [parse_game_id(game_id), talk.key(roles), front]).fetchone()
        return row[0] if row else None

    def set_talk_channel(self, game_id: int | str, roles: Iterable[str], front: str, ref: str) -> None:
        with self._write():
            self.db.execute("INSERT OR REPLACE INTO talk_channels (game_id, roles, front, ref) VALUES (?,?,?,?)",
                            [parse_game_id(game_id), talk.key(roles), front, str(ref)])

    def say_in_talk(self, game_id: int | str, user_id: str, text: str) -> list[str]:
        """A line of private talk (the console's local chat): sent privately to the other players of the
        open segment the user belongs to. Returns who it went to."""
        text = " ".join(str(text).split())
        if not text:
            raise BadOption("Say something: talk TEXT.")
        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            engine = self._engine(game.game)
            held = set(self._roles_of(game, user_id))
            if not held:
                raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")
            open_now = [r for r in talk.segments(engine, self._state(game)) if held & set(r)]
            if not open_now:
                raise BadState(f"No private talk is open for you in game #{game.id} now.")
            roles = open_now[0]
            others = [u for u in talk.members(self, game, roles) if u != user_id]
            mine = "/".join(engine.role_name(r) for r in roles if r in held)
            for other in others:
                self.outbox.add(kind="talk", game_id=game.id, user=other, private=True,
                                text=f"[game #{game.id} talk] {self._name(user_id)} ({mine}): {text[:1500]}")
            return others

    # ---- pictures and replay ---------------------------------------------------------------------
    def render_image(self, request: ImageRequest) -> bytes:
        """Draw a picture asked for by an outbox message (the position it names, the view it names)."""
        with self._lock:
            game = self._game(request.game_id)
            engine = self._engine(game.game)
            state = self._state_at(game, engine, min(request.pos, game.log_length))
        return _draw(engine.id or game.game, engine.view(state, request.role), request.picture)

    def picture(self, game_id: int | str, user_id: str | None = None, picture: str | None = None,
                role: str | None = None, params: dict[str, Any] | None = None) -> bytes:
        """The current position drawn for ``user_id`` (their role's view; public for others). ``picture``:
        a kind of the game's manifest (None: its main picture); ``params``: that kind's parameters."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            view = self._reader_view(game, engine, self._state(game), user_id, role)
        name, kind = engine.id or game.game, picture or self._main_picture(game.game)
        return _draw(name, view, kind, params) if params else _draw(name, view, kind)

    def warm_pictures(self) -> list[str]:
        """Draw one public map of each game's first scenario, so the renderer builds its static board
        layers now (seconds, once per process) rather than when the first player waits for a picture.
        Returns the games warmed; a game without pictures is skipped."""
        from rules.core import SetupArgs

        warmed = []
        for entry in self.catalogue():
            engine = self._lookup(entry.id)
            scenario = entry.scenarios[0]
            try:
                seats = engine.seatings(scenario.id, scenario.min_players)
                state = engine.setup(SetupArgs(scenario.id, tuple(seats), 0))
                _draw(entry.id, engine.view(state, None), self._main_picture(entry.id))
            except ServiceError:
                continue
            warmed.append(entry.id)
        return warmed

    def pictures(self, game_id: int | str) -> list[str]:
        """Picture kinds the renderer offers for this game (empty when the renderer is missing)."""
        return [kind.id for kind in self.picture_manifest(game_id)]

    def picture_manifest(self, game_id: int | str) -> list[Any]:
        """The game's picture kinds (``render.PictureKind``: id, label, parameters, private, sent with
        every prompt, needed while the view shows something), the main picture first; empty when the
        renderer is missing."""
        with self._lock:
            game = self._game(game_id)
        return _manifest(game.game)

    def _main_picture(self, game: str) -> str:
        kinds = _manifest(game)
        return kinds[0].id if kinds else "map"

    def _needed_pictures(self, game: str, view: dict[str, Any]) -> list[str]:
        """Pictures a decision taken in ``view`` needs besides the main one (a battle under way)."""
        return [kind.id for kind in _manifest(game) if kind.needed_by(view)]

    def replay(self, game_id: int | str) -> ReplayReport:
        """Rebuild the game from its setup and action log (rules.core.replay) and compare every stored
        snapshot and the current state with the rebuilt positions."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            args = SetupArgs.from_dict(game.setup)
            actions = [(r[0], r[1], r[2]) for r in self.db.execute(
                "SELECT pos, role, action FROM actions WHERE game_id = ? AND undone = 0 ORDER BY pos", [game.id])]
            logged: dict[int, list[tuple[str, Any]]] = {}
            for pos, text, audience, data in self.db.execute(
                    "SELECT l.pos, l.text, l.audience, l.data FROM log l JOIN actions a ON a.id = l.action_row "
                    "WHERE l.game_id = ? AND a.undone = 0 ORDER BY l.id", [game.id]):
                if not (data and json.loads(data).get("by") == "herald"):  # the service's own notes
                    logged.setdefault(pos, []).append((text, json.loads(audience) if audience else None))
            snapshots = {r[0]: json.loads(r[1]) for r in self.db.execute(
                "SELECT pos, state FROM snapshots WHERE game_id = ?", [game.id])}
            stored = json.loads(self.db.execute("SELECT state FROM games WHERE id = ?", [game.id]).fetchone()[0])
        report = ReplayReport(game.id, True, len(actions), 0)
        try:
            state = engine.setup(args)
            positions = [p for p, _, _ in actions]
            if positions != list(range(1, len(actions) + 1)):
                report.problems.append("the action log has gaps or repeats")
            if 0 in snapshots:
                self._compare(report, snapshots[0], state, "snapshot at the start")
            for pos, role, action in actions:
                outcome = engine.apply(state, role, action)
                state = outcome.state
                rebuilt = [(e.text, list(e.to) if e.to is not None else None) for e in outcome.log]
                if rebuilt != logged.get(pos, []) and len(report.problems) < 10:
                    report.problems.append(f"the log of action {pos} ({role} {action}) differs from the replay")
                if pos in snapshots:
                    self._compare(report, snapshots[pos], state, f"snapshot after action {pos}")
            self._compare(report, stored, state, "current state", snapshot=False)
            if game.log_length != len(actions):
                report.problems.append(f"log length {game.log_length} but {len(actions)} live actions")
        except RulesError as error:
            report.problems.append(f"the log no longer replays: {error}")
        report.ok = not report.problems
        return report

    @staticmethod
    def _compare(report: ReplayReport, stored: dict, rebuilt: dict, what: str, snapshot: bool = True) -> None:
        if snapshot:
            report.snapshots_checked += 1
        if json.loads(_dumps(rebuilt)) != stored:
            keys = sorted(k for k in set(stored) | set(rebuilt) if stored.get(k) != rebuilt.get(k))
            report.problems.append(f"{what} differs from the replay (keys: {', '.join(keys)})")

    # ---- several calls as one change (front ends with bookkeeping of their own) -----------------
    @contextlib.contextmanager
    def transaction(self):
        """One write transaction around several service calls and a front end's own rows (the email
        transport records an incoming Message-ID with the orders it carries and their answer): all commit
        together or none does. Yields the database connection."""
        with self._write():
            yield self.db

    @contextlib.contextmanager
    def savepoint(self):
        """Inside :meth:`transaction`: if the block raises, what it changed is undone alone (and the
        error re-raised); the rest of the transaction stands."""
        if not self.db.conn.in_transaction:
            raise RuntimeError("savepoint() is for use inside transaction()")
        staged = dict(self._staged)
        self.db.execute("SAVEPOINT herald_step")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK TO herald_step")
            self.db.execute("RELEASE herald_step")
            for game_id in set(self._staged) | set(staged):  # states staged by the undone part are void
                self._cache.pop(game_id, None)
            self._staged = staged
            raise
        self.db.execute("RELEASE herald_step")

    # ---- internals: transactions, loading --------------------------------------------------------
    @contextlib.contextmanager
    def _write(self):
        """A write transaction; state-cache updates staged inside it take effect only after COMMIT."""
        with self._lock:
            if self.db.conn.in_transaction:  # nested: part of the outer transaction
                yield
                return
            self._staged = {}
            try:
                with storage.transaction(self.db):
                    yield
                    if self.before_commit is not None:
                        self.before_commit()
            except BaseException:
                for game_id in self._staged:
                    self._cache.pop(game_id, None)
                self._staged = {}
                raise
            for game_id, entry in self._staged.items():
                self._cache[game_id] = entry
                self._cache.move_to_end(game_id)
            while len(self._cache) > self.config.state_cache_games:
                self._cache.popitem(last=False)
            self._staged = {}

    def _make_lookup(self, engines):
        if engines is None:
            extra = dict(self.config.engine_modules)

            def lookup(game_id: str) -> Engine:
                if game_id in extra:
                    return _import_engine(extra[game_id])
                return registry.get_engine(game_id)
            return registry.game_ids() + [g for g in extra if g not in registry.GAME_MODULES], lookup
        if isinstance(engines, Mapping):
            table = dict(engines)

            def lookup(game_id: str) -> Engine:
                if game_id not in table:
                    raise BadSetup(f"Unknown game '{game_id}'. Known games: {', '.join(table)}.")
                return table[game_id]
            return list(table), lookup
        return registry.game_ids(), engines

    def _engine(self, game: str) -> Engine:
        try:
            return self._lookup(game)
        except BadSetup as error:
            raise NotFound(str(error)) from None
        except (ImportError, AttributeError) as error:
            raise NotFound(f"The game '{game}' cannot be loaded right now ({error}).") from None

    def _game(self, game_id: int | str) -> _Game:
        gid = parse_game_id(game_id)
        row = list(self.db.query(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", [gid]))
        if not row:
            raise NotFound(f"There is no game #{gid}.")
        return _Game.from_row(row[0])

    def _state(self, game: _Game) -> dict[str, Any]:
        cached = self._staged.get(game.id) or self._cache.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        text = self.db.execute("SELECT state FROM games WHERE id = ?", [game.id]).fetchone()[0]
        state = json.loads(text)
        if not self.db.conn.in_transaction:
            self._cache[game.id] = (game.version, state)
            if len(self._cache) > self.config.state_cache_games:
                self._cache.popitem(last=False)
        return state

    def _state_at(self, game: _Game, engine: Engine, pos: int) -> dict[str, Any]:
        """The position after ``pos`` live actions: the nearest snapshot, then the log replayed."""
        if pos == game.log_length:
            return self._state(game)
        snap_pos, text = self.db.execute("SELECT pos, state FROM snapshots WHERE game_id = ? AND pos <= ? "
                                         "ORDER BY pos DESC LIMIT 1", [game.id, pos]).fetchone()
        state = json.loads(text)
        for role, action in self.db.execute("SELECT role, action FROM actions WHERE game_id = ? AND undone = 0 "
                                            "AND pos > ? AND pos <= ? ORDER BY pos", [game.id, snap_pos, pos]):
            state = engine.apply(state, role, action).state
        return state

    def _deadline_settings(self, game: _Game) -> DeadlineSettings:
        return self.config.deadlines_for(game.game).merged(game.settings.get("deadlines"), "deadlines")

    # ---- internals: seats and users --------------------------------------------------------------
    def _touch_user(self, user_id: str, name: str | None) -> None:
        if name:
            self.db.execute("INSERT INTO users (id, name) VALUES (?,?) ON CONFLICT(id) DO UPDATE SET name = "
                            "excluded.name", [user_id, name])
        else:
            self.db.execute("INSERT OR IGNORE INTO users (id, name) VALUES (?,?)", [user_id, user_id])

    def _name(self, user_id: str | None) -> str:
        if user_id is None:
            return "nobody"
        if user_id.startswith("system:"):
            return "Herald"
        row = self.db.execute("SELECT name FROM users WHERE id = ?", [user_id]).fetchone()
        return row[0] if row and row[0] else user_id

    def _seats(self, game: _Game) -> list[SeatInfo]:
        engine = self._engine(game.game)
        requests: dict[int, list[str]] = {}
        if game.status == "open":
            for user, to_seat in self.db.execute("SELECT user_id, to_seat FROM swap_requests WHERE game_id = ? "
                                                 "ORDER BY created_at", [game.id]):
                requests.setdefault(to_seat, []).append(user)
        out = []
        for seat, roles, user in self.db.execute("SELECT seat, roles, user_id FROM seats WHERE game_id = ? "
                                                 "ORDER BY seat", [game.id]):
            roles = tuple(json.loads(roles))
            out.append(SeatInfo(seat, roles, tuple(engine.role_name(r) for r in roles), user,
                                self._name(user) if user else None, tuple(requests.get(seat, ()))))
        return out

    def _roles_of(self, game: _Game, user_id: str | None) -> list[str]:
        if user_id is None:
            return []
        return [r for (roles,) in self.db.execute("SELECT roles FROM seats WHERE game_id = ? AND user_id = ? "
                                                  "ORDER BY seat", [game.id, user_id])
                for r in json.loads(roles)]

    def _seat_of(self, game: _Game, user_id: str) -> SeatInfo:
        for seat in self._seats(game):
            if seat.user_id == user_id:
                return seat
        raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")

    @staticmethod
    def _holder_in(seats: list[SeatInfo], role: str) -> str | None:
        for seat in seats:
            if role in seat.roles:
                return seat.user_id
        return None

    def _find_seat(self, game: _Game, seats: list[SeatInfo], seat: int | str) -> SeatInfo:
        text = str(seat).strip().lower()
        if text.isascii() and text.isdigit():
            if len(text) > 9:
                raise NotFound(f"Game #{game.id} has seats 1 to {len(seats)}.")
            number = int(text)
            if not 1 <= number <= len(seats):
                raise NotFound(f"Game #{game.id} has seats 1 to {len(seats)}, not {number}.")
            return seats[number - 1]
        for s in seats:
            if text in s.roles or text in (n.lower() for n in s.role_names):
                return s
        roles = ", ".join(n for s in seats for n in s.role_names)
        raise NotFound(f"Game #{game.id} has no seat '{str(seat)[:40]}'. Seats hold: {roles}.")

    def _known_role(self, game: _Game, role: str) -> str:
        """``role`` (an id, or a name in any case) as a role id of the game; NotFound listing the roles."""
        engine = self._engine(game.game)
        roles = [r for s in self._seats(game) for r in s.roles]
        for r in roles:
            if str(role).strip().lower() in (r.lower(), engine.role_name(r).lower()):
                return r
        raise NotFound(f"Game #{game.id} has no role '{role}'; its roles are "
                       f"{', '.join(engine.role_name(r) for r in roles)}.")

    def _reader_role(self, game: _Game, user_id: str | None, role: str | None) -> str | None:
        held = self._roles_of(game, user_id)
        if role is not None:
            role = self._known_role(game, role)
            if role not in held:
                engine = self._engine(game.game)
                mine = f"; you play {', '.join(engine.role_name(r) for r in held)}" if held else ""
                raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}{mine}.")
            return role
        return held[0] if held else None

    def _reader_view(self, game: _Game, engine: Engine, state: dict, user_id: str | None,
                     role: str | None) -> dict[str, Any]:
        """The view of ``role`` (one of the user's), else what the user sees holding all their roles
        (``Engine.view_for``: a player with two powers sees both hands), else the public view."""
        held = self._roles_of(game, user_id)
        if role is None and len(held) > 1:
            return engine.view_for(state, held)
        return engine.view(state, self._reader_role(game, user_id, role))

    def _drop_requests(self, game: _Game, *seat_numbers: int) -> None:
        """Forget swap requests from or into these seats (their holders changed)."""
        marks = ",".join("?" * len(seat_numbers))
        self.db.execute(f"DELETE FROM swap_requests WHERE game_id = ? AND (from_seat IN ({marks}) OR to_seat IN "
                        f"({marks}))", [game.id, *seat_numbers, *seat_numbers])

    def _exchange(self, game: _Game, first: SeatInfo, second: SeatInfo) -> None:
        """Two players exchange seats, both having agreed."""
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                        [second.user_id, game.id, first.seat])
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                        [first.user_id, game.id, second.seat])
        self._drop_requests(game, first.seat, second.seat)
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{first.user_name} and {second.user_name} exchange seats in game #{game.id}: "
                             f"{first.user_name} now plays {', '.join(second.role_names)}, {second.user_name} "
                             f"{', '.join(first.role_names)}.")

    def _incoming_request(self, game: _Game, mine: SeatInfo, requester: str | None) -> tuple[str, int]:
        """(requester id, their seat) of the request to swap into ``mine`` that is meant."""
        rows = [(r[0], r[1]) for r in self.db.execute(
            "SELECT user_id, from_seat FROM swap_requests WHERE game_id = ? AND to_seat = ? ORDER BY created_at",
            [game.id, mine.seat])]
        if requester is not None:
            wanted = str(requester).strip().lower()
            rows = [r for r in rows if wanted in (r[0].lower(), self._name(r[0]).lower())]
        if not rows:
            who = f"{requester} did not ask" if requester is not None else "Nobody asked"
            raise NotFound(f"{who} to exchange seats with you in game #{game.id}.")
        if len(rows) > 1:
            names = ", ".join(self._name(r[0]) for r in rows)
            raise BadOption(f"Several players ask for your seat ({names}); say whose request you mean.")
        return rows[0]

    def _tell_followers(self, game: _Game, engine: Engine, text: str, image: ImageRequest | None) -> None:
        """A direct message to each spectator: public facts only (the public log and map)."""
        for (user,) in self.db.execute("SELECT user_id FROM spectators WHERE game_id = ? ORDER BY rowid",
                                       [game.id]).fetchall():
            self.outbox.add(kind="follow", game_id=game.id, user=user, private=False,
                            text=f"Game #{game.id} ({engine.title}), which you follow: {text}", image=image)

    def _give_seat(self, game: _Game, seat: SeatInfo, user_id: str, why: str) -> None:
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?", [user_id, game.id, seat.seat])
        self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", [game.id, user_id])
        self._drop_requests(game, seat.seat)
        roles = ", ".join(seat.role_names)
        replacing = f"replacing {self._name(seat.user_id)}" if seat.user_id else "an empty seat until now"
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{self._name(user_id)} now plays seat {seat.seat} ({roles}) in game #{game.id}, "
                             f"{replacing}, {why}.")
        if seat.user_id:
            self.outbox.add(kind="notice", game_id=game.id, user=seat.user_id, private=True,
                            text=f"You no longer play {roles} in game #{game.id} ({why}).")
        if game.status in ("active", "paused"):
            # The new holder gets a fresh deadline and a "your move" notice for each waiting role.
            engine = self._engine(game.game)
            self.db.execute(f"DELETE FROM deadlines WHERE game_id = ? AND role IN ({','.join('?' * len(seat.roles))})",
                            [game.id, *seat.roles])
            self._after_change(game, engine, self._state(game), acted=(), turn_changed=False, new_holder=True)
            talk.resync(self, game, engine, self._state(game), seat.roles)

    # ---- internals: permissions ------------------------------------------------------------------
    def _is_admin(self, game: _Game, user_id: str) -> bool:
        return user_id == game.gm or user_id in self.config.admins

    def _acting(self, game: _Game, by: str, actor_name: str | None) -> str:
        """Who did a game-master action, for its notice: ``by``'s name, or "Carol (Manage Server) for the
        game master" when a front end says someone else acted for ``by``."""
        if not actor_name:
            return self._name(by)
        actor = " ".join(str(actor_name).split())[:100]
        return f"{actor} for {'the game master' if by == game.gm else self._name(by)}"

    def _require_admin(self, game: _Game, user_id: str, what: str) -> None:
        if not self._is_admin(game, user_id):
            raise Forbidden(f"Only the game master ({self._name(game.gm)}) or an admin can {what}.")

    @staticmethod
    def _require(game: _Game, status: str, message: str) -> None:
        if game.status != status:
            raise BadState(message)

    @staticmethod
    def _require_started(game: _Game) -> None:
        if game.status == "open":
            raise BadState(f"Game #{game.id} has not started yet.")

    def _require_playing(self, game: _Game, allow_paused: bool = False) -> None:
        if game.status == "active" or (allow_paused and game.status == "paused"):
            return
        if game.status == "paused":
            raise BadState(f"Game #{game.id} is paused; the game master can resume it.")
        if game.status == "open":
            raise BadState(f"Game #{game.id} has not started yet.")
        raise BadState(f"Game #{game.id} is {game.status}.")

    # ---- internals: playing ----------------------------------------------------------------------
    def _duplicate(self, game: _Game, user_id: str, request_id: str) -> SubmitResult | None:
        row = self.db.execute("SELECT version, role, action, label, user_id FROM actions "
                              "WHERE game_id = ? AND request_id = ?", [game.id, request_id]).fetchone()
        if row is None:
            return None
        if row[4] != user_id:
            raise BadOption("That request id was already used by someone else.")
        return SubmitResult(game.id, row[0], row[1], row[2], row[3], (), game.status == "finished", True)

    def _repeated_order(self, game: _Game, user_id: str, role: str | None, action: str,
                        seen_version: int) -> SubmitResult | None:
        """The result of ``action`` already played by this user (for ``role``, if named) as their first
        action since ``seen_version``: the same order from the same position, sent twice."""
        where, args = "", [game.id, seen_version, user_id]
        if role is not None:
            where, args = " AND role = ?", args + [str(role)]
        row = self.db.execute("SELECT version, role, action, label FROM actions WHERE game_id = ? AND undone = 0 "
                              f"AND version > ? AND user_id = ?{where} ORDER BY pos LIMIT 1", args).fetchone()
        if row is None or row[2] != action:
            return None
        return SubmitResult(game.id, row[0], row[1], row[2], row[3], (), game.status == "finished", True)

    @staticmethod
    def _moved_on(game: _Game) -> StaleVersion:
        return StaleVersion(f"Game #{game.id} has moved on since those choices were shown; "
                            "look at your choices again.")

    def _recheck_stale(self, game: _Game, engine: Engine, state: dict, role: str, seen_version: int) -> None:
        """Refuse (StaleVersion) an order made on an outdated screen unless it still means the same."""
        stale = self._moved_on(game)
        if seen_version > game.version or seen_version < 1:
            raise stale
        acted = self.db.execute("SELECT 1 FROM actions WHERE game_id = ? AND undone = 0 AND role = ? AND version > ?",
                                [game.id, role, seen_version]).fetchone()
        if acted:
            raise stale
        row = self.db.execute("SELECT MAX(pos) FROM actions WHERE game_id = ? AND undone = 0 AND version <= ?",
                              [game.id, seen_version]).fetchone()
        then = self._state_at(game, engine, row[0] or 0)
        if engine.prompt(then, role) != engine.prompt(state, role):
            raise stale

    def _mark_seen(self, game: _Game, user_id: str, newest: int | None = None) -> None:
        newest = self._max_log_id(game) if newest is None else newest
        self.db.execute("INSERT INTO readers (game_id, user_id, last_seen) VALUES (?,?,?) "
                        "ON CONFLICT(game_id, user_id) DO UPDATE SET last_seen = excluded.last_seen",
                        [game.id, user_id, newest])

    def _unseen_text(self, game: _Game, user_id: str, roles: set[str], limit: int = 8) -> str:
        """"Since you last looked": the newest unseen public lines for a notice (the digest has them all).
        The lines of the user's own actions count as seen, and private lines are left out (each came by
        itself as a private message); empty when nothing else is new."""
        row = self.db.execute("SELECT last_seen FROM readers WHERE game_id = ? AND user_id = ?",
                              [game.id, user_id]).fetchone()
        own = {r[0] for r in self.db.execute(
            "SELECT l.id FROM log l JOIN actions a ON a.id = l.action_row WHERE l.game_id = ? AND l.id > ? "
            "AND a.user_id = ?", [game.id, row[0] if row else 0, user_id])}
        lines = [l for l in self._visible_log(game, roles, after=row[0] if row else 0)
                 if l.id not in own and not l.private]
        if not lines:
            return ""
        shown = [l.text for l in lines[-limit:]]
        more = f"\n…and {len(lines) - limit} earlier line(s): see the digest." if len(lines) > limit else ""
        return "\nSince you last looked:\n" + "\n".join(shown) + more

    def _max_log_id(self, game: _Game) -> int:
        return self.db.execute("SELECT COALESCE(MAX(id), 0) FROM log WHERE game_id = ?", [game.id]).fetchone()[0]

    def _apply(self, game: _Game, engine: Engine, state: dict, role: str, action: str, label: str,
               user_id: str, request_id: str | None, note: str | None = None,
               private_note: str | None = None) -> tuple[dict, int]:
        """Apply one legal action inside the current transaction: action row, log lines, new state,
        snapshot at a new turn, messages, deadlines. ``note``: a public line of the service's own (a
        deadline passed) and ``private_note`` one for the acting role's player only; neither may name
        the action, whose label can be a secret."""
        try:
            outcome = engine.apply(state, role, action)
        except RulesError as error:
            raise IllegalOrder(str(error)) from None
        except Exception as error:  # an engine bug: refuse the order, keep the table running
            raise EngineFailure(f"The rules engine failed on '{action}' ({type(error).__name__}: {error}); "
                                "nothing was changed. Please report it with the game number.") from error
        now = self._now()
        pos, version = game.log_length + 1, game.version + 1
        row_id = self.db.execute(
            "INSERT INTO actions (game_id, pos, version, role, action, label, user_id, request_id, irreversible, at)"
            " VALUES (?,?,?,?,?,?,?,?,?,?)",
            [game.id, pos, version, role, action, label, user_id, request_id, int(outcome.irreversible), now]
        ).lastrowid
        if not user_id.startswith("system:"):   # the player is back: deadlines run normally again
            self.db.execute("DELETE FROM preferences WHERE game_id = ? AND user_id = ? AND key = ?",
                            [game.id, user_id, MISSED_TURN])
        entries = list(outcome.log)
        if private_note:
            entries.insert(0, LogEntry(private_note, (role,), "deadline", {"by": "herald"}))
        if note:
            entries.insert(0, LogEntry(note, None, "deadline", {"by": "herald"}))
        for entry in entries:
            self.db.execute("INSERT INTO log (game_id, action_row, pos, audience, text, kind, data, at) "
                            "VALUES (?,?,?,?,?,?,?,?)",
                            [game.id, row_id, pos, _dumps(list(entry.to)) if entry.to is not None else None,
                             entry.text, entry.kind, _dumps(entry.data) if entry.data else None, now])
        new_state = outcome.state
        summary = engine.summary(new_state)
        result = engine.result(new_state)
        turn_changed = summary.turn_key != game.turn_key
        phase_changed = summary.phase != game.phase
        previous_turn = game.turn_label
        self._write_state(game, new_state, version, pos, summary,
                          {"winners": list(result.winners), "reason": result.reason} if result else None,
                          "finished" if result else game.status)
        if turn_changed or result:
            self.db.execute("INSERT OR REPLACE INTO snapshots (game_id, pos, version, turn_key, turn_label, phase,"
                            " state, at) VALUES (?,?,?,?,?,?,?,?)",
                            [game.id, pos, version, summary.turn_key, summary.turn_label, summary.phase,
                             _dumps(new_state), now])
        # Messages: public lines to the channel (with the map at a new turn), private lines by DM.
        public = [e.text for e in entries if e.to is None]
        image = ImageRequest(game.id, version, pos, None, self._main_picture(game.game)) \
            if (turn_changed or result) else None
        if image is None:   # a picture the table now needs (a battle begins) goes with the channel's post
            now_needed = self._needed_pictures(game.game, engine.view(new_state, None))
            if now_needed and now_needed[0] not in self._needed_pictures(game.game, engine.view(state, None)):
                image = ImageRequest(game.id, version, pos, None, now_needed[0])
        if turn_changed and not result:
            public.append(f"— {summary.turn_label} —")
        if public or image:
            self.outbox.add(kind="log", game_id=game.id, channel=game.channel, text="\n".join(public), image=image)
        # Private lines: one message per seat, addressed to the role (whoever holds it when delivered).
        seats = self._seats(game)
        private: dict[int, list[str]] = {}
        for entry in entries:
            for seat in seats:
                if entry.to is not None and set(entry.to) & set(seat.roles) and seat.user_id \
                        and not seat.user_id.startswith("system:"):
                    private.setdefault(seat.seat, []).append(entry.text)
        for number, lines in private.items():
            seat_role = seats[number - 1].roles[0]
            self.outbox.add(kind="private_log", game_id=game.id, role=seat_role, to_role=True, private=True,
                            text=f"Game #{game.id}: " + "\n".join(lines))
        talk.announce(self, game, engine, state, new_state)
        if result:
            names = ", ".join(engine.role_name(w) for w in result.winners) or "nobody (a draw)"
            text = f"Game #{game.id} is over. Winner: {names} — {result.reason}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self.db.execute("DELETE FROM deadlines WHERE game_id = ?", [game.id])
            self._tell_followers(game, engine, self._turn_digest(
                game, previous_turn, f"The game is over. Winner: {names} — {result.reason}."), image)
        else:
            if turn_changed:
                self._tell_followers(game, engine, self._turn_digest(game, previous_turn, f"Now {summary.turn_label}."),
                                     image)
            self._after_change(game, engine, new_state, acted=(role,), turn_changed=turn_changed,
                               phase_changed=phase_changed)
        return new_state, version

    def _turn_digest(self, game: _Game, turn_label: str | None, ending: str, limit: int = 12) -> str:
        """For followers: the public log of the turn that just ended (its last lines) and what comes now."""
        row = self.db.execute("SELECT MAX(pos) FROM snapshots WHERE game_id = ? AND pos < ?",
                              [game.id, game.log_length]).fetchone()
        since = row[0] if row and row[0] is not None else 0
        lines = [t for (t,) in self.db.execute(
            "SELECT text FROM log WHERE game_id = ? AND undone = 0 AND audience IS NULL AND pos > ? ORDER BY id",
            [game.id, since])]
        shown = lines[-limit:]
        more = [f"(…{len(lines) - limit} earlier line(s): see the log)"] if len(lines) > limit else []
        head = f"{turn_label} is over." if turn_label else ""
        return "\n".join([head, *more, *shown, ending]).strip()

    def _write_state(self, game: _Game, state: dict, version: int, pos: int, summary, result, status) -> None:
        now = self._now()
        cursor = self.db.execute(
            "UPDATE games SET state = ?, version = ?, log_length = ?, turn_key = ?, turn_label = ?, phase = ?, "
            "result = ?, status = ?, ended_at = ? WHERE id = ? AND version = ?",
            [_dumps(state), version, pos, summary.turn_key, summary.turn_label, summary.phase,
             _dumps(result) if result else None, status, now if status == "finished" else None,
             game.id, game.version])
        if cursor.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; refuse rather than overwrite
            raise StaleVersion(f"Game #{game.id} changed underneath this order; try again.")
        game.version, game.log_length, game.status = version, pos, status
        game.turn_key, game.turn_label, game.phase, game.result = (summary.turn_key, summary.turn_label,
                                                                   summary.phase, result)
        self._staged[game.id] = (version, state)

    def _after_change(self, game: _Game, engine: Engine, state: dict, acted: tuple[str, ...],
                      turn_changed: bool, phase_changed: bool = False, new_holder: bool = False) -> None:
        """Keep one deadline row per role the game waits for. A role's deadline runs from when the game
        started waiting for it: its own sub-steps keep the same wait (deadline, reminders sent); a role
        that starts waiting, or waits again at a new game turn, a new phase or for a new kind of decision,
        gets a fresh deadline and a "your move" notice. ``new_holder``: a seat changed hands (the caller
        removed its rows); a "your move" still undelivered for the role reaches the new holder anyway."""
        now = self._now()
        settings = self._deadline_settings(game)
        existing = {r[0]: r[1] for r in self.db.execute("SELECT role, kind FROM deadlines WHERE game_id = ?",
                                                        [game.id])}
        active = engine.active_roles(state)
        gone = [r for r in existing if r not in active]
        if gone:
            self.db.execute(f"DELETE FROM deadlines WHERE game_id = ? AND role IN ({','.join('?' * len(gone))})",
                            [game.id, *gone])
        seats = self._seats(game)
        newly_waiting: list[tuple[str, str]] = []
        notices: dict[str, list[tuple[str, str]]] = {}
        for role in active:
            prompt = engine.prompt(state, role)
            kind = prompt.kind if prompt else "turn"
            if continues_wait(existing.get(role), kind, turn_changed, phase_changed):
                continue  # the same wait goes on (the role's own sub-steps, or another role acted)
            seconds = settings.for_kind(kind)
            # In a paused game the clock starts from the pause: resume() adds the paused time back.
            start = game.paused_at if game.status == "paused" and game.paused_at else now
            due = start + seconds if seconds > 0 else NO_DEADLINE
            holder = self._holder_in(seats, role)
            missed = holder is not None and settings.policy_for(kind) == "default" and self.db.execute(
                "SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key = ? AND value = ?",
                [game.id, holder, MISSED_TURN, game.turn_key or ""]).fetchone() is not None
            if missed:
                # a missed deadline earlier this game turn: one deadline a turn, not one for every battle
                # step or phase the absent player is asked about again; the next tick plays the default
                due = start
            vacation = self.db.execute("SELECT 1 FROM vacations WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                                       [holder, now, now]).fetchone() if holder else None
            # reminder offsets not shorter than the whole deadline are skipped (they would fire at once)
            self.db.execute("INSERT OR REPLACE INTO deadlines (game_id, role, kind, started_at, due_at, "
                            "reminders_sent, expired, paused_at, defaults) VALUES (?,?,?,?,?,0,0,?,0)",
                            [game.id, role, kind, now, due, now if vacation else None])
            if prompt and prompt.committed:
                continue  # a secret choice already made: nobody waits for it
            newly_waiting.append((role, kind))
            if not holder or holder.startswith("system:"):
                continue
            seat_roles = next((s.roles for s in seats if role in s.roles), (role,))
            if new_holder and self.db.execute(   # one undelivered notice names all the seat's roles asked
                    "SELECT 1 FROM outbox WHERE game_id = ? AND target_kind = 'role' AND target IN "
                    f"({','.join('?' * len(seat_roles))}) AND kind = 'your_move' AND delivered_at IS NULL "
                    "AND dead = 0", [game.id, *seat_roles]).fetchone():
                continue
            if self._passes_at_once(game, engine, state, role, holder, kind):
                continue  # the player's own auto-pass answers it now: nothing to ask them
            when = f" Deadline: {clock.format_time(due)}." if due < NO_DEADLINE else ""
            if missed:
                when = (" You missed a deadline this game turn, so the default is taken for you at once "
                        "until you give an order yourself.")
            notices.setdefault(holder, []).append((role, f"{prompt.text if prompt else ''}{when}"))
        # One private message per player for everything newly asked of their roles in this change (a
        # batch of reaction windows reaches a player holding two roles once, with both).
        for holder, items in notices.items():
            unseen = self._unseen_text(game, holder, set(self._roles_of(game, holder)))
            head = f"Your move in game #{game.id} ({engine.title}, {game.turn_label})"
            if len(items) == 1:
                text = f"{head} as {engine.role_name(items[0][0])}: {items[0][1]}{unseen}"
            else:
                text = (f"{head} for {len(items)} of your roles:\n"
                        + "\n".join(f"{engine.role_name(r)}: {asked}" for r, asked in items) + unseen)
            # the picture the decision needs (a battle) goes with the prompt, drawn for the player
            needed = self._needed_pictures(game.game, engine.view(state, items[0][0]))
            image = ImageRequest(game.id, game.version, game.log_length, items[0][0], needed[0]) if needed else None
            self.outbox.add(kind="your_move", game_id=game.id, role=items[0][0], to_role=True, private=True,
                            text=text, image=image)
        # The channel's "whose move" line (delivered with a mention of the players now waited for) names
        # no reaction window: being asked to respond is private, and a mention would tell the table.
        public = [r for r, kind in newly_waiting if kind != "reaction"]
        if public:
            names = " and ".join(engine.role_name(r) for r in public)
            # ``role``: the roles newly waited for, comma-separated (front ends mention their players)
            self.outbox.add(kind="waiting", game_id=game.id, channel=game.channel, role=",".join(public),
                            text=f"Now: {names} to act.")

    def _passes_at_once(self, game: _Game, engine: Engine, state: dict, role: str, holder: str, kind: str) -> bool:
        """Whether the holder's auto-pass setting answers this reaction window of ``role`` at once."""
        if kind != "reaction" or self.db.execute(
                "SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key = 'autopass' AND value = '1'",
                [game.id, holder]).fetchone() is None:
            return False
        default = engine.default_action(state, role)
        return default is not None and [a.id for a in engine.legal_actions(state, role)] == [default]

    def _set_preference(self, game_id: int, user_id: str, key: str, value: str) -> None:
        """A player's setting in one game (inside the caller's transaction)."""
        self.db.execute("INSERT INTO preferences (game_id, user_id, key, value) VALUES (?,?,?,?) "
                        "ON CONFLICT(game_id, user_id, key) DO UPDATE SET value = excluded.value",
                        [game_id, user_id, key, value])

    def _settle(self, game: _Game, engine: Engine, state: dict) -> int:
        """Automatic passes for players who asked for them, until nobody qualifies. Returns how many."""
        count = 0
        while count < _MAX_AUTOMATIC_ACTIONS and game.status == "active":
            passer = self._autopasser(game, engine, state)
            if passer is None:
                break
            role, action, label = passer
            state, _ = self._apply(game, engine, state, role, action, label, SYSTEM_AUTOPASS, None)
            count += 1
        return count

    def _autopasser(self, game: _Game, engine: Engine, state: dict) -> tuple[str, str, str] | None:
        wanting = {r[0] for r in self.db.execute("SELECT user_id FROM preferences WHERE game_id = ? AND "
                                                 "key = 'autopass' AND value = '1'", [game.id])}
        if not wanting:
            return None
        seats = self._seats(game)
        for role in engine.active_roles(state):
            if self._holder_in(seats, role) not in wanting:
                continue
            prompt = engine.prompt(state, role)
            if prompt is None or prompt.kind != "reaction":
                continue
            default = engine.default_action(state, role)
            legal = engine.legal_actions(state, role)
            if default is not None and [a.id for a in legal] == [default]:
                return role, default, legal[0].label
        return None

    def _finish(self, game: _Game, status: str, result: dict | None) -> None:
        if game.setup is not None:   # a started game: its talk closes with it
            talk.announce(self, game, self._engine(game.game), self._state(game), None)
        self.db.execute("UPDATE games SET status = ?, result = ?, ended_at = ?, version = version + 1 WHERE id = ?",
                        [status, _dumps(result) if result else None, self._now(), game.id])
        self.db.execute("DELETE FROM deadlines WHERE game_id = ?", [game.id])
        self._cache.pop(game.id, None)
        game.status, game.version = status, game.version + 1

    def _visible_log(self, game: _Game, roles: set[str], after: int = 0) -> list[LogLine]:
        lines = []
        for id_, pos, audience, text, kind, at in self.db.execute(
                "SELECT id, pos, audience, text, kind, at FROM log WHERE game_id = ? AND undone = 0 AND id > ? "
                "ORDER BY id", [game.id, after]):
            if audience is None:
                lines.append(LogLine(id_, pos, text, kind, False, at))
            elif roles & set(json.loads(audience)):
                lines.append(LogLine(id_, pos, text, kind, True, at))
        return lines


def _import_engine(module: str) -> Engine:
    """ENGINE of a module named in config; the working directory counts as a source folder too (the
    `herald` script does not put it on sys.path, python -m does)."""
    import os
    import sys
    try:
        return importlib.import_module(module).ENGINE
    except ModuleNotFoundError:
        if os.getcwd() in sys.path:
            raise
        sys.path.append(os.getcwd())
        return importlib.import_module(module).ENGINE


def _clock_timestamp() -> float:
    return clock.timestamp()  # looked up at call time so freezegun and clock.advance apply


def _manifest(game: str) -> list[Any]:
    """The renderer's picture kinds for ``game`` (render.manifest), or none without a renderer."""
    try:
        import render
        if hasattr(render, "manifest"):
            return list(render.manifest(game))
        # a renderer older than the manifest: plain kinds from its names (a "hand" went with prompts)
        from types import SimpleNamespace
        return [SimpleNamespace(id=name, label=name.title(), description="", params=(), private=name == "hand",
                                with_prompt=name == "hand", shows=None, needed_by=lambda view: False)
                for name in render.pictures(game)]
    except Exception:  # no renderer, or no pictures for this game
        return []


def new_seed() -> int:
    """A game's seed when none is given: from a secure random source (the tests fix it)."""
    return secrets.randbits(63)


def _draw(game: str, view: dict[str, Any], picture: str, params: dict[str, Any] | None = None) -> bytes:
    try:
        import render
        draw_png = render.draw_png
    except (ImportError, AttributeError):
        raise RenderUnavailable("Pictures are not available: the renderer (render.draw_png) is not "
                                "installed yet.") from None
    try:
        return draw_png(game, view, picture, params) if params else draw_png(game, view, picture)
    except Exception as error:  # a drawing bug must not take the table down
        if type(error).__name__ == "BadPictureParam":  # a parameter the manifest does not list
            raise BadOption(str(error)) from None
        if type(error).__name__ == "NoPicture":
            raise NoPicture(f"Nothing to draw as '{picture}' now: {error}") from None
        raise RenderUnavailable(f"The {picture} picture could not be drawn: {error}") from None

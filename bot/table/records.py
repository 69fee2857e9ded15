"""The table service's shared records: errors, the answers it gives (seats, status, choices, log
lines...), a stored game's row, and small helpers every part uses."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Iterator

from rules.core import Action, OptionSpec, Scenario
from rules.core.wording import plural

from ..config import DeadlineSettings


#: ``due_at`` of a step without a deadline (far beyond any real date).
NO_DEADLINE = 1e15
#: Seconds between the WAL checkpoints that tick() runs (the bot ticks every minute).
CHECKPOINT_EVERY = 30.0
#: Seconds (of the service's clock) between the prunes of delivered outbox messages that tick() runs.
PRUNE_EVERY = 3600.0
SYSTEM_DEADLINE = "system:deadline"
SYSTEM_AUTOPASS = "system:autopass"
SYSTEM_STANDING = "system:standing"   # a standing answer the player left (issue 33)
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


class Damaged(ServiceError):
    """What the database holds for a game cannot be read (a damaged page, text that is not JSON): the
    message names the game and the part, for the person running Herald."""
    code = "damaged"


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
    #: the actions whose stored log reads differently today while every position matches (bot/table/replaylog)
    reworded: list[Any] = field(default_factory=list)

    def verdict(self) -> str:
        if self.ok and self.reworded:
            from .replaylog import summary
            return (f"game #{self.game_id}: OK: {plural(self.actions, 'action')} replayed; "
                    f"{plural(self.snapshots_checked, 'snapshot')} and the current state match. "
                    f"Note: {summary(self.reworded)}")
        if self.ok:
            return (f"game #{self.game_id}: OK: {plural(self.actions, 'action')} replayed; the log, "
                    f"{plural(self.snapshots_checked, 'snapshot')} and the current state match")
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


def _json_object(text: str) -> dict:
    """A stored state: JSON text of an object (anything else is damage)."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"a state must be a JSON object, not {type(value).__name__}")
    return value


@contextlib.contextmanager
def damage_named(game_id: int, part: str) -> Iterator[None]:
    """Reading ``part`` of game ``game_id``: a damaged page or stored text that is not what Herald wrote
    becomes one :class:`Damaged` line naming the game and the part, not a traceback."""
    try:
        yield
    except (sqlite3.DatabaseError, ValueError, TypeError, KeyError, AttributeError) as error:
        detail = " ".join(str(error).split(" with text ")[0].split())[:160] or type(error).__name__
        raise Damaged(f"game #{game_id}: {part} is damaged ({detail}). Restore the database from a backup; "
                      "`herald check-db` checks every game.") from None

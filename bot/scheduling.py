"""Slow-play arithmetic: when reminders fall due, and how a pause (vacation, paused game) moves a
deadline. Pure functions of times in POSIX seconds, so they are easy to test; the table service does
the storage and the messages."""

from __future__ import annotations

from dataclasses import dataclass, field


#: Default actions one passed deadline may play in a single wait (the rest of that role's turn); past
#: it the game waits for the player instead (an engine whose defaults never end a turn cannot loop).
MAX_DEFAULTS_PER_WAIT = 100


def reminders_due(before: tuple[float, ...], due_at: float, now: float, sent: int,
                  whole: float | None = None) -> int | None:
    """How many of the reminder offsets ``before`` (sorted longest first) have been reached by ``now``,
    if that is more than ``sent`` (how many were reached at the last reminder); otherwise None. Several
    reached at once collapse into one message, and each offset is reached once per wait. An offset not
    shorter than ``whole`` (the step's whole deadline) is skipped: it would fire the moment the wait
    begins."""
    if now >= due_at:
        return None
    skipped = sum(1 for offset in before if whole is not None and offset >= whole)
    passed = sum(1 for offset in before if now >= due_at - offset)
    return passed if passed > max(sent, skipped) else None


def continues_wait(old_kind: str | None, new_kind: str, turn_changed: bool, phase_changed: bool) -> bool:
    """Whether a role that was waited for and is still asked something after an action is in the same
    wait (its deadline and reminders carry on): its own sub-steps (pick a block, then its destination)
    do not restart the clock; a new game turn, a new phase or a new kind of decision does."""
    return old_kind is not None and old_kind == new_kind and not turn_changed and not phase_changed


def paused_since(vacation_start: float, deadline_start: float) -> float:
    """When a vacation began to pause a deadline: not before the deadline itself began."""
    return max(vacation_start, deadline_start)


def resumed_due(due_at: float, paused_at: float, resumed_at: float) -> float:
    """The deadline moved later by the time it was paused."""
    return due_at + max(0.0, resumed_at - paused_at)


@dataclass
class TickReport:
    """What one :meth:`TableService.tick` did."""

    reminders: int = 0
    expired: int = 0
    defaulted: int = 0
    substituted: int = 0
    waiting: int = 0
    paused: int = 0
    resumed: int = 0
    pruned: int = 0              # delivered outbox messages deleted (past their retention)
    notes: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.reminders or self.expired or self.paused or self.resumed)

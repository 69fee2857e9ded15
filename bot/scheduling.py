"""Slow-play arithmetic: when reminders fall due, and how a pause (vacation, paused game) moves a
deadline. Pure functions of times in POSIX seconds, so they are easy to test; the table service does
the storage and the messages."""

from __future__ import annotations

from dataclasses import dataclass, field


def reminders_due(before: tuple[float, ...], due_at: float, now: float, sent: int) -> int | None:
    """How many reminders should have been sent by ``now`` (``before`` is sorted longest first), if that
    is more than ``sent``; otherwise None. Several overdue reminders collapse into one message."""
    if now >= due_at:
        return None
    passed = sum(1 for offset in before if now >= due_at - offset)
    return passed if passed > sent else None


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
    notes: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.reminders or self.expired or self.paused or self.resumed)

"""How a stored action's log lines differ from what the engine says today, in words an admin reads.

A game stored before a wording change replays to the very same positions, yet its log was written in the
old words: that is no damage (the stored log keeps what the players were told then). The replay tells it
from a real divergence by the positions: only when every snapshot and the current state match is a log
difference a change of wording. A line now read by other players than it was is never mere wording."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional

#: a log line as compared: its text and its readers (None: everyone)
Line = tuple[str, Optional[list]]


@dataclass(frozen=True)
class LogDifference:
    pos: int
    #: "wording" (the same lines said in other words, or lines added or left out) or "readers" (a line
    #: shown to other players than before)
    kind: str
    words: str


def difference(pos: int, stored: list[Line], rebuilt: list[Line]) -> LogDifference | None:
    """None when the action's stored lines are today's; else what differs."""
    if stored == rebuilt:
        return None
    if Counter(t for t, _ in stored) == Counter(t for t, _ in rebuilt):
        if sorted(map(_key, stored)) != sorted(map(_key, rebuilt)):
            return LogDifference(pos, "readers", f"action {pos}: the same lines, but read by other players "
                                                 "than the replay gives")
        return LogDifference(pos, "wording", f"action {pos}: the same lines in another order")
    gone = [t for t, to in stored if to is None and (t, to) not in rebuilt]
    new = [t for t, to in rebuilt if to is None and (t, to) not in stored]
    if gone and new:
        said = f'"{gone[0]}" now reads "{new[0]}"'
    elif new:
        said = f'a line is added: "{new[0]}"'
    elif gone:
        said = f'a line is no longer said: "{gone[0]}"'
    else:   # private lines are not printed: an admin's report is no way round the secrecy of a hand
        said = "lines only some players read are worded differently (not shown here)"
    return LogDifference(pos, "wording", f"action {pos}: {said}")


def _key(line: Line) -> tuple[str, list]:
    text, to = line
    return text, sorted(to) if to is not None else ["(everyone)"]


def summary(differences: list[LogDifference], examples: int = 2) -> str:
    """One sentence for a game whose positions all match but whose log reads differently today."""
    count = len(differences)
    shown = "; ".join(d.words for d in differences[:examples])
    more = f" (and {count - examples} more)" if count > examples else ""
    return (f"the log of {count} action{'s' if count != 1 else ''} reads differently today: Herald's wording "
            f"changed since they were played, and the game itself is the same (every position matches). "
            f"For example, {shown}{more}. Nothing to do: the stored log keeps what the players were told then.")


def as_problem(d: LogDifference, role: str, action: Any) -> str:
    """A log difference when the positions do not match: part of a real divergence."""
    return f"the log of action {d.pos} ({role} {action}) differs from the replay ({d.words.split(': ', 1)[1]})"

"""The game log as players read it: lines under turn headings ("Campaign 1, turn 2"), never the
service's internal action numbers. Shared by the console and the Discord layer."""

from __future__ import annotations

from typing import Any, Iterable, Sequence


def turn_label_of(pos: int, turns: Sequence[Any]) -> str:
    """The turn a log line at action position ``pos`` belongs to: the last turn begun before that action
    (the action that begins a turn still closes the one before; its lines read there)."""
    label = ""
    for turn in turns:
        if turn.pos < pos or (turn.pos == 0 and pos == 0):
            label = turn.turn_label
        else:
            break
    return label


def with_headings(lines: Iterable[Any], turns: Sequence[Any]) -> list[tuple[str, Any]]:
    """(heading or "", line) for each line: the heading is the turn's label, given at the first line of
    each turn shown."""
    out, current = [], None
    for line in lines:
        label = turn_label_of(line.pos, turns)
        out.append((label if label != current and label else "", line))
        current = label
    return out

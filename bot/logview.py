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


#: log line kinds with which an engine opens a new round or turn ("Round 2 of 6 begins.")
OPENERS = ("round", "heading")


def labelled(lines: Iterable[Any], turns: Sequence[Any]) -> list[tuple[str, Any]]:
    """(the turn's label, line) for each line. In the action that begins a turn, the lines from the
    engine's own opening line on (a line of an ``OPENERS`` kind) belong to the new turn already: the
    round's header and what follows it in that action (a rival's bid) read under the new turn, not
    before it (issue 26)."""
    begins = {t.pos: t.turn_label for t in turns if t.pos > 0}
    opened: set[int] = set()
    out = []
    for line in lines:
        if line.pos in begins and (line.pos in opened or getattr(line, "kind", "") in OPENERS):
            opened.add(line.pos)
            out.append((begins[line.pos], line))
        else:
            out.append((turn_label_of(line.pos, turns), line))
    return out


def with_headings(lines: Iterable[Any], turns: Sequence[Any]) -> list[tuple[str, Any]]:
    """(heading or "", line) for each line: the heading is the turn's label, given at the first line of
    each turn shown."""
    out, current = [], None
    for label, line in labelled(lines, turns):
        out.append((label if label != current and label else "", line))
        current = label
    return out

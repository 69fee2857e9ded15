"""Secrecy by invariance: what a role may not know must not change anything it sees.

The string check in :mod:`rules.core.fuzz` (``Engine.secrets``) finds a secret token copied into the wrong
view; it cannot see an integer bid shown as a number, a hand's total shown where only its size is public,
or a log line that says more than it should. This check needs no list of secrets. At a position:

1. **Hidden data.** For each variant from ``Engine.hidden_variants`` (one role's hand, face-down values or
   unrevealed choices changed; or the undrawn deck reordered, owned by nobody), every *other* role's
   observation — its view, the active roles, and its own prompt and legal actions — and the public view
   must be identical. The next move, applied to both positions, must give the others the same log lines.
2. **Secret moves.** When the next move answers a secret choice or a reaction window, every other option
   of the same role must give the others the same log lines and the same observations afterwards.

Moves that reveal, roll or shuffle (``Outcome.irreversible``) are exempt from the log and after-move
comparisons: hidden data legitimately becomes known then.
"""

from __future__ import annotations

import json
from typing import Any

from .contract import Engine, IllegalAction, LogEntry, State

_MISSING = object()


def _readers(state: State) -> list[str | None]:
    return [r for seat in state["seats"] for r in seat] + [None]


def observations(engine: Engine, state: State, skip: Any = _MISSING,
                 parts: tuple[dict, dict] | None = None) -> dict[str | None, tuple[Any, Any]]:
    """What each role (and a spectator, None) but ``skip`` observes at ``state``: the part of the view
    every reader shares (built once) and the reader's own part with its prompt and legal actions. Kept as
    data and compared with ``==`` (as fine as comparing canonical JSON for plain data, and far cheaper
    than encoding every reader's view of every variant); the states are never changed afterwards.
    ``parts``: ``engine.view_parts`` of ``state`` for every reader, when the caller already has them."""
    active = engine.active_roles(state)
    readers = [r for r in _readers(state) if r != skip]
    shared, own = parts if parts is not None else engine.view_parts(state, readers)
    seen = {}
    for reader in readers:
        data: dict[str, Any] = {"view": own[reader], "active": active}
        if reader in active:
            prompt = engine.prompt(state, reader)
            data["prompt"] = [prompt.text, prompt.kind, prompt.committed]
            data["legal"] = [[a.id, a.label, a.group, a.hint] for a in engine.legal_actions(state, reader)]
        seen[reader] = (shared, data)
    return seen


def _decoded(seen: tuple[Any, Any]) -> dict[str, Any]:
    """One reader's whole observation as JSON data, for a readable report."""
    shared, data = json.loads(json.dumps(seen, default=str))
    return {**data, "view": {**shared, **data["view"]}}


def _lines(entries: tuple[LogEntry, ...], reader: str | None) -> str:
    return json.dumps([e.to_dict() for e in entries if e.visible_to(reader)], sort_keys=True, default=str)


def difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, for a readable report."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                return difference(a.get(key, "(absent)"), b.get(key, "(absent)"), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return difference(x, y, f"{path}[{i}]")
    return f"{path or 'it'}: {str(a)[:80]} became {str(b)[:80]}"


def _who(reader: str | None) -> str:
    return reader or "spectators"


def _compare(base: dict, other: dict, skip: str | None, cause: str) -> list[str]:
    problems = []
    for reader, seen in base.items():
        if reader != skip and other[reader] != seen:
            where = difference(_decoded(seen), _decoded(other[reader]))
            problems.append(f"{cause} changes what {_who(reader)} can see ({where})")
    return problems


def _try(engine: Engine, state: State, role: str, action_id: str, in_place: bool = False):
    try:
        return engine.apply(state, role, action_id, in_place=in_place)
    except IllegalAction:
        return None


def _compare_logs(engine: Engine, state: State, outcome, other, skip: str | None, cause: str,
                  lines: dict | None = None) -> list[str]:
    """``lines``: the outcome's lines per reader, when already encoded (one move, many variants)."""
    if outcome is None or other is None or outcome.irreversible or other.irreversible:
        return []
    lines = lines if lines is not None else {r: _lines(outcome.log, r) for r in _readers(state)}
    problems = []
    for reader in _readers(state):
        if reader != skip and lines[reader] != _lines(other.log, reader):
            where = difference(json.loads(lines[reader]), json.loads(_lines(other.log, reader)))
            problems.append(f"{cause} changes the log lines {_who(reader)} can read ({where})")
    return problems


def _asked_differently(engine: Engine, state: State, variant: State, cause: str, forced: dict) -> list[str]:
    """Whether the engine answers a role's question itself must not depend on hidden data (issue 33).
    ``forced``: the engine's own answers at ``state`` by role, filled as needed (one position, many variants)."""
    roles = dict.fromkeys([*engine.active_roles(state), *engine.active_roles(variant)])
    waiting = getattr(engine, "waiting", lambda s: {"decision": "?"})
    problems = []
    for role in roles:
        if role not in forced:
            forced[role] = engine.forced_answer(state, role)
        theirs = engine.forced_answer(variant, role)
        if bool(forced[role]) != bool(theirs):
            problems.append(f"{cause} changes whether {role} is asked at {waiting(state)['decision']} "
                            f"(the engine would answer: {forced[role] or 'no'} / {theirs or 'no'})")
    return problems


def _answered_differently(outcome, other, cause: str) -> list[str]:
    if outcome is None or other is None or outcome.irreversible or other.irreversible:
        return []
    if [r for r, _ in outcome.automatic] == [r for r, _ in other.automatic]:
        return []
    mine, theirs = (", ".join(f"{r} at {d}" for r, d in o.automatic) or "none" for o in (outcome, other))
    return [f"{cause} changes which questions the engine answers itself ({mine} became {theirs})"]


def invariance_problems(engine: Engine, state: State, move: tuple[str, str] | None = None,
                        parts: tuple[dict, dict] | None = None, outcome: Any = _MISSING) -> list[str]:
    """Every way hidden data or a secret move shows through at ``state`` (``move`` is the next (role,
    action id), if known); empty when the position keeps its secrets. ``parts``: ``engine.view_parts``
    of ``state`` for every reader (roles, then None), when the caller already built them; ``outcome``:
    the move applied to ``state``, when the caller already applied it (read only here)."""
    problems: list[str] = []
    base: dict | None = None
    forced: dict = {}
    if outcome is _MISSING:
        outcome = _try(engine, state, *move) if move else None
    lines = {r: _lines(outcome.log, r) for r in _readers(state)} if outcome is not None else None
    for owner, what, variant in engine.hidden_variants(state):
        base = base or observations(engine, state, parts=parts)
        cause = f"changing {owner}'s {what}" if owner else f"changing {what}"
        problems += _compare(base, observations(engine, variant, owner), owner, cause)
        problems += _asked_differently(engine, state, variant, cause, forced)   # before the move changes it in place
        if move and outcome is not None and not outcome.irreversible:   # else nothing to compare
            moved = _try(engine, variant, *move, in_place=True)   # the variant is ours to change
            then = f"{cause}, then {move[0]} {move[1]}"
            problems += _compare_logs(engine, state, outcome, moved, owner, then, lines)
            problems += _answered_differently(outcome, moved, then)
    if move and outcome is not None and not outcome.irreversible:
        role, chosen = move
        prompt = engine.prompt(state, role)
        if prompt is not None and prompt.kind in ("secret", "reaction"):
            after = observations(engine, outcome.state)
            for alternative in engine.legal_actions(state, role):
                if alternative.id == chosen or alternative.id == "change":
                    continue
                other = _try(engine, state, role, alternative.id)
                if other is None or other.irreversible:
                    continue
                cause = f"{role} choosing {alternative.id} instead of {chosen}"
                problems += _compare_logs(engine, state, outcome, other, role, cause, lines)
                problems += _answered_differently(outcome, other, cause)
                problems += _compare(after, observations(engine, other.state, role), role, cause)
    return problems

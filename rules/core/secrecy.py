"""Secrecy by invariance: what a role may not know must not change anything it sees.

The string check in :mod:`rules.core.fuzz` (``Engine.secrets``) finds a secret token copied into the wrong
view; it cannot see an integer bid shown as a number, a hand's total shown where only its size is public,
or a log line that says more than it should. This check needs no list of secrets. At a position:

1. **Hidden data.** Every role's observation — its view, the active roles, and its own prompt and legal
   actions — and the public view must be the same whatever the others' hidden data (``Engine.hidden_changes``:
   one role's hand, face-down values or unrevealed choices; or the undrawn deck order, owned by nobody),
   and so must the next move's log lines for it and whether the engine would answer a question itself.
   Detected with every other owner's changes made together, one position per role owning hidden data
   (``_combined_problems``); diagnosed, only when that shows something, with each variant on its own
   against every other reader (``_single_problems``), so the report names whose data shows through.
2. **Secret moves.** When the next move answers a secret choice or a reaction window, every other option
   of the same role must give the others the same log lines and the same observations afterwards.

Moves that reveal, roll or shuffle (``Outcome.irreversible``) are exempt from the log and after-move
comparisons: hidden data legitimately becomes known then. rules/core/README.md §7 says more.
"""

from __future__ import annotations

import functools
import json
import marshal
from typing import Any

from .contract import Action, Engine, IllegalAction, LogEntry, State, state_copier

_MISSING = object()


def _readers(state: State) -> list[str | None]:
    return [r for seat in state["seats"] for r in seat] + [None]


def observations(engine: Engine, state: State, skip: Any = _MISSING,
                 parts: tuple[dict, dict] | None = None, readers: list[str | None] | None = None,
                 listed: dict | None = None, shared: Any = _MISSING,
                 known: dict | None = None) -> dict[str | None, tuple[Any, Any]]:
    """What each role (and a spectator, None) but ``skip`` observes at ``state`` (or only ``readers``):
    the part of the view every reader shares (built once) and the reader's own part with its prompt and
    legal actions. Kept as data and compared with ``==`` (as fine as comparing canonical JSON for plain
    data, and far cheaper than encoding every reader's view of every variant); the states are never
    changed afterwards. ``parts``: ``engine.view_parts`` of ``state`` for every reader, when the caller
    already has them; ``listed``: legal actions at ``state`` by role, when the caller already listed them;
    ``shared``: taken as the shared part, so that only the readers' own parts are built; ``known``:
    observations at ``state`` already made (with these ``parts``), taken as they are."""
    active = engine.active_roles(state)
    if readers is None:
        readers = [r for r in _readers(state) if r != skip]
    if shared is not _MISSING:
        own = engine.own_views(state, readers)
    else:
        shared, own = parts if parts is not None else engine.view_parts(state, readers)
    seen = {}
    for reader in readers:
        if known and reader in known:
            seen[reader] = known[reader]
            continue
        data: dict[str, Any] = {"view": own[reader], "active": active}
        if reader in active:   # so the engine's own hooks answer (``prompt`` would find the active again)
            prompt = engine._prompt(state, reader)
            data["prompt"] = [prompt.text, prompt.kind, prompt.committed]
            legal = listed[reader] if listed and reader in listed else engine._legal_actions(state, reader)
            data["legal"] = [[a.id, a.label, a.group, a.hint] for a in legal]
        seen[reader] = (shared, data)
    return seen


def _decoded(seen: tuple[Any, Any]) -> dict[str, Any]:
    """One reader's whole observation as JSON data, for a readable report."""
    shared, data = json.loads(json.dumps(seen, default=str))
    return {**data, "view": {**shared, **data["view"]}}


def _lines_of(entries: tuple[LogEntry, ...], readers) -> dict[str | None, str]:
    """Each reader's lines among ``entries`` as JSON (``json.dumps`` of their dicts, keys sorted), each
    entry encoded once: a list's JSON is its items' joined by ", " between brackets."""
    encoded = [(e, _encoded(e)) for e in entries]
    return {r: "[" + ", ".join(text for e, text in encoded if e.visible_to(r)) + "]" for r in readers}


#: Log entries' JSON by their exact bytes (``marshal``: the same types, values and order), for the latest
#: entries: the variants of one move log the same entries over and over.
_ENCODED: dict[bytes, str] = {}
_ENCODED_KEPT = 1024


def _encoded(entry: LogEntry) -> str:
    try:
        key = marshal.dumps((entry.text, entry.to, entry.kind, entry.data))
    except ValueError:   # not plain data
        return json.dumps(entry.to_dict(), sort_keys=True, default=str)
    text = _ENCODED.get(key)
    if text is None:
        if len(_ENCODED) >= _ENCODED_KEPT:
            _ENCODED.clear()
        text = _ENCODED[key] = json.dumps(entry.to_dict(), sort_keys=True, default=str)
    return text


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


def _compare(base: dict, other: dict, cause: str) -> list[str]:
    """Every reader of ``other`` whose observation differs from its own in ``base``. The readers of one
    position share one shared part: two shared parts are compared once, not once a reader."""
    problems = []
    shared_equal: dict[tuple[int, int], bool] = {}
    for reader, seen in other.items():
        mine = base[reader]
        pair = (id(mine[0]), id(seen[0]))
        if pair not in shared_equal:
            shared_equal[pair] = mine[0] is seen[0] or mine[0] == seen[0]
        if not shared_equal[pair] or mine[1] != seen[1]:
            where = difference(_decoded(base[reader]), _decoded(seen))
            problems.append(f"{cause} changes what {_who(reader)} can see ({where})")
    return problems


def _try(engine: Engine, state: State, role: str, action_id: str, in_place: bool = False, listed=None):
    try:
        return engine.apply(state, role, action_id, in_place=in_place, listed=listed)
    except IllegalAction:
        return None


def _compare_logs(engine: Engine, state: State, outcome, other, skip: str | None, cause: str,
                  lines: dict | None = None, readers: list[str | None] | None = None) -> list[str]:
    """``lines``: the outcome's lines per reader, when already encoded (one move, many variants);
    ``readers``: those to compare (by default all but ``skip``)."""
    if outcome is None or other is None or outcome.irreversible or other.irreversible:
        return []
    lines = lines if lines is not None else _lines_of(outcome.log, _readers(state))
    readers = [r for r in (readers if readers is not None else _readers(state)) if r != skip]
    theirs = _lines_of(other.log, readers)
    problems = []
    for reader in readers:
        if lines[reader] != theirs[reader]:
            where = difference(json.loads(lines[reader]), json.loads(theirs[reader]))
            problems.append(f"{cause} changes the log lines {_who(reader)} can read ({where})")
    return problems


def _lines_differ(outcome, other, lines: dict, readers: list[str | None]) -> list[str | None]:
    """The ``readers`` whose log lines differ between the two outcomes (as :func:`_compare_logs` compares
    them; ``lines``: the first outcome's, encoded), with the other outcome's entries encoded once for all."""
    if outcome is None or other is None or outcome.irreversible or other.irreversible or not readers:
        return []
    theirs = _lines_of(other.log, readers)
    return [r for r in readers if lines[r] != theirs[r]]


def _may_answer(seen: dict | None, role: str) -> bool:
    """Whether the engine might answer ``role``'s question itself where ``seen`` was observed: not when the
    role was seen with other than one legal action (``Engine.forced_answer`` takes only an only answer)."""
    data = seen.get(role) if seen else None
    return data is None or "legal" not in data[1] or len(data[1]["legal"]) == 1


def _asked_differently(engine: Engine, state: State, variant: State, cause: str, forced: dict,
                       roles: list[str] | None = None, base: dict | None = None,
                       seen: dict | None = None) -> list[str]:
    """Whether the engine answers a role's question itself must not depend on hidden data (issue 33).
    ``forced``: the engine's own answers at ``state`` by role, filled as needed (one position, many variants);
    ``roles``: those to ask about (by default every role active at either position); ``base``, ``seen``:
    observations at ``state`` and at ``variant`` where known."""
    if roles is None:
        roles = list(dict.fromkeys([*engine.active_roles(state), *engine.active_roles(variant)]))
    waiting = getattr(engine, "waiting", lambda s: {"decision": "?"})
    problems = []
    for role in roles:
        if role not in forced:
            forced[role] = engine.forced_answer(state, role) if _may_answer(base, role) else None
        theirs = engine.forced_answer(variant, role) if _may_answer(seen, role) else None
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


def _described(changes: list) -> str:
    named = [f"{owner}'s {what}" if owner else what for owner, what, _ in changes]
    together = " together" if len(named) > 1 else ""
    return (", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]) + together


def _found_again(engine: Engine, owner: str | None, what: str, target: State) -> bool:
    """``owner``'s variant of kind ``what`` of ``target`` (from ``hidden_variants``), made in ``target``."""
    for other, kind, variant in engine.hidden_variants(target):
        if (other, kind) == (owner, what):
            target.clear()
            target.update(variant)
            return True
    return False


def _defines_changes(engine: Engine) -> bool:
    """Whether the engine's hidden data comes from ``hidden_changes`` (else from ``hidden_variants``,
    written by a class below the one that wrote ``hidden_changes``)."""
    mro = type(engine).__mro__
    def writer(name: str) -> int:
        return next(i for i, c in enumerate(mro) if name in vars(c))
    return writer("hidden_changes") <= writer("hidden_variants")


def hidden_changes(engine: Engine, state: State) -> list[tuple[str | None, str, Any]]:
    """The engine's hidden changes at ``state``; for an engine that writes only ``hidden_variants``,
    each variant found again in the state it is made to (correct for any engine, slower)."""
    if _defines_changes(engine):
        return list(engine.hidden_changes(state))
    return [(owner, what, functools.partial(_found_again, engine, owner, what))
            for owner, what, _ in engine.hidden_variants(state)]


def _composed(copy, changes: list) -> tuple[State, list]:
    """A copy of the position (``copy()``: a :func:`state_copier`) with ``changes`` made one after the
    other, and those that found something."""
    variant = copy()
    return variant, [c for c in changes if c[2](variant)]


def _seen_differently(engine: Engine, state: State, variant: State, made: list, observers: list[str | None],
                      base: dict, forced: dict, asked: list[str], mover: str | None = None) -> tuple[list[str], dict]:
    """What the changes ``made`` in ``variant`` show ``observers`` (none of them owns one), and whether
    they change if the engine would answer the questions of the roles ``asked`` itself; with what the
    observers saw (and the legal actions of the ``mover``, when asked about but not observing)."""
    cause = f"changing {_described(made)}"
    # the shared part is everyone's: compared where the spectators look, else taken as it was
    shared = _MISSING if None in observers else base[observers[0]][0]
    seen = observations(engine, variant, readers=observers, shared=shared)
    problems = _compare(base, seen, cause)
    if mover in asked and mover not in seen:   # its legal actions alone (not compared), listed once for
        # whether the engine would answer it and to play its move here without looking the move up again
        legal = engine.legal_actions(variant, mover)
        seen[mover] = (None, {"legal": [[a.id, a.label, a.group, a.hint] for a in legal]})
    return problems + _asked_differently(engine, state, variant, cause, forced, asked, base, seen), seen


def _played(engine: Engine, copy, variant: State, made: list, changes: list, move: tuple[str, str],
            seen: dict | None = None):
    """The move played in ``variant`` (in place), and the changes it was played under: if the mover's own
    changes made it illegal there, the others' changes without them. ``seen``: observations at ``variant``
    (the mover's legal actions there, if it observed, need not be listed again)."""
    listed = next((Action(*entry) for entry in (seen or {}).get(move[0], (None, {}))[1].get("legal", ())
                   if entry[0] == move[1]), None)
    moved = _try(engine, variant, *move, in_place=True, listed=listed)
    if moved is None and any(owner == move[0] for owner, _, _ in made):
        variant, made = _composed(copy, [c for c in changes if c[0] != move[0]])
        moved = _try(engine, variant, *move, in_place=True) if made else None
    return moved, made


def combinations(state: State, changes: list, first: str | None = None) -> list[tuple[Any, list[str | None]]]:
    """The positions detection builds, as (the role whose changes are left out, or none, and the readers
    observing it): one per role owning hidden data (``first``'s first), one more with every change for the
    roles owning none (or when a single role owns any); spectators observe the first two, which together
    change every owner's data."""
    roles = _readers(state)[:-1]
    owners = {owner for owner, _, _ in changes}
    groups: list[tuple[Any, list]] = [(role, [role]) for role in roles if role in owners]
    free = [role for role in roles if role not in owners]
    if free or len(groups) < 2:   # one role owning data alone: spectators still see every change
        groups.append((_MISSING, free))
    groups.sort(key=lambda group: first not in group[1])
    for _, observers in groups[:2]:
        observers.append(None)
    return groups


def _combined_problems(engine: Engine, state: State, changes: list, move, parts, outcome, lines,
                       listed, copy, known) -> list[str]:
    """Detection: for each role owning hidden data, every other owner's changes made together and only
    that role's observation compared; the roles owning none against every change at once. The spectators
    (and whether the engine would answer a role's question itself) are compared where two such
    combinations together have changed every owner's data. One observation per reader instead of one
    per reader and variant.

    The next move is played in those two combinations only (the mover's own first), where every reader's
    log lines are compared: exactly for those observing it; for the others, whose own data changed too, a
    difference sends them to their own combination, where the move is played again and decides."""
    mover = move[0] if move else None
    groups = combinations(state, changes, mover)
    base = observations(engine, state, parts=parts, listed=listed, known=known)
    forced: dict = {}
    active = engine.active_roles(state)
    covered: set = set()   # roles asked about in a combination that changed their own data
    playing = bool(move) and outcome is not None and not outcome.irreversible
    suspects: list = []    # readers whose lines changed where their own data changed too
    for index, (left_out, observers) in enumerate(groups):
        chosen = [c for c in changes if c[0] is None or c[0] != left_out]
        asked = [r for r in active if r == left_out or r not in covered]
        covered.update(r for r in asked if r != left_out)
        variant, made = _composed(copy, chosen)
        if not made:
            continue
        problems, seen = _seen_differently(engine, state, variant, made, observers, base, forced, asked,
                                           mover if playing and index < 2 else None)
        if problems:
            return problems
        if playing and index < 2:
            moved, made = _played(engine, copy, variant, made, chosen, move, seen)
            then = f"changing {_described(made)}, then {move[0]} {move[1]}" if made else ""
            problems = _compare_logs(engine, state, outcome, moved, None, then, lines, observers)
            problems += _answered_differently(outcome, moved, then)
            if problems:
                return problems
            mover_changed = any(owner == mover for owner, _, _ in made)
            others = [r for r in _readers(state) if r not in observers and not (r == mover and mover_changed)]
            suspects += _lines_differ(outcome, moved, lines, others)
    for reader in dict.fromkeys(suspects):
        index = next((i for i, (_, observers) in enumerate(groups) if reader in observers), None)
        if index is None or index < 2:
            continue   # compared exactly already
        left_out, observers = groups[index]
        chosen = [c for c in changes if c[0] is None or c[0] != left_out]
        variant, made = _composed(copy, chosen)
        moved, made = _played(engine, copy, variant, made, chosen, move)
        if made:
            then = f"changing {_described(made)}, then {move[0]} {move[1]}"
            problems = _compare_logs(engine, state, outcome, moved, None, then, lines, [reader])
            if problems:
                return problems
    return []


def _single_problems(engine: Engine, state: State, move, parts, outcome, lines, listed, known) -> list[str]:
    """Diagnosis: each hidden variant on its own against every other reader, to name the owner and the
    kind of hidden data that shows through."""
    problems: list[str] = []
    base: dict | None = None
    forced: dict = {}
    for owner, what, variant in engine.hidden_variants(state):
        base = base or observations(engine, state, parts=parts, listed=listed, known=known)
        cause = f"changing {owner}'s {what}" if owner else f"changing {what}"
        others = [r for r in _readers(state) if r != owner]
        problems += _compare(base, observations(engine, variant, readers=others), cause)
        problems += _asked_differently(engine, state, variant, cause, forced)   # before the move changes it in place
        if move and outcome is not None and not outcome.irreversible:   # else nothing to compare
            moved = _try(engine, variant, *move, in_place=True)   # the variant is ours to change
            then = f"{cause}, then {move[0]} {move[1]}"
            problems += _compare_logs(engine, state, outcome, moved, owner, then, lines)
            problems += _answered_differently(outcome, moved, then)
    return problems


def _secret_move_problems(engine: Engine, state: State, move, outcome, lines, listed, copy,
                          following=None, carry: dict | None = None) -> list[str]:
    """Every other option of a secret choice or a window must show the others the same. ``following``:
    ``engine.view_parts`` of the outcome's state for every reader, when the caller already built them."""
    problems: list[str] = []
    role, chosen = move
    prompt = engine.prompt(state, role)
    if prompt is None or prompt.kind not in ("secret", "reaction"):
        return problems
    others = [r for r in _readers(state) if r != role]
    after = observations(engine, outcome.state, readers=others, parts=following, listed=outcome.listed)
    if carry is not None and following is not None:   # the next position's check observes the same
        carry.update(state=outcome.state, seen=after)
    for alternative in listed[role] if listed and role in listed else engine.legal_actions(state, role):
        if alternative.id == chosen or alternative.id == "change":
            continue
        other = _try(engine, copy(), role, alternative.id, in_place=True, listed=alternative)
        if other is None or other.irreversible:
            continue
        cause = f"{role} choosing {alternative.id} instead of {chosen}"
        problems += _compare_logs(engine, state, outcome, other, role, cause, lines)
        problems += _answered_differently(outcome, other, cause)
        problems += _compare(after, observations(engine, other.state, readers=others, listed=other.listed), cause)
    return problems


def invariance_problems(engine: Engine, state: State, move: tuple[str, str] | None = None,
                        parts: tuple[dict, dict] | None = None, outcome: Any = _MISSING,
                        listed: dict | None = None, following: tuple[dict, dict] | None = None,
                        carry: dict | None = None) -> list[str]:
    """Every way hidden data or a secret move shows through at ``state`` (``move`` is the next (role,
    action id), if known); empty when the position keeps its secrets. ``parts``: ``engine.view_parts``
    of ``state`` for every reader (roles, then None), when the caller already built them; ``outcome``:
    the move applied to ``state``, when the caller already applied it (read only here); ``listed``: legal
    actions at ``state`` by role, those the caller already listed (the mover's, to choose its move);
    ``following``: ``engine.view_parts`` of the outcome's state for every reader, when already built;
    ``carry``: a dict the caller hands every check of one game, in which a check leaves the observations it
    made at the outcome's state (with ``following``) for the next check, at that state, to take.

    Hidden data is checked with every other owner's changes together (see ``_combined_problems``); only
    when that shows something are the variants checked one by one, to report whose data of which kind
    shows through (a difference only the combination shows is reported as the combination)."""
    problems: list[str] = []
    known = carry.get("seen") if carry and carry.get("state") is state else None
    if carry is not None:
        carry.clear()
    if outcome is _MISSING:
        outcome = _try(engine, state, *move) if move else None
    lines = _lines_of(outcome.log, _readers(state)) if outcome is not None else None
    changes = hidden_changes(engine, state)
    copy = state_copier(state, engine.flat_tables)   # the position serialised once for every copy made of it
    if changes:
        combined = _combined_problems(engine, state, changes, move, parts, outcome, lines, listed, copy, known)
        if combined:
            problems += _single_problems(engine, state, move, parts, outcome, lines, listed, known) or combined
    if move and outcome is not None and not outcome.irreversible:
        problems += _secret_move_problems(engine, state, move, outcome, lines, listed, copy, following, carry)
    return problems

"""Random legal play to the end of a game, for any engine (DESIGN.md §6).

Each game picks random legal actions for random active roles and checks, after every action: no active
role is left without a legal action (a dead end), the engine's invariants hold, no role's secrets appear
in another role's or a spectator's view, nothing hidden shows through (secrecy by invariance, see
rules/core/secrecy.py), and the game ends within the engine's runaway limit. A crash
records the action log, so the failure replays exactly.
"""

from __future__ import annotations

import gc
import json
import marshal
import random
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import Any, Callable, get_args

from .contract import Engine, LogEntry, PromptKind, SetupArgs, State
from .driver import DeadEnd, choose_move, default_players, random_options, setup_args
from .secrecy import invariance_problems

_MISSING = object()   # compares unequal to every value
_SHARED = object()    # the shared part's slots in the string check's ``known`` (beside the own parts')


@dataclass
class GameReport:
    seed: int
    scenario: str
    players: int = 0
    actions: int = 0
    finished: bool = False
    winners: tuple[str, ...] = ()
    reason: str = ""
    ranks: tuple[tuple[str, ...], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    log: list[tuple[str, str]] = field(default_factory=list)
    tallies: dict[str, dict[str, int]] = field(default_factory=dict)   # Engine.tallies at the end

    @property
    def clean(self) -> bool:
        return self.finished and not self.problems


def _roles(state: State) -> list[str]:
    return [r for seat in state["seats"] for r in seat]


def _strings(data: Any, found: set[str]) -> set[str]:
    """Every string in JSON data, keys included (a key that is not a string as JSON writes it)."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    keyed = isinstance(data, dict)
    for key, value in items:
        if keyed:
            found.add(key if isinstance(key, str) else json.dumps(key))
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, (dict, list, tuple)):
            _strings(value, found)
    return found


def _strings_apart(data: Any, public: Any, found: set[str]) -> set[str]:
    """The strings of ``data`` outside the parts equal to ``public`` (the spectator's counterpart), and
    not counting keys ``public`` has too: those strings are the spectator's."""
    if isinstance(data, dict) and isinstance(public, dict):
        for key, value in data.items():
            if key not in public:   # as _strings({key: value}, found), without building that dict
                found.add(key if isinstance(key, str) else json.dumps(key))
                if isinstance(value, str):
                    found.add(value)
                elif isinstance(value, (dict, list, tuple)):
                    _strings(value, found)
            elif value != public[key]:
                _strings_apart(value, public[key], found)
    elif isinstance(data, (list, tuple)) and isinstance(public, (list, tuple)) and len(data) == len(public):
        for value, theirs in zip(data, public):
            if value != theirs:
                _strings_apart(value, theirs, found)
    elif isinstance(data, str):
        found.add(data)
    elif isinstance(data, (dict, list, tuple)):
        _strings(data, found)
    return found


def _shared_strings(shared: dict, known: dict | None) -> set[str]:
    """The strings of the shared part. ``known``: per key, a copy of its value at an earlier position and
    that value's strings, reused where the value is equal (a comparison in C, far cheaper than reading it
    again: a static map read once a game); a dict that changed is read entry by entry, two levels down
    (one player's facts change, the others' stay; one of them changes, not all), each entry kept too."""
    if known is None:
        return _strings(shared, set())
    found: set[str] = set()
    for key, value in shared.items():
        found.add(key if isinstance(key, str) else json.dumps(key))
        found |= _kept_strings(known, (_SHARED, key), value, 2)[1]
    return found


def _kept_strings(known: dict, slot: Any, value: Any, depth: int = 0) -> tuple[Any, set[str]]:
    """A copy of ``value`` and its strings (keys included), kept in ``known[slot]`` and taken again while
    the value stays equal to the copy; a dict that changed is read entry by entry ``depth`` levels down,
    each entry kept in a slot of its own. A copy that cannot be made (not plain data) equals nothing."""
    seen = known.get(slot)
    if seen is not None and seen[0] == value:
        return seen
    if depth and isinstance(value, dict):
        copy, strings = {}, set()
        for key, item in value.items():
            strings.add(key if isinstance(key, str) else json.dumps(key))
            copy[key], found = _kept_strings(known, (slot, key), item, depth - 1)
            strings |= found
    else:
        if isinstance(value, str):
            strings = {value}
        else:
            strings = _strings(value, set()) if isinstance(value, (dict, list, tuple)) else set()
        try:
            copy = marshal.loads(marshal.dumps(value))
        except ValueError:   # not plain data: read each time
            copy = _MISSING
    seen = known[slot] = (copy, strings)
    return seen


def _own_strings(reader: str | None, data: dict, public: dict | None, known: dict | None) -> set[str]:
    """The strings of ``reader``'s own part, or with the spectator's own part ``public``, those apart from it
    (:func:`_strings_apart`), key by key; ``known`` keeps each key's value (and its counterpart in
    ``public``) with its strings along a game, reused while they are equal (read only: never changed)."""
    found: set[str] = set()
    for key, value in data.items():
        theirs = _MISSING if public is None else public.get(key, _MISSING)
        if public is not None and theirs is not _MISSING and value == theirs:
            continue   # the spectator's: not this reader's own strings
        slot = ("own", reader, key)
        if known is not None and isinstance(value, dict) and isinstance(theirs, dict):
            found |= _apart_by_entry(known, slot, value, theirs)
            continue
        entry = known.get(slot) if known is not None else None
        if entry is None or entry[0] != value or entry[1] != theirs:
            part = (_strings({key: value}, set()) if theirs is _MISSING
                    else _strings_apart(value, theirs, set()))
            if known is not None:
                try:
                    copies = marshal.loads(marshal.dumps([value] if theirs is _MISSING else [value, theirs]))
                    known[slot] = (copies[0], copies[1] if len(copies) > 1 else _MISSING, part)
                except ValueError:   # not plain data: read each time
                    known.pop(slot, None)
            found |= part
        else:
            found |= entry[2]
    return found


def _apart_by_entry(known: dict, slot: Any, value: dict, theirs: dict) -> set[str]:
    """:func:`_strings_apart` of two dicts entry by entry (the areas where a reader's blocks stand: one
    moves, the others stay), each entry that differs kept in a slot of its own with copies of both sides
    and taken again while both stay equal to them (not the whole dict: comparing it with its copies would
    cost as much as reading it)."""
    found: set[str] = set()
    for key, item in value.items():
        other = theirs.get(key, _MISSING) if key in theirs else _MISSING
        if other is not _MISSING and item == other:
            continue
        where = (slot, key)
        kept = known.get(where)
        if kept is not None and kept[0] == item and kept[1] == other:
            found |= kept[2]
            continue
        part = _strings({key: item}, set()) if other is _MISSING else _strings_apart(item, other, set())
        try:
            copies = marshal.loads(marshal.dumps([item, None if other is _MISSING else other]))
            known[where] = (copies[0], _MISSING if other is _MISSING else copies[1], part)
        except ValueError:   # not plain data: read each time
            known.pop(where, None)
        found |= part
    return found


def _leaks(engine: Engine, state: State, parts: tuple[dict, dict], known: dict | None = None,
           held: dict[str, Any] | None = None) -> list[str]:
    """Secrets of one role found as a string in another role's (or a spectator's) view; ``parts``: the
    state's ``view_parts`` for every role and None. The shared part and the spectator's own part are read
    once; a role's own part only where it differs from the spectator's, unless a secret is in the
    spectator's (a leak anyway: then the role's part is read whole, to name every reader exactly).
    ``known``: the shared part's strings by key, kept along a game (see ``_shared_strings``), and the own
    parts' (``_own_strings``). ``held``: ``engine.secrets`` of ``state`` by role, when already asked."""
    roles = _roles(state)
    shared, own = parts
    common = _shared_strings(shared, known)   # the same for every reader: read once
    public = own.get(None)
    seen = {None: _own_strings(None, public, None, known)} if public is not None else {}
    apart = {r: _own_strings(r, v, public, known) for r, v in own.items() if r is not None}
    problems = []
    for owner in roles:
        secrets = held[owner] if held is not None else engine.secrets(state, owner)
        if common.isdisjoint(secrets) and all(strings.isdisjoint(secrets) for reader, strings in
                                              [*seen.items(), *apart.items()] if reader != owner):
            continue   # no secret of the owner's among any other reader's strings (the usual case)
        for secret in secrets:
            shown, public_too = secret in common, secret in seen.get(None, ())
            for reader in own:
                if reader == owner:
                    continue
                if reader is None:
                    visible = public_too
                elif public_too:
                    visible = secret in seen.setdefault(reader, _strings(own[reader], set()))
                else:
                    visible = secret in apart[reader]
                if shown or visible:
                    problems.append(f"{owner}'s secret {json.dumps(secret)} is visible to {reader or 'spectators'}")
    return problems


def _as_json(value: Any) -> str:
    """``json.dumps(value)``; a string encoded as json.dumps encodes it, without the call's overhead."""
    return encode_basestring_ascii(value) if isinstance(value, str) else json.dumps(value)


def _log_leaks(engine: Engine, state: State, entries: tuple[LogEntry, ...],
               held: dict[str, Any] | None = None) -> list[str]:
    """Secrets of one role (as they stand after the action) in a log line another role may read.
    ``held``: ``engine.secrets`` of ``state`` by role, when already asked."""
    problems = []
    quoted: list[str | None] = [None] * len(entries)   # each entry's data as JSON, encoded once
    for owner in _roles(state):
        secrets = held[owner] if held is not None else engine.secrets(state, owner)
        if not secrets:
            continue
        for i, entry in enumerate(entries):
            if entry.to is not None and entry.to == (owner,):
                continue
            if quoted[i] is None:
                quoted[i] = json.dumps(entry.data)
            for secret in secrets:
                if secret in entry.text or _as_json(secret) in quoted[i]:
                    readers = "everyone" if entry.to is None else ", ".join(entry.to)
                    problems.append(f"{owner}'s secret {secret!r} is in a log line for {readers}: "
                                    f"{entry.text!r}")
    return problems


def play_random_game(engine: Engine, scenario: str, seed: int, *, check_secrets: bool = True,
                     check_every: int = 1, max_actions: int | None = None,
                     seats: list[tuple[str, ...]] | None = None,
                     on_state: Callable[[State], None] | None = None, players: int | None = None,
                     options: dict[str, Any] | None = None, seating: str | None = None,
                     check_invariance: bool | None = None, pick_options: bool = False) -> GameReport:
    """Play one random game (moves chosen by :mod:`rules.core.driver`). ``check_every`` spaces out the
    (slower) invariant and secrecy checks; ``check_invariance`` (default: as ``check_secrets``) adds
    secrecy by invariance (:mod:`rules.core.secrecy`) at those positions. ``pick_options`` adds options
    picked from :meth:`Engine.option_choices` by the seed (:func:`rules.core.driver.random_options`) under
    the ``options`` given, which win."""
    chooser = random.Random(seed)
    if pick_options:
        count = len(seats) if seats is not None else players or default_players(engine, scenario)
        options = {**random_options(engine, scenario, count, seed), **(options or {})}
    if seats is not None:
        args = SetupArgs(scenario, tuple(tuple(s) for s in seats), seed, dict(options or {}))
    else:
        args = setup_args(engine, scenario, seed, players, options, seating)
    invariance = check_secrets if check_invariance is None else check_invariance
    report = GameReport(seed=seed, scenario=scenario, players=len(args.seats), options=dict(args.options))
    limit = max_actions or engine.runaway_actions
    with _older_objects_frozen():
        _play(engine, args, report, chooser, limit, check_secrets, check_every, invariance, on_state)
    return report


@contextmanager
def _older_objects_frozen():
    """The objects alive before the game (the engine's data and modules) left out of the garbage
    collector's full passes while it is played: the checks make many short-lived objects, and each full
    pass would otherwise walk every object of the process again (a tenth of a checked game's time)."""
    if gc.get_freeze_count():   # the caller froze its own objects: leave them as they are
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _play(engine: Engine, args: SetupArgs, report: GameReport, chooser: random.Random, limit: int,
          check_secrets: bool, check_every: int, invariance: bool,
          on_state: Callable[[State], None] | None) -> None:
    """The game loop of :func:`play_random_game`, filling ``report``."""
    parts = None   # the current state's view parts for every reader, once built (read only)
    known: dict = {}   # the shared part's strings by key (the string check)
    carry: dict = {}   # observations one check made at the next state, for the next check
    try:
        state = engine.setup(args)
        while True:
            result = engine.result(state)
            if result is not None:
                report.finished, report.winners, report.reason = True, result.winners, result.reason
                report.ranks = result.ranks
                report.tallies = engine.tallies(state)
                break
            if report.actions >= limit:
                report.problems.append(f"runaway: no result after {report.actions} actions "
                                       f"({engine.summary(state).turn_label})")
                break
            listed: dict = {}   # the mover's legal actions, read by the secrecy check too
            try:
                role, action = choose_move(engine, state, chooser, listed)
            except DeadEnd as dead:
                report.problems.append(f"dead end: {dead}")
                break
            outcome = engine.apply(state, role, action.id)   # a new state: ``state`` is left as it was
            following = None   # the next state's view parts, when the next check reads them (read only)
            if check_secrets and (report.actions + 1) % check_every == 0:
                following = engine.view_parts(outcome.state, [*_roles(outcome.state), None])
            if invariance and report.actions % check_every == 0:
                hidden = invariance_problems(engine, state, (role, action.id), parts, outcome, listed,
                                             following, carry)
                if hidden:
                    report.problems.extend(f"before action {report.actions + 1} ({role} {action.id}): {e}"
                                           for e in hidden)
                    break
            report.log.append((role, action.id))
            state, parts = outcome.state, following
            report.actions += 1
            held = {owner: engine.secrets(state, owner) for owner in _roles(state)} if check_secrets else None
            if check_secrets:
                leaked = _log_leaks(engine, state, outcome.log, held)
                if leaked:
                    report.problems.extend(f"after action {report.actions} ({role} {action.id}): {e}"
                                           for e in leaked)
                    break
            if on_state is not None:
                on_state(state)
            if report.actions % check_every == 0:
                errors = engine.invariant_errors(state) + _prompt_problems(engine, state)
                if check_secrets:   # ``parts``: built before the check, which read them too
                    errors += _leaks(engine, state, parts, known, held)
                if errors:
                    report.problems.extend(f"after action {report.actions} ({role} {action.id}): {e}"
                                           for e in errors)
                    break
    except Exception:  # the fuzzer's job is to report crashes, not to stop at the first
        report.problems.append("crash: " + traceback.format_exc(limit=8))


def _prompt_problems(engine: Engine, state: State) -> list[str]:
    """Every active role has a prompt of a kind the table knows (it sets deadlines and wording by kind; an
    attribute shadowing ``kind`` once froze a game at its first order)."""
    problems = []
    for role in engine.active_roles(state):
        prompt = engine.prompt(state, role)
        if prompt is None:
            problems.append(f"{role} is active but has no prompt")
        elif prompt.kind not in get_args(PromptKind) or not isinstance(prompt.text, str) or not prompt.text:
            problems.append(f"{role}'s prompt is malformed (kind {prompt.kind!r}, text {prompt.text!r:.60})")
    return problems


def fuzz(engine: Engine, scenario: str, games: int, seed: int, **kwargs) -> list[GameReport]:
    """Play ``games`` random games with consecutive seeds from ``seed``."""
    return [play_random_game(engine, scenario, seed + i, **kwargs) for i in range(games)]

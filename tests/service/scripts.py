"""Writes `herald local` scripts by playing a seeded random game through an engine, so an end-to-end
run of the console can be checked against what the engine alone would do."""

from __future__ import annotations

import random
import shlex

from bot.scheduling import MAX_DEFAULTS_PER_WAIT, continues_wait
from rules.core import Engine, SetupArgs


def generate_script(engine: Engine, game: str, seed: int, players: tuple[str, ...] = ("alice", "bob"),
                    scenario: str | None = None, deadline_after: int = 5, max_actions: int = 20_000) -> list[str]:
    """A script that opens ``game``, seats ``players``, starts with ``seed`` and plays a random game to
    its end. After ``deadline_after`` actions, at the first moment one role alone must act and has a
    default action, the script lets that role's deadline pass instead (policy "default") and expects
    the service to play the default action."""
    scenario = scenario or engine.scenarios()[0].id
    seats = engine.seatings(scenario, len(players))
    state = engine.setup(SetupArgs(scenario, tuple(seats), seed, {}))
    holder = {role: players[i] for i, seat in enumerate(seats) for role in seat}
    lines = [f"# {game} seed {seed}", f"as {players[0]}",
             f"new {game} {scenario} deadline.policy=default deadline.reaction_policy=default "
             "deadline.turn=1d deadline.secret=1d deadline.reaction=1d"]
    for player in players:
        lines += [f"as {player}", "join", "expect ok"]
    lines += [f"as {players[0]}", f"start --seed {seed}", "expect ok"]
    chooser = random.Random(seed)
    current, actions, deadline_done = players[0], 0, False
    missed: tuple[str, str] | None = None   # (role, game turn) of a missed deadline: see _due_at_once
    while engine.result(state) is None:
        if actions >= max_actions:
            raise RuntimeError(f"{game} seed {seed}: no result after {actions} actions")
        active = engine.active_roles(state)
        if missed and _due_at_once(engine, state, *missed):
            state, played, key = play_defaults_with_key(engine, state, missed[0])
            actions += played
            missed = (missed[0], key)
            continue
        role = chooser.choice(active)
        legal = [a.id for a in engine.legal_actions(state, role)]
        default = engine.default_action(state, role)
        if not deadline_done and actions >= deadline_after and len(active) == 1 and default in legal:
            state, played, key = play_defaults_with_key(engine, state, role)
            actions += played
            deadline_done = True
            missed = (role, key)
            lines += ["# nobody moves: the deadline passes and the default actions finish the role's turn",
                      "advance 25h", f"expect text ({played} played by default"]
            continue
        action = chooser.choice(legal)
        if holder[role] != current:
            current = holder[role]
            lines.append(f"as {current}")
        lines.append(f"do {shlex.quote(action)} {role}")
        if missed and role == missed[0]:
            missed = None   # the player gave an order: deadlines run normally again
        state = engine.apply(state, role, action).state
        actions += 1
    if not deadline_done:
        raise RuntimeError(f"{game} seed {seed}: no moment for a deadline to pass")
    result = engine.result(state)
    lines += ["expect finished", "status", f"expect text {result.reason}", "replay", "expect ok"]
    return lines


def _due_at_once(engine: Engine, state: dict, role: str, turn_key: str) -> bool:
    """The service's slow-play rule: a player who missed a deadline this game turn has every later wait of
    that turn due at once, so the next tick plays the default (while one is legal)."""
    if role not in engine.active_roles(state) or engine.summary(state).turn_key != turn_key:
        return False
    prompt = engine.prompt(state, role)
    default = engine.default_action(state, role) if prompt and not prompt.committed else None
    return default in [a.id for a in engine.legal_actions(state, role)]


def play_defaults(engine: Engine, state: dict, role: str) -> tuple[dict, int]:
    """What the service does when ``role``'s deadline passes under the "default" policy: its default
    action, then the next while the same wait goes on (bot.scheduling.continues_wait), at most
    MAX_DEFAULTS_PER_WAIT. Returns the new state and how many defaults were played."""
    state, played, _ = play_defaults_with_key(engine, state, role)
    return state, played


def play_defaults_with_key(engine: Engine, state: dict, role: str) -> tuple[dict, int, str]:
    """:func:`play_defaults`, also returning the game turn the last default was played in (the service marks
    the player's missed deadline with it)."""
    played = 0
    key = engine.summary(state).turn_key
    kind = engine.prompt(state, role).kind
    while played < MAX_DEFAULTS_PER_WAIT:
        prompt = engine.prompt(state, role)
        action = engine.default_action(state, role) if prompt and not prompt.committed else None
        if action not in [a.id for a in engine.legal_actions(state, role)]:
            break
        before = engine.summary(state)
        key = before.turn_key
        state = engine.apply(state, role, action).state
        played += 1
        if engine.result(state) is not None or role not in engine.active_roles(state):
            break
        after = engine.summary(state)
        new_kind = engine.prompt(state, role).kind
        if not continues_wait(kind, new_kind, after.turn_key != before.turn_key, after.phase != before.phase):
            break
        kind = new_kind
    return state, played, key

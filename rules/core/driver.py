"""The one random-play driver behind `herald fuzz`, `herald render` and the benchmarks.

A game is set up from (scenario, seed, players, options, seating); each move picks, with
``random.Random(seed)``, an active role and then one of its legal actions. The same arguments always give
the same game, whichever tool plays it.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from .contract import Action, Engine, Outcome, SetupArgs, State


class DeadEnd(Exception):
    """The game is not over but nobody can act: the message says who and where."""


def player_counts(engine: Engine, scenario: str) -> list[int]:
    s = engine.scenario(scenario)
    return list(range(s.min_players, s.max_players + 1))


def default_players(engine: Engine, scenario: str) -> int:
    """One seat per role when the scenario allows it, else its largest table."""
    counts = player_counts(engine, scenario)
    roles = len(engine.roles(scenario))
    return roles if roles in counts else counts[-1]


def setup_args(engine: Engine, scenario: str, seed: int, players: int | None = None,
               options: dict[str, Any] | None = None, seating: str | None = None) -> SetupArgs:
    """Setup arguments for a random game. Without ``seating``, the seed picks one of the named seatings
    for that many players, so a run over many seeds plays all of them."""
    players = players or default_players(engine, scenario)
    if seating is None:
        choices = engine.seating_choices(scenario, players, options)
        seats = choices[seed % len(choices)].seats
    else:
        seats = tuple(engine.seatings(scenario, players, options, seating))
    return SetupArgs(scenario, tuple(seats), seed, dict(options or {}))


def random_options(engine: Engine, scenario: str, players: int, seed: int) -> dict[str, Any]:
    """One value per option, picked with a generator of its own (the moves' generator is untouched), from
    :meth:`Engine.option_choices`: the same seed always gives the same options."""
    chooser = random.Random(f"options:{scenario}:{players}:{seed}")
    return {option: chooser.choice(values) for option, values in sorted(engine.option_choices(scenario, players).items())
            if values}


def choose_move(engine: Engine, state: State, chooser: random.Random,
                listed: dict | None = None) -> tuple[str, Action]:
    """A random active role and a random legal action of it; :class:`DeadEnd` when there is none.
    ``listed``: gets the role's legal actions (for a caller that reads them too)."""
    active = engine.active_roles(state)
    if not active:
        raise DeadEnd("the game is not over but no role is active")
    role = chooser.choice(active)
    legal = engine.legal_actions(state, role)
    if listed is not None:
        listed[role] = legal
    if not legal:
        raise DeadEnd(f"{role} is active with no legal action ({engine.summary(state).phase})")
    return role, chooser.choice(legal)


def random_moves(engine: Engine, args: SetupArgs, steps: int | None = None,
                 state: State | None = None) -> Iterator[tuple[str, Action, Outcome]]:
    """Play random legal moves from ``args`` (or from ``state``) until the game ends, ``steps`` moves
    were made, or a dead end (raised as :class:`DeadEnd`); yields (role, action, outcome) per move."""
    chooser = random.Random(args.seed)
    state = engine.setup(args) if state is None else state
    played = 0
    while (steps is None or played < steps) and engine.result(state) is None:
        role, action = choose_move(engine, state, chooser)
        outcome = engine.apply(state, role, action.id)
        state = outcome.state
        played += 1
        yield role, action, outcome

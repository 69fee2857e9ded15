"""Positions from random games, for the players' secrecy-by-invariance tests (issue 31)."""

from __future__ import annotations

import random

from rules.core import get_engine
from rules.core.driver import setup_args
from rules.core.players import SearchPlayer, decide, game_players, waited_for


def positions(game: str, scenario: str, seeds, every: int, players: int | None = None):
    """Every ``every``-th position of random games where some role is asked and some other role holds
    hidden facts (a hidden variant owned by another role, or by nobody)."""
    engine = get_engine(game)
    for seed in seeds:
        chooser = random.Random(seed)
        state = engine.setup(setup_args(engine, scenario, seed, players))
        moves = 0
        while engine.result(state) is None and moves < 3000:
            asked = waited_for(engine, state)
            if not asked:
                break
            if moves % every == 0:
                variants = list(engine.hidden_variants(state))
                for role in asked:
                    others = [(o, w, v) for o, w, v in variants if o != role]
                    if others:
                        yield state, role, others
            role = chooser.choice(asked)
            state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state
            moves += 1


def check_positions(game: str, scenario: str, seeds, every: int, player: SearchPlayer,
                    players: int | None = None, wanted: int = 200) -> int:
    """Asserts, at each position, that the worlds the role draws and the player's choice are the same when
    another role's hidden facts (or what nobody knows) change. Returns the positions checked."""
    engine = get_engine(game)
    determinise = game_players(game).determinise
    checked = 0
    for state, role, variants in positions(game, scenario, seeds, every, players):
        world = determinise(state, role, random.Random(7))
        chosen = decide(engine, game, state, role, player, "seed")
        for owner, what, variant in variants:
            assert determinise(variant, role, random.Random(7)) == world, \
                f"{role}'s world changes with {owner}'s {what}"
            assert decide(engine, game, variant, role, player, "seed") == chosen, \
                f"{role}'s choice changes with {owner}'s {what}"
        checked += 1
        if checked >= wanted:
            break
    return checked

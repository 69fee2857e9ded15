"""Console scripts that play a whole game: the players join, the game master starts, then a seeded random
game is played to its end by number ("choices", then "do N"), the script mirroring the engine step by step."""

from __future__ import annotations

import random

from rules.core.menus import arrange


def join_and_start(players: list[str], seed: int, master: str = "ann") -> list[str]:
    lines = []
    for player in players:
        lines += [f"as {player}", "join", "expect ok"]
    return lines + [f"as {master}", f"start --seed {seed}", "expect ok"]


def play_to_end_by_number(engine, state, holder: dict[str, str], seed: int) -> tuple[list[str], dict]:
    """Script lines playing ``state`` to its end with random legal actions chosen by number, and the final
    state; ``holder`` maps each role to the player who holds it. The numbers are those of the list as the
    console shows it: the legal actions arranged in menus (rules/core/menus.py), not the engine's order."""
    chooser = random.Random(seed)
    lines = []
    while engine.result(state) is None:
        role = chooser.choice(engine.active_roles(state))
        legal = [a.id for a in arrange(engine.legal_actions(state, role))]
        number = chooser.randrange(len(legal))
        lines += [f"as {holder[role]}", "choices", f"do {number + 1}", "expect ok"]
        state = engine.apply(state, role, legal[number]).state
    return lines, state

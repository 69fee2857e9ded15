"""Rules engine speed: median time of one legal_actions + apply step over random games, and of one whole
random game, for every registered game. Targets: under 1 ms per action, under 1 s per game."""

from __future__ import annotations

import random
import statistics
import time

from rules.core import SetupArgs
from rules.core.registry import game_ids, get_engine

GAMES = 10


def _random_game(engine, scenario, seed, step_times):
    chooser = random.Random(seed)
    roles = engine.roles(scenario)
    state = engine.setup(SetupArgs(scenario, tuple((r,) for r in roles), seed, {}))
    actions = 0
    while engine.result(state) is None and actions < engine.runaway_actions:
        role = chooser.choice(engine.active_roles(state))
        start = time.perf_counter()
        legal = engine.legal_actions(state, role)
        state = engine.apply(state, role, chooser.choice(legal).id).state
        step_times.append(time.perf_counter() - start)
        actions += 1
    return actions


def main() -> None:
    for game in game_ids():
        engine = get_engine(game)
        for scenario in [s.id for s in engine.scenarios()]:
            steps: list[float] = []
            games: list[float] = []
            counts = []
            for seed in range(GAMES):
                start = time.perf_counter()
                counts.append(_random_game(engine, scenario, seed, steps))
                games.append(time.perf_counter() - start)
            per_action = statistics.median(steps) * 1000
            p99 = sorted(steps)[int(len(steps) * 0.99)] * 1000
            print(f"{game} {scenario}: {per_action:.3f} ms median per action (p99 {p99:.2f} ms), "
                  f"{statistics.median(games):.3f} s median per game, "
                  f"{statistics.median(counts):.0f} actions per game ({GAMES} games)"
                  f"  [targets: < 1 ms, < 1 s] {'OK' if per_action < 1 and statistics.median(games) < 1 else 'SLOW'}")


if __name__ == "__main__":
    main()

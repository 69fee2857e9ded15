"""The fuzzer's secrecy check: what checking every action costs against the same random games without it
(`herald fuzz` against `herald fuzz --no-secrets`). Goal (issue 28): at most 5x for every game.

Both runs play the same games (the same seeds choose the same moves; the checks never change a state).
Times are CPU time, the median of three runs of each; a game's length is capped (``ACTIONS``) so that the
long games take seconds, not minutes; the ratio is what matters and it holds per action. The cost per
checked position is printed beside it, with the count of hidden variants a position has on average and
the count of positions the check builds to detect a leak (one per role owning hidden data, with every
other owner's changes made together: rules/core/secrecy.py); single variants are built only to diagnose.
"""

from __future__ import annotations

import statistics
import time

from rules.core.fuzz import play_random_game
from rules.core.registry import get_engine
from rules.core.secrecy import combinations, hidden_changes

GOAL = 5.0
RUNS = 3
#: (game, scenario, players, seeds, most actions a game)
CASES = [
    ("richard3", "1483", 2, (1, 2, 3), None),
    ("oldkingscrown", "standard", 4, (1, 2), None),
    ("oldkingscrown", "standard", 2, (1, 2), None),
    ("crownofroses", "seeds_of_enmity", 4, (1,), 600),
    ("crownofroses", "seeds_of_enmity", 2, (1,), 600),
    ("hereistand", "1532", 6, (1,), 150),
]


def _cpu(engine, scenario, players, seeds, cap, checked: bool) -> tuple[float, int]:
    start, actions = time.process_time(), 0
    for seed in seeds:
        report = play_random_game(engine, scenario, seed, check_secrets=checked, players=players,
                                  max_actions=cap)
        actions += report.actions
    return time.process_time() - start, actions


def _per_position(engine, scenario, players, seed, cap) -> tuple[float, float]:
    """Average hidden variants, and positions the check builds, per position of one game (counted)."""
    counts = []

    def count(state):
        changes = hidden_changes(engine, state)
        counts.append((len(changes), len(combinations(state, changes)) if changes else 0))
    play_random_game(engine, scenario, seed, check_secrets=False, players=players, max_actions=cap,
                     on_state=count)
    return tuple(statistics.mean(c[i] for c in counts) if counts else 0.0 for i in (0, 1))


def measure() -> list[dict]:
    rows = []
    for game, scenario, players, seeds, cap in CASES:
        engine = get_engine(game)
        plain = [_cpu(engine, scenario, players, seeds, cap, False) for _ in range(RUNS)]
        checked = [_cpu(engine, scenario, players, seeds, cap, True) for _ in range(RUNS)]
        without, actions = statistics.median(t for t, _ in plain), plain[0][1]
        with_check = statistics.median(t for t, _ in checked)
        variants, built = _per_position(engine, scenario, players, seeds[0], cap)
        rows.append({"case": f"{game} {scenario} {players}p", "actions": actions, "without_s": without,
                     "with_s": with_check, "ratio": with_check / max(without, 1e-9),
                     "check_ms": 1000 * (with_check - without) / max(actions, 1),
                     "variants": variants, "built": built})
    return rows


def main() -> None:
    print(f"secrecy check after every action vs none (herald fuzz vs --no-secrets); goal <= {GOAL:g}x; "
          f"CPU time, median of {RUNS} runs")
    print(f"{'':34} {'actions':>8} {'without s':>10} {'with s':>8} {'ratio':>7} {'check ms/action':>16} "
          f"{'variants':>9} {'built':>6}")
    for r in measure():
        verdict = "OK" if r["ratio"] <= GOAL else "SLOW"
        print(f"{r['case']:34} {r['actions']:8d} {r['without_s']:10.2f} {r['with_s']:8.2f} {r['ratio']:6.1f}x "
              f"{r['check_ms']:16.2f} {r['variants']:9.1f} {r['built']:6.1f}  {verdict} (goal {GOAL:g}x)")



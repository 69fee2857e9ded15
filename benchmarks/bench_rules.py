"""Rules engine speed: one legal_actions + apply step over random games (median and p99), and one whole
random game, for every registered game. Targets: under 1 ms median and 2 ms p99 per action, under 1 s per
game (Here I Stand, whose random games run to thousands of actions: 2 ms median per action, 3 games).

Games are played by the shared random-play driver (rules/core/driver.py: ``setup_args`` and
``random_moves``, the same as ``herald fuzz``); one step is the driver choosing an active role and one of its
legal actions and applying it.

Each run also measures the rules engines as they were at ``BASELINE`` (main before Richard III moved onto
the flow core), checked out with ``git archive`` into a temporary directory and run in a child process on
the same seeds, and prints both side by side. Times are this process's CPU time (``time.process_time``): on
a shared machine wall-clock percentiles mostly measure the other processes. Set ``HERALD_BENCH_BASELINE`` to
another revision (one that has the driver), or to ``none`` to skip it. Both play the same random choices;
where the rules or the order of choices changed since the baseline, the games themselves differ, so compare
per-action times first.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from rules.core.driver import random_moves, setup_args
from rules.core.registry import game_ids, get_engine

GAMES = 10
#: games whose random games are long get fewer of them and their own targets (median ms, p99 ms, s/game)
GAMES_OF = {"hereistand": 3, "crownofroses": 3}
TARGETS = {"hereistand": (2.0, None, None),   # issue 18: <= 2 ms median per action; a game is thousands
           "crownofroses": (1.0, 2.0, 5.0)}   # issue 16: a whole random 4-player game within 5 s
DEFAULT_TARGETS = (1.0, 2.0, 1.0)
BASELINE = "5924355f06995fde6eb5bc5afce2a24f17b9e43a"   # main before the port of Richard III onto the flow core
ROOT = Path(__file__).resolve().parents[1]


def _random_game(engine, scenario, seed, step_times):
    """One whole game by the shared driver; each step's CPU time (the driver's legal list + apply) is
    appended to ``step_times``. Returns the number of actions."""
    moves = random_moves(engine, setup_args(engine, scenario, seed), engine.runaway_actions)
    actions = 0
    while True:
        start = time.process_time()
        if next(moves, None) is None:
            return actions
        step_times.append(time.process_time() - start)
        actions += 1


def measure() -> dict[str, dict[str, float]]:
    """``"game scenario" -> {median_ms, p99_ms, game_s, actions}`` for every registered game."""
    out = {}
    for game in game_ids():
        engine = get_engine(game)
        for scenario in [s.id for s in engine.scenarios()]:
            steps: list[float] = []
            games: list[float] = []
            counts = []
            for seed in range(GAMES_OF.get(game, GAMES)):
                start = time.process_time()
                counts.append(_random_game(engine, scenario, seed, steps))
                games.append(time.process_time() - start)
            out[f"{game} {scenario}"] = {
                "median_ms": statistics.median(steps) * 1000,
                "p99_ms": sorted(steps)[int(len(steps) * 0.99)] * 1000,
                "game_s": statistics.median(games),
                "actions": statistics.median(counts),
            }
    return out


def measure_baseline(revision: str) -> dict[str, dict[str, float]] | str:
    """The same measurement on the ``rules`` package at ``revision``; a reason (str) when it cannot run."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "rules"], capture_output=True,
                                 check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        return f"no git checkout of {revision[:10]} ({exc.__class__.__name__})"
    with tempfile.TemporaryDirectory(prefix="herald-bench-") as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([tmp, str(ROOT)]))
        done = subprocess.run([sys.executable, "-m", "benchmarks.bench_rules", "--json"], env=env, cwd=tmp,
                              capture_output=True, text=True, timeout=1800)
        if done.returncode != 0:
            return f"the baseline failed: {done.stderr.strip().splitlines()[-1:]}"
        return json.loads(done.stdout)


def _verdict(key: str, r: dict[str, float]) -> str:
    median, p99, game = TARGETS.get(key.split()[0], DEFAULT_TARGETS)
    ok = r["median_ms"] <= median and (p99 is None or r["p99_ms"] <= p99) and (game is None or r["game_s"] < game)
    return "OK" if ok else "SLOW"


def main() -> None:
    revision = os.environ.get("HERALD_BENCH_BASELINE", BASELINE)
    before = measure_baseline(revision) if revision.lower() != "none" else "skipped"
    after = measure()
    print(f"targets: <= 1 ms median and <= 2 ms p99 per action (legal_actions + apply), < 1 s per game; "
          f"{GAMES} random games per scenario, seeds 0-{GAMES - 1}, at the scenario's largest table; CPU time")
    for game, count in GAMES_OF.items():
        median, p99, per_game = TARGETS.get(game, DEFAULT_TARGETS)
        print(f"{game}: {count} games per scenario (seeds 0-{count - 1}), target <= {median:g} ms median per action"
              + (f", <= {p99:g} ms p99" if p99 else "") + (f", < {per_game:g} s a game" if per_game else ""))
    if isinstance(before, str):
        print(f"baseline: {before}")
    else:
        print(f"before = rules at {revision[:10]}, after = this tree")
    head = f"{'':34} {'median ms/action':>18} {'p99 ms/action':>16} {'median s/game':>16} {'actions/game':>14}"
    print(head)
    for key, r in after.items():
        b = before.get(key) if isinstance(before, dict) else None

        def cell(name, fmt, width):
            now = format(r[name], fmt)
            return (f"{format(b[name], fmt)} -> {now}" if b else now).rjust(width)

        print(f"{key:34} {cell('median_ms', '.3f', 18)} {cell('p99_ms', '.2f', 16)} "
              f"{cell('game_s', '.3f', 16)} {cell('actions', '.0f', 14)}  {_verdict(key, r)}")


if __name__ == "__main__":
    if "--json" in sys.argv:
        print(json.dumps(measure()))
    else:
        main()

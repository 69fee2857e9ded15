"""Do two revisions of a rules engine play the same random games? For changes meant to make an engine faster
without changing what it does: each revision's ``rules`` package is checked out with ``git archive`` into a
temporary directory and plays the same seeded random games in a child process; every step's chosen action,
legal list, new state, log and irreversibility are digested and compared.

    python -m benchmarks.same_games BEFORE [AFTER] [--game richard3] [--games 20] [--ignore flow] [--players all]

AFTER defaults to this tree. ``--ignore KEY`` leaves a top-level state key out of the comparison (for a
port that adds bookkeeping of its own, such as the flow stack; every other key is still compared).
``--players N`` (repeatable, or ``all`` for every count each scenario allows) plays N-player tables seated as
``herald fuzz`` seats them; without it every role has a seat of its own. ``--option KEY=VALUE`` (repeatable)
sets a game option. Exit status 0 when every game matches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tables(engine, scenario: str, games: int, players: tuple[str, ...], options: dict[str, str]):
    """``(key, setup arguments)`` of each game: one seat per role, or the given player counts."""
    from rules.core import SetupArgs
    from rules.core.driver import player_counts, setup_args
    if not players:
        for seed in range(games):
            yield f"{scenario}/{seed}", SetupArgs(scenario, tuple((r,) for r in engine.roles(scenario)), seed,
                                                  dict(options))
        return
    allowed = player_counts(engine, scenario)
    counts = allowed if "all" in players else [int(p) for p in players if int(p) in allowed]
    for count in counts:
        for seed in range(games):
            yield f"{scenario}/{count}p/{seed}", setup_args(engine, scenario, seed, count, dict(options))


def record(game: str, games: int, ignore: tuple[str, ...] = (), players: tuple[str, ...] = (),
           options: dict[str, str] | None = None) -> dict[str, list[str]]:
    """``"scenario[/Np]/seed" -> [digest of each step]`` for random games of ``game`` on the importable rules."""
    from rules.core.registry import get_engine
    engine = get_engine(game)
    out = {}
    for scenario in [s.id for s in engine.scenarios()]:
        for key, args in tables(engine, scenario, games, players, options or {}):
            chooser = random.Random(args.seed)
            state = engine.setup(args)
            steps = []
            while engine.result(state) is None and len(steps) < engine.runaway_actions:
                role = chooser.choice(engine.active_roles(state))
                legal = engine.legal_actions(state, role)
                action = chooser.choice(legal).id
                outcome = engine.apply(state, role, action)
                state = outcome.state
                kept = {k: v for k, v in state.items() if k not in ignore}
                text = json.dumps([role, action, [a.to_dict() for a in legal], kept,
                                   [e.to_dict() for e in outcome.log], outcome.irreversible], sort_keys=True)
                steps.append(hashlib.sha1(text.encode()).hexdigest())
            out[key] = steps
    return out


def record_at(revision: str | None, game: str, games: int, ignore: tuple[str, ...] = (),
              players: tuple[str, ...] = (), options: dict[str, str] | None = None) -> dict[str, list[str]]:
    """:func:`record` in a child process, on the rules at ``revision`` (None: this tree)."""
    with tempfile.TemporaryDirectory(prefix="herald-same-") as tmp:
        path = [str(ROOT)]
        if revision:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "rules"], capture_output=True,
                                     check=True, timeout=60).stdout
            with tarfile.open(fileobj=BytesIO(archive)) as tar:
                tar.extractall(tmp, filter="data")
            path.insert(0, tmp)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
        code = f"import json, benchmarks.same_games as m; print(json.dumps(m.record({game!r}, {games}, {tuple(ignore)!r}, {tuple(players)!r}, {dict(options or {})!r})))"
        done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp, capture_output=True, text=True,
                              check=True, timeout=3600)
        return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?")
    parser.add_argument("--game", default="richard3")
    parser.add_argument("--games", type=int, default=20, help="games per scenario (seeds 0..N-1)")
    parser.add_argument("--ignore", action="append", default=[], metavar="KEY",
                        help="a top-level state key to leave out of the comparison (repeatable)")
    parser.add_argument("--players", action="append", default=[], metavar="N",
                        help="play N-player tables (repeatable; 'all': every count the scenario allows)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option for every game (repeatable)")
    args = parser.parse_args(argv)
    ignore = tuple(args.ignore)
    players = tuple(args.players)
    options = dict(o.split("=", 1) for o in args.option)
    a = record_at(args.before, args.game, args.games, ignore, players, options)
    b = record_at(args.after, args.game, args.games, ignore, players, options)
    steps = sum(len(v) for v in a.values())
    differ = []
    for key in a:
        first = next((i for i, (x, y) in enumerate(zip(a[key], b.get(key, []))) if x != y), None)
        if first is None and len(a[key]) != len(b.get(key, [])):
            first = min(len(a[key]), len(b.get(key, [])))
        if first is not None:
            differ.append(f"{key} from step {first + 1}")
    after = args.after or "this tree"
    if differ:
        print(f"{len(differ)} of {len(a)} games differ between {args.before} and {after}: {', '.join(differ[:10])}")
        return 1
    besides = f" (leaving out {', '.join(ignore)})" if ignore else ""
    print(f"{len(a)} games, {steps} steps: identical between {args.before} and {after}{besides}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Full garbage collections with 1,000 active games in the service (issue 28: full passes of 80-118 ms
stalled commits): the time of one full pass before and after ``bot.settle.settle`` (the states loaded,
then frozen out of the collector's passes), and what settling costs once at start. CPU ms.

Run: python -m benchmarks gc
"""

from __future__ import annotations

import gc
import statistics
import tempfile
import time
from pathlib import Path

from bot.config import Config
from bot.service import TableService
from bot.settle import settle

GAMES = 1000
GOAL_MS = 20   # a commit's p99 budget (bench_service): a full pass should fit well inside it


def _full_pass_ms() -> float:
    times = []
    for _ in range(5):
        start = time.process_time()
        gc.collect()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "gc.db"
        svc = TableService(str(path), Config(state_cache_games=GAMES + 10))
        for i in range(GAMES):
            g = svc.create_game("richard3", channel="c", creator_id="a", scenario="1460").game_id
            svc.join(g, "a")
            svc.join(g, "b")
            svc.start(g, "a", seed=i)
        svc.close()
        svc = TableService(str(path), Config(state_cache_games=GAMES + 10))   # a bot starting afresh
        import render.api  # noqa: F401  (the renderer's modules are in the bot's process too)
        for g in range(1, GAMES + 1):
            svc._state(svc._game(g))
        before = _full_pass_ms()
        svc._cache.clear()
        done = settle(svc)
        after = _full_pass_ms()
        svc.close()
    gc.unfreeze()
    print(f"{GAMES} active Richard III games (1460) held by the service; one full collection, median of 5, CPU ms")
    print(f"  before settling {before:7.1f} ms")
    print(f"  after settling  {after:7.1f} ms  {'OK' if after <= GOAL_MS else 'SLOW'} (goal: well under a "
          f"commit's {GOAL_MS} ms)")
    print(f"  settling once at start: {done['seconds'] * 1000:.0f} ms wall ({done['games']} games loaded, "
          f"{done['frozen']} objects frozen)")

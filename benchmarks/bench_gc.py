"""Full garbage collections with 1,000 active games in the service (issue 28: full passes of 80-118 ms
stalled commits), for Richard III alone and for a mix of the four games: the time of one full pass with
every state held as objects (the service before issue 28), with Herald's state cache (the games played
just now as objects, the others marshalled: bot/table/statecache.py), and after ``bot.settle.settle`` (the
states loaded, then frozen out of the collector's passes); and what settling costs once at start. CPU ms.

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
from bot.table.statecache import StateCache

GAMES = 1000
GOAL_MS = 20   # a commit's p99 budget (bench_service): a full pass should fit well inside it
SETS = {"richard3": ["richard3"], "mix": ["richard3", "oldkingscrown", "crownofroses", "hereistand"]}


def _full_pass_ms() -> float:
    times = []
    for _ in range(5):
        start = time.process_time()
        gc.collect()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def _load_all(svc: TableService) -> None:
    for (g,) in svc.db.execute("SELECT id FROM games WHERE status = 'active'").fetchall():
        svc._state(svc._game(g))


def measure(name: str, folder: Path) -> None:
    from benchmarks.bench_service import _set_up, engines

    path = folder / f"{name}.db"
    found = engines()
    config = Config(state_cache_games=GAMES + 10)
    svc = TableService(str(path), config, engines=found)
    _set_up(svc, SETS[name], GAMES, 0)
    svc.close()
    svc = TableService(str(path), config, engines=found)   # a bot starting afresh
    import render.api  # noqa: F401  (the renderer's modules are in the bot's process too)
    svc._cache = StateCache(config.state_cache_games, live=config.state_cache_games)   # every state an object
    _load_all(svc)
    as_objects = _full_pass_ms()
    svc._cache = StateCache(config.state_cache_games)
    _load_all(svc)
    cached = _full_pass_ms()
    svc._cache.clear()
    done = settle(svc)
    settled = _full_pass_ms()
    svc.close()
    gc.unfreeze()
    print(f"{GAMES} active games ({name}: {', '.join(SETS[name])}) held by the service; one full collection, "
          f"median of 5, CPU ms")
    print(f"  every state held as objects       {as_objects:7.1f} ms")
    print(f"  Herald's state cache              {cached:7.1f} ms")
    print(f"  and after settling (as at start)  {settled:7.1f} ms  {'OK' if settled <= GOAL_MS else 'SLOW'} "
          f"(goal: well under a commit's {GOAL_MS} ms)")
    print(f"  settling once at start: {done['seconds'] * 1000:.0f} ms wall ({done['games']} games loaded, "
          f"{done['frozen']} objects frozen)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name in SETS:
            measure(name, Path(tmp))

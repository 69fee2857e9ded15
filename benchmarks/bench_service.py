"""Table service speed and size: commit time per order (median, 99th percentile) with 1,000 games in one
database, database growth per order, and the memory of a service holding 1,000 active games.

Targets: commit p99 under 20 ms, memory under 200 MB. Run: python -m benchmarks service
Uses the Duel test game, and Richard III as well when its engine loads.

The commit is timed with Herald's durable setting (``synchronous=FULL``: every commit syncs the log)
and, beside it, with the faster ``synchronous=NORMAL`` Herald used before, in alternating blocks of
orders so that a busy machine weighs on both alike."""

from __future__ import annotations

import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot import storage  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import TableService  # noqa: E402

GAMES = 1000
ORDERS = 5000
#: orders timed under one ``synchronous`` setting before switching to the other
BLOCK = 250

#: the bot's tick (deadlines, reminders, the WAL checkpoint) runs every minute beside the orders; here
#: once every this many orders, untimed (an order that arrives during a tick waits for it in the bot)
TICK_EVERY = 200


def _rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _db_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def _engines():
    from tests.support.duel import ENGINE as duel
    engines = {"duel": duel}
    try:
        from rules.core import get_engine
        engine = get_engine("richard3")
        engine.scenarios()
        engines["richard3"] = engine
    except Exception as error:  # not written yet: measure what exists
        print(f"(richard3 skipped: {type(error).__name__}: {error})")
    return engines


def bench(game: str, engines: dict, folder: Path) -> None:
    engine = engines[game]
    path = folder / f"{game}.db"
    config = Config(state_cache_games=GAMES + 10)
    svc = TableService(str(path), config, engines=engines)
    chooser = random.Random(1)
    started = time.perf_counter()
    games = []
    for i in range(GAMES):
        g = svc.create_game(game, channel=f"chan{i % 50}", creator_id=f"u{i}a").game_id
        svc.join(g, f"u{i}a")
        svc.join(g, f"u{i}b")
        svc.start(g, f"u{i}a", seed=i)
        games.append(g)
    setup_seconds = time.perf_counter() - started
    svc.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size_before = _db_bytes(path)

    timings: dict[str, list[float]] = {storage.SYNCHRONOUS: [], "NORMAL": []}
    orders = 0
    finished = 0
    setting = storage.SYNCHRONOUS
    while orders < ORDERS:
        wanted = (storage.SYNCHRONOUS, "NORMAL")[(orders // BLOCK) % 2]
        if wanted != setting:
            setting = wanted
            svc.db.execute(f"PRAGMA synchronous={setting}")
        g = chooser.choice(games)
        game_row = svc._game(g)
        if game_row.status != "active":
            games.remove(g)
            finished += 1
            new = svc.create_game(game, channel="chanX", creator_id="ux").game_id
            svc.join(new, "ux")
            svc.join(new, "uy")
            svc.start(new, "ux", seed=new)
            games.append(new)
            continue
        state = svc._state(game_row)
        role = chooser.choice(engine.active_roles(state))
        action = chooser.choice(engine.legal_actions(state, role)).id
        user = next(s.user_id for s in svc.status(g).seats if role in s.roles)
        t0 = time.perf_counter()
        svc.submit(g, user, action, role=role)
        timings[setting].append(time.perf_counter() - t0)
        orders += 1
        if orders % TICK_EVERY == 0:
            svc._last_checkpoint = 0.0  # as if a minute had passed: tick() checkpoints the WAL
            svc.tick()
    svc.db.execute(f"PRAGMA synchronous={storage.SYNCHRONOUS}")
    svc.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size_after = _db_bytes(path)
    tick_times = []
    for _ in range(20):
        t0 = time.perf_counter()
        svc.tick()
        tick_times.append(time.perf_counter() - t0)
    print(f"{game}: {GAMES} games set up in {setup_seconds:.1f}s; {orders} orders "
          f"({finished} games finished and replaced; a tick, with its WAL checkpoint, every {TICK_EVERY} orders)")
    for setting, times in timings.items():
        times.sort()
        median = statistics.median(times) * 1000
        p99 = times[int(len(times) * 0.99) - 1] * 1000
        what = ("Herald's setting, durable: every commit synced" if setting == storage.SYNCHRONOUS
                else "the old setting, for comparison: an OS crash may lose the last commits")
        target = f"  [target p99 < 20 ms: {'OK' if p99 < 20 else 'MISSED'}]" if setting == storage.SYNCHRONOUS else ""
        print(f"  commit with synchronous={setting} ({what}; {len(times)} orders, whole submit: checks, engine, one "
              f"transaction): median {median:.2f} ms, p99 {p99:.2f} ms, max {times[-1] * 1000:.2f} ms{target}")
    print(f"  tick() with {GAMES} active games and nothing due: median "
          f"{statistics.median(tick_times) * 1000:.2f} ms")
    print(f"  database: {size_before / 1e6:.1f} MB before, {size_after / 1e6:.1f} MB after; "
          f"growth {(size_after - size_before) / orders:.0f} bytes per order "
          f"(action row, log lines, outbox messages, turn snapshots)")

    # Growth over whole games (every turn's snapshot included), a few games played to the end.
    whole_before = _db_bytes(path)
    whole_actions = 0
    for i in range(10):
        g = svc.create_game(game, channel="whole", creator_id="wa").game_id
        svc.join(g, "wa")
        svc.join(g, "wb")
        svc.start(g, "wa", seed=10_000 + i)
        while True:
            row = svc._game(g)
            if row.status != "active":
                break
            state = svc._state(row)
            role = chooser.choice(engine.active_roles(state))
            action = chooser.choice(engine.legal_actions(state, role)).id
            svc.submit(g, "wa" if role == svc.status(g).seats[0].roles[0] else "wb", action, role=role)
            whole_actions += 1
    svc.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"  10 whole games ({whole_actions} orders): {(_db_bytes(path) - whole_before) / whole_actions:.0f} "
          f"bytes per order, {(_db_bytes(path) - whole_before) / 10 / 1e6:.2f} MB per game")
    active_now = svc.db.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
    for i in range(GAMES - active_now):  # top up, so the memory measure below holds exactly GAMES games
        g = svc.create_game(game, channel="topup", creator_id="ta").game_id
        svc.join(g, "ta")
        svc.join(g, "tb")
        svc.start(g, "ta", seed=20_000 + i)
    svc.close()

    # Memory: a fresh service that loads every active game's state into its cache.
    gc.collect()
    rss_before = _rss_mb()
    tracemalloc.start()
    svc = TableService(str(path), config, engines=engines)
    active = [r[0] for r in svc.db.execute("SELECT id FROM games WHERE status = 'active' LIMIT ?", [GAMES])]
    for g in active:
        svc.choices(g, "nobody")
        svc._state(svc._game(g))
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = _rss_mb()
    print(f"  memory holding {len(svc._cache)} active games: {current / 1e6:.1f} MB allocated "
          f"(peak {peak / 1e6:.1f} MB); process RSS {rss_after:.0f} MB (+{rss_after - rss_before:.0f} MB)  "
          f"[target < 200 MB: {'OK' if rss_after < 200 else 'MISSED'}]")
    svc.close()


def main() -> None:
    engines = _engines()
    with tempfile.TemporaryDirectory() as folder:
        for game in engines:
            bench(game, engines, Path(folder))


if __name__ == "__main__":
    main()

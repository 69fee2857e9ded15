"""Table service speed and size, for each game at its largest player count and for a mix of the four:
commit time per order (median, 99th percentile) with 1,000 games in one database, database growth per
order, and the memory of a service process holding 1,000 active games.

Targets: commit p99 under 20 ms, memory under 200 MB. Run: python -m benchmarks service [GAME ...]
(GAME: duel, richard3, oldkingscrown, crownofroses, hereistand, mix; default all).

The commit is timed with Herald's durable setting (``synchronous=FULL``: every commit syncs the log)
and, beside it, with the faster ``synchronous=NORMAL`` Herald used before, in alternating blocks of
orders so that a busy machine weighs on both alike.

The memory is measured in a fresh process doing what the bot's does (service_memory.py): the
Discord layer imported, the active games loaded and settled as at start, orders played, pictures drawn
in the drawing worker (the default) and then in the service's own process ([pictures] processes = 0)."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot import storage  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.service import TableService  # noqa: E402

GAMES = 1000
ORDERS = 2000
#: orders timed under one ``synchronous`` setting before switching to the other
BLOCK = 250
#: games played to the end through the service, for the database's growth over whole games
WHOLE_GAMES = 2

#: the bot's tick (deadlines, reminders, the WAL checkpoint) runs every minute beside the orders; here
#: once every this many orders, untimed (an order that arrives during a tick waits for it in the bot)
TICK_EVERY = 200

GOAL_COMMIT_MS = 20
GOAL_MB = 200

#: (game, scenario, players): each game at its largest player count (the largest states)
TABLES = {
    "duel": ("duel", None, 2),
    "richard3": ("richard3", None, 2),
    "oldkingscrown": ("oldkingscrown", "standard", 4),
    "crownofroses": ("crownofroses", "seeds_of_enmity", 4),
    "hereistand": ("hereistand", "1517", 6),
}
#: what each measure holds: one game, or the four games in equal shares
SETS = {**{name: [name] for name in TABLES}, "mix": ["richard3", "oldkingscrown", "crownofroses", "hereistand"]}


def _db_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def engines() -> dict:
    """The engines the benchmark plays: the test game Duel and every registered game that loads."""
    from rules.core import get_engine
    from tests.support.duel import ENGINE as duel
    found = {"duel": duel}
    for name in TABLES:
        if name == "duel":
            continue
        try:
            engine = get_engine(name)
            engine.scenarios()
            found[name] = engine
        except Exception as error:  # not loadable here: measure what exists
            print(f"({name} skipped: {type(error).__name__}: {error})")
    return found


def new_game(svc: TableService, table: str, tag: str, seed: int) -> int:
    """A started game of ``table`` (TABLES), every seat taken by a user named after ``tag``."""
    game, scenario, players = TABLES[table]
    g = svc.create_game(game, channel=f"chan{seed % 50}", creator_id=f"{tag}-0", scenario=scenario,
                        players=players).game_id
    for seat in range(players):
        svc.join(g, f"{tag}-{seat}")
    svc.start(g, f"{tag}-0", seed=seed)
    return g


def random_order(svc: TableService, g: int, chooser: random.Random) -> tuple[str, str, str]:
    """(user, role, action): a random legal order of a random role the game waits for."""
    game = svc._game(g)
    engine = svc._engine(game.game)
    state = svc._state(game)
    role = chooser.choice(engine.active_roles(state))
    action = chooser.choice(engine.legal_actions(state, role)).id
    user = next(s.user_id for s in svc.status(g).seats if role in s.roles)
    return user, role, action


def _set_up(svc: TableService, tables: list[str], count: int, first_seed: int) -> list[int]:
    """``count`` started games, the tables taken in turn; 100 games a transaction (set-up is not timed)."""
    games: list[int] = []
    for start in range(0, count, 100):
        with svc.transaction():
            for i in range(start, min(count, start + 100)):
                games.append(new_game(svc, tables[i % len(tables)], f"u{first_seed + i}", first_seed + i))
    return games


def _percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def bench(name: str, found: dict, folder: Path) -> None:
    tables = [t for t in SETS[name] if t in found]
    if not tables:
        return
    path = folder / f"{name}.db"
    svc = TableService(str(path), Config(state_cache_games=GAMES + 10), engines=found)
    chooser = random.Random(1)
    started = time.perf_counter()
    games = _set_up(svc, tables, GAMES, 0)
    table_of = {g: tables[i % len(tables)] for i, g in enumerate(games)}
    setup_seconds = time.perf_counter() - started
    svc.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size_before = _db_bytes(path)

    timings: dict[str, list[float]] = {storage.SYNCHRONOUS: [], "NORMAL": []}
    cpu: list[float] = []   # the service's own CPU per order (a busy machine's waits left out)
    orders = finished = 0
    setting = storage.SYNCHRONOUS
    while orders < ORDERS:
        wanted = (storage.SYNCHRONOUS, "NORMAL")[(orders // BLOCK) % 2]
        if wanted != setting:
            setting = wanted
            svc.db.execute(f"PRAGMA synchronous={setting}")
        g = chooser.choice(games)
        if svc._game(g).status != "active":
            games.remove(g)
            finished += 1
            new = new_game(svc, table_of[g], f"r{g}", 50_000 + g)
            table_of[new] = table_of[g]
            games.append(new)
            continue
        user, role, action = random_order(svc, g, chooser)
        t0, c0 = time.perf_counter(), time.process_time()
        svc.submit(g, user, action, role=role)
        timings[setting].append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
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
    players = "; ".join(f"{t} {TABLES[t][2]} players" for t in tables)
    print(f"{name} ({players}): {GAMES} games set up in {setup_seconds:.1f}s; {orders} orders ({finished} games "
          f"finished and replaced; a tick, with its WAL checkpoint, every {TICK_EVERY} orders)")
    for setting, times in timings.items():
        median = statistics.median(times) * 1000
        p99 = _percentile(times, 0.99) * 1000
        what = ("Herald's setting, durable: every commit synced" if setting == storage.SYNCHRONOUS
                else "the old setting, for comparison: an OS crash may lose the last commits")
        target = (f"  [target p99 < {GOAL_COMMIT_MS} ms: {'OK' if p99 < GOAL_COMMIT_MS else 'MISSED'}]"
                  if setting == storage.SYNCHRONOUS else "")
        print(f"  commit with synchronous={setting} ({what}; {len(times)} orders, whole submit: checks, engine, one "
              f"transaction): median {median:.2f} ms, p99 {p99:.2f} ms, max {max(times) * 1000:.2f} ms{target}")
    print(f"  CPU per order (both settings): median {statistics.median(cpu) * 1000:.2f} ms, "
          f"p99 {_percentile(cpu, 0.99) * 1000:.2f} ms, max {max(cpu) * 1000:.2f} ms")
    print(f"  tick() with {GAMES} active games and nothing due: median {statistics.median(tick_times) * 1000:.2f} ms")
    print(f"  database: {size_before / 1e6:.1f} MB before, {size_after / 1e6:.1f} MB after; "
          f"growth {(size_after - size_before) / orders:.0f} bytes per order "
          f"(action row, log lines, outbox messages, turn snapshots)")
    if len(tables) == 1:
        _whole_games(svc, tables[0], chooser, path)
    active_now = svc.db.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
    _set_up(svc, tables, GAMES - active_now, 20_000)   # top up: the memory below holds exactly GAMES games
    svc.close()
    _memory(name, path)


def _whole_games(svc: TableService, table: str, chooser: random.Random, path: Path) -> None:
    """Growth over whole games (every turn's snapshot included): a few games played to the end."""
    before = _db_bytes(path)
    actions = 0
    for i in range(WHOLE_GAMES):
        g = new_game(svc, table, f"w{i}", 10_000 + i)
        while svc._game(g).status == "active":
            user, role, action = random_order(svc, g, chooser)
            svc.submit(g, user, action, role=role)
            actions += 1
    svc.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    grown = _db_bytes(path) - before
    print(f"  {WHOLE_GAMES} whole games ({actions} orders): {grown / actions:.0f} bytes per order, "
          f"{grown / WHOLE_GAMES / 1e6:.2f} MB per game")


def _memory(name: str, path: Path) -> None:
    """The memory of a fresh service process holding the database's active games (service_memory)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.service_memory", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  memory: the measuring process failed:\n{done.stderr[-2000:]}")
        return
    m = json.loads(done.stdout.strip().splitlines()[-1])

    def verdict(mb: float) -> str:
        return f"[target < {GOAL_MB} MB: {'OK' if mb < GOAL_MB else 'MISSED'}]"
    print(f"  memory of a bot process holding {m['games']} active games ({name}; settled as at start, then "
          f"{m['orders']} orders and {m['pictures']} pictures): RSS {m['service_mb']:.0f} MB with pictures in "
          f"the drawing worker (the default; the worker {m['worker_mb']:.0f} MB beside it) "
          f"{verdict(m['service_mb'])}; {m['inprocess_mb']:.0f} MB with pictures drawn in the bot's own "
          f"process ([pictures] processes = 0) {verdict(m['inprocess_mb'])}")
    print(f"    (of which {m['start_mb']:.0f} MB the interpreter with Herald and discord.py loaded, "
          f"+{m['states_mb']:.0f} MB the games' states loaded and settled)")


def main(names: list[str] | None = None) -> None:
    names = names or list(SETS)
    unknown = [n for n in names if n not in SETS]
    if unknown:
        print(f"no such service measure: {', '.join(unknown)}; have: {', '.join(SETS)}")
        return
    found = engines()
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            bench(name, found, Path(folder))


if __name__ == "__main__":
    main(sys.argv[1:])

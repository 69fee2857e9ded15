"""An order end to end (issue 28): through the table service to its stored reply, then every picture the
default Discord settings draw for it (the outbox's pictures, and for each "your move": the player's map,
the picture the decision needs, the pictures every prompt brings), for each game at a small and a large
table. Goal: p99 <= 300 ms and no order over 600 ms, pictures included (CPU time).

Then the same orders with their pictures drawn beside them, as the bot does (a delivery thread draws
while the next orders arrive): each order's wall time with the pictures drawn in the service's process
(``[pictures] processes = 0``) and in a worker process (the default, bot/drawing.py). The machine is
shared, so wall times are noisy; the comparison is what they show.

Each run of the cases is a fresh process (so no picture drawn in one run is cached for the next), the
renderer warmed first as the bot warms it at start; the medians of three runs are printed.

Run: python -m benchmarks orders
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import statistics
import tempfile
import threading
import time
from pathlib import Path

from bot import drawing
from bot.config import Config
from bot.service import TableService
from bot.table.records import ServiceError

ORDERS = 40
GOAL_P99_MS, GOAL_MAX_MS = 300, 600
#: (game, scenario, players)
CASES = [("richard3", "1483", 2), ("oldkingscrown", "standard", 1), ("oldkingscrown", "standard", 4),
         ("crownofroses", "seeds_of_enmity", 2), ("crownofroses", "seeds_of_enmity", 4),
         ("hereistand", "1532", 3), ("hereistand", "1532", 6)]
#: HERALD_BENCH_GAMES=richard3,crownofroses: only those games


def _percentiles(values: list[float]) -> str:
    return _line(_stats(values))


def _new_game(svc: TableService, game: str, scenario: str, players: int, seed: int) -> int:
    g = svc.create_game(game, channel="bench", creator_id="u0", scenario=scenario, players=players).game_id
    for i in range(players):
        svc.join(g, f"u{i}")
    svc.start(g, "u0", seed=seed)
    return g


def _random_order(svc: TableService, g: int, chooser: random.Random) -> tuple[str, str, str] | None:
    row = svc._game(g)
    if row.status != "active":
        return None
    engine = svc._engine(row.game)
    state = svc._state(row)
    active = engine.active_roles(state)
    if not active:
        return None
    role = chooser.choice(active)
    action = chooser.choice(engine.legal_actions(state, role)).id
    user = next(s.user_id for s in svc.status(g).seats if role in s.roles)
    return user, action, role


def _picture_jobs(svc: TableService, g: int) -> list[tuple]:
    """What the default Discord delivery draws for the messages the last order queued (and marks them
    delivered): each outbox picture, and each "your move"'s map, needed picture and prompt pictures."""
    jobs: list[tuple] = []
    kinds = svc.picture_manifest(g)
    main = kinds[0].id if kinds else "map"
    for m in svc.outbox.pending(500):
        if m.image is not None and m.kind != "your_move":
            jobs.append(("request", m.image))
        if m.kind == "your_move" and m.game_id == g and kinds:
            jobs.append(("picture", g, m.target, main))
            if m.image is not None and m.image.picture != main:
                jobs.append(("picture", g, m.target, m.image.picture))
            else:
                jobs += [("picture", g, m.target, k.id) for k in kinds if k.shows][:1]
            jobs += [("picture", g, m.target, k.id) for k in kinds[1:] if k.with_prompt]
        svc.outbox.mark_delivered(m.id)
    return jobs


def _draw(svc: TableService, job: tuple) -> None:
    try:
        if job[0] == "request":
            svc.render_image(job[1])
        else:
            svc.picture(job[1], job[2], job[3])
    except ServiceError:   # nothing to draw now (no battle): the delivery leaves it out too
        pass


def _orders(svc, game, scenario, players, seed):
    """(user, action, role) orders of one random game, replayed the same in every run."""
    chooser, g = random.Random(seed), _new_game(svc, game, scenario, players, seed)
    for _ in range(ORDERS):
        order = _random_order(svc, g, chooser)
        if order is None:
            return
        yield g, order


def sequential(folder: Path, game: str, scenario: str, players: int) -> tuple[list[float], list[float], int]:
    """CPU ms per order without and with its pictures, and the most pictures one order drew."""
    svc = TableService(str(folder / f"seq-{game}-{players}.db"), Config(), engines=None)
    svc.warm_pictures()   # as the bot does at start (bot/discordbot/app.py); a cold start: bench_render
    alone, whole, most = [], [], 0
    for g, (user, action, role) in _orders(svc, game, scenario, players, 1):
        start = time.process_time()
        svc.submit(g, user, action, role=role)
        mid = time.process_time()
        jobs = _picture_jobs(svc, g)
        for job in jobs:
            _draw(svc, job)
        end = time.process_time()
        alone.append((mid - start) * 1000)
        whole.append((end - start) * 1000)
        most = max(most, len(jobs))
    svc.close()
    return alone, whole, most


def beside(folder: Path, game: str, scenario: str, players: int, processes: int) -> list[float]:
    """Wall ms per order while a delivery thread draws the earlier orders' pictures."""
    drawing.start_worker(processes)
    svc = TableService(str(folder / f"beside-{game}-{players}-{processes}.db"), Config(), engines=None)
    queue: list[tuple] = []
    lock, done = threading.Lock(), threading.Event()

    def deliver():
        while not done.is_set() or queue:
            with lock:
                job = queue.pop(0) if queue else None
            if job is None:
                time.sleep(0.001)
                continue
            _draw(svc, job)

    thread = threading.Thread(target=deliver)
    thread.start()
    times = []
    try:
        for g, (user, action, role) in _orders(svc, game, scenario, players, 1):
            start = time.perf_counter()
            svc.submit(g, user, action, role=role)
            times.append((time.perf_counter() - start) * 1000)
            jobs = _picture_jobs(svc, g)
            with lock:
                queue.extend(jobs)
            time.sleep(0.02)   # players' orders arrive apart; the drawing goes on meanwhile
    finally:
        done.set()
        thread.join()
        svc.close()
        drawing.stop_worker()
    return times


_RSS_PROBE = """
import sys
from bot import drawing
from rules.core import SetupArgs
from rules.core.registry import get_engine
import render.api
drawing.start_worker(int(sys.argv[1]))
for game in ("richard3", "oldkingscrown", "crownofroses", "hereistand"):
    engine = get_engine(game)
    scenario = engine.scenarios()[0]
    state = engine.setup(SetupArgs(scenario.id, tuple(engine.seatings(scenario.id, scenario.max_players)), 1))
    for role in [None, *[r for seat in state["seats"] for r in seat]]:
        for kind in render.api.manifest(game):
            try:
                drawing.draw(game, engine.view(state, role), kind.id)
            except Exception:
                pass
rss = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmRSS:"))
drawing.stop_worker()
print(rss / 1024)
"""


def service_rss(processes: int) -> float:
    """The RSS (MB) of a process that drew every picture kind of each game's first position for every
    role, with the pictures drawn in it (0) or in a worker process (1)."""
    out = subprocess.run([sys.executable, "-c", _RSS_PROBE, str(processes)], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1], check=True)
    return float(out.stdout.split()[-1])


RUNS = 3   # each in a fresh process (nothing drawn by one run is cached for the next); medians printed


def _stats(values: list[float]) -> dict[str, float]:
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(len(v) * q))]   # noqa: E731
    return {"p50": pick(0.5), "p90": pick(0.9), "p99": pick(0.99), "max": v[-1]}


def _chosen_cases() -> list[tuple[str, str, int]]:
    only = [g for g in os.environ.get("HERALD_BENCH_GAMES", "").split(",") if g]
    return [c for c in CASES if not only or c[0] in only]


def one_run() -> None:
    """One run of every case (in this process): a JSON line per case on stdout."""
    with tempfile.TemporaryDirectory() as tmp:
        for game, scenario, players in _chosen_cases():
            alone, whole, most = sequential(Path(tmp), game, scenario, players)
            if alone:
                print(json.dumps({"case": [game, scenario, players], "orders": len(alone), "most": most,
                                  "alone": _stats(alone), "whole": _stats(whole)}), flush=True)


def _runs() -> list[dict]:
    found = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", "from benchmarks.bench_orders import one_run; one_run()"],
                             capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1], check=True)
        found += [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return found


def _medians(rows: list[dict], part: str) -> dict[str, float]:
    return {k: statistics.median(r[part][k] for r in rows) for k in ("p50", "p90", "p99", "max")}


def _line(m: dict[str, float]) -> str:
    return "  ".join(f"{k} {m[k]:7.1f}" for k in ("p50", "p90", "p99", "max"))


def main() -> None:
    print(f"an order end to end with every picture the default Discord settings draw for it; {ORDERS} orders "
          f"of one random game per case (seed 1), the renderer warmed as the bot warms it at start (a cold "
          f"start: bench render); CPU ms, medians of {RUNS} runs in fresh processes; goal p99 <= {GOAL_P99_MS} "
          f"ms, max <= {GOAL_MAX_MS} ms")
    rows = _runs()
    for game, scenario, players in _chosen_cases():
        mine = [r for r in rows if r["case"] == [game, scenario, players]]
        if not mine:
            continue
        whole = _medians(mine, "whole")
        verdict = "OK" if whole["p99"] <= GOAL_P99_MS and whole["max"] <= GOAL_MAX_MS else "SLOW"
        print(f"{game} {scenario} {players}p ({mine[0]['orders']} orders, up to {mine[0]['most']} pictures an order)")
        print(f"  order alone          {_line(_medians(mine, 'alone'))}")
        print(f"  order + pictures     {_line(whole)}  {verdict} (goal p99 <= {GOAL_P99_MS}, max <= {GOAL_MAX_MS}; "
              f"worst run: p99 {max(r['whole']['p99'] for r in mine):.1f}, max {max(r['whole']['max'] for r in mine):.1f})")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game, scenario, players in _chosen_cases():
            here = beside(folder, game, scenario, players, 0)
            there = beside(folder, game, scenario, players, 1)
            if here:
                print(f"{game} {players}p, order while pictures are drawn, wall ms: in the service's process "
                      f"{_percentiles(here)}")
                print(f"  {'':38}in a worker process     {_percentiles(there)}")
    here, there = service_rss(0), service_rss(1)
    print(f"the service's process after drawing every picture of the four games' first positions: RSS "
          f"{here:.0f} MB drawing them itself, {there:.0f} MB with the drawing process "
          f"(the renderer's layers and caches: {here - there:.0f} MB)")

"""Map rendering speed and size: `python -m benchmarks render`.

Plays a seeded random Richard III game to a few positions, then draws every role's map (public and both
players) many times, with the static-layer cache on (the normal case: a turn's picture copies the cached
board and draws only the pieces) and off (the whole board drawn every time), and reports the median time
per map, the PNG encode time and the PNG size; also the one-off cost of a fresh process (the board's
geometry and the first pictures) and the battle and hand pictures. Targets: under 150 ms a map, under
1.5 MB a picture. First, every game's first map in a fresh process (issue 28: at most 0.5 s), with an
empty disk cache and with the one the first process filled.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import render
from render import core
from render.kit.cache import PICTURES
from render.cli import play

GAME = "richard3"
TARGET_MS = 150.0
TARGET_BYTES = 1_500_000


def _views(steps_list=(40, 150, 400), seed=11):
    views = []
    for steps in steps_list:
        engine, state, _ = play(GAME, None, seed, steps)
        views.append(engine.view(state, None))
        for seat in state["seats"]:
            for role in seat:
                views.append(engine.view(state, role))
    return views


def _battle_views(seed=2, limit=700):
    """Views of a battle under way (with a block gone), for the battle picture."""
    import random
    engine, state, _ = play(GAME, None, seed, 0)
    chooser = random.Random(seed)
    for _ in range(limit):
        battle = state.get("battle")
        if battle and battle.get("out"):
            return [engine.view(state, role) for role in (None, "york", "lancaster")]
        role = chooser.choice(engine.active_roles(state))
        state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state
    return []


def _time(fn, repeat):
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def measure(repeat: int = 15) -> dict[str, float]:
    views = _views()
    core.CACHE.clear()
    started = time.perf_counter()
    render.draw(GAME, views[0])  # geometry, static layer and first layout, as a fresh bot process would
    first_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    for v in views[1:]:
        render.draw_png(GAME, v)
    first_others_ms = (time.perf_counter() - started) * 1000 / max(1, len(views) - 1)
    cached_draw = statistics.median(_time(lambda v=v: render.draw(GAME, v), repeat) for v in views)
    cached_png = statistics.median(_time(lambda v=v: render.draw_png(GAME, v), repeat) for v in views)
    worst_png = max(_time(lambda v=v: render.draw_png(GAME, v), max(3, repeat // 3)) for v in views)
    core.CACHE.enabled = False
    try:
        uncached_png = statistics.median(_time(lambda v=v: render.draw_png(GAME, v), max(3, repeat // 3))
                                         for v in views)
    finally:
        core.CACHE.enabled = True
    sizes = [len(render.draw_png(GAME, v)) for v in views]
    heights = [render.draw(GAME, v).height for v in views]
    extra, extra_ms = [], []
    for v in views + _battle_views():
        for picture in render.pictures(GAME)[1:]:
            try:
                extra.append(len(render.draw_png(GAME, v, picture)))
                extra_ms.append(_time(lambda v=v, p=picture: render.draw_png(GAME, v, p), 3))
            except render.NoPicture:
                pass
    return {"views": len(views), "first_ms": first_ms, "first_others_ms": first_others_ms,
            "draw_cached_ms": cached_draw, "png_cached_ms": cached_png, "png_worst_ms": worst_png,
            "png_uncached_ms": uncached_png, "png_max_bytes": max(sizes), "png_median_bytes": statistics.median(sizes),
            "max_height": max(heights), "other_max_bytes": max(extra) if extra else 0,
            "other_median_ms": statistics.median(extra_ms) if extra_ms else 0}


def main() -> None:
    PICTURES.enabled = False   # these measure drawing and encoding, not the finished-picture cache
    try:
        _main()
    finally:
        PICTURES.enabled = True


_COLD_PROBE = """
import json, sys, time
from rules.core.driver import setup_args
from rules.core.registry import get_engine
game = sys.argv[1]
engine = get_engine(game)
scenario = engine.scenarios()[0]
view = engine.view(engine.setup(setup_args(engine, scenario.id, 1, scenario.max_players)), None)
wall, cpu = time.perf_counter(), time.process_time()
import render
render.draw_png(game, view)
print(json.dumps({"cpu": (time.process_time() - cpu) * 1000, "wall": (time.perf_counter() - wall) * 1000}))
"""
COLD_GOAL_MS = 500.0


def cold_first_map(game: str, cache_dir: str) -> dict[str, float]:
    """CPU and wall ms of a fresh process's first map of ``game`` (importing the renderer included; the
    rules' set-up not), with the disk cache (render/kit/diskcache.py) in ``cache_dir``."""
    out = subprocess.run([sys.executable, "-c", _COLD_PROBE, game], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1], env={**os.environ, "HERALD_CACHE_DIR": cache_dir})
    return json.loads(out.stdout.splitlines()[-1])


def cold_starts() -> None:
    from rules.core.registry import game_ids
    print(f"fresh process, first map of each game (public, first scenario, largest table; goal <= "
          f"{COLD_GOAL_MS:.0f} ms CPU):")
    for game in game_ids():
        with tempfile.TemporaryDirectory() as cache:
            cold = cold_first_map(game, cache)     # an empty disk cache: everything computed
            warm = cold_first_map(game, cache)     # what the first process left in it
        verdict = "ok" if cold["cpu"] <= COLD_GOAL_MS else "MISSED"
        print(f"  {game:14s}: {cold['cpu']:5.0f} ms CPU ({cold['wall']:5.0f} wall) with an empty disk cache "
              f"({verdict}); {warm['cpu']:5.0f} ms CPU ({warm['wall']:5.0f} wall) with it filled")


def _main() -> None:
    cold_starts()
    r = measure()
    print(f"richard3 map, {r['views']} views (public + both players at 3 positions), 1200 px wide, "
          f"up to {r['max_height']} px tall:")
    print(f"  first map in this process     : {r['first_ms']:7.0f} ms wall (board geometry + static layer, once)")
    print(f"  next maps in this process     : {r['first_others_ms']:7.1f} ms each (first layouts of their areas)")
    print(f"  draw only, static layer cached : {r['draw_cached_ms']:7.1f} ms median")
    print(f"  draw + PNG, static layer cached: {r['png_cached_ms']:7.1f} ms median, {r['png_worst_ms']:.1f} ms worst "
          f"(target < {TARGET_MS:.0f} ms: {'ok' if r['png_cached_ms'] < TARGET_MS else 'MISSED'})")
    print(f"  draw + PNG, no cache           : {r['png_uncached_ms']:7.1f} ms median "
          f"(cache saves {r['png_uncached_ms'] - r['png_cached_ms']:.1f} ms a map)")
    print(f"  battle/hand pictures           : {r['other_median_ms']:7.1f} ms median")
    print(f"  PNG size (256-colour palette): median {r['png_median_bytes'] / 1024:.0f} KB, largest "
          f"{r['png_max_bytes'] / 1024:.0f} KB; battle/hand largest {r['other_max_bytes'] / 1024:.0f} KB "
          f"(target < {TARGET_BYTES / 1e6:.1f} MB: "
          f"{'ok' if max(r['png_max_bytes'], r['other_max_bytes']) < TARGET_BYTES else 'MISSED'})")
    main_hereistand()
    crown_of_roses()


def measure_crownofroses(repeat: int = 9) -> dict[str, dict[str, float]]:
    """Crown of Roses: every picture kind from the public view and each house's view at three positions of a
    seeded 3-player game (first turn, a battle, the crowded second turn): median ms (draw + PNG, static layer
    cached) and the largest PNG per kind."""
    game = "crownofroses"
    views = []
    for steps in (33, 101, 628):
        engine, state, _ = play(game, "seeds_of_enmity", 1, steps, 3)
        views += [engine.view(state, role) for role in (None, *state["houses"])]
    core.CACHE.clear()
    started = time.perf_counter()
    render.draw(game, views[0])
    first_ms = (time.perf_counter() - started) * 1000
    found: dict[str, dict[str, float]] = {"first map (static layer)": {"ms": first_ms, "bytes": 0}}
    for picture in render.pictures(game):
        times, cpu, sizes = [], [], []
        for v in views:
            try:
                sizes.append(len(render.draw_png(game, v, picture)))
            except render.NoPicture:
                continue
            times.append(_time(lambda v=v: render.draw_png(game, v, picture), repeat))
            started = time.process_time()
            render.draw_png(game, v, picture)
            cpu.append((time.process_time() - started) * 1000)
        if not times:   # no view of these positions has this picture
            continue
        found[picture] = {"ms": statistics.median(times), "cpu_ms": statistics.median(cpu), "bytes": max(sizes),
                          "views": len(times)}
    return found


def crown_of_roses() -> None:
    r = measure_crownofroses()
    print("crownofroses, public + 3 houses at 3 positions (draw + PNG, static layer cached; CPU time is the "
          "process's own, which a loaded machine does not inflate):")
    for picture, m in r.items():
        if not m["bytes"]:
            print(f"  {picture:24s}: {m['ms']:7.0f} ms once")
            continue
        print(f"  {picture:24s}: {m['ms']:7.1f} ms median ({m['cpu_ms']:.0f} ms CPU) over {m['views']:.0f} views "
              f"({'ok' if m['ms'] < TARGET_MS else 'MISSED'} < {TARGET_MS:.0f} ms), largest {m['bytes'] / 1024:.0f} KB "
              f"({'ok' if m['bytes'] < TARGET_BYTES else 'MISSED'} < {TARGET_BYTES / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()


# ---- Here I Stand (issue 19): the overview, the eight regions, the power cards, diplomacy, the hands --------
HIS = "hereistand"


def measure_hereistand(steps: int = 300, seed: int = 1, repeat: int = 7) -> dict:
    """Median wall and CPU time (draw + PNG, static layers cached) and the largest PNG for every Here I Stand
    picture of a mid-game 1517 position, plus the one-off cost of the static layers in a fresh cache."""
    engine, state, _ = play(HIS, "1517", seed, steps)
    public = engine.view(state, None)
    jobs = [(public, kind.id, params) for kind in render.manifest(HIS) if not kind.private
            for params in ([{p.id: c} for p in kind.params for c in p.choices] or [None])]
    jobs += [(engine.view(state, power), "hand", None) for seat in state["seats"] for power in seat]
    core.CACHE.clear()
    started = time.perf_counter()
    for view, picture, params in jobs:
        try:
            render.draw_png(HIS, view, picture, params)
        except render.NoPicture:
            pass
    first_ms = (time.perf_counter() - started) * 1000
    rows = {}
    for view, picture, params in jobs:
        try:
            data = render.draw_png(HIS, view, picture, params)
        except render.NoPicture:
            continue
        wall, cpu = [], []
        for _ in range(repeat):
            w, c = time.perf_counter(), time.process_time()
            render.draw_png(HIS, view, picture, params)
            wall.append((time.perf_counter() - w) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        kind = picture if picture != "hand" else "hand"
        row = rows.setdefault(kind, {"wall": [], "cpu": [], "bytes": 0, "count": 0})
        row["wall"].append(statistics.median(wall))
        row["cpu"].append(statistics.median(cpu))
        row["bytes"] = max(row["bytes"], len(data))
        row["count"] += 1
    return {"first_ms": first_ms, "pictures": len(jobs), "rows": rows}


def main_hereistand() -> None:
    r = measure_hereistand()
    print(f"hereistand, 1517 after 300 random steps: {r['pictures']} pictures; all static layers built in a "
          f"fresh cache with the first pass: {r['first_ms']:.0f} ms")
    for kind, row in r["rows"].items():
        wall, cpu = statistics.median(row["wall"]), statistics.median(row["cpu"])
        print(f"  {kind:10s} x{row['count']}: draw + PNG {wall:6.1f} ms median wall ({cpu:5.1f} ms CPU), "
              f"worst {max(row['wall']):6.1f} ms; largest {row['bytes'] / 1024:5.0f} KB "
              f"(targets < {TARGET_MS:.0f} ms, < {TARGET_BYTES / 1e6:.1f} MB: "
              f"{'ok' if wall < TARGET_MS and row['bytes'] < TARGET_BYTES else 'MISSED'})")

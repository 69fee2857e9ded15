"""Map rendering speed and size: `python -m benchmarks render`.

Plays a seeded random Richard III game to a few positions, then draws every role's map (public and both
players) many times, with the static-layer cache on (the normal case: a turn's picture copies the cached
board and draws only the pieces) and off (the whole board drawn every time), and reports the median time
per map, the PNG encode time and the PNG size. Targets: under 150 ms a map, under 1.5 MB a picture.
"""

from __future__ import annotations

import statistics
import time

import render
from render import core
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
    render.draw(GAME, views[0])  # build the static layer once, as a running bot would
    cached_draw = statistics.median(_time(lambda v=v: render.draw(GAME, v), repeat) for v in views)
    cached_png = statistics.median(_time(lambda v=v: render.draw_png(GAME, v), repeat) for v in views)
    core.CACHE.enabled = False
    try:
        uncached_png = statistics.median(_time(lambda v=v: render.draw_png(GAME, v), max(3, repeat // 3))
                                         for v in views)
    finally:
        core.CACHE.enabled = True
    sizes = [len(render.draw_png(GAME, v)) for v in views]
    extra = []
    for v in views:
        for picture in render.pictures(GAME)[1:]:
            try:
                extra.append(len(render.draw_png(GAME, v, picture)))
            except render.NoPicture:
                pass
    return {"views": len(views), "draw_cached_ms": cached_draw, "png_cached_ms": cached_png,
            "png_uncached_ms": uncached_png, "png_max_bytes": max(sizes), "png_median_bytes": statistics.median(sizes),
            "other_max_bytes": max(extra) if extra else 0}


def main() -> None:
    r = measure()
    print(f"richard3 map, {r['views']} views (public + both players at 3 positions), 1200 px wide:")
    print(f"  draw only, static layer cached : {r['draw_cached_ms']:7.1f} ms median")
    print(f"  draw + PNG, static layer cached: {r['png_cached_ms']:7.1f} ms median "
          f"(target < {TARGET_MS:.0f} ms: {'ok' if r['png_cached_ms'] < TARGET_MS else 'MISSED'})")
    print(f"  draw + PNG, no cache           : {r['png_uncached_ms']:7.1f} ms median "
          f"(cache saves {r['png_uncached_ms'] - r['png_cached_ms']:.1f} ms a map)")
    print(f"  PNG size: median {r['png_median_bytes'] / 1024:.0f} KB, largest {r['png_max_bytes'] / 1024:.0f} KB; "
          f"battle/hand largest {r['other_max_bytes'] / 1024:.0f} KB "
          f"(target < {TARGET_BYTES / 1e6:.1f} MB: "
          f"{'ok' if max(r['png_max_bytes'], r['other_max_bytes']) < TARGET_BYTES else 'MISSED'})")


if __name__ == "__main__":
    main()

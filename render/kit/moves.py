"""Moves on an area map drawn as arrows that follow the real route: where an arrow crosses the border two
areas share (off what is drawn, with room for the arrow on both sides), the curve it takes through an area
it passes, and where an arrow that arrives from the water lands inside its destination.

``area_at(point)`` is the map's "which area is this pixel" (see kit.areamap); ``avoid`` the boxes of what
is drawn already (names, badges, pieces)."""

from __future__ import annotations

import math
from typing import Callable, Sequence

from .rects import Point, Rect, overlap, unit

AreaAt = Callable[[Point], "str | None"]


def border_crossing(edge: Sequence[Point], seed_a: Point, seed_b: Point, a: str, b: str, area_at: AreaAt,
                    avoid: Sequence[Rect]) -> tuple[Point, Point, float, float]:
    """Where a move from area a to b crosses their shared ``edge`` (``seed_a``, ``seed_b``: points inside
    them, to tell the sides apart): (point, unit normal from a into b, reach back into a, reach on into b),
    the reaches up to 46 px. Places near the middle of the edge, clear of ``avoid``, win."""
    (x0, y0), (x1, y1) = edge
    tx, ty = unit((x0, y0), (x1, y1))
    nx, ny = -ty, tx
    if (seed_b[0] - seed_a[0]) * nx + (seed_b[1] - seed_a[1]) * ny < 0:
        nx, ny = -nx, -ny
    length = math.dist((x0, y0), (x1, y1))
    zone = (min(x0, x1) - 70, min(y0, y1) - 70, max(x0, x1) + 70, max(y0, y1) + 70)
    avoid = [o for o in avoid if overlap(o, zone) > 0]

    def reach(c, sign, area):
        """How far (up to 46 px) the arrow can run from c into ``area`` staying inside it."""
        for r in (46, 38, 30, 22, 14):
            if all(area_at((c[0] + sign * nx * k, c[1] + sign * ny * k)) == area for k in (4, r / 2, r)):
                return r
        return 0

    best, best_cost = None, float("inf")
    for t in (0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6, 0.12, 0.88):
        c = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        back, on = reach(c, -1, a), reach(c, 1, b)
        box = (c[0] - 16, c[1] - 16, c[0] + 16, c[1] + 16)
        cost = sum(overlap(box, o) for o in avoid) * 2
        for p in ((c[0] - nx * back, c[1] - ny * back), (c[0] + nx * on, c[1] + ny * on)):
            pb = (p[0] - 12, p[1] - 12, p[0] + 12, p[1] + 12)
            cost += sum(overlap(pb, o) for o in avoid)
        cost += abs(t - 0.5) * length * 0.5 + (92 - back - on) * 40 + (100000 if not back or not on else 0)
        if cost < best_cost:
            best, best_cost = (c, (nx, ny), float(back or 10), float(on or 10)), cost
    return best


def through_area(p1: Point, p2: Point, middle: Point, steps: int = 8) -> list[Point]:
    """A smooth curve (``steps`` + 1 points) from p1 to p2 bending towards an area's ``middle``."""
    ctrl = ((p1[0] + p2[0]) / 4 + middle[0] / 2, (p1[1] + p2[1]) / 4 + middle[1] / 2)
    pts = []
    for k in range(0, steps + 1):
        t = k / steps
        pts.append(((1 - t) ** 2 * p1[0] + 2 * (1 - t) * t * ctrl[0] + t * t * p2[0],
                    (1 - t) ** 2 * p1[1] + 2 * (1 - t) * t * ctrl[1] + t * t * p2[1]))
    return pts


def landing(start: Point, towards: Point, area: str, area_at: AreaAt, avoid: Sequence[Rect]) -> Point:
    """Where an arrow from ``start`` (on the water) ends inside ``area``: 40-70 px in, turned at most
    0.7 rad off the line to ``towards`` (a point inside the area), its head clear of ``avoid`` where
    possible (so that it is seen to end there)."""
    base = math.atan2(towards[1] - start[1], towards[0] - start[0])
    best, best_cost = None, float("inf")
    for turn in (0, 0.35, -0.35, 0.7, -0.7):
        for reach in (50, 60, 40, 70):
            a = base + turn
            tip = (start[0] + math.cos(a) * reach, start[1] + math.sin(a) * reach)
            mid = (start[0] + math.cos(a) * (reach - 14), start[1] + math.sin(a) * (reach - 14))
            if area_at(tip) != area or area_at(mid) != area:
                continue
            box = (tip[0] - 14, tip[1] - 14, tip[0] + 14, tip[1] + 14)
            cost = sum(overlap(box, o) for o in avoid) + abs(turn) * 60 + abs(reach - 50)
            if cost < best_cost:
                best, best_cost = tip, cost
    if best is None:
        v = unit(start, towards)
        best = (start[0] + v[0] * 50, start[1] + v[1] * 50)
    return best

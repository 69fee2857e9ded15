"""Rectangles and points in picture pixels: overlap, growing, unions, walking along a polyline, and choosing
the candidate place that covers least of what is already drawn (for badges, counts and tags)."""

from __future__ import annotations

import math
from typing import Sequence

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share (0 when they do not overlap)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def grow(r: Rect, m: float) -> Rect:
    """``r`` with a margin of ``m`` px all round (negative shrinks it)."""
    return (r[0] - m, r[1] - m, r[2] + m, r[3] + m)


def union(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding all of ``rects``."""
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def centre(r: Rect) -> Point:
    return ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2)


def unit(p: Point, q: Point) -> Point:
    """The unit vector from p towards q."""
    n = math.dist(p, q) or 1.0
    return ((q[0] - p[0]) / n, (q[1] - p[1]) / n)


def along(pts: Sequence[Point], dist: float) -> Point:
    """The point ``dist`` px along a polyline (its end if it is shorter)."""
    for p, q in zip(pts, pts[1:]):
        seg = math.dist(p, q)
        if dist <= seg and seg > 0:
            t = dist / seg
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        dist -= seg
    return pts[-1]


class RectIndex(list):
    """A list of rects (only ever appended to) that also files each under the ``BUCKET`` px squares it
    touches, so that the rects near a place are found without testing every one: a map's obstacles
    (hundreds, for the badges, counts and tags placed one after another with ``least_covered``)."""

    BUCKET = 96

    def __init__(self, rects: Sequence[Rect] = ()) -> None:
        super().__init__()
        self._buckets: dict[tuple[int, int], list[int]] = {}
        self.extend(rects)

    def _span(self, r: Rect):
        b = self.BUCKET
        return (range(math.floor(r[0] / b), math.floor(r[2] / b) + 1),
                range(math.floor(r[1] / b), math.floor(r[3] / b) + 1))

    def append(self, r: Rect) -> None:
        i = len(self)
        super().append(r)
        xs, ys = self._span(r)
        for bx in xs:
            for by in ys:
                self._buckets.setdefault((bx, by), []).append(i)

    def extend(self, rects) -> None:
        for r in rects:
            self.append(r)

    def __iadd__(self, rects):
        self.extend(rects)
        return self

    def _append_only(self, *args, **kwargs):
        raise TypeError("a RectIndex is only appended to (its buckets hold positions)")

    insert = pop = remove = clear = sort = reverse = __setitem__ = __delitem__ = _append_only

    def near(self, area: Rect) -> list[Rect]:
        """The rects filed in the buckets ``area`` touches (every rect that may overlap it), in order."""
        xs, ys = self._span(area)
        found: set[int] = set()
        for bx in xs:
            for by in ys:
                found.update(self._buckets.get((bx, by), ()))
        return [self[i] for i in sorted(found)]


def least_covered(cands: list[Rect], obstacles: Sequence[Rect], bounds: Rect,
                  names: Sequence[Rect] = ()) -> Rect:
    """The candidate covering least of ``obstacles`` and staying inside ``bounds``; a name (``names``) is
    never covered while any candidate leaves it free (nearby places are added for that). Earlier
    candidates win ties. Obstacles in a :class:`RectIndex` are looked up near the candidates only."""
    if names:
        extra = []
        for r in cands[:3]:   # the first places, pushed further out in each direction
            w, h = r[2] - r[0], r[3] - r[1]
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
                for k in (1, 2):
                    extra.append((r[0] + dx * w * k, r[1] + dy * h * k, r[2] + dx * w * k, r[3] + dy * h * k))
        cands = list(cands) + extra
    # Only obstacles within reach of some candidate can cost anything: the rest add exactly 0 (a map
    # has hundreds of obstacles and most labels a handful of candidates nearby).
    reach = union(cands)
    pool = obstacles.near(reach) if isinstance(obstacles, RectIndex) else obstacles
    obstacles = [o for o in pool if overlap(reach, o)]
    names = [n for n in names if overlap(reach, n)]
    best, best_cost = cands[0], float("inf")
    for i, r in enumerate(cands):
        cost = sum(overlap(r, o) for o in obstacles) + 8 * ((r[2] - r[0]) * (r[3] - r[1]) - overlap(r, bounds))
        cost += 1000 * sum(overlap(r, n) for n in names)
        cost += i * 0.5  # earlier candidates are preferred
        if cost < best_cost:
            best, best_cost = r, cost
        if cost < 1:
            break
    return best

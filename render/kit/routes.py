"""Routes drawn across open room (ships through a sea, a march around obstacles): the cheapest path on a
coarse grid of costs, distances from blocked cells (to keep a route off the coasts), and string pulling
(dropping points while the straight line between the kept ones stays clear)."""

from __future__ import annotations

import heapq
import math
from typing import Callable, Sequence

from .rects import Point

Cell = tuple[int, int]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def cheapest_path(cost: Sequence[Sequence[float | None]], start: Cell, goal: Cell) -> list[Cell] | None:
    """The cheapest 8-connected path of (col, row) cells from ``start`` to ``goal`` (Dijkstra); a cell whose
    cost is None is blocked (except the goal). None when the goal cannot be reached."""
    rows, cols = len(cost), len(cost[0]) if cost else 0
    dist = {start: 0.0}
    prev: dict = {}
    heap = [(0.0, start)]
    while heap:
        dd, u = heapq.heappop(heap)
        if u == goal:
            break
        if dd > dist.get(u, float("inf")):
            continue
        for dx, dy in STEPS:
            v = (u[0] + dx, u[1] + dy)
            if not (0 <= v[0] < cols and 0 <= v[1] < rows):
                continue
            c = cost[v[1]][v[0]]
            if c is None and v != goal:
                continue
            step = (1.414 if dx and dy else 1.0) * (c or 1.0)
            nd = dd + step
            if nd < dist.get(v, float("inf")):
                dist[v] = nd
                prev[v] = u
                heapq.heappush(heap, (nd, v))
    if goal not in dist:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def distance_from(blocked: Sequence[Sequence[bool]], limit: int = 6, far: int = 99) -> list[list[int]]:
    """Per cell, the 4-connected distance in cells to the nearest blocked cell, counted up to ``limit``
    (``far`` beyond)."""
    rows, cols = len(blocked), len(blocked[0]) if blocked else 0
    near = [[far] * cols for _ in range(rows)]
    frontier = [(c, r) for r in range(rows) for c in range(cols) if blocked[r][c]]
    for c, r in frontier:
        near[r][c] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c, r in frontier:
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cc, rr = c + dc, r + dr
                if 0 <= cc < cols and 0 <= rr < rows and near[rr][cc] > d:
                    near[rr][cc] = d
                    nxt.append((cc, rr))
        frontier = nxt if d < limit else []
    return near


def pull_string(pts: list[Point], clear: Callable[[Point, Point], bool]) -> list[Point]:
    """Drop points while the straight line between the kept ones is ``clear``."""
    out = [pts[0]]
    i = 0
    while i < len(pts) - 1:
        j = len(pts) - 1
        while j > i + 1 and not clear(pts[i], pts[j]):
            j -= 1
        out.append(pts[j])
        i = j
    return out


def segment_clear(p: Point, q: Point, blocked: Callable[[int, int], bool], step: float = 4,
                  probe: int = 7) -> bool:
    """Whether the segment p-q, and ``probe`` px either side of it, crosses no ``blocked`` pixel (sampled
    every ``step`` px)."""
    n = max(2, int(math.dist(p, q) / step))
    for k in range(1, n):
        t = k / n
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        for dx, dy in ((0, 0), (probe, 0), (-probe, 0), (0, probe), (0, -probe)):
            if blocked(int(x + dx), int(y + dy)):
                return False
    return True

"""Labels: an area's or a space's name with its symbols, set in centred rows, and where to put it.

A label is rows of :class:`LabelItem` (a piece of text or a symbol the game draws, each with its size).
``measure`` and ``set_rows`` lay the rows out; ``scan_places`` tries every *look* (the rows at some size,
with or without symbols) at every place of a :class:`~render.kit.freegrid.FreeGrid` and ``rank_places``
keeps the good ones, best first, as :class:`LabelSpot` (so the pieces drawn later can take the best place
that leaves them room). For labels of points (a graph map's spaces), ``place_labels`` puts each label at
the first of its candidate places that overlaps nothing drawn and no other label, and returns a
:class:`LabelLayout`: the boxes it chose, which ``LabelLayout.collisions`` checks (for tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from .freegrid import FreeGrid
from .rects import Point, Rect, overlap, union

BARE_COST = 1000    # a name without its symbols looks this much worse than any place with them


@dataclass
class LabelItem:
    """One piece of a label: ``kind`` "text" (``text`` at ``size`` px, ``bold``) or a symbol kind the game
    draws (``text`` and ``side`` are the symbol's own data); (x, y) is its centre once placed."""

    kind: str
    text: str = ""
    x: float = 0.0             # centre
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    bold: bool = False
    size: int = 0
    side: str = ""


@dataclass
class LabelSpot:
    """One way to put a label: the items to draw and the rect of each row."""

    items: list[LabelItem]
    rects: list[Rect]
    rect: Rect                 # the whole label
    rank: int                  # 0 = the best looking (largest name, fewest rows, nearest the data point)
    cost: float = 0.0          # how much worse than the best it looks
    bare: bool = False         # the name alone, without its symbols (only when the pieces need the room)


Rows = list[list[LabelItem]]
# ways to set one label at one size: [(name rows, [symbol rows, another way to set the symbols, ...]), ...]
Look = list[tuple[Rows, list[Rows]]]


def measure(rows: Rows, gap: float = 4) -> tuple[float, float, list[float], list[float]]:
    """(width, height, width of each row, height of each row) of rows set ``gap`` px apart."""
    widths = [sum(i.w for i in row) + gap * (len(row) - 1) for row in rows]
    heights = [max(i.h for i in row) for row in rows]
    return max(widths), sum(heights) + 2 * (len(rows) - 1), widths, heights


def set_rows(rows: Rows, cx: float, top: float, gap: float = 4) -> tuple[list[LabelItem], list[Rect]]:
    """Place rows centred on cx from ``top``: the items (with centres) and one rect per row."""
    _, _, widths, heights = measure(rows, gap)
    items, rects = [], []
    y = top
    for row, w, h in zip(rows, widths, heights):
        x = cx - w / 2
        for it in row:
            placed = LabelItem(**{**it.__dict__})
            placed.x, placed.y = x + it.w / 2, y + h / 2
            items.append(placed)
            x += it.w + gap
        rects.append((cx - w / 2 - 3, y - 3, cx + w / 2 + 3, y + h + 3))
        y += h + 2
    return items, rects


def scan_places(looks: Sequence[tuple[int, Look]], grid: FreeGrid, own: FreeGrid, near: Sequence[Rect],
                seed: Point, step: int) -> list:
    """Every look at every place (every ``step`` cells of ``grid``) that fits: ((cost key), rows, rect).

    ``looks`` are (size rank, ways to set the label at that size). A place fits when each row lies at
    least 80% on free cells of ``grid`` and, unless all of it does, covers at most 70 px² of ``near``
    (the corner of a round badge's box); and at least 30% of it lies on ``own`` (the area's own room: a
    name out at sea is a last resort). The key ranks by size, rows, room, then distance from ``seed``."""
    found = []
    sat, gx0, gy0, cols, nrows, cell = grid.sat, grid.gx0, grid.gy0, grid.cols, grid.rows, grid.cell

    def share(r):
        c0, r0 = math.floor(r[0] / cell) - gx0, math.floor(r[1] / cell) - gy0
        c1, r1 = math.ceil(r[2] / cell) - gx0, math.ceil(r[3] / cell) - gy0
        total = (c1 - c0) * (r1 - r0)
        c0, r0, c1, r1 = max(c0, 0), max(r0, 0), min(c1, cols), min(r1, nrows)
        if c1 <= c0 or r1 <= r0:
            return 0.0
        return (sat[r1][c1] - sat[r0][c1] - sat[r1][c0] + sat[r0][c0]) / total

    for si, parts in looks:
        for name_rows, symbol_variants in parts:
            for symbols in symbol_variants:
                rows = name_rows + symbols
                w, h, _, _ = measure(rows)
                w, h = w + 6, h + 6
                # each row's rect relative to the label's top-left corner (rows are centred)
                _, row_rects = set_rows(rows, w / 2, 3)
                x0, y0 = gx0 * cell, gy0 * cell
                x1, y1 = (gx0 + cols) * cell, (gy0 + nrows) * cell
                y = y0
                while y + h <= y1:
                    x = x0
                    while x + w <= x1:
                        boxes = [(x + r[0], y + r[1], x + r[2], y + r[3]) for r in row_rects]
                        sh = 1.0
                        for box in boxes:
                            sh = min(sh, share(box))
                            if sh < 0.8:
                                break
                        # a row may reach over the area's edge a little, and over the corner of a badge's
                        # box (not the badge: a circle leaves ~80 px² free in each corner of its box)
                        if sh >= 0.8 and (sh >= 0.995 or sum(overlap(r, o) for r in boxes for o in near) <= 70):
                            land = own.free_share((x, y, x + w, y + h))
                            if land >= 0.3:
                                cx, cy = x + w / 2, y + h / 2
                                dist = math.hypot(cx - seed[0], cy - seed[1])
                                found.append(((si, len(rows), round((1 - sh) * 20 + (1 - land) * 8),
                                               round(dist / 12)), rows, (x, y, x + w, y + h)))
                        x += cell * step
                    y += cell * step
    return found


def _cost(key) -> float:
    """How much worse a place looks than the best: a smaller name, more rows, less room, further away."""
    return key[0] * 40 + (key[1] - 1) * 25 + key[2] * 12 + key[3] * 3


def rank_places(found: list, bare: list, keep: int = 400, keep_bare: int = 120,
                bare_cost: float = BARE_COST) -> list[LabelSpot]:
    """The places of ``scan_places`` (with symbols, then ``bare``: the name alone) as LabelSpots, best
    first; one of each look per 12 px, so that the places kept are spread over the area."""
    out = []
    for spots, limit, extra in ((found, keep, 0), (bare, keep_bare, bare_cost)):
        spots.sort(key=lambda f: _cost(f[0]))
        seen, spread = set(), []
        for f in spots:
            key = (f[0][0], len(f[1]), tuple(len(r) for r in f[1]), int(f[2][0] // 12), int(f[2][1] // 12))
            if key not in seen:
                seen.add(key)
                spread.append(f)
        for key, rows, rect in spread[:limit]:
            items, rects = set_rows(rows, (rect[0] + rect[2]) / 2, rect[1] + 3)
            cost = _cost(key) + extra
            out.append(LabelSpot(items, rects, union(rects), len(out), cost, bare=bool(extra)))
    return out


# ---- labels of points -----------------------------------------------------------------------------
@dataclass
class LabelLayout:
    """Where ``place_labels`` put each label (key -> box), and what it had to avoid."""

    boxes: dict[str, Rect] = field(default_factory=dict)
    obstacles: list[Rect] = field(default_factory=list)
    squeezed: list[str] = field(default_factory=list)     # labels that found no free place (drawn anyway)

    def collisions(self, margin: float = 0.0) -> list[tuple[str, str]]:
        """Pairs of labels whose boxes overlap, and (label, "obstacle") for a label over an obstacle."""
        out = []
        keys = sorted(self.boxes)
        for i, a in enumerate(keys):
            ra = self.boxes[a]
            for b in keys[i + 1:]:
                if overlap(ra, self.boxes[b]) > margin:
                    out.append((a, b))
            if any(overlap(ra, o) > margin for o in self.obstacles):
                out.append((a, "obstacle"))
        return out


# where a w x h label may go around a point: right, left, below, above, then the diagonals
AROUND = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


def around(point: Point, w: float, h: float, gap: float) -> list[Rect]:
    """The candidate boxes for a w x h label beside a point (a symbol ``gap`` px round it)."""
    x, y = point
    out = []
    for dx, dy in AROUND:
        cx = x + dx * (gap + w / 2)
        cy = y + dy * (gap + h / 2)
        out.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return out


def place_labels(requests: Sequence[tuple[str, list[Rect]]], obstacles: Sequence[Rect], bounds: Rect
                 ) -> LabelLayout:
    """Each request is (key, candidate boxes, best first). In order, each label takes its first candidate
    inside ``bounds`` that overlaps no obstacle and no label already placed; when none does, the one
    overlapping least (and the key is listed in ``squeezed``)."""
    layout = LabelLayout(obstacles=list(obstacles))
    taken: list[Rect] = []
    for key, cands in requests:
        best, best_cost = None, float("inf")
        for i, r in enumerate(cands):
            outside = (r[2] - r[0]) * (r[3] - r[1]) - overlap(r, bounds)
            cost = sum(overlap(r, o) for o in obstacles) + sum(overlap(r, t) for t in taken) + 8 * outside
            if cost < best_cost:
                best, best_cost = r, cost
            if cost == 0:
                break
        if best is None:
            continue
        if best_cost > 0:
            layout.squeezed.append(key)
        layout.boxes[key] = best
        taken.append(best)
    return layout

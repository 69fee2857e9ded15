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
    """One way to put a label: its rows set centred on ``cx`` from ``top``, the rect of each row, and the
    items to draw (placed when first asked for: a board keeps thousands of places and draws a few)."""

    rows: "Rows"
    cx: float
    top: float
    rects: list[Rect]
    rect: Rect                 # the whole label
    rank: int                  # 0 = the best looking (largest name, fewest rows, nearest the data point)
    cost: float = 0.0          # how much worse than the best it looks
    bare: bool = False         # the name alone, without its symbols (only when the pieces need the room)

    @property
    def items(self) -> list[LabelItem]:
        placed = self.__dict__.get("_items")
        if placed is None:
            placed = self.__dict__["_items"] = set_rows(self.rows, self.cx, self.top)[0]
        return placed


Rows = list[list[LabelItem]]
# ways to set one label at one size: [(name rows, [symbol rows, another way to set the symbols, ...]), ...]
Look = list[tuple[Rows, list[Rows]]]


def measure(rows: Rows, gap: float = 4) -> tuple[float, float, list[float], list[float]]:
    """(width, height, width of each row, height of each row) of rows set ``gap`` px apart."""
    widths = [sum(i.w for i in row) + gap * (len(row) - 1) for row in rows]
    heights = [max(i.h for i in row) for row in rows]
    return max(widths), sum(heights) + 2 * (len(rows) - 1), widths, heights


def set_rows(rows: Rows, cx: float, top: float, gap: float = 4, measured: tuple | None = None
             ) -> tuple[list[LabelItem], list[Rect]]:
    """Place rows centred on cx from ``top``: the items (with centres) and one rect per row. ``measured``:
    what ``measure(rows, gap)`` gives, when already known."""
    _, _, widths, heights = measured or measure(rows, gap)
    items, rects = [], []
    y = top
    for row, w, h in zip(rows, widths, heights):
        x = cx - w / 2
        for it in row:
            items.append(LabelItem(it.kind, it.text, x + it.w / 2, y + h / 2, it.w, it.h, it.bold, it.size,
                                   it.side))
            x += it.w + gap
        rects.append((cx - w / 2 - 3, y - 3, cx + w / 2 + 3, y + h + 3))
        y += h + 2
    return items, rects


def row_rects(rows: Rows, cx: float, top: float, gap: float = 4, measured: tuple | None = None) -> list[Rect]:
    """The rects of :func:`set_rows` alone (the same sums), without placing the items."""
    _, _, widths, heights = measured or measure(rows, gap)
    rects = []
    y = top
    for w, h in zip(widths, heights):
        rects.append((cx - w / 2 - 3, y - 3, cx + w / 2 + 3, y + h + 3))
        y += h + 2
    return rects


def scan_places(looks: Sequence[tuple[int, Look]], grid: FreeGrid, own: FreeGrid, near: Sequence[Rect],
                seed: Point, step: int) -> list:
    """Every look at every place (every ``step`` cells of ``grid``) that fits: ((cost key), rows, rect).

    ``looks`` are (size rank, ways to set the label at that size). A place fits when each row lies at
    least 80% on free cells of ``grid`` and, unless all of it does, covers at most 70 px² of ``near``
    (the corner of a round badge's box); and at least 30% of it lies on ``own`` (the area's own room: a
    name out at sea is a last resort). The key ranks by size, rows, room, then distance from ``seed``.

    Places step by whole cells, so the cells a row covers at each column (and at each line) of places are
    worked out once per look and read back for every place (a board's label scan is the slowest part of a
    cold start: issue 28)."""
    found = []
    cell, gx0, gy0 = grid.cell, grid.gx0, grid.gy0
    x0, y0 = gx0 * cell, gy0 * cell
    x1, y1 = (gx0 + grid.cols) * cell, (gy0 + grid.rows) * cell
    sat, own_sat = grid.sat, own.sat
    for si, parts in looks:
        for name_rows, symbol_variants in parts:
            for symbols in symbol_variants:
                rows = name_rows + symbols
                w, h, _, _ = measure(rows)
                w, h = w + 6, h + 6
                # each row's rect relative to the label's top-left corner (rows are centred)
                _, row_rects = set_rows(rows, w / 2, 3)
                xs = _steps(x0, w, x1, cell * step)
                ys = _steps(y0, h, y1, cell * step)
                if not xs or not ys:
                    continue
                # per row: its cell span at each x (clipped span, full width) and at each y
                row_cols = [[_span(x + r[0], x + r[2], cell, gx0, grid.cols) for x in xs] for r in row_rects]
                row_lines = [[_span(y + r[1], y + r[3], cell, gy0, grid.rows) for y in ys] for r in row_rects]
                own_cols = [_span(x, x + w, own.cell, own.gx0, own.cols) for x in xs]
                own_lines = [_span(y, y + h, own.cell, own.gy0, own.rows) for y in ys]
                # which of ``near`` reach each column and each line of places (a px wider: a superset);
                # the others overlap no row there, adding exactly 0 to the sum
                near_cols = [_reaching(near, 0, x - 1, x + w + 1) for x in xs]
                near_lines = [_reaching(near, 1, y - 1, y + h + 1) for y in ys]
                nrows = len(rows)
                for yi, y in enumerate(ys):
                    for xi, x in enumerate(xs):
                        sh = 1.0
                        for k in range(len(row_rects)):
                            c0, c1, cw = row_cols[k][xi]
                            r0, r1, rh = row_lines[k][yi]
                            if c1 <= c0 or r1 <= r0:
                                sh = 0.0
                            else:
                                sr0, sr1 = sat[r0], sat[r1]
                                sh = min(sh, (sr1[c1] - sr0[c1] - sr1[c0] + sr0[c0]) / (cw * rh))
                            if sh < 0.8:
                                break
                        # a row may reach over the area's edge a little, and over the corner of a badge's
                        # box (not the badge: a circle leaves ~80 px² free in each corner of its box)
                        if sh < 0.8:
                            continue
                        if sh < 0.995:
                            reach = near_cols[xi] & near_lines[yi]
                            if reach:
                                hits = [o for i, o in enumerate(near) if reach >> i & 1]
                                boxes = [(x + r[0], y + r[1], x + r[2], y + r[3]) for r in row_rects]
                                if sum(overlap(r, o) for r in boxes for o in hits) > 70:
                                    continue
                        c0, c1, cw = own_cols[xi]
                        r0, r1, rh = own_lines[yi]
                        if c1 <= c0 or r1 <= r0:
                            continue
                        land = (own_sat[r1][c1] - own_sat[r0][c1] - own_sat[r1][c0] + own_sat[r0][c0]) \
                            / max(1, cw * rh)
                        if land >= 0.3:
                            cx, cy = x + w / 2, y + h / 2
                            dist = math.hypot(cx - seed[0], cy - seed[1])
                            found.append(((si, nrows, round((1 - sh) * 20 + (1 - land) * 8),
                                           round(dist / 12)), rows, (x, y, x + w, y + h)))
    return found


def _steps(start: float, size: float, end: float, stride: float) -> list[float]:
    """start, start + stride, ... while ``size`` more still ends by ``end`` (places along one axis)."""
    out, v = [], start
    while v + size <= end:
        out.append(v)
        v += stride
    return out


def _reaching(rects: Sequence[Rect], axis: int, a: float, b: float) -> int:
    """A bit mask of the ``rects`` that reach into (a, b) along ``axis`` (0: x, 1: y)."""
    mask = 0
    for i, r in enumerate(rects):
        if r[axis] < b and r[axis + 2] > a:
            mask |= 1 << i
    return mask


def _span(a: float, b: float, cell: int, g0: int, count: int) -> tuple[int, int, int]:
    """The cells from a to b along one axis of a grid starting at cell ``g0`` with ``count`` cells:
    (first, end) clipped to the grid, and the number of cells unclipped."""
    c0, c1 = math.floor(a / cell) - g0, math.ceil(b / cell) - g0
    return max(c0, 0), min(c1, count), c1 - c0


def _cost(key) -> float:
    """How much worse a place looks than the best: a smaller name, more rows, less room, further away."""
    return key[0] * 40 + (key[1] - 1) * 25 + key[2] * 12 + key[3] * 3


def rank_places(found: list, bare: list, keep: int = 400, keep_bare: int = 120,
                bare_cost: float = BARE_COST) -> list[LabelSpot]:
    """The places of ``scan_places`` (with symbols, then ``bare``: the name alone) as LabelSpots, best
    first; one of each look per 12 px, so that the places kept are spread over the area."""
    return spots(ranked(found, bare, keep, keep_bare, bare_cost))


def ranked(found: list, bare: list, keep: int = 400, keep_bare: int = 120,
           bare_cost: float = BARE_COST) -> list[tuple[float, Rows, Rect, bool]]:
    """:func:`rank_places` before the labels are set: (cost, rows, rect, bare) best first (kept as data
    by a board whose scan is too slow for a cold start)."""
    out = []
    for places, limit, extra in ((found, keep, 0), (bare, keep_bare, bare_cost)):
        places.sort(key=lambda f: _cost(f[0]))
        seen, spread = set(), []
        for f in places:
            key = (f[0][0], len(f[1]), tuple(len(r) for r in f[1]), int(f[2][0] // 12), int(f[2][1] // 12))
            if key not in seen:
                seen.add(key)
                spread.append(f)
        out += [(_cost(key) + extra, rows, rect, bool(extra)) for key, rows, rect in spread[:limit]]
    return out


def spots(places: Sequence[tuple[float, Rows, Rect, bool]]) -> list[LabelSpot]:
    """The labels of :func:`ranked` places set in their rows, ranked in that order."""
    out, measured = [], {}
    for cost, rows, rect, bare in places:
        sizes = measured.get(id(rows))   # the places of one look share its rows
        if sizes is None:
            sizes = measured[id(rows)] = measure(rows)
        cx, top = (rect[0] + rect[2]) / 2, rect[1] + 3
        rects = row_rects(rows, cx, top, measured=sizes)
        out.append(LabelSpot(rows, cx, top, rects, union(rects), len(out), cost, bare=bare))
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

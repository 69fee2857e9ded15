"""Placement of pieces and stacks: setting groups of pieces out in grids (one group per side, side by side
or one above the other), scattering them one by one through ragged free room, a count badge on a stack,
and a framed call-out tied to its place by a leader line when a crowd does not fit there.

Layouts are returned as ``spots``: (group index, piece index, dx, dy) offsets from the layout's top-left
corner, so the caller decides which face each piece shows."""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from PIL import ImageDraw

from .freegrid import FreeGrid
from .rects import Point, Rect, grow
from .style import ACCENT, INK, WHITE
from .text import font

Size = tuple[int, int]
Spot = tuple[int, int, float, float]


def grid_options(n: int, size: Size, gap: float) -> Iterator[tuple[int, int, float, float]]:
    """(columns, rows, width, height) of the grids that hold ``n`` pieces of ``size``, narrowest first,
    skipping a grid when a narrower one needs as many rows."""
    bw, bh = size
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        if cols > 1 and (cols - 1) * rows >= n:
            continue   # a narrower grid holds them in as many rows
        yield cols, rows, cols * bw + (cols - 1) * gap, rows * bh + (rows - 1) * gap


def arrangements(groups: Sequence[tuple[int, Size]], gap: float, group_gap: float, aspect: float = 1.3
                 ) -> list[tuple[float, float, list[Spot]]]:
    """(w, h, spots) for the ways to set out one or two groups of (count, piece size): each group a grid
    (a short last row centred); two groups side by side or stacked. Smallest area first, then the shape
    nearest ``aspect`` (width / height)."""
    out = []

    def spots_of(gi, n, size, cols, ox, oy):
        bw, bh = size
        res = []
        for i in range(n):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            shift = (cols - in_row) * (bw + gap) / 2
            res.append((gi, i, ox + shift + c * (bw + gap), oy + r * (bh + gap)))
        return res

    live = [(gi, n, s) for gi, (n, s) in enumerate(groups) if n]
    if len(live) == 1:
        gi, n, s = live[0]
        for cols, rows, w, h in grid_options(n, s, gap):
            out.append((w, h, spots_of(gi, n, s, cols, 0, 0)))
    elif len(live) == 2:
        (g1, n1, s1), (g2, n2, s2) = live
        for c1, r1, w1, h1 in grid_options(n1, s1, gap):
            for c2, r2, w2, h2 in grid_options(n2, s2, gap):
                side = spots_of(g1, n1, s1, c1, 0, (max(h1, h2) - h1) / 2) + \
                    spots_of(g2, n2, s2, c2, w1 + group_gap, (max(h1, h2) - h2) / 2)
                out.append((w1 + group_gap + w2, max(h1, h2), side))
                stack = spots_of(g1, n1, s1, c1, (max(w1, w2) - w1) / 2, 0) + \
                    spots_of(g2, n2, s2, c2, (max(w1, w2) - w2) / 2, h1 + group_gap)
                out.append((max(w1, w2), h1 + group_gap + h2, stack))
    out.sort(key=lambda a: (a[0] * a[1], abs(math.log((a[0] / a[1]) / aspect))))
    return out


def scatter(grid: FreeGrid, counts: Sequence[int], sizes: Sequence[Size], target: Point, gap: float
            ) -> tuple[Rect, tuple[Spot, ...]] | None:
    """The pieces placed one by one (group after group) in the free room of ``grid``, each as near as it
    can to the middle of those before it (the first near ``target``), ``gap`` px apart: for room too
    ragged for a grid. (bounding rect, spots), or None when they do not all fit."""
    placed = []
    for gi, n in enumerate(counts):
        bw, bh = sizes[gi]
        for i in range(n):
            rect = grid.best(bw + gap, bh + gap, target, step=1)
            if rect is None:
                return None
            placed.append((gi, i, rect[0] + gap / 2, rect[1] + gap / 2))
            grid = grid.without([rect])
            xs = [p[2] + sizes[p[0]][0] / 2 for p in placed]
            ys = [p[3] + sizes[p[0]][1] / 2 for p in placed]
            target = (sum(xs) / len(xs), sum(ys) / len(ys))
    if not placed:
        return None
    x0 = min(p[2] for p in placed)
    y0 = min(p[3] for p in placed)
    x1 = max(p[2] + sizes[p[0]][0] for p in placed)
    y1 = max(p[3] + sizes[p[0]][1] for p in placed)
    return (x0, y0, x1, y1), tuple((gi, i, x - x0, y - y0) for gi, i, x, y in placed)


def count_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str) -> Rect:
    """A stack's count ("×5") in a gold pill centred on (cx, cy); returns its box."""
    f = font(24, True)
    w = f.getlength(text) + 14
    d.rounded_rectangle([cx - w / 2, cy - 16, cx + w / 2, cy + 16], radius=12, fill=ACCENT, outline=INK, width=2)
    d.text((cx, cy), text, font=f, fill=INK, anchor="mm")
    return (cx - w / 2, cy - 16, cx + w / 2, cy + 16)


CALLOUT_FILL = (236, 230, 214)


def leader_line(d: ImageDraw.ImageDraw, frm: Point, to: Point) -> None:
    """A cased line from a call-out (``frm``) to the place it belongs to, ending in a dot."""
    (x0, y0), (x1, y1) = frm, to
    d.line([(x0, y0), (x1, y1)], fill=INK, width=5)
    d.line([(x0, y0), (x1, y1)], fill=WHITE, width=2)
    r = 7
    d.ellipse([x1 - r, y1 - r, x1 + r, y1 + r], fill=INK, outline=WHITE, width=2)


def callout_frame(d: ImageDraw.ImageDraw, rect: Rect, fill=CALLOUT_FILL) -> Rect:
    """The frame drawn round a call-out's pieces (6 px outside ``rect``); returns the frame's box."""
    box = grow(rect, 6)
    d.rounded_rectangle(box, radius=8, fill=fill, outline=INK, width=3)
    return box

"""Free room on a picture as a grid of small cells (``cell`` px square), with a summed-area table so that
"is this rectangle all free" costs O(1): where pieces, stacks and labels may go inside an area, on open
water, or anywhere off what is already drawn."""

from __future__ import annotations

import math
from itertools import accumulate
from operator import add
from typing import Sequence

from .rects import Point, Rect

CELL = 6   # px per cell: fine enough for 36 px pieces, coarse enough to search a 1200 px map quickly


class FreeGrid:
    """Which cells of a window (``cols`` x ``rows`` cells from cell (gx0, gy0)) are free (1) or taken (0)."""

    def __init__(self, gx0: int, gy0: int, cols: int, rows: int, free: list[list[int]], cell: int = CELL):
        self.gx0, self.gy0, self.cols, self.rows = gx0, gy0, cols, rows
        self.cell = cell
        self.free = free
        # summed-area table: each line the one above plus this row's running sums (whole lines at a time)
        s = [[0] * (cols + 1)]
        for r in range(rows):
            s.append([0, *map(add, s[r][1:], accumulate(free[r][:cols]))])
        self.sat = s
        self.count = s[rows][cols]

    def cells(self, rect: Rect) -> tuple[int, int, int, int]:
        """Grid index range (c0, r0, c1, r1), exclusive ends, of the cells a rect touches."""
        cell = self.cell
        c0 = math.floor(rect[0] / cell) - self.gx0
        r0 = math.floor(rect[1] / cell) - self.gy0
        c1 = math.ceil(rect[2] / cell) - self.gx0
        r1 = math.ceil(rect[3] / cell) - self.gy0
        return c0, r0, c1, r1

    def fits(self, rect: Rect) -> bool:
        c0, r0, c1, r1 = self.cells(rect)
        if c0 < 0 or r0 < 0 or c1 > self.cols or r1 > self.rows:
            return False
        s = self.sat
        return s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0] == (c1 - c0) * (r1 - r0)

    def free_share(self, rect: Rect) -> float:
        """The share of a rectangle's cells that are free."""
        c0, r0, c1, r1 = self.cells(rect)
        total = max(1, (c1 - c0) * (r1 - r0))
        c0, r0 = max(c0, 0), max(r0, 0)
        c1, r1 = min(c1, self.cols), min(r1, self.rows)
        if c1 <= c0 or r1 <= r0:
            return 0.0
        s = self.sat
        return (s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0]) / total

    def without(self, rects: Sequence[Rect]) -> "FreeGrid":
        """A copy with the cells under ``rects`` taken."""
        free = [row[:] for row in self.free]
        for rect in rects:
            c0, r0, c1, r1 = self.cells(rect)
            for r in range(max(0, r0), min(self.rows, r1)):
                row = free[r]
                for c in range(max(0, c0), min(self.cols, c1)):
                    row[c] = 0
        return FreeGrid(self.gx0, self.gy0, self.cols, self.rows, free, self.cell)

    def best(self, w: float, h: float, target: Point, step: int = 2) -> Rect | None:
        """The free w x h rectangle whose centre is nearest to ``target``, or None."""
        cell = self.cell
        cw, ch = math.ceil(w / cell), math.ceil(h / cell)
        if cw > self.cols or ch > self.rows:
            return None
        s = self.sat
        need = cw * ch
        best, best_d = None, float("inf")
        tx, ty = target
        for r in range(0, self.rows - ch + 1, step):
            sr, sr1 = s[r], s[r + ch]
            cy = (self.gy0 + r) * cell + h / 2
            dy = (cy - ty) ** 2
            if dy >= best_d:
                continue
            for c in range(0, self.cols - cw + 1, step):
                if sr1[c + cw] - sr[c + cw] - sr1[c] + sr[c] == need:
                    cx = (self.gx0 + c) * cell + w / 2
                    dist = (cx - tx) ** 2 + dy
                    if dist < best_d:
                        best_d, best = dist, ((self.gx0 + c) * cell, (self.gy0 + r) * cell)
        if best is None:
            return None
        # centre the rectangle in its grid cells
        x, y = best[0] + (cw * cell - w) / 2, best[1] + (ch * cell - h) / 2
        return (x, y, x + w, y + h)

    def fitting(self, w: float, h: float, step: int = 2) -> list[Rect]:
        """Every free w x h rectangle (on a coarse step)."""
        cell = self.cell
        cw, ch = math.ceil(w / cell), math.ceil(h / cell)
        s, need, out = self.sat, cw * ch, []
        for r in range(0, self.rows - ch + 1, step):
            for c in range(0, self.cols - cw + 1, step):
                if s[r + ch][c + cw] - s[r][c + cw] - s[r + ch][c] + s[r][c] == need:
                    x, y = (self.gx0 + c) * cell, (self.gy0 + r) * cell
                    out.append((x, y, x + w, y + h))
        return out

    def centroid(self, default: Point) -> Point:
        """The middle of the free cells (``default`` when none is free)."""
        sx = sy = n = 0
        for r, row in enumerate(self.free):
            for c, v in enumerate(row):
                if v:
                    sx += c
                    sy += r
                    n += 1
        if not n:
            return default
        return ((self.gx0 + sx / n + 0.5) * self.cell, (self.gy0 + sy / n + 0.5) * self.cell)


def take(cells: list[list[int]], rects: Sequence[Rect], gx0: int, gy0: int, cell: int = CELL) -> None:
    """Mark the cells under ``rects`` taken, in a raw cell table whose first cell is (gx0, gy0)."""
    rows, cols = len(cells), len(cells[0]) if cells else 0
    for ob in rects:
        c0 = max(0, math.floor(ob[0] / cell) - gx0)
        r0 = max(0, math.floor(ob[1] / cell) - gy0)
        c1 = min(cols, math.ceil(ob[2] / cell) - gx0)
        r1 = min(rows, math.ceil(ob[3] / cell) - gy0)
        for r in range(r0, r1):
            row = cells[r]
            for c in range(c0, c1):
                row[c] = 0


def erode(cells: list[list[int]]) -> list[list[int]]:
    """Keep a cell only if its 8 neighbours are free too (a margin of one cell from every edge)."""
    rows, cols = len(cells), len(cells[0]) if cells else 0
    out = [[0] * cols for _ in range(rows)]
    for r in range(1, rows - 1):
        up, row, dn = cells[r - 1], cells[r], cells[r + 1]
        for c in range(1, cols - 1):
            if row[c] and up[c] and dn[c] and row[c - 1] and row[c + 1] and up[c - 1] and up[c + 1] \
                    and dn[c - 1] and dn[c + 1]:
                out[r][c] = 1
    return out

"""Shapes: dashed lines, arrows straight and along a path, stars, regular polygons, rows of pips."""

from __future__ import annotations

import math
from typing import Sequence

from PIL import ImageDraw

from .style import WHITE, Color


def dashed_line(draw: ImageDraw.ImageDraw, p0: tuple[float, float], p1: tuple[float, float],
                fill: Color, width: int, dash: int, gap: int, round_caps: bool = False) -> None:
    """A dashed straight line (``gap`` 0 draws a solid line)."""
    if gap <= 0:
        draw.line([p0, p1], fill=fill, width=width)
        return
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        a = (x0 + ux * pos, y0 + uy * pos)
        b = (x0 + ux * end, y0 + uy * end)
        draw.line([a, b], fill=fill, width=width)
        if round_caps and width > 2:
            r = width / 2
            for p in (a, b):
                draw.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=fill)
        pos += dash + gap


def arrow(draw: ImageDraw.ImageDraw, p0: tuple[float, float], p1: tuple[float, float], fill: Color,
          width: int = 5, head: int = 18, outline: Color | None = WHITE, shorten: float = 0,
          shorten_end: float | None = None) -> None:
    """A straight arrow from p0 to p1 with a filled head (and a thin outline for contrast)."""
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    end = shorten if shorten_end is None else shorten_end
    if shorten + end > length - head:
        return
    x0, y0 = x0 + ux * shorten, y0 + uy * shorten
    x1, y1 = x1 - ux * end, y1 - uy * end
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    if outline is not None:
        draw.line([(x0, y0), (bx, by)], fill=outline, width=width + 4)
        draw.polygon(tri, fill=outline, outline=outline, width=3)
    draw.line([(x0, y0), (bx, by)], fill=fill, width=width)
    draw.polygon(tri, fill=fill)


def path_arrow(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], fill: Color, width: int = 5,
               head: int = 18, outline: Color | None = WHITE, dash: int = 0, gap: int = 0,
               shorten: float = 0, shorten_end: float | None = None, casing: int = 4) -> None:
    """An arrow along a polyline (dashed if ``gap``), head at the last point; ``shorten`` px are cut
    off the start (and off the end too unless ``shorten_end`` is given)."""
    pts = [tuple(p) for p in points]
    if len(pts) < 2:
        return
    pts = _trim(pts, shorten, shorten if shorten_end is None else shorten_end)
    *body, last = pts
    (x0, y0), (x1, y1) = body[-1], last
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    line = body + [(bx, by)]
    for layer_fill, layer_width in ([(outline, width + casing)] if outline is not None else []) + [(fill, width)]:
        for p, q in zip(line, line[1:]):
            if gap and layer_fill == fill:
                dashed_line(draw, p, q, fill, width, dash, gap)
            else:
                draw.line([p, q], fill=layer_fill, width=layer_width)
        for p in line[1:-1]:
            r = layer_width / 2
            if not (gap and layer_fill == fill):
                draw.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=layer_fill)
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    if outline is not None:
        # the head's casing: the same triangle grown by the casing, so a pale head keeps a clear rim
        gx, gy = sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3
        grow_by = 1 + casing / head * 1.6
        draw.polygon([(gx + (x - gx) * grow_by, gy + (y - gy) * grow_by) for x, y in tri], fill=outline)
    draw.polygon(tri, fill=fill)


def box_exit(box: tuple[float, float, float, float], centre: tuple[float, float],
             towards: tuple[float, float]) -> float:
    """Distance from ``centre`` to the edge of ``box`` in the direction of ``towards``."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return 0.0
    hw = max(centre[0] - box[0], box[2] - centre[0])
    hh = max(centre[1] - box[1], box[3] - centre[1])
    t = min(hw / abs(dx) if dx else float("inf"), hh / abs(dy) if dy else float("inf"))
    return min(t * length, length)


def _trim(pts, start: float, end: float):
    """Cut ``start`` px off the beginning and ``end`` px off the end of a polyline."""
    pts = list(pts)
    if start:
        (x0, y0), (x1, y1) = pts[0], pts[1]
        seg = math.hypot(x1 - x0, y1 - y0) or 1
        t = min(start / seg, 0.45)
        pts[0] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
    if end:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        seg = math.hypot(x1 - x0, y1 - y0) or 1
        t = min(end / seg, 0.45)
        pts[-1] = (x1 - (x1 - x0) * t, y1 - (y1 - y0) * t)
    return pts


def point_along(points: Sequence[tuple[float, float]], fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way along a polyline."""
    seg = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    goal = sum(seg) * fraction
    for i, s in enumerate(seg):
        if goal <= s and s > 0:
            t = goal / s
            return (points[i][0] + (points[i + 1][0] - points[i][0]) * t,
                    points[i][1] + (points[i + 1][1] - points[i][1]) * t)
        goal -= s
    return tuple(points[-1])


def star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5,
         rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rotation + i * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular_polygon(cx: float, cy: float, r: float, sides: int,
                    rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(rotation + 2 * math.pi * i / sides),
             cy + r * math.sin(rotation + 2 * math.pi * i / sides)) for i in range(sides)]


def pips(draw: ImageDraw.ImageDraw, cx: float, cy: float, count: int, total: int, size: float,
         fill: Color, empty: Color | None = None) -> None:
    """``count`` filled diamonds out of ``total`` in a row centred on (cx, cy) (block strength)."""
    gap = size * 1.25
    x = cx - gap * (total - 1) / 2
    for i in range(total):
        pts = regular_polygon(x + i * gap, cy, size / 2, 4)
        if i < count:
            draw.polygon(pts, fill=fill)
        elif empty is not None:
            draw.polygon(pts, outline=empty, width=1)


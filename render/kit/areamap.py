"""Area maps built from points: a schematic board when the data gives one point per area and no outlines.

- ``voronoi``: each area's cell (the points nearer to its point than to any other), clipped to a box;
  ``shared_edge``: the edge two neighbouring cells share (where their border is drawn);
- an *index raster* (mode "L", one value per area, 0 for water) answers "which area is this pixel";
  ``region_stats`` gives each area's box and centroid from it, ``cells_where`` the grid cells inside an
  area (for :class:`~render.kit.freegrid.FreeGrid`), ``ring_mask`` a ring just inside its edge,
  ``value_mask`` a mask of some areas (to tint or hatch them), ``land_part`` the stretch of a border
  that runs over land;
- ``cut_channel`` carves a widening strip of water (an estuary, a strait) into a land mask;
- ``hatch`` a hatched fill; ``areas_along`` the areas a line passes over.
"""

from __future__ import annotations

import math
import re
from typing import Callable, Iterable, Sequence

from PIL import Image, ImageDraw, ImageFilter

from .rects import Point, Rect


def _clip(poly, p, q):
    """The part of convex ``poly`` nearer to p than to q."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    nx, ny = q[0] - p[0], q[1] - p[1]

    def side(v):
        return (v[0] - mx) * nx + (v[1] - my) * ny

    out = []
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        sc, sp = side(cur), side(prev)
        if sc <= 0:
            if sp > 0:
                t = sp / (sp - sc)
                out.append((prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t))
            out.append(cur)
        elif sp <= 0:
            t = sp / (sp - sc)
            out.append((prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t))
    return out


def voronoi(points: dict[str, Point], box: Rect) -> dict[str, list[Point]]:
    """Each key's Voronoi cell (a convex polygon) inside ``box``."""
    x0, y0, x1, y1 = box
    cells = {}
    for key, p in points.items():
        poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for other, q in points.items():
            if other != key and poly:
                poly = _clip(poly, p, q)
        cells[key] = poly
    return cells


def shared_edge(cell: list[Point], p: Point, q: Point) -> list[Point] | None:
    """The edge of ``cell`` (p's Voronoi cell) that lies on the bisector of p and q."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    nx, ny = q[0] - p[0], q[1] - p[1]
    n = math.hypot(nx, ny) or 1
    on = [v for v in cell if abs(((v[0] - mx) * nx + (v[1] - my) * ny) / n) < 0.5]
    if len(on) < 2:
        return None
    # the two extreme points along the bisector
    tx, ty = -ny / n, nx / n
    on.sort(key=lambda v: v[0] * tx + v[1] * ty)
    return [on[0], on[-1]]


def circumcentre(a: Point, b: Point, c: Point) -> Point:
    """Where three Voronoi cells meet."""
    ax, ay = a
    bx, by = b
    cx, cy = c
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by)) or 1e-9
    ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) / d
    uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) / d
    return (ux, uy)


def cut_channel(d: ImageDraw.ImageDraw, path: list[Point], width, inland, reach) -> None:
    """Water (fill 0) along ``path`` (inland end first), ``inland`` px wide at the end and widening to
    ``width`` px over the first 140 px; ``reach`` px more inland beyond the end."""
    if len(path) < 2:
        return
    (x0, y0), (x1, y1) = path[0], path[1]
    n = math.dist(path[0], path[1]) or 1
    pts = [(x0 - (x1 - x0) / n * reach, y0 - (y1 - y0) / n * reach)] + path[1:]
    along = [0.0]
    for p, q in zip(pts, pts[1:]):
        along.append(along[-1] + math.dist(p, q))
    widths = [inland + (width - inland) * min(1.0, max(0.0, s - max(reach, 0)) / 140) for s in along]
    for (p, q), w0, w1 in zip(zip(pts, pts[1:]), widths, widths[1:]):
        L = math.dist(p, q) or 1
        nx, ny = -(q[1] - p[1]) / L, (q[0] - p[0]) / L
        d.polygon([(p[0] + nx * w0 / 2, p[1] + ny * w0 / 2), (q[0] + nx * w1 / 2, q[1] + ny * w1 / 2),
                   (q[0] - nx * w1 / 2, q[1] - ny * w1 / 2), (p[0] - nx * w0 / 2, p[1] - ny * w0 / 2)], fill=0)
        r = w1 / 2
        d.ellipse([q[0] - r, q[1] - r, q[0] + r, q[1] + r], fill=0)
    if inland:
        r = inland / 2
        d.ellipse([pts[0][0] - r, pts[0][1] - r, pts[0][0] + r, pts[0][1] + r], fill=0)


def land_part(edge, px, allowed: set[int], size: tuple[int, int]) -> list[Point] | None:
    """The longest stretch of a segment that runs along land of the ``allowed`` areas (``px``: the
    index raster's pixel access, ``size`` its width and height)."""
    width, height = size
    (x0, y0), (x1, y1) = edge
    n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 2))
    best, run_start, best_len = None, None, 0
    for i in range(n + 1):
        t = i / n
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        ok = False
        if 0 <= x < width - 1 and 0 <= y < height - 1:
            vals = {px[int(x + dx), int(y + dy)] for dx in (-2, 2) for dy in (-2, 2)
                    if 0 <= x + dx < width and 0 <= y + dy < height}
            ok = bool(vals & allowed) and 0 not in vals or len(vals & allowed) == 2
        if ok and run_start is None:
            run_start = t
        if (not ok or i == n) and run_start is not None:
            end = t if ok else (i - 1) / n
            if end - run_start > best_len:
                best_len, best = end - run_start, (run_start, end)
            run_start = None
    if best is None or best_len * math.hypot(x1 - x0, y1 - y0) < 8:
        return None
    (ta, tb) = best
    return [(x0 + (x1 - x0) * ta, y0 + (y1 - y0) * ta), (x0 + (x1 - x0) * tb, y0 + (y1 - y0) * tb)]


def region_stats(index: Image.Image, box: tuple[int, int, int, int], step: int = 3) -> dict[int, tuple[Rect, Point]]:
    """Per value of the index raster (an "L" image) inside ``box``: (bounding box, centroid), sampled every
    ``step`` px (the box grown by ``step`` so that it holds the whole region). Each sampled line is read
    as runs of one value (a map's line crosses a handful of areas), not pixel by pixel."""
    acc: dict[int, list[float]] = {}
    raster, width = index.tobytes(), index.width
    x0, y0, x1, y1 = box
    for y in range(y0, y1, step):
        line = raster[y * width + x0:y * width + x1:step]
        for run in _RUNS.finditer(line):
            v = line[run.start()]
            if not v:
                continue
            i0, i1 = run.start(), run.end()   # samples i0 .. i1 - 1, at x = x0 + i * step
            n = i1 - i0
            first, last = x0 + i0 * step, x0 + (i1 - 1) * step
            e = acc.get(v)
            if e is None:
                e = acc[v] = [first, y, last, y, 0, 0, 0]
            e[0], e[2] = min(e[0], first), max(e[2], last)
            e[1], e[3] = min(e[1], y), max(e[3], y)
            e[4] += (first + last) * n // 2
            e[5] += y * n
            e[6] += n
    return {v: ((e[0] - step, e[1] - step, e[2] + step, e[3] + step), (e[4] / e[6], e[5] / e[6]))
            for v, e in acc.items()}


_RUNS = re.compile(rb"(.)\1*", re.S)


def reachable(mask: Image.Image, seeds: Iterable[tuple[int, int]], through: int) -> Image.Image:
    """A mask (255) of the pixels of ``mask`` (an "L" image) holding ``through`` and joined to one of
    ``seeds`` by such pixels, side to side (what ``ImageDraw.floodfill`` from each seed reaches, without
    its per-pixel Python calls)."""
    width, height = mask.size
    pixels = mask.tobytes()
    out = bytearray(width * height)
    todo = [y * width + x for x, y in seeds if pixels[y * width + x] == through]
    for i in todo:
        out[i] = 255
    while todo:
        i = todo.pop()
        x = i % width
        for j in ((i - 1) if x else -1, (i + 1) if x + 1 < width else -1, i - width, i + width):
            if 0 <= j < len(out) and not out[j] and pixels[j] == through:
                out[j] = 255
                todo.append(j)
    return Image.frombytes("L", (width, height), bytes(out))


def cells_where(index: Image.Image, values: Iterable[int], gx0: int, gy0: int, cols: int, rows: int,
                bounds: Rect, cell: int) -> list[list[int]]:
    """A raw cell table (1 = yes): the cells whose four corners are inside ``bounds`` on a pixel of one of
    ``values`` of the index raster (an "L" image).

    A line of cells reads its four corners as four strided slices of the raster, each mapped to 1 where
    the value is wanted, and ANDs them as integers (no per-pixel Python: issue 28, a board's cold start)."""
    raster, width = index.tobytes(), index.width
    wanted = bytearray(256)
    for v in values:
        wanted[v] = 1
    bx0, by0, bx1, by1 = bounds
    # the columns whose two corners lie inside the bounds across (the rest stay 0)
    first = next((c for c in range(cols) if (gx0 + c) * cell >= bx0), cols)
    last = next((c for c in reversed(range(cols)) if (gx0 + c) * cell + cell - 1 < bx1), -1)
    out = []
    for r in range(rows):
        y = (gy0 + r) * cell
        line = [0] * cols
        if first <= last and by0 <= y and y + cell - 1 < by1:
            n = last - first + 1
            x = (gx0 + first) * cell
            corners = 0
            for yy in (y, y + cell - 1):
                for xx in (x, x + cell - 1):
                    at = yy * width + xx
                    hit = int.from_bytes(raster[at:at + (n - 1) * cell + 1:cell].translate(wanted), "big")
                    corners = hit if yy == y and xx == x else corners & hit
            line[first:last + 1] = corners.to_bytes(n, "big")
        out.append(line)
    return out


def value_mask(index: Image.Image, values: set[int]) -> Image.Image:
    """A mask (255) of the pixels of the index raster holding one of ``values``."""
    return index.point([255 if v in values else 0 for v in range(256)])


def ring_mask(index: Image.Image, box: tuple[int, int, int, int], value: int, width: int = 13) -> Image.Image:
    """A mask of ``box``'s size: the region ``value`` minus the region shrunk by a ``width`` px filter (a ring
    just inside its edge)."""
    region = index.crop(box).point([255 if v == value else 0 for v in range(256)])
    inner = region.filter(ImageFilter.MinFilter(width))
    ring = Image.eval(region, lambda v: v)
    ring.paste(0, (0, 0), inner)
    return ring


def hatch(size, colour, background, step: int = 14) -> Image.Image:
    """Diagonal hatching in ``colour`` on ``background``."""
    img = Image.new("RGB", size, background)
    d = ImageDraw.Draw(img)
    w, h = size
    for k in range(-h, w, step):
        d.line([(k, 0), (k + h, h)], fill=colour, width=3)
    return img


def areas_along(area_at: Callable[[Point], str | None], pts: Sequence[Point], step: float = 8.0) -> set[str]:
    """The areas a polyline passes over (sampled every ``step`` px)."""
    out: set[str] = set()
    for p, q in zip(pts, pts[1:]):
        n = max(1, int(math.dist(p, q) / step))
        for k in range(n + 1):
            area = area_at((p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n))
            if area:
                out.add(area)
    return out


def coast_badge(px, zx, seed: Point, index: int, zone: int, radius: float, placed: Sequence[Point],
                bounds: Rect, rays: int = 72, reach: float = 420) -> Point | None:
    """Where a round badge of ``radius`` px goes on the water of ``zone`` (``zx``: the zone raster's pixel
    access) just off the coast of area ``index`` (``px``: the index raster's), looking out from ``seed``
    along ``rays`` directions: the nearest coast whose water holds the badge all round, clear of the
    badges ``placed`` already. None when no direction reaches such water."""
    bx0, by0, bx1, by1 = bounds
    best, best_score = None, float("inf")
    sx, sy = seed
    for k in range(rays):
        ang = 2 * math.pi * k / rays
        ux, uy = math.cos(ang), math.sin(ang)
        dist = 4.0
        inside = True
        while dist < reach:
            x, y = sx + ux * dist, sy + uy * dist
            if not (bx0 <= x < bx1 and by0 <= y < by1):
                inside = False
                break
            v = px[int(x), int(y)]
            if v != index:
                break
            dist += 3
        if not inside or px[int(sx + ux * dist), int(sy + uy * dist)] != 0:
            continue
        coast = dist
        # the badge: far enough off the coast to sit on water of that zone all round
        bx, by = sx + ux * (coast + radius + 7), sy + uy * (coast + radius + 7)
        ok = True
        for j in range(8):
            a2 = 2 * math.pi * j / 8
            qx, qy = bx + math.cos(a2) * (radius + 2), by + math.sin(a2) * (radius + 2)
            if not (bx0 + 2 <= qx < bx1 - 2 and by0 + 2 <= qy < by1 - 2):
                ok = False
                break
            if px[int(qx), int(qy)] != 0 or zx[int(qx), int(qy)] != zone:
                ok = False
                break
        if not ok or any(math.dist((bx, by), p) < 2 * radius + 6 for p in placed):
            continue
        score = coast
        if score < best_score:
            best, best_score = (bx, by), score
    return best

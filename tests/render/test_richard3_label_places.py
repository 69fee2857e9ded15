"""Richard III's label places are shipped as data (issue 28: a cold first map in 0.5 s): what
render/richard3/label_places.json holds is what a fresh scan finds, and the faster scan and raster reads
of the kit give what the pixel-by-pixel versions they replaced gave, on the board's own rasters."""

from __future__ import annotations

import math

import pytest

from render.kit import areamap, labels
from render.kit.rects import overlap
from render.richard3 import geometry as geo_module


def _spots(geo):
    return {k: [(s.rect, s.rects, s.cost, s.rank, s.bare, [vars(i) for i in s.items]) for s in a.labels]
            for k, a in geo.areas.items()}


@pytest.fixture(scope="module")
def stored():
    return geo_module._build()


@pytest.fixture(scope="module")
def scanned():
    return geo_module._build(found={})


def test_the_shipped_label_places_are_what_a_scan_finds(stored, scanned):
    assert geo_module._stored_places() is not None
    assert _spots(stored) == _spots(scanned), \
        "label_places.json is stale: write it again with python -m render.richard3.geometry"
    assert sum(len(a.labels) for a in stored.areas.values()) > 5000


def _scan_places_before(looks, grid, own, near, seed, step):
    """scan_places as it was (every place measured afresh), the reference the faster one must match."""
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
                w, h, _, _ = labels.measure(rows)
                w, h = w + 6, h + 6
                _, row_rects = labels.set_rows(rows, w / 2, 3)
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


@pytest.mark.parametrize("area", ["north-yorks", "kent", "caernarvon", "east-anglia", "cornwall", "ireland"])
def test_the_faster_scan_finds_the_same_places(stored, area):
    g = stored.areas[area]
    obstacles = stored.static_obstacles
    grids = geo_module._interior_grids(stored, obstacles)
    _, own, room = grids[area]
    near = [o for o in obstacles if overlap(o, geo_module.grow(g.bbox, geo_module.NAME_OVER_SEA + 10)) > 0]
    for bare in (False, True):
        for step in (1, 2):
            looks = geo_module._looks(g, bare)
            assert labels.scan_places(looks, room, own, near, g.seed, step) == \
                _scan_places_before(looks, room, own, near, g.seed, step)


def test_raster_reads_match_pixel_by_pixel(stored):
    index, px = stored.index, stored.index.load()
    box = (0, geo_module.MAP_TOP, geo_module.WIDTH, geo_module.MAP_BOTTOM)
    acc = {}
    for y in range(box[1], box[3], 3):
        for x in range(box[0], box[2], 3):
            if px[x, y]:
                acc.setdefault(px[x, y], []).append((x, y))
    want = {v: ((min(x for x, _ in pts) - 3, min(y for _, y in pts) - 3, max(x for x, _ in pts) + 3,
                 max(y for _, y in pts) + 3), (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)))
            for v, pts in acc.items()}
    assert areamap.region_stats(index, box, 3) == want
    g = stored.areas["gloucester"]
    gx0, gy0, cols, rows, cell = int(g.bbox[0] // 6) - 8, int(g.bbox[1] // 6) - 8, 60, 50, 6
    bounds = (30, geo_module.MAP_TOP, geo_module.WIDTH - 30, geo_module.MAP_BOTTOM)
    cells = areamap.cells_where(index, (0, g.index), gx0, gy0, cols, rows, bounds, cell)
    for r in range(rows):
        for c in range(cols):
            x, y = (gx0 + c) * cell, (gy0 + r) * cell
            corners = [(x, y), (x + cell - 1, y), (x, y + cell - 1), (x + cell - 1, y + cell - 1)]
            inside = all(bounds[0] <= qx < bounds[2] and bounds[1] <= qy < bounds[3] and px[qx, qy] in (0, g.index)
                         for qx, qy in corners)
            assert cells[r][c] == int(inside), (r, c)
    assert any(map(any, cells)) and not all(map(all, cells))


def test_reachable_is_what_flood_fills_reach():
    from PIL import Image, ImageDraw
    mask = Image.new("L", (40, 30), 0)
    d = ImageDraw.Draw(mask)
    d.rectangle([10, 5, 30, 25], outline=255, width=2)     # a lake walled in
    d.line([(0, 15), (8, 15)], fill=255)
    seeds = [(x, 0) for x in range(40)] + [(0, y) for y in range(30)]
    filled = mask.copy()
    for x, y in seeds:
        if filled.getpixel((x, y)) == 0:
            ImageDraw.floodfill(filled, (x, y), 128)
    want = filled.point(lambda v: 255 if v == 128 else 0)
    got = areamap.reachable(mask, seeds, 0)
    assert got.tobytes() == want.tobytes() and got.getpixel((20, 15)) == 0 and got.getpixel((35, 28)) == 255


def test_the_free_grid_sums_are_summed_area_tables():
    from render.kit.freegrid import FreeGrid
    free = [[(r * 7 + c * 3) % 5 != 0 for c in range(23)] for r in range(17)]
    free = [[int(v) for v in row] for row in free]
    grid = FreeGrid(2, 3, 23, 17, free)
    for r in range(18):
        for c in range(24):
            assert grid.sat[r][c] == sum(free[i][j] for i in range(r) for j in range(c))
    assert grid.count == sum(map(sum, free)) and grid.fits((12, 18, 18, 24)) == bool(free[0][0])

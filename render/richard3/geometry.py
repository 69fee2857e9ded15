"""Static geometry of the Richard III map picture, computed once per process.

The project's data (rules/richard3/data/map.json) holds one point per area on the publisher's 1688x1950
board and the borders between areas, no outlines. The picture is a schematic built from those points:

- **Frame and scale.** The data window ``FRAME`` (mainland England and Wales plus the four off-shore
  areas) is scaled uniformly to the picture width; nothing is stretched.
- **Relocations** (``RELOCATE``). The published board parks France in a box in the north-west corner,
  where a schematic map would merge it with Ireland. Here France is an exile across the English Channel,
  south of Cornwall and Dorset; Calais sits south-east across the Channel from Kent; Ireland lies west
  across the Irish Sea, the Isle of Man between. Distances between areas are otherwise the publisher's.
- **Land.** Mainland areas are Voronoi cells of their points, clipped to a coastline derived from the
  points (discs and border corridors, blurred and thresholded). Ireland, the Isle of Man, France and
  Calais are ellipses separated from the mainland by water.
- **Seas.** Three zones, each the water nearest to a few hand-placed seed points (``SEA_SEEDS``) so that
  every coastal area touches exactly the seas the data lists (checked by the tests).
- **Borders** are the shared edges of neighbouring cells, coloured by kind, with the crossing limit in a
  badge at the middle of the edge.

Everything the pieces need is precomputed here: an area-index raster (which area owns each pixel), the
name labels and symbols (placed where they leave the most room), border badges, sea badges (one per
coastal area and sea, in that sea, on that area's coast), shipping routes through each sea, and a coarse
"free room" grid per area that the block layout searches (``free_rect``). Coordinates are picture
pixels (the map starts below the title strip at ``MAP_TOP``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from ..kit.areamap import (cells_where, circumcentre, coast_badge, cut_channel, land_part, reachable,
                           region_stats, shared_edge, voronoi)
from ..kit.freegrid import FreeGrid, erode, take
from ..kit.labels import LabelItem, LabelSpot, measure, ranked, scan_places, set_rows, spots
from ..kit.rects import Point, Rect, grow, overlap, union
from ..kit.routes import cheapest_path, distance_from, pull_string, segment_clear
from ..kit.style import WIDTH
from ..kit.text import font

DATA_DIR = Path(__file__).resolve().parents[2] / "rules" / "richard3" / "data"

# ---- frame ----------------------------------------------------------------------------------------
TITLE_H = 112
MAP_TOP = TITLE_H
FRAME = (205.0, 60.0, 1625.0, 1985.0)        # data window shown: x0, y0, x1, y1
SCALE = WIDTH / (FRAME[2] - FRAME[0])
MAP_H = round((FRAME[3] - FRAME[1]) * SCALE)
MAP_BOTTOM = MAP_TOP + MAP_H
MAP_BOX = (0, MAP_TOP, WIDTH, MAP_BOTTOM)
# the King, the Pretender and the tracks are drawn over the open North Sea, in this box
THRONE_BOX = (866, MAP_TOP + 10, WIDTH - 8, MAP_TOP + 272)

# where areas are drawn when not at their data point (data units)
RELOCATE: dict[str, tuple[float, float]] = {
    # off-shore areas
    "ireland": (338, 420),
    "isle-of-man": (482, 612),
    "france": (590, 1878),
    "calais": (1405, 1868),
    # small moves (at most ~90 data units) so that exactly the areas with a border share an edge long
    # enough for its badge, and no two neighbours crowd each other (found by a small search, then checked
    # by tests/render)
    "scotland": (636, 180),
    "northumbria": (902, 274),
    "north-yorks": (876, 519),
    "east-yorks": (1134, 519),
    "south-yorks": (1005, 684),
    "lancaster": (753, 692),
    "caernarvon": (446, 878),
    "chester": (721, 930),
    "derby": (942, 884),
    "lincoln": (1197, 809),
    "pembroke": (307, 1158),
    "powys": (504, 1082),
    "hereford": (703, 1141),
    "warwick": (906, 1091),
    "leicester": (1153, 1088),
    "rutland": (1332, 972),
    "east-anglia": (1530, 1045),
    "glamorgan": (542, 1334),
    "gloucester": (837, 1298),
    "oxford": (1044, 1313),
    "middlesex": (1249, 1363),
    "essex": (1417, 1230),
    "somerset": (710, 1480),
    "wilts": (920, 1489),
    "sussex": (1131, 1538),
    "kent": (1418, 1491),
    "cornwall": (400, 1660),
    "dorset": (854, 1712),
}
# off-shore areas: ellipse radii in picture px
ISLANDS: dict[str, tuple[float, float]] = {
    "ireland": (104, 146), "isle-of-man": (84, 56), "france": (214, 82), "calais": (176, 90),
}
NAME_OVER_SEA = 48         # px: how far beyond its area's box a name may reach (over water only)
SEA_MARGIN = 30           # px of open water kept along the left and right edges of the map
MAINLAND_R = 92            # px: disc around each mainland point that makes the coastline
# coastline touches: land filled in (data x, y, radius), and water along the shared edge of neighbouring
# areas that have no border (estuaries and straits), cut back by ``trim`` px at the inland end so that the
# area beyond the tip stays inland; so exactly the areas the data calls coastal touch the sea
LAND_PATCHES: list[tuple[float, float, float]] = [(1090, 700, 60), (1255, 1605, 70), (990, 1690, 60), (1470, 920, 60)]
STRAITS: list[tuple[list[tuple[str, str]], str, float, float, float]] = [
    # (neighbouring areas whose shared edges become water, from the inland end out; the third area at the
    #  inland end; width at sea px; width at the inland end px; reach past the inland end px)
    ([("essex", "kent")], "middlesex", 54, 46, 36),                             # the Thames, into Middlesex
    ([("east-yorks", "lincoln")], "south-yorks", 56, 0, -4),                    # the Humber
    ([("glamorgan", "somerset"), ("glamorgan", "cornwall")], "gloucester", 64, 0, -4),  # Bristol Channel
]

# sea zones: the water nearest to these seeds (data units) belongs to that sea
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {
    "irish-sea": [(480, 1480), (230, 700), (240, 1100), (270, 1500), (260, 1900), (420, 250), (520, 560), (660, 1300),
                  (420, 60)],
    "north-sea": [(1450, 420), (980, 80), (1600, 800), (1610, 1250), (1500, 1380), (1620, 1600), (1640, 1930)],
    "english-channel": [(900, 1800), (1220, 1760), (680, 1760), (470, 1790)],
}
SEA_LABEL_AT: dict[str, tuple[float, float]] = {   # data units
    "irish-sea": (317, 744), "north-sea": (1500, 640), "english-channel": (1010, 1880),
}
SEA_ORDER = ("irish-sea", "north-sea", "english-channel")
SEA_INITIAL = {"irish-sea": "I", "north-sea": "N", "english-channel": "C"}
BORDER_LIMIT = {"yellow": 4, "blue": 3, "red": 2}

# ---- label styling (sizes in px; see render/kit/style.py for why these sizes) ----------------------
NAME_FONT = 32
CITY_FONT = 26
ICON = 26
LIMIT_R = 17               # border limit badge radius (digit 26 px)
SEA_BADGE_R = 16           # sea badge radius (letter 24 px)
GRID = 6                   # px per cell of the free-room grid


def to_picture(x: float, y: float) -> tuple[float, float]:
    return ((x - FRAME[0]) * SCALE, (y - FRAME[1]) * SCALE + MAP_TOP)


@dataclass
class AreaGeo:
    id: str
    name: str
    kind: str                             # land, exile
    index: int                            # value in the area-index raster
    seed: Point                           # the data point, in picture px
    seas: list[str] = field(default_factory=list)
    major_port: bool = False
    city: str = ""
    city_side: str = ""
    cathedral: str = ""
    crown: bool = False
    wales: bool = False
    exile_of: str = ""
    shields: list[str] = field(default_factory=list)
    bbox: Rect = (0, 0, 0, 0)             # of the region
    label: list[LabelItem] = field(default_factory=list)       # the best label place (no blocks here)
    label_rects: list[Rect] = field(default_factory=list)
    labels: list = field(default_factory=list)                 # every good label place, best first
    centre: Point = (0.0, 0.0)            # centroid of the free room left for blocks
    anchor: Point = (0.0, 0.0)            # a point well inside the area (move routes pass here)
    sea_badges: dict[str, Point] = field(default_factory=dict)
    free: "FreeGrid | None" = None


@dataclass
class BorderGeo:
    a: str
    b: str
    kind: str                  # yellow, blue, red
    limit: int
    edge: list[Point]          # the shared edge (two points) or a connector
    mid: Point                 # where the limit badge sits


@dataclass
class Geometry:
    areas: dict[str, AreaGeo]
    seas: dict[str, AreaGeo]
    borders: list[BorderGeo]
    cells: dict[str, list[Point]]          # mainland Voronoi cells (unclipped by the coast)
    index: Image.Image                     # "L": 0 = water or outside, else AreaGeo.index
    zones: Image.Image                     # "L": 1..3 = sea zone (SEA_ORDER), for every pixel
    land: Image.Image                      # "L" mask
    by_index: dict[int, str]
    static_obstacles: list[Rect]           # labels, badges: what pieces must not cover
    sea_labels: dict[str, tuple[Point, str]]
    limit_badges: list[tuple[Point, str, int]]
    sea_grid: "FreeGrid | None" = None
    _px: object = None
    _zx: object = None

    def area_at(self, p: Point) -> str | None:
        x, y = int(p[0]), int(p[1])
        if not (0 <= x < WIDTH and MAP_TOP <= y < MAP_BOTTOM):
            return None
        return self.by_index.get(self._px[x, y])

    def sea_at(self, p: Point) -> str | None:
        x, y = int(p[0]), int(p[1])
        if not (0 <= x < WIDTH and MAP_TOP <= y < MAP_BOTTOM) or self._px[x, y]:
            return None
        z = self._zx[x, y]
        return SEA_ORDER[z - 1] if z else None

    def border(self, a: str, b: str) -> BorderGeo | None:
        return self._border_map.get(frozenset((a, b)))

    def route(self, frm: str, to: str, sea: str) -> list[Point]:
        return _sea_route(self, frm, to, sea)


# ---- building -------------------------------------------------------------------------------------
def _label_parts(a: AreaGeo, size: int, town_size: int = CITY_FONT) -> list[tuple[list[list[LabelItem]], list[list[list[LabelItem]]]]]:
    """Ways to set an area's name and symbols: (name rows, [symbol rows variants]). The name is one
    piece; its symbols (crown, port, seats; the city or cathedral and its name) another, placed on their
    own so that together they leave the most room for blocks. Symbols may also ride on the name's line."""
    name_font = font(size, True)
    words = a.name.split()
    name_rows = [[a.name]]
    if len(words) > 1:
        name_rows.append([" ".join(words[:-1]), words[-1]])
    icons: list[LabelItem] = []
    if a.crown:
        icons.append(LabelItem("crown", w=ICON, h=ICON))
    if a.major_port:
        icons.append(LabelItem("port", w=ICON, h=ICON))
    if a.shields:
        icons.append(LabelItem("seat", text=str(len(a.shields)), w=ICON * 0.86, h=ICON))
    town: list[LabelItem] = []
    city_font = font(town_size)
    if a.city:
        town.append(LabelItem("city", side=a.city_side, w=ICON * 0.8, h=ICON))
    if a.cathedral:
        town.append(LabelItem("cathedral", w=ICON * 0.8, h=ICON))
    town_name = a.city or a.cathedral
    if a.cathedral and a.city and a.cathedral != a.city:
        town_name = f"{a.city}, {a.cathedral}"
    if town_name:
        town.append(LabelItem("text", text=town_name, size=town_size, w=city_font.getlength(town_name) + 2,
                              h=town_size))
    out = []
    for lines in name_rows:
        rows = [[LabelItem("text", text=t, size=size, bold=True, w=name_font.getlength(t) + 2,
                           h=size * 0.95)] for t in lines]
        symbols = []
        if icons and town:
            symbols += [[icons + town], [icons, town]]
        elif icons or town:
            symbols.append([icons or town])
        out.append((rows, symbols or [[]]))
        if icons:  # symbols on the name's (last) line
            out.append((rows[:-1] + [rows[-1] + icons], [[town]] if town else [[]]))
    return out


def _build(found: dict[str, list] | None = None) -> Geometry:
    """The geometry, with the label places kept in ``LABEL_PLACES``; ``found``: search them afresh instead
    and put them there (area -> ranked places)."""
    raw = json.loads((DATA_DIR / "map.json").read_text())
    areas: dict[str, AreaGeo] = {}
    seas: dict[str, AreaGeo] = {}
    land_ids = [a["id"] for a in raw["areas"] if a["kind"] != "sea"]
    for a in raw["areas"]:
        x, y = RELOCATE.get(a["id"], a["pos"])
        geo = AreaGeo(id=a["id"], name=a["name"], kind=a["kind"], index=0, seed=to_picture(x, y),
                      seas=list(a.get("seas") or []), major_port=bool(a.get("major_port")),
                      city=a.get("city") or "", city_side=a.get("city_side") or "",
                      cathedral=a.get("cathedral") or "", crown=bool(a.get("crown")), wales=bool(a.get("wales")),
                      exile_of=a.get("exile_of") or "", shields=list(a.get("shields") or []))
        if a["kind"] == "sea":
            seas[a["id"]] = geo
        else:
            geo.index = land_ids.index(a["id"]) + 1
            areas[a["id"]] = geo
    borders_raw = [(b[0], b[1], b[2]) if not isinstance(b, dict) else (b["a"], b["b"], b["kind"])
                   for b in raw["borders"]]
    mainland = [k for k in areas if k not in ISLANDS]
    size = (WIDTH, MAP_BOTTOM)

    cells = voronoi({k: areas[k].seed for k in mainland}, (0, MAP_TOP, WIDTH, MAP_BOTTOM))
    # coastline
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    r = MAINLAND_R
    for k in mainland:
        x, y = areas[k].seed
        d.ellipse([x - r, y - r, x + r, y + r], fill=255)
    for a, b, _ in borders_raw:
        if a in mainland and b in mainland:
            d.line([areas[a].seed, areas[b].seed], fill=255, width=120)
    for x, y, pr in LAND_PATCHES:
        cx, cy = to_picture(x, y)
        pr *= SCALE
        d.ellipse([cx - pr, cy - pr, cx + pr, cy + pr], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(16)).point(lambda v: 255 if v > 128 else 0)
    d = ImageDraw.Draw(mask)
    d.rectangle([0, 0, WIDTH, MAP_TOP - 1], fill=0)
    # open water along the left and right edges, so each sea is one stretch of water ships can follow
    d.rectangle([0, MAP_TOP, SEA_MARGIN, MAP_BOTTOM], fill=0)
    d.rectangle([WIDTH - SEA_MARGIN, MAP_TOP, WIDTH, MAP_BOTTOM], fill=0)
    straits = [(_strait_path(cells, areas, pairs, third), w, wi, r) for pairs, third, w, wi, r in STRAITS]
    for path, _, inland, _ in straits:   # solid land round each inland end, so the tip is sharp
        if path and not inland:
            x, y = path[0]
            d.ellipse([x - 70, y - 70, x + 70, y + 70], fill=255)
    for path, width, inland, reach in straits:
        cut_channel(d, path, width, inland, reach)
    # fill lakes: water not joined to the open sea is land (flood the sea from the frame, at 1/6 scale)
    k = 6
    small = mask.resize((WIDTH // k, MAP_BOTTOM // k), Image.BOX).point(lambda v: 255 if v >= 250 else 0)
    sw, sh = small.size
    top = MAP_TOP // k + 1
    frame = [(x, y) for x in range(sw) for y in (top, sh - 1)] + [(x, y) for y in range(top, sh) for x in (0, sw - 1)]
    ocean = reachable(small, frame, 0).resize((sw * k, sh * k), Image.NEAREST)
    full = Image.new("L", size, 0)
    full.paste(ocean, (0, 0))
    mask = ImageChops.lighter(mask, ImageChops.invert(full))   # land, or water the sea never reached
    d = ImageDraw.Draw(mask)
    d.rectangle([0, 0, WIDTH, MAP_TOP - 1], fill=0)
    for k, (rx, ry) in ISLANDS.items():
        x, y = areas[k].seed
        d.ellipse([x - rx, y - ry, x + rx, y + ry], fill=255)

    # area index raster
    cell_img = Image.new("L", size, 0)
    cd = ImageDraw.Draw(cell_img)
    for k, poly in cells.items():
        cd.polygon(poly, fill=areas[k].index)
    index = Image.new("L", size, 0)
    index.paste(cell_img, (0, 0), mask)
    idraw = ImageDraw.Draw(index)
    for k, (rx, ry) in ISLANDS.items():
        x, y = areas[k].seed
        idraw.ellipse([x - rx, y - ry, x + rx, y + ry], fill=areas[k].index)

    # sea zones (for every pixel; only water pixels matter)
    seeds = {f"{s}#{i}": to_picture(*p) for s in SEA_ORDER for i, p in enumerate(SEA_SEEDS[s])}
    zones = Image.new("L", size, 0)
    zd = ImageDraw.Draw(zones)
    for key, poly in voronoi(seeds, (0, MAP_TOP, WIDTH, MAP_BOTTOM)).items():
        zd.polygon(poly, fill=SEA_ORDER.index(key.split("#")[0]) + 1)

    by_index = {g.index: k for k, g in areas.items()}
    px = index.load()

    # region bounding boxes and centroids (sampled every 3 px)
    stats = region_stats(index, (0, MAP_TOP, WIDTH, MAP_BOTTOM), 3)
    for k, g in areas.items():
        g.bbox, g.anchor = stats[g.index]
        if px[int(g.anchor[0]), int(g.anchor[1])] != g.index:
            g.anchor = g.seed

    # borders: shared cell edges (clipped to land); a connector where cells do not touch
    borders: list[BorderGeo] = []
    for a, b, kind in borders_raw:
        if kind not in BORDER_LIMIT:
            continue
        ga, gb = areas[a], areas[b]
        edge = None
        if a in cells and b in cells:
            edge = shared_edge(cells[a], ga.seed, gb.seed)
        if edge:
            edge = land_part(edge, px, {ga.index, gb.index}, (WIDTH, MAP_BOTTOM))
        if not edge:
            edge = [ga.seed, gb.seed]
        mid = ((edge[0][0] + edge[1][0]) / 2, (edge[0][1] + edge[1][1]) / 2)
        borders.append(BorderGeo(a, b, kind, BORDER_LIMIT[kind], edge, mid))

    geo = Geometry(areas=areas, seas=seas, borders=borders, cells=cells, index=index, zones=zones, land=mask,
                   by_index=by_index, static_obstacles=[], sea_labels={}, limit_badges=[])
    geo._px = px
    geo._zx = zones.load()
    geo._border_map = {frozenset((b.a, b.b)): b for b in borders}
    geo._lane_cache = {}

    obstacles: list[Rect] = []
    for b in borders:
        r = LIMIT_R + 3
        obstacles.append((b.mid[0] - r, b.mid[1] - r, b.mid[0] + r, b.mid[1] + r))
        geo.limit_badges.append((b.mid, b.kind, b.limit))
    for s, (x, y) in SEA_LABEL_AT.items():
        geo.sea_labels[s] = (to_picture(x, y), seas[s].name.upper())

    _place_sea_badges(geo)
    for g in areas.values():
        for (x, y) in g.sea_badges.values():
            r = SEA_BADGE_R + 3
            obstacles.append((x - r, y - r, x + r, y + r))
    obstacles.append(THRONE_BOX)
    for s, ((x, y), text) in geo.sea_labels.items():
        f = font(30, True)
        lines = text.split(" ")
        w = max(f.getlength(t) for t in lines) + 8
        h = 34 * len(lines) + 6
        obstacles.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))

    # free room of each area (off the badges); the places its label may take (chosen per view, with
    # the blocks: see mapview.plan_blocks)
    grids = _interior_grids(geo, obstacles)
    stored = _stored_places() if found is None else None
    for k, g in areas.items():
        g.free, own, room_for_name = grids[k]
        g.centre = g.free.centroid(g.anchor)
        if k in LABEL_ABOVE:
            g.labels = _label_above(g)
        elif stored is not None and k in stored:
            g.labels = _stored_spots(g, stored[k])
        else:   # no data kept yet, or writing it
            places = _scan_label_places(g, room_for_name, own, obstacles)
            if found is not None:
                found[k] = places
            g.labels = spots(places)
        g.label, g.label_rects = g.labels[0].items, g.labels[0].rects
        if k in LABEL_ABOVE:
            obstacles.extend(g.label_rects)
    geo.static_obstacles = obstacles
    geo.sea_grid = _sea_grid(geo, obstacles)
    return geo


def _strait_path(cells, areas, pairs, third) -> list[Point]:
    """The chain of shared edges of ``pairs``, from the meeting point with ``third`` out to sea."""
    segs = []
    for a, b in pairs:
        e = shared_edge(cells[a], areas[a].seed, areas[b].seed) if a in cells else None
        if e:
            segs.append(list(e))
    if not segs:
        return []
    a, b = pairs[0]
    start = circumcentre(areas[a].seed, areas[b].seed, areas[third].seed)
    path = [start]
    while segs:
        seg = min(segs, key=lambda s: min(math.dist(s[0], path[-1]), math.dist(s[1], path[-1])))
        segs.remove(seg)
        if math.dist(seg[0], path[-1]) > math.dist(seg[1], path[-1]):
            seg.reverse()
        path.append(seg[1])
    # out beyond the coast
    (x0, y0), (x1, y1) = path[-2], path[-1]
    n = math.dist(path[-2], path[-1]) or 1
    path[-1] = (x1 + (x1 - x0) / n * 120, y1 + (y1 - y0) / n * 120)
    return path


def _place_sea_badges(geo: Geometry) -> None:
    """For each coastal area and each of its seas: a badge in that sea, just off that area's coast."""
    px, zx = geo._px, geo._zx
    placed: list[Point] = []
    for g in geo.areas.values():
        for s in g.seas:
            best = coast_badge(px, zx, g.seed, g.index, SEA_ORDER.index(s) + 1, SEA_BADGE_R, placed,
                               (0, MAP_TOP, WIDTH, MAP_BOTTOM))
            if best is not None:
                g.sea_badges[s] = best
                placed.append(best)


def _interior_grids(geo: Geometry, obstacles: list[Rect]) -> dict[str, tuple[FreeGrid, FreeGrid]]:
    """Per area: (the GRID cells entirely inside it, at least one cell from its edge, off the obstacles:
    room for blocks; the cells inside it, off the obstacles: room for its name)."""
    out = {}
    for k, g in geo.areas.items():
        gx0, gy0 = int(g.bbox[0] // GRID), int(g.bbox[1] // GRID)
        gx1, gy1 = int(math.ceil(g.bbox[2] / GRID)), int(math.ceil(g.bbox[3] / GRID))
        cols, rows = gx1 - gx0, gy1 - gy0
        inside = cells_where(geo.index, (g.index,), gx0, gy0, cols, rows, (0, MAP_TOP, WIDTH, MAP_BOTTOM), GRID)
        free = erode(inside)    # a margin of one cell from the edge
        near = [ob for ob in obstacles if overlap(ob, g.bbox) > 0]
        take(free, near, gx0, gy0, GRID)
        take(inside, near, gx0, gy0, GRID)
        # room for the name: the area's own cells, and open water next to it (a coastal area's name may
        # hang over its sea, as on any map), off the obstacles
        m = NAME_OVER_SEA // GRID
        ncols, nrows = cols + 2 * m, rows + 2 * m
        name = cells_where(geo.index, (0, g.index), gx0 - m, gy0 - m, ncols, nrows,
                           (SEA_MARGIN, MAP_TOP, WIDTH - SEA_MARGIN, MAP_BOTTOM), GRID)
        take(name, obstacles, gx0 - m, gy0 - m, GRID)
        out[k] = (FreeGrid(gx0, gy0, cols, rows, free, GRID), FreeGrid(gx0, gy0, cols, rows, inside, GRID),
                  FreeGrid(gx0 - m, gy0 - m, ncols, nrows, name, GRID))
    return out


def _sea_grid(geo: Geometry, obstacles: list[Rect]) -> FreeGrid:
    """Water cells (one cell off every coast and the frame), off the sea badges and names: where a crowd
    that does not fit its area may be drawn beside it with a leader line."""
    cols, rows = WIDTH // GRID, MAP_H // GRID
    gy0 = MAP_TOP // GRID + 1
    # water cells clear of the map's bottom edge, then one cell off every coast
    water = cells_where(geo.index, (0,), 0, gy0, cols, rows, (0, MAP_TOP, WIDTH, MAP_BOTTOM - 1), GRID)
    free = erode(water)
    take(free, obstacles, 0, gy0, GRID)
    return FreeGrid(0, gy0, cols, rows, free, GRID)


NAME_SIZES = (NAME_FONT, NAME_FONT - 4)
LABEL_SIZES = ((NAME_FONT, CITY_FONT), (NAME_FONT - 4, CITY_FONT), (NAME_FONT - 4, CITY_FONT - 2))


LABEL_ABOVE: set[str] = set()     # areas whose name always goes on the water below them


def _looks(g: AreaGeo, bare: bool) -> list:
    """The ways to set an area's label, per size (the third size only for a town's name); ``bare``: the
    name alone, on one line per row of the name."""
    out = []
    for si, (size, town_size) in enumerate(LABEL_SIZES):
        if si == 2 and not (g.city or g.cathedral):
            continue
        parts = _label_parts(g, size, town_size)
        if bare:
            seen_names = []
            for name_rows, _ in parts:
                if all(len(r) == 1 for r in name_rows) and name_rows not in seen_names:
                    seen_names.append(name_rows)
            parts = [(n, [[]]) for n in seen_names]
        out.append((si, parts))
    return out


def _label_above(g: AreaGeo) -> list[LabelSpot]:
    """The one place of a name that always goes on the water below its area (``LABEL_ABOVE``)."""
    name_rows, symbol_variants = _label_parts(g, NAME_SIZES[0])[-1]
    rows = name_rows + symbol_variants[0]
    rects = set_rows(rows, g.seed[0], g.bbox[3] + 6)[1]
    return [LabelSpot(rows, g.seed[0], g.bbox[3] + 6, rects, union(rects), 0)]


def _stored_spots(g: AreaGeo, stored: list) -> list[LabelSpot]:
    """The area's label places as kept in ``LABEL_PLACES`` (what :func:`_scan_label_places` finds)."""
    looks = _every_look(g)
    sizes = [measure(rows) for rows in looks]
    return spots([(entry[-2], looks[entry[0]], _place_rect(sizes[entry[0]], entry), bool(entry[-1]))
                  for entry in stored])


def _scan_label_places(g: AreaGeo, grid: FreeGrid, own: FreeGrid, obstacles: list[Rect], keep: int = 400) -> list:
    """Every good place for the area's label, best first (ranked places, kit.labels): the name with its
    symbols (under it or on its line), inside the area and off the badges. The blocks drawn in a view then
    take the best label place that leaves room for them (see mapview.plan_blocks)."""
    near = [o for o in obstacles if overlap(o, grow(g.bbox, NAME_OVER_SEA + 10)) > 0]
    found = scan_places(_looks(g, False), grid, own, near, g.seed, 2)
    if len(found) < 40:        # a tight area: look again cell by cell
        found = scan_places(_looks(g, False), grid, own, near, g.seed, 1)
    if not found:   # squeezed: the one-line name at the smallest size, centred on the data point
        name_rows, _ = _label_parts(g, NAME_SIZES[-1])[0]
        w, h, _, _ = measure(name_rows)
        found = [((1, 1, 20, 0), name_rows, (g.seed[0] - w / 2, g.seed[1] - h / 2, g.seed[0] + w / 2,
                                           g.seed[1] + h / 2))]
    bare = scan_places(_looks(g, True), grid, own, near, g.seed, 2)
    return ranked(found, bare, keep)


def _every_look(g: AreaGeo) -> list:
    """Every way to set the area's label (its rows), with symbols then bare: what ``LABEL_PLACES`` numbers."""
    return [name_rows + symbols for bare in (False, True) for _, parts in _looks(g, bare)
            for name_rows, variants in parts for symbols in variants]


# ---- the label places, kept as data ---------------------------------------------------------------
# Scanning every area for its label places is most of the board's geometry (issue 28: a cold first map
# took over a second): they are found once by `python -m render.richard3.geometry` and kept here; the
# geometry reads them back (tests/render/test_richard3_label_places.py checks they are what a scan finds).
LABEL_PLACES = Path(__file__).with_name("label_places.json")


def _place_entries(g: AreaGeo, places: list) -> list:
    """[look, x, y, cost, bare] for each ranked place (look: its index in :func:`_every_look`; x, y: the
    top left corner of the label as the scan sets it), or [look, x0, y0, x1, y1, cost, bare] for a place
    of another size (the squeezed name)."""
    looks = _every_look(g)
    out = []
    for cost, rows, rect, bare in places:
        look = next((i for i, candidate in enumerate(looks) if candidate == rows), None)
        if look is None:
            raise ValueError(f"{g.id}: a label place whose rows are no look of the area")
        entry = [look, rect[0], rect[1], cost, int(bare)]
        out.append(entry if _place_rect(measure(rows), entry) == rect else [look, *rect, cost, int(bare)])
    return out


def _place_rect(measured: tuple, entry: list) -> Rect:
    """The rect of a stored place: given, or the label's size (``measure`` of its rows, as scan_places
    sets it) at x, y."""
    if len(entry) == 7:
        return tuple(entry[1:5])
    w, h, _, _ = measured
    w, h = w + 6, h + 6    # as scan_places adds them (the same float sums)
    x, y = entry[1], entry[2]
    return (x, y, x + w, y + h)


def _stored_places() -> dict[str, list] | None:
    try:
        return json.loads(LABEL_PLACES.read_text())["areas"]
    except (OSError, ValueError, KeyError):
        return None   # absent or unreadable: searched afresh


def write_label_places() -> Path:
    """Scan every area's label places and keep them in ``LABEL_PLACES``."""
    found: dict[str, list] = {}
    geo = _build(found)
    areas = {k: _place_entries(geo.areas[k], places) for k, places in found.items()}
    LABEL_PLACES.write_text(json.dumps({"note": "Label places of each area, found by `python -m "
                                        "render.richard3.geometry`: [look, x, y, cost, bare] or [look, x0, y0, x1, y1, cost, bare].",
                                        "areas": areas}, separators=(",", ":")) + "\n")
    return LABEL_PLACES


# ---- sea routes -----------------------------------------------------------------------------------
LANE_GRID = 12


def _sea_route(geo: Geometry, frm: str, to: str, sea: str) -> list[Point]:
    """Points of a sea move: from ``frm``'s badge on ``sea`` through that sea (kept off the coasts) to
    ``to``'s badge. Shortest path on a coarse grid of that sea's water, then simplified."""
    key = (frm, to, sea)
    if key in geo._lane_cache:
        return geo._lane_cache[key]
    a, b = geo.areas.get(frm), geo.areas.get(to)
    if a is None or b is None:
        return []
    pa = a.sea_badges.get(sea) or next(iter(a.sea_badges.values()), a.seed)
    pb = b.sea_badges.get(sea) or next(iter(b.sea_badges.values()), b.seed)
    water = _water_grid(geo, sea)
    if water is None:
        return [pa, pb]
    cost, cols, rows = water

    def cell(p):
        return (min(cols - 1, max(0, int(p[0] // LANE_GRID))),
                min(rows - 1, max(0, int((p[1] - MAP_TOP) // LANE_GRID))))

    start, goal = cell(pa), cell(pb)
    cellpath = cheapest_path(cost, start, goal)
    if cellpath is None:
        path = [pa, pb]
    else:
        pts = [((c + 0.5) * LANE_GRID, (r + 0.5) * LANE_GRID + MAP_TOP) for c, r in cellpath]
        pts[0], pts[-1] = pa, pb
        path = pull_string(pts, lambda p, q: segment_clear(p, q, lambda x, y: _on_land(geo, x, y)))
    geo._lane_cache[key] = path
    return path


def _water_grid(geo: Geometry, sea: str):
    cache = geo.__dict__.setdefault("_water", {})
    if sea in cache:
        return cache[sea]
    zone = SEA_ORDER.index(sea) + 1 if sea in SEA_ORDER else 0
    px, zx = geo._px, geo._zx
    cols, rows = WIDTH // LANE_GRID, MAP_H // LANE_GRID
    land = [[False] * cols for _ in range(rows)]
    cost: list[list[float | None]] = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        y = MAP_TOP + r * LANE_GRID + LANE_GRID // 2
        for c in range(cols):
            x = c * LANE_GRID + LANE_GRID // 2
            land[r][c] = px[x, y] != 0
    # distance (in cells) to the nearest land, to keep routes off the coasts
    near = distance_from(land, 6)
    for r in range(rows):
        y = MAP_TOP + r * LANE_GRID + LANE_GRID // 2
        for c in range(cols):
            x = c * LANE_GRID + LANE_GRID // 2
            if land[r][c] or (zone and zx[x, y] != zone):
                continue
            n = near[r][c]
            cost[r][c] = 1.0 + (3.0 / n if n < 4 else 0.0)
    cache[sea] = (cost, cols, rows)
    return cache[sea]


def _on_land(geo: Geometry, x: int, y: int) -> bool:
    return 0 <= x < WIDTH and MAP_TOP <= y < MAP_BOTTOM and geo._px[x, y] != 0


def sources() -> list[Path]:
    """Everything the geometry is computed from: this module, the kit, the map data, the fonts."""
    here = Path(__file__).resolve()
    kit = sorted((here.parents[1] / "kit").glob("*.py"))
    fonts = sorted((here.parents[1] / "fonts").glob("*.ttf"))
    return [here, *kit, DATA_DIR / "map.json", LABEL_PLACES, *fonts]


@lru_cache(maxsize=1)
def geometry() -> Geometry:
    """Computed once per process (about 0.2 s with the label places read from ``LABEL_PLACES``: reading
    a pickle of it from the disk cache took about as long, and writing one slowed the first map)."""
    return _build()


if __name__ == "__main__":
    print(write_label_places())

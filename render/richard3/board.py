"""The static Richard III board, drawn from the project's data (rules/richard3/data/map.json).

The data holds only area positions (on the publisher's 1688x1950 map) and the borders between areas,
no outlines. So the board is a schematic: each land area is a cell of a Voronoi partition of the area
positions, clipped to a coastline derived from the positions themselves (discs around the land areas,
blurred and thresholded); the three seas are the Voronoi partition of the water by the sea positions,
each a different blue with its initial on every coastal area's sea badge. Borders are straight
connecting lines between neighbouring area centres: colour AND width AND dash pattern AND the number of
blocks that may cross (yellow 4 = wide solid, blue 3 = medium dashed, red 2 = thin dotted). Exiles are
hatched. A few positions are nudged for legibility (``NUDGE``); geography is only a guide. Sea moves are
drawn along hand-placed shipping lanes (``LANES_DATA``) so they never cut across the land.

Everything here is static, so it is drawn once per (scenario, size) and cached (render.core.CACHE).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from ..core import (INK, WHITE, anchor_icon, church, crown, dashed_line, font, halo_text,
                    shield, text_size, tower)

DATA_DIR = Path(__file__).resolve().parents[2] / "rules" / "richard3" / "data"

# ---- geometry of the picture ----------------------------------------------------------------------
WIDTH = 1200
TITLE_H = 84
MAP_TOP = TITLE_H
MAP_H = 1360
SCALE = 0.735
ORIGIN = (30.0, 22.0)          # data origin offset subtracted before scaling

# legibility nudges, in data units (the published map's coordinates)
NUDGE: dict[str, tuple[int, int]] = {
    "france": (10, 60),
    "scotland": (0, 40),
    "leicester": (-25, 0),
    "rutland": (10, 0),
    "east-anglia": (-50, 0),
    "calais": (-10, 22),
    "ireland": (40, -50),
    "isle-of-man": (40, 10),
}

# where the blocks of an area go, if not below its name plate
BLOCKS_SIDE: dict[str, str] = {"calais": "left", "france": "right", "scotland": "below"}
SEA_LABEL_OFFSET = {"north-sea": (-40, -120), "irish-sea": (60, 20)}

# Shipping lanes through open water (data units), in order along each sea: a sea move is drawn from its
# area to the nearest lane point, along the lane, and into the destination, so it never cuts across land.
LANES_DATA = {
    "north-sea": [(760, 80), (1080, 150), (1330, 380), (1400, 690), (1590, 850), (1590, 1140), (1590, 1400),
                  (1580, 1650)],
    "english-channel": [(1590, 1690), (1290, 1690), (1000, 1780), (640, 1800), (300, 1800), (150, 1560)],
    "irish-sea": [(400, 300), (470, 330), (500, 600), (540, 760), (330, 790), (250, 1030), (190, 1260),
                  (430, 1460), (650, 1460)],
}

# ---- colours --------------------------------------------------------------------------------------
SEA_COLOURS = {  # three distinct blues, so each sea reads as its own zone
    "irish-sea": (150, 196, 222),
    "north-sea": (166, 204, 232),
    "english-channel": (136, 186, 214),
}
SEA_INITIAL = {"irish-sea": "I", "north-sea": "N", "english-channel": "C"}
LAND = (238, 229, 203)
WALES = (214, 226, 190)
EXILE = (222, 214, 226)
CELL_EDGE = (190, 176, 150)
COAST = (96, 120, 140)

BORDER_STYLE = {  # colour, width, dash, gap, limit
    "yellow": ((222, 170, 0), 9, 0, 0, 4),
    "blue": ((30, 96, 200), 6, 16, 8, 3),
    "red": ((200, 30, 30), 4, 5, 6, 2),
}


@dataclass
class Area:
    id: str
    name: str
    kind: str                      # land, exile, sea
    pos: tuple[float, float]       # picture coordinates
    seas: list[str] = field(default_factory=list)
    major_port: bool = False
    city: str = ""
    city_side: str = ""
    cathedral: str = ""
    crown: bool = False
    wales: bool = False
    island: bool = False
    exile_of: str = ""
    shields: list[str] = field(default_factory=list)


@dataclass
class Board:
    areas: dict[str, Area]
    borders: list[tuple[str, str, str]]
    blocks: dict[str, dict]
    cards: dict[str, dict]
    lanes: dict[str, list[tuple[float, float]]] = field(default_factory=dict)

    def land(self) -> list[Area]:
        return [a for a in self.areas.values() if a.kind != "sea"]


def to_picture(x: float, y: float) -> tuple[float, float]:
    return ((x - ORIGIN[0]) * SCALE + 20, (y - ORIGIN[1]) * SCALE + MAP_TOP)


@lru_cache(maxsize=1)
def load_board() -> Board:
    raw = json.loads((DATA_DIR / "map.json").read_text())
    areas: dict[str, Area] = {}
    for a in raw["areas"]:
        x, y = a["pos"]
        dx, dy = NUDGE.get(a["id"], (0, 0))
        areas[a["id"]] = Area(
            id=a["id"], name=a["name"], kind=a["kind"], pos=to_picture(x + dx, y + dy),
            seas=list(a.get("seas") or []), major_port=bool(a.get("major_port")), city=a.get("city") or "",
            city_side=a.get("city_side") or "", cathedral=a.get("cathedral") or "", crown=bool(a.get("crown")),
            wales=bool(a.get("wales")), island=bool(a.get("island")), exile_of=a.get("exile_of") or "",
            shields=list(a.get("shields") or []))
    borders = [tuple(b) if not isinstance(b, dict) else (b["a"], b["b"], b["kind"]) for b in raw["borders"]]
    blocks = {b["id"]: b for b in json.loads((DATA_DIR / "blocks.json").read_text())}
    try:
        cards = {c["id"]: c for c in json.loads((DATA_DIR / "cards.json").read_text())}
    except FileNotFoundError:
        cards = {}
    lanes = {k: [to_picture(x, y) for x, y in v] for k, v in LANES_DATA.items()}
    return Board(areas, [b for b in borders if b[2] in BORDER_STYLE], blocks, cards, lanes)


def _project(lane, p):
    """(distance along the lane, point) of the lane point nearest to p."""
    best = (float("inf"), 0.0, lane[0])
    along = 0.0
    for (x0, y0), (x1, y1) in zip(lane, lane[1:]):
        dx, dy = x1 - x0, y1 - y0
        seg = math.hypot(dx, dy) or 1.0
        t = max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / (seg * seg)))
        q = (x0 + dx * t, y0 + dy * t)
        dist = math.dist(q, p)
        if dist < best[0]:
            best = (dist, along + t * seg, q)
        along += seg
    return best[1], best[2]


def _lane_between(lane, s0: float, s1: float) -> list[tuple[float, float]]:
    """The lane's vertices strictly between the along-distances s0 and s1, in travel order."""
    out, along = [], 0.0
    marks = []
    for i, v in enumerate(lane):
        if i:
            along += math.dist(lane[i - 1], v)
        marks.append((along, v))
    lo, hi = min(s0, s1), max(s0, s1)
    inner = [v for a, v in marks if lo < a < hi]
    return inner if s0 <= s1 else inner[::-1]


def sea_path(board: Board, frm: str, to: str) -> list[tuple[float, float]]:
    """Points of a sea move from ``frm`` to ``to``: out to the lane of a sea both touch, along it, in."""
    a, b = board.areas[frm], board.areas[to]
    best: list[tuple[float, float]] | None = None
    best_len = float("inf")
    for sea in [s for s in a.seas if s in b.seas] or list(board.lanes):
        lane = board.lanes.get(sea)
        if not lane:
            continue
        sa, pa = _project(lane, a.pos)
        sb, pb = _project(lane, b.pos)
        path = [a.pos, pa] + _lane_between(lane, sa, sb) + [pb, b.pos]
        length = sum(math.dist(path[k], path[k + 1]) for k in range(len(path) - 1))
        if length < best_len:
            best, best_len = path, length
    return best or [a.pos, b.pos]


# ---- Voronoi cells by half-plane clipping ---------------------------------------------------------
Poly = list[tuple[float, float]]


def _clip(poly: Poly, p: tuple[float, float], q: tuple[float, float]) -> Poly:
    """Keep the part of ``poly`` nearer to p than to q."""
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    nx, ny = q[0] - p[0], q[1] - p[1]

    def inside(v):
        return (v[0] - mx) * nx + (v[1] - my) * ny <= 0

    out: Poly = []
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(_intersect(prev, cur, mx, my, nx, ny))
            out.append(cur)
        elif inside(prev):
            out.append(_intersect(prev, cur, mx, my, nx, ny))
    return out


def _intersect(a, b, mx, my, nx, ny):
    da = (a[0] - mx) * nx + (a[1] - my) * ny
    db = (b[0] - mx) * nx + (b[1] - my) * ny
    t = da / (da - db)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def voronoi(points: dict[str, tuple[float, float]], box: tuple[float, float, float, float]) -> dict[str, Poly]:
    x0, y0, x1, y1 = box
    cells = {}
    for key, p in points.items():
        poly: Poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for other, q in points.items():
            if other != key and poly:
                poly = _clip(poly, p, q)
        cells[key] = poly
    return cells


# ---- the static layer -----------------------------------------------------------------------------
def _land_mask(board: Board, size: tuple[int, int]) -> Image.Image:
    """Coastline derived from the positions: discs around land areas, smoothed."""
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    main = [a for a in board.land() if not a.island and a.id not in ("ireland", "france", "calais")]
    for a in main:
        r = 96
        d.ellipse([a.pos[0] - r, a.pos[1] - r, a.pos[0] + r * 1.05, a.pos[1] + r], fill=255)
    # fill the gaps between neighbouring mainland areas so the island is one piece
    ids = {a.id for a in main}
    for a, b, _ in board.borders:
        if a in ids and b in ids:
            d.line([board.areas[a].pos, board.areas[b].pos], fill=255, width=110)
    mask = mask.filter(ImageFilter.GaussianBlur(14)).point(lambda v: 255 if v > 120 else 0)
    d = ImageDraw.Draw(mask)
    for key, (rx, ry) in ISLANDS.items():
        a = board.areas[key]
        d.ellipse([a.pos[0] - rx, a.pos[1] - ry, a.pos[0] + rx, a.pos[1] + ry], fill=255)
    return mask


ISLANDS = {"isle-of-man": (62, 40), "ireland": (76, 100), "france": (112, 66), "calais": (100, 62)}


def _hatch(size: tuple[int, int], colour, background, step: int = 14) -> Image.Image:
    img = Image.new("RGB", size, background)
    d = ImageDraw.Draw(img)
    w, h = size
    for k in range(-h, w, step):
        d.line([(k, 0), (k + h, h)], fill=colour, width=2)
    return img


def draw_static(board: Board, height: int) -> Image.Image:
    """The board without pieces: water, land cells, borders, area names and symbols."""
    size = (WIDTH, height)
    img = Image.new("RGB", size, (255, 255, 255))
    map_box = (0, MAP_TOP, WIDTH, MAP_TOP + MAP_H)

    # seas: Voronoi of the three sea positions over the map box
    seas = {a.id: a.pos for a in board.areas.values() if a.kind == "sea"}
    d = ImageDraw.Draw(img)
    for key, poly in voronoi(seas, map_box).items():
        d.polygon(poly, fill=SEA_COLOURS.get(key, (160, 200, 225)))
    # land cells
    land = Image.new("RGB", size, LAND)
    ld = ImageDraw.Draw(land)
    cells = voronoi({a.id: a.pos for a in board.land()}, map_box)
    exile_hatch = _hatch(size, (196, 184, 206), EXILE)
    cell_mask_exile = Image.new("L", size, 0)
    ce = ImageDraw.Draw(cell_mask_exile)
    for key, poly in cells.items():
        a = board.areas[key]
        if a.kind == "exile":
            ce.polygon(poly, fill=255)
        elif a.wales:
            ld.polygon(poly, fill=WALES)
    land.paste(exile_hatch, (0, 0), cell_mask_exile)
    for key, poly in cells.items():
        ld.line(poly + [poly[0]], fill=CELL_EDGE, width=2)
    mask = _land_mask(board, size)
    # coastline: a dark ring just outside the land
    coast = mask.filter(ImageFilter.MaxFilter(5))
    img.paste(COAST, (0, 0), coast)
    img.paste(land, (0, 0), mask)
    d = ImageDraw.Draw(img)

    # sea names
    for key, pos in seas.items():
        off = SEA_LABEL_OFFSET.get(key, (0, 0))
        halo_text(d, (pos[0] + off[0], pos[1] + off[1]), board.areas[key].name.upper(), font(26, True), fill=(40, 80, 130),
                  halo=SEA_COLOURS.get(key), width=2)

    # sea badges: one per (coastal area, sea), pushed from the area towards that sea
    for a in board.land():
        for s in a.seas:
            if s not in seas:
                continue
            sx, sy = seas[s]
            vx, vy = sx - a.pos[0], sy - a.pos[1]
            n = math.hypot(vx, vy) or 1
            bx, by = a.pos[0] + vx / n * 70, a.pos[1] + vy / n * 70
            d.line([a.pos, (bx, by)], fill=(40, 90, 150), width=3)
            sea_badge(d, bx, by, s)

    # borders
    for a, b, kind in board.borders:
        draw_border(d, board.areas[a].pos, board.areas[b].pos, kind)
    for a, b, kind in board.borders:
        pa, pb = board.areas[a].pos, board.areas[b].pos
        limit_badge(d, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2), kind)

    # area labels with their symbols
    for a in board.land():
        draw_area_label(d, a)
    return img


def sea_badge(d: ImageDraw.ImageDraw, x: float, y: float, sea: str, r: float = 11) -> None:
    d.ellipse([x - r, y - r, x + r, y + r], fill=SEA_COLOURS.get(sea, (160, 200, 225)), outline=(40, 90, 150), width=2)
    d.text((x, y + 1), SEA_INITIAL.get(sea, "?"), font=font(15, True), fill=(20, 50, 100), anchor="mm")


def draw_border(d: ImageDraw.ImageDraw, p0, p1, kind: str) -> None:
    colour, width, dash, gap, _ = BORDER_STYLE[kind]
    # a white casing so the line stands out on any background
    d.line([p0, p1], fill=WHITE, width=width + 4)
    dashed_line(d, p0, p1, colour, width, dash, gap, round_caps=(kind == "red"))


def limit_badge(d: ImageDraw.ImageDraw, xy, kind: str, r: float = 11) -> None:
    colour, _, _, _, limit = BORDER_STYLE[kind]
    x, y = xy
    d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE, outline=colour, width=3)
    d.text((x, y + 1), str(limit), font=font(15, True), fill=INK, anchor="mm")


LABEL_FONT = 21
ICON = 22


def label_box(a: Area) -> tuple[float, float, float, float]:
    """Where an area's name plate sits (the blocks go below it)."""
    f = font(LABEL_FONT, True)
    w, _ = text_size(a.name, f)
    icons = _icons(a)
    w = max(w + 14, len(icons) * (ICON + 4) + 10)
    h = 28 + (ICON + 6 if icons else 0)
    x, y = a.pos
    return (x - w / 2, y - h + 6, x + w / 2, y + 6)


def _icons(a: Area) -> list[str]:
    out = []
    if a.crown:
        out.append("crown")
    if a.city:
        out.append("city")
    if a.cathedral:
        out.append("cathedral")
    if a.major_port:
        out.append("port")
    out += ["shield"] * len(a.shields)
    return out


def draw_area_label(d: ImageDraw.ImageDraw, a: Area) -> None:
    x0, y0, x1, y1 = label_box(a)
    fill = (255, 252, 242) if a.kind != "exile" else (244, 238, 250)
    outline = INK if a.kind != "exile" else (110, 70, 130)
    d.rounded_rectangle([x0, y0, x1, y1], radius=7, fill=fill, outline=outline, width=2)
    d.text(((x0 + x1) / 2, y0 + 15), a.name, font=font(LABEL_FONT, True), fill=INK, anchor="mm")
    icons = _icons(a)
    if not icons:
        return
    cy = y0 + 28 + ICON / 2
    step = ICON + 4
    x = (x0 + x1) / 2 - step * (len(icons) - 1) / 2
    for kind in icons:
        draw_icon(d, kind, x, cy, ICON, a)
        x += step


def draw_icon(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, size: float, a: Area | None = None) -> None:
    if kind == "crown":
        crown(d, x, y, size * 0.95)
    elif kind == "city":
        side = a.city_side if a else ""
        tower(d, x, y, size * 0.9, fill=(255, 255, 255) if side == "york" else (200, 40, 40) if side == "lancaster" else (130, 120, 110))
    elif kind == "cathedral":
        church(d, x, y + 2, size * 0.95)
    elif kind == "port":
        anchor_icon(d, x, y, size * 0.95)
    elif kind == "shield":
        shield(d, x, y, size * 0.85, fill=(70, 110, 180))

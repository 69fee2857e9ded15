"""The static Richard III board layer: water, land, borders, names and symbols (no pieces).

The shapes come from geometry.py. Borders are the shared edges of neighbouring areas, told apart by
colour AND width AND dash AND the number in their badge (yellow 4 = wide solid, blue 3 = dashed,
red 2 = dotted). Exiles are hatched, Wales is tinted green, each sea has its own blue and its initial on
every badge along its coasts. Cities are towers carrying the initial of the side they belong to (Y/L) and
their name; cathedrals a church and their name; a blue shield holds the number of nobles seated there.

Drawn once per process (render.kit.cache.CACHE) and copied for every picture.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from ..kit.areamap import hatch, value_mask
from ..kit.shapes import dashed_line
from ..kit.style import INK, WHITE
from ..kit.symbols import anchor_icon, church, crown, shield, tower
from ..kit.text import font, halo_text
from .geometry import (LIMIT_R, MAP_BOTTOM, MAP_TOP, SEA_BADGE_R, SEA_INITIAL, SEA_ORDER, WIDTH, Geometry,
                       LabelItem, geometry)

# ---- colours --------------------------------------------------------------------------------------
SEA_COLOURS = {  # three distinct blues, so each sea reads as its own zone
    "irish-sea": (146, 192, 220),
    "north-sea": (170, 208, 234),
    "english-channel": (128, 178, 210),
}
SEA_INK = (28, 66, 116)
LAND = (240, 231, 205)
WALES = (212, 228, 186)
EXILE = (226, 216, 232)
EXILE_HATCH = (200, 186, 212)
CELL_EDGE = (176, 160, 134)
COAST = (84, 110, 134)
GOLD = (232, 184, 36)
YORK_CITY = (255, 255, 255)
LANC_CITY = (200, 40, 40)
SEAT_BLUE = (56, 96, 170)

SYMBOL_FONT = 24     # a letter or count on a map symbol: 8 px at a phone's 400 px

BORDER_STYLE = {  # colour, width, dash, gap, limit
    "yellow": ((224, 168, 0), 10, 0, 0, 4),
    "blue": ((26, 92, 200), 8, 16, 8, 3),
    "red": ((204, 30, 30), 7, 4, 7, 2),
}


def draw_static(height: int | None = None) -> Image.Image:
    """The board without pieces, ``WIDTH`` x ``height`` (the map ends at MAP_BOTTOM; below is paper)."""
    geo = geometry()
    height = height or MAP_BOTTOM
    size = (WIDTH, MAP_BOTTOM)
    img = Image.new("RGB", size, SEA_COLOURS["north-sea"])
    # water: one colour per sea zone
    for i, s in enumerate(SEA_ORDER):
        img.paste(SEA_COLOURS[s], (0, 0), geo.zones.point([255 if v == i + 1 else 0 for v in range(256)]))
    # coastline ring, then land
    # the land grown by 2 px: for a 0/255 mask a 5 px box blur is non-zero exactly where a 5 px max filter
    # is 255 (the same pixels, 7x faster)
    coast = geo.land.filter(ImageFilter.BoxBlur(2)).point(lambda v: 255 if v else 0)
    img.paste(COAST, (0, 0), coast)
    land = Image.new("RGB", size, LAND)
    wales = {a.index for a in geo.areas.values() if a.wales}
    exiles = {a.index for a in geo.areas.values() if a.kind == "exile"}
    land.paste(WALES, (0, 0), value_mask(geo.index, wales))
    land.paste(hatch(size, EXILE_HATCH, EXILE), (0, 0), value_mask(geo.index, exiles))
    img.paste(land, (0, 0), geo.land)
    # thin edges between all cells
    edges = geo.index.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0)
    edges = Image.composite(edges, Image.new("L", size, 0), geo.land)
    img.paste(CELL_EDGE, (0, 0), edges)
    d = ImageDraw.Draw(img)

    # borders along the shared edges
    for b in geo.borders:
        draw_border(d, b.edge[0], b.edge[1], b.kind)
    for (x, y), kind, limit in geo.limit_badges:
        limit_badge(d, (x, y), kind)

    # seas: names and the badges on every coast
    for s, ((x, y), text) in geo.sea_labels.items():
        halo_text(d, (x, y), text.replace(" ", "\n", 1) if len(text) > 10 else text, font(30, True),
                  fill=SEA_INK, halo=SEA_COLOURS[s], width=3, spacing=0)
    for a in geo.areas.values():
        for s, (x, y) in a.sea_badges.items():
            sea_badge(d, x, y, s)

    # the names and symbols are placed with the blocks, per picture (mapview.plan_blocks)
    if height > MAP_BOTTOM:
        full = Image.new("RGB", (WIDTH, height), (250, 247, 238))
        full.paste(img, (0, 0))
        img = full
    d = ImageDraw.Draw(img)
    d.line([(0, MAP_BOTTOM), (WIDTH, MAP_BOTTOM)], fill=INK, width=3)
    d.rectangle([0, 0, WIDTH, MAP_TOP - 1], fill=(38, 42, 54))
    return img


def draw_border(d: ImageDraw.ImageDraw, p0, p1, kind: str, casing: bool = True) -> None:
    colour, width, dash, gap, _ = BORDER_STYLE[kind]
    if casing:
        d.line([p0, p1], fill=WHITE, width=width + 5)
    dashed_line(d, p0, p1, colour, width, dash, gap, round_caps=(kind == "red"))


def limit_badge(d: ImageDraw.ImageDraw, xy, kind: str, r: float = LIMIT_R) -> None:
    colour, _, _, _, limit = BORDER_STYLE[kind]
    x, y = xy
    d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE, outline=colour, width=4)
    d.text((x, y + 1), str(limit), font=font(26, True), fill=INK, anchor="mm")


def sea_badge(d: ImageDraw.ImageDraw, x: float, y: float, sea: str, r: float = SEA_BADGE_R) -> None:
    d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE, outline=SEA_INK, width=3)
    d.text((x, y + 1), SEA_INITIAL.get(sea, "?"), font=font(24, True), fill=SEA_INK, anchor="mm")


def draw_label_item(d: ImageDraw.ImageDraw, it: LabelItem) -> None:
    if it.kind == "text":
        halo_text(d, (it.x, it.y), it.text, font(it.size, it.bold), fill=INK, width=4 if it.bold else 3)
    else:
        draw_symbol(d, it.kind, it.x, it.y, it.h, side=it.side, text=it.text)


def draw_symbol(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, size: float, side: str = "",
                text: str = "") -> None:
    if kind == "crown":
        crown(d, x, y, size * 0.95, fill=GOLD)
    elif kind == "city":
        city_tower(d, x, y, size, side)
    elif kind == "cathedral":
        church(d, x, y + 2, size * 0.95)
    elif kind == "port":
        r = size / 2
        d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE, outline=(30, 70, 140), width=2)
        anchor_icon(d, x, y + 1, size * 0.8)
    elif kind == "seat":
        shield(d, x, y, size, fill=SEAT_BLUE)
        if text:
            d.text((x, y - size * 0.04), text, font=font(max(SYMBOL_FONT, int(size * 0.62)), True), fill=WHITE,
                   anchor="mm")


def city_tower(d: ImageDraw.ImageDraw, x: float, y: float, size: float, side: str) -> None:
    """A city: a crenellated tower in its side's colour with the side's initial (Y/L) on it."""
    fill = YORK_CITY if side == "york" else LANC_CITY if side == "lancaster" else (150, 140, 130)
    tower(d, x, y, size, fill=fill)
    letter = {"york": "Y", "lancaster": "L"}.get(side, "")
    if letter:
        d.text((x, y + size * 0.12), letter, font=font(max(SYMBOL_FONT, int(size * 0.5)), True),
               fill=INK if side == "york" else WHITE, anchor="mm")


def _geo() -> Geometry:
    return geometry()

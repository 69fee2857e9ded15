"""The map picture: the 48 shires as tiles on a schematic of England and Wales (layout.json), the borders
between them by kind, the Wash, the three sea zones, the exile boxes; per shire its name on a strip of its
controller's colour, its value, loyalty, seats, office seats and royal demesne, its markers and its blocks
(blanks of the house colour for everyone, the viewer's own blocks face up); the battle ringed in orange."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from rules.crownofroses.board import data

from ..core import CACHE, INK, READ, WIDTH, crown, dashed_line, fit_font, font, halo_text, legend, \
    LegendItem, legend_height, shield, title_strip, tower, whose_fill
from ..kit.layout import mark
from . import style
from .moves import draw_labels, draw_record, move_arrow, ring as battle_ring
from .layout import borders, centre, info_box, layout, name_box, pieces_box, segment
from .view_reader import Scene

LEGEND_COLUMNS = 4
LEGEND_ROW = 34          # six rows of the legend in the height the map leaves (24 px text)
BLANK = 40             # a face-down block (its stack's count in 24 px type)
OWN = 44               # one of the viewer's own blocks: its strength (the House picture names it)
MARKER_PX = 24


# ---- the static layer ---------------------------------------------------------------------------------
def _static(height: int) -> Image.Image:
    lay = layout()
    board = data().board
    img = Image.new("RGB", (WIDTH, height), style.SEA)
    d = ImageDraw.Draw(img)
    _seas(img, lay, board)
    # land: the tiles grown a little, joined along land borders, smoothed into a coast
    mask = Image.new("L", (WIDTH, height), 0)
    md = ImageDraw.Draw(mask)
    for box in lay.shires.values():
        md.rounded_rectangle([box[0] - 16, box[1] - 16, box[2] + 16, box[3] + 16], radius=24, fill=255)
    for a, b, kind in borders():
        if kind != "wash":
            md.line([centre(lay.shires[a]), centre(lay.shires[b])], fill=255, width=90)
    mask = mask.filter(ImageFilter.GaussianBlur(14)).point(lambda v: 255 if v > 120 else 0)
    img.paste(style.LAND, mask=mask)
    for sea, (x, y) in lay.seas.items():
        halo_text(d, (x, y), board.sea_zones[sea].name, font(30, True), fill=(30, 70, 120), halo=style.SEA,
                  width=4)
    for a, b, kind in borders():
        _border(d, a, b, kind)
    for eid, box in lay.exiles.items():
        d.rounded_rectangle(box, radius=14, fill=(238, 232, 214), outline=(90, 80, 70), width=3)
        dashed_line(d, (box[0] + 8, box[1] + 40), (box[2] - 8, box[1] + 40), (120, 110, 100), 2, 8, 6)
        d.text(((box[0] + box[2]) / 2, box[1] + 20), f"{board.exile_boxes[eid].name} (exile)",
               font=fit_font(f"{board.exile_boxes[eid].name} (exile)", box[2] - box[0] - 12, 26, True,
                             minimum=READ), fill=INK, anchor="mm")
    for sid, box in lay.shires.items():
        d.rectangle(box, fill=style.TILE, outline=INK, width=2)
        _info(d, sid, info_box(box))
    legend(d, (12, lay.map_box[3] + 10, WIDTH - 12, height), _legend_items(), LEGEND_COLUMNS,
           title="Legend — name strip: the controller's colour; value disc: the loyalty's colour",
           row_height=LEGEND_ROW, symbol_width=62, font_size=24)
    return img


def _seas(img: Image.Image, lay, board) -> None:
    """Each sea pixel takes the tint of the nearest coast that faces that sea (on a 12 px grid)."""
    seeds = []
    for s in board.shires.values():
        for sea in s.coastal_seas:
            seeds.append((centre(lay.shires[s.id]), sea))
    for sea, p in lay.seas.items():
        seeds.append((p, sea))
    step = 12
    w, h = img.size
    small = Image.new("RGB", ((w + step - 1) // step, (h + step - 1) // step))
    px = small.load()
    for j in range(small.size[1]):
        for i in range(small.size[0]):
            x, y = i * step, j * step
            best = min(seeds, key=lambda s: (s[0][0] - x) ** 2 + (s[0][1] - y) ** 2)
            px[i, j] = style.SEA_TINT[best[1]]
    img.paste(small.resize((w, h), Image.Resampling.NEAREST))   # flat tints: a few colours encode fast


def _border(d: ImageDraw.ImageDraw, a: str, b: str, kind: str) -> None:
    seg = segment(a, b)
    if seg is None:
        return
    p, q = seg
    _border_sample(d, p, q, kind)
    if kind not in ("clear", "rough", "fens"):  # the Wash: a blue dashed crossing, labelled beside it
        box = wash_label_box()
        halo_text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "the Wash", font(READ, True),
                  fill=style.BORDER[kind], halo=style.SEA, width=4)


@lru_cache(maxsize=1)
def sea_label_boxes() -> list:
    """The boxes of the three seas' names (drawn centred on their label points)."""
    board = data().board
    out = []
    for sea, (x, y) in layout().seas.items():
        w = font(30, True).getlength(board.sea_zones[sea].name) + 12
        out.append((x - w / 2, y - 22, x + w / 2, y + 22))
    return out


@lru_cache(maxsize=1)
def wash_label_box():
    """Where "the Wash" is written: beside its crossing, on no tile, inside the picture and 24 px clear of
    the crossing (moves across the Wash are drawn along it)."""
    board = data().board
    seg = segment(board.wash.shires[0], board.wash.shires[1]) if board.wash.shires else None
    if seg is None:
        return (0, 0, 0, 0)
    (px, py), (qx, qy) = seg
    w, h = font(READ, True).getlength("the Wash") + 8, 36
    mx, my = (px + qx) / 2, (py + qy) / 2
    tiles = list(layout().shires.values())
    for dist in range(30, 200, 6):
        for ux, uy in ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
            cx, cy = mx + ux * (dist + w / 2 - 30), my + uy * (dist + h / 2 - 10)
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if box[0] < 8 or box[2] > WIDTH - 8:
                continue
            if any(box[0] < t[2] + 4 and box[2] > t[0] - 4 and box[1] < t[3] + 4 and box[3] > t[1] - 4 for t in tiles):
                continue
            if _near_segment(box, (px, py), (qx, qy), 24):
                continue
            return box
    return (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)


def _near_segment(box, p, q, margin) -> bool:
    for i in range(21):
        x, y = p[0] + (q[0] - p[0]) * i / 20, p[1] + (q[1] - p[1]) * i / 20
        if box[0] - margin < x < box[2] + margin and box[1] - margin < y < box[3] + margin:
            return True
    return False


def _ticks(d, p, q, colour, every: int, size: int) -> None:
    """Short strokes across a border line (rough ground, fen)."""
    import math
    length = math.dist(p, q)
    if length < 1:
        return
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = -uy, ux
    t = every
    while t < length - every / 2:
        x, y = p[0] + ux * t, p[1] + uy * t
        d.line([(x - nx * size, y - ny * size), (x + nx * size, y + ny * size)], fill=colour, width=3)
        t += every * 2


INFO_PX = 24            # the figures and letters of a tile's row: 8 px on a phone (kit/legibility.py)
VALUE_R = 15


def _info(d: ImageDraw.ImageDraw, sid: str, box) -> None:
    """Shire value on a disc of its loyalty's colour, royal demesne, office seats, seats: left to right on
    one row, each large enough to read on a phone."""
    s = data().shire(sid)
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    r = VALUE_R
    sv_disc(d, x0 + r, cy, s.sv, s.sl)
    mark(d, "marker", (x0, cy - r, x0 + 2 * r, cy + r), "shire value")
    x = x0 + 2 * r + 5
    if s.royal_demesne:
        crown(d, x + 12, cy, 24, style.GOLD)
        x += 28
    for office in s.office_seats:
        x = office_tag(d, x, cy, office) + 4
    step = min(18, (x1 - x - 16) / max(1, len(s.seats) - 1)) if len(s.seats) > 1 else 18
    for seat in s.seats:          # overlapped a little where a tile is narrow: every seat shows
        shield(d, x + 8, cy, 22, style.COLOUR[_shield_colour(seat)])
        x += step


def sv_disc(d, cx, cy, value, loyalty: str) -> None:
    """A shire's value on a disc of its loyalty's colour (rose colours: white York, red Lancaster...)."""
    colour = style.COLOUR[loyalty]
    r = VALUE_R
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=INK, width=2)
    d.text((cx, cy + 1), str(value), font=font(INFO_PX, True), fill=style.contrast(colour), anchor="mm")


def office_tag(d, x, cy, office: str) -> float:
    """An office's seat: the office's letters on a gold tag (spelled out in the legend); returns its right."""
    text = style.OFFICE_SHORT[office]
    f = font(INFO_PX, True)
    w = f.getlength(text) + 8
    d.rounded_rectangle([x, cy - 14, x + w, cy + 14], radius=5, fill=style.GOLD, outline=INK, width=2)
    d.text((x + w / 2, cy + 1), text, font=f, fill=INK, anchor="mm")
    mark(d, "marker", (x, cy - 14, x + w, cy + 14), "office seat")
    return x + w


def _shield_colour(shield_id: str) -> str:
    for b in data().blocks.values():
        if b.shield == shield_id and b.label_colour:
            return b.label_colour
    return "black"


# ---- the picture ----------------------------------------------------------------------------------------
def _legend_items() -> list[LegendItem]:
    def blk(d, cx, cy, size):
        style.blank_block(d, cx - 17, cy - 17, 34, "lancaster")

    def line(kind):
        def draw_it(d, cx, cy, size):
            _border_sample(d, (cx - 28, cy), (cx + 28, cy), kind)
        return draw_it

    def sv(d, cx, cy, size):
        sv_disc(d, cx, cy, 2, "red")

    def office(key):
        def draw_it(d, cx, cy, size):
            w = font(INFO_PX, True).getlength(style.OFFICE_SHORT[key]) + 8
            office_tag(d, cx - w / 2, cy, key)
        return draw_it

    def own(d, cx, cy, size):
        own_block(d, cx - 17, cy - 17, "lancaster", 3, size=34)

    def ring(d, cx, cy, size):
        d.rectangle([cx - 27, cy - 14, cx + 27, cy + 14], outline=style.ORANGE, width=6)

    offices = [LegendItem(office(k), style.OFFICE_WORD[k]) for k in style.OFFICE_SHORT if k != "king"]
    return [LegendItem(sv, "shire value"),
            LegendItem(lambda d, cx, cy, s: crown(d, cx, cy, 26, style.GOLD), "royal demesne"),
            LegendItem(lambda d, cx, cy, s: shield(d, cx, cy, 26, style.COLOUR["red"]), "a noble's seat"),
            LegendItem(blk, "face-down blocks"),
            LegendItem(own, "your block: strength"),
            LegendItem(line("clear"), "clear border"), LegendItem(line("rough"), "rough border"),
            LegendItem(line("fens"), "Fens border"), LegendItem(line("wash"), "the Wash, no border"),
            LegendItem(ring, "battle"),
            LegendItem(lambda d, cx, cy, s: battle_ring(d, (cx - 27, cy - 14, cx + 27, cy + 14)),
                       "battle this impulse"),
            LegendItem(lambda d, cx, cy, s: move_arrow(d, (cx - 29, cy), (cx + 29, cy), "lancaster", False, 3),
                       "move this impulse"),
            LegendItem(lambda d, cx, cy, s: tower(d, cx, cy, 28, style.fill("york"), style.edge("york")),
                       "Tower garrison")] + offices + [_marker_item(m) for m in MARKER_GLYPH]


def _border_sample(d, p, q, kind):
    """A border of ``kind`` from p to q (on the map and in the legend)."""
    colour = style.BORDER[kind]
    if kind == "clear":
        d.line([p, q], fill=colour, width=5)
    elif kind == "rough":
        d.line([p, q], fill=colour, width=9)
        _ticks(d, p, q, colour, 9, 11)
    elif kind == "fens":
        dashed_line(d, p, q, colour, 8, 8, 6)
        _ticks(d, p, q, colour, 7, 9)
    else:
        dashed_line(d, p, q, colour, 6, 14, 8)


def map_height() -> int:
    lay = layout()
    return lay.map_box[3] + 16 + legend_height(len(_legend_items()), LEGEND_COLUMNS, LEGEND_ROW)


def draw_map(scene: Scene) -> Image.Image:
    height = map_height()
    img = CACHE.get(("crownofroses", "map", height), lambda: _static(height))
    d = ImageDraw.Draw(img)
    lay = layout()
    title_strip(d, (0, 0, WIDTH, lay.map_box[1] - 4), scene.title, scene.detail, scene.whose,
                whose_fill([r for r in scene.waiting if r in scene.houses], {h: style.fill(h) for h in scene.houses}))
    badges = [_pieces(d, scene, place, box)
              for place, box in [*lay.shires.items(), *((f"exile/{k}", v) for k, v in lay.exiles.items())]]
    labels = draw_record(d, scene.view.get("impulse_record") or [],    # under the names (moves.py)
                         avoid=[b for b in badges if b])
    for sid, box in lay.shires.items():
        _name(d, sid, box, scene.control.get(sid))
    draw_labels(d, labels)
    if scene.battle_shire and scene.battle_shire in lay.shires:
        b = lay.shires[scene.battle_shire]
        d.rectangle([b[0] - 7, b[1] - 7, b[2] + 7, b[3] + 7], outline=style.ORANGE, width=7)
    return img


def _name(d, sid, box, controller) -> None:
    band = name_box(box)
    colour = style.fill(controller) if controller else (214, 204, 180)
    d.rectangle(band, fill=colour, outline=INK, width=2)
    name = data().shire(sid).name
    ink = (20, 20, 20) if controller is None else style.contrast(colour)
    d.text(((band[0] + band[2]) / 2, (band[1] + band[3]) / 2 + 1), name,
           font=fit_font(name, band[2] - band[0] - 8, 26, True, minimum=22), fill=ink, anchor="mm")


MARKER_GLYPH = {"plundered": "⚔", "devastated": "✖", "depleted": "▼"}
MARKER = 30            # a marker's badge (its glyph is in the legend)


def _marker(d, x, y, marker) -> None:
    """A shire's marker (plundered, devastated, depleted) as a badge at the head of its pieces."""
    d.rounded_rectangle([x, y, x + MARKER, y + MARKER], radius=5, fill=(90, 40, 30), outline=INK, width=1)
    d.text((x + MARKER / 2, y + MARKER / 2 + 1), MARKER_GLYPH.get(marker, "?"), font=font(MARKER_PX, True),
           fill=(255, 255, 255), anchor="mm")
    mark(d, "marker", (x, y, x + MARKER, y + MARKER), "marker badge")


def _marker_item(marker: str):
    def draw_it(d, cx, cy, size):
        _marker(d, cx - MARKER / 2, cy - MARKER / 2, marker)
    return LegendItem(draw_it, f"{marker} shire")


def own_block(d, x, y, house: str, strength: int, size: float = OWN) -> None:
    """One of the viewer's blocks, face up: a white frame inside the house colour, its strength."""
    d.rounded_rectangle([x, y, x + size, y + size], radius=5, fill=style.fill(house), outline=style.edge(house),
                        width=3)
    d.rounded_rectangle([x + 5, y + 5, x + size - 5, y + size - 5], radius=3, outline=(255, 255, 255), width=2)
    d.text((x + size / 2, y + size / 2 + 1), str(strength), font=font(26, True),
           fill=style.contrast(style.fill(house)), anchor="mm")


def _pieces(d, scene: Scene, place: str, box):
    """A place's marker and pieces in rows: the Tower garrison, then per house its blanks (a stack with
    its count) or, for the viewer, each of its blocks with its strength; what does not fit is counted.
    Returns the marker's badge (arrows keep off it), or None."""
    counts = scene.map.get(place, {})
    garrison = scene.view.get("garrison") if place == "london" else None
    marker = scene.markers.get(place) if not place.startswith("exile/") else None
    if not counts and not garrison and not marker:
        return None
    badge = None
    own = [b for b, s in sorted(scene.own_blocks.items()) if s["at"] == place]
    area = pieces_box(box) if not place.startswith("exile/") else (box[0] + 8, box[1] + 46, box[2] - 8, box[3] - 4)
    x0, y0, x1, y1 = area
    items: list[tuple[float, object]] = [(MARKER, ("marker", marker, 1))] if marker else []
    items += [(30, ("garrison", garrison, 1))] if garrison else []
    for house in scene.houses_in_order(counts):
        n = counts[house]
        if house == scene.role and own:
            items += [(OWN, ("own", house, b)) for b in own]
        else:
            items.append((style.stack_width(BLANK, n), ("blank", house, n)))
    row_h = max(OWN if own else 0, BLANK + 10)
    more = font(24, True)
    x, y, hidden = x0, y0, 0
    for i, (width, item) in enumerate(items):
        if x + width > x1 + 1:
            x, y = x0, y + row_h + 4
        # the last row keeps room for the count of what does not fit
        last_row = y + 2 * row_h + 4 > y1 + 1
        room = x1 - (more.getlength("+9") + 6 if last_row and i < len(items) - 1 else 0)
        if y + row_h > y1 + 1 or (last_row and x + width > room + 1):
            hidden += 1 if item[0] in ("own", "marker", "garrison") else item[2]
            y = y1 + 1  # nothing more on this tile
            continue
        kind, house, payload = item
        if kind == "marker":
            _marker(d, x, y + (row_h - MARKER) / 2, house)
            badge = (x, y + (row_h - MARKER) / 2, x + MARKER, y + (row_h + MARKER) / 2)
        elif kind == "garrison":   # the Tower garrison counter in its owner's colour
            tower(d, x + 15, y + row_h / 2, 30, style.fill(house), style.edge(house))
        elif kind == "own":
            own_block(d, x, y + (row_h - OWN) / 2, house, scene.own_blocks[payload]["strength"])
        else:
            style.blank_block(d, x, y + (row_h - BLANK - 10) / 2, BLANK, house, payload)
        x += width + 4
    if hidden:
        halo_text(d, (x1 - 2, y1 - 2), f"+{hidden}", more, anchor="rd")
    return badge

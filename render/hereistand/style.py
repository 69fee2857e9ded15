"""Here I Stand colours and marks: each power has a colour, a shape and a letter, so control is never told
by colour alone (the letter where the mark is large enough for it to read on a phone, the shape
always); space types are frames round the control shape."""

from __future__ import annotations

import math

from PIL import ImageDraw

from ..core import INK, WHITE, WIDTH, contrast_ink, font, regular_polygon
from ..kit.legibility import min_font

MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINORS = ("genoa", "hungary", "scotland", "venice")

FILL = {
    "ottoman": (46, 125, 60), "hapsburg": (232, 190, 40), "england": (196, 40, 44), "france": (40, 84, 170),
    "papacy": (122, 64, 156), "protestant": (120, 84, 52),
    "genoa": (236, 128, 40), "hungary": (232, 150, 160), "scotland": (64, 150, 200), "venice": (80, 190, 170),
    "independent": (236, 236, 236),
}
NAME = {"ottoman": "Ottoman", "hapsburg": "Hapsburg", "england": "England", "france": "France",
        "papacy": "Papacy", "protestant": "Protestant", "genoa": "Genoa", "hungary": "Hungary-Bohemia",
        "scotland": "Scotland", "venice": "Venice", "independent": "Independent"}
SHORT = {"ottoman": "Ott", "hapsburg": "Hab", "england": "Eng", "france": "Fra", "papacy": "Pap",
         "protestant": "Pro", "genoa": "Gen", "hungary": "Hun", "scotland": "Sco", "venice": "Ven",
         "independent": "Ind"}
LETTER = {"ottoman": "O", "hapsburg": "H", "england": "E", "france": "F", "papacy": "P", "protestant": "L",
          "genoa": "G", "hungary": "B", "scotland": "S", "venice": "V", "independent": "I"}
#: the shape of each power's control marker
SHAPE = {"ottoman": "triangle", "hapsburg": "square", "england": "diamond", "france": "circle",
         "papacy": "cross", "protestant": "pentagon", "independent": "octagon"}
for _minor in MINORS:
    SHAPE[_minor] = "hexagon"

KEY_FRAME = (205, 160, 30)        # gold square round a key
ELECTORATE_FRAME = (205, 160, 30)  # gold circle round an electorate
FORTRESS_FRAME = (90, 90, 90)
LAND = (238, 230, 206)
SEA = (190, 214, 232)
SEA_TEXT = (30, 70, 130)
ROAD = (150, 140, 120)
PASS = (150, 80, 30)
UNREST = (210, 30, 30)
SIEGE = (240, 120, 20)
RELIGION = (120, 84, 52)
MOVED = (20, 20, 20)
LAND_TYPES = ("regular", "mercenary", "cavalry")
NAVAL_TYPES = ("squadron", "corsair")
UNIT_WORD = {"regular": ("regular", "regulars"), "mercenary": ("mercenary", "mercenaries"),
             "cavalry": ("cavalry", "cavalry"), "squadron": ("squadron", "squadrons"),
             "corsair": ("corsair", "corsairs")}


def fill(power: str | None):
    return FILL.get(power or "", (200, 200, 200))


def units_text(kinds: dict[str, int]) -> str:
    """'4 regulars, 1 mercenary' in a fixed order (unknown types last, as given)."""
    order = list(LAND_TYPES + NAVAL_TYPES) + sorted(k for k in kinds if k not in LAND_TYPES + NAVAL_TYPES)
    parts = []
    for kind in order:
        n = kinds.get(kind, 0)
        if n:
            one, many = UNIT_WORD.get(kind, (kind, kind + "s"))
            parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts)


def shape_points(shape: str, cx: float, cy: float, r: float):
    if shape == "triangle":
        return regular_polygon(cx, cy + r * 0.18, r * 1.12, 3)
    if shape == "square":
        return regular_polygon(cx, cy, r * 1.2, 4, rotation=math.pi / 4)
    if shape == "diamond":
        return regular_polygon(cx, cy, r * 1.15, 4)
    if shape == "pentagon":
        return regular_polygon(cx, cy + r * 0.06, r * 1.06, 5)
    if shape == "hexagon":
        return regular_polygon(cx, cy, r * 1.05, 6, rotation=0)
    if shape == "octagon":
        return regular_polygon(cx, cy, r, 8, rotation=math.pi / 8)
    if shape == "cross":
        a, b = r * 1.0, r * 0.42
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    return []  # circle


LETTER_MIN = round(min_font(WIDTH))


def power_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, power: str | None,
               letter: bool = True, outline=INK) -> None:
    """A power's control marker: its shape in its colour with its letter; out of play: a dashed ring."""
    if power is None:
        for a in range(0, 360, 45):
            draw.arc([cx - r, cy - r, cx + r, cy + r], a, a + 22, fill=(120, 120, 120), width=2)
        return
    colour = fill(power)
    shape = SHAPE.get(power, "circle")
    width = 2 if r < 14 else 3
    if shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=colour, outline=outline, width=width)
    size = int(r * 1.05) if shape != "triangle" else int(r * 0.95)
    if letter and size >= LETTER_MIN:      # a letter too small to read on a phone is left out: the shape tells
        draw.text((cx, cy + (r * 0.22 if shape == "triangle" else 0) + 1), LETTER.get(power, "?"),
                  font=font(size, True, floor=10), fill=contrast_ink(colour), anchor="mm")


def type_frame(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, space_type: str) -> None:
    """The frame that tells a space's type: gold square (key), gold double circle (electorate), grey ring
    (fortress); unfortified spaces have none."""
    w = max(3, int(r / 5))
    if space_type == "key":
        draw.rectangle([cx - r, cy - r, cx + r, cy + r], fill=WHITE, outline=KEY_FRAME, width=w)
    elif space_type == "electorate":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=WHITE, outline=ELECTORATE_FRAME, width=w)
        i = r - w - 1
        draw.ellipse([cx - i, cy - i, cx + i, cy + i], outline=ELECTORATE_FRAME, width=max(1, w // 2))
    elif space_type == "fortress":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=WHITE, outline=FORTRESS_FRAME, width=w)


def unrest_mark(draw, cx, cy, r):
    """A red cross over the control marker: the space is in unrest."""
    w = max(3, int(r / 4))
    draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=WHITE, width=w + 3)
    draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=WHITE, width=w + 3)
    draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=UNREST, width=w)
    draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=UNREST, width=w)


def siege_mark(draw, cx, cy, r, besieger: str):
    """A spiked ring in the besieger's colour round the space."""
    pts = []
    for i in range(24):
        a = i * math.pi / 12
        rr = r if i % 2 == 0 else r * 0.86
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, outline=SIEGE, width=max(3, int(r / 5)))
    b = r * 0.32
    draw.ellipse([cx + r - 2 * b, cy - r, cx + r, cy - r + 2 * b], fill=fill(besieger), outline=INK, width=1)


def religion_mark(draw, cx, cy, r):
    """A small brown disc with a white rim: the space is of Protestant religion."""
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=RELIGION, outline=WHITE, width=2)


def chip(draw, box, power: str, text: str, size: int, naval: bool = False):
    """A count chip in a power's colour with its letter (naval counts with an anchor, on a blue rim)."""
    colour = fill(power)
    draw.rounded_rectangle(box, radius=6, fill=colour, outline=(20, 60, 140) if naval else INK,
                           width=3 if naval else 2)
    x0, y0, x1, y1 = box
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2 + 1), text, font=font(size, True, floor=12),
              fill=contrast_ink(colour), anchor="mm")


def moved_mark(draw, cx, cy, r, power: str):
    """A small arrowhead in the mover's colour: a formation that moved this impulse (may not move again)."""
    draw.polygon([(cx - r, cy - r), (cx + r, cy), (cx - r, cy + r)], fill=fill(power), outline=INK, width=2)

"""Richard III pieces: blocks (blank or labelled) and their marks. Colour is never the only cue: York
blocks are pale with a thin dark frame and a round-petalled rose; Lancaster blocks are dark red with a
double gold frame and a pointed (star) rose; the Rebel is black with a white cross.

A labelled block (the viewer's own, or any block revealed in a battle) shows its strength as diamonds
along the top (filled = steps left, hollow = steps lost), its name, its type mark bottom left (heir:
crown and rank; church: cross; levy: tower; mercenary: $; bombard: cannon ball; Rebel: cross) and its
fire rating bottom right (letter = firing order, digit = hits on that roll or less). The content scales
with the block; no text on it is drawn below 24 px (8 px at a phone's 400 px), so a block that carries its
name is wide enough for it (the battle picture). On the map a known block shows only its strength, as one
large digit (``strength_only``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from PIL import ImageDraw

from ..kit.shapes import pips, star
from ..kit.style import INK, WHITE
from ..kit.symbols import crown, rose, tower
from ..kit.text import fit_font, font

SIDE_FILL = {"york": (247, 246, 238), "lancaster": (178, 28, 40), "rebel": (26, 26, 26)}
SIDE_INK = {"york": (20, 20, 24), "lancaster": (255, 255, 255), "rebel": (255, 255, 255)}
SIDE_FRAME = {"york": (40, 40, 48), "lancaster": (236, 190, 60), "rebel": (200, 200, 200)}
SIDE_NAME = {"york": "York", "lancaster": "Lancaster", "rebel": "Rebel"}
GOLD = (236, 190, 60)

STRENGTH_FONT = 26  # the strength digit on a map block (readable at phone width)
NAME_MIN = 24      # a block's name never smaller (the battle picture makes its blocks wide enough)
MARK_MIN = 26      # px: a type mark never smaller (its "$" and heir rank are 24 px text)
FULL = 70          # from this size a block shows its name at a readable size

SHORT = {
    "Northumberland": "Northumb.", "Westmoreland": "Westmor.", "Buckingham": "Buckingham",
    "Prince Edward": "P. Edward", "Canterbury (church)": "Canterbury", "York (church)": "York",
    "Irish Mercenary": "Irish", "Burgundian Mercenary": "Burgundy", "Calais Mercenary": "Calais",
    "Scots Mercenary": "Scots", "French Mercenary": "French", "Welsh Mercenary": "Welsh",
}


def short_name(name: str) -> str:
    if name in SHORT:
        return SHORT[name]
    if name.endswith(" (levy)"):
        return name[:-7]
    return name


@dataclass
class BlockFace:
    """What a picture may show of one block. Only ``side`` is always known; the rest is None when the
    block is face down to this viewer."""

    side: str
    id: Optional[str] = None
    name: Optional[str] = None
    kind: Optional[str] = None        # heir, noble, church, levy, mercenary, bombard, rebel
    title: str = ""
    strength: Optional[int] = None
    max: Optional[int] = None
    rating: Optional[str] = None      # printed, e.g. "B3"
    fire_now: Optional[str] = None    # in a battle: the letter and firepower it fires with now
    rank: Optional[int] = None        # heir rank
    ruler: bool = False               # the King or the Pretender himself
    hits: int = 0                     # hits taken in the battle under way
    acted: bool = False               # has fired or moved in this battle round
    moved: bool = False               # own block that already moved this turn
    seats: list[str] = field(default_factory=list)

    @property
    def known(self) -> bool:
        return self.name is not None


NAMED_FROM = 40    # px: a known block at least this tall carries its name (battle and legend blocks)


def draw_block(d: ImageDraw.ImageDraw, x: float, y: float, size, b: BlockFace, show_fire_now: bool = False,
               strength_only: bool = False) -> int:
    """A block with its top-left corner at (x, y); ``size`` is a side in px or (width, height). Returns the
    size in px of the name (or, ``strength_only``, of the strength) drawn on it (0: none, a face-down block).

    ``strength_only`` (the map, read at phone width): a known block shows its strength as one large digit
    and nothing else; its name, type and rating are on the hand picture."""
    w, h = (size, size) if isinstance(size, (int, float)) else size
    side = b.side if b.side in SIDE_FILL else "rebel"
    fill, ink, frame = SIDE_FILL[side], SIDE_INK[side], SIDE_FRAME[side]
    x1, y1 = x + w, y + h
    shadow = max(2, int(min(w, h)) // 20)
    d.rectangle([x + shadow, y + shadow, x1 + shadow, y1 + shadow], fill=(60, 50, 40))
    d.rectangle([x, y, x1, y1], fill=fill, outline=INK, width=2)
    if side == "lancaster":
        d.rectangle([x + 4, y + 4, x1 - 4, y1 - 4], outline=frame, width=2)
    elif side == "rebel":
        d.rectangle([x + 4, y + 4, x1 - 4, y1 - 4], outline=frame, width=1)
    cx, cy = x + w / 2, y + h / 2
    if not b.known:
        mark(d, cx, cy, min(w, h) * 0.30, side)
        if b.ruler:
            d.rectangle([x - 4, y - 4, x1 + 4, y1 + 4], outline=GOLD, width=4)
        return 0
    if strength_only:
        f = font(max(STRENGTH_FONT, int(0.62 * h)), True)
        d.text((cx, cy + 1), str(b.strength or 0), font=f, fill=ink, anchor="mm")
        if b.moved:  # a folded corner: this block has moved this turn
            c = max(10, 0.26 * h)
            d.polygon([(x1 - c, y), (x1, y), (x1, y + c)], fill=GOLD, outline=INK)
        if b.ruler:
            d.rectangle([x - 4, y - 4, x1 + 4, y1 + 4], outline=GOLD, width=4)
        return f.size
    # proportions (of the height): strength diamonds on top, the name in the upper middle, the type
    # mark and the fire rating on the bottom row, never overlapping
    rating = (b.fire_now if show_fire_now and b.fire_now else b.rating) or ""
    if b.max:
        pips(d, cx, y + 0.14 * h, b.strength or 0, b.max, max(8.0, 0.15 * h), fill=ink, empty=ink)
    name = short_name(b.name or "")
    rating_font = font(int(0.36 * h), True, 14)
    named = 0
    if h >= NAMED_FROM and name:
        f = fit_font(name, int(w - 8), max(NAME_MIN, int(0.30 * h)), bold=True, minimum=NAME_MIN)
        d.text((cx, y + 0.43 * h), name, font=f, fill=ink, anchor="mm")
        named = f.size
    elif rating:
        rating_font = font(int(0.46 * h), True, 14)
    if rating:
        d.text((x1 - 0.06 * h, y1 - 0.03 * h), rating, font=rating_font, fill=ink, anchor="rd")
    k = h / FULL
    type_mark(d, x + 0.19 * h, y1 - 0.18 * h, max(MARK_MIN, 0.21 * h), b.kind or "", ink, fill, b.rank)
    if b.moved:  # a folded corner: this block has moved this turn
        c = 16 * k
        d.polygon([(x1 - c, y), (x1, y), (x1, y + c)], fill=GOLD, outline=INK)
    if b.ruler:
        d.rectangle([x - 4, y - 4, x1 + 4, y1 + 4], outline=GOLD, width=4)
    return named


def type_mark(d: ImageDraw.ImageDraw, gx: float, gy: float, s: float, kind: str, ink, fill,
              rank: Optional[int] = None) -> None:
    """The block-type mark centred on (gx, gy), about ``s`` px."""
    if kind == "heir":
        crown(d, gx - s * 0.1, gy, s * 1.05, fill=GOLD, outline=INK)
        if rank:
            d.text((gx + s * 0.62, gy + s * 0.55), str(rank), font=font(max(NAME_MIN, int(s * 0.95)), True), fill=ink,
                   anchor="ld")
    elif kind == "church":
        w = max(2, int(s / 5))
        d.line([(gx, gy - s * 0.55), (gx, gy + s * 0.55)], fill=ink, width=w)
        d.line([(gx - s * 0.38, gy - s * 0.18), (gx + s * 0.38, gy - s * 0.18)], fill=ink, width=w)
    elif kind == "levy":
        tower(d, gx, gy, s * 0.95, fill=fill, outline=ink)
    elif kind == "mercenary":
        r = s * 0.5
        d.ellipse([gx - r, gy - r, gx + r, gy + r], outline=ink, width=2)
        d.text((gx, gy + 1), "$", font=font(max(NAME_MIN, int(s * 0.8)), True), fill=ink, anchor="mm")
    elif kind == "bombard":
        r = s * 0.42
        d.ellipse([gx - r, gy - r, gx + r, gy + r], fill=ink)
        d.ellipse([gx - r * 0.35, gy - r * 0.55, gx + r * 0.05, gy - r * 0.15], fill=fill)
    elif kind == "rebel":
        w = max(2, int(s / 5))
        r = s * 0.45
        d.line([(gx - r, gy - r), (gx + r, gy + r)], fill=ink, width=w)
        d.line([(gx - r, gy + r), (gx + r, gy - r)], fill=ink, width=w)


def mark(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, side: str) -> None:
    """The house mark on a face-down block: York round-petalled rose, Lancaster star rose, Rebel cross."""
    if side == "york":
        rose(d, cx, cy, r, petal=WHITE, outline=(40, 40, 48))
    elif side == "lancaster":
        d.polygon(star(cx, cy, r * 1.1, r * 0.5), fill=(250, 190, 190), outline=(90, 0, 10), width=2)
        d.ellipse([cx - r * 0.28, cy - r * 0.28, cx + r * 0.28, cy + r * 0.28], fill=GOLD)
    else:
        w = max(3, int(r / 3))
        d.line([(cx - r, cy - r), (cx + r, cy + r)], fill=WHITE, width=w)
        d.line([(cx - r, cy + r), (cx + r, cy - r)], fill=WHITE, width=w)


def legend_block(side: str):
    def symbol(d, cx, cy, s):
        draw_block(d, cx - s / 2, cy - s / 2, int(s), BlockFace(side))
    return symbol

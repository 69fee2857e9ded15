"""Richard III pieces: blocks (blank or labelled), cards, markers. Colour is never the only cue:
York blocks are pale with a thin dark frame and a round-petalled rose; Lancaster blocks are dark red
with a double gold frame and a pointed (star) rose; the Rebel is black with a white cross."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from PIL import ImageDraw

from ..core import INK, WHITE, crown, fit_font, font, pips, rose, star, tower

SIDE_FILL = {"york": (247, 246, 238), "lancaster": (178, 28, 40), "rebel": (26, 26, 26)}
SIDE_INK = {"york": (20, 20, 24), "lancaster": (255, 255, 255), "rebel": (255, 255, 255)}
SIDE_FRAME = {"york": (40, 40, 48), "lancaster": (236, 190, 60), "rebel": (200, 200, 200)}
SIDE_NAME = {"york": "York", "lancaster": "Lancaster", "rebel": "Rebel"}

SHORT = {
    "Northumberland": "Northumb", "Westmoreland": "Westmor.", "Buckingham": "Buckingm",
    "Prince Edward": "P.Edward", "Gloucester": "Gloucstr", "Canterbury (church)": "Abp Cant",
    "York (church)": "Abp York", "Irish Mercenary": "Irish", "Burgundian Mercenary": "Burgundy",
    "Calais Mercenary": "Calais", "Scots Mercenary": "Scots", "French Mercenary": "French",
    "Welsh Mercenary": "Welsh", "Worcester": "Worcestr", "Shrewsbury": "Shrewsby",
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
    strength: Optional[int] = None
    max: Optional[int] = None
    rating: Optional[str] = None      # e.g. "B3"
    rank: Optional[int] = None        # heir rank
    ruler: bool = False               # the King or the Pretender himself
    hits: int = 0                     # hits taken in the battle under way
    acted: bool = False               # has fired or moved in this battle round
    moved: bool = False               # own block that already moved this turn

    @property
    def known(self) -> bool:
        return self.name is not None


def draw_block(d: ImageDraw.ImageDraw, x: float, y: float, size: int, b: BlockFace) -> None:
    """A block with its top-left corner at (x, y)."""
    side = b.side if b.side in SIDE_FILL else "rebel"
    fill, ink, frame = SIDE_FILL[side], SIDE_INK[side], SIDE_FRAME[side]
    x1, y1 = x + size, y + size
    # shadow, body, frame (York: one thin dark frame; Lancaster: double gold frame; Rebel: grey)
    d.rectangle([x + 3, y + 3, x1 + 3, y1 + 3], fill=(60, 50, 40))
    d.rectangle([x, y, x1, y1], fill=fill, outline=INK, width=2)
    if side == "lancaster":
        d.rectangle([x + 4, y + 4, x1 - 4, y1 - 4], outline=frame, width=2)
    elif side == "rebel":
        d.rectangle([x + 4, y + 4, x1 - 4, y1 - 4], outline=frame, width=1)
    cx, cy = x + size / 2, y + size / 2
    if not b.known:
        mark(d, cx, cy, size * 0.30, side)
        return
    # labelled block: strength pips on top (filled = current, hollow = lost), name, type, rating
    k = size / 62
    if b.max:
        pips(d, cx, y + 11 * k, b.strength or 0, b.max, 9 * k, fill=ink, empty=ink)
    name = short_name(b.name or "")
    if size >= 56:
        f = fit_font(name, size - 6, int(14 * k), bold=True, minimum=11)
    else:
        f = fit_font(name, size - 4, 12, True, 9)
    d.text((cx, cy + 1), name, font=f, fill=ink, anchor="mm")
    if b.rating:
        d.text((x1 - 5 * k, y1 - 4 * k), b.rating, font=font(int((17 if size >= 56 else 14) * k), True), fill=ink,
               anchor="rd")
    gx, gy = x + 13 * k, y1 - 12 * k
    if b.kind == "heir":
        crown(d, gx, gy, 15 * k, fill=(236, 190, 60), outline=INK)
        if b.rank:
            d.text((gx + 10 * k, gy + 7 * k), str(b.rank), font=font(int(12 * k), True, 11), fill=ink, anchor="ld")
    elif b.kind == "church":
        d.line([(gx, gy - 8 * k), (gx, gy + 7 * k)], fill=ink, width=3)
        d.line([(gx - 5 * k, gy - 3 * k), (gx + 5 * k, gy - 3 * k)], fill=ink, width=3)
    elif b.kind == "levy":
        tower(d, gx, gy, 13 * k, fill=fill, outline=ink)
    elif b.kind == "mercenary":
        r = 6 * k
        d.ellipse([gx - r, gy - r, gx + r, gy + r], outline=ink, width=2)
        d.text((gx, gy), "$", font=font(int(11 * k), True, 10), fill=ink, anchor="mm")
    elif b.kind == "bombard":
        r = 6 * k
        d.ellipse([gx - r, gy - r, gx + r, gy + r], fill=ink)
    if b.moved:  # a small folded corner: this block has moved this turn
        c = 14 * k
        d.polygon([(x1 - c, y), (x1, y), (x1, y + c)], fill=(236, 190, 60), outline=INK)
    if b.ruler:
        d.rectangle([x - 3, y - 3, x1 + 3, y1 + 3], outline=(236, 190, 60), width=3)


def mark(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, side: str) -> None:
    """The house mark on a face-down block: York round-petalled rose, Lancaster star rose, Rebel cross."""
    if side == "york":
        rose(d, cx, cy, r, petal=WHITE, outline=(40, 40, 48))
    elif side == "lancaster":
        d.polygon(star(cx, cy, r * 1.1, r * 0.5), fill=(250, 190, 190), outline=(90, 0, 10), width=2)
        d.ellipse([cx - r * 0.28, cy - r * 0.28, cx + r * 0.28, cy + r * 0.28], fill=(236, 190, 60))
    else:
        w = max(3, int(r / 3))
        d.line([(cx - r, cy - r), (cx + r, cy + r)], fill=WHITE, width=w)
        d.line([(cx - r, cy + r), (cx + r, cy - r)], fill=WHITE, width=w)


def legend_block(side: str):
    def symbol(d, cx, cy, s):
        draw_block(d, cx - s / 2, cy - s / 2, int(s), BlockFace(side))
    return symbol

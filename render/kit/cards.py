"""Card faces and hand layouts: a card's frame (with a drop shadow, a gold frame when it is highlighted),
a banner across its foot, and a hand laid out in centred rows."""

from __future__ import annotations

from PIL import ImageDraw

from .rects import Rect
from .style import ACCENT, INK, READ
from .tableau import centred_rows
from .text import font, wrap

SHADOW = (80, 70, 60)


def card_frame(d: ImageDraw.ImageDraw, box: Rect, fill, highlight: bool = False, radius: int = 14,
               shadow: int = 4) -> None:
    """A card's body: a shadow ``shadow`` px down and right, the card in ``fill`` framed in ink, or in a
    heavy gold frame when ``highlight``."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle([x0 + shadow, y0 + shadow, x1 + shadow, y1 + shadow], radius=radius, fill=SHADOW)
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=ACCENT if highlight else INK,
                        width=6 if highlight else 3)


def card_banner(d: ImageDraw.ImageDraw, box: Rect, text: str, fnt) -> None:
    """A gold banner across the foot of a card (20 px in from its sides, 8 px up from its foot)."""
    x, _, x1, y1 = box
    d.rounded_rectangle([x + 20, y1 - 44, x1 - 20, y1 - 8], radius=9, fill=ACCENT, outline=INK)
    d.text((x + (x1 - x) / 2, y1 - 26), text, font=fnt, fill=INK, anchor="mm")


def hand_layout(n: int, cols: int, card_w: float, card_h: float, gap: float, width: float, top: float
                ) -> list[Rect]:
    """The boxes of ``n`` cards in rows of ``cols``, each row centred in ``width``, from ``top``."""
    return [(x, y, x + card_w, y + card_h) for x, y in centred_rows(n, cols, card_w, card_h, gap, width, top)]


BACK = (74, 58, 48)
BACK_TEXT = (240, 230, 210)


BACK_LINE = 30


def back_lines(label: str, width: float) -> list[str]:
    """A card back's label set in lines of readable type (``READ`` px) ``width`` px wide."""
    return wrap(label, font(READ), int(width - 16))


def card_back(d: ImageDraw.ImageDraw, box: Rect, edge, label: str = "face down", back=BACK) -> None:
    """A face-down card: the back colour, an ``edge`` frame (the owner's colour), its label in lines
    centred on it (``back_lines``: a box of ``BACK_LINE`` px a line, plus a margin, holds them)."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=8, fill=back, outline=edge, width=5)
    lines = back_lines(label, x1 - x0)
    top = (y0 + y1) / 2 - BACK_LINE * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        d.text(((x0 + x1) / 2, top + i * BACK_LINE), line, font=font(READ), fill=BACK_TEXT, anchor="mm")

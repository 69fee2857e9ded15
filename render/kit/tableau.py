"""Tableau rows and grids: how many pieces of a size fit a row, pieces laid out in rows (each row as tall as
its tallest piece needs), and small rounded pills of text (marks under a piece, a side's chip)."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from PIL import ImageDraw

from .rects import Rect
from .style import INK, WHITE
from .text import contrast_ink, fit_font, font

T = TypeVar("T")


def per_row(room: float, size: float, gap: float) -> int:
    """How many ``size`` px pieces, ``gap`` px apart, fit in ``room`` px (at least one)."""
    return max(1, (room + gap) // (size + gap))


def row_count(n: int, per: int) -> int:
    """Rows needed for ``n`` pieces, ``per`` a row (at least one)."""
    return max(1, -(-n // per))


def rows_of(items: Sequence[T], per: int) -> list[Sequence[T]]:
    """``items`` cut into rows of ``per``."""
    return [items[i:i + per] for i in range(0, len(items), per)]


def rows_height(items: Sequence[T], per: int, row_height: Callable[[Sequence[T]], float], spacing: float) -> float:
    """The height of ``items`` in rows of ``per`` (``row_height`` of each row, ``spacing`` after each; one
    empty row when there are none)."""
    return sum(row_height(row) + spacing for row in (rows_of(items, per) or [[]]))


def centred_rows(n: int, cols: int, w: float, h: float, gap: float, width: float, top: float
                 ) -> list[tuple[float, float]]:
    """Top-left corners of ``n`` w x h boxes in rows of ``cols``, each row centred in ``width``."""
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        left = (width - (in_row * (w + gap) - gap)) / 2
        out.append((left + c * (w + gap), top + r * (h + gap)))
    return out


def grid(n: int, cols: int, x: float, y: float, w: float, h: float, dx: float, dy: float) -> list[Rect]:
    """The boxes of ``n`` w x h pieces in rows of ``cols`` from (x, y), ``dx`` and ``dy`` px apart (left
    aligned; see ``centred_rows`` for centred rows)."""
    out = []
    for i in range(n):
        col, row = i % cols, i // cols
        out.append((x + col * dx, y + row * dy, x + col * dx + w, y + row * dy + h))
    return out


def pill_width(text: str, size: int = 24) -> float:
    return font(size, True).getlength(text) + 16


def pill(d: ImageDraw.ImageDraw, x: float, y: float, text: str, fill, ink=WHITE, size: int = 24,
         height: float = 28) -> float:
    """Bold text in a rounded pill from (x, y), ``height`` tall; returns its width."""
    f = font(size, True)
    w = pill_width(text, size)
    d.rounded_rectangle([x, y, x + w, y + height], radius=10, fill=fill)
    d.text((x + w / 2, y + height / 2 + 1), text, font=f, fill=ink, anchor="mm")
    return w


def chip(d: ImageDraw.ImageDraw, x: float, cy: float, label: str, fill, ink, room: float, size: int = 28,
         minimum: int = 22) -> float:
    """Bold text in a framed chip from x, centred on cy, shrunk to fit ``room``; returns its width."""
    f = fit_font(label, int(room - 20), size, True, minimum)
    w = f.getlength(label) + 20
    d.rounded_rectangle([x, cy - 22, x + w, cy + 22], radius=10, fill=fill, outline=INK, width=2)
    d.text((x + 10, cy + 1), label, font=f, fill=ink, anchor="lm")
    return w


def boxed_text(d: ImageDraw.ImageDraw, box: Rect, text: str, fill, size: int = 26, minimum: int = 16,
               radius: int = 10) -> None:
    """Bold text centred in a framed box of ``fill``, shrunk to fit, in the ink that reads on it."""
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=INK, width=2)
    x0, y0, x1, y1 = box
    f = fit_font(text, int(x1 - x0 - 10), size, bold=True, minimum=minimum)
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=contrast_ink(fill), anchor="mm")


def disc(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, label: str = "") -> None:
    """A disc (a counter, a supporter) with an optional label in the ink that reads on it."""
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=INK, width=2)
    if label:
        d.text((cx, cy), label, font=font(int(r * 1.2), True, floor=14), fill=contrast_ink(fill), anchor="mm")

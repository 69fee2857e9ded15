"""Tableau rows and grids: how many pieces of a size fit a row, pieces laid out in rows (each row as tall as
its tallest piece needs), and small rounded pills of text (marks under a piece, a side's chip)."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from PIL import ImageDraw

from .style import INK, WHITE
from .text import fit_font, font

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

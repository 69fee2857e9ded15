"""Legends: columns of a symbol (drawn by a function) and its text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from PIL import Image, ImageDraw

from .layout import legend_text, mark
from .style import INK, READ, WIDTH
from .text import fit_font, font


@dataclass
class LegendItem:
    """One legend entry: a function drawing its symbol in a (cx, cy, size) slot, and its text."""

    symbol: Callable[[ImageDraw.ImageDraw, float, float, float], None]
    text: str


LEGEND_ROW = 44
LEGEND_TEXT = 28


def legend_height(count: int, columns: int, row_height: int = LEGEND_ROW) -> int:
    return 40 + ((count + columns - 1) // columns) * row_height


def legend(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], items: Sequence[LegendItem],
           columns: int, title: str = "Legend", row_height: int = LEGEND_ROW, symbol_width: int = 78,
           font_size: int = LEGEND_TEXT) -> int:
    """Draw the legend in ``box`` (columns of symbol + text). Returns the bottom y used."""
    with legend_text():
        return _legend(draw, box, items, columns, title, row_height, symbol_width, font_size)


def _legend(draw, box, items, columns, title, row_height, symbol_width, font_size) -> int:
    x0, y0, x1, _ = box
    draw.text((x0, y0), title, font=font(font_size, True), fill=INK, anchor="la")
    y = y0 + 38
    col_w = (x1 - x0) / columns
    f = font(font_size)
    for i, item in enumerate(items):
        col, row = i % columns, i // columns
        cx = x0 + col * col_w + symbol_width / 2
        cy = y + row * row_height + row_height / 2
        item.symbol(draw, cx, cy, row_height - 10)
        text_w = col_w - symbol_width - 10
        cell_x = x0 + col * col_w + symbol_width
        mark(draw, "frame", (cell_x, cy - row_height / 2, cell_x + text_w + 6, cy + row_height / 2), "legend column")
        draw.text((x0 + col * col_w + symbol_width + 4, cy), item.text,
                  font=fit_font(item.text, int(text_w), font_size, minimum=READ) if f.getlength(item.text) > text_w
                  else f, fill=INK, anchor="lm")
    rows = (len(items) + columns - 1) // columns
    return int(y + rows * row_height)



PANEL_RULE = (200, 190, 170)


def legend_panel(items: Sequence[LegendItem], columns: int, title: str, background, width: int = WIDTH
                 ) -> Image.Image:
    """A legend as its own strip, ``width`` wide and as tall as it needs, ruled along its top (to paste
    under a picture; cache it, it changes with the game's items only)."""
    height = legend_height(len(items), columns) + 20
    img = Image.new("RGB", (width, height), background)
    d = ImageDraw.Draw(img)
    d.line([(0, 0), (width, 0)], fill=PANEL_RULE, width=2)
    legend(d, (16, 10, width - 10, height), items, columns, title=title)
    return img

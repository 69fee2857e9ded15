"""The rendering core every game shares, kept as one import for the renderers written against it: fonts,
colours, shapes, text with a halo, the title strip, the legend, the static-layer cache and PNG encoding.

The code lives in the render kit (``render/kit/``, see render/README.md); every name here is re-exported
from it unchanged. Size and legibility (why 1200 px, which text sizes) are explained in
``render/kit/style.py``.
"""

from __future__ import annotations

from .kit.cache import CACHE, LayerCache
from .kit.legend import LEGEND_ROW, LEGEND_TEXT, LegendItem, legend, legend_height
from .kit.output import PNG_COMPRESS_LEVEL, QUANTIZE, blank, to_png
from .kit.shapes import arrow, box_exit, dashed_line, path_arrow, pips, point_along, regular_polygon, star
from .kit.strip import message_picture, title_strip, whose_fill
from .kit.style import (ACCENT, BLACK, FONT_DIR, GREY, HALO, INK, LIGHT_GREY, MAX_ASPECT, MIN_FONT, PAPER, READ,
                        STRIP, STRIP_TEXT, WHITE, WIDTH, Color)
from .kit.symbols import anchor_icon, church, crown, rose, shield, tower
from .kit.text import contrast_ink, fit_font, font, halo_text, luminance, text_size, wrap


class NoPicture(LookupError):
    """The view holds nothing for this picture now (no battle under way, a spectator asking for a hand)."""


__all__ = [
    "ACCENT", "BLACK", "CACHE", "Color", "FONT_DIR", "GREY", "HALO", "INK", "LEGEND_ROW", "LEGEND_TEXT",
    "LIGHT_GREY", "LayerCache", "LegendItem", "MAX_ASPECT", "MIN_FONT", "NoPicture", "PAPER", "PNG_COMPRESS_LEVEL",
    "QUANTIZE", "READ", "STRIP", "STRIP_TEXT", "WHITE", "WIDTH", "anchor_icon", "arrow", "blank", "box_exit",
    "church", "contrast_ink", "crown", "dashed_line", "fit_font", "font", "halo_text", "legend", "legend_height",
    "luminance", "message_picture", "path_arrow", "pips", "point_along", "regular_polygon", "rose", "shield",
    "star", "text_size", "title_strip", "to_png", "tower", "whose_fill", "wrap",
]

"""Text: the shipped fonts at a size, fitting text to a width, word wrap, text with a halo, ink that reads on a
background."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw, ImageFont

from .style import FONT_DIR, HALO, INK, MIN_FONT, WHITE, Color


def font(size: int, bold: bool = False, floor: int = MIN_FONT) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Condensed at ``size`` px, never below ``floor`` (:data:`MIN_FONT` unless a caller
    has a documented reason, such as the names inside small blocks)."""
    return _font(max(int(size), floor), bold)


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


def text_size(text: str, fnt: ImageFont.FreeTypeFont) -> tuple[int, int]:
    left, top, right, bottom = fnt.getbbox(text)
    return right - left, bottom - top


def fit_font(text: str, max_width: int, size: int, bold: bool = False,
             minimum: int = MIN_FONT) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``minimum`` in which ``text`` fits ``max_width``."""
    while size > minimum and font(size, bold, minimum).getlength(text) > max_width:
        size -= 1
    return font(size, bold, minimum)


def halo_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
              fnt: ImageFont.FreeTypeFont, fill: Color = INK, halo: Color | None = HALO,
              width: int = 3, anchor: str = "mm", spacing: int = 2) -> None:
    """Text with an outline (halo) so it stays legible over lines and fills."""
    if halo is None:
        draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, spacing=spacing)
    else:
        draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=width,
                  stroke_fill=halo, spacing=spacing)


def luminance(c: Color) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast_ink(background: Color) -> Color:
    """Black or white, whichever reads better on ``background``."""
    return INK if luminance(background) > 140 else WHITE


def wrap(text: str, fnt: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and fnt.getlength(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines

"""The title strip at the top of every picture (title, detail, whose move in a coloured badge) and the plain
message picture."""

from __future__ import annotations

from typing import Iterable, Sequence

from PIL import Image, ImageDraw

from .output import blank
from .style import ACCENT, INK, STRIP, STRIP_TEXT, WIDTH, Color
from .text import contrast_ink, fit_font, font, wrap


def whose_fill(roles: Sequence[str], side_fill: dict) -> Color:
    """The colour of the "whose move" badge: the colour of the one side the game waits for; gold when it
    waits for both (or for nobody)."""
    roles = [r for r in roles if r in side_fill]
    return side_fill[roles[0]] if len(roles) == 1 else ACCENT


def title_strip(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str, detail: str,
                whose: str = "", whose_fill: Color = ACCENT) -> None:
    """The top strip: game and turn on the left, phase below, whose move on the right (in a badge
    coloured by the side to act)."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=STRIP)
    pad = 14
    right_w = 0
    if whose:
        f = fit_font(whose, int((x1 - x0) * 0.5) - pad, 32, bold=True, minimum=24)
        tw = int(f.getlength(whose)) + 32
        right_w = tw + pad
        draw.rounded_rectangle([x1 - pad - tw, y0 + 14, x1 - pad, y1 - 14], radius=12, fill=whose_fill,
                               outline=(250, 250, 250), width=3)
        draw.text((x1 - pad - tw / 2, (y0 + y1) / 2 + 1), whose, font=f, fill=contrast_ink(whose_fill),
                  anchor="mm")
    avail = x1 - x0 - 2 * pad - right_w - 10
    title, detail = _fit_title(title, detail, avail)
    draw.text((x0 + pad, y0 + 10), title, font=fit_font(title, avail, 36, bold=True, minimum=26),
              fill=STRIP_TEXT, anchor="la")
    draw.text((x0 + pad, y1 - 10), detail, font=fit_font(detail, avail, 28, minimum=24),
              fill=(214, 218, 230), anchor="ld")


def _fit_title(title: str, detail: str, avail: float) -> tuple[str, str]:
    """A title too long for its room even at the smallest size keeps the words that fit; the rest opens
    the detail line (nothing is cut off)."""
    f = font(26, True)
    if f.getlength(title) <= avail:
        return title, detail
    words = title.split()
    head = words[0]
    for i, word in enumerate(words[1:], 1):
        if f.getlength(f"{head} {word}") > avail:
            rest = " ".join(words[i:])
            return head, f"{rest} · {detail}" if detail else rest
        head = f"{head} {word}"
    return title, detail


def message_picture(title: str, lines: Iterable[str], width: int = WIDTH) -> Image.Image:
    """A plain picture with a title strip and text lines (used when a game has no drawing yet)."""
    body = font(22)
    wrapped = [w for line in lines for w in wrap(line, body, width - 48)]
    height = 90 + 34 * max(len(wrapped), 1) + 30
    img, draw = blank(width, height)
    title_strip(draw, (0, 0, width, 80), title, "")
    for i, line in enumerate(wrapped):
        draw.text((24, 100 + 34 * i), line, font=body, fill=INK, anchor="la")
    return img

"""Tracks: a row of numbered boxes (turns, rounds, campaigns, a score), the current one highlighted in gold
with a heavy frame."""

from __future__ import annotations

from typing import Sequence

from PIL import ImageDraw

from .style import ACCENT, INK
from .text import fit_font, font

OFF = (236, 232, 220)     # a box that is not the current one


def track(d: ImageDraw.ImageDraw, x: float, top: float, items: Sequence[tuple[str, bool]], pitch: float,
          spacing: float, height: int, size: int, min_size: int | None = None) -> list[list[float]]:
    """Boxes ``pitch`` px apart (``spacing`` px between them) from (x, top), ``height`` tall, one per
    (label, current) item; labels at ``size`` px, bold when current, shrunk down to ``min_size`` (when
    given) to fit the box. Returns the boxes."""
    boxes = []
    for i, (label, on) in enumerate(items):
        bx = x + i * pitch
        box = [bx, top, bx + pitch - spacing, top + height]
        d.rectangle(box, fill=ACCENT if on else OFF, outline=INK, width=4 if on else 1)
        f = font(size, on) if min_size is None else fit_font(label, int(pitch - 10), size, on, min_size)
        d.text(((box[0] + box[2]) / 2, top + height // 2 + 1), label, font=f, fill=INK, anchor="mm")
        boxes.append(box)
    return boxes

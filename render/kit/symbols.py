"""Map and heraldic symbols any game may use: a rose, a crown, a heater shield, a tower, a church, an anchor.
No game's colours: the caller passes them."""

from __future__ import annotations

from PIL import ImageDraw

from .shapes import regular_polygon
from .style import INK, Color


def rose(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, petal: Color, outline: Color,
         centre: Color = (230, 190, 40)) -> None:
    """A heraldic rose: five round petals around a gold centre."""
    pr = r * 0.45
    for x, y in regular_polygon(cx, cy, r - pr, 5):
        draw.ellipse([x - pr, y - pr, x + pr, y + pr], fill=petal, outline=outline, width=max(1, int(r / 6)))
    cr = r * 0.32
    draw.ellipse([cx - cr, cy - cr, cx + cr, cy + cr], fill=centre, outline=outline, width=1)


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color = (232, 184, 36),
          outline: Color = INK) -> None:
    """A small three-pointed crown."""
    w, h = size, size * 0.75
    x0, y0 = cx - w / 2, cy - h / 2
    pts = [(x0, y0 + h), (x0, y0 + h * 0.25), (x0 + w * 0.25, y0 + h * 0.55), (cx, y0),
           (x0 + w * 0.75, y0 + h * 0.55), (x0 + w, y0 + h * 0.25), (x0 + w, y0 + h)]
    draw.polygon(pts, fill=fill, outline=outline, width=2)


def shield(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color,
           outline: Color = INK) -> None:
    """A heater shield."""
    w, h = size * 0.8, size
    x0, y0 = cx - w / 2, cy - h / 2
    pts = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h * 0.55), (cx, y0 + h), (x0, y0 + h * 0.55)]
    draw.polygon(pts, fill=fill, outline=outline, width=2)


def tower(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color = (120, 110, 100),
          outline: Color = INK) -> None:
    """A city: a crenellated tower."""
    w, h = size * 0.8, size
    x0, y0 = cx - w / 2, cy - h / 2
    q = w / 5
    pts = [(x0, y0 + h), (x0, y0), (x0 + q, y0), (x0 + q, y0 + q), (x0 + 2 * q, y0 + q), (x0 + 2 * q, y0),
           (x0 + 3 * q, y0), (x0 + 3 * q, y0 + q), (x0 + 4 * q, y0 + q), (x0 + 4 * q, y0), (x0 + w, y0),
           (x0 + w, y0 + h)]
    draw.polygon(pts, fill=fill, outline=outline, width=2)


def church(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color = (150, 100, 170),
           outline: Color = INK) -> None:
    """A cathedral: a cross on a roof."""
    s = size
    draw.polygon([(cx - s * 0.4, cy + s * 0.5), (cx - s * 0.4, cy), (cx, cy - s * 0.2), (cx + s * 0.4, cy),
                  (cx + s * 0.4, cy + s * 0.5)], fill=fill, outline=outline, width=2)
    draw.line([(cx, cy - s * 0.2), (cx, cy - s * 0.55)], fill=outline, width=3)
    draw.line([(cx - s * 0.15, cy - s * 0.42), (cx + s * 0.15, cy - s * 0.42)], fill=outline, width=3)


def anchor_icon(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color = (30, 70, 140)) -> None:
    """A ship's anchor (major port)."""
    s = size / 2
    w = max(2, int(size / 8))
    draw.line([(cx, cy - s * 0.7), (cx, cy + s * 0.8)], fill=fill, width=w)
    draw.line([(cx - s * 0.45, cy - s * 0.35), (cx + s * 0.45, cy - s * 0.35)], fill=fill, width=w)
    r = s * 0.2
    draw.ellipse([cx - r, cy - s * 0.95 - r, cx + r, cy - s * 0.95 + r], outline=fill, width=w)
    draw.arc([cx - s * 0.75, cy - s * 0.2, cx + s * 0.75, cy + s * 0.85], 20, 160, fill=fill, width=w)


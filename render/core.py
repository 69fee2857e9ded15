"""The rendering core every game shares: fonts, colours, shapes, text with a halo, the title strip,
the legend, the static-layer cache and PNG encoding.

Size and legibility (the deliberate choice)
-------------------------------------------
Players read these pictures on phones more than anywhere else. A phone screen is about 390 points wide;
Discord's full-screen viewer fits an image to that width, so an image W px wide is shown at 390/W points
per pixel. Legibility is therefore a question of text size *relative to the picture width*, and the rule
here is: anything a player must read is at least 1/40 of the width tall (30 px at 1200 px, about
10 pt on the phone), area names a little more (32 px), never less than :data:`READ` (26 px) for short
secondary words (a city's name, a card's reminder); only symbols' inner letters (the Y/L on a city
tower, a shield's count) go below, down to :data:`MIN_FONT`.

The width itself, :data:`WIDTH` = 1200 px, is then chosen for the pixels: a phone's screen is 1080-1290
physical pixels wide (390-430 pt at 2.75-3x), so a 1200 px picture opened full screen is shown at about
one image pixel per device pixel: nothing is blurred by upscaling (a 800 px picture would be) and no
detail is thrown away by downscaling (a 1600 px picture would spend 78% more pixels, time and bytes on
detail the phone cannot show). Every picture is at most twice as tall as wide (:data:`MAX_ASPECT`): a
portrait phone screen is about 1:2.1, so the viewer fits the width and never shrinks the picture further.
The inline preview in a channel (about 400 px wide on a phone) is for the shape of the position: solid
blocks in strong side colours, orange rings round battles, arrows.

Fonts: DejaVu Sans Condensed (regular and bold) ship in ``render/fonts`` with their licence
(Bitstream Vera / public-domain DejaVu changes, redistribution allowed). Shipping them, rather than
Pillow's built-in default font, gives a bold face, a condensed width (long English county names fit),
the same glyphs on every machine (identical bytes for identical views), and full Unicode coverage.
Text is laid out with Pillow's BASIC engine so output does not depend on libraqm being installed.
"""

from __future__ import annotations

import io
import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1200
MAX_ASPECT = 2.0      # height / width at most
READ = 26             # the smallest text a player must read (short secondary words); main text is 28-32
MIN_FONT = 14         # the absolute floor (letters inside symbols)
FONT_DIR = Path(__file__).with_name("fonts")

Color = tuple[int, int, int] | tuple[int, int, int, int]


class NoPicture(LookupError):
    """The view holds nothing for this picture now (no battle under way, a spectator asking for a hand)."""


# ---- colours --------------------------------------------------------------------------------------
INK = (28, 28, 32)
PAPER = (246, 240, 224)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GREY = (128, 128, 128)
LIGHT_GREY = (210, 210, 210)
STRIP = (38, 42, 54)          # title strip background
STRIP_TEXT = (250, 250, 250)
ACCENT = (236, 180, 40)       # highlights (whose move, contested)
HALO = (255, 255, 255)


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


# ---- shapes ---------------------------------------------------------------------------------------
def dashed_line(draw: ImageDraw.ImageDraw, p0: tuple[float, float], p1: tuple[float, float],
                fill: Color, width: int, dash: int, gap: int, round_caps: bool = False) -> None:
    """A dashed straight line (``gap`` 0 draws a solid line)."""
    if gap <= 0:
        draw.line([p0, p1], fill=fill, width=width)
        return
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        a = (x0 + ux * pos, y0 + uy * pos)
        b = (x0 + ux * end, y0 + uy * end)
        draw.line([a, b], fill=fill, width=width)
        if round_caps and width > 2:
            r = width / 2
            for p in (a, b):
                draw.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=fill)
        pos += dash + gap


def arrow(draw: ImageDraw.ImageDraw, p0: tuple[float, float], p1: tuple[float, float], fill: Color,
          width: int = 5, head: int = 18, outline: Color | None = WHITE, shorten: float = 0,
          shorten_end: float | None = None) -> None:
    """A straight arrow from p0 to p1 with a filled head (and a thin outline for contrast)."""
    (x0, y0), (x1, y1) = p0, p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    end = shorten if shorten_end is None else shorten_end
    if shorten + end > length - head:
        return
    x0, y0 = x0 + ux * shorten, y0 + uy * shorten
    x1, y1 = x1 - ux * end, y1 - uy * end
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    if outline is not None:
        draw.line([(x0, y0), (bx, by)], fill=outline, width=width + 4)
        draw.polygon(tri, fill=outline, outline=outline, width=3)
    draw.line([(x0, y0), (bx, by)], fill=fill, width=width)
    draw.polygon(tri, fill=fill)


def path_arrow(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], fill: Color, width: int = 5,
               head: int = 18, outline: Color | None = WHITE, dash: int = 0, gap: int = 0,
               shorten: float = 0, shorten_end: float | None = None, casing: int = 4) -> None:
    """An arrow along a polyline (dashed if ``gap``), head at the last point; ``shorten`` px are cut
    off the start (and off the end too unless ``shorten_end`` is given)."""
    pts = [tuple(p) for p in points]
    if len(pts) < 2:
        return
    pts = _trim(pts, shorten, shorten if shorten_end is None else shorten_end)
    *body, last = pts
    (x0, y0), (x1, y1) = body[-1], last
    length = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    line = body + [(bx, by)]
    for layer_fill, layer_width in ([(outline, width + casing)] if outline is not None else []) + [(fill, width)]:
        for p, q in zip(line, line[1:]):
            if gap and layer_fill == fill:
                dashed_line(draw, p, q, fill, width, dash, gap)
            else:
                draw.line([p, q], fill=layer_fill, width=layer_width)
        for p in line[1:-1]:
            r = layer_width / 2
            if not (gap and layer_fill == fill):
                draw.ellipse([p[0] - r, p[1] - r, p[0] + r, p[1] + r], fill=layer_fill)
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    if outline is not None:
        # the head's casing: the same triangle grown by the casing, so a pale head keeps a clear rim
        gx, gy = sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3
        grow_by = 1 + casing / head * 1.6
        draw.polygon([(gx + (x - gx) * grow_by, gy + (y - gy) * grow_by) for x, y in tri], fill=outline)
    draw.polygon(tri, fill=fill)


def box_exit(box: tuple[float, float, float, float], centre: tuple[float, float],
             towards: tuple[float, float]) -> float:
    """Distance from ``centre`` to the edge of ``box`` in the direction of ``towards``."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return 0.0
    hw = max(centre[0] - box[0], box[2] - centre[0])
    hh = max(centre[1] - box[1], box[3] - centre[1])
    t = min(hw / abs(dx) if dx else float("inf"), hh / abs(dy) if dy else float("inf"))
    return min(t * length, length)


def _trim(pts, start: float, end: float):
    """Cut ``start`` px off the beginning and ``end`` px off the end of a polyline."""
    pts = list(pts)
    if start:
        (x0, y0), (x1, y1) = pts[0], pts[1]
        seg = math.hypot(x1 - x0, y1 - y0) or 1
        t = min(start / seg, 0.45)
        pts[0] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
    if end:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        seg = math.hypot(x1 - x0, y1 - y0) or 1
        t = min(end / seg, 0.45)
        pts[-1] = (x1 - (x1 - x0) * t, y1 - (y1 - y0) * t)
    return pts


def point_along(points: Sequence[tuple[float, float]], fraction: float) -> tuple[float, float]:
    """The point ``fraction`` of the way along a polyline."""
    seg = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    goal = sum(seg) * fraction
    for i, s in enumerate(seg):
        if goal <= s and s > 0:
            t = goal / s
            return (points[i][0] + (points[i + 1][0] - points[i][0]) * t,
                    points[i][1] + (points[i + 1][1] - points[i][1]) * t)
        goal -= s
    return tuple(points[-1])


def star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5,
         rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rotation + i * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular_polygon(cx: float, cy: float, r: float, sides: int,
                    rotation: float = -math.pi / 2) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(rotation + 2 * math.pi * i / sides),
             cy + r * math.sin(rotation + 2 * math.pi * i / sides)) for i in range(sides)]


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


def pips(draw: ImageDraw.ImageDraw, cx: float, cy: float, count: int, total: int, size: float,
         fill: Color, empty: Color | None = None) -> None:
    """``count`` filled diamonds out of ``total`` in a row centred on (cx, cy) (block strength)."""
    gap = size * 1.25
    x = cx - gap * (total - 1) / 2
    for i in range(total):
        pts = regular_polygon(x + i * gap, cy, size / 2, 4)
        if i < count:
            draw.polygon(pts, fill=fill)
        elif empty is not None:
            draw.polygon(pts, outline=empty, width=1)


# ---- title strip and legend -----------------------------------------------------------------------
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
    draw.text((x0 + pad, y0 + 10), title, font=fit_font(title, avail, 36, bold=True, minimum=26),
              fill=STRIP_TEXT, anchor="la")
    draw.text((x0 + pad, y1 - 10), detail, font=fit_font(detail, avail, 28, minimum=22),
              fill=(214, 218, 230), anchor="ld")


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
        draw.text((x0 + col * col_w + symbol_width + 4, cy), item.text,
                  font=fit_font(item.text, int(text_w), font_size, minimum=READ) if f.getlength(item.text) > text_w
                  else f, fill=INK, anchor="lm")
    rows = (len(items) + columns - 1) // columns
    return int(y + rows * row_height)


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


# ---- static-layer cache ---------------------------------------------------------------------------
class LayerCache:
    """Static board layers (everything that does not change during a game), keyed by
    (game, scenario, size, ...). A turn's picture copies the cached layer and draws only the pieces.
    Bounded LRU; thread-safe; can be switched off to measure the gain."""

    def __init__(self, capacity: int = 16) -> None:
        self.capacity = capacity
        self.enabled = True
        self.hits = 0
        self.misses = 0
        self.build_seconds = 0.0
        self._items: OrderedDict[tuple, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, build: Callable[[], Image.Image]) -> Image.Image:
        """A fresh copy (safe to draw on) of the layer for ``key``, built on first use."""
        if not self.enabled:
            self.misses += 1
            return build()
        with self._lock:
            layer = self._items.get(key)
            if layer is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return layer.copy()
        started = time.perf_counter()
        layer = build()
        self.build_seconds += time.perf_counter() - started
        with self._lock:
            self.misses += 1
            self._items[key] = layer
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return layer.copy()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0
            self.build_seconds = 0.0


CACHE = LayerCache()


# ---- encoding -------------------------------------------------------------------------------------
PNG_COMPRESS_LEVEL = 3  # measured: level 3 encodes this kind of flat-colour map faster than 1 or 6 at ~10% more bytes than 6
# Palette PNG (measured on a 1200 x 2400 map): RGB PNG 103 ms and 490 KB; 256-colour palette (fast octree,
# no dithering) 41 ms to quantize + 22 ms to encode and 200 KB, mean error 0.6/255 per channel, no visible
# banding (the pictures are flat colours plus the anti-aliased edges of text).
QUANTIZE = True


def to_png(image: Image.Image, quantize: bool | None = None) -> bytes:
    """PNG bytes; deterministic (no timestamps or metadata), so equal pixels give equal bytes. RGB
    pictures are stored with a 256-colour palette unless ``quantize`` is False."""
    buf = io.BytesIO()
    if image.mode not in ("RGB", "RGBA", "P", "L"):
        image = image.convert("RGB")
    if (QUANTIZE if quantize is None else quantize) and image.mode == "RGB":
        image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def blank(width: int, height: int, fill: Color = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), fill)
    return img, ImageDraw.Draw(img)


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

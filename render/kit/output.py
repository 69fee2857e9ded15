"""A blank canvas and PNG encoding (deterministic bytes, a 256-colour palette)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .style import PAPER, Color


PNG_COMPRESS_LEVEL = 3  # measured: level 3 encodes this kind of flat-colour map faster than 1 or 6 at ~10% more bytes than 6
# Palette PNG (measured on a 1200 x 2400 map): RGB PNG 103 ms and 490 KB; 256-colour palette (fast octree,
# no dithering) 41 ms to quantize + 22 ms to encode and 200 KB, mean error 0.6/255 per channel, no visible
# banding (the pictures are flat colours plus the anti-aliased edges of text).
QUANTIZE = True


def to_png(image: Image.Image, quantize: bool | None = None, palette: Image.Image | None = None) -> bytes:
    """PNG bytes; deterministic (no timestamps or metadata), so equal pixels give equal bytes. RGB
    pictures are stored with a 256-colour palette unless ``quantize`` is False: the fixed ``palette`` (a
    "P" image, render/kit/palette.py) when given, else one chosen for the picture."""
    buf = io.BytesIO()
    if image.mode not in ("RGB", "RGBA", "P", "L"):
        image = image.convert("RGB")
    if (QUANTIZE if quantize is None else quantize) and image.mode == "RGB":
        if palette is not None:   # each pixel to the nearest of the game's colours: ~5x faster
            image = image.quantize(palette=palette, dither=Image.Dither.NONE)
        else:
            image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def blank(width: int, height: int, fill: Color = PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), fill)
    return img, ImageDraw.Draw(img)


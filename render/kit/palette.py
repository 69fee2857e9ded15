"""A fixed 256-colour palette per game (issue 28): mapping a picture's pixels to colours chosen once costs
2-5 ms where quantising each picture adaptively costs 10-29 ms, at about the same fidelity.

A palette is built from a game's own colours and pictures (``build``): every colour the game declares, and
every colour that covers a visible share of some picture (a flat colour: paper, a house's colour, ink), is
kept exactly, and the colours left over (the
anti-aliased edges of text, symbols and lines, blends of those flat colours) share the remaining entries by
median cut, weighted by the square root of how many pixels have them. It is stored as data beside the game's renderer
(``palette.json``: the colours as ``#rrggbb``) and read back with ``read``; ``fidelity`` measures how far a
picture moves when mapped to it (the tests compare that with the adaptive quantiser's).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Iterable

from PIL import Image, ImageChops, ImageStat

RGB = tuple[int, int, int]
SIZE = 256
FLAT_SHARE = 0.0005   # a colour covering this share of one picture (~1,200 px of a 1200 x 2000 map) is kept exact
FLAT_MAX = 160        # at most this many exact colours; the rest of the palette is for edges and blends
_SAMPLE = 2_000_000   # pixels of the weighted sample the leftover colours are median-cut from


class ColourCount:
    """Colours seen over many pictures: each colour's pixel count, and its largest share of one picture."""

    def __init__(self) -> None:
        self.pixels: Counter[RGB] = Counter()
        self.best_share: dict[RGB, float] = {}
        self.pictures = 0

    def add(self, image: Image.Image) -> None:
        image = image.convert("RGB")
        total = image.width * image.height
        for count, rgb in image.getcolors(total) or ():
            self.pixels[rgb] += count
            self.best_share[rgb] = max(self.best_share.get(rgb, 0.0), count / total)
        self.pictures += 1


def build(counts: ColourCount, size: int = SIZE, declared: Iterable[RGB] = ()) -> list[RGB]:
    """The palette: the ``declared`` colours (the game's own constants, drawn or not in the pictures
    sampled) and the flat colours exactly (most widespread first), then median-cut leftovers."""
    measured = sorted((rgb for rgb, share in counts.best_share.items() if share >= FLAT_SHARE),
                      key=lambda rgb: (-counts.best_share[rgb], rgb))
    flat = list(dict.fromkeys([*sorted(set(declared)), *measured]))[:FLAT_MAX]
    kept = set(flat)
    rest = sorted((rgb, n) for rgb, n in counts.pixels.items() if rgb not in kept)
    if not rest or len(flat) >= size:
        return flat[:size]
    # weighted by the square root of their counts: rarer edge shades get entries too (measured: mean
    # error 0.7 instead of 0.9 levels on one map, 0.3 instead of 0.8 on a hand)
    rest = [(rgb, round(n ** 0.5)) for rgb, n in rest]
    scale = max(1, sum(n for _, n in rest) // _SAMPLE)
    sample = bytearray()
    for rgb, n in rest:
        sample += bytes(rgb) * max(1, n // scale)
    width = 1024
    pixels = len(sample) // 3
    sample += bytes(rest[-1][0]) * ((-pixels) % width)
    image = Image.frombytes("RGB", (width, (pixels + width - 1) // width), bytes(sample))
    cut = image.quantize(size - len(flat), method=Image.Quantize.MEDIANCUT)
    values = cut.getpalette()[: 3 * (size - len(flat))]
    leftovers = [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]
    return flat + [c for c in leftovers if c not in kept][: size - len(flat)]


def palette_image(colours: list[RGB]) -> Image.Image:
    """A 1 x 1 "P" image carrying ``colours`` (what ``Image.quantize(palette=...)`` takes)."""
    image = Image.new("P", (1, 1))
    flat = [v for rgb in colours for v in rgb]
    image.putpalette(flat + flat[:3] * (SIZE - len(colours)))   # unused entries repeat the first colour
    return image


def write(path: Path, colours: list[RGB], note: str) -> None:
    path.write_text(json.dumps({"note": note, "colours": ["#%02x%02x%02x" % c for c in colours]}, indent=0)
                    + "\n")


def read(path: Path) -> list[RGB]:
    data = json.loads(path.read_text())
    return [(int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)) for c in data["colours"]]


def fidelity(original: Image.Image, mapped: Image.Image, width: int | None = None) -> tuple[float, float]:
    """(mean difference per channel in levels of 255, share of pixels off by more than 24 levels in some
    channel) between a picture and its palette version, both first scaled to ``width`` px (a phone's 400 px
    preview) when given."""
    a, b = original.convert("RGB"), mapped.convert("RGB")
    if width:
        size = (width, round(a.height * width / a.width))
        a, b = a.resize(size, Image.Resampling.LANCZOS), b.resize(size, Image.Resampling.LANCZOS)
    diff = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    r, g, bl = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    histogram = worst.histogram()
    return mean, sum(histogram[25:]) / max(1, sum(histogram))


def colours_of(images: Iterable[Image.Image]) -> ColourCount:
    counts = ColourCount()
    for image in images:
        counts.add(image)
    return counts

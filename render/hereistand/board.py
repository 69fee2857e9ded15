"""The static board under the Here I Stand maps: land and sea, roads, passes, port ties and sea names, drawn
once per window from the component data and layout.json, then cached (render/core.py LayerCache)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from rules.hereistand.data import load

from ..core import CACHE, font, halo_text
from .scene import layout
from .style import LAND, PASS, ROAD, SEA, SEA_TEXT

LAND_RADIUS = 92          # board px of land round each space (the coast is their smoothed union)
SEA_NAME_PX = 26
LAKE_SHRINK = 4


def board_to_picture(window, scale):
    x0, y0 = window[0], window[1]
    return lambda p: ((p[0] - x0) * scale, (p[1] - y0) * scale)


def overview_window():
    ov = layout()["overview"]
    return tuple(ov["window"][:2]), ov["scale"]


def _land(size, to_picture, scale, shrink=4):
    """The land mask: a disc round every space, blurred and cut to a smooth coast (worked out at a quarter
    of the size, then scaled up: the coast is a soft shape, and blurring full size costs ten times more)."""
    w, h = size
    sw, sh = max(1, w // shrink), max(1, h // shrink)
    mask = Image.new("L", (sw, sh), 0)
    d = ImageDraw.Draw(mask)
    r = LAND_RADIUS * scale / shrink
    for space in load().spaces.values():
        x, y = to_picture(space.pos)
        x, y = x / shrink, y / shrink
        if -2 * r < x < sw + 2 * r and -2 * r < y < sh + 2 * r:
            d.ellipse([x - r, y - r, x + r, y + r], fill=255)
    blur = max(1, r / 3)
    small = mask.filter(ImageFilter.GaussianBlur(blur))
    return small.resize((w, h), Image.BILINEAR).point(lambda v: 255 if v > 110 else 0)


def _europe_land():
    """The land of the whole board at overview scale, lakes filled: every hole in the union of discs that
    no sea zone's label reaches is land too."""
    ov = layout()["overview"]
    (ox, oy), k = overview_window()
    k /= LAKE_SHRINK            # flood filling is pure Python: a quarter of the overview's size is plenty
    to_picture = board_to_picture((ox, oy), k)
    mask = _land((ov["size"][0] // LAKE_SHRINK, ov["size"][1] // LAKE_SHRINK), to_picture, k, shrink=1)
    for zone in load().sea_zones.values():
        x, y = to_picture(zone.pos)
        x, y = int(min(max(x, 0), mask.width - 1)), int(min(max(y, 0), mask.height - 1))
        if mask.getpixel((x, y)) == 0:
            ImageDraw.floodfill(mask, (x, y), 128)
    return mask.point(lambda v: 0 if v == 128 else 255), (ox, oy), k


_EUROPE = []


def _land_with_lakes(size, window, scale):
    """The region's own coast, with the lakes the whole board's land fills."""
    if not _EUROPE:
        _EUROPE.append(_europe_land())
    europe, (ox, oy), k = _EUROPE[0]
    x0, y0 = window[0], window[1]
    w, h = size
    box = ((x0 - ox) * k, (y0 - oy) * k, (x0 - ox + w / scale) * k, (y0 - oy + h / scale) * k)
    # crop (off the board is sea) then scale up to the region
    cropped = europe.crop(tuple(round(v) for v in box))
    filled = cropped.resize(size, Image.BILINEAR).point(lambda v: 255 if v > 127 else 0)
    own = _land(size, board_to_picture(window, scale), scale)
    from PIL import ImageChops
    return ImageChops.lighter(own, filled)


def _roads(d, to_picture, width):
    data = load()
    for c in data.connections:
        a, b = to_picture(data.spaces[c.a].pos), to_picture(data.spaces[c.b].pos)
        if c.is_pass:
            _pass_line(d, a, b, width)
        else:
            d.line([a, b], fill=ROAD, width=width)


def _pass_line(d, a, b, width):
    """A pass: a dashed brown road with a chevron (a mountain) at its middle."""
    from ..core import dashed_line
    dashed_line(d, a, b, PASS, width + 1, dash=10, gap=7)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    s = 6 + width * 2
    d.polygon([(mx - s, my + s * 0.6), (mx, my - s * 0.7), (mx + s, my + s * 0.6)], fill=PASS,
              outline=(255, 255, 255))


def _port_ties(d, to_picture, seas, spaces, width):
    """A dotted blue line from each port to the label of its sea zone (when both are drawn)."""
    data = load()
    for sid in spaces:
        for zone in data.spaces[sid].ports:
            if zone in seas:
                a = to_picture(data.spaces[sid].pos)
                lab = seas[zone]["label"]
                b = ((lab[0] + lab[2]) / 2, (lab[1] + lab[3]) / 2)
                _dotted(d, a, b, (70, 120, 190), width)


def _dotted(d, a, b, colour, width):
    from ..core import dashed_line
    dashed_line(d, a, b, colour, width, dash=4, gap=6)


def region_layer(region: str) -> Image.Image:
    """The static picture of a region's map (a fresh copy to draw on)."""
    reg = layout()["regions"][region]
    return CACHE.get(("hereistand", "region", region), lambda: _region_build(reg))


def _region_build(reg):
    size = tuple(reg["size"])
    to_picture = board_to_picture(reg["window"], reg["scale"])
    img = Image.new("RGB", size, SEA)
    img.paste(Image.new("RGB", size, LAND), (0, 0), _land_with_lakes(size, reg["window"], reg["scale"]))
    d = ImageDraw.Draw(img)
    _port_ties(d, lambda p: to_picture(p), reg["seas"], reg["spaces"], 2)
    _roads(d, to_picture, 3)
    for zone, spot in reg["seas"].items():
        lab = spot["label"]
        halo_text(d, ((lab[0] + lab[2]) / 2, (lab[1] + lab[3]) / 2), load().sea_zones[zone].name,
                  font(SEA_NAME_PX, True), fill=SEA_TEXT, halo=SEA, width=3)
    return img


def overview_layer() -> Image.Image:
    return CACHE.get(("hereistand", "overview"), _overview_build)


def _overview_build():
    ov = layout()["overview"]
    (ox, oy), k = overview_window()
    size = tuple(ov["size"])
    to_picture = board_to_picture((ox, oy), k)
    img = Image.new("RGB", size, SEA)
    img.paste(Image.new("RGB", size, LAND), (0, 0), _land_with_lakes(size, (ox, oy), k))
    d = ImageDraw.Draw(img)
    _roads(d, to_picture, 2)
    for zone, spot in ov["seas"].items():
        lab = spot["label"]
        halo_text(d, ((lab[0] + lab[2]) / 2, (lab[1] + lab[3]) / 2), load().sea_zones[zone].name,
                  font(SEA_NAME_PX, True), fill=SEA_TEXT, halo=SEA, width=3)
    return img

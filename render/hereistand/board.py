"""The static board under the Here I Stand maps: land and sea, roads, passes, port ties and sea names, drawn
once per window from the component data and layout.json, then cached (render/core.py LayerCache)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from rules.hereistand.data import load

from ..core import CACHE, font, halo_text
from .scene import layout
from .style import LAND, PASS, ROAD, SEA, SEA_TEXT

SEA_NAME_PX = 26
# The coast: a point is land when a space is nearer to it than any sea point (the sea zones' label points and
# points set out to sea from every port), and within LAND_REACH of a space; worked out once on a board
# shrunk BOARD_SHRINK times, then scaled up and smoothed for each picture.
BOARD = (4950, 3164)
BOARD_SHRINK = 8
LAND_REACH = 260
PORT_OFFSETS = (110, 220)     # board px out to sea from a port, towards its sea zone's label
STEP = 10                     # board px the discs grow by


def board_to_picture(window, scale):
    x0, y0 = window[0], window[1]
    return lambda p: ((p[0] - x0) * scale, (p[1] - y0) * scale)


def overview_window():
    ov = layout()["overview"]
    return tuple(ov["window"][:2]), ov["scale"]


def _sea_points():
    data = load()
    points = [z.pos for z in data.sea_zones.values()]
    for space in data.spaces.values():
        for zone in space.ports:
            (x, y), (zx, zy) = space.pos, data.sea_zones[zone].pos
            length = max(1.0, ((zx - x) ** 2 + (zy - y) ** 2) ** 0.5)
            points += [(x + (zx - x) * d / length, y + (zy - y) * d / length) for d in PORT_OFFSETS if d < length]
    # between two ports of one sea that no road joins (London and Calais), unless a space stands there
    joined = {frozenset((c.a, c.b)) for c in data.connections}
    for zone in data.sea_zones.values():
        ports = sorted(s.id for s in data.spaces.values() if zone.id in s.ports)
        for i, a in enumerate(ports):
            for b in ports[i + 1:]:
                (ax, ay), (bx, by) = data.spaces[a].pos, data.spaces[b].pos
                mid = ((ax + bx) / 2, (ay + by) / 2)
                if frozenset((a, b)) in joined or ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 > 700:
                    continue
                if all(((x - mid[0]) ** 2 + (y - mid[1]) ** 2) ** 0.5 > 90 for x, y in
                       (s.pos for s in data.spaces.values())):
                    points.append(mid)
    for zone in data.sea_zones.values():        # the straits between neighbouring seas stay open
        for other in zone.adjacent:
            if other in data.sea_zones:
                ox, oy = data.sea_zones[other].pos
                points.append(((zone.pos[0] + ox) / 2, (zone.pos[1] + oy) / 2))
    return points


_BOARD_LAND: list = []


def board_land() -> Image.Image:
    """The land of the whole board (255) at 1/BOARD_SHRINK size: discs round the spaces and the sea points
    grow together; each pixel goes to whichever reaches it first (a tie to the land)."""
    if _BOARD_LAND:
        return _BOARD_LAND[0]
    from PIL import ImageChops
    k = 1 / BOARD_SHRINK
    size = (round(BOARD[0] * k), round(BOARD[1] * k))
    data = load()
    on_land = [s.pos for s in data.spaces.values()]
    for c in data.connections:            # a road runs over land: spaces it joins are never cut by the sea
        (ax, ay), (bx, by) = data.spaces[c.a].pos, data.spaces[c.b].pos
        on_land += [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (0.25, 0.5, 0.75)]
    land_pts = [(x * k, y * k) for x, y in on_land]
    sea_pts = [(x * k, y * k) for x, y in _sea_points()]
    land, taken = Image.new("L", size, 0), Image.new("L", size, 0)
    for r in range(STEP, LAND_REACH + 1, STEP):
        rr = r * k
        grow_land, grow_sea = Image.new("L", size, 0), Image.new("L", size, 0)
        dl, ds = ImageDraw.Draw(grow_land), ImageDraw.Draw(grow_sea)
        for x, y in land_pts:
            dl.ellipse([x - rr, y - rr, x + rr, y + rr], fill=255)
        for x, y in sea_pts:
            ds.ellipse([x - rr, y - rr, x + rr, y + rr], fill=255)
        land = ImageChops.lighter(land, ImageChops.subtract(grow_land, taken))
        taken = ImageChops.lighter(taken, ImageChops.lighter(grow_land, grow_sea))
    _BOARD_LAND.append(land)
    return land


def _land(size, window, scale):
    """The land mask of a picture showing the board from ``window`` (its top-left corner) at ``scale``."""
    k = 1 / BOARD_SHRINK
    w, h = size
    x0, y0 = window[0], window[1]
    box = (x0 * k, y0 * k, (x0 + w / scale) * k, (y0 + h / scale) * k)
    pad = 8                                  # off the board is sea
    canvas = Image.new("L", (board_land().width + 2 * pad, board_land().height + 2 * pad), 0)
    canvas.paste(board_land(), (pad, pad))
    cropped = canvas.crop(tuple(round(v + pad) for v in box))
    small = (max(1, w // 4), max(1, h // 4))
    soft = cropped.resize(small, Image.BILINEAR).filter(ImageFilter.GaussianBlur(max(1.0, scale * 6)))
    return soft.resize((w, h), Image.BILINEAR).point(lambda v: 255 if v > 127 else 0)


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
    img.paste(Image.new("RGB", size, LAND), (0, 0), _land(size, reg["window"], reg["scale"]))
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
    img.paste(Image.new("RGB", size, LAND), (0, 0), _land(size, (ox, oy), k))
    d = ImageDraw.Draw(img)
    _roads(d, to_picture, 2)
    for zone, spot in ov["seas"].items():
        lab = spot["label"]
        halo_text(d, ((lab[0] + lab[2]) / 2, (lab[1] + lab[3]) / 2), load().sea_zones[zone].name,
                  font(SEA_NAME_PX, True), fill=SEA_TEXT, halo=SEA, width=3)
    return img

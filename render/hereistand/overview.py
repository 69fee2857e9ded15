"""The Here I Stand overview (``map``): all of Europe on one 1200 px picture, read on a phone at ~400 px.

What must read at that scale (render/kit/legibility.py): each space's control mark; the units per space as
a count chip (land units per power, "+n" ships in port) in 24 px type beside its mark; the names of the
spaces that matter (capitals first, then spaces with units or a siege, then keys and electorates) wherever
a name finds room clear of every mark, chip, sea name and other name (the rest are left to the regional
pictures, one tap away, which name every space); the regional frames with their name tabs; the VP strip
and the whole legend below.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.hereistand.data import load

from ..kit.labels import around, place_labels
from ..kit.layout import mark, path_mark
from ..kit.legend import legend_height
from ..kit.rects import Rect, grow
from ..kit.shapes import dashed_line, path_arrow
from ..kit.stacks import leader_line
from ..kit.style import INK, WHITE, WIDTH
from ..kit.text import font, halo_text
from . import scene
from .board import board_to_picture, overview_layer, overview_window
from .maps import (FRAME_COLOURS, TITLE_H, _arrow, _space_mark, _where, draw_legend, legend_items, title,
                   vp_strip)
from .style import chip, fill

COUNT_PX = 24          # a count chip's figures (8 px at 400 px wide)
NAME_PX = 24           # a space's name
CHIP_H = 28
VP_STRIP_H = 36 + 134 + 10


def draw_overview(view) -> Image.Image:
    ov = scene.layout()["overview"]
    data = load()
    stacks = scene.stacks(view)
    control = view.get("control") or {}
    unrest, religion = set(view.get("unrest") or []), set(view.get("religion") or [])
    sieges = view.get("sieges") or {}
    board = overview_layer()
    mw, mh = board.size
    items = legend_items(region=False)
    legend_h = legend_height(len(items), 3)
    height = TITLE_H + mh + 10 + VP_STRIP_H + legend_h + 16
    img = Image.new("RGB", (WIDTH, height), (246, 240, 224))
    img.paste(board, (0, TITLE_H))
    d = ImageDraw.Draw(img)
    title(d, view, "Europe")
    oy = TITLE_H
    to_picture = board_to_picture(*overview_window())
    for i, frame in enumerate(ov["frames"].values()):
        x0, y0, x1, y1 = frame["box"]
        colour = FRAME_COLOURS[i % len(FRAME_COLOURS)]
        for p, q in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
            dashed_line(d, (p[0], oy + p[1]), (q[0], oy + q[1]), colour, 3, 14, 6)
    for sid, spot in ov["spaces"].items():
        x, y = spot["at"][0], oy + spot["at"][1]
        _space_mark(d, x, y, 12, data.spaces[sid].type, control.get(sid), sid in unrest, sid in religion,
                    sieges.get(sid), letter=False)
        mark(d, "marker", _shift(spot["symbol"], oy), "space mark")
    arrows = []
    fixed = _fixed_boxes(oy)
    for a in scene.arrows(view):
        p, q = _where(a["origin"], ov, to_picture), _where(a["dest"], ov, to_picture)   # fleets: sea names
        if p and q:
            p, q = _label_edge(a["origin"], ov, q, p), _label_edge(a["dest"], ov, p, q)
            arrows.append((a, _route((p[0], p[1] + oy), (q[0], q[1] + oy), fixed)))
    along = [box for _, path in arrows for i in range(len(path) - 1) for box in _along(path[i], path[i + 1])]
    chips = _place_chips(d, ov, stacks, oy, fixed + along)
    for zone, spot in ov["seas"].items():
        _sea_fleets(d, spot["slot"], oy, stacks.get(zone, []))
    for a, path in arrows:
        if len(path) == 2:
            _arrow(d, path[0], path[1], a, 4, 12, 12)
        else:
            path_arrow(d, path, fill(a.get("power")), width=4, head=12, shorten=12,
                       **({"dash": 10, "gap": 7} if a["kind"] in ("intercept", "avoid") else {"outline": INK}))
        path_mark(d, path, "move arrow")
    _names(d, view, ov, stacks, sieges, oy, fixed + along + chips)
    _tabs(d, ov, oy)
    y = vp_strip(d, view, oy + mh + 10) + 10
    draw_legend(d, y, items)
    return img


def _label_edge(place, ov, other, at):
    """A sea's end of an arrow: the point of its name's box nearest the other end, so the arrow stops at
    the name instead of running under it (a space's end is its mark)."""
    sea = ov["seas"].get(place)
    if not sea:
        return at
    x0, y0, x1, y1 = sea["label"]
    return (min(max(other[0], x0), x1), min(max(other[1], y0), y1))


def _route(p, q, symbols) -> list:
    """The arrow from p to q: straight when it crosses no other mark (a space's, a sea's name and fleet
    row, a frame's tab), else bent once or twice, as little as will clear them (or, in a crowd, the bend
    that crosses fewest)."""
    length = math.dist(p, q) or 1
    nx, ny = -(q[1] - p[1]) / length, (q[0] - p[0]) / length
    others = [s for s in symbols if not (s[0] <= p[0] <= s[2] and s[1] <= p[1] <= s[3])
              and not (s[0] <= q[0] <= s[2] and s[1] <= q[1] <= s[3])]

    def via(t, bend):
        return (p[0] + (q[0] - p[0]) * t + nx * bend, p[1] + (q[1] - p[1]) * t + ny * bend)

    bends = [b * s for b in range(15, 301, 15) for s in (1, -1)]
    shapes = [[p, q]] + [path for bend in bends for path in ([p, via(0.5, bend), q],
                                                             [p, via(0.3, bend), via(0.7, bend), q])]
    shapes += [[p, via(0.3, a), via(0.7, b), q] for a in bends[:16] for b in bends[:16] if a != b]
    best, fewest = [p, q], None
    for path in shapes:        # the first that crosses nothing, else the one crossing least
        xs, ys = [v[0] for v in path], [v[1] for v in path]
        near = [s for s in others if s[0] < max(xs) and s[2] > min(xs) and s[1] < max(ys) and s[3] > min(ys)]
        hits = sum(1 for s in near if _crosses(path, s))
        if hits == 0:
            return path
        if fewest is None or hits < fewest:
            best, fewest = path, hits
    return best


def _crosses(path, r) -> bool:
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        n = max(1, int(math.dist((ax, ay), (bx, by)) / 3))
        for i in range(n + 1):
            x, y = ax + (bx - ax) * i / n, ay + (by - ay) * i / n
            if r[0] + 2 < x < r[2] - 2 and r[1] + 2 < y < r[3] - 2:
                return True
    return False


def _shift(r, oy) -> Rect:
    return (r[0], r[1] + oy, r[2], r[3] + oy)


@lru_cache(maxsize=4)
def _fixed_boxes(oy: int) -> list[Rect]:
    """What never moves: every space's mark, the sea names and their fleet rows, the frames' tabs."""
    ov = scene.layout()["overview"]
    out = [_shift(s["symbol"], oy) for s in ov["spaces"].values()]
    out += [_shift(s[k], oy) for s in ov["seas"].values() for k in ("label", "slot")]
    out += [_shift(f["tab"], oy) for f in ov["frames"].values()]
    return out


def _along(p, q, step: float = 12, half: float = 5) -> list[Rect]:
    """Small boxes along an arrow, so that chips and names keep off it."""
    n = max(1, int(max(abs(q[0] - p[0]), abs(q[1] - p[1])) / step))
    return [(p[0] + (q[0] - p[0]) * i / n - half, p[1] + (q[1] - p[1]) * i / n - half,
             p[0] + (q[0] - p[0]) * i / n + half, p[1] + (q[1] - p[1]) * i / n + half) for i in range(n + 1)]


def _count_text(here) -> tuple[str, str, bool] | None:
    """(text, owner, naval) of a space's chip: land units per power ("3/2"), "+n" ships in port."""
    land = [s for s in here if s.land]
    naval = sum(s.naval for s in here)
    if not land and not naval:
        return None
    text = "/".join(str(s.land) for s in land) if land else ""
    if naval:
        text = f"{text}+{naval}" if text else f"⚓{naval}"
    owner = land[0].power if land else next(s.power for s in here if s.naval)
    return text, owner, bool(naval)


def _place_chips(d, ov, stacks, oy, avoid) -> list[Rect]:
    """Each space's count chip beside its mark, where it covers no mark, name of a sea, arrow or chip."""
    f = font(COUNT_PX, True)
    requests, what = [], {}
    for sid, spot in ov["spaces"].items():
        found = _count_text(stacks.get(sid, []))
        if not found:
            continue
        text, owner, naval = found
        w = f.getlength(text) + 12
        x, y = spot["at"][0], oy + spot["at"][1]
        sx0, sy0, sx1, sy1 = _shift(spot["slot"], oy)
        sy = (sy0 + sy1) / 2
        on_slot = [(sx0, sy - CHIP_H / 2, sx0 + w, sy + CHIP_H / 2), (sx1 - w, sy - CHIP_H / 2, sx1, sy + CHIP_H / 2)]
        near = around((x, y), w, CHIP_H, 13) + on_slot + around((x, y), w, CHIP_H, 24)
        requests.append((sid, near + _rings((x, y), w, CHIP_H)))
        what[sid] = (found, len(near))
    bounds = (2, oy + 2, WIDTH - 2, oy + ov["size"][1] - 2)
    laid = place_labels(requests, avoid, bounds)
    boxes = []
    for sid, box in laid.boxes.items():
        (text, owner, naval), close = what[sid]
        cands = dict(requests)[sid]
        if box in cands[close:]:           # set off its space (a crowd): tied to it by a line
            x, y = ov["spaces"][sid]["at"][0], oy + ov["spaces"][sid]["at"][1]
            leader_line(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (x, y))
        chip(d, box, owner, text, COUNT_PX, naval)
        mark(d, "marker", box, "count chip")
        boxes.append(box)
    return boxes


def _rings(at, w, h) -> list[Rect]:
    """Places further out (a crowd), ring by ring, 16 directions each."""
    out = []
    for dist in range(36, 140, 12):
        for i in range(16):
            a = i * math.pi / 8
            cx, cy = at[0] + math.cos(a) * (dist + w / 2), at[1] + math.sin(a) * (dist + h / 2)
            out.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return out


def _sea_fleets(d, slot, oy, here) -> None:
    """Fleets at sea in the sea's row under its name: one chip per power."""
    if not here:
        return
    x0, y0, x1, y1 = slot
    f = font(COUNT_PX, True)
    texts = [(s.power, f"⚓{s.naval}") for s in here if s.naval]
    widths = [f.getlength(t) + 12 for _, t in texts]
    x = (x0 + x1 - sum(widths) - 2 * (len(widths) - 1)) / 2
    for (power, text), w in zip(texts, widths):
        box = (x, oy + y0 - 2, x + w, oy + y0 - 2 + CHIP_H)
        chip(d, box, power, text, COUNT_PX, True)
        mark(d, "marker", box, "fleet chip")
        x += w + 2


def _priority(sid, data, stacks, sieges) -> int | None:
    """The order names are placed in (smaller first), None for names the overview leaves out."""
    space = data.spaces[sid]
    if space.capital_of:
        return 0
    if stacks.get(sid) or sid in sieges:
        return 1
    if space.type in ("key", "electorate"):
        return 2
    return None


def _names(d, view, ov, stacks, sieges, oy, avoid) -> None:
    data = load()
    f = font(NAME_PX, True)
    wanted = sorted((p, sid) for sid in ov["spaces"]
                    if (p := _priority(sid, data, stacks, sieges)) is not None)
    requests = []
    for _, sid in wanted:
        name = data.spaces[sid].name
        w, h = f.getlength(name) + 6, NAME_PX + 4
        x, y = ov["spaces"][sid]["at"][0], oy + ov["spaces"][sid]["at"][1]
        requests.append((sid, _name_places((x, y), w, h)))
    bounds = (4, oy + 2, WIDTH - 4, oy + ov["size"][1] - 2)
    laid = _place_free(requests, avoid, bounds)
    for sid, box in laid.items():
        halo_text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), data.spaces[sid].name, f, fill=INK, width=3)


def _name_places(at, w, h) -> list[Rect]:
    """Where a name may go round its space, nearest first: beside, above, below, the diagonals, then
    slid along and further out."""
    x, y = at
    out = around(at, w, h, 14)
    for dx in (-w / 3, w / 3, -w / 2 + 10, w / 2 - 10):
        for dy in (-(14 + h / 2), 14 + h / 2):
            out.append((x + dx - w / 2, y + dy - h / 2, x + dx + w / 2, y + dy + h / 2))
    out += around(at, w, h, 30) + around(at, w, h, 48)
    return out


def _place_free(requests, obstacles, bounds) -> dict[str, Rect]:
    """Each name at its first candidate inside ``bounds`` covering nothing; a name with no such place is
    left out (the regional picture names it)."""
    taken: list[Rect] = []
    out = {}
    for key, cands in requests:
        for r in cands:
            if r[0] < bounds[0] or r[1] < bounds[1] or r[2] > bounds[2] or r[3] > bounds[3]:
                continue
            g = grow(r, 1)
            if any(_hit(g, o) for o in obstacles) or any(_hit(g, t) for t in taken):
                continue
            out[key] = r
            taken.append(r)
            break
    return out


def _hit(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _tabs(d, ov, oy) -> None:
    """Each regional frame's name on a tab in its colour (tied to the frame by a line when set off it)."""
    for i, frame in enumerate(ov["frames"].values()):
        x0, y0, x1, y1 = frame["box"]
        t0, t1, t2, t3 = frame["tab"]
        colour = FRAME_COLOURS[i % len(FRAME_COLOURS)]
        if t2 < x0 or t0 > x1 or t3 < y0 or t1 > y1:
            cx, cy = (t0 + t2) / 2, (t1 + t3) / 2
            d.line([(cx, oy + cy), (min(max(cx, x0), x1), oy + min(max(cy, y0), y1))], fill=colour, width=4)
        d.rounded_rectangle([t0, oy + t1, t2, oy + t3], radius=6, fill=colour, outline=WHITE, width=2)
        d.text(((t0 + t2) / 2, oy + (t1 + t3) / 2), frame["name"], font=font(24, True), fill=WHITE, anchor="mm")
        mark(d, "marker", (t0, oy + t1, t2, oy + t3), "frame tab")

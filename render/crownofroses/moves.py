"""The impulse's moves and battles on the map (view `impulse_record`, rules/crownofroses/VIEW.md): an arrow
per move in its house's colour with the number of blocks moved (dashed: by sea, interception, avoidance,
retreat), and a dashed orange ring round each shire fought over this impulse. Arrows run in the gaps
between tiles and end at a tile's edge, off its name, values and pieces; the map draws the names over them
and then the counts, each where no name strip is, so every name stays readable."""

from __future__ import annotations

import math

from PIL import ImageDraw

from ..core import INK, font
from ..kit.layout import mark, path_mark
from ..kit.shapes import arrow, path_arrow
from . import style
from .layout import centre, info_box, layout, name_box

LABEL_R = 16
LABEL_PX = 24
REACH = 0           # arrows end at a tile's edge: nothing inside a tile (its value, counts) lies under one
DASHED = {"sea", "intercept", "avoid", "retreat"}


def _box(place: str, lay):
    if place in lay.shires:
        return lay.shires[place]
    if place.startswith("exile/"):
        return lay.exiles.get(place[6:])
    return None


def _exit(box, c, u) -> float:
    """Distance from the centre ``c`` along unit ``u`` to the edge of ``box``."""
    half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    tx = half_w / abs(u[0]) if abs(u[0]) > 1e-9 else math.inf
    ty = half_h / abs(u[1]) if abs(u[1]) > 1e-9 else math.inf
    return min(tx, ty)


def _in_strip(place: str, p, lay) -> bool:
    """Whether ``p`` is on (or within 4 px of) a tile's name strip or its row of value, seats and offices."""
    if place not in lay.shires:
        return p[1] < lay.exiles[place[6:]][1] + 46 if place.startswith("exile/") else False
    x0, y0, _, _ = name_box(lay.shires[place])
    _, _, x1, y1 = info_box(lay.shires[place])
    return x0 - 4 <= p[0] <= x1 + 8 and y0 - 4 <= p[1] <= y1 + 8


def _reach(place: str, edge, inward, lay) -> tuple[float, float]:
    """The edge point moved up to REACH px into the tile, stopping short of its name strip."""
    best = edge
    for step in range(2, REACH + 1, 2):
        p = (edge[0] + inward[0] * step, edge[1] + inward[1] * step)
        if _in_strip(place, p, lay):
            break
        best = p
    return best


def _ends(origin: str, dest: str, lay):
    a, b = _box(origin, lay), _box(dest, lay)
    if a is None or b is None:
        return None
    ca, cb = centre(a), centre(b)
    length = math.dist(ca, cb)
    if length < 1:
        return None
    u = ((cb[0] - ca[0]) / length, (cb[1] - ca[1]) / length)
    ea, eb = _exit(a, ca, u), _exit(b, cb, (-u[0], -u[1]))
    start_edge = (ca[0] + u[0] * ea, ca[1] + u[1] * ea)
    end_edge = (cb[0] - u[0] * eb, cb[1] - u[1] * eb)
    start = _reach(origin, start_edge, (-u[0], -u[1]), lay)
    end = _reach(dest, end_edge, u, lay)
    return start, end, u


def draw_record(d: ImageDraw.ImageDraw, record: list[dict]) -> list[tuple]:
    """Rings and arrows; returns the count labels to draw once the names are on (`draw_labels`)."""
    lay = layout()
    labels = []
    for e in record:
        if e.get("kind") == "battle" and e.get("shire") in lay.shires:
            b = lay.shires[e["shire"]]
            ring(d, (b[0] - 7, b[1] - 7, b[2] + 7, b[3] + 7))
    seen: dict[tuple[str, str], int] = {}
    for e in record:
        if e.get("kind") == "battle" or not e.get("from") or not e.get("to"):
            continue
        ends = _ends(e["from"], e["to"], lay)
        if ends is None:
            continue
        (p, q, u) = ends
        pair = tuple(sorted((e["from"], e["to"])))
        k = seen.get(pair, 0)
        seen[pair] = k + 1
        shift = (k + 1) // 2 * (1 if k % 2 else -1) * 16          # parallel moves side by side
        nx, ny = -u[1] * shift, u[0] * shift
        p, q = (p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny)
        move_arrow(d, p, q, e["house"], e["kind"] in DASHED, 0)
        spot = _label_spot(p, q, lay) if e.get("count") else None
        _note_path(d, p, q, spot)
        if spot:
            labels.append((spot, e["house"], e["count"]))
    return labels


def _note_path(d, p, q, spot) -> None:
    """Note the arrow for the legibility check, less the stretch under its own count."""
    if spot is None:
        path_mark(d, [p, q], "move arrow")
        return
    length = math.dist(p, q) or 1
    t = math.dist(p, spot) / length
    gap = (LABEL_R + 3) / length
    for a, b in ((0.0, t - gap), (t + gap, 1.0)):
        if b > a:
            path_mark(d, [(p[0] + (q[0] - p[0]) * a, p[1] + (q[1] - p[1]) * a),
                          (p[0] + (q[0] - p[0]) * b, p[1] + (q[1] - p[1]) * b)], "move arrow")


def _label_spot(p, q, lay) -> tuple[float, float]:
    """The point of the arrow nearest its middle where a count label covers no name strip or value row."""
    r = LABEL_R + 2
    strips = [name_box(b)[:3] + (info_box(b)[3],) for b in lay.shires.values()]
    for f in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        x, y = p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        if not any(s[0] - r < x < s[2] + r and s[1] - r < y < s[3] + r for s in strips):
            return x, y
    return (p[0] + q[0]) / 2, (p[1] + q[1]) / 2


def draw_labels(d, labels) -> None:
    for (x, y), house, count in labels:
        count_label(d, x, y, house, count)


def count_label(d, x, y, house: str, count: int) -> None:
    colour, r = style.fill(house), LABEL_R
    d.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=INK, width=2)
    d.text((x, y + 1), str(count), font=font(LABEL_PX, True), fill=style.contrast(colour), anchor="mm")
    mark(d, "marker", (x - r, y - r, x + r, y + r), "count on an arrow")


def move_arrow(d, p, q, house: str, dashed: bool, count: int) -> None:
    colour = style.fill(house)
    if dashed:
        path_arrow(d, [p, q], colour, width=8, head=20, dash=10, gap=6, outline=INK)
    else:
        arrow(d, p, q, colour, width=8, head=20, outline=INK)
    if count:
        count_label(d, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, house, count)


def ring(d, box) -> None:
    """A dashed orange ring: a battle fought this impulse (the battle being fought has a solid one)."""
    x0, y0, x1, y1 = box
    dash, gap, w = 16, 10, 6
    for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = math.dist(a, b)
        t = 0.0
        while t < length:
            s, e = t / length, min(t + dash, length) / length
            d.line([(a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s),
                    (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e)], fill=style.ORANGE, width=w)
            t += dash + gap

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
from ..kit.routes import cheapest_path, pull_string
from ..kit.shapes import arrow, path_arrow
from . import style
from .layout import centre, info_box, layout, name_box

LABEL_R = 16
LABEL_PX = 24
EXILE_NAME_H = 40   # an exile box's name strip, down to its dashed line (mapview)
ROUTE_CELL = 10     # the grid a move goes round names on when no bend will do
ROUTE_PAD = 8       # kept between such a move's line and a name (the arrow is 8 px wide, outlined)
GAP = 5             # arrows end just outside a tile: nothing inside it (its name, value, counts) lies under one
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
    start = (start_edge[0] + u[0] * GAP, start_edge[1] + u[1] * GAP)    # just outside both tiles
    end = (end_edge[0] - u[0] * GAP, end_edge[1] - u[1] * GAP)
    return start, end, u


def draw_record(d: ImageDraw.ImageDraw, record: list[dict], avoid=()) -> list[tuple]:
    """Rings and arrows; returns the count labels to draw once the names are on (`draw_labels`), each
    placed clear of names, value rows, other counts and other arrows. Arrows keep off ``avoid`` too (the
    shires' marker badges)."""
    lay = layout()
    labels = []
    for e in record:
        if e.get("kind") == "battle" and e.get("shire") in lay.shires:
            b = lay.shires[e["shire"]]
            ring(d, (b[0] - 7, b[1] - 7, b[2] + 7, b[3] + 7))
    seen: dict[tuple[str, str], int] = {}
    taken: list = []
    drawn: list = []
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
        path = _route(p, q, e["from"], e["to"], lay, by_sea=e["kind"] == "sea", avoid=avoid)
        move_arrow(d, path[0], path[-1], e["house"], e["kind"] in DASHED, 0, path)
        drawn.append((e, path))
    samples = [[pt for a, b in zip(path, path[1:]) for pt in _samples(a, b)] for _, path in drawn]
    for i, (e, path) in enumerate(drawn):
        others = [s for j, s in enumerate(samples) if j != i]
        spot = _label_spot(path, lay, taken, others) if e.get("count") else None
        if spot:
            taken.append(spot)
            labels.append((spot, e["house"], e["count"]))
        _note_path(d, path, spot)
    return labels


def _samples(a, b, step: float = 4):
    n = max(1, int(math.dist(a, b) / step))
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


def _keep_clear(lay) -> list:
    """What an arrow or a count may not cover: each tile's name strip and value row, each exile box's name
    (above its dashed line), the Wash's and the seas' names."""
    from .mapview import sea_label_boxes, wash_label_box    # (here: mapview imports this module)
    return [name_box(b)[:3] + (info_box(b)[3],) for b in lay.shires.values()] + \
        [(b[0], b[1], b[2], b[1] + EXILE_NAME_H) for b in lay.exiles.values()] + [wash_label_box()] + \
        sea_label_boxes()


def _crosses(path, r, inset: float = -3) -> bool:
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        n = max(1, int(math.dist((ax, ay), (bx, by)) / 3))
        for i in range(n + 1):
            x, y = ax + (bx - ax) * i / n, ay + (by - ay) * i / n
            if r[0] + inset < x < r[2] - inset and r[1] + inset < y < r[3] - inset:
                return True
    return False


def _route(p, q, origin, dest, lay, by_sea: bool = False, avoid=()) -> list:
    """Straight from p to q, or bent once or twice (as little as will do) round a name or value row; when
    no bend will do, from another side of the tiles (a tile in the way). A move by sea may instead go out
    to a sea both shires touch and back (drawn over that sea, off its name)."""
    clear = _keep_clear(lay) + list(avoid)   # its own tiles' too: an arrow starts and ends just outside them
    path, hits = _bent(p, q, clear)
    if hits and by_sea:
        for sea_path in _by_sea(origin, dest, lay):
            n = sum(1 for r in clear if _crosses(sea_path, r))
            if n < hits:
                path, hits = sea_path, n
    if hits:
        a, b = _box(origin, lay), _box(dest, lay)
        for p2 in [p] + _sides(a):
            for q2 in [q] + _sides(b):
                other, n = _bent(p2, q2, clear, 120)
                if n < hits:
                    path, hits = other, n
                if not hits:
                    return path
    if hits:
        around = _around(path[0], path[-1], clear, lay.map_box)
        if around is not None and sum(1 for r in clear if _crosses(around, r)) < hits:
            path = around
    return path


def _around(p, q, clear, frame, cell: int = ROUTE_CELL) -> list | None:
    """The shortest way from p to q round everything in ``clear`` (a path on a grid of ``cell`` px inside
    ``frame``, its corners then dropped while the line stays clear), or None when there is none."""
    x0, y0 = frame[0], frame[1]
    cols, rows = int((frame[2] - x0) // cell), int((frame[3] - y0) // cell)
    pad = ROUTE_PAD

    def blocked(cx, cy):
        x, y = x0 + (cx + 0.5) * cell, y0 + (cy + 0.5) * cell
        return any(r[0] - pad < x < r[2] + pad and r[1] - pad < y < r[3] + pad for r in clear)

    def at(pt):
        return (min(cols - 1, max(0, int((pt[0] - x0) // cell))), min(rows - 1, max(0, int((pt[1] - y0) // cell))))

    cost = [[None if blocked(c, r) else 1.0 for c in range(cols)] for r in range(rows)]
    start, goal = at(p), at(q)
    cost[start[1]][start[0]] = 1.0
    cells = cheapest_path(cost, start, goal)
    if cells is None:
        return None
    pts = [p] + [(x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell) for c, r in cells[1:-1]] + [q]
    return pull_string(pts, lambda a, b: not any(_crosses([a, b], r, -pad) for r in clear))


def _by_sea(origin, dest, lay) -> list:
    """Paths from one shire's coast out to a sea both touch and in to the other's (the sea's name kept
    clear: the path turns 60 px off it)."""
    from rules.crownofroses.board import data
    board = data().board
    if origin not in board.shires or dest not in board.shires:
        return []
    shared = [s for s in board.shires[origin].coastal_seas if s in board.shires[dest].coastal_seas]
    out = []
    for sea in shared:
        sx, sy = lay.seas[sea]
        for dx, dy in ((0, 60), (0, -60), (90, 0), (-90, 0)):
            turn = (sx + dx, sy + dy)
            for p in _sides(_box(origin, lay)):
                for q in _sides(_box(dest, lay)):
                    out.append([p, turn, q])
    out.sort(key=lambda path: math.dist(path[0], path[1]) + math.dist(path[1], path[2]))
    return out


def _sides(box) -> list:
    """The middle of each side of a tile, just outside it."""
    x0, y0, x1, y1 = box
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    return [(x0 - GAP, my), (x1 + GAP, my), (mx, y1 + GAP), (mx, y0 - GAP)]


def _bent(p, q, clear, reach: int = 240) -> tuple[list, int]:
    """The least bent path from p to q crossing nothing in ``clear`` (else the one crossing least), and how
    many it crosses."""
    length = math.dist(p, q) or 1
    nx, ny = -(q[1] - p[1]) / length, (q[0] - p[0]) / length

    def via(t, bend):
        return (p[0] + (q[0] - p[0]) * t + nx * bend, p[1] + (q[1] - p[1]) * t + ny * bend)

    best, fewest = [p, q], None
    for bend in [0] + [b * s for b in range(12, reach + 1, 12) for s in (1, -1)]:
        for path in ([p, q] if bend == 0 else [p, via(0.5, bend), q], [p, via(0.3, bend), via(0.7, bend), q]):
            xs, ys = [v[0] for v in path], [v[1] for v in path]
            near = [r for r in clear if r[0] - 3 < max(xs) and r[2] + 3 > min(xs) and r[1] - 3 < max(ys)
                    and r[3] + 3 > min(ys)]
            hits = sum(1 for r in near if _crosses(path, r))
            if hits == 0:
                return path, 0
            if fewest is None or hits < fewest:
                best, fewest = path, hits
    return best, fewest


def _note_path(d, path, spot) -> None:
    """Note the arrow for the legibility check, less the stretch under its own count."""
    if spot is None:
        path_mark(d, path, "move arrow")
        return
    r = LABEL_R + 3
    pieces, piece = [], [path[0]]
    for a, b in zip(path, path[1:]):
        n = max(1, int(math.dist(a, b) / 2))
        for i in range(1, n + 1):
            pt = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
            if math.dist(pt, spot) <= r:
                if len(piece) > 1:
                    pieces.append(piece)
                piece = []
            else:
                piece.append(pt)
    if len(piece) > 1:
        pieces.append(piece)
    for piece in pieces:
        path_mark(d, [piece[0], piece[-1]] if len(piece) == 2 else piece[::max(1, len(piece) // 12)] + [piece[-1]],
                  "move arrow")


def _label_spot(path, lay, taken, others=()) -> tuple[float, float]:
    """The point of the arrow nearest its middle (else beside it, else nearest round its middle) where a count
    covers no tile, the Wash's name, other count or other arrow; in a crowd, the place covering least (another
    count worst)."""
    r = LABEL_R + 2
    tiles = list(lay.shires.values()) + list(lay.exiles.values())
    words = _keep_clear(lay)          # names, value rows and the Wash's name: worse to cover than a tile
    pts = []
    total = sum(math.dist(a, b) for a, b in zip(path, path[1:])) or 1
    for f in (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.2, 0.8, 0.12, 0.88):
        want, walked = f * total, 0.0
        for a, b in zip(path, path[1:]):
            seg = math.dist(a, b)
            if walked + seg >= want and seg > 0:
                t = (want - walked) / seg
                pts.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                break
            walked += seg
    a, b = path[0], path[-1]
    length = math.dist(a, b) or 1
    nx, ny = -(b[1] - a[1]) / length * (2 * r + 2), (b[0] - a[0]) / length * (2 * r + 2)
    beside = [(x + k * s * nx, y + k * s * ny) for k in (1, 2, 3, 4, 5) for x, y in pts for s in (1, -1)]  # busy
    mx, my = pts[0] if pts else a          # crowded both sides (a short arrow beside another): round its middle
    around = [(mx + k * (r + 1) * math.cos(t * math.pi / 12), my + k * (r + 1) * math.sin(t * math.pi / 12))
              for k in range(2, 9) for t in range(24)]

    def tile_hits(x, y):
        box = (x - r, y - r, x + r, y + r)
        return sum(1 for c in tiles if box[0] < c[2] and box[2] > c[0] and box[1] < c[3] and box[3] > c[1])

    def unreadable(x, y):
        """What the legibility rule forbids under a count: names, value rows, arrows, counts, the edge."""
        box = (x - r, y - r, x + r, y + r)
        if box[0] < 4 or box[2] > lay.map_box[2] - 4 or box[1] < lay.map_box[1] + 4 or box[3] > lay.map_box[3] - 4:
            return 100       # off the map
        hits = 4 * sum(1 for c in words if box[0] < c[2] and box[2] > c[0] and box[1] < c[3] and box[3] > c[1])
        hits += 2 * sum(1 for line in others if any(abs(px - x) < r + 4 and abs(py - y) < r + 4 for px, py in line))
        return hits + 6 * sum(1 for t in taken if math.dist((x, y), t) < 2 * r)

    def cost(x, y):
        return tile_hits(x, y) + unreadable(x, y)

    for x, y in pts + beside:
        if cost(x, y) == 0:
            return x, y
    if not pts:
        return path[0]
    best = min(pts + beside, key=lambda p: cost(*p))
    if unreadable(*best):            # the nearest ring round the middle with a readable place, least on tiles
        readable = [p for p in around if not unreadable(*p)]
        if readable:
            return min(readable, key=lambda p: (round(math.dist(p, (mx, my))), tile_hits(*p)))
    return best


def draw_labels(d, labels) -> None:
    for (x, y), house, count in labels:
        count_label(d, x, y, house, count)


def count_label(d, x, y, house: str, count: int) -> None:
    colour, r = style.fill(house), LABEL_R
    d.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=INK, width=2)
    d.text((x, y + 1), str(count), font=font(LABEL_PX, True), fill=style.contrast(colour), anchor="mm")
    mark(d, "marker", (x - r, y - r, x + r, y + r), "count on an arrow")


def move_arrow(d, p, q, house: str, dashed: bool, count: int, path=None) -> None:
    colour = style.fill(house)
    if dashed:
        path_arrow(d, path or [p, q], colour, width=8, head=20, dash=10, gap=6, outline=INK)
    elif path and len(path) > 2:
        path_arrow(d, path, colour, width=8, head=20, outline=INK)
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

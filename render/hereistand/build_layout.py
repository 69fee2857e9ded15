"""Build ``layout.json`` (the pictures' own layout) from a board transcription's space coordinates.

    python -m render.hereistand.build_layout /work/shared/data/here-i-stand/map.json   (the shared data directory)

The transcription gives each space's box (top-left corner of a 100 px square on a 4950 x 3164 board) and each
sea zone's label corner. This script turns them into picture coordinates: the overview (all of Europe at
1200 px) and one window per region, scaled to 1200 px wide; in each region it places every space's name
beside its marker so that no name overlaps another name, a marker, a stack slot, a sea label or the
picture's edge (tests/render/test_hereistand_layout.py checks that from the file alone). Nothing of the
transcription is copied: only positions are read, and they are moved, scaled and laid out here.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from PIL import ImageFont

HERE = Path(__file__).parent
OUT = HERE / "layout.json"
FONT = HERE.parent / "fonts" / "DejaVuSansCondensed-Bold.ttf"
WIDTH = 1200
BOX = 100                       # the transcription's space box; its centre is the space
MARGIN = 24                     # picture edge kept clear
NAME_PX = 26                    # space names (render/core.py READ)
SEA_PX = 26

# Overview: the board's used area, scaled to the picture width.
OVERVIEW_WINDOW = (960, -40, 4900, 3180)

# Overview marks: symbol half size, the stack-count slot, sea names, the regional frames' name tabs.
OV_R = 12
OV_SLOT = (30, 20)
OV_SEA_PX = 26
OV_SEA_SLOT = 24
OV_TAB_PX = 24

# Region windows in board centre coordinates (x0, y0, x1, y1); each picture is 1200 px wide.
REGIONS = {
    "british_isles": ("British Isles", (1180, 60, 2230, 1010)),
    "low_countries": ("Low Countries & Rhine", (2110, 480, 2860, 1330)),
    "germany": ("Germany & Bohemia", (2600, 250, 3640, 1220)),
    "france": ("France", (1400, 880, 2610, 1900)),
    "iberia": ("Iberia", (950, 1780, 2400, 2960)),
    "italy": ("Italy", (2500, 1170, 3700, 2570)),
    "balkans": ("Danube & Balkans", (3300, 950, 4930, 2480)),
    "mediterranean": ("Mediterranean", (2180, 2180, 4930, 3230)),
}

TAB_NAMES = {"low_countries": "Low Countries", "germany": "Germany", "balkans": "Balkans"}

# The marker of a space in a regional picture, relative to its centre: the space symbol (control shape)
# and below it the stack slot (land units per power, ships in port).
SYMBOL = 20                     # half size of the symbol
SLOT = (-40, SYMBOL + 2, 40, SYMBOL + 32)
# A sea zone: its name, and below it a slot for the fleets at sea.
SEA_SLOT_H = 32
SEA_LABEL_REACH = 240          # px (|dx| + 2|dy|) a sea name may move to find open sea
SEA_BOX = (190, 100)            # the transcription's sea-label box (its corner is given)
SEA_REACH = 150                 # board px beyond a window where a sea label still belongs to it


def _font(px):
    return ImageFont.truetype(str(FONT), px, layout_engine=ImageFont.Layout.BASIC)


def text_box(text, px):
    """(width, height) of a name's box; a name may be set on several lines."""
    lines = text.split("\n")
    widths = [_font(px).getbbox(line, anchor="mm") for line in lines]
    return max(r - l for l, _, r, _ in widths) + 8, len(lines) * (px + 4)


def overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def inside(box, width, height):
    return box[0] >= MARGIN / 2 and box[1] >= MARGIN / 2 and box[2] <= width - MARGIN / 2 \
        and box[3] <= height - MARGIN / 2


def symbol_box(x, y):
    return [x - SYMBOL, y - SYMBOL, x + SYMBOL, y + SYMBOL]


def slot_box(x, y):
    return [x + SLOT[0], y + SLOT[1], x + SLOT[2], y + SLOT[3]]


def marker_boxes(x, y):
    return [symbol_box(x, y), slot_box(x, y)]


def candidates(x, y, w, h):
    """Label boxes around a marker, nearest first: right, left, above, below, then the corners."""
    s, (sx0, _, sx1, sy1) = SYMBOL, SLOT
    out = [
        (x + s + 4, y - h / 2),                 # right of the symbol
        (x - s - 4 - w, y - h / 2),             # left
        (x - w / 2, y - s - 2 - h),             # above
        (x - w / 2, y + sy1 + 2),               # below the stack slot
        (x + sx1 + 4, y + s - 4),               # right of the slot
        (x + sx0 - 4 - w, y + s - 4),           # left of the slot
        (x + s - 6, y - s - 2 - h),             # above right
        (x - s + 6 - w, y - s - 2 - h),         # above left
        (x + s + 4, y - s - h + 6),             # right, raised
        (x - s - 4 - w, y - s - h + 6),         # left, raised
        (x + sx1 + 4, y + sy1 - h + 10),        # right of the slot, lowered
        (x + sx0 - 4 - w, y + sy1 - h + 10),
    ]
    boxes = [[round(a), round(b), round(a + w), round(b + h)] for a, b in out]
    pushed = []                                  # the same places, a little further out
    for (a, b, c, d) in boxes:
        dx = 14 if a >= x else (-14 if c <= x else 0)
        dy = 12 if b >= y else (-12 if d <= y else 0)
        pushed.append([a + dx, b + dy, c + dx, d + dy])
    return boxes + pushed


def place_labels(region, points, names, seas, width, height, seed=1):
    """Choose a label box for every space: none overlapping another label, a marker, a sea box or the edge.
    Greedy, most-crowded first, with deterministic restarts; returns {space: box} or raises."""
    fixed = [b for s in points for b in marker_boxes(*points[s])] + [b for sea in seas.values() for b in (sea["label"], sea["slot"])]
    sizes = {s: text_box(names[s], NAME_PX) for s in points}
    crowd = {s: sum(1 for t in points if t != s and abs(points[t][0] - points[s][0]) < 220
                    and abs(points[t][1] - points[s][1]) < 160) for s in points}
    order = sorted(points, key=lambda s: (-crowd[s], s))
    chooser = random.Random(seed)
    best = None
    for attempt in range(400):
        placed, failed = {}, []
        for s in order:
            options = [b for b in candidates(*points[s], *sizes[s]) if inside(b, width, height)
                       and not any(overlap(b, m) for m in fixed)
                       and not any(overlap(b, o) for o in placed.values())]
            if options:
                placed[s] = options[0]
            else:
                failed.append(s)
        if not failed:
            return placed
        if best is None or len(failed) < len(best[1]):
            best = (placed, failed)
        # move the failures to the front and shuffle the rest a little
        rest = [s for s in order if s not in failed]
        chooser.shuffle(rest)
        order = failed + sorted(rest, key=lambda s: -crowd[s] + chooser.random() * 3)
    raise SystemExit(f"{region}: no room for the names of {best[1]}")


def sea_boxes(x, y, name, px=SEA_PX, slot_h=SEA_SLOT_H):
    w, h = text_box(name, px)
    label = [round(x - w / 2), round(y - h / 2), round(x + w / 2), round(y + h / 2)]
    slot = [label[0], label[3] + 2, label[2], label[3] + 2 + slot_h]
    return {"at": [round(x), round(y)], "label": label, "slot": slot}


def _over_sea(window, scale):
    """A test: does a picture box (label and slot) lie over the sea of the drawn board (board.py's coast)?"""
    from render.hereistand.board import BOARD_SHRINK, board_land
    land = board_land()
    x0, y0 = window[0], window[1]

    def wet(px, py):
        bx, by = (x0 + px / scale) / BOARD_SHRINK, (y0 + py / scale) / BOARD_SHRINK
        return not (0 <= bx < land.width and 0 <= by < land.height and land.getpixel((int(bx), int(by))))

    def is_sea(box):
        """Its middle and most of its corners over the sea (a long name may reach over a cape)."""
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        return wet(cx, cy) and sum(wet(*c) for c in corners) >= 3
    return is_sea


def _free_spot(boxes, taken, height, is_sea=lambda box: True):
    """The sea label and its fleet slot moved as little as needed to clear every marker and name, or None
    when the zone's label point is off the picture or no nearby spot is free."""
    x0, y0 = boxes["label"][0], boxes["label"][1]
    x1, y1 = boxes["label"][2], boxes["slot"][3]
    # a label point off the picture is pulled in (the sea reaches beyond the window)
    shift_x = max(0, MARGIN - x0) - max(0, x1 - (WIDTH - MARGIN))
    shift_y = max(0, MARGIN - y0) - max(0, y1 - (height - MARGIN))
    boxes = {"at": boxes["at"], **{key: [b[0] + shift_x, b[1] + shift_y, b[2] + shift_x, b[3] + shift_y]
                                   for key, b in boxes.items() if key != "at"}}
    steps = sorted(((dx, dy) for dx in range(-360, 361, 30) for dy in range(-240, 241, 20)),
                   key=lambda d: (abs(d[0]) + 2 * abs(d[1]), d))
    # first over the sea near the zone's own label point; failing that, anywhere free nearby
    for wanted, reach in ((is_sea, SEA_LABEL_REACH), (lambda box: True, 10_000)):
        for dx, dy in steps:
            if abs(dx) + 2 * abs(dy) > reach:
                continue
            moved = {key: [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy] for key, b in boxes.items() if key != "at"}
            if all(inside(b, WIDTH, height) for b in moved.values()) and \
                    not any(overlap(b, t) for b in moved.values() for t in taken) and \
                    wanted([moved["label"][0], moved["label"][1], moved["label"][2], moved["slot"][3]]):
                return {"at": boxes["at"], **moved}
    return None


def _gap(corner, w, h, box):
    """Distance from a tab at ``corner`` to the frame ``box`` (0 when they touch)."""
    a, b = corner
    dx = max(box[0] - (a + w), a - box[2], 0)
    dy = max(box[1] - (b + h), b - box[3], 0)
    return max(dx, dy)


def _within(t, box):
    return t[0] >= box[0] and t[1] >= box[1] and t[2] <= box[2] and t[3] <= box[3]


def overview(spaces, seas, to_overview, size, k):
    """Every space's symbol and count slot (placed clear of every other symbol and slot), the sea labels
    with their fleet slots, and the frame of each regional picture with a name tab inside a corner."""
    width, height = size
    at = {s: to_overview(*p) for s, p in spaces.items()}
    symbols = {s: [x - OV_R, y - OV_R, x + OV_R, y + OV_R] for s, (x, y) in at.items()}
    w, h = OV_SLOT
    order = sorted(at, key=lambda s: (at[s][1], at[s][0]))
    for attempt in range(50):
        slots, failed = {}, []
        for s in order:
            x, y = at[s]
            options = [(x + OV_R + 1, y - h / 2), (x - OV_R - 1 - w, y - h / 2), (x + OV_R - 4, y - OV_R - h + 2),
                       (x + OV_R - 4, y + OV_R - 2), (x - w / 2, y - OV_R - h - 1), (x - w / 2, y + OV_R + 1),
                       (x - OV_R + 4 - w, y - OV_R - h + 2), (x - OV_R + 4 - w, y + OV_R - 2)]
            boxes = [[round(a), round(b), round(a + w), round(b + h)] for a, b in options]
            taken = list(symbols.values()) + list(slots.values())
            free = [b for b in boxes if inside(b, width, height) and not any(overlap(b, t) for t in taken)]
            if free:
                slots[s] = free[0]
            else:
                failed.append(s)
        if not failed:
            break
        order = failed + [s for s in order if s not in failed]
    else:
        raise SystemExit(f"overview: no room for the stack counts of {failed}")
    taken = list(symbols.values()) + list(slots.values())
    sea_out = {}
    for z, (x, y, name) in sorted(seas.items()):
        px, py = to_overview(x, y)
        spot = _free_spot(sea_boxes(px, py, name, OV_SEA_PX, OV_SEA_SLOT), taken, height,
                          _over_sea(OVERVIEW_WINDOW, k))
        if spot is None:
            raise SystemExit(f"overview: no room for the {name} label")
        sea_out[z] = spot
        taken += [spot["label"], spot["slot"]]
    frames = {}
    for r, (title, (x0, y0, x1, y1)) in REGIONS.items():
        box = to_overview(x0, y0) + to_overview(x1, y1)
        box = [max(2, box[0]), max(2, box[1]), min(width - 2, box[2]), min(height - 2, box[3])]
        tab_name = TAB_NAMES.get(r, title)
        tw, th = text_box(tab_name, OV_TAB_PX)
        along = sorted(range(box[0] - tw // 2, box[2] - tw // 2, 4), key=lambda a: (a < box[0] or a + tw > box[2], a))
        corners = [(a, box[1] + 3) for a in along] + [(a, box[3] - 3 - th) for a in along] + \
            [(a, box[1] - th - 1) for a in along] + [(a, box[3] + 1) for a in along]
        down = range(box[1] + 3, box[3] - 3 - th, 4)
        corners += [(box[0] + 3, b) for b in down] + [(box[2] - 3 - tw, b) for b in down] + \
            [(box[0] - tw - 1, b) for b in down] + [(box[2] + 1, b) for b in down]
        # then anywhere inside the frame, nearest its top-left corner first
        corners += sorted(((a, b) for a in range(box[0] + 3, box[2] - 3 - tw, 6)
                           for b in range(box[1] + 3, box[3] - 3 - th, 6)),
                          key=lambda p: (p[0] - box[0]) + (p[1] - box[1]))
        # last resort: near the frame, outside it, tied to it by a line
        corners += sorted(((a, b) for a in range(box[0] - tw - 90, box[2] + 90, 10)
                           for b in range(box[1] - th - 90, box[3] + 90, 10)
                           if a + tw < box[0] or a > box[2] or b + th < box[1] or b > box[3]),
                          key=lambda p: _gap(p, tw, th, box))
        tabs = [[round(a), round(b), round(a + tw), round(b + th)] for a, b in corners]
        free = [t for t in tabs if inside(t, width, height) and not any(overlap(t, o) for o in taken)
                and not any(overlap(t, f["tab"]) for f in frames.values())]
        # a tab inside its own frame and no other's reads as that frame's name (stable sort: the
        # order above breaks ties)
        others = [to_overview(a, b) + to_overview(c, d) for q, (_, (a, b, c, d)) in REGIONS.items() if q != r]
        free.sort(key=lambda t: (not _within(t, box), sum(overlap(t, o) for o in others) > 0))
        if not free:
            blockers = {}
            for t in tabs:
                for o in taken:
                    if overlap(t, o):
                        blockers[str(o)] = blockers.get(str(o), 0) + 1
            raise SystemExit(f"overview: no room for the tab of {title} {box} {len(tabs)} {sorted(blockers.items(), key=lambda kv: -kv[1])[:8]}")
        frames[r] = {"box": box, "tab": free[0], "name": tab_name}
    return {"size": size, "scale": round(k, 5), "window": list(OVERVIEW_WINDOW), "symbol_r": OV_R,
            "spaces": {s: {"at": at[s], "symbol": symbols[s], "slot": slots[s]} for s in sorted(at)},
            "seas": sea_out, "frames": frames}


def build(source: dict) -> dict:
    spaces = {s["id"]: (s["x"] + BOX / 2, s["y"] + BOX / 2) for s in source["spaces"]}
    names = {s["id"]: s["name"] for s in source["spaces"]}
    ports = {z["id"]: set(z["ports"]) | {s["id"] for s in source["spaces"] if z["id"] in s["sea_zones"]}
             for z in source["sea_zones"]}
    seas = {z["id"]: (z.get("label_css_x", z["x"]) + SEA_BOX[0] / 2, z.get("label_css_y", z["y"]) + SEA_BOX[1] / 2,
                      z["name"]) for z in source["sea_zones"]}
    ox0, oy0, ox1, oy1 = OVERVIEW_WINDOW
    k = WIDTH / (ox1 - ox0)
    to_overview = lambda x, y: [round((x - ox0) * k), round((y - oy0) * k)]   # noqa: E731
    layout = {
        "about": "Here I Stand picture layout, built by build_layout.py; picture px, 1200 wide.",
        "overview": overview(spaces, seas, to_overview, [WIDTH, round((oy1 - oy0) * k)], k),
        "regions": {},
    }
    for region, (title, (x0, y0, x1, y1)) in REGIONS.items():
        k = WIDTH / (x1 - x0)
        height = round((y1 - y0) * k)
        pts = {s: (round((x - x0) * k), round((y - y0) * k)) for s, (x, y) in spaces.items()}
        pts = {s: p for s, p in pts.items()            # only spaces whose mark and stack slot fit
               if all(inside(b, WIDTH, height) for b in marker_boxes(*p))}
        labels = place_labels(region, pts, names, {}, WIDTH, height)
        taken = [b for p in pts.values() for b in marker_boxes(*p)] + list(labels.values())
        sea_here = {}
        for z, (x, y, name) in sorted(seas.items()):
            near = x0 - SEA_REACH < x < x1 + SEA_REACH and y0 - SEA_REACH < y < y1 + SEA_REACH
            if not near and not any(p in pts for p in ports[z]):
                continue
            boxes = sea_boxes((x - x0) * k, (y - y0) * k, name)
            spot = _free_spot(boxes, taken, height, _over_sea((x0, y0), k))
            if spot is not None:
                sea_here[z] = spot
                taken += [spot["label"], spot["slot"]]
        layout["regions"][region] = {
            "name": title,
            "window": [x0, y0, x1, y1],
            "scale": round(k, 5),
            "size": [WIDTH, height],
            "spaces": {s: {"at": list(pts[s]), "symbol": symbol_box(*pts[s]), "slot": slot_box(*pts[s]),
                           "label": labels[s]}
                       for s in sorted(pts)},
            "seas": sea_here,
        }
    return layout


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    source = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    layout = build(source)
    missing = set(s["id"] for s in source["spaces"]) - {s for r in layout["regions"].values() for s in r["spaces"]}
    if missing:
        raise SystemExit(f"spaces in no region: {sorted(missing)}")
    OUT.write_text(json.dumps(layout, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for r, data in layout["regions"].items():
        print(f"{r}: {len(data['spaces'])} spaces, {data['size'][0]}x{data['size'][1]} px, scale {data['scale']}")


if __name__ == "__main__":
    main()

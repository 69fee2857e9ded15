"""Builds ``layout.json``, the schematic map's geometry, from the project's map data (rules/crownofroses/data/
map.json): ``python -m render.crownofroses.layout_build`` rewrites it; the pictures only read the JSON.

Method (tagged ``L-TILE`` in the file): every shire is a tile at its data position, scaled into the picture
(x by ``SX``, y by ``SY``: a schematic is stretched north-south to fill a phone's tall screen), wide enough
for its name in the map's name font, then pushed apart until tiles keep ``GAP`` px between them (so every
border shows as a line between two tiles), each tile held back towards its scaled position. Exile boxes and
sea-zone labels are scaled the same way. A player may move a tile by editing its ``box`` in the JSON.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from rules.crownofroses.board import data

from ..core import WIDTH, font

OUT = Path(__file__).with_name("layout.json")
MAP_TOP = 100                  # below the title strip
MAP_H = 2030
X0, Y0, SX, SY = 474.0, 375.0, 1.17, 1.29      # the mainland's west and north edges, and the stretch
LEFT, TOP = 92, 172                           # where they land in the picture
# off-shore places drawn where the picture has water for them, not at their scaled data position
# (the mainland fills the width, so Ireland, Scotland, Calais and France move in towards it)
RELOCATE = {"isle_of_man": (136, 560), "pale_of_ireland": (112, 760), "exile/ireland": (112, 900),
            "exile/scotland": (310, 168), "calais": (1080, 2010), "exile/france": (870, 2070)}
SEA_LABELS = {"north_sea": (1080, 560), "irish_sea": (250, 660), "english_channel": (560, 2090)}
TILE_H = 124
NAME_SIZE = 26
GAP = 24
MARGIN = 8


def _scaled(p):
    return (LEFT + (p[0] - X0) * SX, TOP + (p[1] - Y0) * SY)


def _width(name: str) -> int:
    return max(126, int(font(NAME_SIZE, True).getlength(name)) + 14)


def build() -> dict:
    board = data().board
    tiles = {}
    for s in board.shires.values():
        cx, cy = RELOCATE.get(s.id) or _scaled(s.position)
        tiles[s.id] = [cx, cy, _width(s.name), TILE_H, cx, cy]
    exiles = {}
    for e in board.exile_boxes.values():
        cx, cy = RELOCATE.get(f"exile/{e.id}") or _scaled(e.position)
        exiles[e.id] = [cx, cy, 232, 100, cx, cy]
    every = {**tiles, **{f"exile/{k}": v for k, v in exiles.items()}}
    ids = sorted(every)
    for it in range(3000):
        spring = 0.01 * max(0.0, 1 - it / 2000)   # let go at the end so the last pushes separate every pair
        moved = 0.0
        for i, a in enumerate(ids):
            ta = every[a]
            for b in ids[i + 1:]:
                tb = every[b]
                ox = (ta[2] + tb[2]) / 2 + GAP - abs(ta[0] - tb[0])
                oy = (ta[3] + tb[3]) / 2 + GAP - abs(ta[1] - tb[1])
                if ox > 0 and oy > 0:
                    if ox * 0.8 < oy:
                        push = (ox / 2 + 0.5) * (1 if ta[0] >= tb[0] else -1)
                        ta[0] += push
                        tb[0] -= push
                    else:
                        push = (oy / 2 + 0.5) * (1 if ta[1] >= tb[1] else -1)
                        ta[1] += push
                        tb[1] -= push
                    moved += min(ox, oy)
        for t in every.values():
            t[0] += (t[4] - t[0]) * spring
            t[1] += (t[5] - t[1]) * spring
            t[0] = min(max(t[0], MARGIN + t[2] / 2), WIDTH - MARGIN - t[2] / 2)
            t[1] = min(max(t[1], MAP_TOP + MARGIN + t[3] / 2), MAP_TOP + MAP_H - MARGIN - t[3] / 2)
        if moved < 0.5 and it > 2000:
            break

    def box(t):
        return [round(t[0] - t[2] / 2), round(t[1] - t[3] / 2), round(t[0] + t[2] / 2), round(t[1] + t[3] / 2)]

    tag = {"reconstructed": "L-TILE"}
    return {
        "about": "The schematic map of render/crownofroses: one tile per shire and exile box, in picture pixels "
                 "(1200 px wide). Built by render/crownofroses/layout_build.py from rules/crownofroses/data/map.json.",
        "format": "Every value is {\"value\": V, TAG: BASIS} as in rules/crownofroses/data (see DATA.md).",
        "methods": {"L-TILE": __doc__.split("Method (tagged ``L-TILE`` in the file): ")[1].split("\n\n")[0]
                    .replace("\n", " ").strip(),
                    "L-SEA": "A sea zone's label placed by hand in open water of that zone (layout_build.SEA_LABELS).",
                    "L-PLACE": "Off-shore shires and exile boxes placed by hand in the water beside the coast "
                               "they face (layout_build.RELOCATE): the schematic mainland fills the width."},
        "map_box": {"value": [0, MAP_TOP, WIDTH, MAP_TOP + MAP_H], **tag},
        "shires": {k: {"box": {"value": box(t), **_tag(k)}} for k, t in sorted(tiles.items())},
        "exiles": {k: {"box": {"value": box(every[f"exile/{k}"]), **_tag(f"exile/{k}")}} for k in sorted(exiles)},
        "seas": {k: {"label": {"value": list(SEA_LABELS[k]), "reconstructed": "L-SEA"}}
                 for k in sorted(board.sea_zones)},
    }


def _tag(place: str) -> dict:
    return {"reconstructed": "L-PLACE"} if place in RELOCATE else {"reconstructed": "L-TILE"}


def overlaps(boxes: dict) -> list[tuple[str, str]]:
    """Pairs of boxes closer than half the gap (a layout error)."""
    found = []
    ids = sorted(boxes)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            pa, pb = boxes[a], boxes[b]
            if pa[0] < pb[2] + GAP // 2 and pb[0] < pa[2] + GAP // 2 and pa[1] < pb[3] + GAP // 2 \
                    and pb[1] < pa[3] + GAP // 2:
                found.append((a, b))
    return found


def main() -> None:
    built = build()
    boxes = {**{k: v["box"]["value"] for k, v in built["shires"].items()},
             **{f"exile/{k}": v["box"]["value"] for k, v in built["exiles"].items()}}
    bad = overlaps(boxes)
    if bad:
        raise SystemExit(f"tiles too close: {bad}")
    OUT.write_text(json.dumps(built, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

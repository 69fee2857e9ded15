"""The schematic map's geometry: tiles read from layout.json (see layout_build.py), borders between tiles,
and the boxes inside a tile where its name, its symbols and its blocks go. Picture pixels throughout."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.crownofroses.board import data

from ..core import box_exit

LAYOUT_FILE = Path(__file__).with_name("layout.json")
NAME_BAND = 34          # the name strip at the top of a tile
INFO_ROW = 30           # shire value, loyalty, seats, office seats, demesne

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    map_box: Box
    shires: dict[str, Box]
    exiles: dict[str, Box]
    seas: dict[str, tuple[int, int]]

    def place(self, place: str) -> Box:
        """The box of a shire id or an ``exile/<box>`` place."""
        if place.startswith("exile/"):
            return self.exiles[place.split("/", 1)[1]]
        return self.shires[place]


def _value(entry):
    return entry["value"]


@lru_cache(maxsize=1)
def layout() -> Layout:
    raw = json.loads(LAYOUT_FILE.read_text())
    return Layout(map_box=tuple(_value(raw["map_box"])),
                  shires={k: tuple(_value(v["box"])) for k, v in raw["shires"].items()},
                  exiles={k: tuple(_value(v["box"])) for k, v in raw["exiles"].items()},
                  seas={k: tuple(_value(v["label"])) for k, v in raw["seas"].items()})


def centre(box: Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def name_box(box: Box) -> Box:
    return (box[0], box[1], box[2], box[1] + NAME_BAND)


def info_box(box: Box) -> Box:
    return (box[0] + 4, box[1] + NAME_BAND + 2, box[2] - 4, box[1] + NAME_BAND + 2 + INFO_ROW)


def pieces_box(box: Box) -> Box:
    """Where a tile's blocks go (below the name and the symbols)."""
    top = box[1] + NAME_BAND + INFO_ROW + 6
    return (box[0] + 5, top, box[2] - 5, box[3] - 5)


def segment(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The visible part of the line between two places' tiles (None if the tiles touch)."""
    lay = layout()
    ba, bb = lay.place(a), lay.place(b)
    ca, cb = centre(ba), centre(bb)
    length = math.dist(ca, cb)
    if length == 0:
        return None
    start = box_exit(ba, ca, cb)
    end = box_exit(bb, cb, ca)
    if start + end >= length:
        return None
    ux, uy = (cb[0] - ca[0]) / length, (cb[1] - ca[1]) / length
    return (ca[0] + ux * start, ca[1] + uy * start), (cb[0] - ux * end, cb[1] - uy * end)


def borders() -> list[tuple[str, str, str]]:
    """(shire, shire, kind) for every land border, then the Wash as kind ``wash``."""
    board = data().board
    found = [(b.a, b.b, b.kind) for b in board.borders]
    if board.wash.shires:
        found.append((board.wash.shires[0], board.wash.shires[1], "wash"))
    return found

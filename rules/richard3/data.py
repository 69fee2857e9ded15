"""Static Richard III data (map, blocks, cards, scenarios) loaded once from rules/richard3/data/*.json."""

from __future__ import annotations

import json
from pathlib import Path

_HERE = Path(__file__).parent / "data"

SIDES = ("york", "lancaster")
BORDER_LIMIT = {"yellow": 4, "blue": 3, "red": 2}
LETTERS = "ABCD"


def _load(name):
    with open(_HERE / name, encoding="utf-8") as f:
        return json.load(f)


_map = _load("map.json")
AREAS: dict[str, dict] = {a["id"]: a for a in _map["areas"]}
LAND = [a for a, v in AREAS.items() if v["kind"] != "sea"]
SEAS = [a for a, v in AREAS.items() if v["kind"] == "sea"]
EXILES = {a for a, v in AREAS.items() if v["kind"] == "exile"}
EXILE_OF = {a: AREAS[a]["exile_of"] for a in EXILES}
OWN_EXILES = {s: sorted(a for a in EXILES if EXILE_OF[a] == s) for s in SIDES}
CROWNS = sorted(a for a in LAND if AREAS[a].get("crown"))
CITY_AREAS = sorted(a for a in LAND if AREAS[a].get("city"))
WALES = {a for a in LAND if AREAS[a].get("wales")}
ISLANDS = {a for a in LAND if AREAS[a].get("island")}
MAJOR_PORT = {a for a in LAND if AREAS[a].get("major_port")}
COASTS: dict[str, list[str]] = {s: sorted(a for a in LAND if s in AREAS[a]["seas"]) for s in SEAS}
BORDERS: dict[str, str] = {}
ADJ: dict[str, list[tuple[str, str]]] = {a: [] for a in LAND}
for _a, _b, _colour in _map["borders"]:
    BORDERS["|".join(sorted((_a, _b)))] = _colour
    ADJ[_a].append((_b, _colour))
    ADJ[_b].append((_a, _colour))
for _a in ADJ:
    ADJ[_a].sort()


def border_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


BLOCKS: dict[str, dict] = {b["id"]: b for b in _load("blocks.json")}
BLOCK_IDS = list(BLOCKS)


def _display(info: dict) -> str:
    title = info["title"].replace(" (noble version)", "").replace("Lord/Earl Rivers", "Earl Rivers")
    return title


#: how logs and button labels name a block ("Duke of York", not the ambiguous "York")
DISPLAY: dict[str, str] = {bid: _display(info) for bid, info in BLOCKS.items()}
HEIRS = {s: sorted((b["id"] for b in BLOCKS.values() if b["type"] == "heir" and b["side"] == s),
                   key=lambda i: BLOCKS[i]["rank"]) for s in SIDES}
NEVILLES = {s: [i for i, b in BLOCKS.items() if b.get("neville") and b["side"] == s] for s in SIDES}
# A defected heir (the other side's copy of Clarence or Exeter) is a plain noble with no claim (9.1).
DEFECTED_HEIR_NOBLES = {"l-clarence": "y-clarence", "y-exeter": "l-exeter"}
YORK_SHIELDS = list(BLOCKS["y-york"]["seats"])

CARDS: dict[str, dict] = {c["id"]: c for c in _load("cards.json")}
CARD_IDS = list(CARDS)

SCENARIOS: dict[str, dict] = _load("scenarios.json")
CAMPAIGN_YEARS = {1: 1460, 2: 1470, 3: 1483}


def area_name(a: str) -> str:
    return AREAS[a]["name"] if a in AREAS else a


def static_map() -> dict:
    """The board as the renderer needs it (positions, borders with colours, sea links)."""
    areas = {}
    for a, v in AREAS.items():
        entry = {"name": v["name"], "kind": v["kind"], "pos": list(v["pos"])}
        for key in ("seas", "major_port", "exile_of", "city", "city_side", "cathedral", "crown", "wales",
                    "island", "shields"):
            if key in v:
                entry[key] = v[key]
        areas[a] = entry
    borders = [{"a": k.split("|")[0], "b": k.split("|")[1], "colour": c, "limit": BORDER_LIMIT[c]}
               for k, c in BORDERS.items()]
    seas = [{"sea": s, "area": a} for s in SEAS for a in COASTS[s]]
    return {"areas": areas, "borders": borders, "sea_links": seas, "size": [1688, 1950]}

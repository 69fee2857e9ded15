"""The game's data, read once from the JSON files in ``data/``: faction cards, Site-of-Power cards, the board,
tactic tiles, Kingdom's Favour actions and the Kingdom deck. Every card gets a stable instance id."""

from __future__ import annotations

import json
from pathlib import Path

_DIR = Path(__file__).parent / "data"


def _load(name):
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


_FACTIONS = _load("factions.json")
BOARD = _load("board.json")
_TACTICS = _load("tactics.json")
_KINGDOM = _load("kingdom.json")

FACTIONS: list[str] = list(_FACTIONS["factions"])
FACTION_NAMES: dict[str, str] = dict(_FACTIONS["faction_names"])
REGIONS: list[str] = [r["id"] for r in BOARD["regions"]]
REGION_NAMES = {r["id"]: r["name"] for r in BOARD["regions"]}
REGION_LOCATIONS = {r["id"]: list(r["locations"]) for r in BOARD["regions"]}
LOCATIONS: dict[str, dict] = dict(BOARD["locations"])
LOCATION_REGION = {loc: r for r, locs in REGION_LOCATIONS.items() for loc in locs}
COUNCILS: list[str] = [c["id"] for c in BOARD["councils"]]
COUNCIL_NAMES = {c["id"]: c["name"] for c in BOARD["councils"]}
COUNCIL_OF_SUIT = {c["suit"]: c["id"] for c in BOARD["councils"]}

#: faction card id -> card record (``faction``, ``name``, ``strength``, ``archetype``, ``votes``, ``lore``,
#: ``traits``, ``commands``, ``abilities``, ``kind``: basic / advanced / hq, ``cost`` for Site-of-Power cards)
CARDS: dict[str, dict] = {}
BASIC_IDS: dict[str, list[str]] = {}
SITE_IDS: dict[str, list[str]] = {}
HEIR_ID: dict[str, str] = {}

for _f in FACTIONS:
    BASIC_IDS[_f] = []
    for _b in _FACTIONS["basic"]:
        _id = f"{_f}.{_b['slot']}"
        CARDS[_id] = {"kind": "basic", "abilities": [], **_b, "id": _id, "faction": _f,
                      "name": _FACTIONS["names"][_f][_b["slot"]]}
        BASIC_IDS[_f].append(_id)
        if _b.get("starting_hand"):
            HEIR_ID[_f] = _id
    SITE_IDS[_f] = []
    for _s in _FACTIONS["site_of_power"][_f]:
        _id = f"{_f}.{_s['slot']}"
        rec = {"abilities": [], "traits": [], "commands": [], "votes": 0, "lore": 0, "strength": 0,
               "archetype": None, **_s, "id": _id, "faction": _f}
        CARDS[_id] = rec
        SITE_IDS[_f].append(_id)

TACTICS: dict[str, dict] = {}
TACTIC_IDS: dict[str, list[str]] = {}
for _f, _tiles in _TACTICS["tactics"].items():
    TACTIC_IDS[_f] = []
    for _t in _tiles:
        _id = f"{_f}.{_t['id']}"
        TACTICS[_id] = {**_t, "id": _id, "faction": _f}
        TACTIC_IDS[_f].append(_id)

FAVOUR: dict[str, dict] = {f: {**a, "faction": f} for f, a in _TACTICS["favour"].items()}

#: kingdom card instance id (``k01`` …) -> design record
KINGDOM: dict[str, dict] = {}
_n = 0
for _k in _KINGDOM["cards"]:
    for _copy in range(_k["copies"]):
        _n += 1
        KINGDOM[f"k{_n:02d}"] = {**_k, "design": _k["id"], "id": f"k{_n:02d}"}
KINGDOM_IDS: list[str] = sorted(KINGDOM)

COMMAND_NAMES = {"ambush": "Ambush", "retreat": "Retreat", "flank": "Flank", "rally_self": "Rally (Self)",
                 "rally_any_2": "Rally (Any Two)", "deploy": "Deploy", "deadly": "Deadly"}
TRAIT_NAMES = {"resilient": "Resilient", "invulnerable": "Invulnerable", "pathfinder": "Pathfinder"}


def card_name(card_id: str) -> str:
    return CARDS[card_id]["name"]


def faction_of(card_id: str) -> str:
    return CARDS[card_id]["faction"]

"""Here I Stand, the New World (rule 20): its data (data/new_world.json), its part of the state and the
questions rules ask of it. Imports nothing of the engine, so `state.py` can build and count it.

The state's `new_world` (plain JSON, all public, VIEW.md):
  underway      voyages in the crossing-the-Atlantic box: {power, kind (explore/conquer/colonise),
                by ("action", "start" or the card number), colony, plus, counter (the explorer or
                conquistador picked)}
  launched      power -> the kinds launched this turn (once per turn each, 20.1-20.3)
  explorers     explorer -> "lost" or the box it stays on (a discovery id); out of the pool for good
  conquistadors conquistador or conquest marker -> "lost" or the civilisation it stays on
  discoveries   discovery -> power; conquests: civilisation -> {power, riches (still on the riches table)}
  colonies      power -> colony names on the riches table ("Potosi" for #54); markers_lost: power -> n
  galleons, plantations, raiders: powers holding the marker; cabot: power -> "lost" / "placed"
  results       this turn's New World phase, in order; riches: the last Card Draw's riches, in order
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

VOYAGERS = ("england", "france", "hapsburg")
KINDS = ("explore", "colonise", "conquer")
KIND_WORDS = {"explore": "exploration", "colonise": "colonisation", "conquer": "conquest"}
POTOSI = "Potosi"


@cache
def nw_data() -> dict[str, Any]:
    with open(Path(__file__).parent / "data" / "new_world.json", encoding="utf-8") as f:
        return json.load(f)


def table(rows: list, roll: int) -> str:
    """The result of a [highest roll, result] table for a modified roll."""
    return next(result for top, result in rows if roll <= top)


def start_new_world(scenario_id: str) -> dict[str, Any]:
    with open(Path(__file__).parent / "data" / "scenarios.json", encoding="utf-8") as f:
        based_on = json.load(f)["scenarios"][scenario_id].get("based_on", scenario_id)
    start = nw_data()["start"].get(based_on, {})
    underway = [{"power": p, "kind": k, "by": "start"} for p, k in start.get("underway", [])]
    launched: dict[str, list[str]] = {p: [] for p in VOYAGERS}
    for voyage in underway:                 # 20.2, 20.3: voyages there at the start count for turn 1
        launched[voyage["power"]].append(voyage["kind"])
    return {
        "underway": underway, "launched": launched,
        "explorers": dict(start.get("explorers", {})), "conquistadors": dict(start.get("conquistadors", {})),
        "discoveries": dict(start.get("discoveries", {})),
        "conquests": {c: {"power": p, "riches": True} for c, p in start.get("conquests", {}).items()},
        "colonies": {p: list(start.get("colonies", {}).get(p, [])) for p in VOYAGERS},
        "markers_lost": {p: 0 for p in VOYAGERS},
        "galleons": [], "plantations": [], "raiders": [], "cabot": {}, "results": [], "riches": [],
    }


def nw(state: dict) -> dict[str, Any]:
    return state["new_world"]


# ---- names -----------------------------------------------------------------------------------------------
def explorer_name(explorer: str) -> str:
    return nw_data()["cabot"]["name"] if explorer == "cabot" else nw_data()["explorers"][explorer]["name"]


def explorer_rating(explorer: str) -> int:
    return nw_data()["cabot"]["rating"] if explorer == "cabot" else nw_data()["explorers"][explorer]["rating"]


def conquistador(marker: str) -> dict:
    return nw_data()["conquistadors"][marker]


def discovery_name(discovery: str) -> str:
    return nw_data()["discoveries"][discovery]["name"]


def civilisation_name(civ: str) -> str:
    return nw_data()["civilisations"][civ]["name"]


# ---- the pools -------------------------------------------------------------------------------------------
def explorers_available(state: dict, power: str) -> list[str]:
    """20.2: explorers neither lost nor staying in the New World, nor picked for a voyage under way."""
    gone, busy = nw(state)["explorers"], {v.get("counter") for v in nw(state)["underway"]}
    return [e for e, x in nw_data()["explorers"].items() if x["power"] == power and e not in gone and e not in busy]


def conquistadors_available(state: dict, power: str) -> list[str]:
    """20.3: the Hapsburg's conquistadors, England's and France's conquest markers, still in hand."""
    gone, busy = nw(state)["conquistadors"], {v.get("counter") for v in nw(state)["underway"]}
    return [c for c, x in nw_data()["conquistadors"].items() if x["power"] == power and c not in gone
            and c not in busy]


def underway_count(state: dict, power: str, kind: str) -> int:
    return sum(1 for v in nw(state)["underway"] if v["power"] == power and v["kind"] == kind)


def colony_room(state: dict, power: str) -> bool:
    """20.1: England and France hold 2 colonies at most, the Hapsburg 3 (those crossing count); a marker
    given up for Potosi (#54) is gone for good."""
    held = nw(state)["colonies"][power]
    crossing = [v for v in nw(state)["underway"] if v["power"] == power and v["kind"] == "colonise"]
    boxes = len(nw_data()["colonies"][power])
    markers = [c for c in held if c != POTOSI] + [v for v in crossing if v.get("colony") != POTOSI]
    return len(held) + len(crossing) < boxes and len(markers) < boxes - nw(state)["markers_lost"][power]


def free_colony_name(state: dict, power: str) -> str:
    used = set(nw(state)["colonies"][power]) | {v.get("colony") for v in nw(state)["underway"]}
    names = nw_data()["colonies"][power]
    return next(c for c in names[:len(names) - nw(state)["markers_lost"][power]] if c not in used)


def circumnavigated(state: dict) -> str | None:
    return nw(state)["discoveries"].get("circumnavigation")


# ---- VP (23.2 bonus VP) ------------------------------------------------------------------------------------
def new_world_vp(state: dict, power: str) -> int:
    """Each discovery's and each conquered civilisation's VP (they count at once, 20.3)."""
    if "new_world" not in state:
        return 0
    d = nw_data()
    found = sum(d["discoveries"][x]["vp"] for x, p in nw(state)["discoveries"].items() if p == power)
    return found + sum(d["civilisations"][c]["vp"] for c, x in nw(state)["conquests"].items()
                       if x["power"] == power)

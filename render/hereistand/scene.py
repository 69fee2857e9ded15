"""Reading a Here I Stand view (rules/hereistand/VIEW.md) into what the pictures draw: stacks per space and
per sea zone, leaders by place, sieges, this impulse's move and battle. Keys a later part of the engine adds
(fleets at sea, religious influence) are read when present and otherwise left out."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.hereistand.data import load

from .style import NAME, NAVAL_TYPES

LAYOUT_FILE = Path(__file__).with_name("layout.json")


@cache
def layout() -> dict:
    return json.loads(LAYOUT_FILE.read_text(encoding="utf-8"))


def region_ids() -> tuple[str, ...]:
    return tuple(layout()["regions"])


@dataclass
class Stack:
    """What one power has in one place (a space or a sea zone)."""

    power: str
    units: dict[str, int] = field(default_factory=dict)
    leaders: list[str] = field(default_factory=list)

    @property
    def land(self) -> int:
        return sum(n for k, n in self.units.items() if k not in NAVAL_TYPES)

    @property
    def naval(self) -> int:
        return sum(n for k, n in self.units.items() if k in NAVAL_TYPES)


def place_name(place: str) -> str:
    data = load()
    if place in data.spaces:
        return data.spaces[place].name
    if place in data.sea_zones:
        return data.sea_zones[place].name
    return place.replace("-", " ").title()


def power_name(power: str) -> str:
    data = load()
    return NAME.get(power) or (data.powers[power].name if power in data.powers else power.title())


def leader_text(leader: str) -> str:
    """'Charles V (2/10)': battle/command for an army leader, battle and piracy for a naval one."""
    data = load()
    if leader not in data.leaders:
        return leader.replace("-", " ").title()
    l = data.leaders[leader]
    if l.kind == "naval":
        return f"{l.name} (naval {l.battle}" + (f", piracy {l.piracy})" if l.piracy else ")")
    return f"{l.name} ({l.battle}/{l.command})"


def leader_owner(leader: str) -> str:
    data = load()
    return data.leaders[leader].power if leader in data.leaders else "independent"


def stacks(view: dict[str, Any]) -> dict[str, list[Stack]]:
    """place -> the stacks there, in a fixed order (units by power as the view gives them, fleets at sea
    from ``units`` or a ``fleets`` key, leaders placed with their owner's stack)."""
    out: dict[str, dict[str, Stack]] = {}
    for source in (view.get("units") or {}, view.get("fleets") or {}):
        for place, by_power in source.items():
            for power, kinds in (by_power or {}).items():
                st = out.setdefault(place, {}).setdefault(power, Stack(power))
                for kind, n in (kinds or {}).items():
                    if isinstance(n, int) and n > 0:
                        st.units[kind] = st.units.get(kind, 0) + n
    for leader, where in sorted((view.get("leaders") or {}).items()):
        if not isinstance(where, str) or where == "off" or where.startswith("captured:"):
            continue
        owner = _leader_side(view, leader, where)
        out.setdefault(where, {}).setdefault(owner, Stack(owner)).leaders.append(leader)
    order = {p: i for i, p in enumerate(NAME)}
    return {place: sorted((s for s in by.values() if s.units or s.leaders), key=lambda s: order.get(s.power, 99))
            for place, by in out.items()}


def _leader_side(view, leader, where):
    """A leader stands with its owner; the renegade and Doria stand with whoever has units there."""
    owner = (view.get("leader_sides") or {}).get(leader) or leader_owner(leader)   # #70, #60 change sides
    if owner in NAME and owner in (view.get("units") or {}).get(where, {}):
        return owner
    here = list((view.get("units") or {}).get(where, {}))
    return owner if owner in NAME and not here else (here[0] if here else owner)


def captured(view) -> list[tuple[str, str]]:
    """(leader, captor) for every captured leader."""
    return [(l, w.split(":", 1)[1]) for l, w in sorted((view.get("leaders") or {}).items())
            if isinstance(w, str) and w.startswith("captured:")]


def land_total(stack_list: list[Stack]) -> int:
    return sum(s.land for s in stack_list)


MOVE_KINDS = ("move", "transport", "intercept", "avoid", "naval_move")
BATTLE_KINDS = ("field_battle", "naval_battle", "assault")


def arrows(view) -> list[dict]:
    """This impulse's moves and battles the view gives: the moves, naval moves, interceptions and avoidances
    already made (``impulse_record``), the move under way, the interception being tried, the battle being
    fought. Each: kind, power, origin, dest (and ``done`` for those of the record)."""
    out = []
    for e in view.get("impulse_record") or []:
        if e.get("kind") in MOVE_KINDS and e.get("from") and e.get("to") and e["from"] != e["to"]:
            out.append({"kind": e["kind"], "power": e.get("power"), "origin": e["from"], "dest": e["to"],
                        "done": True})
    move = view.get("move") or {}
    if move.get("origin") and move.get("dest") and not any(
            a["origin"] == move["origin"] and a["dest"] == move["dest"] and a["power"] == move.get("power")
            for a in out):
        out.append({"kind": "move", "power": move.get("power"), "origin": move["origin"], "dest": move["dest"]})
    if move.get("origin") and move.get("dest"):
        intercept = move.get("intercept") or {}
        if intercept.get("space"):
            out.append({"kind": "intercept", "power": intercept.get("power"), "origin": intercept["space"],
                        "dest": move["dest"]})
    battle = view.get("battle") or {}
    if battle.get("space") and battle.get("origin") and battle["origin"] != battle["space"]:
        if not any(a["origin"] == battle["origin"] and a["dest"] == battle["space"] for a in out):
            out.append({"kind": "attack", "power": battle.get("attacker"), "origin": battle["origin"],
                        "dest": battle["space"]})
    return out


def record_battles(view, kinds: tuple[str, ...] = BATTLE_KINDS) -> list[dict]:
    """This impulse's battles and assaults already rolled (``impulse_record``), in order."""
    return [e for e in view.get("impulse_record") or [] if e.get("kind") in kinds and e.get("space")]


def battle_result(e: dict) -> str:
    """'3–5 hits, Hapsburg wins' for a recorded battle or assault (attacker's hits first)."""
    winner = e.get("winner")
    if winner == "attacker":
        who = power_name(e.get("attacker"))
    elif winner == "defender":
        who = " and ".join(power_name(p) for p in e.get("defenders") or []) or "the defender"
    else:
        who = power_name(winner) if winner else ""
    tail = {"taken": " takes it", "siege goes on": ": siege goes on", "siege broken": ": siege broken"}
    if e.get("kind") == "assault" and e.get("result"):
        return f"{e.get('attacker_hits', 0)}–{e.get('defender_hits', 0)} hits, " \
            f"{power_name(e.get('attacker'))}{tail.get(e['result'], '')}"
    return f"{e.get('attacker_hits', 0)}–{e.get('defender_hits', 0)} hits, {who} wins" if who else ""


def focus_places(view) -> list[str]:
    """The places the decision at hand is about (battle, move, interception, assault), most important first."""
    places = []
    battle = view.get("battle") or {}
    move = view.get("move") or {}
    for p in (battle.get("space"), move.get("dest"), move.get("origin"), (move.get("intercept") or {}).get("space"),
              *(view.get("assaulted") or [])[-1:]):
        if p and p not in places:
            places.append(p)
    return places


def region_for(places: list[str]) -> str | None:
    """The region picture showing the most of ``places`` (the first of them first), None if none."""
    regions = layout()["regions"]
    best, score = None, 0
    for rid, reg in regions.items():
        shown = set(reg["spaces"]) | set(reg["seas"])
        s = sum((len(places) - i) * 10 for i, p in enumerate(places) if p in shown)
        if s > score:
            best, score = rid, s
    return best


def home_region(space: str) -> str | None:
    """The first region picture in which a space is drawn."""
    return next((r for r, reg in layout()["regions"].items() if space in reg["spaces"]), None)


def whose_turn(view) -> list[str]:
    return list((view.get("waiting") or {}).get("asked") or [])


def decision_text(view) -> str:
    decision = (view.get("waiting") or {}).get("decision") or ""
    return decision.replace("_", " ")


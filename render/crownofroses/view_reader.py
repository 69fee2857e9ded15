"""Reads one role's view (rules/crownofroses/VIEW.md) into what the pictures draw. Nothing else is read:
the role is the one key of ``view["mine"]`` (none for a spectator)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.crownofroses.board import data


@dataclass
class Scene:
    view: dict[str, Any]
    role: str | None
    houses: list[str]
    map: dict[str, dict[str, int]]
    control: dict[str, str | None]
    markers: dict[str, str]
    own_blocks: dict[str, dict[str, Any]]
    waiting: list[str]
    battle_shire: str | None
    title: str
    detail: str
    whose: str
    mine: dict[str, Any] = field(default_factory=dict)

    def houses_in_order(self, counts: dict[str, int]) -> list[str]:
        return [h for h in self.houses if h in counts] + sorted(h for h in counts if h not in self.houses)


def phase_name(phase: str) -> str:
    return phase.replace("_", " ").capitalize()


def read_view(view: dict[str, Any]) -> Scene:
    role = next(iter(view.get("mine") or {}), None)
    houses = list(view["support"])
    mine = view["mine"].get(role, {}) if role else {}
    waiting = view.get("waiting") or {}
    done = set(waiting.get("committed") or [])
    asked = [h for h in waiting.get("asked") or [] if h not in done]   # who has yet to choose
    battle = view.get("battle") or None
    names = data().components.houses
    title = f"Crown of Roses — Turn {view['turn']} of {view['last_turn']}"
    current, impulses = view["impulse"]
    detail = phase_name(view["phase"])
    if view["phase"] == "operations" and impulses:
        detail += f", impulse {current} of {impulses}"
    detail += f" · picture for {names[role].name}" if role else " · public"
    if asked:
        whose = "Waiting: " + ", ".join(names[h].name if h in names else h for h in asked)
    else:
        whose = ""
    return Scene(view=view, role=role, houses=houses, map=view["map"], control=view["control"],
                 markers=view.get("markers") or {}, own_blocks=mine.get("blocks", {}), waiting=asked,
                 battle_shire=battle["shire"] if battle else None, title=title, detail=detail, whose=whose,
                 mine=mine)

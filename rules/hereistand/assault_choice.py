"""Here I Stand: the assaulting formation (15.1 step 2), the besieger's choice when not every unit of its side
in the space fits within its leaders' command (5.1); its active minors' units count as its own (22.3 ①).

    assault: combat cards › assault_formation (only when there is a choice) › roll › losses › settle

The default ("standard") keeps the engine's former pick: every leader, then the besieger's foot before its
cavalry (cavalry roll no dice in an assault), then its minors' units (DECISIONS.md 430).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import minor_units as mu
from . import state as st
from .data import load, space_name
from .turn import FLOW, power_name

FOOT_FIRST = ("regular", "mercenary", "cavalry")


def available(s: st.State, space: str, attacker: str) -> dict[str, dict[str, int]]:
    return {p: fx.land_of(st.units_at(s, space, p)) for p in mu.attacking_powers(s, space, attacker)
            if fx.land_of(st.units_at(s, space, p))}


def standard(s: st.State, space: str, attacker: str) -> dict:
    from .responses import stuck_free
    leaders = stuck_free(s, fx.army_leaders_at(s, space, attacker))       # #32 Gout: not him
    room, units = fx.formation_limit(leaders), {}
    for power, here in available(s, space, attacker).items():
        for kind in FOOT_FIRST:
            n = min(here.get(kind, 0), room)
            if n:
                units.setdefault(power, {})[kind] = n
                room -= n
    return {"units": units, "leaders": leaders}


def size(formation: dict) -> int:
    return sum(n for kinds in formation["units"].values() for n in kinds.values())


def choose_assault_formation(g: Game) -> None:
    s, space, attacker = g.state, g.local["space"], g.local["role"]
    g.local["formation"] = standard(s, space, attacker)
    total = sum(sum(k.values()) for k in available(s, space, attacker).values())
    if total > size(g.local["formation"]):                    # not everyone fits: the besieger picks
        g.local["formation"] = {"units": {}, "leaders": []}
        g.call("assault_formation", role=attacker, space=space)


@FLOW.decision("assault_formation")
class AssaultFormation(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: not all your units at {space_name(g.local['space'])} fit in one formation. "
                "Choose the assaulting formation (rule 15.1).")

    @staticmethod
    def formation(g):
        return g.state["flow"][-2]["local"]["formation"]

    def actions(self, g, role):
        s, space, f = g.state, g.local["space"], self.formation(g)
        if not size(f) and not f["leaders"]:
            yield act("standard", label="Every leader, foot first (cavalry roll no dice in an assault)")
        for leader in fx.army_leaders_at(s, space, role):
            if leader not in f["leaders"] and leader not in (s.get("impulse") or {}).get("gout", []):
                yield act("leader", leader, label=f"Take {load().leader(leader).name}", group="Leaders")
        if size(f) < fx.formation_limit(f["leaders"]):
            for power, here in available(s, space, role).items():
                taken = f["units"].get(power, {})
                for kind, n in sorted(here.items()):
                    if n > taken.get(kind, 0):
                        whose = "" if power == role else f"{power_name(power)} "
                        yield act("unit", power, kind, group="Units",
                                  label=f"Take a {whose}{kind} ({taken.get(kind, 0) + 1} of {n})")
        if size(f):
            yield act("go", label="Assault with these")

    def on_standard(self, g, role):
        g.state["flow"][-2]["local"]["formation"] = standard(g.state, g.local["space"], role)
        g.end()

    def on_leader(self, g, role, leader):
        self.formation(g)["leaders"].append(leader)

    def on_unit(self, g, role, power, kind):
        kinds = self.formation(g)["units"].setdefault(power, {})
        kinds[kind] = kinds.get(kind, 0) + 1

    def on_go(self, g, role):
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: the owner's picks in Winter (19.3) — which units leave an over-full fortress, and which
are lost to attrition off a safe path — one unit at a time, only when the stack holds several types."""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS
from .turn import FLOW, power_name
from .winter import own_fortress, relocate, rest_of, safe_reach, send_volunteers, space_name


def needs_choice(s: st.State, power: str, space: str, count: int, dest: str, split: bool = False) -> bool:
    if power not in MAJORS or not count:
        return False
    here = fx.land_of(st.units_at(s, space, power))
    partial = split or own_fortress(s, power, space)
    attrition = dest not in safe_reach(s, power, space)
    return len(here) > 1 and (partial or attrition)


def start_relocation(g: Game, power: str, space: str, count: int, dest: str, split: bool = False) -> bool:
    """Relocate now, or call the owner's picks first (True). `split`: only `count` of the stack go."""
    if needs_choice(g.state, power, space, count, dest, split):
        g.call("winter_units", role=power, space=space, count=count, dest=dest, split=split)
        return True
    relocate(g, power, space, count, dest)
    return False


def leaving(s: st.State, loc: dict) -> bool:
    """Only part of the stack goes (an over-full fortress, or a split stack): the owner picks which."""
    return bool(loc.get("split")) or own_fortress(s, loc["role"], loc["space"])


@FLOW.decision("winter_units")
class WinterUnits(Decision):
    def stage(self, g):
        s, loc = g.state, g.local
        if leaving(s, loc) and sum(loc.get("leave", {}).values()) < loc["count"]:
            return "leave"
        return "lose"

    def moving(self, g):
        here = fx.land_of(st.units_at(g.state, g.local["space"], g.local["role"]))
        return g.local["leave"] if leaving(g.state, g.local) else here

    def prompt(self, g, role):
        loc = g.local
        if self.stage(g) == "leave":
            n = loc["count"] - sum(loc.get("leave", {}).values())
            if loc.get("split"):
                return (f"{power_name(role)}: Winter — {n} more unit{'s' if n != 1 else ''} from "
                        f"{space_name(loc['space'])} go to {space_name(loc['dest'])}: which?")
            return (f"{power_name(role)}: Winter — {n} more unit{'s' if n != 1 else ''} must leave "
                    f"{space_name(loc['space'])}: which?")
        n = (loc["count"] + 1) // 2 - sum(loc.get("lose", {}).values())
        return (f"{power_name(role)}: Winter — no safe path to {space_name(loc['dest'])}: {n} more "
                f"unit{'s' if n != 1 else ''} lost to attrition: which?")

    def actions(self, g, role):
        loc = g.local
        if self.stage(g) == "leave":
            here = fx.land_of(st.units_at(g.state, loc["space"], role))
            for kind, n in sorted(here.items()):
                if n > loc.setdefault("leave", {}).get(kind, 0):
                    yield act("leave", kind, label=f"A {kind} goes to {space_name(loc['dest'])}"
                              if loc.get("split") else f"A {kind} leaves")
            return
        for kind, n in sorted(self.moving(g).items()):
            if n > loc.setdefault("lose", {}).get(kind, 0):
                yield act("lose", kind, label=f"Lose a {kind}")

    def on_leave(self, g, role, kind):
        leave = g.local.setdefault("leave", {})
        leave[kind] = leave.get(kind, 0) + 1
        self.settle(g, role)

    def on_lose(self, g, role, kind):
        lose = g.local.setdefault("lose", {})
        lose[kind] = lose.get(kind, 0) + 1
        self.settle(g, role)

    def settle(self, g, role):
        """Finish once every pick is made (attrition picks only when the moving units differ in type)."""
        loc, s = g.local, g.state
        if self.stage(g) == "leave":
            return
        attrition = loc["dest"] not in safe_reach(s, role, loc["space"])
        need = (loc["count"] + 1) // 2 if attrition else 0
        if sum(loc.get("lose", {}).values()) < need and len(self.moving(g)) > 1:
            return
        chosen = loc.get("leave") if leaving(s, loc) else None
        relocate(g, role, loc["space"], loc["count"], loc["dest"], chosen=chosen, losses=loc.get("lose"),
                 leaders_stay=loc.get("leaders_stay", False))
        if "then" in loc:                              # step 1's volunteers: the other groups follow
            send_volunteers(g, role, loc["then"])
            return
        g.end(rest_of(s, role, loc["space"]) if loc.get("split") else None)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

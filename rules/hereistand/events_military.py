"""Here I Stand: the events that touch leaders and units (6.1 and the cards' own text): Ransom, Threat to
Power, Unpaid Mercenaries and Unsanitary Camp.

The player picks every target; the owner of the units lost by Unsanitary Camp picks which (the card says so).
"""

from __future__ import annotations

import math

from rules.core import rng
from rules.core.flow import Decision, act
from rules.core.wording import plural

from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .events_cards import remove_leader
from .minor_units import minors_of
from .pick_events import PickEvent, pick_event
from .turn import FLOW, power_name


def leader_name(leader: str) -> str:
    return load().leader(leader).name


# ---- #91 Ransom -------------------------------------------------------------------------------------------
def captured_leaders(s: st.State) -> list[str]:
    return sorted(l for l, where in s["leaders"].items() if where.startswith("captured:"))


@pick_event
class RansomPick(PickEvent):
    card, name, verb = "91", "ransom_pick", "free"
    unplayable = "no leader is captured"

    def candidates(self, s, role):
        return captured_leaders(s)

    def prompt(self, g, role):
        return f"{power_name(role)}: Ransom — choose the captured leader to free (he returns to his own power)."

    def label(self, g, role, leader):
        captor = g.state["leaders"][leader].partition(":")[2]
        return f"{leader_name(leader)} ({power_name(fx.leader_power(leader, g.state))}, held by {power_name(captor)})"

    def take(self, g, role, leader):
        g.log(f"Ransom: {leader_name(leader)} is freed.")
        return "leader_homes", {"queue": [[fx.leader_power(leader, g.state), leader]]}    # his power picks (9.4)


# ---- #103 Threat to Power ---------------------------------------------------------------------------------
THREATENED = ("charles-brandon", "duke-of-alva", "montmorency", "ibrahim-pasha")


def threat_targets(s: st.State) -> list[str]:
    """The four minor army leaders, on the map (not captured, not off it: DECISIONS.md 756)."""
    return [l for l in THREATENED if s["leaders"].get(l) in load().spaces]


@pick_event
class ThreatPick(PickEvent):
    card, name, verb = "103", "threat_pick", "threaten"
    unplayable = "none of Charles Brandon, Duke of Alva, Montmorency or Ibrahim Pasha is on the map"

    def candidates(self, s, role):
        return threat_targets(s)

    def prompt(self, g, role):
        return (f"{power_name(role)}: Threat to Power — choose the leader to threaten (a die: 1–3 he is out "
                "for the rest of the turn, 4–6 he leaves the game).")

    def label(self, g, role, leader):
        return f"{leader_name(leader)} in {space_name(g.state['leaders'][leader])}"

    def take(self, g, role, leader):
        s = g.state
        die = rng.roll(s, 1)[0]
        if die <= 3:
            s["leaders"][leader] = "off"
            s["leaders_away"] = sorted({*s.get("leaders_away", []), leader})
            g.log(f"Threat to Power: the die shows {die} (1–3): {leader_name(leader)} is out of play for the rest "
                  "of the turn.")
        else:
            remove_leader(s, leader)
            g.log(f"Threat to Power: the die shows {die} (4–6): {leader_name(leader)} leaves the game.")


def leaders_away(s: st.State) -> list[str]:
    """Leaders put out for the turn by Threat to Power: they return at the next Card Draw (events_leaders)."""
    return s.get("leaders_away", [])


# ---- #106 Unpaid Mercenaries ------------------------------------------------------------------------------
def mercenary_stacks(s: st.State) -> list[tuple[str, str]]:
    return sorted((space, power) for space, by_power in s["units"].items()
                  for power, kinds in by_power.items() if kinds.get("mercenary"))


@pick_event
class UnpaidPick(PickEvent):
    card, name, verb = "106", "unpaid_pick", "unpaid"
    unplayable = "no space holds mercenaries"

    def candidates(self, s, role):
        return mercenary_stacks(s)

    def prompt(self, g, role):
        return f"{power_name(role)}: Unpaid Mercenaries — choose a space and a power: all its mercenaries there go."

    def label(self, g, role, stack):
        space, power = stack
        n = st.units_at(g.state, space, power)["mercenary"]
        return f"{power_name(power)}'s {plural(n, 'mercenary', 'mercenaries')} in {space_name(space)}"

    def group(self, g, role, stack):
        return f"{power_name(stack[1])}'s mercenaries"

    def take(self, g, role, space, power):
        n = st.units_at(g.state, space, power)["mercenary"]
        st.add_units(g.state, space, power, "mercenary", -n)
        g.log(f"Unpaid Mercenaries: {power_name(power)}'s {plural(n, 'mercenary', 'mercenaries')} in "
              f"{space_name(space)} desert.")
        return "sieges_left", {"queue": [[power, space]]}          # 15.3: a siege they leave may break


# ---- #107 Unsanitary Camp ---------------------------------------------------------------------------------
def camp_units(s: st.State, space: str, power: str) -> dict[tuple[str, str], int]:
    """(owner, kind) -> count of `power`'s land units in `space` with its active minors' (the card)."""
    return {(owner, kind): n for owner in [power, *minors_of(s, power)]
            for kind, n in st.units_at(s, space, owner).items() if kind in st.LAND_TYPES and n}


def camps(s: st.State) -> list[tuple[str, str]]:
    return sorted((space, power) for space, by_power in s["units"].items() for power in by_power
                  if power in MAJORS and camp_units(s, space, power))


@pick_event
class CampPick(PickEvent):
    card, name, verb = "107", "camp_pick", "camp"
    nothing = "Unsanitary Camp: no power has land units on the map."

    def candidates(self, s, role):
        return camps(s)

    def prompt(self, g, role):
        return f"{power_name(role)}: Unsanitary Camp — choose a space and a power: its land units there lose a third."

    def label(self, g, role, camp):
        space, power = camp
        n = sum(camp_units(g.state, space, power).values())
        return f"{power_name(power)} in {space_name(space)} ({plural(n, 'land unit')}, {math.ceil(n / 3)} lost)"

    def group(self, g, role, camp):
        return f"{power_name(camp[1])}'s units"

    def take(self, g, role, space, power):
        n = sum(camp_units(g.state, space, power).values())
        losses = math.ceil(n / 3)
        g.log(f"Unsanitary Camp: {power_name(power)}'s {plural(n, 'land unit')} in {space_name(space)} lose "
              f"{losses}, at least half of them regulars where it can.")
        return "camp_losses", {"role": power, "space": space, "left": losses, "regulars": math.ceil(losses / 2)}


@FLOW.decision("camp_losses")
class CampLosses(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and self.units(g) else []

    def proceed(self, g):
        g.goto("sieges_left", queue=[[g.local["role"], g.local["space"]]])   # 15.3, once all the losses are taken

    def units(self, g):
        return camp_units(g.state, g.local["space"], g.local["role"])

    def prompt(self, g, role):
        need = f" ({g.local['regulars']} of them regulars)" if g.local["regulars"] > 0 else ""
        return (f"{power_name(role)}: Unsanitary Camp — remove {plural(g.local['left'], 'land unit')}{need} in "
                f"{space_name(g.local['space'])}; choose the next.")

    def actions(self, g, role):
        units = self.units(g)
        must = 0 < g.local["regulars"] >= g.local["left"] and any(kind == "regular" for _, kind in units)
        for (owner, kind), n in sorted(units.items()):
            if not must or kind == "regular":
                yield act("lose", owner, kind, label=f"A {power_name(owner)} {kind}" if owner != role else f"A {kind}")

    def on_lose(self, g, role, owner, kind):
        st.add_units(g.state, g.local["space"], owner, kind, -1)
        g.local["left"] -= 1
        if kind == "regular":
            g.local["regulars"] -= 1
        g.log(f"Unsanitary Camp: {power_name(owner)} loses a {kind} in {space_name(g.local['space'])}.")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

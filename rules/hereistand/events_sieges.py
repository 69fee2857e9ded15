"""Here I Stand: the events of fortresses (15): Trace Italienne (a new fortress) and Treachery! (an assault at
once, and a fortress betrayed).
"""

from __future__ import annotations

from rules.core.flow import Game

from . import forces as fx
from . import minor_units as mu
from . import state as st
from .data import MAJORS, MINORS, load, space_name
from .pick_events import PickEvent, pick_event
from .turn import FLOW, military_victory, power_name


# ---- #104 Trace Italienne ---------------------------------------------------------------------------------
def unfortified(s: st.State) -> list[str]:
    return sorted(sp for sp, who in s["control"].items() if who is not None and not st.fortified(s, sp))


def regular_for(s: st.State, space: str) -> str | None:
    """Who gets the new regular: the controller, unless independent or the space is in unrest (or its
    counters are all on the map)."""
    owner = st.controller(s, space)
    if owner not in (*MAJORS, *MINORS) or space in s["unrest"]:
        return None
    if "regular" not in load().power(owner).force_pool.land_types:
        return None
    return owner if st.land_pool_left(s, owner) > 0 else None     # units on a war card count (21.7)


@pick_event
class TraceSite(PickEvent):
    card, name, verb = "104", "trace_site", "fortify"

    def candidates(self, s, role):
        return unfortified(s)

    def prompt(self, g, role):
        return (f"{power_name(role)}: Trace Italienne — choose an unfortified space to fortify (its controller "
                "adds a regular there unless it is independent or in unrest).")

    def label(self, g, role, sp):
        return space_name(sp)

    def group(self, g, role, sp):
        return f"Held by {power_name(st.controller(g.state, sp))}"

    def take(self, g, role, space):
        s = g.state
        s["fortified"] = sorted({*s.get("fortified", []), space})
        g.log(f"Trace Italienne: {space_name(space)} is fortified.")
        owner = regular_for(s, space)
        if owner:
            st.add_units(s, space, owner, "regular")
            g.log(f"Trace Italienne: a new {power_name(owner)} regular in {space_name(space)}.")


# ---- #105 Treachery! --------------------------------------------------------------------------------------
def besieged(s: st.State) -> list[str]:
    return sorted(sp for sp, siege in s["sieges"].items() if mu.side_land_units(s, sp, siege["besieger"]))


@pick_event
class TreacherySite(PickEvent):
    card, name, verb = "105", "treachery_site", "betray"
    unplayable = "no space is under siege"

    def candidates(self, s, role):
        return besieged(s)

    def prompt(self, g, role):
        return (f"{power_name(role)}: Treachery! — choose a besieged space: its besieger assaults at once, and if "
                "its units then still outnumber the defenders the fortress falls.")

    def label(self, g, role, sp):
        return f"{space_name(sp)} (besieged by {power_name(g.state['sieges'][sp]['besieger'])})"

    def take(self, g, role, space):
        besieger = g.state["sieges"][space]["besieger"]
        g.log(f"Treachery! {power_name(besieger)} assaults {space_name(space)} at once.")
        return "treachery", {"role": besieger, "space": space}


def betrayal_assault(g: Game) -> None:
    """The assault needs no line of communication and ignores enemy fleets (the card); not once per impulse."""
    s = g.state
    s.setdefault("assaulted", []).append(g.local["space"])
    g.call("assault", role=g.local["role"], space=g.local["space"], by_event="105")   # #31, #32 cannot answer it


def betrayal(g: Game) -> None:
    """If the besiegers still outnumber the defenders, every defending unit is eliminated, their leaders are
    captured and the space passes to the besieger."""
    s, space, besieger = g.state, g.local["space"], g.local["role"]
    siege = s["sieges"].get(space)
    if not siege:
        return
    inside = siege["inside"]
    attackers, defenders = mu.side_land_units(s, space, besieger), sum(st.land_units_at(s, space, p) for p in inside)
    if attackers <= defenders:
        g.log(f"Treachery! The besiegers of {space_name(space)} no longer outnumber its defenders.")
        return
    from .harbours import capture_port
    from .siege import take_control
    g.log(f"Treachery! {space_name(space)} is betrayed to {power_name(besieger)}.")
    capture_port(g, space, besieger)
    for power in [*inside, st.controller(s, space)]:
        for leader in fx.army_leaders_at(s, space, power):
            fx.capture(g, leader, besieger)
        s["units"].get(space, {}).pop(power, None)
    if not s["units"].get(space):
        s["units"].pop(space, None)
    del s["sieges"][space]
    take_control(g, besieger, space)
    military_victory(g)


FLOW.procedure("treachery", betrayal_assault, betrayal)

"""Here I Stand: the owner's choices when forces must leave a space or units must be removed.

    displace (queue of [power, space]): each stack goes to its owner's nearest controlled fortified space
        or its capital, the owner choosing among them (9.1 clause 5, 9.3 steps 3 and 5, 22.2 step 2)
    remove_units: the owner removes N land units or squadrons of its choice, anywhere (9.3 step 4)
    broken_siege_retreat: the besiegers of a broken siege choose their retreat (15.3)
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .turn import FLOW, power_name


def options_for(s: st.State, power: str, space: str, *, unbesieged: bool = False) -> list[str]:
    """The capital (if controlled) and the nearest own fortified spaces with room (as in Winter, 19.3)."""
    from .deals import nearest_first
    from .winter import destinations
    count = st.land_units_at(s, space, power)
    options = nearest_first(s, power, destinations(s, power, space, count))
    return [o for o in options if not unbesieged or o not in s["sieges"]]


def displace_queue(g: Game) -> None:
    s = g.state
    chosen, g.frame["ret"] = g.returned, None
    if chosen:                                          # the owner's answer to displace_to
        power, space = g.local["queue"].pop(0)
        if send(g, power, space, chosen):
            g.again()
            return
    while g.local["queue"]:
        power, space = g.local["queue"][0]
        units, leaders = fx.land_of(st.units_at(s, space, power)), fx.army_leaders_at(s, space, power)
        if not units and not leaders:
            g.local["queue"].pop(0)
            continue
        options = options_for(s, power, space, unbesieged=g.local.get("unbesieged", False))
        if len(options) > 1 and power in MAJORS:
            g.again()
            g.call("displace_to", role=power, space=space, options=options)
            return
        g.local["queue"].pop(0)
        if send(g, power, space, options[0] if options else None):
            g.again()
            return


def send(g: Game, power: str, space: str, dest: str | None) -> bool:
    """The stack leaves; True when a siege it leaves is broken and its besiegers are asked where to retreat."""
    s = g.state
    units, leaders = fx.land_of(st.units_at(s, space, power)), fx.army_leaders_at(s, space, power)
    if dest is None:
        for kind, n in units.items():
            st.add_units(s, space, power, kind, -n)
        for leader in leaders:
            s["leaders"][leader] = "off"
        g.log(f"{power_name(power)} has no fortified space to go to: its forces in {space_name(space)} are removed.")
    else:
        fx.move_pieces(s, power, space, dest, units, leaders)
        g.log(f"{power_name(power)}'s forces in {space_name(space)} go to {space_name(dest)}.")
    from .siege import leave_siege
    return leave_siege(g, power, space)             # 15.3: its side's units left may no longer outnumber


def fleets_put_to_sea(g: Game) -> None:
    if g.local.get("port_exits"):
        g.call("port_exits", port_exits=g.local["port_exits"])      # 12.2: their owners choose the zone


FLOW.procedure("displace", displace_queue, fleets_put_to_sea)


@FLOW.decision("displace_to")
class DisplaceTo(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: your forces must leave {space_name(g.local['space'])} for your capital or "
                "your nearest fortified space. Where do they go?")

    def actions(self, g, role):
        for dest in g.local["options"]:
            yield act("to", dest, label=f"To {space_name(dest)}")

    def on_to(self, g, role, dest):
        g.end(dest)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- removing units of the owner's choice ---------------------------------------------------------------------
def removable(s: st.State, power: str, kinds=(*st.LAND_TYPES, "squadron")) -> list[tuple[str, str]]:
    """(space, type) of every land unit and squadron (or only `kinds`) of `power` on the map."""
    return sorted((space, kind) for space, by_power in s["units"].items()
                  for kind, n in by_power.get(power, {}).items() if n > 0 and kind in kinds)


@FLOW.decision("remove_units")
class RemoveUnits(Decision):
    """9.3 step 4: the loser removes its units, land units or squadrons in any mix, one at a time."""

    def active(self, g):
        if g.local["count"] <= 0 or not self.choices(g, g.local["role"]):
            return []
        return super().active(g)

    def prompt(self, g, role):
        n = g.local["count"]
        return f"{power_name(role)}: remove {n} unit{'s' if n != 1 else ''} of your choice ({g.local['why']})."

    @staticmethod
    def choices(g, role):
        kinds = g.local.get("kinds")
        return removable(g.state, role, tuple(kinds)) if kinds else removable(g.state, role)

    def actions(self, g, role):
        for space, kind in self.choices(g, role):
            yield act("remove", space, kind, label=f"A {kind} in {space_name(space)}", group=space_name(space))

    def on_remove(self, g, role, space, kind):
        st.add_units(g.state, space, role, kind, -1)
        g.local["count"] -= 1
        g.log(f"{power_name(role)} removes a {kind} from {space_name(space)}.")
        from .siege import leave_siege
        leave_siege(g, role, space)             # 15.3: at once (its retreat may ask where)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- 15.3 the retreat of a broken siege ---------------------------------------------------------------------
@FLOW.decision("broken_siege_retreat")
class BrokenSiegeRetreat(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: the siege of {space_name(g.local['space'])} is broken. Where do your "
                "besiegers retreat?")

    def actions(self, g, role):
        for dest in g.local["options"]:
            yield act("to", dest, label=f"Retreat to {space_name(dest)}")

    def on_to(self, g, role, dest):
        s, space = g.state, g.local["space"]
        from .minor_units import attacking_powers
        for power in attacking_powers(s, space, role):              # with its minors' units (22.3 ①)
            units, leaders = fx.land_of(st.units_at(s, space, power)), fx.army_leaders_at(s, space, power)
            fx.move_pieces(s, power, space, dest, units, leaders)
        g.log(f"{power_name(role)} falls back to {space_name(dest)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: #69 Auld Alliance (22.2 method 2, 22.4 method 1), played by France or England.

France makes an unallied Scotland its ally (22.2), or, Scotland being its ally already, places up to 3 new
French regulars in one Scottish home space it controls that is not besieged; France or England ends
Scotland's alliance with another power (22.4, run by the `deactivation` procedure of the diplomacy events).
Its use as France's intervention payment (9.6) belongs to the declarations of war (DECISIONS.md 667).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import state as st
from .data import load, space_name
from .events import EVENTS
from .minors import activate
from .turn import FLOW, power_name

SCOTLAND, REGULARS = "scotland", 3


def regular_sites(s: st.State) -> list[str]:
    return [sp for sp in load().home_spaces(SCOTLAND) if st.controller(s, sp) == "france" and sp not in s["sieges"]]


def what_it_does(s: st.State, power: str) -> tuple[str | None, str | None]:
    """(effect, None) or (None, why not): "ally", "regulars" or "release"."""
    ally = s["minor_allies"].get(SCOTLAND)
    if ally is None:
        return ("ally", None) if power == "france" else (None, "Scotland has no ally to lose")
    if ally == power == "france":
        if not regular_sites(s):
            return None, "France controls no Scottish home space free of a siege"
        if st.land_pool_left(s, "france") <= 0:
            return None, "France has no land unit left in its counter mix"
        return "regulars", None
    if ally == power:
        return None, "Scotland is already your ally"
    return "release", None


@EVENTS.on("69", "prerequisite")
def auld_alliance_ok(s, power, card):
    return what_it_does(s, power)[1]


@EVENTS.on("69", "event")
def auld_alliance(g: Game, power: str, card: str) -> None:
    effect, _ = what_it_does(g.state, power)
    if effect == "ally":
        g.log("Auld Alliance: Scotland takes France's side.")
        activate(g, SCOTLAND, "france")
    elif effect == "regulars":
        g.call("auld_regulars", role="france")
    elif effect == "release":
        g.log(f"Auld Alliance: {power_name(power)} breaks Scotland's alliance with "
              f"{power_name(g.state['minor_allies'][SCOTLAND])}.")
        g.call("deactivation", minor=SCOTLAND, ally=None)


@FLOW.decision("auld_regulars")
class AuldRegulars(Decision):
    def prompt(self, g, role):
        return f"France: Auld Alliance — place up to {REGULARS} new French regulars in a Scottish home space."

    def actions(self, g, role):
        n = min(REGULARS, st.land_pool_left(g.state, "france"))
        for sp in regular_sites(g.state):
            for k in range(n, 0, -1):
                yield act("place", sp, str(k), label=f"{plural(k, 'regular')} in {space_name(sp)}",
                          group=space_name(sp))

    def on_place(self, g, role, space, count):
        st.add_units(g.state, space, "france", "regular", int(count))
        g.log(f"Auld Alliance: France places {plural(int(count), 'new regular')} in {space_name(space)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #97 Scots Raid (an event in 2006: DECISIONS.md 6.1) -------------------------------------------------------
RAID_AREA = ("stirling", "glasgow", "edinburgh", "berwick", "carlisle", "york")
RAID_CP, RAID_CP_WITH_LEADER = 6, 3


@EVENTS.on("97", "prerequisite")
def scots_raid_ok(s, power, card):
    return None if s["minor_allies"].get(SCOTLAND) == "france" else "Scotland is not France's ally"


@EVENTS.on("97", "event")
def scots_raid(g: Game, power: str, card: str) -> None:
    g.call("scots_raid", player=power)


def take_stirling(g: Game) -> None:
    """France takes Stirling if it does not hold it; units there neither French nor Scottish leave."""
    s = g.state
    if st.controller(s, "stirling") == "france":
        return
    s["control"]["stirling"] = "france"
    g.log("Scots Raid: France takes control of Stirling.")
    queue = [[p, "stirling"] for p in sorted(s["units"].get("stirling", {})) if p not in ("france", SCOTLAND)
             and p in load().powers and (st.land_units_at(s, "stirling", p))]
    if queue:
        g.call("displace", queue=queue, unbesieged=True)


def raid_leader(g: Game) -> None:
    g.frame["ret"] = None                                   # "moved" only when France sends a leader
    if raid_leaders(g.state):
        g.call("raid_leader", role="france")


def raid_spend(g: Game) -> None:
    s = g.state
    cp = RAID_CP_WITH_LEADER if g.returned == "moved" else RAID_CP
    s["impulse"].update(cp=cp, raid=True)
    g.log(f"Scots Raid: France has {cp} CP to build, move, take control and assault in the Scottish home spaces, "
          "Berwick, Carlisle and York.")
    g.call("raid_spend", role="france")


FLOW.procedure("scots_raid", take_stirling, raid_leader, raid_spend)


def raid_leaders(s: st.State) -> list[str]:
    from . import forces as fx
    return sorted(l for l, where in s["leaders"].items() if where in load().spaces and fx.leader_power(l) == "france"
                  and load().leader(l).kind == "army" and "france" not in s["sieges"].get(where, {}).get("inside", []))


@FLOW.decision("raid_leader")
class RaidLeader(Decision):
    def prompt(self, g, role):
        return ("France: Scots Raid — move one army leader to a Scottish home space (then only 3 CP), or keep "
                "the 6 CP.")

    def actions(self, g, role):
        yield act("keep", label=f"Keep the {RAID_CP} CP")
        homes = [sp for sp in load().home_spaces(SCOTLAND) if st.friendly(g.state, "france", sp)]
        for leader in raid_leaders(g.state):
            for sp in homes:
                if g.state["leaders"][leader] != sp:
                    yield act("send", leader, sp, label=f"{load().leader(leader).name} to {space_name(sp)} "
                              f"(then {RAID_CP_WITH_LEADER} CP)", group="Send a leader")

    def on_keep(self, g, role):
        g.end()

    def on_send(self, g, role, leader, space):
        g.log(f"Scots Raid: {load().leader(leader).name} crosses to {space_name(space)}.")
        g.state["leaders"][leader] = space
        g.end("moved")

    def default(self, g, role):
        return "keep"


def _in_area(action) -> bool:
    verb, *args = action.id.split(":")
    if verb == "done":
        return True
    if verb in ("move", "control", "assault"):
        return all(a in RAID_AREA for a in args)
    if verb in ("build", "raise"):
        return args[-1] in RAID_AREA
    return False


def _new_sieges(s: st.State) -> list[str]:
    """15.1 waived by the card: France may assault a siege in the area laid this impulse."""
    from .siege import assault_refusal
    out = []
    for sp in RAID_AREA:
        siege = s["sieges"].get(sp)
        if siege and siege["besieger"] == "france" and siege.get("new"):
            siege["new"] = False
            try:
                if assault_refusal(s, "france", sp) is None:
                    out.append(sp)
            finally:
                siege["new"] = True
    return out


def _register_raid_spend():
    from .actions import Spend

    @FLOW.decision("raid_spend")
    class RaidSpend(Spend):
        """The Action phase's spending (11.1) limited to the raid's area and actions."""

        def prompt(self, g, role):
            return (f"France: Scots Raid — {plural(g.state['impulse']['cp'], 'CP')} to spend in the Scottish home "
                    "spaces, Berwick, Carlisle and York; or end.")

        def actions_of(self, g, role, verb):
            if verb == "assault" and g.state["impulse"]["cp"] >= 1:
                for space in _new_sieges(g.state):
                    yield act("assault", space, label=f"Assault {space_name(space)} (1 CP)", group="Assault")
            for a in super().actions_of(g, role, verb):
                if _in_area(a):
                    yield a

        def on_assault(self, g, role, space):
            g.state["sieges"][space]["new"] = False
            super().on_assault(g, role, space)


_register_raid_spend()

"""Here I Stand: the events that build units (rule 17): Shipbuilding and Foreign Recruits."""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural, plural_of

from . import state as st
from .actions import COSTS
from .data import load, space_name
from .events import EVENTS
from .turn import FLOW, power_name


# ---- #100 Shipbuilding ------------------------------------------------------------------------------------
def shipyards(s: st.State, power: str) -> list[str]:
    """Home ports the power controls, not under siege, with no enemy units, not in unrest (rule 17); never
    Algiers or a pirate haven for a squadron (17.2)."""
    from .actions import build_sites
    data = load()
    return [sp for sp in build_sites(s, power, naval=True) if sp not in s["sieges"]
            and not data.space(sp).pirate_haven and sp != "algiers"]


@EVENTS.on("100", "prerequisite")
def shipbuilding_ok(s, power, card):
    return None if shipyards(s, power) else f"{power_name(power)} controls no home port free to build in"


@EVENTS.on("100", "event")
def shipbuilding(g: Game, power: str, card: str) -> None:
    g.call("shipbuild", role=power, left=2)


@FLOW.decision("shipbuild")
class Shipbuild(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and shipyards(g.state, g.local["role"]) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        left = plural(g.local["left"], "squadron")
        return f"{power_name(role)}: Shipbuilding — {left} to place in your home ports."

    def actions(self, g, role):
        corsairs = role == "ottoman" and st.controller(g.state, "algiers") == "ottoman"   # after Barbary Pirates
        for sp in shipyards(g.state, role):
            yield act("ship", "squadron", sp, label=f"A squadron in {space_name(sp)}", group="Squadrons")
            if corsairs:
                yield act("ship", "corsair", sp, label=f"2 corsairs in {space_name(sp)}", group="Corsairs")

    def on_ship(self, g, role, kind, space):
        st.add_units(g.state, space, role, kind, 2 if kind == "corsair" else 1)
        g.local["left"] -= 1
        g.log(f"Shipbuilding: {power_name(role)} adds {'2 corsairs' if kind == 'corsair' else 'a squadron'} in "
              f"{space_name(space)}.")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #76 Foreign Recruits ---------------------------------------------------------------------------------
RECRUIT_CP = 4


@EVENTS.on("76", "prerequisite")
def recruits_ok(s, power, card):
    return "the Protestant may play it only after the Schmalkaldic League" \
        if power == "protestant" and not s["league_formed"] else None


def recruit_options(s: st.State, power: str, cp: int) -> list[tuple[str, str]]:
    """Rule 17 anywhere the power controls that is not under siege nor in unrest and holds no enemy units;
    the Ottoman may build squadrons in Algiers and pirate havens too (the card)."""
    data, pool = load(), load().power(power).force_pool
    sites = [sp for sp, who in s["control"].items() if who == power and sp not in s["sieges"]
             and sp not in s["unrest"] and not st.enemy_units_at(s, sp, power)]
    out = []
    if st.land_pool_left(s, power) > 0:
        out += [(kind, sp) for kind in ("regular", "mercenary", "cavalry") if kind in pool.land_types
                and COSTS[kind] <= cp for sp in sites]
    for kind in ("squadron", "corsair"):
        corsairs_ok = st.controller(s, "algiers") == power              # after Barbary Pirates
        if kind in pool.naval_types and COSTS[kind] <= cp and (kind == "squadron" or corsairs_ok):
            out += [(kind, sp) for sp in sites if data.space(sp).is_port and (
                power == "ottoman" or kind == "corsair" or not (data.space(sp).pirate_haven or sp == "algiers"))]
    return out


@EVENTS.on("76", "event")
def foreign_recruits(g: Game, power: str, card: str) -> None:
    g.call("recruit", role=power, cp=RECRUIT_CP)


@FLOW.decision("recruit")
class Recruit(Decision):
    def active(self, g):
        return super().active(g) if g.local["cp"] > 0 else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        return f"{power_name(role)}: Foreign Recruits — {g.local['cp']} CP to build units in any space you control."

    def actions(self, g, role):
        for kind, sp in recruit_options(g.state, role, g.local["cp"]):
            yield act("build", kind, sp, label=f"{kind.title()} in {space_name(sp)} ({COSTS[kind]} CP)",
                      group=f"Build {plural_of(kind)}")
        yield act("done", label=f"Stop building ({g.local['cp']} CP unspent are lost)")

    def on_build(self, g, role, kind, space):
        g.local["cp"] -= COSTS[kind]
        st.add_units(g.state, space, role, kind)
        g.log(f"Foreign Recruits: {power_name(role)} builds a {kind} in {space_name(space)}.")

    def on_done(self, g, role):
        g.end()

    def default(self, g, role):
        return "done"

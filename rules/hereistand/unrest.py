"""Here I Stand: unrest (rule 12.4) — where events may put it, the CP action that removes it, and the
question "choose where unrest falls" the unrest events ask.

Its effects are read where they apply: spring deployment, retreat and avoid battle (`spring.py`,
`battle.py`, `movement.py`), lines of communication (`siege.py`), building (`actions.py`), religious dice
(`religion.py`), keys, electorates and VP (`state.py`), piracy (`piracy.py`).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import state as st
from .data import load, space_name
from .turn import FLOW, power_name

REMOVE_CP = 1


def may_fall(s: st.State, space: str) -> bool:
    """12.4: an event's unrest goes on a space in play, not yet in unrest, holding no land units and no
    ships (the cards say "with no units": independent and minor units count too)."""
    return s["control"].get(space) is not None and space not in s["unrest"] and not s["units"].get(space)


def put(g: Game, space: str, source: str) -> None:
    g.state["unrest"] = sorted([*g.state["unrest"], space])
    g.log(f"{source}: {space_name(space)} falls into unrest.")


# ---- removing unrest (12.4): 1 CP, no line of communication needed -----------------------------------------
def _enemy_units(s: st.State, space: str, power: str) -> bool:
    return any(p != power and (p == "independent" or st.enemies(s, power, p)) and
               any(n > 0 for k, n in kinds.items() if k in st.LAND_TYPES)
               for p, kinds in s["units"].get(space, {}).items())


def removable(s: st.State, power: str) -> list[str]:
    """12.4: spaces in unrest the power may calm — its land units there; a Protestant home space before the
    League (the Protestant only); or its land units next to it (not across a pass) and no enemy land units
    there or next to it (DECISIONS.md 650)."""
    data = load()
    out = []
    for space in s["unrest"]:
        if st.land_units_at(s, space, power):
            out.append(space)
        elif power == "protestant" and not s["league_formed"] and data.space(space).home_power == "protestant":
            out.append(space)
        else:
            around = data.adjacent(space, passes=False)
            if any(st.land_units_at(s, n, power) for n in around) and \
                    not any(_enemy_units(s, n, power) for n in (space, *around)):
                out.append(space)
    return sorted(out)


def removal_actions(s: st.State, power: str, cp: int):
    if cp < REMOVE_CP:
        return
    for space in removable(s, power):
        yield act("calm", space, label=f"Remove the unrest in {space_name(space)} ({REMOVE_CP} CP)",
                  group="Remove unrest", hint="12.4: the space counts again for keys, VP, building and "
                                               "lines of communication.")


def remove(g: Game, power: str, space: str) -> None:
    g.state["impulse"]["cp"] -= REMOVE_CP
    g.state["unrest"] = [sp for sp in g.state["unrest"] if sp != space]
    g.log(f"{power_name(power)} spends {REMOVE_CP} CP to remove the unrest in {space_name(space)}.")


# ---- "choose where unrest falls": the unrest events (#80, #82, #88, #94) --------------------------------------
def ask_sites(g: Game, role: str, sites: list[str], count: int, source: str) -> None:
    """Ask `role` to put unrest on up to `count` of `sites`, one at a time (it may stop early: "up to")."""
    g.call("unrest_site", role=role, sites=sorted(sites), left=count, source=source)


@FLOW.decision("unrest_site")
class UnrestSite(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and self.sites(g) else []

    def proceed(self, g):
        g.end()

    @staticmethod
    def sites(g):
        return [sp for sp in g.local["sites"] if may_fall(g.state, sp)]

    def prompt(self, g, role):
        return (f"{power_name(role)}: {g.local['source']} — put unrest on up to "
                f"{plural(g.local['left'], 'more space')}, or stop.")

    def actions(self, g, role):
        for space in self.sites(g):
            yield act("unrest", space, label=f"Unrest in {space_name(space)}", group="Unrest",
                      hint=f"Controlled by {power_name(g.state['control'][space])}.")
        yield act("stop", label="No more unrest")

    def on_unrest(self, g, role, space):
        put(g, space, g.local["source"])
        g.local["left"] -= 1

    def on_stop(self, g, role):
        g.log(f"{power_name(role)} puts no more unrest.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

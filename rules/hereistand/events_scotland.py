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


def _cut_loose_ready() -> bool:
    return "deactivation" in FLOW.procedures


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
    if not _cut_loose_ready():
        return None, "ending a minor power's alliance (22.4) is not part of the game yet"
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

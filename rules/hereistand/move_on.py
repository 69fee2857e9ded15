"""Here I Stand: 13.4 when the mover does not outnumber the units that withdrew into the fortification —
choice 1, pay to move on (the move runs again from interception on; a formation that must later retreat
from there is eliminated), or choice 2, go back free to the space it came from.

    move_land › … › battle_or_siege › blocked › move_on (pay › interception › … › battle_or_siege)
"""

from __future__ import annotations

from rules.core.flow import Decision, act

from . import forces as fx
from . import minor_units as mu
from . import state as st
from .data import load
from .movement import (avoid_battles, battle_or_siege, enter, offer_withdrawal, open_interception, pay,
                       space_name)
from .turn import FLOW, power_name

FLOW.procedure("move_on", pay, open_interception, enter, avoid_battles, offer_withdrawal, battle_or_siege)


def onward_options(s: st.State) -> list[tuple[str, int]]:
    """13.4 choice 1: adjacent spaces the blocked formation may still enter with the CP left."""
    m, data = s["move"], load()
    leaders_only = not mu.formation_size(m)
    return [(dest, 2 if is_pass else 1) for dest, is_pass in data.neighbours[m["dest"]]
            if dest != m["origin"] and (2 if is_pass else 1) <= s["impulse"]["cp"]
            and fx.may_enter(s, m["power"], dest, leaders_only=leaders_only) is None]


@FLOW.decision("blocked")
class Blocked(Decision):
    """13.4: the defenders withdrew and the mover does not outnumber them: it pays to move on (and is
    eliminated if it must later retreat from there) or returns, free, to the space it came from."""

    def prompt(self, g, role):
        return (f"{power_name(role)}: too few units to besiege {space_name(g.state['move']['dest'])}. Move on, "
                "or go back where you came from?")

    def actions(self, g, role):
        m = g.state["move"]
        for dest, cost in onward_options(g.state):
            yield act("on", dest, label=f"Move on to {space_name(dest)} ({cost} CP; eliminated if it must "
                      "retreat from there)", group="Move on")
        if self.may_go_back(g.state):
            yield act("back", label=f"Return to {space_name(m['origin'])}")
        else:
            yield act("back", label=f"Stay: no way back to {space_name(m['origin'])}, the formation is eliminated")

    @staticmethod
    def may_go_back(s):
        from .battle import retreat_spaces       # 13.4 choice 2 follows the retreat restrictions (14.1)
        m = s["move"]
        return bool(retreat_spaces(s, m["power"], m["dest"], attacker=True, origin=m["origin"]))

    def on_on(self, g, role, dest):
        s, m = g.state, g.state["move"]
        cost = 2 if load().is_pass(m["dest"], dest) else 1
        g.log(f"{power_name(role)} moves on from {space_name(m['dest'])} to {space_name(dest)}.")
        m.update(origin=m["dest"], dest=dest, cost=cost, intercepted_by=None, moved_on=True)
        m.pop("withdrawn", None)
        g.goto("move_on")

    def on_back(self, g, role):
        s, m = g.state, g.state["move"]
        if not self.may_go_back(s):
            for kind, n in m["units"].items():
                st.add_units(s, m["dest"], role, kind, -n)
            mu.lose_allies(s, m, m["dest"])
            for leader in m["leaders"]:
                fx.capture(g, leader, st.controller(s, m["dest"]))
            g.log(f"{power_name(role)}'s formation at {space_name(m['dest'])} has nowhere to go and is eliminated.")
            g.end()
            return
        fx.move_pieces(s, m["power"], m["dest"], m["origin"], m["units"], m["leaders"])
        mu.move_allies(s, m, m["dest"], m["origin"])
        g.log(f"{power_name(m['power'])} is too weak to besiege and returns to {space_name(m['origin'])}.")
        g.end()

    def default(self, g, role):
        return "back"

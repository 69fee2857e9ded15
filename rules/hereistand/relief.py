"""Here I Stand: relief forces (15.2) — a formation of the besieged side moving into the besieged space
fights the besiegers in a field battle.

    field_battle › relief_choice (the same power's besieged units join, or stay out of the battle)
                 › … › restore (units that stayed out are back) › relief retreat (outcomes 2–3)

Units that stay out are set aside for the battle (the log says so) and put back before the retreat.
Outcomes: the relief wins and the besiegers retreat (the siege ends, 15.3); on equal hits the
relief side may withdraw into the fortress up to 4 land units in all and the rest retreat; with fewer hits
only the units inside at the start stay inside and the relievers retreat (their leaders are captured if
they were wiped out).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import load, space_name
from .turn import FLOW, power_name

INSIDE_LIMIT = 4
ORDER = ("regular", "cavalry", "mercenary")     # who goes inside by default


def relief_choice(g: Game) -> None:
    """15.2: a move into a space besieged by the mover's enemy, where the mover's side is inside."""
    s, space, attacker = g.state, g.local["space"], g.local["attacker"]
    siege, m = s["sieges"].get(space), s["move"]
    if not siege or not m or siege["besieger"] == attacker or m.get("dest") != space:
        return
    if not any(p == attacker or st.allied(s, p, attacker) for p in siege["inside"]):
        return
    mine = fx.land_of(st.units_at(s, space, attacker))
    inside = {k: n - m["units"].get(k, 0) for k, n in mine.items() if n - m["units"].get(k, 0) > 0}
    g.local["relief"] = {"inside": inside, "leaders": list(m["leaders"])}
    g.log(f"{power_name(attacker)} comes to relieve {space_name(space)} (rule 15.2).")
    if attacker in siege["inside"] and inside:
        g.call("relief_join", role=attacker, space=space)


@FLOW.decision("relief_join")
class ReliefJoin(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: your units besieged in {space_name(g.local['space'])} may join the relief "
                "battle (beyond formation limits) or stay out of it.")

    def actions(self, g, role):
        yield act("join", label="They join the battle")
        yield act("stay", label="They stay out of the battle")

    def on_join(self, g, role):
        g.log(f"{power_name(role)}'s besieged units join the battle.")
        g.end()

    def on_stay(self, g, role):
        s, space = g.state, g.local["space"]
        caller = s["flow"][-2]["local"]
        held = dict(caller["relief"]["inside"])
        for kind, n in held.items():
            st.add_units(s, space, role, kind, -n)
        caller["relief"]["held_out"] = held
        g.log(f"{power_name(role)}'s besieged units stay out of the battle.")
        g.end()

    def default(self, g, role):
        return "join"


def restore(g: Game) -> None:
    """Units that stayed out of the relief battle are back inside the fortress."""
    relief = g.local.get("relief")
    if not relief or not relief.get("held_out"):
        return
    for kind, n in relief.pop("held_out").items():
        st.add_units(g.state, g.local["space"], g.local["attacker"], kind, n)


def relief_retreat(g: Game) -> bool:
    """15.2 outcomes 2–3 when the relief side lost (True: the retreat is settled here)."""
    s, b = g.state, g.state["battle"]
    relief = g.local.get("relief")
    if not relief or b["winner"] != "defender":
        return False
    space, attacker = b["space"], b["attacker"]
    here = fx.land_of(st.units_at(s, space, attacker))
    inside = {k: min(n, here.get(k, 0)) for k, n in relief["inside"].items()}
    relievers = {k: n - inside.get(k, 0) for k, n in here.items() if n - inside.get(k, 0) > 0}
    leaders = [l for l in relief["leaders"] if s["leaders"].get(l) == space]
    if not relievers:
        for leader in leaders:
            fx.capture(g, leader, b["defenders"][0])
        return True
    room = INSIDE_LIMIT - sum(inside.values()) - sum(st.land_units_at(s, space, p) for p in
                                                       s["sieges"].get(space, {}).get("inside", []) if p != attacker)
    if b["attacker_hits"] == b["defender_hits"] and room > 0:
        g.call("relief_shelter", role=attacker, relievers=relievers, leaders=leaders, room=room)
        return True
    send_back(g, attacker, relievers, leaders)
    return True


def send_back(g: Game, power: str, units: dict, leaders: list[str]) -> None:
    """14.1: the relievers retreat to the space they came from, if they may; otherwise they are lost."""
    from .battle import retreat_spaces
    s, b = g.state, g.state["battle"]
    space = b["space"]
    if not sum(units.values()) and not leaders:
        return
    if retreat_spaces(s, power, space, attacker=True, origin=b["origin"]):
        fx.move_pieces(s, power, space, b["origin"], units, leaders)
        s["impulse_locks"].append([power, b["origin"]])
        g.log(f"The relievers retreat to {space_name(b['origin'])}.")
    else:
        for kind, n in units.items():
            st.add_units(s, space, power, kind, -n)
        for leader in leaders:
            fx.capture(g, leader, b["defenders"][0])
        g.log(f"The relievers have nowhere to retreat and are eliminated.")


@FLOW.decision("relief_shelter")
class ReliefShelter(Decision):
    """15.2 outcome 2: on equal hits the relief side may go inside, up to 4 land units in all."""

    def prompt(self, g, role):
        return (f"{power_name(role)}: the relief battle is lost on equal hits. Withdraw relievers into the "
                f"fortress (room for {g.local['room']} more), or retreat them all?")

    def actions(self, g, role):
        picks = g.local.get("going_in")
        if picks is not None:                  # which relievers go inside, one at a time (DECISIONS.md 432)
            for kind in ORDER:
                if g.local["relievers"].get(kind, 0) > picks.get(kind, 0):
                    yield act("in", kind, label=f"Put a {kind} inside ({sum(picks.values()) + 1} of "
                              f"{g.local['room']})")
            return
        yield act("inside", label=f"Withdraw up to {g.local['room']} relievers and the leaders inside; "
                  "the rest retreat")
        yield act("retreat", label="All the relievers retreat")

    def on_inside(self, g, role):
        relievers = g.local["relievers"]
        if sum(relievers.values()) > g.local["room"] and len(relievers) > 1:
            g.local["going_in"] = {}
            return
        self.go_in(g, role, None)

    def on_in(self, g, role, kind):
        picks = g.local["going_in"]
        picks[kind] = picks.get(kind, 0) + 1
        if sum(picks.values()) >= g.local["room"]:
            self.go_in(g, role, g.local.pop("going_in"))

    def go_in(self, g, role, chosen):
        s, space = g.state, g.state["battle"]["space"]
        rest, room = dict(g.local["relievers"]), g.local["room"]
        for kind in ORDER:                                   # the owner's pick, else the best units first
            take = min(rest.get(kind, 0), room if chosen is None else chosen.get(kind, 0))
            rest[kind] = rest.get(kind, 0) - take
            room -= take
        siege = s["sieges"].get(space)
        if siege and role not in siege["inside"]:
            siege["inside"].append(role)
        g.log(f"{power_name(role)} withdraws relievers into {space_name(space)}.")
        send_back(g, role, {k: n for k, n in rest.items() if n}, [])
        g.end()

    def on_retreat(self, g, role):
        send_back(g, role, g.local["relievers"], g.local["leaders"])
        g.end()

    def default(self, g, role):
        return "inside"

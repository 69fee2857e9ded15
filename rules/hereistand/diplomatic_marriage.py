"""Here I Stand: #73 Diplomatic Marriage — (a) activate a minor power for oneself (22.2 method 4) or deactivate an
active one (22.4), (b) when suing for peace, every home space and captured leader back without paying
(9.3 note, in `peace.py`) — and the deactivation procedure of 22.4, which other events may call.
"""

from __future__ import annotations

from collections import deque

from rules.core import cards
from rules.core.flow import Decision, Game, act

from . import fleets as nv
from . import state as st
from .data import MINORS, load, space_name
from .events import EVENTS
from .turn import FLOW, power_name

CARD = "73"


# ---- 22.4 deactivation -------------------------------------------------------------------------------------
def nearest(start: str, goals: list[str]) -> str | None:
    """The goal fewest land connections away from `start` (ties: the first in name order)."""
    if not goals:
        return None
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        if here in goals:
            return here
        for there in sorted(load().adjacent(here)):
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return sorted(goals)[0]


def where_name(location: str) -> str:
    return space_name(location) if location in load().spaces else load().sea_zone(location).name


def deactivate(g: Game, minor: str, *, tail: bool = False) -> None:
    """22.4 steps 1–5: the alliance ends; the old patron's control of the minor's home spaces goes back to
    the minor; other powers' forces there leave (their owners choose among the nearest fortified spaces,
    ships put to sea); the minor's land units and squadrons go home, or are eliminated. `tail`: in place of
    the running decision."""
    s, data = g.state, load()
    patron = s["minor_allies"][minor]
    s["minor_allies"][minor] = None
    g.log(f"{power_name(minor)} is no longer {power_name(patron)}'s ally (rule 22.4).")
    homes = data.home_spaces(minor)
    for sp in homes:
        if s["control"].get(sp) == patron:
            s["control"][sp] = minor
    held = [sp for sp in homes if s["control"].get(sp) == minor]
    queue, exits = [], []
    from .harbours import displace
    for sp in held:
        for power in sorted(s["units"].get(sp, {})):
            if power != minor and (st.land_units_at(s, sp, power) or any(
                    data.leader(ld).power == power and data.leader(ld).kind == "army"
                    for ld, where in s["leaders"].items() if where == sp)):
                queue.append([power, sp])
        exits += displace(g, sp)
    forts = [sp for sp in held if data.space(sp).type != "unfortified"] or held
    for sp in sorted(s["units"]):
        if sp in held or sp not in data.spaces:
            continue
        land = {k: n for k, n in s["units"][sp].get(minor, {}).items() if k in st.LAND_TYPES and n}
        if not land:
            continue
        dest = nearest(sp, forts)
        for kind, n in land.items():
            st.add_units(s, sp, minor, kind, -n)
            if dest:
                st.add_units(s, dest, minor, kind, n)
        g.log(f"{power_name(minor)}'s units in {space_name(sp)} " + (f"go home to {space_name(dest)}." if dest
                                                                     else "have no home to go to: eliminated."))
    ports = [sp for sp in held if data.space(sp).is_port]
    for where in sorted(s["units"]):
        ships = {k: n for k, n in s["units"][where].get(minor, {}).items() if nv.is_naval(k) and n}
        if not ships or where in ports:
            continue
        for kind, n in ships.items():
            st.add_units(s, where, minor, kind, -n)
            if ports:
                st.add_units(s, ports[0], minor, kind, n)
        g.log(f"{power_name(minor)}'s squadrons at {where_name(where)} " +
              (f"sail home to {space_name(ports[0])}." if ports else "have no home port: eliminated."))
    for leader, where in sorted(s["leaders"].items()):
        if data.leader(leader).power == minor and where not in (*ports, "off", nv.BOX) \
                and not where.startswith("captured:"):
            s["leaders"][leader] = ports[0] if ports else nv.BOX
    if queue or exits:
        (g.goto if tail else g.call)("displace", queue=queue, port_exits=exits)
    elif tail:
        g.end()


# ---- (a) activation or deactivation ------------------------------------------------------------------------
def activations(s: st.State, power: str) -> list[str]:
    """22.2 method 4: an inactive minor the activation table pairs with `power`, not at war with it."""
    return [m for m in MINORS if not s["minor_allies"].get(m) and power in load().power(m).activated_by
            and not st.at_war(s, power, m) and not (m == "hungary" and s.get("hungary_defeated"))]


def deactivations(s: st.State) -> list[str]:
    """22.4 3: any active minor that may be deactivated (not Hungary-Bohemia)."""
    return [m for m in MINORS if s["minor_allies"].get(m) and load().power(m).can_be_deactivated]


@EVENTS.on(CARD, "prerequisite")
def marriage_ok(s, power, card):
    if not activations(s, power) and not deactivations(s):
        return "no minor power may be activated for you or deactivated"
    return None


@EVENTS.on(CARD, "event")
def diplomatic_marriage(g, power, card):
    g.call("diplomatic_marriage", role=power)


@FLOW.decision("diplomatic_marriage")
class DiplomaticMarriage(Decision):
    def prompt(self, g, role):
        return "Diplomatic Marriage: activate a minor power as your ally, or deactivate an active one."

    def actions(self, g, role):
        s = g.state
        for m in activations(s, role):
            yield act("activate", m, label=f"Activate {power_name(m)} as your ally", group="Activate")
        for m in deactivations(s):
            yield act("deactivate", m, label=f"Deactivate {power_name(m)} ({power_name(s['minor_allies'][m])}'s "
                      "ally): its spaces go back to it, other forces there leave", group="Deactivate")

    def on_activate(self, g, role, minor):
        from .minors import activate_in_place
        g.log(f"Diplomatic Marriage: {power_name(role)} activates {power_name(minor)}.")
        activate_in_place(g, minor, role)

    def on_deactivate(self, g, role, minor):
        g.log(f"Diplomatic Marriage: {power_name(role)} deactivates {power_name(minor)}.")
        deactivate(g, minor, tail=True)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- (b) suing for peace (9.3, note 1) ------------------------------------------------------------------------
def peace_offer(s: st.State, loser: str, wanted: dict) -> bool:
    """The loser may play Diplomatic Marriage to get everything back for nothing (not the Ottoman)."""
    return CARD in cards.zone(s, cards.hand(loser)) and loser in load().card(73).playable_by \
        and any(wanted.values())


def recover_all(g: Game, loser: str, winner: str, wanted: dict) -> None:
    """9.3 note 1: every home space and captured leader the winner took comes back at no cost (steps 5–7),
    in place of the running decision."""
    from .events import discard_played
    s = g.state
    discard_played(s, loser, CARD)
    g.log(f"{power_name(loser)} plays #73 Diplomatic Marriage: everything {power_name(winner)} took comes back "
          "at no cost.")
    queue = []
    for sp in wanted["key"] + wanted["space"]:
        s["control"][sp] = loser
        g.log(f"{space_name(sp)} returns to {power_name(loser)}.")
        if st.land_units_at(s, sp, winner):
            queue.append([winner, sp])
    g.goto("marriage_returns", loser=loser, leaders=list(wanted["leader"]), queue=queue)


def leaders_home(g: Game) -> None:
    """Each captured leader home, one at a time (the loser picks among its capitals, `peace.send_home`)."""
    from .peace import send_home
    if g.local["leaders"]:
        leader = g.local["leaders"].pop(0)
        g.again()
        send_home(g, g.local["loser"], leader, f"{load().leader(leader).name} returns to")


def winners_leave(g: Game) -> None:
    if g.local["queue"]:
        g.call("displace", queue=g.local["queue"])          # 9.3 step 5: as in step 3


FLOW.procedure("marriage_returns", leaders_home, winners_leave)

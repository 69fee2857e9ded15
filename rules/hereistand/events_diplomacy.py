"""Here I Stand: the events of war and alliances (9.6, 22.2, 22.4): Machiavelli: The Prince, Andrea Doria and
the Venetian Alliance, with the deactivation of a minor power (22.4).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .diplomacy import dow_refusal
from .events import EVENTS
from .league import nearest
from .turn import FLOW, power_name

MACHIAVELLI_CP = 2


# ---- #40 Machiavelli: The Prince (9.6) --------------------------------------------------------------------
def prince_targets(s: st.State, power: str) -> list[str]:
    """Major powers `power` may go to war with now: 9.6's limits, no cost (DECISIONS.md 770)."""
    return [p for p in MAJORS if p != power and dow_refusal(s, power, p, []) is None]


@EVENTS.on("40", "event")
def machiavelli(g: Game, power: str, card: str) -> None:
    g.state["impulse"]["cp"] = MACHIAVELLI_CP                       # spent after the declaration (actions.after_event)
    g.call("prince_war", role=power)


@FLOW.decision("prince_war")
class PrinceWar(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: Machiavelli: The Prince — declare war on a major power at no cost (then "
                f"{MACHIAVELLI_CP} CP to spend), or declare none.")

    def actions(self, g, role):
        for target in prince_targets(g.state, role):
            yield act("war", target, label=f"Declare war on {power_name(target)}")
        yield act("none", label=f"No war: just spend the {MACHIAVELLI_CP} CP")

    def on_war(self, g, role, target):
        s = g.state
        s["wars"] = sorted([*s["wars"], st.pair(role, target)])
        g.log(f"Machiavelli: The Prince — {power_name(role)} declares war on {power_name(target)}.")
        g.goto("sea_clashes", power=role, enemies=[target], activate=None)     # 9.6: fleets sharing a zone fight

    def on_none(self, g, role):
        g.log(f"Machiavelli: The Prince — {power_name(role)} declares no war.")
        g.end()

    def default(self, g, role):
        return "none"


# ---- 22.4 deactivation ------------------------------------------------------------------------------------
def release(g: Game) -> None:
    """22.4 steps 1–4: the alliance ends; the old patron's control of the minor's home spaces goes back to
    the minor; the minor's land units outside its home spaces go to its nearest fortified home space it
    controls (else its nearest home space it controls, else they are eliminated)."""
    s, data, minor = g.state, load(), g.local["minor"]
    patron = s["minor_allies"].get(minor)
    if patron is None:
        return
    s["minor_allies"][minor] = None
    g.local["released"] = True
    homes = data.home_spaces(minor)
    for sp in homes:
        if s["control"][sp] == patron:
            s["control"][sp] = minor
    g.log(f"{power_name(minor)} is no longer {power_name(patron)}'s ally (rule 22.4): the home spaces "
          f"{power_name(patron)} held return to it.")
    own = [sp for sp in homes if s["control"][sp] == minor]
    forts = [sp for sp in own if st.fortified(s, sp)]
    left = []
    for sp, by_power in sorted(s["units"].items()):
        land = {k: n for k, n in by_power.get(minor, {}).items() if k in st.LAND_TYPES}
        if sp in homes or not land:
            continue
        dest = (nearest(s, sp, lambda x: x in forts) or nearest(s, sp, lambda x: x in own) or [None])[0]
        if dest:
            fx.move_pieces(s, minor, sp, dest, land, [])
        else:
            for kind, n in land.items():
                st.add_units(s, sp, minor, kind, -n)
        went = f"go to {space_name(dest)}." if dest else "are eliminated."
        g.log(f"{power_name(minor)}'s units in {space_name(sp)} {went}")
        left.append([patron, sp])
    home_fleet(g, minor, own)
    if left:
        g.call("sieges_left", queue=left)          # 15.3: the old patron's besiegers left may be outnumbered


def home_fleet(g: Game, minor: str, own: list[str]) -> None:
    """22.4 step 5: the minor's ships go to a home port it controls, else they are lost (to the next turn's
    box); its naval leaders with them, else to the box (they come back at the Card Draw, 8.2)."""
    from . import fleets as nv
    s, data = g.state, load()
    ports = [sp for sp in own if data.space(sp).is_port]
    for loc, by_power in sorted(s["units"].items()):
        ships = {k: n for k, n in by_power.get(minor, {}).items() if k not in st.LAND_TYPES}
        if not ships or loc in own:
            continue
        for kind, n in ships.items():
            if ports:
                st.add_units(s, loc, minor, kind, -n)
                st.add_units(s, ports[0], minor, kind, n)
            else:
                nv.to_box(s, minor, kind, loc, n)
        g.log(f"{power_name(minor)}'s ships at {nv.location_name(loc)} " +
              (f"return to {space_name(ports[0])}." if ports else "are lost: it holds no home port."))
    loans = nv.naval(s).get("leader_loans", {})
    for leader, where in sorted(s["leaders"].items()):
        c = data.leader(leader)
        if c.kind == "naval" and c.power == minor and leader not in loans and where not in own:
            s["leaders"][leader] = ports[0] if ports else nv.BOX
    for port in ports:                                   # step 3: other powers' ships leave its home ports
        for owner, kinds in sorted(s["units"].get(port, {}).items()):
            ships = {k: n for k, n in kinds.items() if nv.is_naval(k)}
            if owner == minor or not ships:
                continue
            dest = (nv.nearest_ports(s, owner, port) or [None])[0]
            for kind, n in ships.items():
                if dest:
                    st.add_units(s, port, owner, kind, -n)
                    st.add_units(s, dest, owner, kind, n)
                else:
                    nv.to_box(s, owner, kind, port, n)
            for leader in [l for l, at in s["leaders"].items() if at == port and nv.leader_side(s, l) == owner]:
                s["leaders"][leader] = dest or nv.BOX
            went = f"sail to {space_name(dest)}." if dest else "have no port to go to and are lost."
            g.log(f"{power_name(owner)}'s ships in {space_name(port)} {went}")


def scatter(g: Game) -> None:
    """22.4 step 3: the majors' land units in the minor's home spaces go to their nearest fortified space."""
    s = g.state
    if not g.local.get("released"):
        return
    queue = [[p, sp] for sp in load().home_spaces(g.local["minor"]) for p in sorted(s["units"].get(sp, {}))
             if p in MAJORS and s["control"][sp] != p and (st.land_units_at(s, sp, p) or fx.army_leaders_at(s, sp, p))]
    if queue:
        g.call("displace", queue=queue, unbesieged=True)


def activate_new(g: Game) -> None:
    """22.2: then the minor joins the new patron, when the event names one."""
    if g.local.get("ally"):
        from .minors import activate_in_place
        activate_in_place(g, g.local["minor"], g.local["ally"])


FLOW.procedure("deactivation", release, scatter, activate_new)


# ---- #68 Andrea Doria (22.2 method 5) ---------------------------------------------------------------------
GENOA = "genoa"


@EVENTS.on("68", "prerequisite")
def doria_ok(s, power, card):
    return "Genoa is already your ally" if s["minor_allies"].get(GENOA) == power else None


@EVENTS.on("68", "event")
def andrea_doria(g: Game, power: str, card: str) -> None:
    """The 2006 card: Genoa leaves its ally, if any, and becomes the player's (DECISIONS.md 771)."""
    g.call("deactivation", minor=GENOA, ally=power)


# ---- #108 Venetian Alliance (22.2 method 3, 22.4) -----------------------------------------------------------
VENICE = "venice"


@EVENTS.on("108", "prerequisite")
def venetian_ok(s, power, card):
    ally = s["minor_allies"].get(VENICE)
    if power == "ottoman" and not ally:
        return "Venice has no ally to leave"
    if power == "papacy" and ally == "papacy" and not venetian_ports(s):
        return "Venice is already your ally and you control no port free to receive its units"
    return None


def venetian_ports(s: st.State) -> list[str]:
    """Papal-controlled ports not under siege (Venice's reinforcements arrive there)."""
    data = load()
    return [sp for sp, who in sorted(s["control"].items()) if who == "papacy" and data.space(sp).is_port
            and sp not in s["sieges"]]


@EVENTS.on("108", "event")
def venetian_alliance(g: Game, power: str, card: str) -> None:
    ally = g.state["minor_allies"].get(VENICE)
    if ally is None:
        g.call("deactivation", minor=VENICE, ally="papacy")             # release finds no patron: it just allies
    elif power == "papacy" and ally == "papacy":
        g.call("venetian_units", role="papacy")
    else:
        g.call("deactivation", minor=VENICE, ally=None)


@FLOW.decision("venetian_units")
class VenetianUnits(Decision):
    """The Papacy adds 1 Venetian regular and 2 Venetian squadrons in one Papal port (it may take fewer)."""

    def prompt(self, g, role):
        return ("Papacy: Venetian Alliance — choose the Papal port where 1 Venetian regular and 2 Venetian squadrons "
                "arrive.")

    def actions(self, g, role):
        for sp in venetian_ports(g.state):
            yield act("port", sp, label=space_name(sp))

    def on_port(self, g, role, space):
        s, pool = g.state, load().power(VENICE).force_pool
        regular = 1 if sum(st.land_units_at(s, sp, VENICE) for sp in s["units"]) < pool.land_units else 0
        if regular:
            st.add_units(s, space, VENICE, "regular")
        st.add_units(s, space, VENICE, "squadron", 2)
        g.log(f"Venetian Alliance: {'a Venetian regular and ' if regular else ''}2 Venetian squadrons arrive in "
              f"{space_name(space)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

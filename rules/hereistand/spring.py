"""Here I Stand: Spring Deployment (rule 10).

Each power but the Protestant, in impulse order, may move one formation from its capital (the Hapsburg:
one of its two) to a friendly-controlled space, free of CP, along a path of friendly-controlled spaces not
in unrest, without passes, crossing at most one sea zone between two friendly ports — no sea zone where
another major power has squadrons — and then with at most 5 land units.

    spring_deployment › deploy (choose capital and destination, or skip) › formation › arrive
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import record
from . import state as st
from .data import MAJORS, load
from .events_spring import prepared
from .movement import Formation, space_name
from .turn import FLOW, power_name

SEA_LIMIT = 5


def sea_blocked(s: st.State, power: str, zone: str) -> bool:
    """Another major power's squadrons in the zone or in one of its ports (DECISIONS.md 10)."""
    places = [zone, *load().sea_zone(zone).ports]
    return any(other != power and other in MAJORS and any(k == "squadron" or k.startswith("loan-") for k in kinds)
               for place in places for other, kinds in s["units"].get(place, {}).items())


def passable(s: st.State, power: str, space: str) -> bool:
    return st.friendly(s, power, space) and space not in s["unrest"]


def destinations(s: st.State, power: str, capital: str) -> dict[str, bool]:
    """Every space the capital's formation may reach: destination -> True when only by sea."""
    data = load()
    free = prepared(s, power)               # #102 Spring Preparations: passes, any fleet, no 5-unit limit
    by_land = {capital}
    frontier = [capital]
    while frontier:
        here = frontier.pop()
        for nxt in data.adjacent(here, passes=free):
            if nxt not in by_land and passable(s, power, nxt):
                by_land.add(nxt)
                frontier.append(nxt)
    by_sea: set[str] = set()
    for port in [sp for sp in by_land if data.space(sp).ports]:
        for zone in data.space(port).ports:
            if sea_blocked(s, power, zone) and not free:
                continue
            for landing in data.sea_zone(zone).ports:
                if landing not in by_land and passable(s, power, landing):
                    by_sea.add(landing)
    frontier = list(by_sea)
    while frontier:                       # onwards by land from the landing port
        here = frontier.pop()
        for nxt in data.adjacent(here, passes=free):
            if nxt not in by_land and nxt not in by_sea and passable(s, power, nxt):
                by_sea.add(nxt)
                frontier.append(nxt)
    out = {sp: False for sp in by_land if sp != capital}
    out.update({sp: True for sp in by_sea})
    return out


def capitals_with_forces(s: st.State, power: str) -> list[str]:
    return [c for c in load().power(power).capitals if st.controller(s, c) == power and c not in s["sieges"]
            and (st.land_units_at(s, c, power) or fx.army_leaders_at(s, c, power))]


def spring_deployment(g: Game) -> None:
    s = g.state
    if "next" not in g.local:
        s["phase"] = "spring deployment"
        record.clear(s)
        g.log(f"Turn {s['turn']}: Spring Deployment.", kind="heading")
        g.local["next"] = 0
        from .events_spring import window_roles
        if window_roles(s):                 # 6.1: Venetian Informant / Spring Preparations before any deployment
            g.again()
            g.call("spring_cards", roles=window_roles(s))
            return
    while g.local["next"] < len(MAJORS):
        power = MAJORS[g.local["next"]]
        g.local["next"] += 1
        if power != "protestant" and capitals_with_forces(s, power):
            g.again()
            g.call("deploy", role=power)
            return


FLOW.procedure("spring_deployment", spring_deployment)


@FLOW.decision("deploy")
class Deploy(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: Spring Deployment — move one formation from your capital, or skip."

    def actions(self, g, role):
        s = g.state
        for capital in capitals_with_forces(s, role):
            for dest, sea in sorted(destinations(s, role, capital).items()):
                if fx.may_enter(s, role, dest) is None and not fx.enemy_land_powers(s, dest, role):
                    note = " (by sea, at most 5 units)" if sea else ""
                    yield act("deploy", capital, dest, group="Deploy",
                              label=f"From {space_name(capital)} to {space_name(dest)}{note}")
        yield act("skip", label="No spring deployment")

    def on_deploy(self, g, role, capital, dest):
        sea = destinations(g.state, role, capital)[dest]
        g.state["move"] = {"power": role, "origin": capital, "dest": dest, "cost": 0, "units": {}, "leaders": [],
                           "intercepted_by": None, "tried": [],
                           "limit": SEA_LIMIT if sea and not prepared(g.state, role) else None}
        g.goto("spring_move")

    def on_skip(self, g, role):
        g.end()

    def default(self, g, role):
        return "skip"


def choose(g: Game) -> None:
    g.call("formation", role=g.state["move"]["power"])


def arrive(g: Game) -> None:
    s, m = g.state, g.state["move"]
    if g.returned == "go":
        fx.move_pieces(s, m["power"], m["origin"], m["dest"], m["units"], m["leaders"])
        record.note_move(s, m)
        g.log(f"{power_name(m['power'])} deploys {Formation.describe(m)} from {space_name(m['origin'])} to "
              f"{space_name(m['dest'])}.")
    s["move"] = None


FLOW.procedure("spring_move", choose, arrive)

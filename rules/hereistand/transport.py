"""Here I Stand: naval transport (16.3) — a land move by sea through zones holding the mover's squadrons.

The whole voyage is chosen at once (the landing port), which is the same as stepping zone by zone: nothing
can stop a transport at sea until the Foul Weather event exists, and naval interception never applies.
Each step costs 1 CP (port → sea, sea → sea, sea → port), at least 2 CP in all; at most 5 land units (and
any leaders). The landing is an ordinary land move (`move_land` with `by_sea`): interception, avoid battle,
withdrawal and field battle follow, and a transported formation that loses that battle is destroyed
(16.3 step 4, in `battle.retreats`).
"""

from __future__ import annotations

from collections import deque

from rules.core.flow import Game

from . import fleets as nv
from . import forces as fx
from . import state as st
from .data import load
from .movement import locked

LIMIT = 5          # 16.3 step 1
MIN_CP = 2


def carrying_zones(s: st.State, power: str) -> set[str]:
    return {z for z in load().sea_zones if nv.squadrons(nv.pieces(s, z, power))}


def landings(s: st.State, power: str, origin: str) -> dict[str, int]:
    """Landing port → CP needed from `origin` (zones chained through the power's squadrons at sea)."""
    data, zones = load(), carrying_zones(s, power)
    steps = {z: 1 for z in data.space(origin).ports if z in zones}
    queue = deque(steps)
    while queue:
        here = queue.popleft()
        for nxt in data.sea_zone(here).adjacent:
            if nxt in zones and nxt not in steps:
                steps[nxt] = steps[here] + 1
                queue.append(nxt)
    out: dict[str, int] = {}
    for zone, n in steps.items():
        for port in data.sea_zone(zone).ports:
            if port == origin or nv.enemy_naval_at(s, power, port) or fx.may_enter(s, power, port) is not None:
                continue                                            # 16.3 step 3 (a), (b)
            out[port] = min(out.get(port, 99), n + 1)
    return out


def transport_options(s: st.State, power: str, cp: int) -> list[tuple[str, str, int]]:
    if cp < MIN_CP:
        return []
    data = load()
    origins = {sp for sp in s["units"] if sp in data.spaces and data.space(sp).is_port
               and st.land_units_at(s, sp, power)}
    out = []
    for origin in sorted(origins):
        if locked(s, power, origin):                                # besieged units cannot sail
            continue
        for dest, cost in sorted(landings(s, power, origin).items()):
            if cost <= cp:
                out.append((origin, dest, cost))
    return out


def start_transport(g: Game, power: str, origin: str, dest: str) -> None:
    cost = landings(g.state, power, origin)[dest]
    g.state["move"] = {"power": power, "origin": origin, "dest": dest, "cost": cost, "units": {},
                       "leaders": [], "intercepted_by": None, "tried": [], "limit": LIMIT, "by_sea": True}
    g.call("move_land")

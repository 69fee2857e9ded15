"""Here I Stand: naval pieces and where they may be — pure helpers over the state (rule 16, 5.3, 9.2).

Naval units are kept like land units, `units[location][owner][kind]`, where a location is a port space or a
sea zone (their ids never clash). Kinds: `squadron`, `corsair` (Ottoman only) and `loan-<lender>`, a
squadron lent to `owner` for the turn (9.2 effect 2: the borrower commands it as its own until Winter).
A **side** is a major power with the minor powers allied to it (22: their units act as its own); an
inactive minor is a side of its own. Naval leaders stand in a location, or in `"box"`: the next turn's box
of the turn track (16.2 step 10), from which they return at the next Card Draw (8.2).

`state["naval"]` (public) holds the next-turn box (`box`: owner → squadrons and corsairs lost this turn),
the sea zones pirated this turn (`pirated`, 16.4), stacks that lost a naval battle this impulse (`locks`,
16.1 restriction 4) and the naval move being resolved (`move`).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from . import state as st
from .data import MAJORS, load

State = st.State
BOX = "box"
ATLANTIC = "atlantic"
NO_ATLANTIC = ("genoa", "venice", "andrea-doria")          # 16.1 restriction 5


def naval(s: State) -> dict:
    """The naval bookkeeping, created on first use (older states have none)."""
    return s.setdefault("naval", {"box": {}, "pirated": [], "locks": [], "move": None})


def is_naval(kind: str) -> bool:
    return kind in st.NAVAL_TYPES or kind.startswith("loan-")


def is_sea(location: str) -> bool:
    return location in load().sea_zones


def location_name(location: str) -> str:
    data = load()
    return data.sea_zone(location).name if is_sea(location) else data.space(location).name


def side_of(s: State, owner: str) -> str:
    """The power commanding `owner`'s pieces: a minor's major ally, else the owner itself."""
    return s["minor_allies"].get(owner) or owner


def leader_side(s: State, leader: str) -> str:
    """The side commanding a naval leader: its borrower's while lent (9.1 clause 3), else its power's."""
    return side_of(s, naval(s).get("leader_loans", {}).get(leader) or load().leader(leader).power)


def lender(kind: str) -> str | None:
    return kind[5:] if kind.startswith("loan-") else None


def pieces(s: State, location: str, side: str) -> dict[tuple[str, str], int]:
    """(owner, kind) → count of the naval units of `side` in `location`."""
    out = {}
    for owner, kinds in s["units"].get(location, {}).items():
        if side_of(s, owner) != side:
            continue
        for kind, n in kinds.items():
            if is_naval(kind) and n > 0:
                out[(owner, kind)] = n
    return out


def squadrons(found: dict[tuple[str, str], int]) -> int:
    return sum(n for (_, kind), n in found.items() if kind != "corsair")


def corsairs(found: dict[tuple[str, str], int]) -> int:
    return sum(n for (_, kind), n in found.items() if kind == "corsair")


def naval_sides(s: State, location: str) -> list[str]:
    """Sides with naval units in `location`, majors in impulse order first."""
    sides = {side_of(s, owner) for owner, kinds in s["units"].get(location, {}).items()
             if any(is_naval(k) for k in kinds)}
    return [p for p in MAJORS if p in sides] + sorted(p for p in sides if p not in MAJORS)


def at_war(s: State, a: str, b: str) -> bool:
    return a != b and st.enemies(s, a, b)


def naval_leaders(s: State, location: str, side: str) -> list[str]:
    data = load()
    return sorted(l for l, where in s["leaders"].items() if where == location and data.leader(l).kind == "naval"
                  and leader_side(s, l) == side)


def best_naval(leaders: list[str]) -> int:
    return max((load().leader(l).battle for l in leaders), default=0)


def dice_words(s: State, location: str, side: str, in_port: bool = False, extras: list[str] = (),
               card_dice: int = 0) -> str:
    """Where a fleet's dice come from, each part by name (16.2): "5 dice (2 per squadron: 4 + 1 per
    corsair: 1), hits on 5 or 6"."""
    found = pieces(s, location, side)
    parts = [f"2 per squadron: {2 * squadrons(found)}"] if squadrons(found) else []
    parts += [f"1 per corsair: {corsairs(found)}"] if corsairs(found) else []
    leaders = naval_leaders(s, location, side)
    best = max(leaders, key=lambda l: load().leader(l).battle, default=None)
    if best is not None and load().leader(best).battle:
        parts.append(f"{load().leader(best).battle} {load().leader(best).name}'s battle rating")
    if in_port:
        parts.append("1 as defender in port")
    parts += extras                                   # the combat cards' dice, by name
    n = dice(s, location, side) + (1 if in_port else 0) + card_dice
    return f"{n} {'die' if n == 1 else 'dice'} ({' + '.join(parts)}), hits on 5 or 6"


def dice(s: State, location: str, side: str) -> int:
    """16.2 steps 1–2: 1 per corsair, 2 per squadron, + the best naval leader's battle rating."""
    found = pieces(s, location, side)
    return corsairs(found) + 2 * squadrons(found) + best_naval(naval_leaders(s, location, side))


# ---- geography ---------------------------------------------------------------------------------------------
@cache
def ports() -> tuple[str, ...]:
    return tuple(sorted(p for p, sp in load().spaces.items() if sp.ports))


def neighbours(location: str) -> tuple[str, ...]:
    """One naval step: a port to its sea zones; a sea zone to the adjacent zones and its ports (2.5: the three
    unjoined pairs are crossed only through their port, which is two steps)."""
    data = load()
    if is_sea(location):
        zone = data.sea_zone(location)
        return tuple(zone.adjacent) + tuple(zone.ports)
    return tuple(data.space(location).ports)


def own_port(s: State, side: str, port: str) -> bool:
    """A port controlled by the side (the major or one of its allied minors)."""
    owner = st.controller(s, port)
    return owner is not None and side_of(s, owner) == side


def enemy_naval_at(s: State, side: str, location: str) -> bool:
    return any(at_war(s, side, other) for other in naval_sides(s, location) if other != side)


def may_enter(s: State, side: str, owner: str, location: str) -> bool:
    """16.1 restrictions 2 and 5: a port of another power only to attack enemy naval units in it (allied ports
    too); Genoa, Venice and Andrea Doria never in the Atlantic."""
    if location == ATLANTIC and owner in NO_ATLANTIC:
        return False
    if is_sea(location):
        return True
    return own_port(s, side, location) or enemy_naval_at(s, side, location)


def distances(start: str) -> dict[str, int]:
    """Naval steps from `start` over ports and sea zones (9.2, 19.3: a sea zone counts as one space)."""
    best, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if nxt not in best:
                best[nxt] = best[here] + 1
                queue.append(nxt)
    return best


def nearest_ports(s: State, side: str, start: str, *, through_ports: bool = True) -> list[str]:
    """The side's nearest controlled ports from `start` (ties sorted by id). Without `through_ports` the path
    may not pass through another port (9.2: a loan's path, e.g. not through Gibraltar)."""
    if not through_ports:
        best, queue = {start: 0}, deque([start])
        while queue:
            here = queue.popleft()
            if here != start and not is_sea(here):
                continue
            for nxt in neighbours(here):
                if nxt not in best:
                    best[nxt] = best[here] + 1
                    queue.append(nxt)
    else:
        best = distances(start)
    ports = [p for p in best if not is_sea(p) and own_port(s, side, p)]
    if not ports:
        return []
    near = min(best[p] for p in ports)
    return sorted(p for p in ports if best[p] == near)


# ---- moving and losing pieces --------------------------------------------------------------------------------
def shift(s: State, owner: str, kind: str, origin: str, dest: str, n: int = 1) -> None:
    st.add_units(s, origin, owner, kind, -n)
    st.add_units(s, dest, owner, kind, n)


def shift_side(s: State, side: str, origin: str, dest: str) -> None:
    """Every naval unit and naval leader of the side in `origin` goes to `dest`."""
    for (owner, kind), n in pieces(s, origin, side).items():
        shift(s, owner, kind, origin, dest, n)
    for leader in naval_leaders(s, origin, side):
        s["leaders"][leader] = dest


def to_box(s: State, owner: str, kind: str, location: str, n: int = 1) -> None:
    """16.2 step 10 / 15.1 step 10: a lost squadron (a loaned one is its lender's) waits in the next turn's
    box; no source gives the counter mix, so the box only records it (DECISIONS.md 300s)."""
    st.add_units(s, location, owner, kind, -n)
    real_owner, real_kind = (lender(kind), "squadron") if lender(kind) else (owner, kind)
    box = naval(s)["box"].setdefault(real_owner, {})
    box[real_kind] = box.get(real_kind, 0) + n


def strand_leaders(s: State, location: str) -> list[str]:
    """Naval leaders left with no naval unit of their side go to the next turn's box (16.2 step 10)."""
    data, gone = load(), []
    for leader, where in sorted(s["leaders"].items()):
        if where == location and data.leader(leader).kind == "naval" and \
                not pieces(s, location, leader_side(s, leader)):
            s["leaders"][leader] = BOX
            gone.append(leader)
    return gone

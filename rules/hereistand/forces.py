"""Here I Stand: stacks of land units and army leaders — formations (5.1), who may enter where (13.1),
and moving pieces between spaces. Pure helpers over the state; the procedures are in `movement.py` and
`battle.py`."""

from __future__ import annotations

from . import state as st
from .data import MAJORS, load

State = st.State


def leader_power(leader: str, s: State | None = None) -> str:
    """A leader's power; the renegade (#70) and a leader who changed sides (#60) are read from the state."""
    if s is not None and leader in s.get("leader_sides", {}):
        return s["leader_sides"][leader]
    return load().leader(leader).power


def army_leaders_at(s: State, space: str, power: str) -> list[str]:
    data = load()
    return sorted(l for l, where in s["leaders"].items()
                  if where == space and data.leader(l).kind == "army" and leader_power(l, s) == power)


def formation_limit(leaders: list[str]) -> int:
    """5.1: 4 units without a leader; one leader's command rating; the two best ratings summed."""
    ratings = sorted((load().leader(l).command or 0 for l in leaders), reverse=True)
    if not ratings:
        return 4
    return sum(ratings[:2])


def best_battle(leaders: list[str]) -> int:
    return max((load().leader(l).battle for l in leaders), default=0)


def dice_words(dice: int, units: str, leaders: list[str], defender: bool = False, extras: list[str] = ()) -> str:
    """Where a side's dice come from, each part by name: "7 dice (5 units + 1 Ferdinand's battle rating
    + 1 as defender), hits on 5 or 6"."""
    best = max(leaders, key=lambda l: load().leader(l).battle, default=None)
    parts = [units]
    if best is not None and load().leader(best).battle:
        parts.append(f"{load().leader(best).battle} {load().leader(best).name}'s battle rating")
    if defender:
        parts.append("1 as defender")
    parts += extras                                   # the combat cards' dice, by name
    return f"{dice} {'die' if dice == 1 else 'dice'} ({' + '.join(parts)}), hits on 5 or 6"


def land_of(kinds: dict[str, int]) -> dict[str, int]:
    return {t: n for t, n in kinds.items() if t in st.LAND_TYPES and n > 0}


def powers_with_land_units(s: State, space: str) -> list[str]:
    return [p for p, kinds in s["units"].get(space, {}).items() if land_of(kinds)]


def hostile(s: State, mover: str, other: str) -> bool:
    """Enemies on the battlefield: at war (directly or through allied minors), or independent units (which
    anyone may attack without a declaration, 9.6)."""
    return other == "independent" or st.enemies(s, mover, other)


def hostile_here(s: State, mover: str, other: str, space: str) -> bool:
    """13.1 restriction 3 (d): an enemy's ally's units in a space that enemy controls count as enemy."""
    if hostile(s, mover, other):
        return True
    owner = st.controller(s, space)
    return owner not in (None, mover, other) and st.allied(s, other, owner) and st.enemies(s, mover, owner)


def enemy_land_powers(s: State, space: str, mover: str) -> list[str]:
    return [p for p in powers_with_land_units(s, space) if p != mover and hostile_here(s, mover, p, space)]


def may_enter(s: State, mover: str, space: str, *, leaders_only: bool = False) -> str | None:
    """13.1 restrictions 2, 3 and 6: why `mover` may not enter `space` (None when it may)."""
    owner = st.controller(s, space)
    if owner is None:
        return "it is out of play"
    if not s["league_formed"] and space in load().electorates:
        return "no land units may enter an electorate before the Schmalkaldic League (rule 21.6)"
    if owner not in (mover, "independent") and not (st.enemies(s, mover, owner) or st.allied(s, mover, owner)):
        return f"it is controlled by {load().power(owner).name}, neither an enemy nor an ally"
    for other in powers_with_land_units(s, space):
        if other == mover or st.allied(s, mover, other) or hostile_here(s, mover, other, space):
            continue
        return f"{load().power(other).name} has units there and is neither an enemy nor an ally"
    if leaders_only and (enemy_land_powers(s, space, mover) or (owner != mover and st.enemies(s, mover, owner))):
        return "leaders alone may not enter enemy spaces"
    return None


def move_pieces(s: State, power: str, origin: str, dest: str, units: dict[str, int], leaders: list[str]) -> None:
    for kind, n in units.items():
        st.add_units(s, origin, power, kind, -n)
        st.add_units(s, dest, power, kind, n)
    for leader in leaders:
        s["leaders"][leader] = dest


def take_formation(s: State, power: str, space: str, order: tuple[str, ...] = ("cavalry", "regular", "mercenary")
                   ) -> tuple[dict[str, int], list[str]]:
    """The largest formation of `power` in `space` (its leaders, then units up to their limit in `order`:
    cavalry first to intercept, foot first to assault) — DECISIONS.md 13.2, 15.1."""
    leaders = army_leaders_at(s, space, power)
    room = formation_limit(leaders)
    units: dict[str, int] = {}
    for kind in order:
        n = min(st.units_at(s, space, power).get(kind, 0), room)
        if n:
            units[kind] = n
            room -= n
    return units, leaders


def capture_lone_leaders(g, space: str, captor: str) -> None:
    """13.1 restriction 6: enemy leaders alone in an unfortified space an enemy enters are captured."""
    s = g.state
    if st.fortified(s, space):
        return
    for power in MAJORS:
        if power == captor or not st.enemies(s, captor, power) or st.land_units_at(s, space, power):
            continue
        for leader in army_leaders_at(s, space, power):
            capture(g, leader, captor)


def capture(g, leader: str, captor: str) -> None:
    g.state["leaders"][leader] = f"captured:{captor}"
    g.log(f"{load().leader(leader).name} is captured by {load().power(captor).name}.")

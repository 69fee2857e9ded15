"""Here I Stand: an active minor's land units in its patron's formations (22.3 ①: the patron uses them as
its own when moving, fighting, retreating, avoiding battle and besieging).

A move's `allies` maps each of the mover's active minors to the units of that minor in the formation
(`units` holds the mover's own). A siege laid by a mixed formation is the patron's (`besieger`), and stands
while any unit of the patron's side is left besieging.
"""

from __future__ import annotations

from . import forces as fx
from . import state as st


def minors_of(s: st.State, patron: str) -> list[str]:
    return sorted(m for m, ally in s["minor_allies"].items() if ally == patron)


def side_land_units(s: st.State, space: str, power: str) -> int:
    """A power's land units in a space together with its active minors' (22.3 ①)."""
    return st.land_units_at(s, space, power) + sum(st.land_units_at(s, space, m) for m in minors_of(s, power))


def ally_count(m: dict) -> int:
    return sum(n for units in m.get("allies", {}).values() for n in units.values())


def formation_size(m: dict) -> int:
    return sum(m["units"].values()) + ally_count(m)


def move_allies(s: st.State, m: dict, origin: str, dest: str) -> None:
    for minor, units in m.get("allies", {}).items():
        fx.move_pieces(s, minor, origin, dest, units, [])


def lose_allies(s: st.State, m: dict, space: str) -> None:
    for minor, units in m.get("allies", {}).items():
        for kind, n in units.items():
            st.add_units(s, space, minor, kind, -n)


def attacking_powers(s: st.State, space: str, attacker: str) -> list[str]:
    """The attacker with its active minors' units in the space (not those besieged inside)."""
    inside = s["sieges"].get(space, {}).get("inside", [])
    return [attacker] + [m for m in minors_of(s, attacker) if m not in inside and st.land_units_at(s, space, m)]


def describe(m: dict) -> list[str]:
    from .data import load
    return [f"{n} {load().power(minor).name} {kind}{'s' if n > 1 else ''}"
            for minor, units in sorted(m.get("allies", {}).items()) for kind, n in sorted(units.items())]


def siege_abandoned(s: st.State, space: str, power: str) -> bool:
    """`power` (or its patron) besieges `space` and no unit of the besieging side is left there."""
    siege = s["sieges"].get(space)
    return bool(siege) and siege["besieger"] in (power, s["minor_allies"].get(power)) \
        and not side_land_units(s, space, siege["besieger"])

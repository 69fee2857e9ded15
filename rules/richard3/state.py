"""Queries on a Richard III state shared by every phase: who is where, who is King, area status."""

from __future__ import annotations

from .data import AREAS, BLOCKS, BORDER_LIMIT, CITY_AREAS, EXILE_OF, EXILES, HEIRS, NEVILLES, YORK_SHIELDS

OFF_MAP = ("pool", "minor", "off", "dead")


def other(side: str) -> str:
    return "lancaster" if side == "york" else "york"


def pretender_side(state) -> str:
    return other(state["king_side"])


def side_of(state, bid: str) -> str:
    side = BLOCKS[bid]["side"]
    return pretender_side(state) if side == "rebel" else side


def loc(state, bid: str) -> str:
    return state["blocks"][bid]["loc"]


def on_board(state, bid: str) -> bool:
    """On a land or exile area and free (a captive King is on the board but takes no part)."""
    return state["blocks"][bid]["loc"] in AREAS and bid != state.get("captive")


def occupancy(state) -> dict[str, dict[str, list[str]]]:
    """area -> side -> block ids, for every area holding at least one free block."""
    occ: dict[str, dict[str, list[str]]] = {}
    captive = state.get("captive")
    pret = pretender_side(state)
    for bid, b in state["blocks"].items():
        where = b["loc"]
        if where in _MAP_AREAS and bid != captive:
            side = _PRINTED_SIDE[bid]
            if side == "rebel":
                side = pret
            entry = occ.get(where)
            if entry is None:
                entry = occ[where] = {"york": [], "lancaster": []}
            entry[side].append(bid)
    return occ


_MAP_AREAS = frozenset(AREAS)
_PRINTED_SIDE = {bid: info["side"] for bid, info in BLOCKS.items()}


def blocks_at(occ, area: str, side: str) -> list[str]:
    entry = occ.get(area)
    return entry[side] if entry else []


def is_enemy(occ, area: str, side: str) -> bool:
    return bool(blocks_at(occ, area, other(side)))


def is_friendly_or_vacant(occ, area: str, side: str) -> bool:
    return not blocks_at(occ, area, other(side))


def is_vacant(occ, area: str) -> bool:
    entry = occ.get(area)
    return not entry or (not entry["york"] and not entry["lancaster"])


def contested_areas(occ) -> list[str]:
    return sorted(a for a, e in occ.items() if e["york"] and e["lancaster"])


def heir_alive(state, bid: str) -> bool:
    return state["blocks"][bid]["loc"] not in ("dead", "off")


def living_heirs(state, side: str) -> list[str]:
    """The side's heirs with a claim, senior first (a defected Clarence/Exeter has none, 9.1)."""
    return [h for h in HEIRS[side] if heir_alive(state, h)]


def senior_heir(state, side: str, exclude_captive: bool = True) -> str | None:
    for h in living_heirs(state, side):
        if exclude_captive and h == state.get("captive"):
            continue
        return h
    return None


def is_heir(bid: str) -> bool:
    return BLOCKS[bid]["type"] == "heir"


def royal_seat_usable(state, heir: str, area: str) -> tuple[bool, bool]:
    """(usable, personal): may this heir use a shield in ``area``, and is it his own specific shield (2.2)?"""
    info = BLOCKS[heir]
    if info.get("own_seat") == area:
        return True, True
    side = info["side"]
    if side == "york":
        return (area in YORK_SHIELDS), False
    if area in ("lancaster", "lincoln"):
        return True, False
    # another Lancaster heir's specific shield opens once its owner is dead
    for h in HEIRS["lancaster"]:
        if BLOCKS[h].get("own_seat") == area and state["blocks"][h]["loc"] == "dead":
            return True, False
    return False, False


def noble_seats(state, bid: str) -> list[str]:
    """Seats of a noble, adding a dead fellow Neville's shields (8.3 note)."""
    info = BLOCKS[bid]
    seats = list(info.get("seats", []))
    if info.get("neville"):
        for n in NEVILLES[info["side"]]:
            if n != bid and state["blocks"][n]["loc"] == "dead":
                for s in BLOCKS[n].get("seats", []):
                    if s not in seats and s != "calais":
                        seats.append(s)
    return seats


def supply_limit(area: str) -> int:
    if area in EXILES:
        return 4 if area in ("calais", "france") else 2
    return 5 if area in CITY_AREAS else 4


def counts_for_limit(bid: str, area: str) -> bool:
    """The local mercenary does not count toward its exile's limit (7.2)."""
    return not (area in EXILES and BLOCKS[bid].get("home") == area and BLOCKS[bid]["type"] == "mercenary")


def may_enter(side: str, area: str) -> bool:
    """No block may enter an enemy exile (2.7)."""
    return not (area in EXILES and EXILE_OF[area] != side)


def border_limit(colour: str, bonus: int = 0) -> int:
    return BORDER_LIMIT[colour] + bonus


def heirs_gone(state, side: str) -> bool:
    """Every heir of ``side`` eliminated or defected (9.0, 9.1)."""
    return not living_heirs(state, side)


def block_name(bid: str) -> str:
    return BLOCKS[bid]["name"]


def rating(state, bid: str) -> str:
    info = BLOCKS[bid]
    return f"{info['letter']}{info['fire']}"

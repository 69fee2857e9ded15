"""Questions about a position: where blocks are, who controls a shire (RB 7.2.8), seats (7.2.3–7.2.6),
heirs (10.3.2), command (8.3.1) and the tie-breaker (10.5.1). Pure functions of the state."""

from __future__ import annotations

from typing import Any, Iterable

from rules.crownofroses.data import load
from rules.crownofroses.model import HOUSE_OF_COLOUR

State = dict[str, Any]
COLOUR_OF_HOUSE = {h: c for c, h in HOUSE_OF_COLOUR.items()}


_DATA: list = []


def data():
    """The package's component data (loaded once; data.clear_cache() plus reset_data() after an edit)."""
    if not _DATA:
        _DATA.append(load())
    return _DATA[0]


def reset_data() -> None:
    _DATA.clear()


def name(block: str) -> str:
    return data().block(block).name


def house_name(house: str | None) -> str:
    return data().components.houses[house].name if house else "nobody"


def place_name(at: str) -> str:
    if at.startswith("exile/"):
        return data().board.exile_boxes[at[6:]].name + " (exile)"
    return data().shire(at).name


# ---- blocks -------------------------------------------------------------------------------------
def blocks_at(state: State, at: str, house: str | None = None) -> list[str]:
    return sorted(b for b, s in state["blocks"].items()
                  if s["status"] == "map" and s["at"] == at and (house is None or s["house"] == house))


def houses_at(state: State, at: str) -> set[str]:
    return {s["house"] for s in state["blocks"].values() if s["status"] == "map" and s["at"] == at}


def blocks_of(state: State, house: str, status: str | None = "map") -> list[str]:
    return sorted(b for b, s in state["blocks"].items()
                  if s["house"] == house and (status is None or s["status"] == status))


def attached_to(state: State, host: str) -> list[str]:
    return sorted(b for b, s in state["blocks"].items() if s["host"] == host and s["status"] in ("map", "attending"))


def is_noble(block: str) -> bool:
    return data().block(block).kind in ("noble", "heir")


def in_exile(state: State, block: str) -> bool:
    s = state["blocks"][block]
    return s["status"] == "map" and s["at"].startswith("exile/")


# ---- shires -------------------------------------------------------------------------------------
def partners(state: State, a: str | None, b: str | None) -> bool:
    """PB 1.5: the same house, or two houses of one team."""
    return a == b or any(a in team and b in team for team in state.get("teams", ()))


def enemy_houses_at(state: State, at: str, house: str) -> set[str]:
    """Houses with blocks at ``at`` that are enemies of ``house`` (partners are friends, PB 1.5)."""
    return {h for h in houses_at(state, at) if not partners(state, h, house)}


def one_side(state: State, houses: Iterable[str]) -> bool:
    houses = list(houses)
    return all(partners(state, houses[0], h) for h in houses[1:])


def controller(state: State, shire: str) -> str | None:
    """RB 7.2.8: the only house with blocks there, else (no blocks) the house of the shire's loyalty;
    PB 1.5: partners alone in a shire: the one with more blocks (ties: the tie-breaker, then seat order)."""
    return _controller(state, shire, houses_at(state, shire))


def controllers(state: State, present: dict[str, Any] | None = None) -> dict[str, str | None]:
    """The controller of every shire, from one pass over the blocks (a view shows them all). ``present``:
    the houses with blocks on the map in each shire (a mapping whose keys are those houses, such as a
    view's block counts), when the caller has them."""
    if present is None:
        present = {}
        for s in state["blocks"].values():
            if s["status"] == "map":
                here = present.get(s["at"])
                if here is None:
                    present[s["at"]] = {s["house"]}
                else:
                    here.add(s["house"])
    loyal = _loyal_houses()
    houses, rebels = state["houses"], state.get("rebels", {})
    out = {}
    for shire, house in loyal.items():
        here = present.get(shire)
        if here is not None and len(here) == 1:   # the only house there (as _controller says)
            out[shire] = next(iter(here))
        elif here is not None or shire in rebels or shire == "calais":
            out[shire] = _controller(state, shire, set(here or ()))
        else:                                  # empty, no uprising, a fixed loyalty (as _controller says)
            out[shire] = house if house in houses else None
    return out


def _loyal_houses() -> dict[str, str | None]:
    """Every shire's printed loyalty, in shire order (computed once)."""
    if not _LOYAL:
        _LOYAL.update((shire, data().shire(shire).loyal_house) for shire in sorted(data().board.shires))
    return _LOYAL


_LOYAL: dict[str, str | None] = {}


def _controller(state: State, shire: str, present: set[str]) -> str | None:
    if len(present) == 1:
        return next(iter(present))
    if present and one_side(state, present):
        count = {h: len(blocks_at(state, shire, h)) for h in present}
        first = tiebreaker(state)
        return max(sorted(present, key=state["houses"].index), key=lambda h: (count[h], h == first))
    if present:
        return None
    if shire in state.get("rebels", {}):          # RB 14.2.1 #6: an unanswered Planned Uprising
        return state["rebels"][shire]
    loyal = loyalty(state, shire)
    return loyal if loyal in state["houses"] else None


def loyalty(state: State, shire: str) -> str | None:
    """The house a shire is loyal to; card #12 in play makes Calais loyal to its owner."""
    if shire == "calais":
        owner = next((z[5:] for z, held in state.get("zones", {}).items()
                      if z.startswith("play:") and "op12" in held), None)
        if owner:
            return owner
    return data().shire(shire).loyal_house


def contested(state: State, shire: str) -> bool:
    present = houses_at(state, shire)
    return len(present) > 1 and not one_side(state, present)


def friendly(state: State, shire: str, house: str) -> bool:
    """Controlled by the house, or by its partner (PB 1.5)."""
    found = controller(state, shire)
    return found is not None and partners(state, found, house)


def stacking_limit(shire: str) -> int:
    return data().shire(shire).sv + 1      # RB 7.2.9


def loyal_to(shire: str, house: str, state: State | None = None) -> bool:
    if state is not None:
        return loyalty(state, shire) == house
    return data().shire(shire).loyal_house == house


# ---- heirs (RB 10.3.2) --------------------------------------------------------------------------
def heir_blocks(state: State, house: str) -> list[str]:
    """The house's active heirs (heir cards in play), most senior first."""
    d = data()
    cards = sorted(state["heir_cards"].get(house, []), key=lambda c: d.block(d.house_card(c).block).heir.succession)
    return [d.house_card(c).block for c in cards if state["blocks"][d.house_card(c).block]["status"] != "out"]


def senior_heir(state: State, house: str) -> str | None:
    heirs = heir_blocks(state, house)
    return heirs[0] if heirs else None


def junior_heir(state: State, house: str) -> str | None:
    heirs = heir_blocks(state, house)
    return heirs[1] if len(heirs) > 1 else None


def is_heir(state: State, block: str) -> bool:
    """An active heir of a house in play: his heir card is in play and his block not Out of Play."""
    heir = data().block(block).heir
    if heir is None or state["blocks"][block]["status"] == "out":
        return False
    return any(heir.card in state["heir_cards"].get(h, ()) for h in state["houses"])


def heir_in_play(state: State, house: str) -> bool:
    """RB 13.3: an heir block on the map (exile included)."""
    return any(state["blocks"][b]["status"] == "map" for b in heir_blocks(state, house))


# ---- offices --------------------------------------------------------------------------------------
def offices_of(state: State, block: str) -> list[str]:
    return [o for o, holder in state["offices"].items() if holder == block]


def office_house(state: State, office: str) -> str | None:
    holder = state["offices"].get(office)
    return state["blocks"][holder]["house"] if holder else None


def king_house(state: State) -> str | None:
    return office_house(state, "king")


def office_ranked() -> list[str]:
    return sorted(data().parliament, key=lambda o: data().office(o).rank)


def tiebreaker(state: State) -> str | None:
    """RB 10.5.1: the King's controller, else the holder of the highest office; else the turn's decider
    fixed by IP income or a die (kept in ``state["tiebreaker"]`` until the end of the turn)."""
    for office in office_ranked():
        if office == "king" and state.get("no_king_tiebreak"):
            continue          # RB 24.2.3: the King's election ties are broken as if there were no King
        house = office_house(state, office)
        if house in state["houses"]:
            return house
    return state.get("tiebreaker")


# ---- seats (RB 7.2.3–7.2.6) -------------------------------------------------------------------------
def seat_reasons(state: State, block: str, house: str, shire: str) -> set[str]:
    """Why ``shire`` is a seat of ``block`` for ``house``: its shield, an office seat, the royal demesne."""
    d = data()
    b, s = d.block(block), d.shire(shire)
    reasons = set()
    for shield in seat_shields(state, block, house):
        if shield in s.seats:
            reasons.add(shield)
    for office in offices_of(state, block):
        if office in s.office_seats:
            reasons.add("office:" + office)
    if s.royal_demesne and king_house(state) == house and block in heir_blocks(state, house):
        reasons.add("demesne")
    return reasons


NEVILLES = ("salisbury", "warwick", "montague")
ROYAL_LANCASTER = ("henry_vi", "margaret")


def seat_shields(state: State, block: str, house: str) -> set[str]:
    """The shields whose seats the block may use: its own; with PB 1.4 (shared seats) also those of Henry VI
    and Margaret for their hosts, of the hosts for the Lancaster block (Edward), and of the other Nevilles
    (Salisbury, Warwick, Montague) controlled by the same house."""
    d = data()
    own = d.block(block).shield
    shields = {own} if own else set()
    if not state["options"].get("shared_seats"):
        return shields
    blocks = state["blocks"]
    riders = [r for r in ROYAL_LANCASTER if blocks[r]["host"] and blocks[r]["status"] in ("map", "attending")]
    if any(blocks[r]["host"] == block for r in riders):
        shields |= {d.block(r).shield for r in riders if blocks[r]["host"] == block}
    if block == "lancaster" or block in ROYAL_LANCASTER:
        shields |= {d.block(blocks[r]["host"]).shield for r in riders if d.block(blocks[r]["host"]).shield}
    if block in NEVILLES:
        shields |= {d.block(n).shield for n in NEVILLES if blocks[n]["house"] == house and blocks[n]["status"] != "out"}
    return shields


def winter_seats(state: State, block: str, house: str, host: str | None = None) -> list[str]:
    """RB 7.2.6 winter restriction: a shared seat in a shire held by an enemy noble with the same shield
    is barred unless another reason makes the shire a seat. Other shires holding enemy blocks may be
    used: the placed block is pinned and a battle follows (16.4, 20.1)."""
    d = data()
    king = king_house(state) == house
    heirs = heir_blocks(state, house) if king else []
    sources = [(seat_shields(state, b, house), offices_of(state, b), b in heirs) for b in (block, host) if b]
    found = []
    for shire in sorted(d.board.shires):          # the reasons of seat_reasons, for both blocks at once
        s = d.shire(shire)
        reasons = set()
        for shields, offices, demesne in sources:
            reasons |= {x for x in shields if x in s.seats}
            reasons |= {"office:" + o for o in offices if o in s.office_seats}
            if demesne and s.royal_demesne:
                reasons.add("demesne")
        if not reasons:
            continue
        enemy_shields = {d.block(e).shield for e in blocks_at(state, shire)
                         if not partners(state, state["blocks"][e]["house"], house)}
        reasons -= enemy_shields
        if reasons:
            found.append(shire)
    return found


# ---- command (RB 8.3.1) -------------------------------------------------------------------------------
def command_rating(state: State, block: str) -> int:
    cr = data().block(block).command_rating or 0
    if cr and any(data().block(a).host_cr_bonus for a in attached_to(state, block)):
        cr += 1
    if cr:                                         # Leadership (#72), alliance "assist with command"
        cr += sum(1 for m in state.get("modifiers", ()) if m["name"] == "cr_bonus" and m["block"] == block)
    return cr


def precedence(state: State, block: str) -> tuple[int, int, int]:
    """Higher is senior: the King outranks all, heirs outrank non-heirs, then printed rank."""
    king = state["offices"].get("king") == block
    heir = is_heir(state, block)
    succession = data().block(block).heir.succession if heir and data().block(block).heir else 99
    return (1 if king else 0, 1 if heir else 0, -succession if heir else (data().block(block).rank or 0))


def total_strength(state: State, blocks: Iterable[str]) -> int:
    return sum(state["blocks"][b]["strength"] for b in blocks)


# ---- lasting events that bar places (events.py) -------------------------------------------------------
def embassy_barred(state: State, house: str, place: str) -> bool:
    """RB 14.1.1: enemies of the envoy's house may not enter the Embassy shire this impulse."""
    return any(m["name"] == "embassy" and m["shire"] == place and m["house"] != house
               for m in state.get("modifiers", ()))


def embassy_envoys(state: State) -> list[str]:
    return [m["envoy"] for m in state.get("modifiers", ()) if m["name"] == "embassy"]

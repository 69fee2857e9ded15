"""Political turn (8.1-8.5): disband, usurpation, going home, reset and the new deal; end of game (9.0)."""

from __future__ import annotations

from rules.core import Action

from .data import AREAS, BLOCKS, CROWNS, DISPLAY, EXILES, ISLANDS, LAND, OWN_EXILES, YORK_SHIELDS, area_name
from .state import (blocks_at, counts_for_limit, is_enemy, is_friendly_or_vacant, noble_seats, occupancy, other,
                    pretender_side, royal_seat_usable, senior_heir, side_of, supply_limit)


def _name(bid):
    return DISPLAY[bid]


def votes(state):
    """8.2: nobles, churches and heirs on the map (not in exile, on the Isle of Man, in the pool or minors),
    +1 for whoever alone holds London. A captive Henry VI counts for Lancaster (Kingmaker)."""
    count = {"york": 0, "lancaster": 0}
    for bid, b in state["blocks"].items():
        where = b["loc"]
        if where not in AREAS or where in EXILES or where in ISLANDS:
            continue
        if BLOCKS[bid]["type"] in ("noble", "church", "heir"):
            count[side_of(state, bid)] += 1
    e = occupancy(state).get("middlesex")
    if e:
        for side in ("york", "lancaster"):
            if e[side] and not e[other(side)]:
                count[side] += 1
    return count


def start(engine, state, ctx):
    state["step"] = "political"
    ctx.log(f"Campaign {state['campaign']} ends: the Political Turn.")
    # 8.1 levies, bombards, the Welsh and the Rebel disband; mercenaries go home
    for bid, b in state["blocks"].items():
        info = BLOCKS[bid]
        kind = info["type"]
        if kind in ("levy", "bombard", "rebel") or bid == "l-welsh-mercenary":
            if b["loc"] in AREAS:
                b["loc"] = "pool"
        elif kind == "mercenary" and (b["loc"] in AREAS or b["loc"] == "pool"):
            b["loc"] = info["home"]
    # 8.2 needs a King: one who died in the last Supply Phase is succeeded now, not in the next campaign
    if state["king"] is None:
        from .supply import name_king
        name_king(state, ctx)
    # 8.2 usurpation
    count = votes(state)
    ctx.reveal()   # the count tells each side about the other's hidden blocks
    king, pret = state["king_side"], pretender_side(state)
    ctx.log(f"Usurpation count: {pret.title()} (Pretender) {count[pret]}, {king.title()} (King) {count[king]}.")
    if count[pret] > count[king]:
        state["king_side"] = pret
        state["king"] = senior_heir(state, pret)
        state["pretender"] = senior_heir(state, king)
        ctx.log(f"Usurpation! {pret.title()} takes the throne: {_name(state['king'])} is King.", kind="reveal")
    else:
        ctx.log("The usurpation fails; the King keeps his throne.")
    if state["campaign"] >= state["last_campaign"]:
        winner = state["king_side"]
        state["result"] = {"winners": [winner], "reason": f"{winner.title()} holds the throne after the last "
                                                          "campaign"}
        state["step"] = "over"
        state["final_key"] = f"c{state['campaign']}p"
        ctx.log(f"{winner.title()} holds the throne and wins the game.", kind="result")
        return
    state["political"] = {"pending": None, "stage": pretender_side(state), "done": []}
    proceed(engine, state, ctx)


def home_options(state, occ, bid, side):
    info = BLOCKS[bid]
    kind = info["type"]

    def fv(a):
        return is_friendly_or_vacant(occ, a, side)

    if kind == "heir":
        if side != state["king_side"]:
            return list(OWN_EXILES[side])
        opts = [a for a in LAND if a not in EXILES and royal_seat_usable(state, bid, a)[0] and fv(a)]
        return sorted(set(opts) | {a for a in CROWNS if fv(a)})
    if bid == "l-clarence":   # 9.1: a defected Clarence goes home only to a vacant York shield
        def vacant_but_him(a):
            e = occ.get(a)
            return not e or (not e["york"] and all(x == bid for x in e["lancaster"]))
        return [a for a in YORK_SHIELDS if vacant_but_him(a)]
    if kind == "church":
        return [info["home"]] if fv(info["home"]) else []
    if kind == "noble":
        opts = [a for a in noble_seats(state, bid) if fv(a) and (a not in EXILES or side == "york")]
        # 8.3 note: a Yorkist Kent or Salisbury whose own shields are all enemy-occupied may also go to
        # Calais (within its 7.2 limit), whether or not a dead fellow Neville's shield is free
        if side == "york" and info["name"] in ("Kent", "Salisbury") and "calais" not in opts \
                and all(is_enemy(occ, a, side) for a in info["seats"]):
            in_calais = [x for x in blocks_at(occ, "calais", "york") if counts_for_limit(x, "calais")]
            if len(in_calais) < 4:
                opts.append("calais")
        return opts
    return []


def _to_return(state, side):
    out = []
    for bid, b in state["blocks"].items():
        if b["loc"] in AREAS and b["loc"] not in EXILES and side_of(state, bid) == side \
                and BLOCKS[bid]["type"] in ("heir", "noble", "church") and bid != state.get("captive"):
            out.append(bid)
    return sorted(out, key=lambda x: (BLOCKS[x].get("rank", 9), x))


def _send(state, ctx, bid, dest):
    side = side_of(state, bid)
    state["blocks"][bid]["loc"] = dest
    if dest == "pool":
        ctx.log(f"{side.title()}: a block has no free home and goes to the pool.")
    ctx.log(f"{_name(bid)} goes to {area_name(dest) if dest != 'pool' else 'the pool'}.", to=[side])


def proceed(engine, state, ctx):
    pol = state["political"]
    pol["pending"] = None
    for stage in (pretender_side(state), state["king_side"]):
        for bid in _to_return(state, stage):
            if bid in pol["done"]:
                continue
            opts = home_options(state, occupancy(state), bid, stage)
            if len(opts) > 1:
                pol["pending"] = {"kind": "home", "side": stage, "block": bid, "options": opts}
                return
            pol["done"].append(bid)
            _send(state, ctx, bid, opts[0] if opts else "pool")
    # 7.2 / 8.5: blocks over an exile limit go to the pool
    occ = occupancy(state)
    for area in sorted(EXILES):
        for side in ("york", "lancaster"):
            counted = [b for b in blocks_at(occ, area, side) if counts_for_limit(b, area)]
            if len(counted) > supply_limit(area):
                pol["pending"] = {"kind": "disband", "side": side, "area": area}
                return
    # 8.5 reset
    for bid, b in state["blocks"].items():
        b["down"] = False
        if b["loc"] not in ("dead", "off", "minor"):
            b["str"] = BLOCKS[bid]["max"]
    state["political"] = None   # the Political Turn is over
    ctx.log("All blocks return to full strength; a new campaign begins.")


def legal(engine, state, role):
    p = state["political"]["pending"]
    if p["kind"] == "home":
        return [Action(f"home:{a}", f"{_name(p['block'])} to {area_name(a)}", "Going home") for a in p["options"]]
    occ = occupancy(state)
    cands = sorted(b for b in blocks_at(occ, p["area"], role) if counts_for_limit(b, p["area"]))
    return [Action(f"disband:{b}", f"Send {_name(b)} to the pool", "Exile limit") for b in cands]


def apply(engine, state, role, aid, ctx):
    pol = state["political"]
    p = pol["pending"]
    verb, _, arg = aid.partition(":")
    if p["kind"] == "home":
        pol["done"].append(p["block"])
        _send(state, ctx, p["block"], arg)
    else:
        state["blocks"][arg]["loc"] = "pool"
        ctx.log(f"{role.title()} sends a block from {area_name(p['area'])} to the pool (exile limit).")
    proceed(engine, state, ctx)

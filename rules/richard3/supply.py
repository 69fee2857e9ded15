"""Supply phase (7.0, with 6.81/6.82 succession and 9.1 executions at its start)."""

from __future__ import annotations

from rules.core import Action

from .data import BLOCKS, CROWNS, DEFECTED_HEIR_NOBLES, DISPLAY, OWN_EXILES, area_name
from .state import (blocks_at, counts_for_limit, is_friendly_or_vacant, occupancy, pretender_side, senior_heir,
                    side_of, supply_limit)


def _name(bid):
    return DISPLAY[bid]


def start(engine, state, ctx):
    state["step"] = "supply"
    # 6.81/6.82: only deaths before this phase are resolved now; a King or heir who dies during it (supply
    # loss, execution) is succeeded "at the start of the next Supply Phase"
    state["supply"] = {"pending": None, "asked": [], "excess": None, "hit": [],
                       "due_king": state["king"] is None, "due": dict(state["killed"])}
    proceed(engine, state, ctx)


def name_king(state, ctx):
    """6.81: Long live the King -- the senior surviving heir, wherever he is."""
    king = senior_heir(state, state["king_side"])
    state["king"] = king
    if king:
        where = state["blocks"][king]["loc"]
        place = area_name(where) if where not in ("minor", "pool") else (
            "waiting to enter play" if where == "minor" else "in the pool")
        ctx.log(f"Long live the King! {_name(king)} is the new King ({place}).", kind="reveal")
        ctx.reveal()


def _minor_options(state, side, occ):
    if side == state["king_side"]:
        return [a for a in CROWNS if is_friendly_or_vacant(occ, a, side)]
    return list(OWN_EXILES[side])


def _senior_minor(state, side):
    for h in sorted((b for b in BLOCKS if BLOCKS[b]["type"] == "heir" and BLOCKS[b]["side"] == side),
                    key=lambda b: BLOCKS[b]["rank"]):
        if state["blocks"][h]["loc"] == "minor":
            return h
    return None


def _enter_minor(engine, state, ctx, heir, area):
    side = BLOCKS[heir]["side"]
    state["blocks"][heir].update(loc=area, str=BLOCKS[heir]["max"], down=False)
    state["killed"][side] -= 1
    state["supply"]["due"][side] -= 1
    ctx.log(f"{_name(heir)} comes of age and enters play in {area_name(area)}.")
    ctx.reveal()
    engine.update_pretender(state)


def proceed(engine, state, ctx):
    """Resolve the supply phase in order until a player must decide something."""
    sup = state["supply"]
    sup["pending"] = None
    due = sup.setdefault("due", dict(state["killed"]))
    if sup.setdefault("due_king", state["king"] is None):   # the King died before this phase
        sup["due_king"] = False
        if state["king"] is None:
            name_king(state, ctx)
    order = [pretender_side(state), state["king_side"]]
    # 6.82: one minor heir enters for each heir killed before this phase
    for side in order:
        while due[side] > 0 and state["killed"][side] > 0:
            heir = _senior_minor(state, side)
            if heir is None:
                state["killed"][side] = due[side] = 0
                break
            opts = _minor_options(state, side, occupancy(state))
            if not opts:
                break   # no free crown area: try again next supply phase
            if len(opts) == 1:
                _enter_minor(engine, state, ctx, heir, opts[0])
                continue
            sup["pending"] = {"kind": "minor", "side": side, "block": heir, "options": opts}
            return
    # 9.1: a defected Clarence or Exeter may be executed (his successor enters next Supply Phase)
    for side in order:
        for nob in sorted(DEFECTED_HEIR_NOBLES):
            if side_of(state, nob) == side and state["blocks"][nob]["loc"] not in ("off", "dead", "minor") \
                    and nob not in sup["asked"]:
                sup["pending"] = {"kind": "execute", "side": side, "block": nob}
                return
    # 7.1/7.2: each block beyond the limit loses one step (N different blocks)
    occ = occupancy(state)
    if sup["excess"] is None:
        sup["excess"] = {}
        for area, e in occ.items():
            for side in order:
                counted = [b for b in e[side] if counts_for_limit(b, area)]
                over = len(counted) - supply_limit(area)
                if over > 0:
                    sup["excess"][area] = [side, over]
        state["supply_done"] = {a: v[1] for a, v in sup["excess"].items()}
    by_side = {}     # both players take their losses at the same time (1.4)
    for side in order:
        for area in sorted(sup["excess"]):
            owner, need = sup["excess"][area]
            if owner != side or need <= 0:
                continue
            cands = [b for b in blocks_at(occ, area, side) if counts_for_limit(b, area) and b not in sup["hit"]]
            if not cands:
                sup["excess"][area][1] = 0
                continue
            by_side[side] = {"area": area, "need": need}
            break
    if by_side:
        sup["pending"] = {"kind": "limit", "by_side": by_side}
        return
    state["supply"] = None   # the supply phase is over


def legal(engine, state, role):
    p = state["supply"]["pending"]
    if p["kind"] == "minor":
        return [Action(f"enter:{a}", f"Enter in {area_name(a)}", "Heir") for a in p["options"]]
    if p["kind"] == "execute":
        # sparing first: a careless first pick must not kill a noble (9.1 allows, never requires, it)
        return [Action("spare", f"Spare {_name(p['block'])}", "Execution"),
                Action("execute", f"Execute {_name(p['block'])} (cannot be undone)", "Execution")]
    occ = occupancy(state)
    sup = state["supply"]
    area = p["by_side"][role]["area"]
    cands = sorted((b for b in blocks_at(occ, area, role) if counts_for_limit(b, area) and b not in sup["hit"]),
                   key=lambda b: (-state["blocks"][b]["str"], b))
    return [Action(f"step:{b}", f"{_name(b)} loses a step (strength {state['blocks'][b]['str']})",
                   f"Supply in {area_name(area)}") for b in cands]


def apply(engine, state, role, aid, ctx):
    sup = state["supply"]
    p = sup["pending"]
    verb, _, arg = aid.partition(":")
    if p["kind"] == "minor":
        _enter_minor(engine, state, ctx, p["block"], arg)
    elif p["kind"] == "execute":
        sup["asked"].append(p["block"])
        if verb == "execute":
            ctx.log(f"{role.title()} executes {_name(p['block'])}.")
            engine.eliminate(state, p["block"], ctx)
    else:
        area = p["by_side"][role]["area"]
        sup["hit"].append(arg)
        sup["excess"][area][1] -= 1
        ctx.log(f"{role.title()}: a block in {area_name(area)} loses a step for supply.")
        ctx.log(f"Supply: {_name(arg)} loses a step.", to=[role])
        engine.lose_step(state, arg, ctx, public=False)
    if state.get("result"):
        return
    proceed(engine, state, ctx)

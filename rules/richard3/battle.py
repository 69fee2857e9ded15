"""Combat phase (6.0-6.9): battle order, rounds, fire, hits, charge, treachery, retreat, regroup."""

from __future__ import annotations

from rules.core import Action
from rules.core import rng
from rules.core.wording import plural

from .data import ADJ, AREAS, BLOCKS, COASTS, DISPLAY, WALES, area_name, border_key
from .state import (blocks_at, border_limit, contested_areas, is_enemy, may_enter, noble_seats, occupancy,
                    other, royal_seat_usable, side_of)
from .actions import add_move

WARWICKS = ("y-warwick", "l-warwick")
NEVILLE_BADGE = ("Kent", "Salisbury")
WARWICK_BARRED = ("Northumberland", "Westmoreland")


def _name(bid):
    return DISPLAY[bid]


def _hits(n: int) -> str:
    return "no hit" if n == 0 else f"{n} hit" + ("s" if n != 1 else "")


def _say(state, ctx, text, to=None):
    """A battle line: logged, and kept in the battle record for the view when public."""
    ctx.log(text, to=to, kind="battle")
    b = state.get("battle")
    if b is not None and to is None:
        b["lines"].append(text)
        del b["lines"][:-40]


# ---- phase flow -------------------------------------------------------------------------------------------
def start_combat(engine, state, ctx):
    state["step"] = "combat"
    state["battle"] = None
    next_battle(engine, state, ctx)


def next_battle(engine, state, ctx):
    if state.get("result"):
        return
    areas = contested_areas(occupancy(state))   # none left: the combat phase is over
    if len(areas) == 1:
        begin(engine, state, areas[0], ctx)


def begin(engine, state, area, ctx):
    occ = occupancy(state)
    c = state["contest"].get(area)
    attacker = c["attacker"] if c else state["p1"]
    defender = other(attacker)
    reserves = []
    if c:
        for bid in blocks_at(occ, area, attacker):
            if bid in c["entered"] and c["entered"][bid] != c["main"]:
                reserves.append(bid)
        for bid in blocks_at(occ, area, defender):
            if bid in c["entered"]:
                reserves.append(bid)
    state["battle"] = {
        "area": area, "attacker": attacker, "defender": defender, "round": 1, "reserves": reserves,
        "late": list(reserves), "acted": [], "rollers": [], "defected": [],   # rollers: titles (6.9)
        "retreat_use": {"york": {}, "lancaster": {}}, "regroup_use": {"york": {}, "lancaster": {}},
        "regrouped": [], "stage": "fight", "pending": None, "actor": attacker, "lines": [],
        "entry": {s: list(v) for s, v in (c["borders"].items() if c else [])}, "winner": None,
        "hits": {}, "out": [],
        "took_part": sorted(blocks_at(occ, area, attacker) + blocks_at(occ, area, defender)),   # 6.7 regroup
    }
    ctx.reveal()

    def roster(side):   # letter_of: the Bombard shows A3 in round 1 (6.2)
        return ", ".join(f"{_name(x)} ({letter_of(state['battle'], x)}{BLOCKS[x]['fire']}, strength "
                         f"{state['blocks'][x]['str']}" + (", in reserve)" if x in reserves else ")")
                         for x in sorted(blocks_at(occ, area, side)))

    _say(state, ctx, f"Battle of {area_name(area)}: {attacker.title()} attacks with {roster(attacker)}; "
                     f"{defender.title()} defends with {roster(defender)}.")
    b = state["battle"]
    if state["treason"] and not state["treason_used"] and treason_targets(state, b, occ):
        b["stage"] = "treason"
        b["actor"] = state["treason"]
        return
    advance(engine, state, ctx)


def letter_of(b, bid):
    if BLOCKS[bid]["type"] == "bombard":
        # 6.2: A3 in round 1 only, and never when it entered as a reserve (v1.02)
        return "A" if b["round"] == 1 and bid not in b["late"] else "D"
    return BLOCKS[bid]["letter"]


def senior_present(state, b, side, occ):
    heirs = [x for x in blocks_at(occ, b["area"], side)
             if BLOCKS[x]["type"] == "heir" and x not in b["reserves"]]
    return min(heirs, key=lambda x: BLOCKS[x]["rank"]) if heirs else None


def fire_value(state, b, bid, occ):
    """Firepower at the instant of fire: defenders add shield, crown, cathedral, city and Wales bonuses."""
    return BLOCKS[bid]["fire"] + sum(bonus for _, bonus in fire_bonuses(state, b, bid, occ))


def fire_bonuses(state, b, bid, occ) -> list[tuple[str, int]]:
    """Each +1 a defending block fires with, by name (6.3): what the log shows beside the dice."""
    info = BLOCKS[bid]
    side = side_of(state, bid)
    if side != b["defender"]:
        return []
    area = b["area"]
    kind = info["type"]
    out = []
    if kind == "heir":
        senior = senior_present(state, b, side, occ)
        usable, personal = royal_seat_usable(state, bid, area)
        if usable and (personal or senior == bid):
            out.append(("royal seat", 1))
        if AREAS[area].get("crown") and side == state["king_side"] and senior == bid:
            out.append(("the King in a crown area", 1))
    elif kind == "noble":
        if bid != "l-clarence" and area in noble_seats(state, bid):
            out.append(("own seat", 1))
    elif kind in ("church", "levy"):
        if info.get("home") == area:
            out.append(("cathedral" if kind == "church" else "own city", 1))
    elif bid == "l-welsh-mercenary" and area in WALES:
        out.append(("in Wales", 1))
    return out
    area = b["area"]
    kind = info["type"]
    if kind == "heir":
        senior = senior_present(state, b, side, occ)
        usable, personal = royal_seat_usable(state, bid, area)
        if usable and (personal or senior == bid):
            value += 1
        if AREAS[area].get("crown") and side == state["king_side"] and senior == bid:
            value += 1
    elif kind == "noble":
        if bid != "l-clarence" and area in noble_seats(state, bid):
            value += 1
    elif kind in ("church", "levy"):
        if info.get("home") == area:
            value += 1
    elif bid == "l-welsh-mercenary" and area in WALES:
        value += 1
    return value


def next_group(state, b, occ):
    for letter in "ABCD":
        for side in (b["defender"], b["attacker"]):
            grp = [x for x in blocks_at(occ, b["area"], side)
                   if x not in b["reserves"] and x not in b["acted"] and letter_of(b, x) == letter]
            if grp:
                return side, letter, sorted(grp)
    return None


def early_entry(state, ctx, occ):
    """6.3 exception: a side whose fighting blocks are all gone brings its reserves in at once (they may not act
    this round). If that is the defender in round 1, control of the area changes and "the Defender is now the
    Attacker for further combat": the roles are exchanged at once (2.1: control changes are effective
    immediately), so for the rest of round 1 the old attacker fires first in its letter and takes the
    defender's bonuses, and it is the new attacker who must retreat in round 4."""
    b = state["battle"]
    if state.get("result"):   # the game was won by the hit just taken (9.0): nothing more happens
        return False
    entered = False
    for side in (b["defender"], b["attacker"]):
        mine = blocks_at(occ, b["area"], side)
        res = [x for x in mine if x in b["reserves"]]
        if res and len(res) == len(mine):
            for x in res:
                b["reserves"].remove(x)
                b["acted"].append(x)
            entered = True
            _say(state, ctx, f"{side.title()}'s reserves enter the battle at once.")
            if side == b["defender"] and b["round"] == 1:
                b["attacker"], b["defender"] = b["defender"], b["attacker"]
                _say(state, ctx, f"{side.title()} loses control of {area_name(b['area'])} and now counts as "
                                 "the attacker.")
                break
    return entered


def advance(engine, state, ctx):
    b = state["battle"]
    while b["stage"] == "fight" and not state.get("result"):
        occ = occupancy(state)
        area = b["area"]
        att, dfn = blocks_at(occ, area, b["attacker"]), blocks_at(occ, area, b["defender"])
        if not att or not dfn:
            finish(engine, state, ctx, b["defender"] if dfn else (b["attacker"] if att else None))
            return
        if early_entry(state, ctx, occ):
            continue
        grp = next_group(state, b, occ)
        if grp:
            b["actor"] = grp[0]
            return
        if b["round"] >= 4:
            for x in sorted(att):
                if state.get("result"):
                    return
                _say(state, ctx, f"{_name(x)} could not retreat and is eliminated.")
                _gone(state, x, "eliminated")
                engine.eliminate(state, x, ctx)
            continue
        b["round"] += 1
        b["acted"] = []
        b["retreat_use"] = {"york": {}, "lancaster": {}}
        if b["reserves"]:
            b["reserves"] = []
            _say(state, ctx, "Reserves join the battle.")
        _say(state, ctx, f"Round {b['round']}.")


def finish(engine, state, ctx, winner):
    b = state["battle"]
    b["winner"] = winner
    b["reserves"] = []   # every surviving block of the victor may regroup, former reserves included (6.7)
    if state.get("result"):
        return
    where = area_name(b["area"])
    _say(state, ctx, f"{winner.title()} wins the battle of {where}." if winner else f"The battle of {where} ends.")
    if winner and _regroup_options(state, b, winner, occupancy(state)):
        b["stage"] = "regroup"
        b["actor"] = winner
        return
    end_battle(engine, state, ctx)


def end_battle(engine, state, ctx):
    b = state["battle"]
    state["contest"].pop(b["area"], None)
    state["battles_done"].append(b["area"])
    state["battle"] = None
    engine.check_captive(state, ctx)
    next_battle(engine, state, ctx)


# ---- options -----------------------------------------------------------------------------------------------
def retreat_dests(state, b, bid, side, occ):
    area = b["area"]
    if bid in state["pirates"]:
        sea = state["pirates"][bid]
        return [d for d in COASTS[sea] if d != area and may_enter(side, d) and not is_enemy(occ, d, side)]
    enemy_used = set(b["entry"].get(other(side), []))
    mine = set(b["entry"].get(side, []))
    p2 = other(state["p1"])
    out = []
    for nb, colour in ADJ[area]:
        key = border_key(area, nb)
        if key in enemy_used and not (key in mine and side == p2):
            continue
        if not may_enter(side, nb) or is_enemy(occ, nb, side):
            continue
        if b["retreat_use"][side].get(key, 0) + 1 > border_limit(colour):
            continue
        out.append(nb)
    return out


def regroup_dests(state, b, bid, side, occ):
    area = b["area"]
    if bid in state["pirates"]:
        sea = state["pirates"][bid]
        return [d for d in COASTS[sea] if d != area and may_enter(side, d) and not is_enemy(occ, d, side)]
    out = []
    for nb, colour in ADJ[area]:
        key = border_key(area, nb)
        if not may_enter(side, nb) or is_enemy(occ, nb, side):
            continue
        if b["regroup_use"][side].get(key, 0) + 1 > border_limit(colour):
            continue
        out.append(nb)
    return out


def _regroup_options(state, b, side, occ):
    out = []
    took_part = b.get("took_part")   # absent in battles saved before it was recorded: no restriction then
    for x in sorted(blocks_at(occ, b["area"], side)):
        if x in b["regrouped"] or took_part is not None and x not in took_part:   # e.g. a Henry VI freed now
            continue
        for d in regroup_dests(state, b, x, side, occ):
            out.append(Action(f"rg:{x}:{d}", f"{_name(x)} regroups to {area_name(d)}", _name(x)))
    return out


def treachery_title(state, bid):
    """6.9: the King, the Pretender and Warwick (either copy) each roll once per battle. The roll belongs to the
    title, not the block: a Warwick who changed sides or a Pretender who succeeded mid-battle has no new roll."""
    if bid == state["king"]:
        return "king"
    if bid == state["pretender"]:
        return "pretender"
    if bid in WARWICKS:
        return "warwick"
    return None


def _dice(n: int) -> str:
    """'1 die', '3 dice': action labels are read by players."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def treachery_dice(roller, target, card=False):
    loyalty = BLOCKS[target].get("loyalty") or 0
    if not card and roller in WARWICKS:
        if BLOCKS[target]["name"] in WARWICK_BARRED:
            return 0
        if BLOCKS[target]["name"] in NEVILLE_BADGE:
            return 1
    return loyalty


def _targets(state, b, roller, side, occ, card=False):
    out = []
    for t in sorted(blocks_at(occ, b["area"], other(side))):
        if t in b["reserves"] or t in b["defected"] or t in (state["king"], state["pretender"]):
            continue
        twin = BLOCKS[t].get("twin")
        if not twin or state["blocks"][twin]["loc"] != "off":
            continue
        n = treachery_dice(roller, t, card)
        if n > 0:
            out.append((t, n))
    return out


def treason_targets(state, b, occ):
    return _targets(state, b, None, state["treason"], occ, card=True)


def legal(engine, state, role):
    b = state["battle"]
    occ = occupancy(state)
    if b is None:
        return [Action(f"battle:{a}", f"Fight the battle of {area_name(a)}", "Battles")
                for a in contested_areas(occ)]
    stage = b["stage"]
    if stage == "treason":
        out = [Action(f"treason:{t}", f"Treason roll against {_name(t)} ({_dice(n)})", "Treason")
               for t, n in treason_targets(state, b, occ)]
        return out + [Action("pass", "Keep the Treason roll for a later battle", "Treason")]
    if stage == "hits":
        p = b["pending"]
        cands = [x for x in blocks_at(occ, b["area"], p["side"]) if x not in b["reserves"]]
        top = max(state["blocks"][x]["str"] for x in cands)
        return [Action(f"hit:{x}", f"{_name(x)} takes the hit", "Hits")
                for x in sorted(cands) if state["blocks"][x]["str"] == top]
    if stage == "regroup":
        return _regroup_options(state, b, role, occ) + [Action("done", "Done regrouping", "Done")]
    if stage == "fireback":
        heir, target = b["pending"]["heir"], b["pending"]["target"]
        fire = fire_value(state, b, target, occ)
        dice = _dice(state["blocks"][target]["str"])
        return [Action("fireback", f"{_name(target)} fires back at {_name(heir)} ({letter_of(b, target)}{fire}, "
                                   f"{dice})", "Charge"),
                Action("holdfire", f"{_name(target)} holds its fire", "Charge")]
    grp = next_group(state, b, occ)
    if grp is None:
        return []
    side, letter, blocks = grp
    out = []
    enemies = [x for x in sorted(blocks_at(occ, b["area"], other(side))) if x not in b["reserves"]]
    senior = senior_present(state, b, side, occ)
    for x in blocks:
        nm = _name(x)
        strength = state["blocks"][x]["str"]
        dests = retreat_dests(state, b, x, side, occ) if b["round"] >= 2 else []
        if side == b["attacker"] and b["round"] == 4:
            out += [Action(f"retreat:{x}:{d}", f"{nm} retreats to {area_name(d)}", nm) for d in dests]
            if not dests:
                out.append(Action(f"fall:{x}", f"{nm} cannot retreat and is eliminated", nm))
            continue
        fire = fire_value(state, b, x, occ)
        out.append(Action(f"fire:{x}", f"{nm} fires ({letter}{fire}, {_dice(strength)})", nm))
        if x == senior and enemies:
            out += [Action(f"charge:{x}:{t}", f"{nm} charges {_name(t)}", nm) for t in enemies]
        title = treachery_title(state, x)
        if title and title not in b["rollers"]:
            out += [Action(f"treach:{x}:{t}", f"{nm} tries treachery on {_name(t)} ({_dice(n)})", nm)
                    for t, n in _targets(state, b, x, side, occ)]
        out += [Action(f"retreat:{x}:{d}", f"{nm} retreats to {area_name(d)}", nm) for d in dests]
        out.append(Action(f"pass:{x}", f"{nm} passes", nm))
    return out


# ---- apply ---------------------------------------------------------------------------------------------------
def _roll(state, n):
    return rng.roll(state, n) if n > 0 else []


def _gone(state, bid, fate, to=None):
    """Keep a block that left the battle (eliminated, retreated, defected) in the battle record: it was revealed."""
    b = state["battle"]
    b["out"].append({"id": bid, "side": side_of(state, bid), "fate": fate, "to": to,
                     "hits_taken": b["hits"].get(bid, 0), "round": b["round"]})


def hit_block(engine, state, ctx, x, hits):
    b = state["battle"]
    blk = state["blocks"][x]
    take = min(hits, blk["str"])
    b["hits"][x] = b["hits"].get(x, 0) + take
    if take >= blk["str"]:
        _say(state, ctx, f"{_name(x)} takes {_hits(take)} and is eliminated.")
        _gone(state, x, "eliminated")
        engine.eliminate(state, x, ctx)
    else:
        blk["str"] -= take
        _say(state, ctx, f"{_name(x)} takes {_hits(take)} (strength {blk['str']}).")
    return hits - take


def allocate(engine, state, ctx, hits, side):
    """6.4: all hits go to the strongest enemy block; its owner chooses among equals."""
    b = state["battle"]
    while hits > 0 and not state.get("result"):
        occ = occupancy(state)
        cands = [x for x in blocks_at(occ, b["area"], side) if x not in b["reserves"]]
        if not cands:
            return
        top = max(state["blocks"][x]["str"] for x in cands)
        ties = [x for x in cands if state["blocks"][x]["str"] == top]
        if len(ties) > 1:
            b["pending"] = {"hits": hits, "side": side}
            b["stage"] = "hits"
            b["actor"] = side
            return
        hits = hit_block(engine, state, ctx, ties[0], hits)
        if hits and early_entry(state, ctx, occupancy(state)):
            return   # reserves entering early are hit only by blocks that have not fired yet


def _fire(engine, state, ctx, x, target_side=None, only=None):
    """Roll for ``x``; returns the number of hits."""
    b = state["battle"]
    occ = occupancy(state)
    fire = fire_value(state, b, x, occ)
    dice = _roll(state, state["blocks"][x]["str"])
    hits = sum(1 for d in dice if d <= fire)
    aim = f" at {_name(only)}" if only else ""
    bonuses = "".join(f" +{n} {why}" for why, n in fire_bonuses(state, b, x, occ))
    rating = f"{letter_of(b, x)}{BLOCKS[x]['fire']}{bonuses} = {letter_of(b, x)}{fire}" if bonuses \
        else f"{letter_of(b, x)}{fire}"
    _say(state, ctx, f"{_name(x)} fires{aim} ({rating}, hits on {fire} or less): "
                     f"{plural(len(dice), 'die')} {' '.join(map(str, dice))} — {_hits(hits)}.")
    return hits


def apply(engine, state, role, aid, ctx):
    b = state["battle"]
    verb, _, arg = aid.partition(":")
    if b is None:
        begin(engine, state, arg, ctx)
        return
    if b["stage"] == "treason":
        b["stage"] = "fight"
        if verb == "treason":
            state["treason_used"] = True
            _treachery(engine, state, ctx, None, arg, state["treason"], card=True)
        advance(engine, state, ctx)
        return
    if b["stage"] == "hits":
        hits = b["pending"]["hits"]
        side = b["pending"]["side"]
        b["pending"] = None
        b["stage"] = "fight"
        hits = hit_block(engine, state, ctx, arg, hits)
        if hits and not early_entry(state, ctx, occupancy(state)):
            allocate(engine, state, ctx, hits, side)
        if b["stage"] == "fight":
            advance(engine, state, ctx)
        return
    if b["stage"] == "fireback":
        _fire_back(engine, state, ctx, aid == "fireback")
        if b["stage"] == "fight" and state.get("battle") is b:
            advance(engine, state, ctx)
        return
    if b["stage"] == "regroup":
        if aid == "done":
            end_battle(engine, state, ctx)
            return
        x, dest = arg.split(":")
        area = b["area"]
        if x not in state["pirates"]:
            key = border_key(area, dest)
            b["regroup_use"][role][key] = b["regroup_use"][role].get(key, 0) + 1
        state["blocks"][x]["loc"] = dest
        b["regrouped"].append(x)
        add_move(state, role, area, dest, "regroup", via=[state["pirates"][x]] if x in state["pirates"] else ())
        ctx.log(f"{role.title()} regroups a block to {area_name(dest)}.")
        ctx.log(f"{_name(x)} regroups to {area_name(dest)}.", to=[role])
        if not _regroup_options(state, b, role, occupancy(state)):
            end_battle(engine, state, ctx)
        return
    # a combat turn
    parts = arg.split(":")
    x = parts[0]
    side = side_of(state, x)
    b["acted"].append(x)
    if verb == "fire":
        hits = _fire(engine, state, ctx, x)
        allocate(engine, state, ctx, hits, other(side))
    elif verb == "pass":
        _say(state, ctx, f"{_name(x)} passes.")
    elif verb == "fall":
        _say(state, ctx, f"{_name(x)} cannot retreat and is eliminated.")
        _gone(state, x, "eliminated")
        engine.eliminate(state, x, ctx)
    elif verb == "retreat":
        dest = parts[1]
        area = b["area"]
        if x not in state["pirates"]:
            key = border_key(area, dest)
            b["retreat_use"][side][key] = b["retreat_use"][side].get(key, 0) + 1
        _gone(state, x, "retreated", dest)
        state["blocks"][x]["loc"] = dest
        add_move(state, side, area, dest, "retreat", via=[state["pirates"][x]] if x in state["pirates"] else ())
        # public: the block is still revealed while it leaves (6.1); only regroups, after the battle, are hidden
        _say(state, ctx, f"{_name(x)} retreats to {area_name(dest)}.")
    elif verb == "charge":
        _charge(engine, state, ctx, x, parts[1])
    elif verb == "treach":
        b["rollers"].append(treachery_title(state, x))
        _treachery(engine, state, ctx, x, parts[1], side)
    if b["stage"] == "fight" and state.get("battle") is b:
        advance(engine, state, ctx)


def _charge(engine, state, ctx, heir, target):
    """6.5: the senior heir fires at a named block; extra hits are lost; a survivor fires back at him."""
    _say(state, ctx, f"{_name(heir)} charges {_name(target)}!")
    hits = _fire(engine, state, ctx, heir, only=target)
    if hits:
        hit_block(engine, state, ctx, target, min(hits, state["blocks"][target]["str"]))
    if state.get("result"):
        return
    b = state["battle"]
    if state["blocks"][target]["loc"] == b["area"] and state["blocks"][heir]["loc"] == b["area"]:
        b["stage"], b["pending"], b["actor"] = "fireback", {"heir": heir, "target": target}, side_of(state, target)
        return                                   # 6.5: the target "may" fire back: its owner chooses
    early_entry(state, ctx, occupancy(state))


def _fire_back(engine, state, ctx, fire):
    """6.5: the surviving target fires back at once at the charging heir only (extra hits lost), or not."""
    b = state["battle"]
    heir, target = b["pending"]["heir"], b["pending"]["target"]
    b["pending"], b["stage"] = None, "fight"
    if fire:
        back = _fire(engine, state, ctx, target, only=heir)
        if back:
            hit_block(engine, state, ctx, heir, min(back, state["blocks"][heir]["str"]))
    else:
        _say(state, ctx, f"{_name(target)} does not fire back.")
    if not state.get("result"):
        early_entry(state, ctx, occupancy(state))


def _treachery(engine, state, ctx, roller, target, side, card=False):
    """6.9: roll the target's loyalty; all even and it changes sides at its current strength, into the
    converter's reserves."""
    b = state["battle"]
    n = treachery_dice(roller, target, card)
    dice = _roll(state, n)
    who = "The Treason card" if card else _name(roller)
    success = all(d % 2 == 0 for d in dice)
    why = (f"loyalty {BLOCKS[target].get('loyalty') or 0}" if card or roller not in WARWICKS
           or n == (BLOCKS[target].get("loyalty") or 0) else "Warwick's Neville badge")
    _say(state, ctx, f"{who} tries treachery on {_name(target)} ({plural(n, 'die')} for {why}; all even to "
                     f"defect): {' '.join(map(str, dice))} — {'it defects!' if success else 'it stays loyal.'}")
    if not success:
        return
    twin = BLOCKS[target]["twin"]
    strength = state["blocks"][target]["str"]
    _gone(state, target, "defected")
    state["blocks"][target].update(loc="off", str=BLOCKS[target]["max"], down=False)
    state["blocks"][twin].update(loc=b["area"], str=min(strength, BLOCKS[twin]["max"]), down=False)
    b["reserves"].append(twin)
    b["defected"].append(twin)
    b["late"].append(twin)
    if "took_part" in b:
        b["took_part"].append(twin)
    _say(state, ctx, f"{_name(target)} joins {side.title()} (in reserve).")
    engine.update_pretender(state)
    engine.check_victory(state, ctx)

"""Action phase (5.0-5.4 and the six event cards): moves, sea moves, recruiting, pinning, border limits."""

from __future__ import annotations

from rules.core import Action

from .data import (ADJ, AREAS, BLOCKS, CARDS, CITY_AREAS, COASTS, CROWNS, DISPLAY, EXILES, LAND, MAJOR_PORT,
                   OWN_EXILES, WALES, YORK_SHIELDS, area_name, border_key)
from .state import (blocks_at, border_limit, is_enemy, is_friendly_or_vacant, is_vacant, may_enter,
                    noble_seats, occupancy, other, side_of)

EVENT_NAMES = {"force_march": "Force March", "muster": "Muster", "piracy": "Piracy", "plague": "Plague",
               "surprise": "Surprise", "treason": "Treason"}


def _name(bid):
    return DISPLAY[bid]


# ---- movement geometry ---------------------------------------------------------------------------------
def entry_ok(state, area, side, key) -> bool:
    """6.3: an attacker may use at most 3 borders into a battle, defending reinforcements at most 2."""
    c = state["contest"].get(area)
    if not c:
        return True
    used = c["borders"].get(side, [])
    if key in used:
        return True
    return len(used) < (3 if c["attacker"] == side else 2)


def free_to_leave(state, occ, area, side):
    """5.22 pinning: how many of ``side``'s blocks may still leave ``area`` (None = no limit)."""
    c = state["contest"].get(area)
    if not c or c["attacker"] == side or not blocks_at(occ, area, other(side)):
        return None
    pinning = [b for b in blocks_at(occ, area, other(side)) if c["entered"].get(b) == c["main"]]
    original = [b for b in blocks_at(occ, area, side) if b not in c["entered"]]
    return len(original) - len(pinning)


def land_paths(state, occ, bid, start, side, reach, bonus, target=None):
    """Every path (list of areas after ``start``) a block may take this move (5.2)."""
    use = state["border_use"][side]
    c = state["contest"].get(start)
    banned = set(c["borders"].get(other(side), [])) if c else set()
    out = []

    def walk(cur, path):
        for nb, colour in ADJ[cur]:
            if nb == start or nb in path or not may_enter(side, nb):
                continue
            key = border_key(cur, nb)
            if cur == start and key in banned:
                continue
            if use.get(key, 0) + 1 > border_limit(colour, bonus):
                continue
            enemy = is_enemy(occ, nb, side)
            if enemy and not entry_ok(state, nb, side, key):
                continue
            np = path + [nb]
            if target is None or nb == target:
                out.append(np)
            if enemy or colour == "red" or len(np) >= reach:
                continue
            walk(nb, np)

    walk(start, [])
    return out


def sea_dests(state, occ, start, side, piracy):
    """5.3 sea moves: ``[(dest, sea zone, attack)]`` along one sea zone to a friendly or vacant coast (Piracy: also
    an enemy coast). An attack is offered once per sea zone that reaches it, since the zone is its entry border
    (6.3) and the only way its pirates may later retreat or regroup; a peaceful move once, by the first open zone.
    5.22: blocks leaving a contested area may not sail along a zone the enemy entered it by."""
    c = state["contest"].get(start)
    banned = set(c["borders"].get(other(side), [])) if c else set()
    out = []
    peaceful = set()
    for sea in AREAS[start].get("seas", []):
        if "sea:" + sea in banned:
            continue
        for d in COASTS[sea]:
            if d == start or not may_enter(side, d):
                continue
            if is_enemy(occ, d, side):
                if piracy and d not in EXILES and entry_ok(state, d, side, "sea:" + sea):
                    out.append((d, sea, True))
            elif d not in peaceful:
                peaceful.add(d)
                out.append((d, sea, False))
    return sorted(out)


def _can_leave(state, occ, area, side):
    free = free_to_leave(state, occ, area, side)
    return free is None or free > 0


def movable(state, occ, area, side, act, first_only=False):
    if not _can_leave(state, occ, area, side):
        return []
    reach = 3 if act["event"] == "force_march" else 2
    bonus = 1 if act["event"] == "surprise" else 0
    out = []
    moved = state["moved"]
    for bid in blocks_at(occ, area, side):
        if bid in moved:
            continue
        if land_paths(state, occ, bid, area, side, reach, bonus):
            out.append(bid)
            if first_only:
                break
    return out


def sea_movable(state, occ, area, side, act, first_only=False):
    if not AREAS[area].get("seas") or not _can_leave(state, occ, area, side):
        return []
    if not sea_dests(state, occ, area, side, act["event"] == "piracy"):
        return []
    out = []
    for bid in blocks_at(occ, area, side):
        if bid in state["moved"] or BLOCKS[bid].get("no_sea"):
            continue
        out.append(bid)
        if first_only:
            break
    return out


def recruit_areas(state, occ, bid, side):
    """5.4: where a pool block may be recruited."""
    info = BLOCKS[bid]
    kind = info["type"]

    def fv(a):
        return may_enter(side, a) and is_friendly_or_vacant(occ, a, side)

    if kind == "noble":
        if bid == "l-clarence":
            return [a for a in YORK_SHIELDS if is_vacant(occ, a)]
        return [a for a in noble_seats(state, bid) if fv(a)]
    if kind in ("church", "levy"):
        return [info["home"]] if fv(info["home"]) else []
    if kind == "bombard":
        return [a for a in CITY_AREAS if blocks_at(occ, a, side) and not is_enemy(occ, a, side)]
    if kind == "rebel":
        return [a for a in LAND if a not in EXILES and is_vacant(occ, a)]
    if kind == "mercenary":
        return sorted(a for a in WALES if fv(a)) if bid == "l-welsh-mercenary" else []
    if kind == "heir":
        if side == state["king_side"]:
            return [a for a in CROWNS if fv(a)]
        return list(OWN_EXILES[side])
    return []


def recruitable(state, occ, side):
    out = []
    for bid, b in state["blocks"].items():
        if b["loc"] == "pool" and not b["down"] and side_of(state, bid) == side:
            if recruit_areas(state, occ, bid, side):
                out.append(bid)
    return out


def _own_areas(occ, side):
    return sorted(a for a, e in occ.items() if e[side])


# ---- phase flow --------------------------------------------------------------------------------------------
def start_player(engine, state, role, ctx):
    card = CARDS[state["revealed"][role]]
    ev = card.get("event")
    state["step"] = "action"
    state["act"] = {"role": role, "ap": card["ap"], "event": ev, "mode": "menu", "event_done": False,
                    "area": None, "block": None, "target": None, "charged": False}
    if ev == "treason":
        state["treason"] = role
    if ev == "surprise":
        state["surprise"] = role
    if ev:
        ctx.log(f"{role.title()} plays the event {EVENT_NAMES[ev]}.")
    settle(engine, state, ctx)


def end_player(engine, state, ctx):
    role = state["act"]["role"]
    ctx.log(f"{role.title()} ends its actions.")
    if role == state["p1"]:
        start_player(engine, state, other(role), ctx)
    else:
        state["act"] = None
        from . import battle   # imported here: battle imports this module
        battle.start_combat(engine, state, ctx)


def settle(engine, state, ctx):
    """End a player's action phase by itself once nothing but 'end' is left."""
    if state["step"] != "action" or state.get("result"):
        return
    act = state["act"]
    if act["mode"] == "menu":
        occ = occupancy(state)
        if len(_menu(state, occ, act["role"])) == 1:
            end_player(engine, state, ctx)


def _menu(state, occ, role):
    act = state["act"]
    ev = act["event"]
    out = []
    if act["ap"] > 0:
        areas = _own_areas(occ, role)
        if ev in (None, "force_march", "treason", "surprise"):
            for a in areas:
                if movable(state, occ, a, role, act, first_only=True):
                    out.append(Action(f"move:{a}", f"Move a group from {area_name(a)}", "Land move (1 AP)"))
        if ev in (None, "surprise", "piracy"):
            for a in areas:
                if sea_movable(state, occ, a, role, act, first_only=True):
                    out.append(Action(f"sea:{a}", f"Sea move from {area_name(a)}", "Sea move (1 AP)"))
        if ev is None and recruitable(state, occ, role):
            out.append(Action("recruit", "Recruit a block from the pool", "Recruit (1 AP)"))
    if ev == "muster" and not act["event_done"]:
        for t in _muster_targets(state, occ, role, act):
            out.append(Action(f"muster:{t}", f"Muster to {area_name(t)}", "Muster event"))
    if ev == "plague" and not act["event_done"]:
        for a in CITY_AREAS:
            e = occ.get(a)
            if e and e[other(role)] and not e[role]:
                out.append(Action(f"plague:{a}", f"Plague in {area_name(a)} ({AREAS[a]['city']})", "Plague event"))
    out.append(Action("end", "End actions" + (f" ({act['ap']} AP unused)" if act["ap"] else ""), "End"))
    return out


def _muster_targets(state, occ, role, act):
    targets = set()
    for a in _own_areas(occ, role):
        if not _can_leave(state, occ, a, role):
            continue
        for bid in blocks_at(occ, a, role):
            if bid in state["moved"]:
                continue
            for p in land_paths(state, occ, bid, a, role, 2, 0):
                if is_friendly_or_vacant(occ, p[-1], role):
                    targets.add(p[-1])
    return sorted(targets)


def _muster_blocks(state, occ, role, target):
    out = []
    for a in _own_areas(occ, role):
        if a == target or not _can_leave(state, occ, a, role):
            continue
        for bid in blocks_at(occ, a, role):
            if bid not in state["moved"] and land_paths(state, occ, bid, a, role, 2, 0, target):
                out.append(bid)
    return out


def _path_actions(paths, start):
    out = []
    for p in paths:
        label = f"To {area_name(p[-1])}" + (f" via {', '.join(area_name(x) for x in p[:-1])}" if len(p) > 1 else "")
        out.append(Action("go:" + ">".join(p), label, f"From {area_name(start)}"))
    return out


def legal(engine, state, role):
    act = state["act"]
    occ = occupancy(state)
    mode = act["mode"]
    if mode == "menu":
        return _menu(state, occ, role)
    if mode == "group":
        out = [Action(f"blk:{b}", f"Move {_name(b)}", f"Blocks in {area_name(act['area'])}")
               for b in movable(state, occ, act["area"], role, act)]
        return out + [Action("done", "Done moving this group", "Done")]
    if mode == "block":
        reach = 3 if act["event"] == "force_march" else 2
        bonus = 1 if act["event"] == "surprise" else 0
        paths = land_paths(state, occ, act["block"], act["area"], role, reach, bonus)
        return _path_actions(paths, act["area"]) + [Action("back", "Choose another block", "Back")]
    if mode == "muster":
        out = [Action(f"blk:{b}", f"Move {_name(b)} ({area_name(state['blocks'][b]['loc'])})", "Muster")
               for b in _muster_blocks(state, occ, role, act["target"])]
        return out + [Action("done", "Done mustering", "Done")]
    if mode == "muster_block":
        start = state["blocks"][act["block"]]["loc"]
        paths = land_paths(state, occ, act["block"], start, role, 2, 0, act["target"])
        return _path_actions(paths, start) + [Action("back", "Choose another block", "Back")]
    if mode == "sea":
        out = [Action(f"blk:{b}", f"Sail with {_name(b)}", f"Ships at {area_name(act['area'])}")
               for b in sea_movable(state, occ, act["area"], role, act)]
        return out + [Action("back", "Cancel the sea move", "Back")]
    if mode == "sea_dest":
        out = []
        start_seas = set(AREAS[act["area"]]["seas"])
        for d, sea, attack in sea_dests(state, occ, act["area"], role, act["event"] == "piracy"):
            if not attack:
                out.append(Action(f"go:{d}", f"Sail to {area_name(d)} by the {area_name(sea)}", "Sea move"))
                continue
            # the id names the zone only where two zones join the ports (Calais–Kent, France–Cornwall)
            both = len(start_seas & set(AREAS[d]["seas"])) > 1
            out.append(Action(f"go:{d}:{sea}" if both else f"go:{d}",
                              f"Attack {area_name(d)} across the {area_name(sea)}", "Sea move"))
        return out + [Action("back", "Choose another block", "Back")]
    if mode == "sea_second":
        out = [Action(f"blk:{b}", f"Also sail with {_name(b)}", "Second block (free)")
               for b in sea_movable(state, occ, act["area"], role, act)]
        return out + [Action("nosecond", "No second block", "Done")]
    if mode == "recruit":
        out = [Action(f"rec:{b}", f"Recruit {_name(b)}", "Pool") for b in recruitable(state, occ, role)]
        return out + [Action("back", "Cancel recruiting", "Back")]
    if mode == "recruit_at":
        out = [Action(f"at:{a}", f"Recruit in {area_name(a)}", "Recruit")
               for a in recruit_areas(state, occ, act["block"], role)]
        return out + [Action("back", "Choose another block", "Back")]
    return [Action("end", "End actions", "End")]


def add_move(state, side, frm, to, kind, via=(), n=1):
    """Record a move for this turn's arrows; ``via`` is the route between the ends (areas passed through, or
    the sea zone sailed), public because the crossings are (border_use)."""
    via = list(via)
    for m in state["moves"]:
        if (m["side"], m["from"], m["to"], m["kind"], m["via"]) == (side, frm, to, kind, via):
            m["count"] += n
            return
    state["moves"].append({"side": side, "from": frm, "to": to, "kind": kind, "via": via, "count": n})


def arrive(state, occ, bid, side, dest, key):
    """Record an entry into an enemy-held area: the first entering side attacks, its first border is the
    main attack (6.3); later entries through other borders, and the defender's reinforcements, are reserves."""
    if not is_enemy(occ, dest, side):
        return
    c = state["contest"].get(dest)
    if c is None:
        c = state["contest"][dest] = {"attacker": side, "main": key, "borders": {}, "entered": {}}
    used = c["borders"].setdefault(side, [])
    if key not in used:
        used.append(key)
    c["entered"][bid] = key


def _entry_note(state, occ, dest, side) -> str:
    """What entering ``dest`` means, for the log: an attack, or reinforcing one's own side's defence of an
    area the enemy attacks (``occ``: before the move; ``arrive`` has recorded the contest)."""
    if not is_enemy(occ, dest, side):
        return ""
    c = state["contest"].get(dest)
    return " (reinforcing its defence)" if c and c["attacker"] != side else " (attack!)"


def _move_block(engine, state, ctx, bid, start, path, kind="land"):
    side = side_of(state, bid)
    occ = occupancy(state)
    prev = start
    use = state["border_use"][side]
    for step in path:
        key = border_key(prev, step)
        use[key] = use.get(key, 0) + 1
        prev = step
    dest = path[-1]
    last = border_key(path[-2] if len(path) > 1 else start, dest)
    arrive(state, occ, bid, side, dest, last)
    state["blocks"][bid]["loc"] = dest
    state["moved"].append(bid)
    add_move(state, side, start, dest, kind, via=path[:-1])
    attack = _entry_note(state, occ, dest, side)
    ctx.log(f"{side.title()} moves a block from {area_name(start)} to {area_name(dest)}{attack}.")
    ctx.log(f"{_name(bid)}: {area_name(start)} → {' → '.join(area_name(p) for p in path)}.", to=[side])


def _charge(act):
    if not act["charged"]:
        act["charged"] = True
        act["ap"] = max(0, act["ap"] - 1)


def apply(engine, state, role, aid, ctx):
    act = state["act"]
    mode = act["mode"]
    verb, _, arg = aid.partition(":")
    if aid == "end":
        end_player(engine, state, ctx)
        return
    if mode == "menu":
        if verb == "move":
            act.update(mode="group", area=arg, charged=False)
        elif verb == "sea":
            act.update(mode="sea", area=arg)
        elif verb == "recruit":
            act.update(mode="recruit")
        elif verb == "muster":
            act.update(mode="muster", target=arg, event_done=True)
            ctx.log(f"{role.title()} musters to {area_name(arg)}.")
        elif verb == "plague":
            act["event_done"] = True
            _plague(engine, state, role, arg, ctx)
    elif mode == "group":
        if aid == "done":
            act.update(mode="menu", area=None, charged=False)
        else:
            act.update(mode="block", block=arg)
    elif mode == "block":
        if aid == "back":
            act.update(mode="group", block=None)
        else:
            _charge(act)
            _move_block(engine, state, ctx, act["block"], act["area"], arg.split(">"))
            act["block"] = None
            act["mode"] = "group"
            if not movable(state, occupancy(state), act["area"], role, act, first_only=True):
                act.update(mode="menu", area=None, charged=False)
    elif mode == "muster":
        if aid == "done":
            act.update(mode="menu")
        else:
            act.update(mode="muster_block", block=arg)
    elif mode == "muster_block":
        if aid == "back":
            act.update(mode="muster", block=None)
        else:
            start = state["blocks"][act["block"]]["loc"]
            _move_block(engine, state, ctx, act["block"], start, arg.split(">"))
            act.update(mode="muster", block=None)
            if not _muster_blocks(state, occupancy(state), role, act["target"]):
                act.update(mode="menu")
    elif mode == "sea":
        if aid == "back":
            act.update(mode="menu", area=None)
        else:
            act.update(mode="sea_dest", block=arg)
    elif mode == "sea_dest":
        if aid == "back":
            act.update(mode="sea", block=None)
        else:
            _sea_move(engine, state, role, act["block"], act["area"], arg, ctx)
    elif mode == "sea_second":
        if aid == "nosecond":
            act.update(mode="menu", area=None, target=None)
        else:
            _sea_move(engine, state, role, arg, act["area"], act["target"], ctx, free=True)
            act.update(mode="menu", area=None, target=None)
    elif mode == "recruit":
        if aid == "back":
            act.update(mode="menu")
        else:
            act.update(mode="recruit_at", block=arg)
    elif mode == "recruit_at":
        if aid == "back":
            act.update(mode="recruit", block=None)
        else:
            bid = act["block"]
            act["ap"] -= 1
            b = state["blocks"][bid]
            b["loc"] = arg
            b["str"] = BLOCKS[bid]["max"]
            state["moved"].append(bid)
            add_move(state, role, "pool", arg, "recruit")
            ctx.log(f"{role.title()} recruits a block in {area_name(arg)}.")
            ctx.log(f"You recruit {_name(bid)} in {area_name(arg)}.", to=[role])
            act.update(mode="menu", block=None)
    settle(engine, state, ctx)


def _sea_move(engine, state, role, bid, start, dest, ctx, free=False):
    """``dest`` is an area, or ``area:sea`` for an attack on a coast two zones reach (the zone is its border)."""
    act = state["act"]
    occ = occupancy(state)
    area, _, zone = dest.partition(":")
    sea, attack = next((s, a) for d, s, a in sea_dests(state, occ, start, role, act["event"] == "piracy")
                       if d == area and (s == zone or not zone))
    dest = area
    if not free:
        act["ap"] -= 1
    arrive(state, occ, bid, role, dest, "sea:" + sea)
    if attack:
        state["pirates"][bid] = sea
    state["blocks"][bid]["loc"] = dest
    state["moved"].append(bid)
    add_move(state, role, start, dest, "sea", via=[sea])
    ctx.log(f"{role.title()} sails a block from {area_name(start)} to {area_name(dest)}"
            f"{_entry_note(state, occ, dest, role)}.")
    ctx.log(f"{_name(bid)} sails {area_name(start)} → {area_name(dest)}.", to=[role])
    act["block"] = None
    if (not free and not attack and start in MAJOR_PORT and dest in MAJOR_PORT
            and sea_movable(state, occupancy(state), start, role, act, first_only=True)):
        act.update(mode="sea_second", target=dest)   # 5.31: two blocks port to port for 1 AP
    else:
        act.update(mode="menu", area=None, target=None)


def _plague(engine, state, role, area, ctx):
    victims = list(blocks_at(occupancy(state), area, other(role)))
    ctx.log(f"Plague strikes {AREAS[area]['city']} ({area_name(area)}): each of the {len(victims)} "
            f"{other(role).title()} block(s) there loses a step.")
    for bid in sorted(victims):
        ctx.log(f"Plague: {_name(bid)} loses a step.", to=[other(role)])
        engine.lose_step(state, bid, ctx, public=False)
        if state.get("result"):
            return

"""Action phase (5.0-5.4 and the six event cards): moves, sea moves, recruiting, pinning, border limits."""

from __future__ import annotations

from rules.core import Action

from .data import (ADJ, AREAS, BLOCKS, BORDERS, CARDS, CITY_AREAS, COASTS, CROWNS, DISPLAY, EXILES, LAND, MAJOR_PORT,
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


# area -> [(neighbour, colour, border key)], so path searches need not rebuild keys
_NEIGHBOURS = {a: [(nb, colour, border_key(a, nb)) for nb, colour in ADJ[a]] for a in ADJ}


def _walk_paths(state, occ, start, side, reach, bonus, target=None):
    """Yield every path (list of areas after ``start``) a block of ``side`` may take from ``start`` (5.2), in a
    fixed order. The paths depend on the area, not on the block."""
    use = state["border_use"][side]
    contest = state["contest"]
    c = contest.get(start)
    banned = set(c["borders"].get(other(side), [])) if c else set()
    enemy_side = other(side)
    enemy = {a for a, e in occ.items() if e[enemy_side]}

    def walk(cur, path):
        for nb, colour, key in _NEIGHBOURS[cur]:
            if nb == start or nb in path or not may_enter(side, nb):
                continue
            if cur == start and key in banned:
                continue
            if use.get(key, 0) + 1 > border_limit(colour, bonus):
                continue
            attack = nb in enemy
            if attack and nb in contest and not entry_ok(state, nb, side, key):
                continue
            np = path + [nb]
            if target is None or nb == target:
                yield np
            if attack or colour == "red" or len(np) >= reach:
                continue
            yield from walk(nb, np)

    return walk(start, [])


def land_paths(state, occ, bid, start, side, reach, bonus, target=None):
    """Every path (list of areas after ``start``) a block may take this move (5.2)."""
    return list(_walk_paths(state, occ, start, side, reach, bonus, target))


def can_leave_by_land(state, occ, start, side, reach, bonus, target=None) -> bool:
    """Whether any path exists: stops at the first one found."""
    return next(_walk_paths(state, occ, start, side, reach, bonus, target), None) is not None


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
    moved = state["moved"]
    out = [bid for bid in blocks_at(occ, area, side) if bid not in moved]
    if first_only:
        out = out[:1]
    if out and can_leave_by_land(state, occ, area, side, reach, bonus):
        return out
    return []


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


def recruitable(state, occ, side, first_only=False):
    out = []
    for bid, b in state["blocks"].items():
        if b["loc"] == "pool" and not b["down"] and side_of(state, bid) == side:
            if recruit_areas(state, occ, bid, side):
                out.append(bid)
                if first_only:
                    break
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
    """The player's action phase is over (the flow then starts Player 2's, or the combat phase)."""
    role = state["act"]["role"]
    ctx.log(f"{role.title()} ends its actions.")
    state["act"] = None


def settle(engine, state, ctx):
    """End a player's action phase by itself once nothing but 'end' is left."""
    act = state["act"]
    if state["step"] != "action" or state.get("result") or act is None:
        return
    if act["mode"] == "menu":
        if next(_menu_choices(state, occupancy(state), act["role"]), None) is None:
            end_player(engine, state, ctx)


def _menu(state, occ, role, choices=True):
    act = state["act"]
    return (list(_menu_choices(state, occ, role)) if choices else []) + [
        Action("end", "End actions" + (f" ({act['ap']} AP unused)" if act["ap"] else ""), "End")]


def _menu_choices(state, occ, role, only=None, legacy=False):
    """The menu's actions other than "end", lazily (``settle`` stops at the first). ``only`` is the id of
    the one action wanted: other kinds of choice are not even looked at. The menu names blocks (pick the
    block, then its destination); ``legacy`` gives the older area-first ids (``move:<area>``,
    ``sea:<area>``, ``recruit``) that stored logs hold instead."""
    act = state["act"]
    ev = act["event"]
    verb, _, arg = (only or "").partition(":")
    moved = state["moved"]

    def wanted(kind):
        return only is None or verb == kind

    def candidates(areas):
        if only is None:
            return areas
        if legacy:
            return [arg] if arg in areas else []
        where = state["blocks"].get(arg, {}).get("loc")
        return [where] if where in areas else []

    def blocks(area, first):
        return first if legacy else [b for b in sorted(blocks_at(occ, area, role))
                                     if b not in moved and (only is None or b == arg)]

    if act["ap"] > 0:
        areas = _own_areas(occ, role)
        if wanted("move" if legacy else "mv") and ev in (None, "force_march", "treason", "surprise"):
            for a in candidates(areas):
                first = movable(state, occ, a, role, act, first_only=True)
                if first and legacy:
                    yield Action(f"move:{a}", f"Move a group from {area_name(a)}", "Land move (1 AP)")
                elif first:
                    for b in blocks(a, first):
                        yield Action(f"mv:{b}", f"Move {_name(b)} ({area_name(a)})", "Land move (1 AP)")
        if wanted("sea" if legacy else "sail") and ev in (None, "surprise", "piracy"):
            for a in candidates(areas):
                first = sea_movable(state, occ, a, role, act, first_only=True)
                if first and legacy:
                    yield Action(f"sea:{a}", f"Sea move from {area_name(a)}", "Sea move (1 AP)")
                elif first:
                    for b in blocks(a, first):
                        if not BLOCKS[b].get("no_sea"):
                            yield Action(f"sail:{b}", f"Sail with {_name(b)} ({area_name(a)})", "Sea move (1 AP)")
        if ev is None and legacy and only in (None, "recruit") and recruitable(state, occ, role, first_only=True):
            yield Action("recruit", "Recruit a block from the pool", "Recruit (1 AP)")
        if ev is None and not legacy and wanted("recruit"):
            pool = state["blocks"] if only is None else {arg: state["blocks"][arg]} if arg in state["blocks"] else {}
            for b, blk in pool.items():
                if blk["loc"] == "pool" and not blk["down"] and side_of(state, b) == role:
                    places = recruit_areas(state, occ, b, role)
                    if places:
                        yield _recruit_action(b, places)
    if wanted("muster") and ev == "muster" and not act["event_done"]:
        for t in _muster_targets(state, occ, role, act):
            yield Action(f"muster:{t}", f"Muster to {area_name(t)}", "Muster event")
    if wanted("plague") and ev == "plague" and not act["event_done"]:
        for a in CITY_AREAS:
            e = occ.get(a)
            if e and e[other(role)] and not e[role]:
                yield Action(f"plague:{a}", f"Plague in {area_name(a)} ({AREAS[a]['city']})", "Plague event")


def find(engine, state, role, aid):
    """The legal action ``aid`` of the action phase, or None, without listing the whole menu. Ids of the
    older area-first order (stored logs) are still accepted where they name a legal choice."""
    act = state["act"]
    mode = act["mode"]
    if mode == "menu":
        if aid == "end":
            return _menu(state, {}, role, choices=False)[-1]
        occ = occupancy(state)
        for legacy in (False, True):
            found = next((a for a in _menu_choices(state, occ, role, only=aid, legacy=legacy) if a.id == aid), None)
            if found:
                return found
        return None
    found = next((a for a in legal(engine, state, role) if a.id == aid), None)
    if found is None and mode in ("block", "muster") and aid.partition(":")[0] in ("go", "blk"):
        found = next((a for a in _legacy(state, role) if a.id == aid), None)
    return found
def _muster_targets(state, occ, role, act):
    targets = set()
    for a in _own_areas(occ, role):
        if not _can_leave(state, occ, a, role):
            continue
        if all(bid in state["moved"] for bid in blocks_at(occ, a, role)):
            continue
        for p in _walk_paths(state, occ, a, role, 2, 0):
            if is_friendly_or_vacant(occ, p[-1], role):
                targets.add(p[-1])
    return sorted(targets)


def _muster_blocks(state, occ, role, target):
    out = []
    for a in _own_areas(occ, role):
        if a == target or not _can_leave(state, occ, a, role):
            continue
        unmoved = [bid for bid in blocks_at(occ, a, role) if bid not in state["moved"]]
        if unmoved and can_leave_by_land(state, occ, a, role, 2, 0, target):
            out += unmoved
    return out


def _recruit_action(bid, areas):
    where = f" in {area_name(areas[0])}" if len(areas) == 1 else ""
    return Action(f"recruit:{bid}", f"Recruit {_name(bid)}{where}", "Recruit (1 AP)")


def _route_matters(state, occ, role, routes, start, bonus):
    """Whether the player must choose among several routes to one destination (5.2: the mover chooses the
    path): when it is an attack (the entry border decides main attack or reserve, 6.3), when two shortest
    routes cross different borders (5.21: the crossings count against the limits for the rest of the
    turn), or when a route would fill a border to its limit. Otherwise the one shortest route is taken."""
    if len(routes) < 2:
        return False
    if is_enemy(occ, routes[0][-1], role):
        return True
    shortest = min(len(p) for p in routes)
    if len({frozenset(_borders(start, p)) for p in routes if len(p) == shortest}) > 1:
        return True
    use = state["border_use"][role]
    return any(use.get(key, 0) + 1 >= border_limit(BORDERS[key], bonus) for path in routes
               for key in _borders(start, path))


def _borders(start, path):
    """The border keys a path crosses, in order."""
    return [border_key(a, b) for a, b in zip([start] + path[:-1], path)]


def _routes_by_dest(paths):
    by_dest: dict[str, list[list[str]]] = {}
    for p in paths:
        by_dest.setdefault(p[-1], []).append(p)
    return by_dest


def _via(path):
    """The areas a route passes through, in words: " via Kent and Sussex"."""
    passed = [area_name(x) for x in path[:-1]]
    if not passed:
        return ""
    return " via " + (passed[0] if len(passed) == 1 else ", ".join(passed[:-1]) + " and " + passed[-1])


def _dest_actions(state, occ, role, start, paths, bonus):
    """One action per destination (``to:<area>``): the route is taken for the player unless it matters."""
    out = []
    by_dest = _routes_by_dest(paths)
    crowded = len(by_dest) > MENU_LIMIT           # one list would pass a chat menu's limit
    for dest, routes in by_dest.items():
        if _route_matters(state, occ, role, routes, start, bonus):
            label = f"To {area_name(dest)} (choose the way)"
        else:
            label = f"To {area_name(dest)}" + _via(min(routes, key=len))
        group = DISTANCE[min(len(p) for p in routes)] if crowded else f"From {area_name(start)}"
        out.append(Action(f"to:{dest}", label, group))
    return out


MENU_LIMIT = 25      # choices in one chat menu
DISTANCE = {1: "One area away", 2: "Two areas away", 3: "Three areas away"}


def _move_reach(act):
    return (3 if act["event"] == "force_march" else 2), (1 if act["event"] == "surprise" else 0)


def _legacy(state, role):
    """Ids of the older order that stored logs hold: the area-first menu, every route of a block
    (``go:<path>``) and the muster's ``blk:<block>``."""
    act = state["act"]
    occ = occupancy(state)
    if act["mode"] == "menu":
        return list(_menu_choices(state, occ, role, legacy=True)) + _menu(state, occ, role, choices=False)
    if act["mode"] == "block":
        reach, bonus = _move_reach(act)
        return _path_actions(land_paths(state, occ, act["block"], act["area"], role, reach, bonus), act["area"])
    return [Action(f"blk:{b}", _name(b), "Muster") for b in _muster_blocks(state, occ, role, act["target"])]


def _path_actions(paths, start):
    out = []
    for p in paths:
        label = f"To {area_name(p[-1])}" + _via(p)
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
        reach, bonus = _move_reach(act)
        paths = land_paths(state, occ, act["block"], act["area"], role, reach, bonus)
        return _dest_actions(state, occ, role, act["area"], paths, bonus) + [
            Action("back", "Choose another block", "Back")]
    if mode == "route":
        reach, bonus = _move_reach(act)
        paths = land_paths(state, occ, act["block"], act["area"], role, reach, bonus, act["target"])
        return _path_actions(paths, act["area"]) + [Action("back", "Choose another destination", "Back")]
    if mode == "muster":
        out = [Action(f"mus:{b}", f"Move {_name(b)} ({area_name(state['blocks'][b]['loc'])})", "Muster")
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
        if verb == "mv":        # pick a block: its area's group is activated (1.2), then its destination
            act.update(mode="block", area=state["blocks"][arg]["loc"], block=arg, charged=False, direct=True)
        elif verb == "sail":
            act.update(mode="sea_dest", area=state["blocks"][arg]["loc"], block=arg, direct=True)
        elif verb == "recruit" and arg:
            areas = recruit_areas(state, occupancy(state), arg, role)
            if len(areas) == 1:
                _recruit(state, role, arg, areas[0], ctx)
            else:
                act.update(mode="recruit_at", block=arg, direct=True)
        elif verb == "move":    # the older order: the area first
            act.update(mode="group", area=arg, charged=False)
            act.pop("direct", None)
        elif verb == "sea":
            act.update(mode="sea", area=arg)
            act.pop("direct", None)
        elif verb == "recruit":
            act.update(mode="recruit")
            act.pop("direct", None)
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
            if act.get("direct") and not act["charged"]:   # nothing moved yet: back to the menu
                act.update(mode="menu", area=None, block=None)
            else:
                act.update(mode="group", block=None)
        elif verb == "to":
            reach, bonus = _move_reach(act)
            occ = occupancy(state)
            routes = land_paths(state, occ, act["block"], act["area"], role, reach, bonus, arg)
            if _route_matters(state, occ, role, routes, act["area"], bonus):
                act.update(mode="route", target=arg)
            else:
                _land_move(engine, state, ctx, role, min(routes, key=len))
        else:
            _land_move(engine, state, ctx, role, arg.split(">"))
    elif mode == "route":
        if aid == "back":
            act.update(mode="block", target=None)
        else:
            act["target"] = None
            _land_move(engine, state, ctx, role, arg.split(">"))
    elif mode == "muster":
        if aid == "done":
            act.update(mode="menu")
        elif verb == "mus":
            start = state["blocks"][arg]["loc"]
            occ = occupancy(state)
            routes = land_paths(state, occ, arg, start, role, 2, 0, act["target"])
            if _route_matters(state, occ, role, routes, start, 0):
                act.update(mode="muster_block", block=arg)
            else:
                act["block"] = arg
                _muster_move(engine, state, ctx, role, min(routes, key=len))
        else:
            act.update(mode="muster_block", block=arg)
    elif mode == "muster_block":
        if aid == "back":
            act.update(mode="muster", block=None)
        else:
            _muster_move(engine, state, ctx, role, arg.split(">"))
    elif mode == "sea":
        if aid == "back":
            act.update(mode="menu", area=None)
        else:
            act.update(mode="sea_dest", block=arg)
    elif mode == "sea_dest":
        if aid == "back":
            act.update(mode="menu", area=None, block=None) if act.get("direct") else act.update(mode="sea", block=None)
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
            act.update(mode="menu", block=None) if act.get("direct") else act.update(mode="recruit", block=None)
        else:
            _recruit(state, role, act["block"], arg, ctx)
    if state.get("act") is act and act["mode"] == "menu":
        act.pop("direct", None)
    settle(engine, state, ctx)


def _land_move(engine, state, ctx, role, path):
    act = state["act"]
    _charge(act)
    _move_block(engine, state, ctx, act["block"], act["area"], path)
    act["block"] = None
    act["mode"] = "group"
    if not movable(state, occupancy(state), act["area"], role, act, first_only=True):
        act.update(mode="menu", area=None, charged=False)


def _muster_move(engine, state, ctx, role, path):
    act = state["act"]
    start = state["blocks"][act["block"]]["loc"]
    _move_block(engine, state, ctx, act["block"], start, path)
    act.update(mode="muster", block=None)
    if not _muster_blocks(state, occupancy(state), role, act["target"]):
        act.update(mode="menu")


def _recruit(state, role, bid, area, ctx):
    act = state["act"]
    act["ap"] -= 1
    b = state["blocks"][bid]
    b["loc"] = area
    b["str"] = BLOCKS[bid]["max"]
    state["moved"].append(bid)
    add_move(state, role, "pool", area, "recruit")
    ctx.log(f"{role.title()} recruits a block in {area_name(area)}.")
    ctx.log(f"You recruit {_name(bid)} in {area_name(area)}.", to=[role])
    act.update(mode="menu", block=None)


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
    who = (f"the {other(role).title()} block there loses" if len(victims) == 1 else
           f"each of the {len(victims)} {other(role).title()} blocks there loses")
    ctx.log(f"Plague strikes {AREAS[area]['city']} ({area_name(area)}): {who} a step.")
    for bid in sorted(victims):
        ctx.log(f"Plague: {_name(bid)} loses a step.", to=[other(role)])
        engine.lose_step(state, bid, ctx, public=False)
        if state.get("result"):
            return

"""What each role may see (documented in VIEW.md), the secrets behind it, and the state invariants."""

from __future__ import annotations

import functools
import operator
import pickle

from .data import (AREAS, BLOCKS, BLOCK_IDS, BORDERS, CAMPAIGN_YEARS, CARDS, EXILES, SCENARIOS, SIDES,
                   static_map)
from .state import (OFF_MAP, border_limit, contested_areas, counts_for_limit, may_enter, occupancy,
                    pretender_side, side_of, supply_limit)

PHASES = {"mulligan": "Deal", "card": "Card phase", "action": "Action phase", "combat": "Combat phase",
          "supply": "Supply phase", "political": "Political turn", "over": "Game over"}
_MAP = static_map()
_MISSING = object()
_MAP_BYTES = pickle.dumps(_MAP, protocol=pickle.HIGHEST_PROTOCOL)


def _card(cid):
    c = CARDS[cid]
    return {"id": cid, "name": c["name"], "ap": c["ap"], "event": c.get("event")}


#: shared views (``parts``) take each card's entry from here, built once (read only, like every shared part)
_SHARED_CARDS = {cid: _card(cid) for cid in CARDS}


def _card_history(discards, played, card=_card):
    """The campaign's revealed cards by game turn: each reveal discards York's card, then Lancaster's (1.1),
    and the pile starts empty at each deal, so pair n is turn n + 1."""
    pairs = [dict(zip(SIDES, discards[i:i + 2])) for i in range(0, len(discards) - 1, 2)]
    if played:   # this turn's cards are shown as "played", not as history
        pairs = pairs[:-1]
    return [{"turn": n + 1, **{s: card(c) for s, c in pair.items()}} for n, pair in enumerate(pairs)]


def _battle_area(state):
    b = state.get("battle")
    return b["area"] if b else None


#: each block's printed facts as its view entry lists them: name, title, type, max, rating, loyalty, rank, rose
_PRINTED = {bid: (info["name"], info["title"], info["type"], info["max"], f"{info['letter']}{info['fire']}",
                  info.get("loyalty") or 0, info.get("rank"), bool(info.get("rose"))) for bid, info in BLOCKS.items()}
_PRINTED_SIDE = {bid: info["side"] for bid, info in BLOCKS.items()}
_IN_ORDER = [(bid, _PRINTED_SIDE[bid]) for bid in BLOCK_IDS]   # the blocks as views list them, with printed side


def _entry(state, bid, made=None):
    """A shown block's entry; ``made``: :func:`_block_entry` or its cache (shared views)."""
    b = state["blocks"][bid]
    return (made or _block_entry)(bid, side_of(state, bid), b["str"], b["down"], bid in state["moved"],
                                  bid == state["king"], bid == state["pretender"])


def _block_entry(bid, side, strength, down, moved, king, pretender):
    name, title, kind, most, rating, loyalty, rank, rose = _PRINTED[bid]
    entry = {"id": bid, "name": name, "title": title, "side": side, "type": kind, "strength": strength,
             "max": most, "rating": rating, "loyalty": loyalty, "moved": moved}
    if rank:
        entry["rank"] = rank
    if rose:
        entry["rose"] = True
    if down:
        entry["down"] = True
    if king:
        entry["king"] = True
    if pretender:
        entry["pretender"] = True
    return entry


#: shared views take a block's entry from here: the same wherever the block stands as it is (read only)
_shared_block_entry = functools.lru_cache(maxsize=4096)(_block_entry)


def _crown(state, key, role):
    bid = state[key]
    side = state["king_side"] if key == "king" else pretender_side(state)
    out = {"side": side, "heir": BLOCKS[bid]["name"] if bid else None,
           "rank": BLOCKS[bid]["rank"] if bid else None}
    if bid and role == side:
        out["block"] = bid
    return out


def build(state, role, active=(), waiting=(), with_map=True, memo=None):
    """``active``: roles that must act now; ``waiting``: those of them the game is waiting for (a role that made
    its secret choice stays active, free to change it, but is not waited for). Both are public. Without
    ``with_map`` the static map is left out (see :func:`shared_part`). ``memo``: what several readers' views
    of one state share (the public parts, the layout, the block entries and the areas as a reader who owns
    no block there sees them), built once; the views then share them and only read them. Without it the
    view is built afresh, sharing nothing with another."""
    fresh = memo is None
    memo = {} if fresh else memo
    if "public" not in memo:
        memo["layout"] = layout = _layout(state) if fresh else _shared_layout(
            tuple([state["blocks"][bid]["loc"] for bid in BLOCK_IDS]), state.get("captive"), pretender_side(state))
        memo["public"] = _public(state, layout, list(active), list(waiting), fresh)
        memo["entries"], memo["rows"] = {}, {}
    public, layout = memo["public"], memo["layout"]
    everything = bool(state.get("result"))   # every block is revealed once the game is over

    made = None if fresh else _shared_block_entry
    card = _card if fresh else _SHARED_CARDS.get

    def entry(bid):
        found = memo["entries"].get(bid)
        if found is None:
            found = memo["entries"][bid] = _entry(state, bid, made)
        return found
    pools = {side: {"count": len(mine), "blocks": [entry(b) for b in mine] if role == side or everything else None}
             for side, mine in layout["pools"].items()}
    gone = (tuple(layout["gone"]), tuple((state.get("hidden_dead") or {}).items()), role)
    dead, off_map = _gone(*gone) if fresh else _shared_gone(*gone)
    played = state.get("revealed")
    shown = public["cards"]
    cards = {
        "hand": [card(c) for c in state["hands"][role]] if role in SIDES else None,
        "hand_size": shown["hand_size"], "committed": shown["committed"],
        "my_card": card(state["played"][role]) if role in SIDES and state["played"][role] and not played else None,
        "played": shown["played"], "discards": shown["discards"], "history": shown["history"],
    }
    own = {"role": role, "king": _crown(state, "king", role), "pretender": _crown(state, "pretender", role),
           "cards": cards, "areas": _areas(state, role, memo, entry, everything, fresh), "pools": pools, "dead": dead,
           "off_map": off_map if role in SIDES else None, "action": _action_view(state, role),
           "battle": _battle_view(state, role, layout["occ"])}
    view = dict(public)   # every key in its place, the reader's own ones replaced
    view.update(own)
    if with_map:
        view["map"] = pickle.loads(_MAP_BYTES)   # a fresh copy: callers may edit their view
    return view


def _gone(gone, hidden_dead, role):
    """The blocks out of the game as ``role`` knows them, and its own copies serving the enemy (``gone``: the
    layout's, ``hidden_dead``: the state's as pairs)."""
    dead = {s: [] for s in SIDES}
    off_map = []
    hidden_dead = dict(hidden_dead)
    for bid, where, side in gone:
        if where == "dead":
            knower = hidden_dead.get(bid)
            if knower is None or knower == role:
                dead.setdefault(side, []).append({"id": bid, "name": BLOCKS[bid]["name"]})
            elif side == role:   # our copy of a noble the enemy lost unseen: as far as we know it still serves him
                off_map.append({"id": bid, "name": BLOCKS[bid]["name"]})
        elif side == role:
            off_map.append({"id": bid, "name": BLOCKS[bid]["name"]})
    return dead, off_map


#: shared views take them from here: the same while the same blocks are out (read only)
_shared_gone = functools.lru_cache(maxsize=1024)(_gone)


def _areas(state, role, memo, entry, everything, fresh):
    """Each area holding blocks as ``role`` sees it: the areas where it owns none (outside the battle being
    fought, which everyone sees) are the same for every reader, built once (unless ``fresh``, taken from
    :func:`_unseen_area`); the others are built for it."""
    battle_area = _battle_area(state)
    rows = memo["rows"]   # (area, side, shown) -> that side's entries there

    def area_view(area, by_side, control, sees):
        blocks = []
        for side, bids in by_side:
            shown = everything or side == sees or area == battle_area
            found = rows.get((area, side, shown))
            if found is None:
                found = rows[area, side, shown] = [entry(bid) for bid in bids] if shown else \
                    _tokens(side, area, len(bids)) if fresh else _shared_tokens(side, area, len(bids))
            blocks += found
        return {"blocks": blocks, "contested": len(control) == 2,
                "control": control[0] if len(control) == 1 else None}
    layout = memo["layout"]
    public = memo.get("areas")
    if public is None and (fresh or everything):
        public = memo["areas"] = {area: area_view(area, by_side, control, None)
                                  for area, by_side, control in layout["areas"]}
    elif public is None:   # a shared layout keeps its areas as nobody sees their blocks; the battle's seen
        unseen = layout.get("unseen")
        if unseen is None:
            unseen = layout["unseen"] = {area: _unseen_area(area, len(by_side[0][1]), len(by_side[1][1]))
                                         for area, by_side, control in layout["areas"]}
        public = memo["areas"] = unseen
        if battle_area in unseen:
            public = memo["areas"] = dict(unseen)
            public[battle_area] = next(area_view(area, by_side, control, None)
                                       for area, by_side, control in layout["areas"] if area == battle_area)
    if role not in SIDES or everything:
        return public
    areas = dict(public)   # the same keys in the same order, those where the reader owns blocks redone
    occ = layout["occ"]
    if fresh:
        for area, by_side, control in layout["areas"]:
            if area != battle_area and occ[area][role]:
                areas[area] = area_view(area, by_side, control, role)
        return areas
    blocks = state["blocks"]
    moved, king, pretender = state["moved"], state["king"], state["pretender"]
    for area, by_side, control in layout["areas"]:
        mine = occ[area][role]   # the blocks serving ``role`` (the Rebel too, with the Pretender)
        if mine and area != battle_area:   # the area as the blocks there stand, from the cache
            shown = tuple((bid, role, blocks[bid]["str"], blocks[bid]["down"], bid in moved, bid == king,
                           bid == pretender) for bid in mine)
            areas[area] = _owned_area(area, role, shown, len(occ[area][_OTHER[role]]))
    return areas


_OTHER = {"york": "lancaster", "lancaster": "york"}


@functools.lru_cache(maxsize=4096)
def _owned_area(area, role, shown, others):
    """An area where ``role`` sees its blocks (``shown``: each block's entry as :func:`_block_entry` takes
    it) and ``others`` enemy blocks it does not see (for shared views, read only)."""
    mine = [_shared_block_entry(*entry) for entry in shown]
    theirs = _shared_tokens(_OTHER[role], area, others)
    return {"blocks": mine + theirs if role == SIDES[0] else theirs + mine,
            "contested": bool(others), "control": None if others else role}


def _tokens(side, area, count):
    """``count`` blocks of ``side`` in ``area`` as a reader who does not see them sees them."""
    return [{"hidden": True, "side": side, "token": f"{side}-{area}-{n}"} for n in range(1, count + 1)]


#: shared views (``parts``) take the hidden blocks of an area from here: the same in every state with as
#: many blocks there, so built once a game and compared by identity (read only, like every shared part)
_shared_tokens = functools.lru_cache(maxsize=4096)(_tokens)


@functools.lru_cache(maxsize=4096)
def _unseen_area(area, york, lancaster):
    """An area holding ``york`` and ``lancaster`` blocks, none of them shown (for shared views, read only)."""
    sides = [s for s, count in zip(SIDES, (york, lancaster)) if count]
    return {"blocks": _shared_tokens("york", area, york) + _shared_tokens("lancaster", area, lancaster),
            "contested": len(sides) == 2, "control": sides[0] if len(sides) == 1 else None}


def _layout(state):
    """Where the blocks are, the same for every reader, in one pass over them: ``occ`` as
    :func:`rules.richard3.state.occupancy` gives it (each side's ids sorted), each area holding blocks with
    its blocks by side and the sides there, the pools by side, the blocks dead or off the map (with their
    printed side) and the minor heirs by printed side, in the order views list them."""
    return _layout_of(tuple([state["blocks"][bid]["loc"] for bid in BLOCK_IDS]), state.get("captive"),
                      pretender_side(state))


def _layout_of(locations, captive, pret):
    """:func:`_layout` of the blocks at ``locations`` (in ``BLOCK_IDS`` order)."""
    occ: dict = {}
    pools: dict = {side: [] for side in SIDES}
    minors: dict = {side: [] for side in SIDES}
    gone = []
    for (bid, printed), where in zip(_IN_ORDER, locations):
        if where in AREAS:
            if bid != captive:
                found = occ.get(where)
                if found is None:
                    found = occ[where] = {"york": [], "lancaster": []}
                found[pret if printed == "rebel" else printed].append(bid)
        elif where == "pool":
            pools[pret if printed == "rebel" else printed].append(bid)
        elif where == "dead" or where == "off":
            gone.append((bid, where, printed))
        elif where == "minor":
            minors[printed].append(bid)
    areas = []
    for area in sorted(occ):
        found = occ[area]
        for side in SIDES:
            found[side].sort()
        areas.append((area, [(side, found[side]) for side in SIDES], [s for s in SIDES if found[s]]))
    return {"occ": occ, "areas": areas, "pools": pools, "gone": gone, "minors": minors}


#: shared views take the layout from here: the same wherever the blocks stand alike (only read)
_shared_layout = functools.lru_cache(maxsize=1024)(_layout_of)


#: the keys of a view that differ between readers (the rest is public)
OWN_KEYS = ("role", "king", "pretender", "cards", "areas", "pools", "dead", "off_map", "action", "battle")


def _public(state, layout, active, waiting, fresh=True):
    """Every key of a view in its order, those in ``OWN_KEYS`` as placeholders: the same for every reader.
    Unless ``fresh``, the minor heirs and the cards shown are taken from caches (shared views)."""
    played = state.get("revealed")
    minors = (_minors if fresh else _shared_minors)(tuple(layout["minors"]["york"]),
                                                     tuple(layout["minors"]["lancaster"]))
    shown = (_cards_shown if fresh else _shared_cards_shown)(
        tuple(state["discards"]), tuple(played[s] for s in SIDES) if played else None)
    captive = state.get("captive")
    return {
        "game": "richard3", "role": None, "scenario": state["scenario"],
        "scenario_name": SCENARIOS[state["scenario"]]["name"],
        "campaign": state["campaign"], "last_campaign": state["last_campaign"], "turn": state["turn"],
        "year": CAMPAIGN_YEARS.get(state["campaign"]), "step": state["step"], "phase": PHASES[state["step"]],
        "king": None, "pretender": None,
        "first_campaign": SCENARIOS[state["scenario"]]["first_campaign"],
        "active": active, "waiting": waiting,
        "player1": state["p1"],
        "cards": {"hand_size": {s: len(state["hands"][s]) for s in SIDES},
                  "committed": {s: state["played"][s] is not None and not played for s in SIDES},
                  **shown},
        "areas": None, "pools": None, "minors": minors, "dead": None, "off_map": None,
        "captive": {"name": BLOCKS[captive]["name"], "area": state["blocks"][captive]["loc"]} if captive else None,
        "moves": [dict(m) for m in state["moves"]],
        "contested": contested_areas(layout["occ"]),
        "border_use": {s: dict(state["border_use"][s]) for s in SIDES},
        "action": None, "battle": None,
        "battles_fought": list(state["battles_done"]),
        "result": state.get("result"),
    }


def _minors(york, lancaster):
    """The heirs not yet in play by side (``york``, ``lancaster``: their ids)."""
    return {s: [{"id": bid, "name": BLOCKS[bid]["name"], "rank": BLOCKS[bid]["rank"]} for bid in bids]
            for s, bids in zip(SIDES, (york, lancaster))}


def _cards_shown(discards, played, card=_card):
    """The cards every reader sees: this turn's revealed cards (``played``: York's and Lancaster's, or
    None), the discards without them, and the campaign's history."""
    played = dict(zip(SIDES, played)) if played else None
    return {"played": {s: card(played[s]) for s in SIDES} if played else None,
            "discards": [card(c) for c in discards if not played or c not in played.values()],
            "history": _card_history(list(discards), played, card)}


#: shared views take them from here (read only)
_shared_minors = functools.lru_cache(maxsize=256)(_minors)
_shared_cards_shown = functools.lru_cache(maxsize=1024)(
    lambda discards, played: _cards_shown(discards, played, _SHARED_CARDS.get))


def parts(state, readers, active, waiting):
    """The views of ``readers`` as the part all of them see (the static map too) and each one's own keys."""
    memo = {}
    views = [build(state, r, active, waiting, with_map=False, memo=memo) for r in readers]
    public = memo.get("public", {})
    keys = [key for key in public if key not in OWN_KEYS]
    values = [public[key] for key in keys]
    # a public key is shared where every view holds it as built once (a view that changed it keeps its own)
    if all(len(view) == len(public) and all(map(operator.is_, map(view.get, keys), values)) for view in views):
        shared = dict(zip(keys, values))
        own = [{key: view[key] for key in OWN_KEYS} for view in views]   # every view holds the public keys alone
    else:
        shared = {key: value for key, value in zip(keys, values)
                  if all(view.get(key, _MISSING) is value for view in views)}
        own = [{key: value for key, value in view.items() if key not in shared} for view in views]
    shared.update(shared_part())
    return shared, dict(zip(readers, own))


def shared_part() -> dict:
    """The part of every view that every reader shares: the static map, not copied (read only)."""
    return {"map": _MAP}


def _action_view(state, role):
    act = state.get("act")
    if not act or state["step"] != "action":
        return None
    out = {"role": act["role"], "ap": act["ap"], "event": act["event"]}
    if role == act["role"]:
        out["mode"] = act["mode"]
        out["area"] = act.get("area")
    return out


def _battle_view(state, role, occ):
    b = state.get("battle")
    if not b:
        return None
    area = b["area"]
    from .battle import fire_value, letter_of   # imported here: battle imports the engine's modules
    blocks = {}
    for side in SIDES:
        rows = []
        for bid in sorted(occ.get(area, {}).get(side, [])):
            e = _entry(state, bid)
            e["reserve"] = bid in b["reserves"]
            e["acted"] = bid in b["acted"]
            e["hits_taken"] = b["hits"].get(bid, 0)
            e["fire_now"] = f"{letter_of(b, bid)}{fire_value(state, b, bid, occ)}"
            rows.append(e)
        blocks[side] = rows
    out = [{"id": o["id"], "name": BLOCKS[o["id"]]["name"], "side": o["side"], "fate": o["fate"], "to": o["to"],
            "hits_taken": o["hits_taken"], "round": o["round"]} for o in b.get("out", [])]
    for o in out:   # its owner knows the strength a block left with (and keeps) outside the battle
        if role == o["side"] and o["fate"] != "eliminated" and state["blocks"][o["id"]]["loc"] in AREAS:
            o["strength"] = state["blocks"][o["id"]]["str"]
    return {"area": area, "attacker": b["attacker"], "defender": b["defender"], "round": b["round"],
            "stage": b["stage"], "actor": b["actor"], "blocks": blocks, "out": out, "lines": list(b["lines"]),
            "pending_hits": (b["pending"] or {}).get("hits", 0), "winner": b["winner"]}


def secrets(state, role):
    """Ids of this role's hidden blocks (on the map outside a battle, in its pool, or removed from the game unseen)
    and cards in hand."""
    out = set(state["hands"][role])
    if state.get("result"):   # every block is revealed at the end
        return out
    battle_area = _battle_area(state)
    # a block that left the battle being fought (retreat, elimination) was named there with its fate (6.1)
    announced = {o["id"] for o in (state["battle"] or {}).get("out", [])}
    captive = state.get("captive")
    for bid, knower in (state.get("hidden_dead") or {}).items():
        if knower == role and BLOCKS[bid]["side"] == role:   # removed unseen (supply, Plague)
            out.add(bid)
    blocks = state["blocks"]
    for bid in _PRINTED_FOR.get(role, []) + (_REBELS if role == pretender_side(state) else []):   # with the Pretender
        where = blocks[bid]["loc"]
        if bid != captive and bid not in announced and (where == "pool" or (where in AREAS and where != battle_area)):
            out.add(bid)
    return out


_PRINTED_FOR = {side: [bid for bid in BLOCK_IDS if _PRINTED_SIDE[bid] == side] for side in SIDES}
_REBELS = [bid for bid in BLOCK_IDS if _PRINTED_SIDE[bid] == "rebel"]


def invariant_errors(state):
    errors = []
    blocks = state["blocks"]
    if sorted(blocks) != sorted(BLOCK_IDS) or len(blocks) != 63:
        errors.append(f"{len(blocks)} blocks in the state instead of the 63")
    for bid, b in blocks.items():
        where = b["loc"]
        if where not in AREAS and where not in OFF_MAP:
            errors.append(f"{bid} is at unknown place {where!r}")
        if not 1 <= b["str"] <= BLOCKS[bid]["max"]:
            errors.append(f"{bid} has strength {b['str']} (max {BLOCKS[bid]['max']})")
        if where in AREAS and AREAS[where]["kind"] == "sea":
            errors.append(f"{bid} is at sea")
        if where in EXILES and not may_enter(side_of(state, bid), where):
            errors.append(f"{bid} is in an enemy exile {where}")
        twin = BLOCKS[bid].get("twin")
        if twin and where not in ("off", "dead") and blocks[twin]["loc"] not in ("off", "dead"):
            errors.append(f"both {bid} and {twin} are in play")
    for side in SIDES:
        bonus = 1 if state.get("surprise") == side else 0
        for key, n in state["border_use"][side].items():
            if n > border_limit(BORDERS[key], bonus):
                errors.append(f"{side} crossed {key} {n} times (limit {border_limit(BORDERS[key], bonus)})")
    occ = occupancy(state)
    step = state["step"]
    if step in ("action", "combat"):
        for area in contested_areas(occ):
            if area not in state["contest"]:
                errors.append(f"{area} is contested but nobody is recorded as its attacker")
    if step in ("mulligan", "card", "supply", "political") and contested_areas(occ):
        errors.append(f"contested areas {contested_areas(occ)} outside the action and combat phases")
    if step == "card":
        for side in SIDES:
            if len(state["hands"][side]) != 8 - state["turn"]:
                errors.append(f"{side} holds {len(state['hands'][side])} cards in turn {state['turn']}")
        done = state.get("supply_done") or {}
        for area, e in (occ.items() if state["turn"] > 1 else ()):
            for side in SIDES:
                over = len([x for x in e[side] if counts_for_limit(x, area)]) - supply_limit(area)
                if over > 0 and done.get(area, 0) < over:
                    errors.append(f"{area} is {over} over its supply limit but only {done.get(area, 0)} "
                                  "step(s) were lost")
    if not state.get("result"):
        king = state["king"]
        # the throne may be empty from a King's death to the next Supply Phase (6.81), never in the Political Turn
        if king is None and step == "political" or king is not None and (
                BLOCKS[king]["side"] != state["king_side"] or blocks[king]["loc"] in ("dead", "off")):
            errors.append(f"no valid King ({king})")
        if king is None and step in ("card", "mulligan") and not any(
                blocks[h]["loc"] == "dead" for h in BLOCKS if BLOCKS[h]["type"] == "heir"
                and BLOCKS[h]["side"] == state["king_side"]):
            errors.append("the throne is empty although no heir of the King's side has died")
    b = state.get("battle")
    if b:
        for x in b["reserves"]:
            if blocks[x]["loc"] != b["area"]:
                errors.append(f"reserve {x} is not in the battle area")
    if state["captive"] and blocks[state["captive"]]["loc"] not in AREAS:
        errors.append("the captive is not on the map")
    return errors

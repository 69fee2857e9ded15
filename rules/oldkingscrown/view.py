"""What each role may see (VIEW.md), the secrets behind it, and the state's invariants.

A view is assembled from parts built once: each card's printed object and each Kingdom card's object once
for the game (module level); the board every reader sees alike, from the public facts alone (``public_facts``)
once per position, and for ``parts`` (Engine.view_parts) once for positions with the same public facts; each
reader's own keys on top. Parts are read only: views share them."""

from __future__ import annotations

import marshal
from functools import partial

from .data import BOARD, CARDS, COUNCIL_NAMES, COUNCILS, FACTION_NAMES, FAVOUR, KINGDOM, \
    LOCATIONS, REGION_LOCATIONS, REGION_NAMES, REGIONS, SITE_IDS, BASIC_IDS, TACTICS
from .flow import defence
from .procedures import asked, pending, pending_frames
from . import state as S


def _printed(cid):
    """A card's printed object (as VIEW.md lists its keys)."""
    c = CARDS[cid]
    out = {"id": cid, "name": c["name"], "faction": c["faction"], "kind": c["kind"]}
    if c["kind"] != "hq":
        out.update({"strength": c["strength"] or 0, "archetype": c["archetype"], "votes": c["votes"] or 0,
                    "lore": c["lore"] or 0, "traits": sorted(c["traits"]), "commands": sorted(c["commands"])})
    if c.get("cost") is not None:
        out["cost"] = c["cost"]
    if c.get("text"):
        out["text"] = c["text"]
    return out


#: Built once for the game and shared by every view (read only): printed cards, cards out of play (named
#: only: the printed information is in the game's data), Kingdom cards, Favour actions, tactic tiles by uses.
_PRINTED = {cid: _printed(cid) for cid in CARDS}
_BRIEF = {cid: {"id": cid, "name": c["name"], "faction": c["faction"]} for cid, c in CARDS.items()}
_KINGDOM = {k: {"id": k, "name": c["name"], "suit": c["suit"], "text": c["text"], "source": c["source"]}
            for k, c in KINGDOM.items()}
_FAVOUR_ACTION = {f: {"name": c["name"], "text": c["text"]} for f, c in FAVOUR.items()}
_TACTIC = {(t, u): {"name": c["name"], "text": c["text"], "uses_left": u, "exhausted": u == 0}
           for t, c in TACTICS.items() for u in range(c["uses"] + 1)}
#: HQ cards and Kingdom cards whose abilities change the information of a faction's cards (see _touched)
_INFO_HQ = frozenset(c for c, card in CARDS.items() if set(card.get("abilities", ())) & set(S.CARD_INFO_HQ))
_PATHFINDER = frozenset(k for k in KINGDOM if S.kingdom_ops_of(k, "all_pathfinder"))


def _touched(state):
    """What can change a card's printed information now: the factions with an HQ that changes card
    information or a pathfinder Kingdom card, the cards a round modifier names, the cards in the clash's
    region (Guerrilla Fighters blank them)."""
    factions = {f for f, p in state["factions"].items()
                if not _INFO_HQ.isdisjoint(p["hq"]) or not _PATHFINDER.isdisjoint(p["kingdom_supply"])
                or not _PATHFINDER.isdisjoint([sp["card"] for sp in p["spaces"] if sp])}
    cards = {m["card"] for m in state["mods"] if m.get("card")}
    if state["clash"] is not None:
        cards.update(e["id"] for e in state["regions"][state["clash"]["region"]]["cards"])
    return factions, cards


def _card_of(state, memo, cid):
    """A card object with its current information (printed, gained, blanked): the printed object itself
    unless an ability changes that card's information now (the usual case), built once per view."""
    built = memo["cards"]
    card = built.get(cid)
    if card is None:
        card = _PRINTED[cid]
        factions, cards = memo["touched"]
        if card["kind"] != "hq" and (card["faction"] in factions or cid in cards):
            card = {**card, "strength": S.strength(state, cid), "votes": S.votes_of_card(state, cid),
                    "traits": sorted(S.traits(state, cid)), "commands": sorted(S.commands(state, cid))}
        elif memo["fresh"]:
            card = dict(card)
        built[cid] = card
    return card


def _kingdom_of(memo, k):
    return dict(_KINGDOM[k]) if memo["fresh"] else _KINGDOM[k]


def _pending(state):
    """The pending decision's frame data with its name under ``kind`` (None when nothing is asked)."""
    name, local = pending(state)
    return {**local, "kind": name} if name else None


def clash_totals(state) -> dict:
    """The clash's totals: as tallied once the tally is done (its supporters are then marked counted, so a
    fresh sum would leave them out), else as they stand."""
    clash = state["clash"]
    for frame in reversed(state["flow"]):
        tallied = frame["local"].get("totals") if frame["name"] == "tally" else None
        if tallied and tallied["clash"] == [clash["region"], clash["number"]]:
            return dict(tallied["strength"])
    return {f: S.clash_total(state, f) for f in clash["participants"]}


def build(state, role, active=()):
    """``role``'s view, its card and Kingdom objects copies of the printed ones (a caller may change them)."""
    public = public_facts(state)
    everyone = _everyones(public, _memo(public, active, fresh=True))
    own = own_part(state, role, _memo(state, active, fresh=True), everyone)
    out = {key: own.get(key, value) for key, value in everyone.items()}
    if "me" in own:
        out["me"] = own["me"]
    return out


def parts(state, readers, active=()):
    """The views of ``readers`` as the part all of them see and each one's own keys (Engine.view_parts;
    read only: they share the printed card objects, and positions with the same public facts share the
    part all readers see)."""
    everyone, shared = _board(state, active)
    memo = _memo(state, active)
    return shared, {r: own_part(state, r, memo, everyone) for r in readers}


def own_parts(state, readers, active=()):
    """The readers' own keys alone (Engine.own_views): the board, where an own key takes part of it (a
    region without the reader's face-down cards, the players' facts while bidding), is the one built
    for these public facts (usually by an earlier position's views)."""
    memo = _memo(state, active)
    everyone = _board(state, active)[0] if memo["face_down"] or _bidding(memo["frame"]) else None
    return {r: own_part(state, r, memo, everyone) for r in readers}


def public_facts(state):
    """``state`` with what only one faction (or nobody) knows left out: the cards in hands and decks and
    the dealt Kingdom cards (each a blank, so only their count is left), face-down cards' ids on the map
    and among the clash's added cards, the pending decision's secret picks (who has picked is left) and
    the Kingdom deck's order. The board every reader sees alike is built from these alone, so no hidden
    card can show in it, and positions that differ only in hidden data have the same board."""
    factions = {}
    for f, p in state["factions"].items():
        blank = {"hand": [None] * len(p["hand"]), "deck": [None] * len(p["deck"])}
        if "dealt" in p:
            blank["dealt"] = [None] * len(p["dealt"])
        factions[f] = {**p, **blank}
    regions = {r: {**reg, "cards": [e if e["up"] else {**e, "id": None} for e in reg["cards"]]}
               for r, reg in state["regions"].items()}
    flow = state["flow"]
    if flow and isinstance(flow[-1]["local"].get("choices"), dict):
        top = flow[-1]
        flow = [*flow[:-1], {**top, "local": {**top["local"], "choices": dict.fromkeys(top["local"]["choices"])}}]
    clash = state["clash"] and {**state["clash"], "added": [None] * len(state["clash"]["added"])}
    public = {key: value for key, value in state.items() if key not in _NOT_READ}
    public.update(factions=factions, regions=regions, flow=flow, clash=clash, kdeck=[None] * len(state["kdeck"]))
    return public


#: What no view reads: the generator's state, and the opening's log lines (some are one player's)
_NOT_READ = ("rng", "setup_log")


#: The board every reader sees alike (and that board without the readers' own keys) by the public facts
#: and active roles it was built from, for the latest positions: a pure function of them (read only).
_BOARDS: dict[bytes, tuple[dict, dict]] = {}
_BOARDS_KEPT = 64


def _board(state, active):
    public = public_facts(state)
    key = marshal.dumps((public, list(active)), 2)   # version 2: equal data, equal bytes (no shared refs)
    found = _BOARDS.get(key)
    if found is None:
        memo = _memo(public, active)
        everyone = _everyones(public, memo)
        keys = _own_keys(memo)
        found = _BOARDS[key] = (everyone, {k: v for k, v in everyone.items() if k not in keys})
        if len(_BOARDS) > _BOARDS_KEPT:
            _BOARDS.pop(next(iter(_BOARDS)), None)
    return found


def _memo(state, active, fresh=False):
    """What the readers' views of one state share, built as needed. ``fresh``: each card and Kingdom
    object copied (a view a caller may change), else the printed ones shared."""
    down = {r: {e["owner"] for e in state["regions"][r]["cards"] if not e["up"]} for r in REGIONS}
    return {"touched": _touched(state), "cards": {}, "frame": _pending(state), "active": list(active),
            "down": down, "face_down": any(down.values()), "fresh": fresh}


def _own_keys(memo) -> tuple[str, ...]:
    """The top-level keys that may differ between readers. Which they are depends on public facts only
    (a face-down card on the map, a bid placed), so the split is the same whatever the hidden data."""
    keys = ["role"]
    if memo["face_down"]:
        keys.append("regions")
    if _bidding(memo["frame"]):
        keys.append("players")
    return tuple(keys)


def _bidding(frame) -> bool:
    return bool(frame and frame["kind"] == "bid" and frame.get("choices"))


def _region(state, r, role, memo):
    """Region ``r`` as ``role`` sees it (``None``: as everyone sees it)."""
    reg = state["regions"][r]
    cards = []
    for e in reg["cards"]:
        up = e["up"]
        if up or e["owner"] == role:
            entry = {"owner": e["owner"], "face_up": up, **_card_of(state, memo, e["id"])}
            entry["face_up"] = up
        else:
            entry = {"owner": e["owner"], "face_up": up}
        if up:
            entry["clash"] = e["clash"]
        if e.get("deployed"):
            entry["deploy_influence"] = e["tokens"]
        cards.append(entry)
    if "locations" not in memo:
        memo["locations"] = _locations(state)
    return {"name": REGION_NAMES[r], "cards": cards, "supporters": dict(reg["supporters"]),
            "supporters_counted": dict(reg["counted"]), "locations": memo["locations"][r]}


def own_part(state, role, memo, everyone):
    """``role``'s own keys: ``role``, and ``regions``, ``players`` and ``me`` where they may differ.
    ``everyone``: the board every reader sees alike (where the reader's keys take it)."""
    frame = memo["frame"]
    out = {"role": role}
    if memo["face_down"]:
        out["regions"] = {r: _region(state, r, role, memo) if role in memo["down"][r] else everyone["regions"][r]
                          for r in REGIONS}
    if _bidding(frame):
        players = dict(everyone["players"])
        if role in frame["choices"]:
            players[role] = {**players[role], "bid": {"placed": True,
                                                      "card": _card_of(state, memo, frame["choices"][role])}}
        out["players"] = players
    if role in state["factions"]:
        p = S.fx(state, role)
        mine = {"hand": [_card_of(state, memo, c) for c in p["hand"]]}
        if frame and frame["kind"] == "regions" and role in frame["choices"]:
            mine["placing"] = {r: _card_of(state, memo, c) for r, c in frame["choices"][role].items()}
        if p.get("dealt"):
            mine["dealt"] = [_kingdom_of(memo, k) for k in p["dealt"]]
        if frame and frame["kind"] == "advanced":
            mine["advanced"] = dict(frame["choices"].get(role, {}))
        out["me"] = mine
    return out


def _locations(state):
    """Each region's locations."""
    heralds = {}
    for f in S.factions(state):
        heralds.setdefault(S.fx(state, f)["herald"], []).append(f)
    return {r: {loc: {"name": LOCATIONS[loc]["name"], "reward": LOCATIONS[loc]["text"],
                      "heralds": heralds.get(loc, []), "tokens": dict(state["locations"][loc]["tokens"])}
                for loc in REGION_LOCATIONS[r]} for r in REGIONS}


def _councils(state, memo):
    factions = S.factions(state)
    votes = {f: S.votes_in_councils(state, f) for f in factions}
    councils = {}
    for c in COUNCILS:
        entries = []
        for e in state["councils"][c]:
            if e["kind"] == "card":
                entries.append({"entry": "card", "owner": e["owner"], **_card_of(state, memo, e["id"])})
            else:
                entries.append({"entry": e["kind"], "owner": e["owner"]})
        councils[c] = {"name": COUNCIL_NAMES[c], "entries": entries, "votes": {f: votes[f][c] for f in factions}}
    return councils


def _players(state, memo):
    """Every faction's public facts (with a placed bid as placed only), built once."""
    if "players" in memo:
        return memo["players"]
    frame = memo["frame"]
    bidding = frame["choices"] if frame and frame["kind"] == "bid" and "choices" in frame else {}
    bids = state.get("bids") or {}
    on_map = {f: 0 for f in state["factions"]}
    for r in REGIONS:
        for f, n in state["regions"][r]["supporters"].items():
            on_map[f] = on_map.get(f, 0) + n

    built, fresh = memo["cards"], memo["fresh"]

    def card(cid):
        return built.get(cid) or _card_of(state, memo, cid)

    def king(k):
        return dict(_KINGDOM[k]) if fresh else _KINGDOM[k]
    brief = (lambda c: dict(_BRIEF[c])) if fresh else _BRIEF.__getitem__
    players = {}
    for i, f in enumerate(state["order"]):
        p = S.fx(state, f)
        bid_state = None
        if f in bidding:
            bid_state = {"placed": True}
        elif f in bids:
            bid_state = {"placed": True, "revealed": True, "card": card(bids[f])}
        players[f] = {
            "name": FACTION_NAMES[f], "seat": "rival" if p["rival"] else "player", "rival_level": p["rival"],
            "influence": p["influence"], "lore": p["lore"], "site_lore": p["site_lore"],
            "hand_count": len(p["hand"]), "hand_size": p["hand_size"], "deck_count": len(p["deck"]),
            "discard": list(map(brief, p["discard"])),
            "site": [card(c) for c in p["site"]], "hq": [card(c) for c in p["hq"]],
            "spaces": [({"kingdom": king(sp["card"]), "occupier": card(sp["occupier"]),
                         "defence": defence(state, f, j)} if sp else None) for j, sp in enumerate(p["spaces"])],
            "kingdom_supply": [king(k) for k in p["kingdom_supply"]],
            "herald": p["herald"], "supporters_home": p["supporters_home"], "supporters_lost": p["supporters_lost"],
            "supporters_on_map": on_map[f], "markers_free": S.markers_free(state, f),
            "tactics": {t: dict(_TACTIC[t, u]) if fresh else _TACTIC[t, u] for t, u in p["tactics"].items()},
            "favour_action": dict(_FAVOUR_ACTION[f]) if fresh else _FAVOUR_ACTION[f],
            "favour_uses": p["favour"] if state["favour"] == f else 0, "door_markers": p["door_markers"],
            "governs_left": p["governs"], "journeys_left": p["journeys"], "bid": bid_state,
            "order": i + 1,
        }
    memo["players"] = players
    return players


def _everyones(state, memo):
    """Every top-level key but ``me`` as every reader sees it alike (``role`` as None, ``regions`` as a
    spectator sees them), in the view's order; built once."""
    if "everyone" in memo:
        return memo["everyone"]
    frame, active = memo["frame"], memo["active"]
    memo["everyone"] = {
        "game": "oldkingscrown", "role": None, "round": state["round"], "rounds": state["rounds"],
        "season": state["season"], "edition": state["options"]["edition"], "active": list(active),
        "waiting": list(active), "decision": frame["kind"] if frame else None, "order": list(state["order"]),
        "favour": {"holder": state["favour"], "uses": S.fx(state, state["favour"])["favour"] if state["favour"] else 0},
        "road": [_kingdom_of(memo, k) if k else None for k in state["road"]], "kingdom_deck": len(state["kdeck"]),
        "kingdom_discard": [KINGDOM[k]["name"] for k in state["kdiscard"]],
        "regions": {r: _region(state, r, None, memo) for r in REGIONS},
        "clash_order": list(state["clash_order"]), "resolved": list(state["resolved"]),
        "clash": ({"region": state["clash"]["region"], "number": state["clash"]["number"],
                   "participants": list(state["clash"]["participants"]),
                   "strength": clash_totals(state),
                   "face_down_added": len(state["clash"]["added"])} if state["clash"] else None),
        "councils": _councils(state, memo), "lost": [_brief(memo, c) for c in state["lost"]],
        "burned": [_brief(memo, c) for c in state["burned"]], "players": _players(state, memo),
        "ranking": list(state["ranking"]) if state.get("ranking") else None,
    }
    return memo["everyone"]


def _brief(memo, cid):
    return dict(_BRIEF[cid]) if memo["fresh"] else _BRIEF[cid]


def secrets(state, role):
    """Ids of the cards only ``role`` may know: its hand, its face-down cards and its unrevealed bid."""
    if role not in state["factions"]:
        return set()
    p = S.fx(state, role)
    out = set(p["hand"])
    for r in REGIONS:
        out |= {e["id"] for e in state["regions"][r]["cards"] if e["owner"] == role and not e["up"]}
    frame = _pending(state)
    if frame and frame["kind"] == "bid" and role in frame.get("choices", {}):
        out.add(frame["choices"][role])
    out |= set(p.get("dealt", []))
    return out


def _zones(state, f):
    p = S.fx(state, f)
    zones = {"deck": p["deck"], "hand": p["hand"], "discard": p["discard"], "site": p["site"],
             "occupying": [sp["occupier"] for sp in p["spaces"] if sp],
             "bid": [c for g, c in (state.get("bids") or {}).items() if g == f]}
    zones["lost"] = [c for c in state["lost"] if CARDS[c]["faction"] == f]
    zones["burned"] = [c for c in state["burned"] if CARDS[c]["faction"] == f]
    zones["regions"] = [e["id"] for r in REGIONS for e in state["regions"][r]["cards"] if e["owner"] == f]
    zones["councils"] = [e["id"] for c in COUNCILS for e in state["councils"][c] if e["kind"] == "card" and e["owner"] == f]
    return zones


def invariant_errors(state):
    errors = []
    frame = _pending(state)
    for f in S.factions(state):
        p = S.fx(state, f)
        zones = _zones(state, f)
        seen = [c for z in zones.values() for c in z] + [c for c in p["hq"]]
        expected = set(BASIC_IDS[f]) | set(SITE_IDS[f])
        if sorted(seen) != sorted(expected):
            missing = expected - set(seen)
            dup = {c for c in seen if seen.count(c) > 1}
            errors.append(f"{f}: cards out of place (missing {sorted(missing)}, duplicated {sorted(dup)})")
        if p["supporters_home"] + p["supporters_lost"] + S.supporters_on_map(state, f) != BOARD["supporters"]:
            errors.append(f"{f}: supporters do not add up to {BOARD['supporters']}")
        if min(p["supporters_home"], p["supporters_lost"]) < 0 or any(
                v < 0 for r in REGIONS for v in state["regions"][r]["supporters"].values()):
            errors.append(f"{f}: negative supporters")
        if S.markers_free(state, f) < 0:
            errors.append(f"{f}: more than {BOARD['faction_markers']} faction markers in use")
        if p["influence"] < 0 or p["lore"] < 0:
            errors.append(f"{f}: negative influence or lore")
        if not BOARD["hand_size_min"] <= p["hand_size"] <= S.hand_max(state):
            errors.append(f"{f}: hand size {p['hand_size']} outside the limits")
        over = len(p["hand"]) > p["hand_size"]
        if over and not any(name == "discard_down" and f in asked(local) for name, local in pending_frames(state)):
            errors.append(f"{f}: {len(p['hand'])} cards in hand over the hand size {p['hand_size']}")
        if p["favour"] and state["favour"] != f:
            errors.append(f"{f}: Favour uses without holding the Favour")
    kingdoms = list(state["kdeck"]) + list(state["kdiscard"]) + [k for k in state["road"] if k]
    kingdoms += [k for f in S.factions(state) for k in S.fx(state, f).get("dealt", [])]
    for f in S.factions(state):
        kingdoms += S.kingdom_held(state, f)
    if sorted(kingdoms) != sorted(KINGDOM):
        errors.append("Kingdom cards out of place")
    if state.get("result") is None and not state.get("flow"):
        errors.append("the game is not over but nothing is pending")
    return errors


def hidden_changes(state):
    """Changes to ``state`` in one faction's hidden data (a hand card swapped with a deck card, a face-down
    region card or an unrevealed bid swapped with a hand card) or in what nobody knows (deck orders, the
    Kingdom deck order), as (owner, what changed, change): each change made in place, reading only the
    state it changes (so several compose, rules.core.secrecy)."""
    frame = _pending(state)
    for f in S.factions(state):
        p = S.fx(state, f)
        if p["hand"] and p["deck"]:
            yield f, "a hand card swapped with a deck card", partial(_swap_hand, faction=f)
        if len(p["deck"]) > 1:
            yield None, f"{f}'s deck order", partial(_reverse_deck, faction=f)
        for r in REGIONS:
            if p["hand"] and any(e["owner"] == f and not e["up"] for e in state["regions"][r]["cards"]):
                yield f, f"a face-down card beside {r} swapped with a hand card", \
                    partial(_swap_face_down, faction=f, region=r)
                break
        if _bid(frame, f) is not None and any(c != _bid(frame, f) for c in p["hand"]):
            yield f, "the unrevealed bid", partial(_change_bid, faction=f)
        if p.get("dealt") and state["kdeck"] and not _kingdom_picked(frame, f):
            yield f, "a dealt Kingdom card", partial(_swap_dealt, faction=f)
    if len(state["kdeck"]) > 1:
        yield None, "the Kingdom deck order", _reverse_kingdom_deck


def _bid(frame, f):
    return frame["choices"][f] if frame and frame["kind"] == "bid" and f in frame.get("choices", {}) else None


def _kingdom_picked(frame, f) -> bool:
    return bool(frame and frame["kind"] == "advanced" and frame["choices"].get(f, {}).get("kingdom"))


def _swap_hand(state, faction) -> bool:
    frame, p = _pending(state), S.fx(state, faction)
    pending = set()
    if frame and frame["kind"] in ("regions", "advanced"):
        pending = set(frame["choices"].get(faction, {}).values())
    elif _bid(frame, faction) is not None:
        pending = {_bid(frame, faction)}
    free = [i for i, c in enumerate(p["hand"]) if c not in pending]
    if not free or not p["deck"]:
        return False
    i = free[0]
    p["hand"][i], p["deck"][-1] = p["deck"][-1], p["hand"][i]
    return True


def _reverse_deck(state, faction) -> bool:
    deck = S.fx(state, faction)["deck"]
    deck.reverse()
    return len(deck) > 1


def _swap_face_down(state, faction, region) -> bool:
    p = S.fx(state, faction)
    for e in state["regions"][region]["cards"]:
        if e["owner"] == faction and not e["up"] and p["hand"]:
            old = e["id"]
            e["id"], p["hand"][0] = p["hand"][0], e["id"]
            if state.get("clash") and old in state["clash"]["added"]:
                state["clash"]["added"] = [e["id"] if c == old else c for c in state["clash"]["added"]]
            return True
    return False


def _change_bid(state, faction) -> bool:
    bid = _bid(_pending(state), faction)
    others = [c for c in S.fx(state, faction)["hand"] if c != bid]
    if bid is None or not others:
        return False
    state["flow"][-1]["local"]["choices"][faction] = others[0]
    return True


def _swap_dealt(state, faction) -> bool:
    p = S.fx(state, faction)
    if not p.get("dealt") or not state["kdeck"] or _kingdom_picked(_pending(state), faction):
        return False
    p["dealt"][0], state["kdeck"][-1] = state["kdeck"][-1], p["dealt"][0]
    return True


def _reverse_kingdom_deck(state) -> bool:
    state["kdeck"].reverse()
    return len(state["kdeck"]) > 1

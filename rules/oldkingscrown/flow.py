"""The round: Start of the Year, Spring (bids, the Great Road, region cards, the Spring Action Step), then
Summer (summer.py), Autumn (an action step, actions.py) and Winter. Tasks run at once; decisions wait."""

from __future__ import annotations

from rules.core import rng

from .data import CARDS, KINGDOM, LOCATIONS, REGIONS, card_name
from .effects import check_hand, run_effect
from .frames import act, ask, decision, pop, push, task
from . import state as S
from .text import cards, fname, lname, rname


@task("round")
def _round(state, frame, ctx):
    n = state["round"]
    ctx.log(f"Round {n} of {state['rounds']} begins.", kind="round")
    frames = []
    if n > 1:
        frames += [{"task": "draw_all"}, {"task": "order"}]
    frames += [{"task": "season", "season": "spring"}, {"task": "bids"}, {"task": "resolve_bids"},
               {"task": "road_refill"}, {"task": "place_regions"}, {"task": "action_step", "step": "spring"},
               {"task": "season", "season": "summer"}, {"task": "clash_markers"}, {"task": "clashes"},
               {"task": "season", "season": "autumn"}, {"task": "action_step", "step": "autumn"},
               {"task": "season", "season": "winter"}, {"task": "winter"}]
    push(state, *frames)


@task("season")
def _season(state, frame, ctx):
    state["season"] = frame["season"]


# ---- Start of the Year -------------------------------------------------------------------------------
@task("draw_all")
def _draw_all(state, frame, ctx):
    """Draw Cards: everyone draws up to hand size at once (Attrition on an empty deck)."""
    for f in S.factions(state):
        before = S.fx(state, f)["attritions"]
        got = S.draw(state, f)
        p = S.fx(state, f)
        note = f" Attrition: hand size is now {p['hand_size']}." if p["attritions"] > before else ""
        ctx.log(f"{fname(f)} draws {cards(got)}.{note}")
    for f in reversed(S.factions(state)):
        check_hand(state, f)


@task("order")
def _order(state, frame, ctx):
    """Determine Turn Order by influence; ties reverse their previous order."""
    influence = {f: S.fx(state, f)["influence"] for f in state["order"]}
    state["order"] = S.new_order(state["order"], influence)
    ctx.log("Order Track: " + ", ".join(fname(f) for f in state["order"]) + ".")


# ---- Spring: bids ---------------------------------------------------------------------------------------
@task("bids")
def _bids(state, frame, ctx):
    bidders = [f for f in S.factions(state) if S.fx(state, f)["hand"]]
    state["taken_from_road"] = False
    if bidders:
        push(state, ask(state, "bid", bidders, choices={}))


@decision("bid", secret=True)
class Bid:
    @staticmethod
    def prompt(state, f, d):
        return "Place Bids: choose a card from your hand to bid, face down."

    @staticmethod
    def legal(state, f, d):
        return [act(f"bid:{c}", f"{card_name(c)} (strength {S.strength(state, c)})", "Hand")
                for c in dict.fromkeys(S.fx(state, f)["hand"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        cid = aid.split(":", 1)[1]
        d["choices"][f] = cid
        d["roles"].remove(f)
        ctx.log(f"{fname(f)} has placed a bid.")
        ctx.log(f"You bid {card_name(cid)}.", to=[f])
        if d["roles"]:
            return
        pop(state)
        state["bids"] = {}
        for g, c in d["choices"].items():
            S.fx(state, g)["hand"].remove(c)
            state["bids"][g] = c
        ctx.reveal()
        ctx.log("Bids revealed: " + "; ".join(
            f"{fname(g)} {card_name(c)} ({bid_strength(state, g, c)})" for g, c in state["bids"].items()) + ".",
            kind="reveal")


def bid_strength(state, f, cid) -> int:
    """Resolve Bids: the card's strength plus abilities affecting bids (its other information is ignored)."""
    return S.strength(state, cid) + sum(s["n"] for s in S.kingdom_ops(state, f, "bid_bonus"))


def defence(state, f, space) -> int:
    """The occupying card's strength including modifiers (Buried Palace)."""
    sp = S.fx(state, f)["spaces"][space]
    bonus = sum(s["n"] for s in KINGDOM[sp["card"]].get("effect", []) if s["op"] == "defend_bonus")
    return S.strength(state, sp["occupier"]) + bonus


@task("resolve_bids")
def _resolve_bids(state, frame, ctx):
    """Highest bid first; ties by the Order Track. Players without a bid place their herald last."""
    bids = state.get("bids") or {}
    order = S.factions(state)
    ranked = sorted(bids, key=lambda f: (-bid_strength(state, f, bids[f]), order.index(f)))
    ranked += [f for f in order if f not in bids]
    push(state, *[ask(state, "herald", [f]) for f in ranked])


@decision("herald")
class Herald:
    @staticmethod
    def prompt(state, f, d):
        return "Place your herald on a location."

    @staticmethod
    def legal(state, f, d):
        return [act(f"herald:{loc}", lname(loc), "Locations") for loc in LOCATIONS]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        loc = aid.split(":", 1)[1]
        S.fx(state, f)["herald"] = loc
        ctx.log(f"{fname(f)} places its herald on the {lname(loc)}.")
        if f in (state.get("bids") or {}):
            push(state, ask(state, "bid_use", [f]))


def _spaces(state, f, cove=False):
    p = S.fx(state, f)
    if cove:
        return [2] if len(p["spaces"]) > 2 else []
    return [0, 1]


def _space_label(state, f, i):
    sp = S.fx(state, f)["spaces"][i]
    return f"space {i + 1}" + (f" (replacing {KINGDOM[sp['card']]['name']})" if sp else " (empty)")


@decision("bid_use")
class BidUse:
    @staticmethod
    def prompt(state, f, d):
        cid = state["bids"][f]
        return (f"Resolve your bid of {bid_strength(state, f, cid)} ({card_name(cid)}): take a Great Road card, "
                "steal an opponent's Kingdom card, or return the bid card to your hand.")

    @staticmethod
    def legal(state, f, d):
        cid = state["bids"][f]
        out = [act("return", "Return the bid card to hand")]
        for k in state["road"]:
            if k is None:
                continue
            for i in _spaces(state, f):
                out.append(act(f"take:{k}:{i}", f"{KINGDOM[k]['name']} → {_space_label(state, f, i)}", "Great Road"))
        power = bid_strength(state, f, cid)
        zero = "steal_as_zero" in CARDS[cid]["abilities"]
        for o in S.factions(state):
            if o == f:
                continue
            for j, sp in enumerate(S.fx(state, o)["spaces"]):
                if sp and (zero or power > defence(state, o, j)):
                    for i in _spaces(state, f):
                        out.append(act(f"steal:{o}:{j}:{i}",
                                       f"Steal {KINGDOM[sp['card']]['name']} from {fname(o)} → {_space_label(state, f, i)}",
                                       "Steal"))
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        cid = state["bids"].pop(f)
        p = S.fx(state, f)
        parts = aid.split(":")
        if parts[0] == "return":
            where = S.add_to_hand(state, f, cid)
            ctx.log(f"{fname(f)} returns {card_name(cid)} to " + ("hand." if where == "hand" else "the top of its deck (hand full)."))
            return
        if parts[0] == "take":
            k, space = parts[1], int(parts[2])
            state["road"][state["road"].index(k)] = None
            state["taken_from_road"] = True
            ctx.log(f"{fname(f)} takes {KINGDOM[k]['name']} from the Great Road.")
        else:
            o, j, space = parts[1], int(parts[2]), int(parts[3])
            victim = S.fx(state, o)
            sp = victim["spaces"][j]
            victim["spaces"][j] = None
            k = sp["card"]
            where = S.add_to_hand(state, o, sp["occupier"])
            ctx.log(f"{fname(f)} steals {KINGDOM[k]['name']} from {fname(o)}; {card_name(sp['occupier'])} returns to "
                    f"{fname(o)}'s {'hand' if where == 'hand' else 'deck top (hand full)'}.")
        occupy(state, f, k, cid, space, ctx)


def occupy(state, f, k, cid, space, ctx):
    """Occupying Kingdom Cards: into a chosen space (an occupied one is replaced: its Kingdom card to the
    Kingdom discard pile, its occupier to hand), then follow any bold instruction."""
    p = S.fx(state, f)
    card = KINGDOM[k]
    if card.get("in_supply"):
        p["kingdom_supply"].append(k)
        where = S.add_to_hand(state, f, cid)
        ctx.log(f"{fname(f)} keeps {card['name']} in its supply; {card_name(cid)} returns to "
                + ("hand." if where == "hand" else "the top of its deck."))
    else:
        old = p["spaces"][space]
        if old:
            state["kdiscard"].append(old["card"])
            S.add_to_hand(state, f, old["occupier"])
            ctx.log(f"{fname(f)} discards {KINGDOM[old['card']]['name']}; {card_name(old['occupier'])} returns to hand.")
        p["spaces"][space] = {"card": k, "occupier": cid}
        ctx.log(f"{fname(f)} occupies {card['name']} with {card_name(cid)}.")
    if S.has_hq(state, f, "kingdom_suit_markers"):
        from .data import COUNCIL_OF_SUIT
        council = COUNCIL_OF_SUIT[card["suit"]]
        mine = sum(1 for e in state["councils"][council] if e["owner"] == f and e["kind"] == "syndicate")
        if mine < 2 and S.markers_free(state, f) > 0:
            state["councils"][council].append({"kind": "syndicate", "owner": f})
            ctx.log(f"{fname(f)} places a faction marker in the council of that suit (The Syndicate).")


def draw_kingdom(state):
    """The Kingdom deck; when it runs out its discard pile is shuffled into a new deck (DECISIONS)."""
    if not state["kdeck"] and state["kdiscard"]:
        state["kdeck"] = list(state["kdiscard"])
        state["kdiscard"] = []
        rng.shuffle(state, state["kdeck"])
    state["_revealed"] = True
    return state["kdeck"].pop(0) if state["kdeck"] else None


def slide_and_fill(state, ctx):
    road = [k for k in state["road"] if k is not None]
    size = len(state["road"])
    road = [None] * (size - len(road)) + road          # slide right
    empties = [i for i, k in enumerate(road) if k is None]
    for i in reversed(empties):                         # refill from the rightmost empty space
        road[i] = draw_kingdom(state)
    state["road"] = road


@task("road_refill")
def _road_refill(state, frame, ctx):
    """Repopulating the Great Road: discard the rightmost remaining card (two if none was taken), slide
    right, refill from the Kingdom deck."""
    road = state["road"]
    drop = 1 if state.get("taken_from_road") else 2
    for _ in range(drop):
        for i in range(len(road) - 1, -1, -1):
            if road[i] is not None:
                state["kdiscard"].append(road[i])
                road[i] = None
                break
    slide_and_fill(state, ctx)
    ctx.log("The Great Road: " + ", ".join(KINGDOM[k]["name"] for k in state["road"] if k) + ".")


# ---- Spring: cards next to regions ------------------------------------------------------------------
@task("place_regions")
def _place_regions(state, frame, ctx):
    """Place Cards Next to Regions: all at once, face down; a player with fewer than three cards first
    declares, in turn order, the regions that get none."""
    frames = []
    for f in S.factions(state):
        short = 3 - len(S.fx(state, f)["hand"])
        if short > 0:
            frames.append(ask(state, "declare", [f], skip=[], short=short))
    frames.append({"task": "regions_ask"})
    push(state, *frames)


@decision("declare")
class Declare:
    @staticmethod
    def prompt(state, f, d):
        return "You have fewer than three cards: declare a region that gets no card from you."

    @staticmethod
    def legal(state, f, d):
        return [act(f"skip:{r}", rname(r)) for r in REGIONS if r not in d["skip"]]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        r = aid.split(":", 1)[1]
        d["skip"].append(r)
        state["skipped"].setdefault(f, []).append(r)
        ctx.log(f"{fname(f)} declares it places no card beside {rname(r)}.")
        if len(d["skip"]) >= d["short"]:
            pop(state)


@task("regions_ask")
def _regions_ask(state, frame, ctx):
    needs = {f: [r for r in REGIONS if r not in state["skipped"].get(f, [])] for f in S.factions(state)}
    roles = [f for f in S.factions(state) if needs[f] and S.fx(state, f)["hand"]]
    if roles:
        push(state, ask(state, "regions", roles, choices={f: {} for f in roles}, needs=needs))


@decision("regions", secret=True)
class Regions:
    @staticmethod
    def _next(d, f):
        return next(r for r in d["needs"][f] if r not in d["choices"][f])

    @staticmethod
    def prompt(state, f, d):
        return f"Place a card face down beside {rname(Regions._next(d, f))}."

    @staticmethod
    def legal(state, f, d):
        r = Regions._next(d, f)
        used = set(d["choices"][f].values())
        return [act(f"place:{r}:{c}", f"{card_name(c)} → {rname(r)}", "Hand")
                for c in dict.fromkeys(S.fx(state, f)["hand"]) if c not in used]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        _, r, cid = aid.split(":")
        d["choices"][f][r] = cid
        ctx.log(f"You place {card_name(cid)} beside {rname(r)}.", to=[f])
        if len(d["choices"][f]) == len(d["needs"][f]):
            d["roles"].remove(f)
            ctx.log(f"{fname(f)} has placed its cards.")
        if d["roles"]:
            return
        pop(state)
        for g, placed in d["choices"].items():
            for r, c in placed.items():
                S.fx(state, g)["hand"].remove(c)
                state["regions"][r]["cards"].append({"id": c, "owner": g, "up": False, "clash": None})
        ctx.log("Every player has placed its cards beside the regions.")


# ---- turn-order action steps -------------------------------------------------------------------------
@task("action_step")
def _action_step(state, frame, ctx):
    step = frame["step"]
    if step == "autumn":
        for f in S.factions(state):
            p = S.fx(state, f)
            p["governs"], p["journeys"] = 1, 1
    push(state, *[ask(state, "actions", [f], step=step) for f in S.factions(state)])


# ---- Winter ------------------------------------------------------------------------------------------
@task("winter")
def _winter(state, frame, ctx):
    """Winter Effects Step (Deploy countdown, winter Kingdom cards), Clean Up, Advance the Round Track."""
    for r in REGIONS:
        for e in list(state["regions"][r]["cards"]):
            if not e.get("deployed"):
                continue
            if e["tokens"] > 0:
                e["tokens"] -= 1
                e["survives"] = True
            else:
                S.remove_from_region(state, e["id"])
                S.discard_card(state, e["owner"], e["id"])
                ctx.log(f"{card_name(e['id'])} has no influence left on it and goes to the discard pile.")
    frames = []
    for f in S.factions(state):
        for k in S.kingdom_held(state, f):
            if KINGDOM[k]["timing"] == "winter":
                frames.append({"task": "op_list", "faction": f, "steps": KINGDOM[k]["effect"], "source": KINGDOM[k]["name"]})
    push(state, *frames, {"task": "cleanup"})


@task("op_list")
def _op_list(state, frame, ctx):
    run_effect(state, frame["faction"], frame["steps"], frame["source"])


@task("cleanup")
def _cleanup(state, frame, ctx):
    for f in S.factions(state):
        p = S.fx(state, f)
        p["herald"] = None
        p["supporters_lost"] += S.supporters_on_map(state, f)
    for r in REGIONS:
        reg = state["regions"][r]
        reg["supporters"], reg["counted"] = {}, {}
        keep = []
        for e in reg["cards"]:
            if e.get("deployed") and e.pop("survives", False):
                e["clash"] = None
                keep.append(e)
            else:
                S.discard_card(state, e["owner"], e["id"])
        reg["cards"] = keep
    state["mods"], state["used"] = [], []
    state["clash_order"], state["resolved"], state["clash"] = [], [], None
    state["storms"], state["skipped"], state["bids"] = None, {}, {}
    ctx.log("Clean Up: heralds go home, supporters on the map go to the Lost Pile, Active cards to the discard piles.")
    if state["round"] >= state["rounds"]:
        push(state, {"task": "game_end"})
    else:
        state["round"] += 1
        push(state, {"task": "round"})


@task("game_end")
def _game_end(state, frame, ctx):
    """Winning the Game: Site-of-Power lore converts first; most influence, then the Favour, then the track."""
    for f in S.factions(state):
        p = S.fx(state, f)
        gain = S.site_conversion(p["site_lore"])
        if gain:
            p["influence"] += gain
            ctx.log(f"{fname(f)} converts {p['site_lore']} lore on its Site of Power into {gain} influence.")
    influence = {f: S.fx(state, f)["influence"] for f in state["order"]}
    ranking = S.ranking(state["order"], influence, state["favour"])
    state["ranking"] = ranking
    state["season"] = "over"
    # the tie-breaks (Favour, then Order Track) leave no shared places; a rival faction is ranked too
    state["result"] = {"winners": [ranking[0]], "ranks": [[f] for f in ranking], "scores": influence,
                       "reason": "most influence: " + ", ".join(f"{fname(f)} {influence[f]}" for f in ranking)}
    ctx.log(f"The game ends. {fname(ranking[0])} wins with {influence[ranking[0]]} influence. Ranking: "
            + ", ".join(f"{i + 1}. {fname(f)} ({influence[f]})" for i, f in enumerate(ranking)) + ".", kind="result")

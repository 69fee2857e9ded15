"""The round: Start of the Year, Spring (bids, the Great Road, region cards, the Spring Action Step), then
Summer (summer.py), Autumn (an action step, actions.py) and Winter, as core procedures; decisions wait."""

from __future__ import annotations

from rules.core.wording import listing, possessive
from rules.core import Result, rng
from rules.core.flow import Decision, act, calls

from .data import CARDS, KINGDOM, LOCATIONS, REGIONS, card_name
from .effects import effect, hand_check
from .procedures import FLOW, Choice, each, end_into, then
from . import advanced, state as S
from .text import cards, fname, herald_mark, lname, rname


def begin_round(g):
    g.log(f"Round {g.state['round']} of {g.state['rounds']} begins.", kind="round")


def start_of_year(g):
    if g.state["round"] > 1:
        g.call("start_of_year")


def set_season(g):
    g.state["season"] = g.local["season"]


FLOW.procedure("game", advanced.choose, then("round"))
FLOW.procedure("round", begin_round, start_of_year,
               calls("season", season="spring"), calls("bids"), calls("resolve_bids"), calls("road_refill"),
               calls("place_regions"), calls("action_step", step="spring"),
               calls("season", season="summer"), calls("clash_markers"), calls("clashes"),
               calls("season", season="autumn"), calls("action_step", step="autumn"),
               calls("season", season="winter"), then("winter"))
FLOW.procedure("season", set_season)


# ---- Start of the Year -------------------------------------------------------------------------------
def draw_cards(g):
    """Draw Cards: everyone draws up to hand size at once (Attrition on an empty deck); then whoever is over
    the hand size discards down, in turn order."""
    state = g.state
    for f in S.factions(state):
        before = S.fx(state, f)["attritions"]
        got = S.draw(state, f)
        if got:
            g.reveal()
        p = S.fx(state, f)
        note = f" Attrition: hand size is now {p['hand_size']}." if p["attritions"] > before else ""
        g.log(f"{fname(f)} draws {cards(got)}.{note}")
    g.local["queue"] = [frame for frame in (hand_check(state, f) for f in S.factions(state)) if frame]


def determine_order(g):
    """Determine Turn Order by influence; ties reverse their previous order."""
    state = g.state
    influence = {f: S.fx(state, f)["influence"] for f in state["order"]}
    state["order"] = S.new_order(state["order"], influence)
    g.log("Order Track: " + ", ".join(fname(f) for f in state["order"]) + ".")


FLOW.procedure("start_of_year", calls("draw_all"), calls("order"))
FLOW.procedure("draw_all", draw_cards, each("queue"))
FLOW.procedure("order", determine_order)


# ---- Spring: bids ---------------------------------------------------------------------------------------
def place_bids(g):
    state = g.state
    bidders = [f for f in S.factions(state) if S.fx(state, f)["hand"]]
    state["taken_from_road"] = False
    if bidders:
        g.call("bid", roles=bidders, choices={})


FLOW.procedure("bids", place_bids)


@FLOW.decision("bid")
class Bid(Decision):
    kind = "secret"

    def prompt(self, g, f):
        return "Place Bids: choose a card from your hand to bid, face down."

    def actions(self, g, f):
        return [act("bid", c, label=f"{card_name(c)} (strength {S.strength(g.state, c)})", group="Hand")
                for c in dict.fromkeys(S.fx(g.state, f)["hand"])]

    def on_bid(self, g, f, cid):
        state, d = g.state, g.local
        d["choices"][f] = cid
        d["roles"].remove(f)
        g.log(f"{fname(f)} has placed a bid.")
        g.log(f"You bid {card_name(cid)}.", to=[f])
        if d["roles"]:
            return
        state["bids"] = {}
        for o, c in d["choices"].items():
            S.fx(state, o)["hand"].remove(c)
            state["bids"][o] = c
        g.reveal()
        g.log("Bids revealed: " + "; ".join(
            f"{fname(o)} {card_name(c)} ({bid_strength(state, o, c)})" for o, c in state["bids"].items()) + ".",
            kind="reveal")
        g.end()


def bid_strength(state, f, cid) -> int:
    """Resolve Bids: the card's strength plus abilities affecting bids (its other information is ignored)."""
    return S.strength(state, cid) + sum(s["n"] for s in S.kingdom_ops(state, f, "bid_bonus"))


def defence(state, f, space) -> int:
    """The occupying card's strength including modifiers (Buried Palace)."""
    sp = S.fx(state, f)["spaces"][space]
    bonus = sum(s["n"] for s in KINGDOM[sp["card"]].get("effect", []) if s["op"] == "defend_bonus")
    return S.strength(state, sp["occupier"]) + bonus


def rank_bids(g):
    """Highest bid first; ties by the Order Track. Players without a bid place their herald last."""
    state = g.state
    bids = state.get("bids") or {}
    order = S.factions(state)
    ranked = sorted(bids, key=lambda f: (-bid_strength(state, f, bids[f]), order.index(f)))
    ranked += [f for f in order if f not in bids]
    g.local["queue"] = [{"name": "herald", "role": f} for f in ranked]


FLOW.procedure("resolve_bids", rank_bids, each("queue"))


@FLOW.decision("herald")
class Herald(Choice):
    text = "Place your herald on a location."

    def actions(self, g, f):
        return [act("herald", loc, label=lname(loc), group="Locations") for loc in LOCATIONS]

    def on_herald(self, g, f, loc):
        S.fx(g.state, f)["herald"] = loc
        g.log(f"{fname(f)} places its herald on the {lname(loc)}.")
        end_into(g, [{"name": "bid_use", "role": f} if f in (g.state.get("bids") or {}) else None])


def _spaces(state, f, cove=False):
    p = S.fx(state, f)
    if cove:
        return [2] if len(p["spaces"]) > 2 else []
    return [0, 1]


def _space_label(state, f, i):
    sp = S.fx(state, f)["spaces"][i]
    return f"space {i + 1}" + (f" (replacing {KINGDOM[sp['card']]['name']})" if sp else " (empty)")


@FLOW.decision("bid_use")
class BidUse(Choice):
    def prompt(self, g, f):
        cid = g.state["bids"][f]
        return (f"Resolve your bid of {bid_strength(g.state, f, cid)} ({card_name(cid)}): take a Great Road card, "
                "steal an opponent's Kingdom card, or return the bid card to your hand.")

    def actions(self, g, f):
        state = g.state
        cid = state["bids"][f]
        out = [act("return", label="Return the bid card to hand")]
        for k in state["road"]:
            if k is None:
                continue
            for i in _spaces(state, f):
                out.append(act("take", k, i, label=f"{KINGDOM[k]['name']} → {_space_label(state, f, i)}",
                               group="Great Road", hint=herald_mark(KINGDOM[k]["text"], KINGDOM[k].get("source"))))
        power = bid_strength(state, f, cid)
        zero = "steal_as_zero" in CARDS[cid]["abilities"]
        for o in S.factions(state):
            if o == f:
                continue
            for j, sp in enumerate(S.fx(state, o)["spaces"]):
                if sp and (zero or power > defence(state, o, j)):
                    for i in _spaces(state, f):
                        card = KINGDOM[sp["card"]]
                        out.append(act("steal", o, j, i, label=f"Steal {card['name']} from "
                                       f"{fname(o)} → {_space_label(state, f, i)}", group="Steal",
                                       hint=herald_mark(card["text"], card.get("source"))))
        return out

    def on_return(self, g, f):
        cid = g.state["bids"].pop(f)
        where = S.add_to_hand(g.state, f, cid)
        g.log(f"{fname(f)} returns {card_name(cid)} to "
              + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        g.end()

    def on_take(self, g, f, k, space):
        state = g.state
        cid = state["bids"].pop(f)
        state["road"][state["road"].index(k)] = None
        state["taken_from_road"] = True
        g.log(f"{fname(f)} takes {KINGDOM[k]['name']} from the Great Road.")
        occupy(g, f, k, cid, int(space))
        g.end()

    def on_steal(self, g, f, o, j, space):
        state = g.state
        cid = state["bids"].pop(f)
        victim = S.fx(state, o)
        sp = victim["spaces"][int(j)]
        victim["spaces"][int(j)] = None
        k = sp["card"]
        where = S.add_to_hand(state, o, sp["occupier"])
        g.log(f"{fname(f)} steals {KINGDOM[k]['name']} from {fname(o)}; {card_name(sp['occupier'])} returns to "
              f"{possessive(fname(o))} {'hand' if where == 'hand' else 'deck top (hand full)'}.")
        occupy(g, f, k, cid, int(space))
        g.end()


def occupy(g, f, k, cid, space):
    """Occupying Kingdom Cards: into a chosen space (an occupied one is replaced: its Kingdom card to the
    Kingdom discard pile, its occupier to hand), then follow any bold instruction."""
    state = g.state
    p = S.fx(state, f)
    card = KINGDOM[k]
    if card.get("in_supply"):
        p["kingdom_supply"].append(k)
        where = S.add_to_hand(state, f, cid)
        g.log(f"{fname(f)} keeps {card['name']} in its supply; {card_name(cid)} returns to "
              + ("hand." if where == "hand" else "the top of its deck."))
    else:
        old = p["spaces"][space]
        if old:
            state["kdiscard"].append(old["card"])
            where = S.add_to_hand(state, f, old["occupier"])
            g.log(f"{fname(f)} discards {KINGDOM[old['card']]['name']}; {card_name(old['occupier'])} returns to "
                  + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        p["spaces"][space] = {"card": k, "occupier": cid}
        g.log(f"{fname(f)} occupies {card['name']} with {card_name(cid)}.")
    if S.has_hq(state, f, "kingdom_suit_markers"):
        from .data import COUNCIL_OF_SUIT
        council = COUNCIL_OF_SUIT[card["suit"]]
        mine = sum(1 for e in state["councils"][council] if e["owner"] == f and e["kind"] == "syndicate")
        if mine < 2 and S.markers_free(state, f) > 0:
            state["councils"][council].append({"kind": "syndicate", "owner": f})
            g.log(f"{fname(f)} places a faction marker in the council of that suit (The Syndicate).")



def draw_kingdom(state, ctx=None):
    """The Kingdom deck; when it runs out its discard pile is shuffled into a new deck (DECISIONS)."""
    if not state["kdeck"] and state["kdiscard"]:
        state["kdeck"] = list(state["kdiscard"])
        state["kdiscard"] = []
        rng.shuffle(state, state["kdeck"])
    if ctx is not None:
        ctx.reveal()
    return state["kdeck"].pop(0) if state["kdeck"] else None


def slide_and_fill(state, ctx=None):
    road = [k for k in state["road"] if k is not None]
    size = len(state["road"])
    state["road"] = [None] * (size - len(road)) + road  # slide right
    fill(state, ctx)


def fill(state, ctx=None):
    """Draw Kingdom cards one at a time into the empty spaces, rightmost first."""
    road = state["road"]
    for i in reversed([i for i, k in enumerate(road) if k is None]):
        road[i] = draw_kingdom(state, ctx)


def road_refill(g):
    """Repopulating the Great Road: when a card was taken, discard the rightmost remaining card and slide
    the rest right; when none was, discard the two rightmost instead (no slide). Then refill from the
    Kingdom deck, rightmost empty space first."""
    state = g.state
    road = state["road"]
    taken = state.get("taken_from_road")
    gone = []
    for _ in range(1 if taken else 2):
        for i in range(len(road) - 1, -1, -1):
            if road[i] is not None:
                state["kdiscard"].append(road[i])
                gone.append(KINGDOM[road[i]]["name"])
                road[i] = None
                break
    if gone:   # a card leaving the road is public: every player saw it there (issue 26)
        g.log(f"{listing(gone)} {'leaves' if len(gone) == 1 else 'leave'} the Great Road for the Kingdom "
              "discard pile.")
    if taken:
        slide_and_fill(state, g.ctx)
    else:
        fill(state, g.ctx)
    g.log("The Great Road: " + ", ".join(KINGDOM[k]["name"] for k in state["road"] if k) + ".")


FLOW.procedure("road_refill", road_refill)


# ---- Spring: cards next to regions ------------------------------------------------------------------
def declarers(g):
    """Place Cards Next to Regions: all at once, face down; a player with fewer than three cards first
    declares, in turn order, the regions that get none."""
    state = g.state
    g.local["queue"] = [{"name": "declare", "role": f, "skip": [], "short": 3 - len(S.fx(state, f)["hand"])}
                        for f in S.factions(state) if len(S.fx(state, f)["hand"]) < 3]


FLOW.procedure("place_regions", declarers, each("queue"), calls("regions_ask"))


@FLOW.decision("declare")
class Declare(Choice):
    text = "You have fewer than three cards: declare a region that gets no card from you."

    def actions(self, g, f):
        return [act("skip", r, label=rname(r)) for r in REGIONS if r not in g.local["skip"]]

    def on_skip(self, g, f, r):
        d = g.local
        d["skip"].append(r)
        g.state["skipped"].setdefault(f, []).append(r)
        g.log(f"{fname(f)} declares it places no card beside {rname(r)}.")
        if len(d["skip"]) >= d["short"]:
            g.end()


def ask_regions(g):
    state = g.state
    needs = {f: [r for r in REGIONS if r not in state["skipped"].get(f, [])] for f in S.factions(state)}
    roles = [f for f in S.factions(state) if needs[f] and S.fx(state, f)["hand"]]
    if roles:
        g.call("regions", roles=roles, choices={f: {} for f in roles}, needs=needs)


FLOW.procedure("regions_ask", ask_regions)


@FLOW.decision("regions")
class Regions(Decision):
    kind = "secret"

    @staticmethod
    def _next(d, f):
        return next(r for r in d["needs"][f] if r not in d["choices"][f])

    def prompt(self, g, f):
        return f"Place a card face down beside {rname(self._next(g.local, f))}."

    def actions(self, g, f):
        r = self._next(g.local, f)
        used = set(g.local["choices"][f].values())
        return [act("place", r, c, label=f"{card_name(c)} → {rname(r)}", group="Hand")
                for c in dict.fromkeys(S.fx(g.state, f)["hand"]) if c not in used]

    def on_place(self, g, f, r, cid):
        state, d = g.state, g.local
        d["choices"][f][r] = cid
        g.log(f"You place {card_name(cid)} beside {rname(r)}.", to=[f])
        if len(d["choices"][f]) == len(d["needs"][f]):
            d["roles"].remove(f)
            g.log(f"{fname(f)} has placed its cards.")
        if d["roles"]:
            return
        for o, placed in d["choices"].items():
            for r, c in placed.items():
                S.fx(state, o)["hand"].remove(c)
                state["regions"][r]["cards"].append({"id": c, "owner": o, "up": False, "clash": None})
        g.log("Every player has placed its cards beside the regions.")
        g.end()


# ---- turn-order action steps -------------------------------------------------------------------------
def action_turns(g):
    state, step = g.state, g.local["step"]
    if step == "autumn":
        for f in S.factions(state):
            p = S.fx(state, f)
            p["governs"], p["journeys"] = 1, 1
    g.local["queue"] = [{"name": "actions", "role": f, "step": step} for f in S.factions(state)]


FLOW.procedure("action_step", action_turns, each("queue"))


# ---- Winter ------------------------------------------------------------------------------------------
def winter_effects(g):
    """Winter Effects Step (Deploy countdown, winter Kingdom cards), then Clean Up and Advance the Round Track."""
    state = g.state
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
                g.log(f"{card_name(e['id'])} has no influence left on it and goes to the discard pile.")
    g.local["queue"] = [effect(f, KINGDOM[k]["effect"], KINGDOM[k]["name"])
                        for f in S.factions(state) for k in S.kingdom_held(state, f)
                        if KINGDOM[k]["timing"] == "winter"]


def cleanup(g):
    state = g.state
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
    g.log("Clean Up: heralds go home, supporters on the map go to the Lost Pile, Active cards to the discard piles.")
    if state["round"] >= state["rounds"]:
        g.goto("game_end")
    else:
        state["round"] += 1
        g.goto("round")


def game_end(g):
    """Winning the Game: Site-of-Power lore converts first; most influence, then the Favour, then the track."""
    state = g.state
    for f in S.factions(state):
        p = S.fx(state, f)
        gain = S.site_conversion(p["site_lore"])
        if gain:
            p["influence"] += gain
            g.log(f"{fname(f)} converts {p['site_lore']} lore on its Site of Power into {gain} influence.")
    influence = {f: S.fx(state, f)["influence"] for f in state["order"]}
    ranking = S.ranking(state["order"], influence, state["favour"])
    state["ranking"] = ranking
    state["season"] = "over"
    g.log(f"The game ends. {fname(ranking[0])} wins with {influence[ranking[0]]} influence. Ranking: "
          + ", ".join(f"{i + 1}. {fname(f)} ({influence[f]})" for i, f in enumerate(ranking)) + ".", kind="result")
    # the tie-breaks (Favour, then Order Track) leave no shared places; a rival faction is ranked too
    g.finish(Result((ranking[0],), "most influence: " + ", ".join(f"{fname(f)} {influence[f]}" for f in ranking),
                    tuple((f,) for f in ranking), influence))


FLOW.procedure("winter", winter_effects, each("queue"), then("cleanup"))
FLOW.procedure("cleanup", cleanup)
FLOW.procedure("game_end", game_end)

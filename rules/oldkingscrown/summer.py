"""Summer: clash markers, then each region's clash — Reveal Cards, the Day Action Step (and the reveal of
cards added face down), Night Effects, Tally Strength & Declare an Outcome (ties: Resolving Tied Clashes),
Claim Rewards (herald rewards, location rewards)."""

from __future__ import annotations

from rules.core.wording import possessive
from itertools import permutations

from rules.core import rng
from rules.core.flow import act, calls

from .data import CARDS, COUNCIL_NAMES, COUNCILS, LOCATIONS, REGION_LOCATIONS, REGIONS, card_name
from .effects import hand_check, lore_gained
from .procedures import FLOW, Choice, HandChoice, call_if, each, end_into, then
from . import state as S
from .text import cards, fname, lname, rname


def place_clash_markers(g):
    """The player last on the Order Track (or the School of the Storms player) orders the clashes."""
    g.call("clash_order", role=g.state.get("storms") or S.factions(g.state)[-1])


FLOW.procedure("clash_markers", place_clash_markers)


@FLOW.decision("clash_order")
class ClashOrder(Choice):
    text = "Place the clash markers: in which order are the regions resolved?"

    def actions(self, g, f):
        return [act("order", "-".join(p), label=" → ".join(rname(r) for r in p)) for p in permutations(REGIONS)]

    def on_order(self, g, f, order):
        g.state["clash_order"] = order.split("-")
        g.log(f"{fname(f)} places the clash markers: " + ", ".join(
            f"{'I' * (i + 1) if i < 3 else i + 1} {rname(r)}" for i, r in enumerate(g.state["clash_order"])) + ".")
        g.end()


def queue_clashes(g):
    g.local["queue"] = [{"name": "clash_start", "region": r, "number": 1, "participants": S.factions(g.state)}
                        for r in g.state["clash_order"]]


FLOW.procedure("clashes", queue_clashes, each("queue"))


def reveal_cards(g):
    """A. Reveal Cards: the region's face-down cards turn up and, with Active cards that have not yet taken
    part in a clash here this round, make up this clash; then the Day Action Step in turn order."""
    state = g.state
    region, number, who = g.local["region"], g.local["number"], g.local["participants"]
    state["clash"] = {"region": region, "number": number, "participants": list(who), "added": [],
                      "bonus": {}, "revealed": []}
    shown = []
    for e in state["regions"][region]["cards"]:
        if e["owner"] not in who:
            continue
        if not e["up"]:
            e["up"] = True
            shown.append(e)
        if e["clash"] is None:
            e["clash"] = number
    if shown:
        g.reveal()
    label = "Clash" if number == 1 else f"Tie clash {number}"
    g.log(f"{label} in {rname(region)}: " + ("; ".join(f"{fname(e['owner'])} reveals {card_name(e['id'])}"
                                                       for e in shown) or "no cards revealed") + ".", kind="reveal")
    g.local["queue"] = [{"name": "actions", "role": f, "step": "day"} for f in S.factions(state) if f in who]


FLOW.procedure("clash_start", reveal_cards, each("queue"), calls("day_reveal"), calls("night"), calls("tally"))


def reveal_added(g):
    """After the Day Action Step, cards added face down are revealed together; their day commands may be
    used in turn order, and the loop repeats while new face-down cards are added (DECISIONS)."""
    state = g.state
    clash = state["clash"]
    added = clash["added"]
    if not added:
        return g.end()
    clash["added"] = []
    region = clash["region"]
    new = []
    for e in state["regions"][region]["cards"]:
        if e["id"] in added and not e["up"]:
            e["up"] = True
            e["clash"] = clash["number"]
            new.append(e["id"])
    if not new:
        return g.end()
    g.reveal()
    g.log("Revealed in the clash: " + "; ".join(f"{fname(CARDS[c]['faction'])} {card_name(c)}" for c in new) + ".",
          kind="reveal")
    from .actions import menu
    queue = []
    for f in S.factions(state):
        frame = {"name": "actions", "role": f, "step": "day2", "cards": [c for c in new if CARDS[c]["faction"] == f]}
        if frame["cards"] and len(menu(state, f, "day2", frame)) > 1:
            queue.append(frame)
    g.local["queue"] = queue


FLOW.procedure("day_reveal", reveal_added, each("queue"), then("day_reveal"))


def night_effects(g):
    """C. Night Effects Step: simultaneous and mandatory; then Black Powder Ploy for whoever earned it."""
    state = g.state
    clash = state["clash"]
    doomed = S.night_eliminations(state)
    ploy_owners = {e["owner"] for e in S.clash_cards(state, clash["region"], clash["number"])
                   if "night_eliminate_heirs_captains" in S.abilities(state, e["id"])}
    heirs_hit = {o: False for o in ploy_owners}
    for cid in doomed:
        owner = CARDS[cid]["faction"]
        where = S.eliminate(state, cid)
        if where is None:
            g.log(f"{card_name(cid)} ({fname(owner)}) is Invulnerable and stays.")
            continue
        g.log(f"{possessive(fname(owner))} {card_name(cid)} is Eliminated → " + ("discard pile (Resilient)." if where == "discard" else "Lost Pile."))
        if CARDS[cid].get("archetype") in ("Heir", "Captain"):
            for o in ploy_owners:
                if o != owner:
                    heirs_hit[o] = True
    g.local["queue"] = [{"name": "ploy", "role": o} for o in S.factions(state) if heirs_hit.get(o)]


FLOW.procedure("night", night_effects, each("queue"))


@FLOW.decision("ploy")
class Ploy(Choice):
    """Black Powder Ploy: having eliminated at least one card, gain 1 influence or 1 lore."""

    text = "Black Powder Ploy: gain 1 influence or 1 lore."

    def actions(self, g, f):
        return [act("gain", "influence", label="1 influence"), act("gain", "lore", label="1 lore")]

    def on_gain(self, g, f, what):
        after = None
        if what == "influence":
            S.gain_influence(g.state, f, 1)
        else:
            S.gain_lore(g.state, f, 1)
            after = lore_gained(g.state, f)
        g.log(f"{fname(f)} gains 1 {what} (Black Powder Ploy).")
        end_into(g, [after])


def tally_strength(g):
    """D. Tally Strength & Declare an Outcome: the winner claims its rewards; a tie may start a new clash."""
    state = g.state
    clash = state["clash"]
    region = clash["region"]
    totals = {f: S.clash_total(state, f) for f in clash["participants"]}
    parts = {f: S.clash_parts(state, f) for f in clash["participants"]}   # before the supporters are counted
    g.local["totals"] = {"clash": [region, clash["number"]], "strength": totals}   # for the view (view.py)
    for f in clash["participants"]:     # supporters count in one clash of the region only
        reg = state["regions"][region]
        reg["counted"][f] = reg["supporters"].get(f, 0)
    lowest = any("lowest_wins" in S.abilities(state, e["id"]) for e in S.clash_cards(state, region, clash["number"]))
    winner, tied = S.outcome(totals, lowest)
    g.log(f"{rname(region)} strength: " + ", ".join(f"{fname(f)} {v}" for f, v in totals.items())
            + (" (lowest above 0 wins: Ritual of the Eye)" if lowest else "") + ".")
    g.log(f"{rname(region)}, strength in detail: " + "; ".join(
        f"{fname(f)} " + (" + ".join(f"{what} {n}" if not what[0].isdigit() else what for what, n in parts[f])
                          if parts[f] else "nothing") + f" = {totals[f]}"
        for f in clash["participants"]) + ".")
    if winner:
        g.log(f"{fname(winner)} wins the clash in {rname(region)}.")
        g.local["queue"] = [{"name": "before_rewards", "winner": winner}, {"name": "location", "role": winner},
                            {"name": "region_done"}]
        return
    order = [f for f in S.factions(state) if f in tied]
    g.log(f"Tie in {rname(region)} between " + ", ".join(fname(f) for f in order) + ".")
    g.local["queue"] = [{"name": "tie", "role": f, "tied": order} for f in order] + [
        {"name": "tie_resolve", "tied": order}]


FLOW.procedure("tally", tally_strength, each("queue"))


@FLOW.decision("tie")
class Tie(Choice):
    text = "Tied clash: play a card from your hand face down to start a new clash, or pass."

    def actions(self, g, f):
        return [act("pass", label="Pass")] + [
            act("play", c, label=f"{card_name(c)} (strength {S.strength(g.state, c)})", group="Hand")
            for c in dict.fromkeys(S.fx(g.state, f)["hand"])]

    def on_pass(self, g, f):
        g.log(f"{fname(f)} passes.")
        g.end()

    def on_play(self, g, f, cid):
        state = g.state
        S.fx(state, f)["hand"].remove(cid)
        state["regions"][state["clash"]["region"]]["cards"].append({"id": cid, "owner": f, "up": False, "clash": None})
        state["tie_played"] = True
        g.log(f"{fname(f)} plays a card face down.")
        g.log(f"You play {card_name(cid)} face down.", to=[f])
        g.end()


def resolve_tie(g):
    """Resolving Tied Clashes: a card played starts a new clash between the tied players; else a draw."""
    clash = g.state["clash"]
    if g.state.pop("tie_played", False):
        return g.goto("clash_start", region=clash["region"], number=clash["number"] + 1,
                      participants=g.local["tied"])
    g.log(f"The clash in {rname(clash['region'])} is a draw: no rewards.")


def region_done(g):
    g.state["resolved"].append(g.state["clash"]["region"])
    g.state["clash"] = None


FLOW.procedure("tie_resolve", resolve_tie, calls("storms_bonus"), calls("region_done"))
FLOW.procedure("region_done", region_done)


def storms_bonus(g):
    """School of the Storms: when a region is resolved, before rewards."""
    state = g.state
    f = state.get("storms")
    if not f:
        return
    region = state["clash"]["region"]
    sup = {g: state["regions"][region]["supporters"].get(g, 0) for g in S.factions(state)}
    cards = {g: len(S.active_cards(state, g, region)) for g in S.factions(state)}
    if sup[f] > 0 and all(sup[f] > v for g, v in sup.items() if g != f):
        S.gain_influence(state, f, 1)
        g.log(f"{fname(f)} gains 1 influence for the most supporters (School of the Storms).")
    if cards[f] > 0 and all(cards[f] > v for g, v in cards.items() if g != f):
        S.gain_lore(state, f, 1)
        g.log(f"{fname(f)} gains 1 lore for the most Active cards (School of the Storms).")
        call_if(g, lore_gained(state, f))


def win_bonus(g):
    state, f = g.state, g.local["winner"]
    region = state["clash"]["region"]
    for e in S.active_cards(state, f, region):
        if "win_bonus_influence" in S.abilities(state, e["id"]):
            S.gain_influence(state, f, 1)
            g.log(f"{fname(f)} gains 1 influence ({card_name(e['id'])}).")


FLOW.procedure("storms_bonus", storms_bonus)
FLOW.procedure("before_rewards", win_bonus, calls("storms_bonus"))


@FLOW.decision("location")
class Location(Choice):
    text = "You won the clash: choose the location whose rewards you claim."

    def actions(self, g, f):
        region = g.state["clash"]["region"]
        return [act("loc", loc, label=f"{lname(loc)}: {LOCATIONS[loc]['text']}") for loc in REGION_LOCATIONS[region]]

    def on_loc(self, g, f, loc):
        g.log(f"{fname(f)} claims the {lname(loc)}.")
        g.goto("claim", faction=f, location=loc)


def herald_reward(g):
    """Herald Rewards: 1 influence if your herald is there (plus the Council of Relics), then steal 1 from each
    opponent whose herald is there (DECISIONS: the rulebook's 'supporter' read as 'herald')."""
    state = g.state
    f, loc = g.local["faction"], g.local["location"]
    if S.fx(state, f)["herald"] != loc:
        return
    S.gain_influence(state, f, 1)
    g.log(f"{possessive(fname(f))} herald is on the {lname(loc)}: +1 influence.")
    for o in S.factions(state):
        if o != f and S.fx(state, o)["herald"] == loc:
            got = S.steal_influence(state, f, o, 1)
            g.log(f"{fname(f)} steals {got} influence from {possessive(fname(o))} herald.")
    relic_votes = S.council_votes(state, f, "relics")
    mine = [e for e in state["councils"]["relics"] if e["owner"] == f and e["kind"] == "card"]
    if state["options"]["edition"] == "2025":
        if relic_votes:
            g.call("relics_2025", role=f, gained=0)
        return
    if relic_votes:
        S.gain_influence(state, f, relic_votes)
        g.log(f"{fname(f)} gains {relic_votes} influence from the Council of Relics.")
    if len({e["id"] for e in mine}) == 1:
        remove_from_council(g, "relics", mine[0]["id"])
    elif mine:
        g.call("relics_discard", role=f)


def remove_from_council(g, council, cid, to_hand_ok=True):
    """Removing cards from a council: to the owner's discard pile. Where a card "may" go elsewhere (Wandering
    Embassy: to hand; Bringer of the Word: to the Lost Pile), the owner is asked once the current action's
    automatic steps are done (``council_removed``, offered by the engine: DECISIONS.md)."""
    state = g.state
    entries = state["councils"][council]
    entry = next(e for e in entries if e.get("id") == cid)
    entries.remove(entry)
    f = entry["owner"]
    embassy = to_hand_ok and S.has_hq(state, f, "council_removed_to_hand")
    S.discard_card(state, f, cid)
    g.log(f"{card_name(cid)} leaves the {COUNCIL_NAMES[council]} for {possessive(fname(f))} discard pile.")
    options = (["hand"] if embassy else []) + (["lost"] if "removed_may_be_lost" in CARDS[cid]["abilities"] else [])
    if options:
        state.setdefault("removal_offers", []).append({"owner": f, "card": cid, "options": options})


def offer_removal(state) -> None:
    """Push the next pending ``council_removed`` question on top of the flow (engine.py calls this once the
    automatic steps have run, so a question never lands in the middle of a step)."""
    offers = state.get("removal_offers")
    if not offers or (state["flow"] and state["flow"][-1]["name"] == "council_removed"):
        return
    offer = offers.pop(0)
    if not offers:
        state.pop("removal_offers")
    if state["season"] != "over" and offer["card"] in S.fx(state, offer["owner"])["discard"]:
        state["flow"].append({"name": "council_removed", "at": 0, "ret": None,
                              "local": {"role": offer["owner"], "card": offer["card"], "options": offer["options"]}})


@FLOW.decision("council_removed")
class CouncilRemoved(Choice):
    def prompt(self, g, f):
        return f"{card_name(g.local['card'])} was removed from a council to your discard pile: move it?"

    def actions(self, g, f):
        if "hand" in g.local["options"]:
            p = S.fx(g.state, f)
            yield act("hand", label="Take it into your hand (Wandering Embassy)" if len(p["hand"]) < p["hand_size"]
                      else "Put it on top of your deck (Wandering Embassy: your hand is full)")
        if "lost" in g.local["options"]:
            yield act("lost", label="Put it in the Lost Pile (Bringer of the Word)")
        yield act("keep", label="Leave it in the discard pile")

    def on_hand(self, g, f):
        cid = g.local["card"]
        S.fx(g.state, f)["discard"].remove(cid)
        where = S.add_to_hand(g.state, f, cid)
        g.log(f"{fname(f)} takes {card_name(cid)} into "
              + ("hand (Wandering Embassy)." if where == "hand" else "the top of its deck (Wandering Embassy, hand full)."))
        g.end()

    def on_lost(self, g, f):
        cid = g.local["card"]
        S.fx(g.state, f)["discard"].remove(cid)
        S.to_lost(g.state, cid)
        g.log(f"{fname(f)} puts {card_name(cid)} in the Lost Pile (Bringer of the Word).")
        g.end()

    def on_keep(self, g, f):
        g.end()



@FLOW.decision("relics_discard")
class RelicsDiscard(Choice):
    text = "Council of Relics: move one of your cards there to your discard pile."

    def actions(self, g, f):
        return [act("relic", e["id"], label=card_name(e["id"])) for e in g.state["councils"]["relics"]
                if e["owner"] == f and e["kind"] == "card"]

    def on_relic(self, g, f, cid):
        remove_from_council(g, "relics", cid)
        g.end()


@FLOW.decision("relics_2025")
class Relics2025(Choice):
    """2025 reference: remove any number of your cards and markers from the Council of Relics for 1 influence
    per vote removed."""

    text = "Council of Relics: remove your cards or markers there for 1 influence per vote, or finish."

    def actions(self, g, f):
        out = [act("done", label="Finish")]
        for e in g.state["councils"]["relics"]:
            if e["owner"] == f:
                label = card_name(e["id"]) if e["kind"] == "card" else "a faction marker"
                out.append(act("relic", e.get("id") or e["kind"], label=label))
        return list({a.id: a for a in out}.values())

    def on_relic(self, g, f, key):
        state = g.state
        entries = state["councils"]["relics"]
        entry = next(e for e in entries if e["owner"] == f and (e.get("id") == key or e["kind"] == key))
        votes = S.votes_of_card(state, entry["id"]) if entry["kind"] == "card" else 1
        if entry["kind"] == "card":
            remove_from_council(g, "relics", entry["id"])
        else:
            entries.remove(entry)
        S.gain_influence(state, f, votes)
        g.log(f"{fname(f)} gains {votes} influence from the Council of Relics.")


def location_reward(g):
    """Location Rewards: the printed influence, then the location's text."""
    state = g.state
    f, loc = g.local["faction"], g.local["location"]
    info = LOCATIONS[loc]
    if g.local.get("influence", True) and info["influence"]:
        S.gain_influence(state, f, info["influence"])
        g.log(f"{fname(f)} gains {info['influence']} influence ({lname(loc)}).")
    reward = info["reward"]
    if reward == "favour":
        if state["favour"]:
            S.fx(state, state["favour"])["favour"] = 0
        state["favour"] = f
        S.fx(state, f)["favour"] = 3
        g.log(f"{fname(f)} takes the Kingdom's Favour (III).")
    elif reward == "govern_active_or_hand":
        if _asked(state, f, _castle_cards):
            g.call("castle", role=f)
    elif reward == "journey_active_or_hand":
        if _asked(state, f, _wild_cards):
            g.call("wilderness", role=f)
    elif reward == "cards_to_deck_bottom":
        g.call("shrine", role=f, moved=0, limit=info.get("count", 3))
    elif reward == "necropolis":
        p = S.fx(state, f)
        p["deck"] += p["discard"]
        p["discard"] = []
        rng.shuffle(state, p["deck"])
        g.log(f"{fname(f)} shuffles its discard pile into its deck (Necropolis).")
        g.call("necropolis", role=f, limit=info.get("count", 3))


FLOW.procedure("herald_reward", herald_reward)
FLOW.procedure("location_reward", location_reward)
FLOW.procedure("claim", herald_reward, location_reward)


def _asked(state, f, eligible) -> bool:
    """Whether a Castle or Wilderness question is put: whenever the faction holds cards in hand (which of them
    qualify is hidden, so asking must not depend on it: issue 33), else when an Active card qualifies."""
    return bool(S.fx(state, f)["hand"]) or bool(eligible(state, f))


def _castle_cards(state, f):
    return [c for c in S.fx(state, f)["hand"] + [e["id"] for e in S.active_cards(state, f)]
            if S.votes_of_card(state, c) >= 1]


def _wild_cards(state, f):
    return [c for c in S.fx(state, f)["hand"] + [e["id"] for e in S.active_cards(state, f)]
            if _lore(state, c) >= 1]


def _lore(state, cid):
    return 0 if S._blanked(state, cid) else (CARDS[cid]["lore"] or 0)


def take_card(state, f, cid):
    """Take a card from hand or from the map (for Govern and Journey with Active cards)."""
    p = S.fx(state, f)
    if cid in p["hand"]:
        p["hand"].remove(cid)
    else:
        S.remove_from_region(state, cid)


def govern(g, f, cid, council, castle=False):
    state = g.state
    if castle:
        for e in list(state["councils"][council]):
            if e["kind"] == "card":
                remove_from_council(g, council, e["id"])
    take_card(state, f, cid)
    state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
    g.log(f"{fname(f)} Governs with {card_name(cid)} into the {COUNCIL_NAMES[council]}"
            + (" (Castle: the council was cleared first)." if castle else "."))


def journey(g, f, cid):
    """Journey: the card to the Lost Pile (Pathfinder: discard pile), lore equal to its lore icons. Returns
    the frame offering to buy with the lore, if any."""
    state = g.state
    lore = _lore(state, cid)
    pathfinder = "pathfinder" in S.traits(state, cid)
    take_card(state, f, cid)
    if pathfinder:
        S.discard_card(state, f, cid)
    else:
        S.to_lost(state, cid)
    S.gain_lore(state, f, lore)
    g.log(f"{fname(f)} Journeys with {card_name(cid)} (+{lore} lore; card to the "
            + ("discard pile, Pathfinder)." if pathfinder else "Lost Pile)."))
    return lore_gained(state, f)



@FLOW.decision("castle")
class Castle(HandChoice):
    text = "Castle: Govern with an Active card or a card from hand (the council is cleared first), or skip."

    def actions(self, g, f):
        return [act("skip", label="Skip")] + [act("gov", c, k, label=f"{card_name(c)} → {COUNCIL_NAMES[k]}")
                                              for c in dict.fromkeys(_castle_cards(g.state, f)) for k in COUNCILS]

    def on_skip(self, g, f):
        g.end()

    def on_gov(self, g, f, cid, council):
        govern(g, f, cid, council, castle=True)
        g.end()


@FLOW.decision("wilderness")
class Wilderness(HandChoice):
    text = "Wilderness: Journey with an Active card or a card from hand, or skip."

    def actions(self, g, f):
        return [act("skip", label="Skip")] + [act("journey", c, label=f"{card_name(c)} ({_lore(g.state, c)} lore)")
                                              for c in dict.fromkeys(_wild_cards(g.state, f))]

    def on_skip(self, g, f):
        g.end()

    def on_journey(self, g, f, cid):
        end_into(g, [journey(g, f, cid)])


@FLOW.decision("shrine")
class Shrine(HandChoice):
    text = "Shrine: move one of your cards (Active or in hand) to the bottom of your deck, or finish."

    def actions(self, g, f):
        out = [act("done", label="Finish")]
        if g.local["moved"] < g.local["limit"]:
            hand = S.fx(g.state, f)["hand"] + [e["id"] for e in S.active_cards(g.state, f)]
            out += [act("bottom", c, label=card_name(c)) for c in dict.fromkeys(hand)]
        return out

    def on_bottom(self, g, f, cid):
        active = cid not in S.fx(g.state, f)["hand"]
        take_card(g.state, f, cid)
        S.fx(g.state, f)["deck"].append(cid)
        g.local["moved"] += 1
        g.log(f"{fname(f)} moves " + (card_name(cid) if active else "a card from hand")
              + " to the bottom of its deck (Shrine).")


@FLOW.decision("necropolis")
class Necropolis(Choice):
    def prompt(self, g, f):
        return f"Necropolis: draw up to {g.local['limit']} cards."

    def actions(self, g, f):
        return [act("draw", n, label=f"Draw {n}") for n in range(g.local["limit"] + 1)]

    def on_draw(self, g, f, n):
        got = S.draw(g.state, f, int(n))
        if got:
            g.reveal()
        g.log(f"{fname(f)} draws {cards(got)} (Necropolis).")
        end_into(g, [{"name": "necro_discard", "role": f}, hand_check(g.state, f)])


@FLOW.decision("necro_discard")
class NecroDiscard(HandChoice):
    text = "Necropolis: discard any number of cards from your hand, then finish."

    def actions(self, g, f):
        return [act("done", label="Finish")] + [act("discard", c, label=card_name(c))
                                                for c in dict.fromkeys(S.fx(g.state, f)["hand"])]

    def on_discard(self, g, f, cid):
        S.fx(g.state, f)["hand"].remove(cid)
        S.discard_card(g.state, f, cid)
        g.log(f"{fname(f)} discards {card_name(cid)} (Necropolis).")

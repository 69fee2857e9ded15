"""Summer: clash markers, then each region's clash — Reveal Cards, the Day Action Step (and the reveal of
cards added face down), Night Effects, Tally Strength & Declare an Outcome (ties: Resolving Tied Clashes),
Claim Rewards (herald rewards, location rewards)."""

from __future__ import annotations

from itertools import permutations

from rules.core import rng

from .data import CARDS, COUNCIL_NAMES, COUNCILS, LOCATIONS, REGION_LOCATIONS, REGIONS, card_name
from .effects import after_lore, check_hand
from .frames import act, ask, decision, pop, push, task
from . import state as S
from .text import cards, fname, lname, rname


@task("clash_markers")
def _clash_markers(state, frame, ctx):
    """The player last on the Order Track (or the School of the Storms player) orders the clashes."""
    chooser = state.get("storms") or S.factions(state)[-1]
    push(state, ask(state, "clash_order", [chooser]))


@decision("clash_order")
class ClashOrder:
    @staticmethod
    def prompt(state, f, d):
        return "Place the clash markers: in which order are the regions resolved?"

    @staticmethod
    def legal(state, f, d):
        return [act("order:" + "-".join(p), " → ".join(rname(r) for r in p)) for p in permutations(REGIONS)]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        state["clash_order"] = aid.split(":", 1)[1].split("-")
        ctx.log(f"{fname(f)} places the clash markers: " + ", ".join(
            f"{'I' * (i + 1) if i < 3 else i + 1} {rname(r)}" for i, r in enumerate(state["clash_order"])) + ".")


@task("clashes")
def _clashes(state, frame, ctx):
    push(state, *[{"task": "clash_start", "region": r, "number": 1, "participants": S.factions(state)}
                  for r in state["clash_order"]])


@task("clash_start")
def _clash_start(state, frame, ctx):
    """A. Reveal Cards: the region's face-down cards turn up and, with Active cards that have not yet taken
    part in a clash here this round, make up this clash."""
    region, number, who = frame["region"], frame["number"], frame["participants"]
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
        ctx.reveal()
    label = "Clash" if number == 1 else f"Tie clash {number}"
    ctx.log(f"{label} in {rname(region)}: " + ("; ".join(f"{fname(e['owner'])} reveals {card_name(e['id'])}"
                                                       for e in shown) or "no cards revealed") + ".", kind="reveal")
    push(state, *[ask(state, "actions", [f], step="day") for f in S.factions(state) if f in who],
         {"task": "day_reveal"}, {"task": "night"}, {"task": "tally"})


@task("day_reveal")
def _day_reveal(state, frame, ctx):
    """After the Day Action Step, cards added face down are revealed together; their day commands may be
    used in turn order, and the loop repeats while new face-down cards are added (DECISIONS)."""
    clash = state["clash"]
    added = clash["added"]
    if not added:
        return
    clash["added"] = []
    region = clash["region"]
    new = []
    for e in state["regions"][region]["cards"]:
        if e["id"] in added and not e["up"]:
            e["up"] = True
            e["clash"] = clash["number"]
            new.append(e["id"])
    if not new:
        return
    ctx.reveal()
    ctx.log("Revealed in the clash: " + "; ".join(f"{fname(CARDS[c]['faction'])} {card_name(c)}" for c in new) + ".",
            kind="reveal")
    from .actions import menu
    frames = []
    for f in S.factions(state):
        frame = ask(state, "actions", [f], step="day2", cards=[c for c in new if CARDS[c]["faction"] == f])
        if frame["cards"] and len(menu(state, f, "day2", frame)) > 1:
            frames.append(frame)
    push(state, *frames, {"task": "day_reveal"})


@task("night")
def _night(state, frame, ctx):
    """C. Night Effects Step: simultaneous and mandatory."""
    clash = state["clash"]
    doomed = S.night_eliminations(state)
    ploy_owners = {e["owner"] for e in S.clash_cards(state, clash["region"], clash["number"])
                   if "night_eliminate_heirs_captains" in S.abilities(state, e["id"])}
    heirs_hit = {o: False for o in ploy_owners}
    for cid in doomed:
        owner = CARDS[cid]["faction"]
        where = S.eliminate(state, cid)
        if where is None:
            ctx.log(f"{card_name(cid)} ({fname(owner)}) is Invulnerable and stays.")
            continue
        ctx.log(f"{fname(owner)}'s {card_name(cid)} is Eliminated → " + ("discard pile (Resilient)." if where == "discard" else "Lost Pile."))
        if CARDS[cid].get("archetype") in ("Heir", "Captain"):
            for o in ploy_owners:
                if o != owner:
                    heirs_hit[o] = True
    push(state, *[ask(state, "ploy", [o]) for o in S.factions(state) if heirs_hit.get(o)])


@decision("ploy")
class Ploy:
    """Black Powder Ploy: having eliminated at least one card, gain 1 influence or 1 lore."""

    @staticmethod
    def prompt(state, f, d):
        return "Black Powder Ploy: gain 1 influence or 1 lore."

    @staticmethod
    def legal(state, f, d):
        return [act("gain:influence", "1 influence"), act("gain:lore", "1 lore")]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        if aid.endswith("influence"):
            S.gain_influence(state, f, 1)
        else:
            S.gain_lore(state, f, 1)
            after_lore(state, f)
        ctx.log(f"{fname(f)} gains 1 {aid.split(':')[1]} (Black Powder Ploy).")


@task("tally")
def _tally(state, frame, ctx):
    """D. Tally Strength & Declare an Outcome."""
    clash = state["clash"]
    region = clash["region"]
    totals = {f: S.clash_total(state, f) for f in clash["participants"]}
    for f in clash["participants"]:     # supporters count in one clash of the region only
        reg = state["regions"][region]
        reg["counted"][f] = reg["supporters"].get(f, 0)
    lowest = any("lowest_wins" in S.abilities(state, e["id"]) for e in S.clash_cards(state, region, clash["number"]))
    winner, tied = S.outcome(totals, lowest)
    ctx.log(f"{rname(region)} strength: " + ", ".join(f"{fname(f)} {v}" for f, v in totals.items())
            + (" (lowest above 0 wins: Ritual of the Eye)" if lowest else "") + ".")
    if winner:
        ctx.log(f"{fname(winner)} wins the clash in {rname(region)}.")
        push(state, {"task": "before_rewards", "winner": winner}, ask(state, "location", [winner]),
             {"task": "region_done"})
        return
    order = [f for f in S.factions(state) if f in tied]
    ctx.log(f"Tie in {rname(region)} between " + ", ".join(fname(f) for f in order) + ".")
    push(state, *[ask(state, "tie", [f], tied=order) for f in order], {"task": "tie_resolve", "tied": order})


@decision("tie")
class Tie:
    @staticmethod
    def prompt(state, f, d):
        return "Tied clash: play a card from your hand face down to start a new clash, or pass."

    @staticmethod
    def legal(state, f, d):
        return [act("pass", "Pass")] + [act(f"play:{c}", f"{card_name(c)} (strength {S.strength(state, c)})", "Hand")
                                        for c in dict.fromkeys(S.fx(state, f)["hand"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        if aid == "pass":
            ctx.log(f"{fname(f)} passes.")
            return
        cid = aid.split(":", 1)[1]
        S.fx(state, f)["hand"].remove(cid)
        state["regions"][state["clash"]["region"]]["cards"].append({"id": cid, "owner": f, "up": False, "clash": None})
        state["tie_played"] = True
        ctx.log(f"{fname(f)} plays a card face down.")
        ctx.log(f"You play {card_name(cid)} face down.", to=[f])


@task("tie_resolve")
def _tie_resolve(state, frame, ctx):
    clash = state["clash"]
    if state.pop("tie_played", False):
        push(state, {"task": "clash_start", "region": clash["region"], "number": clash["number"] + 1,
                     "participants": frame["tied"]})
        return
    ctx.log(f"The clash in {rname(clash['region'])} is a draw: no rewards.")
    push(state, {"task": "storms_bonus"}, {"task": "region_done"})


@task("region_done")
def _region_done(state, frame, ctx):
    state["resolved"].append(state["clash"]["region"])
    state["clash"] = None


@task("storms_bonus")
def _storms_bonus(state, frame, ctx):
    """School of the Storms: when a region is resolved, before rewards."""
    f = state.get("storms")
    if not f:
        return
    region = state["clash"]["region"]
    sup = {g: state["regions"][region]["supporters"].get(g, 0) for g in S.factions(state)}
    cards = {g: len(S.active_cards(state, g, region)) for g in S.factions(state)}
    if sup[f] > 0 and all(sup[f] > v for g, v in sup.items() if g != f):
        S.gain_influence(state, f, 1)
        ctx.log(f"{fname(f)} gains 1 influence for the most supporters (School of the Storms).")
    if cards[f] > 0 and all(cards[f] > v for g, v in cards.items() if g != f):
        S.gain_lore(state, f, 1)
        ctx.log(f"{fname(f)} gains 1 lore for the most Active cards (School of the Storms).")
        after_lore(state, f)


@task("before_rewards")
def _before_rewards(state, frame, ctx):
    f = frame["winner"]
    region = state["clash"]["region"]
    for e in S.active_cards(state, f, region):
        if "win_bonus_influence" in S.abilities(state, e["id"]):
            S.gain_influence(state, f, 1)
            ctx.log(f"{fname(f)} gains 1 influence ({card_name(e['id'])}).")
    push(state, {"task": "storms_bonus"})


@decision("location")
class Location:
    @staticmethod
    def prompt(state, f, d):
        return "You won the clash: choose the location whose rewards you claim."

    @staticmethod
    def legal(state, f, d):
        region = state["clash"]["region"]
        return [act(f"loc:{loc}", f"{lname(loc)}: {LOCATIONS[loc]['text']}") for loc in REGION_LOCATIONS[region]]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        loc = aid.split(":", 1)[1]
        ctx.log(f"{fname(f)} claims the {lname(loc)}.")
        push(state, {"task": "herald_reward", "faction": f, "location": loc},
             {"task": "location_reward", "faction": f, "location": loc, "influence": True})


@task("herald_reward")
def _herald_reward(state, frame, ctx):
    """Herald Rewards: 1 influence if your herald is there (plus the Council of Relics), then steal 1 from each
    opponent whose herald is there (DECISIONS: the rulebook's 'supporter' read as 'herald')."""
    f, loc = frame["faction"], frame["location"]
    if S.fx(state, f)["herald"] != loc:
        return
    S.gain_influence(state, f, 1)
    ctx.log(f"{fname(f)}'s herald is on the {lname(loc)}: +1 influence.")
    for o in S.factions(state):
        if o != f and S.fx(state, o)["herald"] == loc:
            got = S.steal_influence(state, f, o, 1)
            ctx.log(f"{fname(f)} steals {got} influence from {fname(o)}'s herald.")
    relic_votes = S.council_votes(state, f, "relics")
    mine = [e for e in state["councils"]["relics"] if e["owner"] == f and e["kind"] == "card"]
    if state["options"]["edition"] == "2025":
        if relic_votes:
            push(state, ask(state, "relics_2025", [f], gained=0))
        return
    if relic_votes:
        S.gain_influence(state, f, relic_votes)
        ctx.log(f"{fname(f)} gains {relic_votes} influence from the Council of Relics.")
    if len({e["id"] for e in mine}) == 1:
        remove_from_council(state, "relics", mine[0]["id"], ctx)
    elif mine:
        push(state, ask(state, "relics_discard", [f]))


def remove_from_council(state, council, cid, ctx, to_hand_ok=True):
    """Removing cards from a council: to the owner's discard pile unless stated (Wandering Embassy: to hand)."""
    entries = state["councils"][council]
    entry = next(e for e in entries if e.get("id") == cid)
    entries.remove(entry)
    f = entry["owner"]
    if to_hand_ok and S.has_hq(state, f, "council_removed_to_hand"):
        where = S.add_to_hand(state, f, cid)
        ctx.log(f"{card_name(cid)} leaves the {COUNCIL_NAMES[council]} for {fname(f)}'s "
                + ("hand (Wandering Embassy)." if where == "hand" else "deck top (Wandering Embassy, hand full)."))
    else:
        S.discard_card(state, f, cid)
        ctx.log(f"{card_name(cid)} leaves the {COUNCIL_NAMES[council]} for {fname(f)}'s discard pile.")


@decision("relics_discard")
class RelicsDiscard:
    @staticmethod
    def prompt(state, f, d):
        return "Council of Relics: move one of your cards there to your discard pile."

    @staticmethod
    def legal(state, f, d):
        return [act(f"relic:{e['id']}", card_name(e["id"])) for e in state["councils"]["relics"]
                if e["owner"] == f and e["kind"] == "card"]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        remove_from_council(state, "relics", aid.split(":", 1)[1], ctx)


@decision("relics_2025")
class Relics2025:
    """2025 reference: remove any number of your cards and markers from the Council of Relics for 1 influence
    per vote removed."""

    @staticmethod
    def prompt(state, f, d):
        return "Council of Relics: remove your cards or markers there for 1 influence per vote, or finish."

    @staticmethod
    def legal(state, f, d):
        out = [act("done", "Finish")]
        for i, e in enumerate(state["councils"]["relics"]):
            if e["owner"] == f:
                label = card_name(e["id"]) if e["kind"] == "card" else "a faction marker"
                out.append(act(f"relic:{e.get('id') or e['kind']}", label))
        return list({a.id: a for a in out}.values())

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        key = aid.split(":", 1)[1]
        entries = state["councils"]["relics"]
        entry = next(e for e in entries if e["owner"] == f and (e.get("id") == key or e["kind"] == key))
        votes = S.votes_of_card(state, entry["id"]) if entry["kind"] == "card" else 1
        if entry["kind"] == "card":
            remove_from_council(state, "relics", entry["id"], ctx)
        else:
            entries.remove(entry)
        S.gain_influence(state, f, votes)
        ctx.log(f"{fname(f)} gains {votes} influence from the Council of Relics.")


@task("location_reward")
def _location_reward(state, frame, ctx):
    """Location Rewards: the printed influence, then the location's text."""
    f, loc = frame["faction"], frame["location"]
    info = LOCATIONS[loc]
    if frame.get("influence", True) and info["influence"]:
        S.gain_influence(state, f, info["influence"])
        ctx.log(f"{fname(f)} gains {info['influence']} influence ({lname(loc)}).")
    reward = info["reward"]
    if reward == "favour":
        if state["favour"]:
            S.fx(state, state["favour"])["favour"] = 0
        state["favour"] = f
        S.fx(state, f)["favour"] = 3
        ctx.log(f"{fname(f)} takes the Kingdom's Favour (III).")
    elif reward == "govern_active_or_hand":
        if _castle_cards(state, f):
            push(state, ask(state, "castle", [f]))
    elif reward == "journey_active_or_hand":
        if _wild_cards(state, f):
            push(state, ask(state, "wilderness", [f]))
    elif reward == "cards_to_deck_bottom":
        push(state, ask(state, "shrine", [f], moved=0, limit=info.get("count", 3)))
    elif reward == "necropolis":
        p = S.fx(state, f)
        p["deck"] += p["discard"]
        p["discard"] = []
        rng.shuffle(state, p["deck"])
        ctx.log(f"{fname(f)} shuffles its discard pile into its deck (Necropolis).")
        push(state, ask(state, "necropolis", [f], limit=info.get("count", 3)))


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


def govern(state, f, cid, council, ctx, castle=False):
    if castle:
        for e in list(state["councils"][council]):
            if e["kind"] == "card":
                remove_from_council(state, council, e["id"], ctx)
    take_card(state, f, cid)
    state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
    ctx.log(f"{fname(f)} Governs with {card_name(cid)} into the {COUNCIL_NAMES[council]}"
            + (" (Castle: the council was cleared first)." if castle else "."))


def journey(state, f, cid, ctx):
    """Journey: the card to the Lost Pile (Pathfinder: discard pile), lore equal to its lore icons."""
    lore = _lore(state, cid)
    pathfinder = "pathfinder" in S.traits(state, cid)
    take_card(state, f, cid)
    if pathfinder:
        S.discard_card(state, f, cid)
    else:
        S.to_lost(state, cid)
    S.gain_lore(state, f, lore)
    ctx.log(f"{fname(f)} Journeys with {card_name(cid)} (+{lore} lore; card to the "
            + ("discard pile, Pathfinder)." if pathfinder else "Lost Pile)."))
    after_lore(state, f)


@decision("castle")
class Castle:
    @staticmethod
    def prompt(state, f, d):
        return "Castle: Govern with an Active card or a card from hand (the council is cleared first), or skip."

    @staticmethod
    def legal(state, f, d):
        return [act("skip", "Skip")] + [act(f"gov:{c}:{k}", f"{card_name(c)} → {COUNCIL_NAMES[k]}")
                                        for c in dict.fromkeys(_castle_cards(state, f)) for k in COUNCILS]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        if aid != "skip":
            _, cid, council = aid.split(":")
            govern(state, f, cid, council, ctx, castle=True)


@decision("wilderness")
class Wilderness:
    @staticmethod
    def prompt(state, f, d):
        return "Wilderness: Journey with an Active card or a card from hand, or skip."

    @staticmethod
    def legal(state, f, d):
        return [act("skip", "Skip")] + [act(f"journey:{c}", f"{card_name(c)} ({_lore(state, c)} lore)")
                                        for c in dict.fromkeys(_wild_cards(state, f))]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        if aid != "skip":
            journey(state, f, aid.split(":", 1)[1], ctx)


@decision("shrine")
class Shrine:
    @staticmethod
    def prompt(state, f, d):
        return "Shrine: move one of your cards (Active or in hand) to the bottom of your deck, or finish."

    @staticmethod
    def legal(state, f, d):
        out = [act("done", "Finish")]
        if d["moved"] < d["limit"]:
            cards = S.fx(state, f)["hand"] + [e["id"] for e in S.active_cards(state, f)]
            out += [act(f"bottom:{c}", card_name(c)) for c in dict.fromkeys(cards)]
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        cid = aid.split(":", 1)[1]
        active = cid not in S.fx(state, f)["hand"]
        take_card(state, f, cid)
        S.fx(state, f)["deck"].append(cid)
        d["moved"] += 1
        ctx.log(f"{fname(f)} moves " + (card_name(cid) if active else "a card from hand") + " to the bottom of its deck (Shrine).")


@decision("necropolis")
class Necropolis:
    @staticmethod
    def prompt(state, f, d):
        return f"Necropolis: draw up to {d['limit']} cards."

    @staticmethod
    def legal(state, f, d):
        return [act(f"draw:{n}", f"Draw {n}") for n in range(d["limit"] + 1)]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        n = int(aid.split(":", 1)[1])
        got = S.draw(state, f, n)
        ctx.log(f"{fname(f)} draws {cards(got)} (Necropolis).")
        check_hand(state, f)
        push(state, ask(state, "necro_discard", [f]))


@decision("necro_discard")
class NecroDiscard:
    @staticmethod
    def prompt(state, f, d):
        return "Necropolis: discard any number of cards from your hand, then finish."

    @staticmethod
    def legal(state, f, d):
        return [act("done", "Finish")] + [act(f"discard:{c}", card_name(c)) for c in dict.fromkeys(S.fx(state, f)["hand"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        cid = aid.split(":", 1)[1]
        S.fx(state, f)["hand"].remove(cid)
        S.discard_card(state, f, cid)
        ctx.log(f"{fname(f)} discards {card_name(cid)} (Necropolis).")

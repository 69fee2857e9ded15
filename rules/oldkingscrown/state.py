"""Pure rules logic over the plain-JSON state: card zones, drawing and Attrition, hand size, card information
(printed, gained, blanked), votes, supporters, influence and lore, the Order Track and final scoring.
Section names in comments are the rulebook's headings (August 2024 rulebook)."""

from __future__ import annotations

from rules.core import rng

from .data import BOARD, CARDS, COUNCILS, KINGDOM, LOCATIONS, REGIONS, SITE_IDS

MARKERS = BOARD["faction_markers"]
SUPPORTERS = BOARD["supporters"]


def opt(state, key):
    return state["options"][key]


def hand_max(state) -> int:
    return BOARD["hand_size_max"][opt(state, "edition")]


def factions(state) -> list[str]:
    """Factions in play, in Order Track order."""
    return list(state["order"])


def fx(state, f) -> dict:
    return state["factions"][f]


# ---- kingdom cards held -------------------------------------------------------------------------
def kingdom_held(state, f) -> list[str]:
    """Kingdom cards a faction holds: on its board (occupied) and in its supply."""
    p = fx(state, f)
    return [s["card"] for s in p["spaces"] if s] + list(p["kingdom_supply"])


def _passive_steps(card) -> dict[str, list[dict]]:
    steps = list(card.get("passive", []))
    if card["timing"] == "passive":
        steps += card["effect"]
    by_op: dict[str, list[dict]] = {}
    for s in steps:
        by_op.setdefault(s["op"], []).append(s)
    return by_op


#: Kingdom card -> op -> its passive effect steps doing ``op`` (read often: card information, votes)
_PASSIVE = {k: _passive_steps(card) for k, card in KINGDOM.items()}


def kingdom_ops_of(k, op):
    """Kingdom card ``k``'s passive effect steps doing ``op``."""
    return _PASSIVE[k].get(op, ())


def kingdom_ops(state, f, op) -> list[dict]:
    """Every passive effect step ``op`` among the faction's held Kingdom cards."""
    out = []
    for k in kingdom_held(state, f):
        out += _PASSIVE[k].get(op, ())
    return out


#: HQ abilities that change the information of the faction's cards (traits, commands, votes_of_card)
CARD_INFO_HQ = ("all_resilient", "traders_gain_flank", "plus_vote_no_votes")


def has_hq(state, f, ability) -> bool:
    return any(ability in CARDS[c]["abilities"] for c in fx(state, f)["hq"])


# ---- card information (Printed, Gained & Blanked) -----------------------------------------------
def region_entry(state, card_id):
    for r in REGIONS:
        for e in state["regions"][r]["cards"]:
            if e["id"] == card_id:
                return r, e
    return None, None


def _blanked(state, card_id) -> bool:
    """Guerrilla Fighters: while Active in the current clash, printed information except strength on the
    opponents' non-Heir cards in that clash is blank."""
    clash = state.get("clash")
    if not clash:
        return False
    region, entry = region_entry(state, card_id)
    if region != clash["region"] or not entry or not entry["up"] or entry["clash"] != clash["number"]:
        return False
    if CARDS[card_id].get("archetype") == "Heir":
        return False
    owner = CARDS[card_id]["faction"]
    for e in state["regions"][region]["cards"]:
        if (e["up"] and e["clash"] == clash["number"] and e["owner"] != owner
                and "blank_opponents_non_heirs" in CARDS[e["id"]]["abilities"]):
            return True
    return False


def _gained(state, card_id, kind) -> set[str]:
    out = set()
    for m in state["mods"]:
        if m.get("card") == card_id and m["kind"] == kind:
            out.add(m["value"])
        if m["kind"] == "copy" and m.get("card") == card_id:
            out |= set(CARDS[m["value"]][kind + "s"])
    return out


def traits(state, card_id) -> set[str]:
    card = CARDS[card_id]
    f = card["faction"]
    out = set() if _blanked(state, card_id) else set(card["traits"])
    out |= _gained(state, card_id, "trait")
    if has_hq(state, f, "all_resilient"):
        out.add("resilient")
    if kingdom_ops(state, f, "all_pathfinder"):
        out.add("pathfinder")
    return out


def commands(state, card_id) -> set[str]:
    card = CARDS[card_id]
    out = set() if _blanked(state, card_id) else set(card["commands"])
    out |= _gained(state, card_id, "command")
    if card.get("archetype") == "Trader" and has_hq(state, card["faction"], "traders_gain_flank"):
        out.add("flank")
    return out


def abilities(state, card_id) -> set[str]:
    """Printed abilities (unless blanked) and those gained by copying a card's text (Ritual of the Tooth)."""
    out = set() if _blanked(state, card_id) else set(CARDS[card_id]["abilities"])
    for m in state["mods"]:
        if m["kind"] == "copy" and m.get("card") == card_id:
            out |= set(CARDS[m["value"]]["abilities"])
    return out


def strength(state, card_id) -> int:
    """Printed strength plus gained strength (Ritual of the Tooth copies a printed strength)."""
    value = CARDS[card_id]["strength"] or 0
    for m in state["mods"]:
        if m["kind"] == "copy" and m["card"] == card_id:
            value += CARDS[m["value"]]["strength"] or 0
    return value


def printed_votes(card_id) -> int:
    return CARDS[card_id]["votes"] or 0


def votes_of_card(state, card_id) -> int:
    f = CARDS[card_id]["faction"]
    v = printed_votes(card_id)
    if v == 0 and has_hq(state, f, "plus_vote_no_votes"):
        v = 1
    return v


def council_votes(state, f, council) -> int:
    return votes_in_councils(state, f)[council]


def votes_in_councils(state, f) -> dict[str, int]:
    """The faction's votes in each council: its cards' votes, its syndicate markers, its bringer markers
    while its card with that ability sits in a council, and its Kingdom cards' council votes."""
    votes = {}
    bringer_in = None
    for council in COUNCILS:
        total = bringers = 0
        for e in state["councils"][council]:
            if e["owner"] != f:
                continue
            if e["kind"] == "card":
                total += votes_of_card(state, e["id"])
            elif e["kind"] == "syndicate":
                total += 1
            elif e["kind"] == "bringer":
                bringers += 1
        if bringers:
            if bringer_in is None:
                bringer_in = _bringer_in(state, f)
            if bringer_in:
                total += bringers
        votes[council] = total
    for s in kingdom_ops(state, f, "council_vote"):
        if s["council"] in votes:
            votes[s["council"]] += s["n"]
    return votes


def _bringer_in(state, f) -> bool:
    return any(e["kind"] == "card" and e["owner"] == f and "autumn_bringer_marker" in CARDS[e["id"]]["abilities"]
               for c in COUNCILS for e in state["councils"][c])


# ---- hand, deck, discard (Hand Size, Attrition) --------------------------------------------------
def add_to_hand(state, f, card_id) -> str:
    """Exceeding Hand Size: a card added to a full hand goes on top of the deck instead. Returns where."""
    p = fx(state, f)
    if len(p["hand"]) >= p["hand_size"]:
        p["deck"].insert(0, card_id)
        return "deck"
    p["hand"].append(card_id)
    return "hand"


def change_hand_size(state, f, delta):
    """Minimum and Maximum Hand Size Limits: never below 3 nor above the edition's maximum."""
    p = fx(state, f)
    p["hand_size"] = max(BOARD["hand_size_min"], min(hand_max(state), p["hand_size"] + delta))


def attrition(state, f) -> bool:
    """Attrition: shuffle the discard pile into a new deck and lower the hand size by one. False when there
    was nothing to shuffle (no deck can be formed)."""
    p = fx(state, f)
    if not p["discard"]:
        return False
    p["deck"] = list(p["discard"])
    p["discard"] = []
    rng.shuffle(state, p["deck"])
    change_hand_size(state, f, -1)
    p["attritions"] += 1
    return True


def draw(state, f, n=None) -> int:
    """Draw ``n`` cards (None: until the hand equals the hand size), never beyond the hand size. An empty deck
    causes Attrition, after which the hand is refilled to the new hand size (the rulebook's literal text)."""
    p = fx(state, f)
    drawn = 0
    attrited = False
    while len(p["hand"]) < p["hand_size"] and (n is None or drawn < n):
        if not p["deck"]:
            if attrited or not attrition(state, f):
                break
            attrited = True
            n = None   # Attrition: draw until the hand equals the new hand size
            continue
        p["hand"].append(p["deck"].pop(0))
        drawn += 1
    return drawn   # cards drawn become known to their owner: the caller marks the move irreversible


def over_hand(state, f) -> int:
    p = fx(state, f)
    return max(0, len(p["hand"]) - p["hand_size"])


def discard_card(state, f, card_id):
    fx(state, f)["discard"].append(card_id)


def to_lost(state, card_id):
    state["lost"].append(card_id)


def remove_from_region(state, card_id):
    for r in REGIONS:
        cards = state["regions"][r]["cards"]
        for i, e in enumerate(cards):
            if e["id"] == card_id:
                return cards.pop(i)
    return None


def eliminate(state, card_id) -> str | None:
    """Eliminate an Active card: Invulnerable cards are immune; Resilient ones go to the discard pile, the
    rest to the Lost Pile. Returns where it went, or None if it was not eliminated."""
    if "invulnerable" in traits(state, card_id):
        return None
    resilient = "resilient" in traits(state, card_id)
    remove_from_region(state, card_id)
    f = CARDS[card_id]["faction"]
    if resilient:
        discard_card(state, f, card_id)
        return "discard"
    to_lost(state, card_id)
    return "lost"


def active_cards(state, f=None, region=None) -> list[dict]:
    out = []
    for r in REGIONS:
        if region is not None and r != region:
            continue
        for e in state["regions"][r]["cards"]:
            if e["up"] and (f is None or e["owner"] == f):
                out.append(e)
    return out


# ---- tokens ---------------------------------------------------------------------------------------
def gain_influence(state, f, n):
    fx(state, f)["influence"] += n


def steal_influence(state, thief, victim, n) -> int:
    """Stealing: only what the victim has; never from the Reserve."""
    taken = min(n, fx(state, victim)["influence"])
    fx(state, victim)["influence"] -= taken
    fx(state, thief)["influence"] += taken
    return taken


def site_empty(state, f) -> bool:
    return not fx(state, f)["site"]


def gain_lore(state, f, n) -> bool:
    """Add lore; with an empty Site of Power it goes on the Site (to convert at the end). True when the
    faction may now buy from its Site of Power."""
    p = fx(state, f)
    if n <= 0:
        return False
    if site_empty(state, f):
        p["site_lore"] += n
        return False
    p["lore"] += n
    return affordable(state, f) != []


def affordable(state, f) -> list[str]:
    p = fx(state, f)
    return [c for c in p["site"] if CARDS[c]["cost"] <= p["lore"]]


def markers_free(state, f) -> int:
    """Faction markers in the faction's supply: 10 less those on tactic tiles, locations, councils and HQs."""
    p = fx(state, f)
    used = sum(p["tactic_markers"].values()) + p["door_markers"]
    locations, councils = state["locations"], state["councils"]
    for loc in LOCATIONS:
        used += locations[loc]["tokens"].get(f, 0)
    for c in COUNCILS:
        for e in councils[c]:
            if e["owner"] == f and e["kind"] != "card":
                used += 1
    return MARKERS - used


def supporters_on_map(state, f) -> int:
    return sum(state["regions"][r]["supporters"].get(f, 0) for r in REGIONS)


# ---- Order Track (Determine Turn Order) and scoring (Winning the Game) -----------------------------
def new_order(previous: list[str], influence: dict[str, int]) -> list[str]:
    """Most influence first; players tied reverse the relative order they had on the track before."""
    groups: dict[int, list[str]] = {}
    for f in previous:
        groups.setdefault(influence[f], []).append(f)
    out = []
    for value in sorted(groups, reverse=True):
        tied = groups[value]
        out += list(reversed(tied)) if len(tied) > 1 else tied
    return out


def ranking(order: list[str], influence: dict[str, int], favour: str | None) -> list[str]:
    """Final ranking: most influence; among equals the Kingdom's Favour holder, then the higher on the track."""
    return sorted(order, key=lambda f: (-influence[f], 0 if f == favour else 1, order.index(f)))


def site_conversion(site_lore: int) -> int:
    """No Cards Left on Your Site of Power: 1 influence per 2 lore on the Site at the end."""
    return site_lore // 2


# ---- clashes (Tally Strength & Declare an Outcome) ------------------------------------------------
def clash_cards(state, region, number, f=None) -> list[dict]:
    return [e for e in state["regions"][region]["cards"]
            if e["up"] and e["clash"] == number and (f is None or e["owner"] == f)]


def clash_total(state, f) -> int:
    """A participant's total in the current clash: its Active cards taking part, its supporters not yet
    counted in an earlier clash here this round, and strength from abilities."""
    clash = state["clash"]
    region, number = clash["region"], clash["number"]
    total = sum(strength(state, e["id"]) for e in clash_cards(state, region, number, f))
    total += uncounted_supporters(state, region, f)
    total += clash["bonus"].get(f, 0)
    if number == 1:
        total += sum(m["n"] for m in state["mods"]
                     if m["kind"] == "strength_region" and m["faction"] == f and m["value"] == region)
    return total


def clash_parts(state, f) -> list[tuple[str, int]]:
    """The parts of :func:`clash_total`, each by name: (what, strength)."""
    clash = state["clash"]
    region, number = clash["region"], clash["number"]
    parts = [(CARDS[e["id"]]["name"], strength(state, e["id"])) for e in clash_cards(state, region, number, f)]
    supporters = uncounted_supporters(state, region, f)
    if supporters:
        parts.append((f"{supporters} supporter{'s' if supporters != 1 else ''}", supporters))
    if clash["bonus"].get(f):
        parts.append(("bonuses of cards and tactics", clash["bonus"][f]))
    if number == 1:
        extra = sum(m["n"] for m in state["mods"]
                    if m["kind"] == "strength_region" and m["faction"] == f and m["value"] == region)
        if extra:
            parts.append(("the region's first clash bonus", extra))
    return parts


def uncounted_supporters(state, region, f) -> int:
    reg = state["regions"][region]
    return max(0, reg["supporters"].get(f, 0) - reg["counted"].get(f, 0))


def outcome(totals: dict[str, int], lowest_wins: bool = False) -> tuple[str | None, list[str]]:
    """The winner, or (None, tied players) when two or more share the best total. With Ritual of the Eye the
    lowest total above 0 is best; if nobody has more than 0 the highest rule applies."""
    if lowest_wins and any(v > 0 for v in totals.values()):
        best = min(v for v in totals.values() if v > 0)
    else:
        best = max(totals.values())
    top = [f for f, v in totals.items() if v == best]
    return (top[0], []) if len(top) == 1 else (None, top)


def night_eliminations(state) -> list[str]:
    """Night Effects Step, resolved simultaneously from the position before any card leaves: Deadly removes
    every opponent's Active card in the clash; the Agent's and Guerrilla Fighters' self-elimination; Black
    Powder Ploy against Heirs and Captains. Returns the ids to eliminate (Invulnerable ones are kept out
    later by :func:`eliminate`)."""
    clash = state["clash"]
    cards = clash_cards(state, clash["region"], clash["number"])
    doomed: list[str] = []
    for e in cards:
        owner = e["owner"]
        opp = [o for o in cards if o["owner"] != owner]
        if "deadly" in commands(state, e["id"]):
            doomed += [o["id"] for o in opp]
        ab = abilities(state, e["id"])
        if "night_self_eliminate_vs_follower" in ab and any(CARDS[o["id"]].get("archetype") == "Follower" for o in opp):
            doomed.append(e["id"])
        if "night_self_eliminate_vs_heir" in ab and any(CARDS[o["id"]].get("archetype") == "Heir" for o in opp):
            doomed.append(e["id"])
        if "night_eliminate_heirs_captains" in ab:
            doomed += [o["id"] for o in opp if CARDS[o["id"]].get("archetype") in ("Heir", "Captain")]
    seen, out = set(), []
    for c in doomed:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def unresolved_regions(state) -> list[str]:
    return [r for r in state["clash_order"] if r not in state["resolved"] and r != (state.get("clash") or {}).get("region")]


def site_cards(f):
    return list(SITE_IDS[f])

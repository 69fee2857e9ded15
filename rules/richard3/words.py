"""A role's view in words (Engine.describe): the board by area, your hand with each card's effect, your
pool and the blocks off the map, the others' public counts."""

from __future__ import annotations

from rules.core.wording import Section, listing, plural, table

from .data import SIDES, area_name

SIDE_NAMES = {"york": "York", "lancaster": "Lancaster"}

#: what each event card lets its player do (the cards of the English edition; richard-iii-facts §1)
EVENT_EFFECTS = {
    "force_march": "move one group up to 3 areas instead of 2; border limits still apply, no sea moves.",
    "muster": "name one friendly or vacant area: any of your blocks may move there by land, at no cost.",
    "piracy": "both actions may be spent only on sea moves; a sea move may attack a coastal area.",
    "plague": "every block in one enemy city area loses a step (a block at strength 1 is eliminated).",
    "surprise": "move one group with every border's limit one higher; or a normal sea move.",
    "treason": "move one group; before any one battle this turn, one extra treachery roll.",
}


def card_effect(card: dict) -> str:
    """A card as a player reads it where it is chosen: its name, its action points and its event."""
    event = card.get("event")
    head = f"{card['name']} ({plural(card['ap'], 'action point')})"
    return f"{head}: {EVENT_EFFECTS[event]}" if event in EVENT_EFFECTS else head


def block_words(b: dict) -> str:
    """A known block: its title, rating and strength, and what it is."""
    if b.get("hidden"):
        return f"a hidden {SIDE_NAMES[b['side']]} block"
    marks = [m for m, on in (("the King", b.get("king")), ("the Pretender", b.get("pretender")),
                             ("moved this turn", b.get("moved")), ("in reserve", b.get("reserve")))
             if on]
    text = f"{b['title']} ({b['rating']}, strength {b['strength']} of {b['max']})"
    return text + (f", {', '.join(marks)}" if marks else "")


def _readers(role) -> list[str]:
    if role is None:
        return []
    return [role] if isinstance(role, str) else [r for r in role if r in SIDES]


def _standing(view: dict) -> Section:
    year = f" ({view['year']})" if view.get("year") else ""
    lines = [f"{view['scenario_name']}: campaign {view['campaign']} of {view['last_campaign']}{year}, "
             f"game turn {view['turn']} of 7 — {view['phase']}."]
    for key, what in (("king", "King"), ("pretender", "Pretender")):
        crown = view.get(key)
        if crown:
            heir = crown.get("heir") or "nobody yet (decided in the Supply Phase)"
            lines.append(f"{what}: {heir} of {SIDE_NAMES[crown['side']]}.")
    if view.get("player1"):
        lines.append(f"Player 1 this game turn: {SIDE_NAMES[view['player1']]}.")
    waiting = [SIDE_NAMES[r] for r in view.get("waiting") or []]
    if waiting:
        lines.append(f"Waiting for: {listing(waiting)}.")
    result = view.get("result")
    if result:
        lines.append("The game is over.")
    return Section("Where the game stands", lines)


def _board(view: dict) -> Section:
    rows = []
    for area, a in sorted(view["areas"].items(), key=lambda kv: area_name(kv[0])):
        parts = []
        for side in SIDES:
            blocks = [b for b in a["blocks"] if b["side"] == side]
            known = [block_words(b) for b in blocks if not b.get("hidden")]
            hidden = sum(1 for b in blocks if b.get("hidden"))
            if known:
                parts.append(f"{SIDE_NAMES[side]}: " + "; ".join(known)
                             + (f"; and {plural(hidden, 'hidden block')}" if hidden else ""))
            elif hidden:
                parts.append(f"{SIDE_NAMES[side]}: {plural(hidden, 'hidden block')}")
        held = "contested" if a["contested"] else f"held by {SIDE_NAMES[a['control']]}" if a["control"] else ""
        rows.append(f"{area_name(area)} ({held}): " + " — ".join(parts))
    return Section("The board, area by area", rows or ["No blocks on the map."])


def _cards(view: dict, readers: list[str]) -> list[Section]:
    cards = view["cards"]
    out = []
    if readers and cards.get("hand") is not None:
        hand = [f"{card_effect(c)}" for c in cards["hand"]]
        out.append(Section("Your hand", hand or ["No cards."], private=True))
        if cards.get("my_card"):
            out.append(Section("Your card for this turn (face down until both have chosen)",
                               [card_effect(cards["my_card"])], private=True))
    lines = [f"{SIDE_NAMES[s]} holds {plural(n, 'card')}." for s, n in cards["hand_size"].items()
             if s not in readers]
    for side, chosen in cards["committed"].items():
        if chosen and side not in readers:
            lines.append(f"{SIDE_NAMES[side]} has chosen a card, face down.")
    if cards.get("played"):
        lines.append("Played this turn: " + "; ".join(f"{SIDE_NAMES[s]} {card_effect(c)}"
                                                    for s, c in cards["played"].items()))
    for turn in cards.get("history") or []:
        lines.append(f"Game turn {turn['turn']}: " + ", ".join(f"{SIDE_NAMES[s]} played {turn[s]['name']}"
                                                             for s in SIDES if s in turn))
    return out + [Section("Cards", lines or ["Nothing played yet this campaign."])]


def _pools(view: dict, readers: list[str]) -> list[Section]:
    out = []
    for side in SIDES:
        pool = view["pools"][side]
        if side in readers and pool.get("blocks") is not None:
            out.append(Section(f"{SIDE_NAMES[side]}'s pool (only you see it)",
                               [block_words(b) for b in pool["blocks"]] or ["Empty."], private=True))
    counts = [f"{SIDE_NAMES[s]}: {plural(view['pools'][s]['count'], 'block')}" for s in SIDES]
    lines = ["In the pools: " + "; ".join(counts) + "."]
    if readers and view.get("off_map"):
        lines.append("Your blocks off the map: " + listing([b["name"] for b in view["off_map"]]) + ".")
    for side in SIDES:
        if view["minors"].get(side):
            lines.append(f"{SIDE_NAMES[side]}'s minor heirs: "
                         + listing([f"{m['name']} (rank {m['rank']})" for m in view["minors"][side]]) + ".")
        if view["dead"].get(side):
            lines.append(f"{SIDE_NAMES[side]} has lost: " + listing([d["name"] for d in view["dead"][side]]) + ".")
    if view.get("captive"):
        lines.append(f"Held captive: {view['captive']['name']} in {area_name(view['captive']['area'])}.")
    return out + [Section("Pools, heirs and the dead", lines)]


def _battle(view: dict) -> list[Section]:
    b = view.get("battle")
    if not b:
        return []
    lines = [f"Battle in {area_name(b['area'])}, round {b['round']}: {SIDE_NAMES[b['attacker']]} attacks, "
             f"{SIDE_NAMES[b['defender']]} defends."]
    rows = []
    for side in SIDES:
        for blk in b["blocks"][side]:
            state = "reserve" if blk.get("reserve") else "has fired" if blk.get("acted") else "to fire"
            rows.append([SIDE_NAMES[side], blk["title"], f"{blk['strength']} of {blk['max']}",
                         blk["fire_now"], state])
    lines += table(rows, ["side", "block", "strength", "fires", "now"])
    for o in b.get("out") or []:
        where = f" to {area_name(o['to'])}" if o.get("to") else ""
        lines.append(f"{o['name']} ({SIDE_NAMES[o['side']]}) left in round {o['round']}: {o['fate']}{where}.")
    return [Section("The battle", lines)]


def describe(view: dict, role) -> list[Section]:
    readers = _readers(role)
    return [_standing(view), *_cards(view, readers), *_pools(view, readers), *_battle(view), _board(view)]

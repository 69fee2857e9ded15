"""A faction's view in words (Engine.describe): the regions and their cards, the councils, the Great Road,
your hand with each card's effect, your face-down cards, and every faction's public counts."""

from __future__ import annotations

from rules.core.wording import possessive
from rules.core.wording import Section, listing, plural, table

from .data import COMMAND_NAMES, FACTION_NAMES, TACTICS, TRAIT_NAMES

SEASONS = {"spring": "Spring", "summer": "Summer", "autumn": "Autumn", "winter": "Winter", "over": "the game is over"}
HERALDS_OWN = "written by Herald: no public source gives it"


def card_words(c: dict) -> str:
    """A faction card with what it does: strength, lore, votes, traits, commands and its text."""
    if c.get("kind") == "hq":
        return f"{c['name']} (headquarters, cost {c.get('cost', 0)}): {c.get('text', '')}".rstrip(": ")
    facts = [c.get("archetype") or "", f"strength {c.get('strength', 0)}"]
    if c.get("lore"):
        facts.append(f"{c['lore']} lore")
    if c.get("votes"):
        facts.append(plural(c["votes"], "vote"))
    if c.get("cost") is not None:
        facts.append(f"cost {c['cost']}")
    traits = [TRAIT_NAMES.get(t, t) for t in c.get("traits") or []]
    commands = [COMMAND_NAMES.get(k, k) for k in c.get("commands") or []]
    if traits:
        facts.append(listing(traits))
    if commands:
        facts.append("commands: " + listing(commands))
    text = f"{c['name']} ({', '.join(f for f in facts if f)})"
    return text + (f": {c['text']}" if c.get("text") else "")


def kingdom_words(k: dict) -> str:
    own = f" ({HERALDS_OWN})" if k.get("source") == "herald" else ""
    return f"{k['name']} ({k['suit']}){own}: {k['text']}"


def tactic_words(tile_id: str, t: dict) -> str:
    own = f" ({HERALDS_OWN})" if TACTICS.get(tile_id, {}).get("source") == "herald" else ""
    uses = "used up" if t.get("exhausted") else plural(t.get("uses_left", 0), "use") + " left"
    return f"{t['name']} ({uses}){own}: {t['text']}"


def _readers(view: dict, role) -> list[str]:
    if role is None:
        return []
    roles = [role] if isinstance(role, str) else list(role)
    return [r for r in roles if r in view["players"]]


def _standing(view: dict) -> Section:
    lines = [f"Round {view['round']} of {view['rounds']}, {SEASONS.get(view['season'], view['season'])}."]
    lines.append("Order of play: " + ", ".join(FACTION_NAMES[f] for f in view["order"]) + ".")
    holder = view["favour"]["holder"]
    lines.append(f"The Favour: {FACTION_NAMES[holder]} ({plural(view['favour']['uses'], 'use')} so far)."
                 if holder else "The Favour lies on the Harvest Field.")
    if view.get("waiting"):
        lines.append("Waiting for: " + listing([FACTION_NAMES[f] for f in view["waiting"]]) + ".")
    if view.get("ranking"):
        lines.append("Final ranking: " + ", ".join(FACTION_NAMES[f] for f in view["ranking"]) + ".")
    clash = view.get("clash")
    if clash:
        region = view["regions"][clash["region"]]["name"]
        totals = "; ".join(f"{FACTION_NAMES[f]} {n}" for f, n in clash["strength"].items())
        lines.append(f"Clash {clash['number']} in {region}: strength {totals}."
                     + (f" {plural(clash['face_down_added'], 'card')} added face down." if clash["face_down_added"]
                        else ""))
    return Section("Where the game stands", lines)


def _factions(view: dict) -> Section:
    rows = []
    for f, p in view["players"].items():
        seat = "rival" if p["seat"] == "rival" else "player"
        rows.append([p["name"], seat, str(p["influence"]), str(p["lore"]), str(p["hand_count"]),
                     str(p["deck_count"]), f"{p['supporters_home']}/{p['supporters_on_map']}/{p['supporters_lost']}"])
    lines = table(rows, ["faction", "seat", "influence", "lore", "hand", "deck", "supporters home/map/lost"])
    for f, p in view["players"].items():
        if p.get("bid"):
            bid = p["bid"]
            if bid.get("revealed") and bid.get("card"):
                lines.append(f"{p['name']} bid {bid['card']['name']}.")
            else:
                lines.append(f"{p['name']} has placed a bid, face down.")
    return Section("The factions", lines)


def _regions(view: dict, readers: list[str]) -> list[Section]:
    out = []
    for rid, r in view["regions"].items():
        lines = []
        for e in r["cards"]:
            owner = FACTION_NAMES[e["owner"]]
            if e.get("name"):
                how = "face up" if e["face_up"] else "face down (only you see it)"
                lines.append(f"{owner}: {card_words(e)} — {how}.")
            else:
                lines.append(f"{owner}: a card face down.")
        sup = [f"{FACTION_NAMES[f]} {n}" for f, n in r["supporters"].items() if n]
        lines.append("Supporters: " + (", ".join(sup) if sup else "none") + ".")
        for loc in r["locations"].values():
            heralds = listing([FACTION_NAMES[f] for f in loc["heralds"]], "no herald")
            tokens = [f"{FACTION_NAMES[f]} {n}" for f, n in loc["tokens"].items() if n]
            lines.append(f"{loc['name']} ({loc['reward']}): {heralds}"
                         + (f"; tokens: {', '.join(tokens)}" if tokens else "") + ".")
        marker = view["clash_order"].index(rid) + 1 if rid in view["clash_order"] else None
        title = r["name"] + (f" (clash {marker})" if marker else "") + (" — resolved" if rid in view["resolved"] else "")
        out.append(Section(title, lines))
    return out


def _councils_and_road(view: dict) -> list[Section]:
    lines = []
    for c in view["councils"].values():
        names = [f"{possessive(FACTION_NAMES[e['owner']])} {e['name']}" if e["entry"] == "card"
                 else f"a {FACTION_NAMES[e['owner']]} marker" for e in c["entries"]]
        votes = [f"{FACTION_NAMES[f]} {n}" for f, n in c["votes"].items() if n]
        lines.append(f"{c['name']}: {listing(names, 'empty')}" + (f" (votes: {', '.join(votes)})" if votes else "")
                     + ".")
    road = [f"space {i + 1}: " + (kingdom_words(k) if k else "empty") for i, k in enumerate(view["road"])]
    road.append(f"{plural(view['kingdom_deck'], 'card')} left in the Kingdom deck.")
    if view["kingdom_discard"]:
        road.append("Discarded: " + listing(view["kingdom_discard"]) + ".")
    lost = [f"{c['name']} ({FACTION_NAMES[c['faction']]})" for c in view["lost"]]
    if lost:
        lines.append("The Lost Pile: " + listing(lost) + ".")
    burned = [c["name"] for c in view["burned"]]
    if burned:
        lines.append("Burned: " + listing(burned) + ".")
    return [Section("The councils", lines), Section("The Great Road", road)]


def _faction_board(view: dict, f: str, mine: bool) -> Section:
    p = view["players"][f]
    lines = []
    for i, sp in enumerate(p["spaces"]):
        if sp:
            lines.append(f"Kingdom space {i + 1}: {kingdom_words(sp['kingdom'])} Held by {sp['occupier']['name']} "
                         f"(defence {sp['defence']}).")
    if p["kingdom_supply"]:
        lines.append("Kingdom cards in supply: " + "; ".join(kingdom_words(k) for k in p["kingdom_supply"]))
    lines += [f"Tactic: {tactic_words(t, tile)}" for t, tile in p["tactics"].items()]
    lines.append(f"Favour action: {p['favour_action']['name']}: {p['favour_action']['text']}")
    lines += [f"Site of Power: {card_words(c)}" for c in p["site"]]
    lines += [f"Headquarters: {card_words(c)}" for c in p["hq"]]
    if p["discard"]:
        lines.append("Discard pile: " + listing([c["name"] for c in p["discard"]]) + ".")
    return Section(f"Your board ({p['name']})" if mine else f"{possessive(p['name'])} board", lines, private=mine)


def _hands(view: dict, readers: list[str]) -> list[Section]:
    me = view.get("me") or {}
    if not readers or "hand" not in me:
        return []
    out = [Section("Your hand", [card_words(c) for c in me["hand"]] or ["No cards."], private=True)]
    if me.get("placing"):
        out.append(Section("Cards you are placing (not yet revealed)",
                           [f"{view['regions'][r]['name']}: {card_words(c)}" for r, c in me["placing"].items()],
                           private=True))
    if me.get("dealt"):
        out.append(Section("Kingdom cards dealt to you", [kingdom_words(k) for k in me["dealt"]], private=True))
    for f in readers:
        bid = view["players"][f].get("bid") or {}
        if bid.get("card") and not bid.get("revealed"):
            out.append(Section("Your bid (face down)", [card_words(bid["card"])], private=True))
    return out


def describe(view: dict, role) -> list[Section]:
    readers = _readers(view, role)
    boards = [_faction_board(view, f, True) for f in readers]
    others = [_faction_board(view, f, False) for f in view["players"] if f not in readers]
    return [_standing(view), *_hands(view, readers), *boards, _factions(view), *_regions(view, readers),
            *_councils_and_road(view), *others]

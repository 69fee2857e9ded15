"""A house's view in words (Engine.describe): the houses' tracks, offices, the board shire by shire, your
hand with each card's effect, your blocks and influence markers, the others' public counts."""

from __future__ import annotations

from rules.core.wording import Section, listing, plural, table

from .board import data, house_name, name, place_name
from .phases import card_title

#: lasting effects (events.py's modifiers) as a player reads them
LASTING = {
    "garrison_bonus": "the garrison fights better this impulse",
    "no_muster": "no mustering until the end of Operations",
    "love_day": "Love Day: no battles this impulse",
    "embassy": "an embassy is abroad this impulse",
    "mercenary": "a mercenary is hired until the Royal phase",
    "bad_roads": "Bad Roads: moves are slowed until the end of Operations",
    "no_sea": "no sea moves until the end of Operations",
    "no_foreigners": "no foreign troops until the end of Operations",
    "cr_bonus": "a block commands one better this impulse",
    "roll_bonus": "a battle's rolls gain a bonus this impulse",
    "margaret_down": "Margaret of Anjou is down this turn",
}
STATUS = {"attending": "attending Parliament", "undeclared": "undeclared", "inactive": "inactive",
          "unavailable": "unavailable", "out": "out of play", "captive": "held captive"}


def card_words(card: str) -> str:
    """A card as a player reads it where it is chosen: number, title, OPS, type and its effect."""
    d = data()
    c = d.card(int(card[2:])) if card.startswith("op") else d.house_card(card)
    return f"{card_title(card)}, {c.type}: {c.text}"


def _office_name(office: str) -> str:
    try:
        return data().office(office).name
    except KeyError:
        return office.replace("_", " ").title()


def _readers(view: dict, role) -> list[str]:
    if role is None:
        return []
    roles = [role] if isinstance(role, str) else list(role)
    return [r for r in roles if r in (view.get("mine") or {})]


def _standing(view: dict) -> Section:
    scenario = data().scenarios[view["scenario"]].name if view["scenario"] in data().scenarios else ""
    now, of = view["impulse"]
    lines = [f"{scenario}: turn {view['turn']} of {view['last_turn']}, "
             f"{view['phase'].replace('_', ' ')}" + (f", impulse {now} of {of}" if of else "") + "."]
    if view.get("order"):
        lines.append("Order: " + ", ".join(house_name(h) for h in view["order"]) + ".")
    asked = (view.get("waiting") or {}).get("asked") or []
    if asked:
        lines.append("Waiting for: " + listing([house_name(h) for h in asked]) + ".")
    lasting = [LASTING[m["name"]] + (f" ({card_title(m['card'])})" if m.get("card") else "")
               for m in view.get("lasting") or [] if m["name"] in LASTING]
    lasting += [f"the {_office_name(m['office'])} has been used this turn" for m in view.get("lasting") or []
                if m["name"] == "office_used" and m.get("office")]
    if lasting:
        lines.append("In force: " + "; ".join(lasting) + ".")
    return Section("Where the game stands", lines)


def _houses(view: dict) -> Section:
    rows = []
    for h in view["support"]:
        hand = view["zones"].get(f"hand:{h}")
        rows.append([house_name(h), str(view["vp"][h]), str(view["support"][h]), str(view["income"][h]),
                     f"{view['ip'][h]['stock']}/{view['ip'][h]['pool']}",
                     str(hand if isinstance(hand, int) else len(hand or [])), str(view["kingships"][h])])
    lines = table(rows, ["house", "VP", "support", "income", "IP stock/pool", "cards", "kingships"])
    offices = [f"{_office_name(o)}: {name(b) if b else 'vacant'}" for o, b in view["offices"].items()]
    lines.append("Offices: " + "; ".join(offices) + ".")
    heirs = [f"{house_name(h)} {listing([card_title(c) for c in cs])}" for h, cs in view["heir_cards"].items() if cs]
    if heirs:
        lines.append("Heir cards: " + "; ".join(heirs) + ".")
    commands = [f"{house_name(h)} {card_title(c)}" for h, c in view["command"].items()]
    if commands:
        lines.append("Command cards shown: " + "; ".join(commands) + ".")
    return Section("The houses", lines)


def _board(view: dict, readers: list[str]) -> Section:
    mine: dict[str, list[str]] = {}
    for h in readers:
        for b, s in view["mine"][h]["blocks"].items():
            mine.setdefault(s["at"], []).append(f"{name(b)} (strength {s['strength']})")
    rows = []
    places = sorted(set(view["map"]) | set(view["control"]) | set(view["markers"]), key=place_name)
    for at in places:
        counts = view["map"].get(at, {})
        owner = view["control"].get(at)
        marker = view["markers"].get(at)
        if not counts and not marker and not owner:
            continue
        parts = [f"{house_name(h)} {plural(n, 'block')}" for h, n in counts.items()]
        words = (f" held by {house_name(owner)}" if owner else "") + (f", {marker}" if marker else "")
        line = f"{place_name(at)}{words}: " + (", ".join(parts) if parts else "no blocks")
        if at in mine:
            line += " — yours: " + "; ".join(mine[at])
        rebels = (view.get("rebels") or {}).get(at)
        if rebels:
            line += f" — rebels of {house_name(rebels) if isinstance(rebels, str) else 'a house'}"
        rows.append(line + ".")
    return Section("The board, shire by shire", rows)


def _off_map(view: dict) -> Section:
    groups: dict[str, list[str]] = {}
    for b, s in view["off_map"].items():
        if s is None:
            continue
        owner = f" ({house_name(s['house'])})" if s.get("house") else ""
        groups.setdefault(STATUS.get(s["status"], s["status"]), []).append(f"{name(b)}{owner}")
    return Section("Blocks off the map", [f"{what.capitalize()}: {listing(bs)}." for what, bs in groups.items()]
                   or ["None."])


def _private(view: dict, readers: list[str]) -> list[Section]:
    out = []
    for h in readers:
        hand = view["zones"].get(f"hand:{h}")
        if isinstance(hand, list):
            out.append(Section(f"Your hand ({house_name(h)})" if len(readers) > 1 else "Your hand",
                               [card_words(c) for c in hand] or ["No cards."], private=True))
        m = view["mine"][h]
        lines = [f"In stock: {listing([str(v) for v in sorted(m['stock'])], 'none')}.",
                 f"In the pool: {plural(len(m['pool']), 'marker')}."]
        if m.get("rop"):
            lines.append("On the Roll of Parliament: " + "; ".join(
                f"{name(n) if n in data().blocks else n.replace('_', ' ').title()} {listing([str(v) for v in vs])}"
                for n, vs in m["rop"].items()) + ".")
        if m.get("vote_ip"):
            lines.append(f"Vote markers: {listing([str(v) for v in m['vote_ip']])}.")
        out.append(Section("Your influence markers (their values only you see)", lines, private=True))
        blocks = [f"{name(b)} in {place_name(s['at'])}, strength {s['strength']}"
                  + (f", with {name(s['host'])}" if s.get("host") else "") for b, s in m["blocks"].items()]
        out.append(Section("Your blocks on the map", blocks or ["None."], private=True))
    return out


def _cards(view: dict) -> Section:
    z = view["zones"]
    lines = [f"The deck: {plural(z.get('deck', 0), 'card')}."]
    played = [f"{house_name(k[5:])}: {listing([card_title(c) for c in v])}" for k, v in z.items()
              if k.startswith("play:") and v]
    if played:
        lines.append("In play: " + "; ".join(played) + ".")
    if z.get("discard"):
        lines.append("Discarded: " + listing([card_title(c) for c in z["discard"]]) + ".")
    if z.get("removed"):
        lines.append("Removed from the game: " + listing([card_title(c) for c in z["removed"]]) + ".")
    return Section("Cards", lines)


def _battle(view: dict) -> list[Section]:
    b = view.get("battle")
    if not b:
        return []
    lines = [f"Battle in {place_name(b['shire'])}, round {b['round']}: {house_name(b['attacker'])} attacks "
             f"{house_name(b['defender'])}."]
    for h, side in b["sides"].items():
        main = listing([f"{name(x)} (strength {s})" for x, s in side["main"]], "not yet shown")
        lines.append(f"{house_name(h)}: main body {main}; {plural(side['engaged'], 'block')} engaged, "
                     f"{side['reinforcements']} waiting as reinforcements.")
    return [Section("The battle", lines)]


def describe(view: dict, role) -> list[Section]:
    readers = _readers(view, role)
    return [_standing(view), *_private(view, readers), _houses(view), *_battle(view), _cards(view),
            _board(view, readers), _off_map(view)]

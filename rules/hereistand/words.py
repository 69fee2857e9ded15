"""A power's view in words (Engine.describe): the powers' tracks and diplomacy, the board space by space,
your hand with each card's effect, and the others' public counts."""

from __future__ import annotations

from rules.core.wording import Section, listing, plural, table

from .data import load, space_name
from .state import card_label


def power_words(power: str | None) -> str:
    if not power:
        return "nobody"
    if power == "independent":
        return "Independent"
    return load().power(power).name


def leader_words(leader: str) -> str:
    return load().leader(leader).name


def card_words(card: str) -> str:
    """A card as a player reads it where it is chosen: number, name, CP, kind and its reminder text."""
    c = load().card(int(card))
    return f"{card_label(card)}, {c.type} card: {c.reminder}"


def units_words(kinds: dict) -> str:
    """``{"regular": 2, "loan-hapsburg": 1}`` → "2 regulars, 1 squadron lent by Hapsburg"."""
    out = []
    for kind, n in kinds.items():
        if not n:
            continue
        if kind.startswith("loan-"):
            out.append(f"{plural(n, 'squadron')} lent by {power_words(kind[5:])}")
        else:
            out.append(plural(n, kind))
    return ", ".join(out)


def _readers(view: dict, role) -> list[str]:
    if role is None:
        return []
    roles = [role] if isinstance(role, str) else list(role)
    return [r for r in roles if isinstance(view["zones"].get(f"hand:{r}"), list)]


def _standing(view: dict) -> Section:
    phase = str(view["phase"]).replace("_", " ")
    lines = [f"Scenario {view['scenario']}: turn {view['turn']} of {view['last_turn']}, {phase} phase."]
    waiting = view.get("waiting") or {}
    asked = [power_words(p) for p in waiting.get("asked") or [] if p not in (waiting.get("committed") or [])]
    if asked:
        lines.append(f"Waiting for: {listing(asked)}.")
    impulse = view.get("impulse")
    if isinstance(impulse, dict) and impulse.get("power"):
        cp = impulse.get("cp")
        lines.append(f"Impulse of {power_words(impulse['power'])}"
                     + (f": {plural(cp, 'CP')} left." if isinstance(cp, int) else "."))
    return Section("Where the game stands", lines)


def _powers(view: dict) -> Section:
    rows = []
    for p, vp in view["vp"].items():
        hand = view["zones"].get(f"hand:{p}")
        ruler = view["rulers"].get(p)
        ruler_name = load().power(p).ruler(ruler).name if ruler else ""
        rows.append([power_words(p), str(vp), str(hand if isinstance(hand, int) else len(hand or [])),
                     str(view["cards_to_draw"].get(p, 0)), ruler_name])
    lines = table(rows, ["power", "VP", "cards", "next draw", "ruler"])
    pairs = lambda key: [f"{power_words(a)} and {power_words(b)}" for a, b, *_ in view.get(key) or []]  # noqa: E731
    lines.append("At war: " + ("; ".join(pairs("wars")) or "nobody") + ".")
    lines.append("Allied: " + ("; ".join(pairs("alliances")) or "nobody") + ".")
    minors = [f"{power_words(m)} with {power_words(a)}" for m, a in (view.get("minor_allies") or {}).items() if a]
    if minors:
        lines.append("Minor powers allied: " + listing(minors) + ".")
    for card, war in sorted((view.get("foreign_wars") or {}).items(), key=lambda kv: int(kv[0])):
        lines.append(f"Foreign war, {card_words(card)}: {power_words(war['power'])} with "
                     f"{units_words(war['units']) or 'no units'}"
                     + (f" led by {leader_words(war['leader'])}" if war.get("leader") else "")
                     + f" against {plural(war['enemy'], 'foreign land unit')}.")
    if view.get("excommunicated"):
        names = []
        for who in view["excommunicated"]:
            try:
                names.append(leader_words(who))
            except Exception:   # a reformer or ruler that is not a leader: its power's ruler
                names.append(next((load().power(p).ruler(r).name for p, r in view["rulers"].items() if r == who),
                                  who.replace("-", " ").title()))
        lines.append("Excommunicated: " + listing(names) + ".")
    if view.get("henry"):
        from .marriages import marriage_words
        lines.append(marriage_words(view))                   # 21.3, public
    return Section("The powers", lines)


def _board(view: dict) -> Section:
    leaders: dict[str, list[str]] = {}
    captured: list[str] = []
    for leader, where in view["leaders"].items():
        if where.startswith("captured:"):
            captured.append(f"{leader_words(leader)} (held by {power_words(where.split(':', 1)[1])})")
        elif where != "off":
            leaders.setdefault(where, []).append(leader_words(leader))
    sieges = view.get("sieges") or {}
    places = sorted(set(view["units"]) | set(leaders) | set(sieges) | set(view.get("unrest") or []),
                    key=space_name)
    rows = []
    for place in places:
        held = view["control"].get(place)
        parts = [f"{power_words(p)} {units_words(kinds)}" for p, kinds in view["units"].get(place, {}).items()
                 if units_words(kinds)]
        if place in leaders:
            parts.append("led by " + listing(leaders[place]))
        notes = []
        if place in (view.get("unrest") or []):
            notes.append("in unrest")
        if place in sieges:
            notes.append(f"besieged by {power_words(sieges[place].get('besieger'))}")
        head = space_name(place) + (f" ({power_words(held)})" if held else "")
        rows.append(f"{head}: " + ("; ".join(parts) or "no units") + (f" — {', '.join(notes)}" if notes else "")
                    + ".")
    if captured:
        rows.append("Captured leaders: " + listing(captured) + ".")
    counts: dict[str, int] = {}
    for owner in view["control"].values():
        if owner:
            counts[owner] = counts.get(owner, 0) + 1
    rows.append("Spaces controlled: " + "; ".join(f"{power_words(p)} {n}" for p, n in sorted(counts.items())) + ".")
    rows.append(f"Protestant spaces: {len(view.get('religion') or [])}.")
    return Section("The board, space by space (where units or leaders stand)", rows)


def _hands(view: dict, readers: list[str]) -> list[Section]:
    out = []
    for p in readers:
        hand = view["zones"][f"hand:{p}"]
        title = "Your hand" if len(readers) == 1 else f"Your hand ({power_words(p)})"
        out.append(Section(title, [card_words(c) for c in hand] or ["No cards."], private=True))
    return out


def _cards(view: dict) -> Section:
    z = view["zones"]
    lines = [f"The deck: {plural(z.get('deck', 0), 'card')}."]
    if z.get("discard"):
        lines.append("Discarded: " + listing([card_label(c) for c in z["discard"]]) + ".")
    if z.get("removed"):
        lines.append("Removed from the game: " + listing([card_label(c) for c in z["removed"]]) + ".")
    used = [power_words(k.split(":", 1)[1]) for k, v in z.items() if k.startswith("home_used:") and v]
    if used:
        lines.append("Home cards played this turn: " + listing(used) + ".")
    return Section("Cards", lines)


def _battle(view: dict) -> list[Section]:
    b = view.get("battle")
    if not isinstance(b, dict) or not b.get("space"):
        return []
    line = f"A battle is being fought in {space_name(b['space'])}"
    if b.get("attacker"):
        line += f": {power_words(b['attacker'])} attacks"
    return [Section("The battle", [line + "."])]


def describe(view: dict, role) -> list[Section]:
    readers = _readers(view, role)
    from .new_world_words import new_world_section
    new_world = new_world_section(view)
    return [_standing(view), *_hands(view, readers), _powers(view), *_battle(view), _cards(view), _board(view),
            *([new_world] if new_world else [])]


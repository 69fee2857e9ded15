"""Here I Stand, the New World (rule 20): the CP actions that launch voyages (20.1-20.3), the riches each
Card Draw Phase (20.4, with raiders) and how rolls are worded. The New World phase itself is in
`new_world_phase.py`; the cards in `new_world_events.py`; data and state in `new_world_data.py`.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Game, act
from rules.core.wording import plural

from . import state as st
from .new_world_data import (KIND_WORDS, POTOSI, VOYAGERS, civilisation_name, colony_room,
                             conquistadors_available, explorers_available, free_colony_name, nw, nw_data, table)
from .turn import power_name

HINTS = {
    "explore": "2d6 + a random explorer's rating in the New World phase: 4 or less lost, 5-6 nothing, "
               "7 St. Lawrence, 8 Great Lakes, 9 Mississippi (1 VP each), 10+ Amazon (2 VP) or the Pacific "
               "Strait (1 VP) and a try at circumnavigation (3 VP).",
    "colonise": "The colony joins the riches table in the New World phase; each Card Draw it rolls 2d6 for a "
                "card (9+; 8 with Galleons) or its loss (4 or less).",
    "conquer": "2d6 + the conquistador's rating in the New World phase: 6 or less killed, 7-8 nothing, "
               "9 Maya (1 VP), 10 Aztecs (2 VP), 11+ Incas (2 VP); a conquest rolls for riches each Card Draw.",
}


def roll_words(dice: list[int], mods: list[tuple[str, int]]) -> tuple[int, str]:
    """The total and its words: every die, then each modifier by name (a rating of 0 too)."""
    total = sum(dice) + sum(n for _, n in mods)
    parts = [f"dice {' + '.join(map(str, dice))}"] + [f"{name} {n:+d}" for name, n in mods]
    return total, f"{', '.join(parts)} = {total}"


# ---- the CP actions (20.1-20.3; 11.1 table) -----------------------------------------------------------------
def launch_refusal(s: st.State, power: str, kind: str) -> str | None:
    """Why `power` may not launch a voyage of `kind` now (None: it may), costs aside."""
    if power not in VOYAGERS:
        return "only England, France and the Hapsburg sail to the New World"
    if kind in nw(s)["launched"][power]:
        return f"{power_name(power)} has already launched its {KIND_WORDS[kind]} this turn (once a turn)"
    if kind == "explore" and not explorers_available(s, power):
        return f"{power_name(power)} has no explorer left"
    if kind == "conquer" and not conquistadors_available(s, power):
        what = "conquistador" if power == "hapsburg" else "conquest marker"
        return f"{power_name(power)} has no {what} left"
    if kind == "colonise" and not colony_room(s, power):
        return f"{power_name(power)} already holds all the colonies it may"
    return None


def voyage_actions(s: st.State, power: str, cp: int):
    for kind in ("explore", "colonise", "conquer"):
        cost = nw_data()["costs"][kind].get(power)
        if cost is not None and cost <= cp and launch_refusal(s, power, kind) is None:
            yield act("voyage", kind, label=f"{KIND_WORDS[kind].capitalize()} voyage to the New World ({cost} CP)",
                      group="New World", hint=HINTS[kind])


def launch(g: Game, power: str, kind: str, by: str = "action", **extra) -> None:
    """Put a voyage in the crossing box; `by` the action, or a card number (its own limits, 20.1-20.3)."""
    s = g.state
    voyage = {"power": power, "kind": kind, "by": by, **extra}
    if kind == "colonise" and "colony" not in voyage:
        voyage["colony"] = free_colony_name(s, power)
    nw(s)["underway"].append(voyage)
    if by not in ("99", "54"):                 # Cabot and Potosi do not count against the limit (20.1, 20.2)
        nw(s)["launched"][power].append(kind)
    what = f"a colony ({voyage['colony']})" if kind == "colonise" else f"a voyage of {KIND_WORDS[kind]}"
    g.log(f"{power_name(power)} sends {what} across the Atlantic: it arrives in the New World phase.")


def voyage_refusal(s: st.State, power: str, action_id: str, decision: str | None) -> str | None:
    """Why `voyage:<kind>` is refused, in words (None when it is no such action)."""
    verb, _, kind = action_id.partition(":")
    if verb != "voyage":
        return None
    if kind not in KIND_WORDS:
        return f"There is no voyage '{kind}': explore, colonise or conquer."
    if decision != "spend":
        return "Voyages to the New World are launched with CP, in your own impulse of the Action phase."
    why = launch_refusal(s, power, kind)
    if why:
        return f"No {KIND_WORDS[kind]} now: {why}."
    cost, cp = nw_data()["costs"][kind][power], s["impulse"]["cp"]
    return f"A voyage of {KIND_WORDS[kind]} costs {power_name(power)} {cost} CP; {cp} CP are left." if cost > cp \
        else None


def take_voyage(g: Game, power: str, kind: str) -> None:
    g.state["impulse"]["cp"] -= nw_data()["costs"][kind][power]
    launch(g, power, kind)


# ---- riches (20.4), at Card Draw -----------------------------------------------------------------------------
def riches(g: Game) -> None:
    """Each colony and each conquest still on the riches table rolls 2d6 (colonies +1 with Plantations,
    Potosi +1); a card drawn by the Hapsburg may be taken by raiders. Hapsburg first, then England, France."""
    s = g.state
    nw(s)["riches"] = []
    for power in ("hapsburg", "england", "france"):
        for colony in list(nw(s)["colonies"][power]):
            _colony_riches(g, power, colony)
        for civ, held in sorted(nw(s)["conquests"].items()):
            if held["power"] == power and held["riches"]:
                _conquest_riches(g, power, civ)


def _note(g: Game, text: str) -> None:
    g.log(text)
    nw(g.state)["riches"].append(text)


def _colony_riches(g: Game, power: str, colony: str) -> None:
    s = g.state
    mods = [("Plantations", 1)] if power in nw(s)["plantations"] else []
    mods += [("Potosi", 1)] if colony == POTOSI else []
    total, words = roll_words(rng.roll(s, 2), mods)
    result = table(nw_data()["colony_riches"], total)
    head = f"{power_name(power)}'s colony {colony} rolls for riches: {words}"
    if result == "eliminated":
        nw(s)["colonies"][power].remove(colony)
        _note(g, f"{head}: the colony is lost.")
    elif result == "card" or (result == "galleon" and power in nw(s)["galleons"]):
        _note(g, f"{head}: a card{' (Galleons)' if result == 'galleon' else ''}.")
        riches_card(g, power)
    else:
        _note(g, f"{head}: nothing{' (no Galleons)' if result == 'galleon' else ''}.")


def _conquest_riches(g: Game, power: str, civ: str) -> None:
    s = g.state
    total, words = roll_words(rng.roll(s, 2), [])
    result = table(nw_data()["civilisations"][civ]["riches"], total)
    head = f"{power_name(power)}'s conquest of the {civilisation_name(civ)} rolls for riches: {words}"
    if result == "depleted":
        nw(s)["conquests"][civ]["riches"] = False
        _note(g, f"{head}: depleted — a last card, and no riches from it again.")
        riches_card(g, power)
    elif result == "card" or (result == "galleon" and power in nw(s)["galleons"]):
        _note(g, f"{head}: a card{' (Galleons)' if result == 'galleon' else ''}.")
        riches_card(g, power)
    else:
        _note(g, f"{head}: nothing{' (no Galleons)' if result == 'galleon' else ''}.")


def riches_card(g: Game, power: str) -> None:
    """One riches card; a Hapsburg one first faces each raider in turn, France, England, the Protestant,
    until one takes it (20.4 raider table)."""
    s = g.state
    taker = power
    if power == "hapsburg":
        for raider in nw_data()["raider_order"]:
            if raider not in nw(s)["raiders"]:
                continue
            die = rng.roll(s, 1)[0]
            result = nw_data()["raiders"][str(die)]
            lost = result in ("raider_lost", "stolen_raider_lost") or \
                (result == "lost_to_galleons" and "hapsburg" in nw(s)["galleons"])
            stolen = result.startswith("stolen")
            words = {"raider_lost": "the Raider is lost", "nothing": "nothing happens",
                     "lost_to_galleons": "the Galleons sink the Raider" if lost else "the Raider escapes (no Galleons)",
                     "stolen_raider_lost": "the Raider takes the card but is lost",
                     "stolen": "the Raider takes the card and sails on"}[result]
            _note(g, f"{power_name(raider)}'s Raider attacks the Hapsburg treasure: die {die} — {words}.")
            if lost:
                nw(s)["raiders"].remove(raider)
            if stolen:
                taker = raider
                break
    drawn = cards.draw(g, cards.hand(taker), 1)
    if drawn:
        g.log(f"You draw {st.card_label(drawn[0])} from the New World.", to=[taker])
        _note(g, f"{power_name(taker)} draws the card.")
    else:
        _note(g, "The deck and the discards are empty: no card.")


def draw_cards(g: Game, power: str, count: int, why: str) -> None:
    drawn = cards.draw(g, cards.hand(power), count)
    g.log(f"{power_name(power)} draws {plural(len(drawn), 'card')} ({why}).")
    if drawn:
        g.log(f"You draw {', '.join(map(st.card_label, drawn))}.", to=[power])

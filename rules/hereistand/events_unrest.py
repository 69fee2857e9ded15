"""Here I Stand: the events that raise unrest (12.4) — #80 Gabelle Revolt, #82 Janissaries Rebel, #88 Peasants'
War, #94 Revolt of the Communeros. The power that played the card chooses the spaces, one at a time, among
those with no units (DECISIONS.md 651)."""

from __future__ import annotations

from rules.core.flow import Game

from . import state as st
from .data import MAJORS, load
from .events import EVENTS
from .unrest import ask_sites, may_fall


def _home(power: str):
    return lambda s: list(load().home_spaces(power))


def _language(zone: str):
    return lambda s: [sp.id for sp in load().spaces.values() if sp.language_zone == zone]


def janissaries_count(s: st.State) -> int:
    """#82: 2 spaces, 4 while the Ottoman is at war with no major power."""
    return 2 if any(st.at_war(s, "ottoman", p) for p in MAJORS if p != "ottoman") else 4


UNREST_CARDS = {  # card: (where, how many)
    "80": (_home("france"), lambda s: 2),           # Gabelle Revolt: French home spaces
    "82": (_home("ottoman"), janissaries_count),    # Janissaries Rebel: Ottoman home spaces
    "88": (_language("german"), lambda s: 5),       # Peasants' War: German-language spaces
    "94": (_language("spanish"), lambda s: 3),      # Revolt of the Communeros: Spanish-language spaces
}


def _prerequisite(card: str):
    where, _count = UNREST_CARDS[card]

    def prerequisite(s, power, card):
        if not any(may_fall(s, sp) for sp in where(s)):
            return "no space it names is free of units and out of unrest"
        return None
    return prerequisite


def _event(card: str):
    where, count = UNREST_CARDS[card]

    def event(g: Game, power: str, card: str) -> None:
        c, n = load().card(int(card)), count(g.state)
        why = " (the Ottoman is at war with no major power)" if card == "82" and n == 4 else ""
        g.log(f"#{c.number} {c.name}: {load().power(power).name} puts unrest on up to {n} spaces{why}.")
        ask_sites(g, power, where(g.state), n, f"#{c.number} {c.name}")
    return event


for _card in UNREST_CARDS:
    EVENTS.on(_card, "prerequisite")(_prerequisite(_card))
    EVENTS.on(_card, "event")(_event(_card))

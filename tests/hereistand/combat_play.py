"""Passing through combat- and response-card windows and the Janissaries question in tests that are about something else."""

from __future__ import annotations

from rules.hereistand.engine import ENGINE

ANSWERS = {"combat_cards": "pass", "janissaries": "decline", "responses": "pass"}


def pass_combat_cards(s):
    """Every power asked passes its combat and response cards; the Ottoman keeps Janissaries."""
    while ENGINE.waiting(s)["decision"] in ANSWERS:
        s = ENGINE.apply(s, ENGINE.active_roles(s)[0], ANSWERS[ENGINE.waiting(s)["decision"]]).state
    return s


BATTLE_WINDOWS = ("responses", "combat_cards")    # the first question of a battle: response cards, then combat cards


def pass_responses(s):
    """Every power asked passes its response cards (Landsknechts, Swiss Mercenaries before an assault)."""
    while ENGINE.waiting(s)["decision"] == "responses":
        s = ENGINE.apply(s, ENGINE.active_roles(s)[0], "pass").state
    return s


def out_of_play(s, *numbers):
    """Cards a test sets aside (to the discards) so that no window asks for them."""
    from rules.core import cards
    for card in numbers:
        if cards.where(s, card) not in (None, "discard"):
            cards.move(s, card, cards.where(s, card), "discard")
    return s


def set_aside(s, *numbers):
    """Cards set aside (to the discards), a hand holding one getting a deck card instead (same count)."""
    from rules.core import cards
    for card in numbers:
        where = cards.where(s, card)
        if where and where.startswith("hand:"):
            other = next(c for c in cards.zone(s, "deck") if not 24 <= int(c) <= 38)
            cards.move(s, other, "deck", where)
    return out_of_play(s, *numbers)


def without_wartburg(s):
    """#37 The Wartburg set aside: tests about other events see no cancelling window after every event."""
    return set_aside(s, "37")


def without_move_responses(s):
    """#31 Foul Weather, #32 Gout and #34 Professional Rowers set aside: tests about moves and assaults see
    no window once the CP are paid nor after an interception or avoid-battle roll at sea."""
    return set_aside(s, "31", "32", "34")

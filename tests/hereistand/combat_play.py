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


def without_wartburg(s):
    """#37 The Wartburg set aside (a hand holding it gets a deck card instead, keeping its count): tests about
    other events see no cancellation window after every event."""
    from rules.core import cards
    where = cards.where(s, "37")
    if where and where.startswith("hand:"):
        other = next(c for c in cards.zone(s, "deck") if c not in ("33", "34", "35", "36", "37", "38"))
        cards.move(s, other, "deck", where)
    return out_of_play(s, "37")

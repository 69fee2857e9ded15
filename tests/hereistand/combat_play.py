"""Passing through combat-card windows and the Janissaries question in tests that are about something else."""

from __future__ import annotations

from rules.hereistand.engine import ENGINE

ANSWERS = {"combat_cards": "pass", "janissaries": "decline"}


def pass_combat_cards(s):
    """Every power asked passes its combat cards; the Ottoman keeps Janissaries."""
    while ENGINE.waiting(s)["decision"] in ANSWERS:
        s = ENGINE.apply(s, ENGINE.active_roles(s)[0], ANSWERS[ENGINE.waiting(s)["decision"]]).state
    return s

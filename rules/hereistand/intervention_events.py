"""Here I Stand: #69 Auld Alliance and #108 Venetian Alliance as the payment of a 9.6 intervention.

France intervening for an attacked Scotland, or the Papacy for an attacked Venice, may pay the intervention's
2 CP by playing the alliance card as its event (the cards' own text): once the war is declared and the minor
has joined it, the event's reinforcement follows (3 French regulars in Scotland; 1 Venetian regular and 2
squadrons in a Papal port), its declaration open to The Wartburg like any event (DECISIONS 974).
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Game, act

from . import state as st
from .data import load
from .events import EVENTS, discard_played, prerequisite_refusal
from .turn import FLOW, power_name

PAYS_FOR = {"69": ("france", "scotland"), "108": ("papacy", "venice")}     # card: (protector, minor)


def pay_actions(s: st.State, role: str, local: dict):
    """The alliance card that may pay this power's intervention, as a payment option of `pay_war`."""
    for card, (protector, minor) in PAYS_FOR.items():
        if role == protector and minor in local.get("protects", []) and not local.get("event_paid") \
                and card in cards.zone(s, cards.hand(role)):
            c = load().card(int(card))
            yield act("event", card, label=f"Pay the intervention for {power_name(minor)} with #{c.number} {c.name} "
                      "as its event", group="Cards", hint=f"It pays the 2 CP; then: {c.reminder}")


def pay_with_event(g: Game, role: str, card: str, intervention_cp: int) -> None:
    c = load().card(int(card))
    discard_played(g.state, role, card)
    g.local["owed"] -= intervention_cp
    g.local["event_paid"] = card
    g.log(f"{power_name(role)} pays its intervention for {power_name(PAYS_FOR[card][1])} with #{c.number} "
          f"{c.name}, played as its event (its effect follows once the war is declared).")


def clashes(g: Game) -> None:
    g.call("sea_clashes", power=g.local["power"], enemies=g.local["enemies"], activate=g.local["activate"])


def reinforcement(g: Game) -> None:
    """The event, now that the minor is the protector's ally (its prerequisite read again: a port or a
    Scottish space may be lacking)."""
    card, power = g.local["card"], g.local["power"]
    why = prerequisite_refusal(g.state, power, card)
    if why:
        g.log(f"#{card} {load().card(int(card)).name} does nothing more: {why}.")
        return
    g.call("declared_event", role=power, card=card)


FLOW.procedure("intervention_paid", clashes, reinforcement)

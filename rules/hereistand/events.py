"""Here I Stand: card events before they exist (part 1 plays every card for its CP).

A card played as an event is refused with its reason (rule 6.1: the event is not part of the game yet);
mandatory events wait aside (DECISIONS.md 6.1), and when one reaches its 19.8 deadline in Winter the
engine says so and the card stays aside, so no turn ever waits on an event nobody can play.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Game

from . import state as st
from .data import load
from .turn import power_name

EVENT_VERB = "event"


def event_refusal(s: st.State, role: str, action_id: str, decision: str | None) -> str | None:
    """Why `action_id` of the form `event:<card>` is refused (None when it is not such an action)."""
    verb, _, card = action_id.partition(":")
    if verb != EVENT_VERB:
        return None
    try:
        number = int(card)
        name = load().card(number).name
    except (KeyError, ValueError):
        return f"There is no card '{card}' (cards are numbered 1 to 110)."
    if decision != "impulse":
        return f"#{number} {name} can be played only in your own impulse of the Action phase."
    if str(number) not in cards.zone(s, cards.hand(role)):
        return f"{power_name(role)} does not hold #{number} {name}."
    cp = load().card(number).cp
    return (f"The event of #{number} {name} is not part of the game yet (card events come in a later part): "
            f"play it for its {cp} CP instead.")


def mandatory_deadlines(g: Game) -> None:
    """19.8: a mandatory event not played by its deadline would resolve now. Its event is not enforced
    yet, so the card stays aside (DECISIONS.md 6.1) and the log says so."""
    s, data = g.state, load()
    for card in sorted(cards.zone(s, "aside"), key=int):
        c = data.card(int(card))
        if c.type == "mandatory" and c.deadline_turn == s["turn"]:
            g.log(f"#{c.number} {c.name} reaches its deadline (rule 19.8), but its event is not part of the game "
                  "yet: the card stays out of play.")

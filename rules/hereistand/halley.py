"""Here I Stand: #38 Halley's Comet (1517 only, from turn 3), played as the event of its owner's impulse
(DECISIONS 726): a random card of another power's hand is discarded, or a power skips its next impulse.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, act

from . import state as st
from .data import MAJORS, load
from .events import EVENTS
from .turn import FLOW, power_name


def takeable(s: st.State, power: str) -> list[str]:
    """A power's cards an event may take: never its home cards (6.1)."""
    return sorted((c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "home"), key=int)


@EVENTS.on("38", "event")
def halleys_comet(g, power, card="38"):
    g.call("halley", role=power)


@FLOW.decision("halley")
class Halley(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: #38 Halley's Comet — choose its effect."

    def actions(self, g, role):
        for p in MAJORS:
            if p != role and takeable(g.state, p):
                n = len(cards.zone(g.state, cards.hand(p)))
                yield act("discard", p, label=f"Discard a card at random from {power_name(p)}'s hand ({n} held)",
                          group="Discard")
        for p in MAJORS:
            yield act("skip", p, label=f"{power_name(p)} skips its next impulse", group="Skip")

    def on_discard(self, g, role, target):
        s = g.state
        g.reveal()                                       # the card drawn at random becomes known
        card = rng.choice(s, takeable(s, target))
        cards.move(s, card, cards.hand(target), "discard")
        g.log(f"Halley's Comet: {power_name(target)} discards {st.card_label(card)}, drawn at random.")
        g.end()

    def on_skip(self, g, role, target):
        g.state.setdefault("skip_impulse", []).append(target)
        g.log(f"Halley's Comet: {power_name(target)} will skip its next impulse (not a pass).")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def skips(g, power: str) -> bool:
    """Called at the start of `power`'s impulse: True (and logged) when Halley's Comet makes it skip it."""
    waiting = g.state.get("skip_impulse") or []
    if power not in waiting:
        return False
    waiting.remove(power)
    g.log(f"{power_name(power)} skips this impulse (Halley's Comet).")
    return True

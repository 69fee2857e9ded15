"""Here I Stand: the Spanish Inquisition (#58) — Spanish Protestant spaces turn Catholic, the Hapsburg looks at
the English and Protestant hands and discards one of their cards, then the Papacy calls a debate. (The Papal
Inquisition, #56, is in `debater_events.py`.)

While the Hapsburg chooses, `hands_shown` names the hands it sees, so the secrecy check leaves them alone.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import load
from .debate import ZONES
from .events import EVENTS
from .turn import FLOW, power_name

SHOWN = ("england", "protestant")


@EVENTS.on("58", "event")
def spanish_inquisition(g, power, card):
    g.call("spanish_inquisition")


def convert(g: Game) -> None:
    g.call("zone_convert", role="papacy", zone="spanish", left=2, why="Spanish Inquisition")


def look(g: Game) -> None:
    s = g.state
    g.reveal()
    s["hands_shown"] = list(SHOWN)
    g.log("The Hapsburg looks at the English and Protestant hands.")
    for p in SHOWN:
        hand = sorted(cards.zone(s, cards.hand(p)), key=int)
        g.log(f"{power_name(p)}'s hand: " + (", ".join(map(st.card_label, hand)) or "no cards") + ".", to=["hapsburg"])
    g.call("spanish_discard", role="hapsburg")


def debate(g: Game) -> None:
    g.call("debate_zone", role="papacy", zones=list(ZONES), why="Spanish Inquisition")


FLOW.procedure("spanish_inquisition", convert, look, debate)


def discardable(s: st.State) -> list[tuple[str, str]]:
    """The cards the Hapsburg may discard: any in those hands but a home card or a mandatory event."""
    return [(p, c) for p in SHOWN for c in sorted(cards.zone(s, cards.hand(p)), key=int)
            if load().card(int(c)).type not in ("home", "mandatory")]


@FLOW.decision("spanish_discard")
class SpanishDiscard(Decision):
    def prompt(self, g, role):
        return "Spanish Inquisition: discard one card from the English or the Protestant hand; then you draw a card."

    def actions(self, g, role):
        for p, c in discardable(g.state):
            yield act("discard", p, c, label=f"Discard {st.card_label(c)} from {power_name(p)}'s hand",
                      group=f"{power_name(p)}'s hand")
        if not discardable(g.state):
            yield act("none", label="Nothing may be discarded: draw your card")

    def protects_secret(self, g, role):
        # the hands are shown to the Hapsburg only: whether a single card of them may be discarded is secret
        # from the others once they hold two cards or more (VIEW.md)
        return sum(len(cards.zone(g.state, cards.hand(p))) for p in SHOWN) >= 2

    def on_discard(self, g, role, power, card):
        cards.move(g.state, card, cards.hand(power), "discard")
        g.log(f"The Hapsburg discards {st.card_label(card)} from {power_name(power)}'s hand.")
        self.finish(g)

    def on_none(self, g, role):
        self.finish(g)

    def finish(self, g):
        g.state["hands_shown"] = []
        drawn = cards.draw(g, cards.hand("hapsburg"), 1)
        g.log("The Hapsburg draws a card.")
        if drawn:
            g.log(f"You draw {st.card_label(drawn[0])}.", to=["hapsburg"])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: removing excommunication (9.5, a Diplomacy segment) and St. Peter's CP (21.5).

Each power whose ruler is excommunicated may, in impulse order, have it removed: the Papacy draws a random
card from that power's hand, its CP go to St. Peter's and the card is discarded (public). The power may
also stay excommunicated.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, act

from . import state as st
from .data import load
from .turn import FLOW, power_name

CP_PER_VP, MAX_VP = 5, 5        # St. Peter's: 5 CP a VP, at most 5 VP (DECISIONS.md 21.5)


def add_st_peters(s: st.State, cp: int) -> int:
    """Add CP to St. Peter's; returns the VP gained."""
    tracks = s["tracks"]
    tracks["st_peters_cp"] = tracks.get("st_peters_cp", 0) + cp
    gained = 0
    while tracks["st_peters_cp"] >= CP_PER_VP and tracks["st_peters_vp"] < MAX_VP:
        tracks["st_peters_cp"] -= CP_PER_VP
        tracks["st_peters_vp"] += 1
        gained += 1
    return gained


def removal_cards(s: st.State, power: str) -> list[str]:
    """The cards the Papacy may draw: any card in the hand but a home card (as for every random draw)."""
    return sorted((c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "home"), key=int)


@FLOW.decision("unexcommunicate")
class Unexcommunicate(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: your ruler is excommunicated (1 card fewer each turn). Let the Papacy draw a "
                "random card from your hand (its CP go to St. Peter's) to lift it, or stay excommunicated?")

    def actions(self, g, role):
        s = g.state
        if st.ruler_excommunicated(s, role) and removal_cards(s, role):
            yield act("lift", label="Lift the excommunication (the Papacy draws a random card)")
        yield act("done", label="Stay excommunicated")

    def on_lift(self, g, role):
        s = g.state
        card = rng.choice(s, removal_cards(s, role))
        cards.move(s, card, cards.hand(role), "discard")
        cp = load().card(int(card)).cp or 0
        vp = add_st_peters(s, cp)
        s["excommunicated"] = [r for r in s["excommunicated"] if r != s["rulers"][role]]
        g.log(f"The Papacy draws {st.card_label(card)} from {power_name(role)}'s hand: its {cp} CP go to St. Peter's"
              + (f" ({vp} VP)" if vp else "") + f", and {power_name(role)}'s excommunication is lifted.")
        g.end("done")

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"

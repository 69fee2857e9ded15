"""Here I Stand: Copernicus (#47) and Michael Servetus (#51) in the Victory Determination phase (6.1 table):
played then only to stop another power's standard victory or domination (23.3).

Before victory is checked, when some power would win by 25 VP or by domination, a window asks the other
powers — while either card might be in a hand by public facts — whether they play one; a card is offered
only when its VP would stop that victory.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.choices import ReactionWindow
from rules.core.flow import Game, act

from . import state as st
from .data import MAJORS, load
from .events import EVENTS, discard_played
from .events_cards import protestant_home_share
from .turn import FLOW, power_name

VICTORY_CARDS = ("47", "51")


def winners(s: st.State, vp: dict[str, int]) -> set[str]:
    """Who would win now by 25 VP (the highest) or by domination (5 ahead of all, from turn 4), 23.3."""
    best = max(vp.values())
    if best >= 25:
        return {p for p in MAJORS if vp[p] == best}
    if s["turn"] >= 4:
        return {p for p in MAJORS if all(vp[p] - vp[q] >= 5 for q in MAJORS if q != p)}
    return set()


def gain(s: st.State, power: str, card: str) -> int:
    if card == "51":
        return 1
    protestant, homes = protestant_home_share(s, power)
    return 2 if 2 * protestant >= homes else 1


def stops_victory(s: st.State, power: str, card: str) -> bool:
    vp = {p: st.victory_points(s, p) for p in MAJORS}
    before = winners(s, vp)
    vp[power] += gain(s, power, card)
    return bool(before) and power not in before and not before & winners(s, vp)


def open_victory_window(g: Game) -> None:
    s = g.state
    vp = {p: st.victory_points(s, p) for p in MAJORS}
    ahead = winners(s, vp)
    in_play = any(cards.where(s, c) not in (None, "discard", "removed", "aside") for c in VICTORY_CARDS)
    if ahead and in_play:
        g.call("victory_cards", roles=[p for p in MAJORS if p not in ahead])


@FLOW.decision("victory_cards")
class VictoryCards(ReactionWindow):
    text = "A power is about to win: play Copernicus or Michael Servetus to stop it, or pass."

    def responses(self, g, role):
        for card in VICTORY_CARDS:
            if card in cards.zone(g.state, cards.hand(role)) and stops_victory(g.state, role, card):
                c = load().card(int(card))
                yield act("play", card, label=f"Play #{c.number} {c.name}", hint=c.reminder)

    def resolve(self, g, role, response):
        card = response.partition(":")[2]
        if card not in cards.zone(g.state, cards.hand(role)) or not stops_victory(g.state, role, card):
            g.log(f"{power_name(role)} plays nothing: the victory is already stopped.")
            return
        g.log(f"{power_name(role)} plays {st.card_label(card)} as its event to stop the victory.")
        discard_played(g.state, role, card)
        g.call("declared_event", role=role, card=card)      # The Wartburg may cancel it (#37)

"""Here I Stand: the events played in the Spring Deployment phase (rule 10, 6.1 table): Venetian Informant
(before any power deploys) and Spring Preparations.

At the start of the phase a window asks every power that might hold one of the two cards (by public facts:
neither card in the discards or out of the game; the Protestant may not play Spring Preparations) whether it
plays one; the answers are shown together and carried out in impulse order, before the first deployment.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.choices import ReactionWindow
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import MAJORS, load, space_name
from .events import EVENTS, discard_played
from .turn import FLOW, power_name

INFORMANT, PREPARATIONS = "109", "102"
PREPARED = "spring_preparations"


def in_play(s: st.State, card: str) -> bool:
    """The card might be in some hand (public facts: it is neither discarded, removed, nor waiting aside)."""
    return cards.where(s, card) not in (None, "discard", "removed", "aside")


def window_roles(s: st.State) -> list[str]:
    roles = []
    for p in MAJORS:
        if in_play(s, INFORMANT) or (p != "protestant" and in_play(s, PREPARATIONS)):
            roles.append(p)
    return roles


def open_spring_window(g: Game) -> None:
    """Called by the phase before the first deployment (spring.py)."""
    roles = window_roles(g.state)
    if roles:
        g.call("spring_cards", roles=roles)


def playable(s: st.State, power: str) -> list[str]:
    hand = cards.zone(s, cards.hand(power))
    out = [INFORMANT] if INFORMANT in hand else []
    if PREPARATIONS in hand and power != "protestant" and preparations_refusal(s, power) is None:
        out.append(PREPARATIONS)
    return out


@FLOW.decision("spring_cards")
class SpringCards(ReactionWindow):
    text = "Spring Deployment is about to begin: play Venetian Informant or Spring Preparations, or pass."

    def responses(self, g, role):
        for card in playable(g.state, role):
            c = load().card(int(card))
            yield act("play", card, label=f"Play #{c.number} {c.name}", hint=c.reminder)

    def resolve(self, g, role, response):
        card = response.partition(":")[2]
        if card not in cards.zone(g.state, cards.hand(role)):
            return
        g.log(f"{power_name(role)} plays {st.card_label(card)} as its event.")
        discard_played(g.state, role, card)
        g.call("declared_event", role=role, card=card)      # The Wartburg may cancel it (#37)


# ---- #109 Venetian Informant ------------------------------------------------------------------------------
@EVENTS.on(INFORMANT, "prerequisite")
def informant_ok(s, power, card):
    return "it is played only at the start of the Spring Deployment phase"


@EVENTS.on(INFORMANT, "event")
def venetian_informant(g: Game, power: str, card: str) -> None:
    g.call("informant", role=power)


@FLOW.decision("informant")
class Informant(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: Venetian Informant — choose whose hand is shown, and to whom (you, or a power "
                "you name).")

    def actions(self, g, role):
        for viewer in [role, *(p for p in MAJORS if p != role)]:
            for target in MAJORS:
                if target != viewer:
                    who = "You see" if viewer == role else f"{power_name(viewer)} sees"
                    yield act("look", viewer, target, label=f"{who} {power_name(target)}'s hand",
                              group="You look" if viewer == role else f"{power_name(viewer)} looks")

    def on_look(self, g, role, viewer, target):
        g.reveal()                                 # the hand is shown to the viewer: a private line
        hand = sorted(cards.zone(g.state, cards.hand(target)), key=int)
        g.log(f"Venetian Informant: {power_name(viewer)} secretly looks at {power_name(target)}'s hand.")
        g.log(f"{power_name(target)}'s hand: " + (", ".join(map(st.card_label, hand)) or "no cards") + ".",
              to=[viewer])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #102 Spring Preparations -----------------------------------------------------------------------------
def own_capitals(s: st.State, power: str) -> list[str]:
    return [c for c in load().power(power).capitals if st.controller(s, c) == power]


def preparations_refusal(s: st.State, power: str) -> str | None:
    if not own_capitals(s, power):
        return "you do not control your capital"
    return None


@EVENTS.on(PREPARATIONS, "prerequisite")
def preparations_ok(s, power, card):
    return "it is played only at the start of the Spring Deployment phase"


@EVENTS.on(PREPARATIONS, "event")
def spring_preparations(g: Game, power: str, card: str) -> None:
    s = g.state
    for capital in own_capitals(s, power):
        if st.land_pool_left(s, power) > 0:
            st.add_units(s, capital, power, "regular")
            g.log(f"Spring Preparations: a new {power_name(power)} regular appears in {space_name(capital)}.")
    cards.add_modifier(s, PREPARED, until="turn", owner=power)
    g.log(f"Spring Preparations: this turn {power_name(power)}'s spring deployment may use passes, carry more "
          "than 5 land units by sea and cross sea zones holding other powers' fleets.")


def prepared(s: st.State, power: str) -> bool:
    return bool(cards.modifiers(s, PREPARED, owner=power))

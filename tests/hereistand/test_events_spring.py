"""Card events of the Spring Deployment phase (rule 10, 6.1 table): #109 Venetian Informant and #102 Spring
Preparations, played in the window before any power deploys."""

from __future__ import annotations

import pytest

from rules.core import cards
from rules.core.contract import IllegalAction
from rules.hereistand import state as st
from rules.hereistand.data import MAJORS
from rules.hereistand.engine import ENGINE
from rules.hereistand.spring import destinations

from .religious_phases import through_theses
from .test_debate import decision, give, ids, play, setup, to_impulse


def at_spring_window():
    s = through_theses(setup())
    s = play(play(s, "england", "done"), "england", "done")
    while decision(s) in ("worms_cards", "worms_flip"):
        waiting = ENGINE.waiting(s)
        role = next(r for r in ENGINE.active_roles(s) if r not in waiting.get("committed", []))
        s = play(s, role, ENGINE.legal_actions(s, role)[0].id)
    assert decision(s) == "spring_cards"
    return s


def pass_window(s, *except_roles):
    for role in ENGINE.active_roles(s):
        if role not in except_roles and role not in ENGINE.waiting(s)["committed"]:
            s = play(s, role, "pass")
    return s


def test_109_venetian_informant_shows_a_hand_to_the_viewer_alone():
    """#109 Venetian Informant (6.1: Spring Deployment, before any power deploys): the player, or a power it
    names, sees one power's hand; the others read only that it happened. Never in an impulse."""
    s = at_spring_window()
    assert sorted(ENGINE.active_roles(s)) == sorted(MAJORS)         # any hand may hold it: everyone is asked
    give(s, "france", 109)
    assert "play:109" in ids(s, "france")
    s = play(s, "france", "play:109")
    s = pass_window(s)
    assert decision(s) == "responses"                               # The Wartburg may answer it (#37)
    s = play(s, "protestant", "pass")
    assert decision(s) == "informant" and ENGINE.active_roles(s) == ["france"]
    out = ENGINE.apply(s, "france", "look:england:papacy")
    hand = cards.zone(out.state, cards.hand("papacy"))
    private = [e for e in out.log if e.to]
    assert private and tuple(private[-1].to) == ("england",) and "Papacy's hand:" in private[-1].text
    assert all(st.card_label(c) in private[-1].text for c in hand)
    public = " ".join(e.text for e in out.log if not e.to)
    assert "England secretly looks at Papacy's hand" in public and "Papacy's hand:" not in public
    assert decision(out.state) == "deploy"
    s2 = to_impulse(setup(), "papacy")
    give(s2, "papacy", 109)
    with pytest.raises(IllegalAction, match="only at the start of the Spring Deployment phase"):
        ENGINE.apply(s2, "papacy", "event:109")


def test_102_spring_preparations_regular_and_a_freer_deployment():
    """#102 Spring Preparations (rule 10): a new regular in the capital; this turn the deployment may use
    passes and cross sea zones with other powers' fleets, with no 5-unit limit by sea. Not the Protestant."""
    s = at_spring_window()
    give(s, "france", 102)
    before_paris = st.units_at(s, "paris", "france").get("regular", 0)
    plain = destinations(s, "france", "paris")
    s = play(s, "france", "play:102")
    s = pass_window(s)
    s = play(s, "protestant", "pass")                               # no Wartburg (#37)
    assert st.units_at(s, "paris", "france")["regular"] == before_paris + 1
    freer = destinations(s, "france", "paris")
    assert set(plain) < set(freer)
    assert "play:102" not in [a.id for a in ENGINE.legal_actions(at_spring_window(), "protestant")]


def test_6_1_the_spring_window_keeps_hands_secret():
    """6.1 / issue 29 item 6: while the spring window is open — before and after a power answers — another hand
    of the same size, another deck order or another unrevealed answer changes nothing the others see."""
    from rules.core.secrecy import invariance_problems
    s = at_spring_window()
    give(s, "france", 109)
    assert invariance_problems(ENGINE, s, ("england", "pass")) == []
    s = play(s, "france", "play:109")
    assert invariance_problems(ENGINE, s, ("papacy", "pass")) == []


def test_6_1_no_spring_window_when_neither_card_can_be_held():
    """Issue 29 item 6: with #102 and #109 both in the discards nobody is asked; with only #102 out of sight the
    Protestant (who may not play it) is not asked."""
    from rules.hereistand.events_spring import window_roles
    s = setup()
    for card in ("102", "109"):
        where = cards.where(s, card)
        if where:
            cards.move(s, card, where, "discard")
        else:
            cards.zone(s, "discard").append(card)
    assert window_roles(s) == []
    cards.move(s, "102", "discard", "deck")
    assert window_roles(s) == [p for p in MAJORS if p != "protestant"]

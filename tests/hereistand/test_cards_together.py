"""Here I Stand: the card events tied together (issue 29; DECISIONS 970–999): one 22.4 deactivation, Mary I's
bar on response and combat cards (21.3), The Wartburg on every route an event takes (6.1, #37), and the
gaps the parts left."""

from __future__ import annotations

from rules.core import cards
from rules.core.secrecy import invariance_problems
from rules.hereistand import combat_cards as cc
from rules.hereistand import events
from rules.hereistand import responses
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .combat_play import out_of_play
from .test_combat_cards import give
from .test_response_cards import RESPONSE
from .test_siege import decision, play, setup, to_french_impulse


def test_22_4_one_deactivation_for_every_card():
    """DECISIONS 970: #73 Diplomatic Marriage runs the same 22.4 procedure as #68, #69 and #108."""
    from rules.hereistand import diplomatic_marriage as dm
    from rules.hereistand.turn import FLOW
    assert not hasattr(dm, "deactivate") and "deactivation" in FLOW.procedures


def mary_move(holder: str, card: str):
    """France announces a move Orleans–Dijon while Mary I rules England; `holder` holds `card`, every
    other response card out of play."""
    s = to_french_impulse(setup())
    s["rulers"]["england"] = "mary-i"
    from .test_movement import clear_stacks
    clear_stacks(s, "orleans", "dijon", "besancon", "stdizier", "paris", "lyon")
    st.add_units(s, "orleans", "france", "regular", 4)
    out_of_play(s, *[c for c in RESPONSE + ("31", "32") if c != card])
    give(s, holder, card)
    s = play(s, "france", "cp:4")
    s = play(s, "france", "move:orleans:dijon")
    while decision(s) == "formation":
        pick = next((a.id for a in ENGINE.legal_actions(s, "france") if a.id.startswith(("leader:", "unit:"))), "go")
        s = play(s, "france", pick)
    return s


def test_21_3_mary_i_england_is_never_asked_for_a_response_card():
    """21.3 (DECISIONS 614): under Mary I England plays response cards only for CP, a public fact, so the
    Foul Weather window (#31) passes England by, whether or not it holds the card."""
    s = mary_move("england", "31")
    asked = []
    while decision(s) == "responses":
        role = ENGINE.active_roles(s)[0]
        asked.append(role)
        assert "card:31" not in [a.id for a in ENGINE.legal_actions(s, role)]
        s = play(s, role, "pass")
    assert "england" not in asked and asked                               # the others were asked
    s2 = mary_move("hapsburg", "31")
    assert decision(s2) == "responses" and invariance_problems(ENGINE, s2, (ENGINE.active_roles(s2)[0], "pass")) == []


def test_21_3_mary_i_england_plays_no_combat_card_nor_a_response_as_an_event():
    """21.3: no combat card for England in a battle under Mary I (#24 Arquebusiers); Halley's Comet (#38,
    a response played as the event of an impulse, DECISIONS 726) is refused with the reason."""
    s = setup()
    c = {"kind": cc.FIELD, "space": "calais", "attackers": ["england"], "defenders": ["france"]}
    assert cc.fits(s, c, "england", "24")
    s["rulers"]["england"] = "mary-i"
    assert not cc.fits(s, c, "england", "24") and cc.fits(s, c, "france", "24")
    assert not responses.fits(s, "move_announced", "england", "31", {"player": "france", "leaders": []})
    assert "Mary I" in events.prerequisite_refusal(s, "england", "38")

"""Henry VIII's marriages (21.3): #3 Six Wives of Henry VIII (both uses), the pregnancy chart with its VP, the
wives' benefits, infidelity at England's next pass, the Papal divorce (9.1 clause 8, 9.2); and the home
cards #2 Holy Roman Emperor (21.2), #4 Patron of the Arts (21.4), #64 Pilgrimage of Grace."""

from __future__ import annotations

from rules.core import cards
from rules.hereistand import deals, events
from rules.hereistand import marriages as mg
from rules.hereistand import state as st

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse  # noqa: F401
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .test_rulers import G


def england_turn_2():
    s = to_impulse(setup(), "england")
    s["turn"] = 2                                    # marriages start on turn 2 (21.3)
    return s


def test_card_3_six_wives_no_marriage_on_turn_1_but_a_war():
    """#3 (21.3): from turn 2 only; the war use is open on turn 1 (France, the Hapsburg or Scotland)."""
    s = to_impulse(setup(), "england")
    s = play(s, "england", "event:3")
    assert decision(s) == "six_wives"
    options = ids(s, "england")
    assert "marry" not in options and "war:france" in options and "war:scotland" in options


def test_card_3_six_wives_war_on_france_then_5_cp():
    """#3 (a): war at no cost during the Action phase, then 5 CP."""
    s = play(to_impulse(setup(), "england"), "england", "event:3")
    s, text = log_after(s, "england", "war:france")
    assert st.at_war(s, "england", "france") and "England declares war on France" in text
    assert decision(s) == "spend" and s["impulse"]["cp"] == 5
    assert "3" in cards.zone(s, st.home_used("england"))


def test_card_3_six_wives_war_on_scotland_france_defends_free():
    """#3 (a) against Scotland: France may defend it without paying: war with England, Scotland its ally."""
    s = play(play(to_impulse(setup(), "england"), "england", "event:3"), "england", "war:scotland")
    assert decision(s) == "scotland_defended" and ENGINE_roles(s) == ["france"]
    s = play(s, "france", "defend")
    assert st.at_war(s, "england", "france") and s["minor_allies"]["scotland"] == "france"
    assert decision(s) == "spend" and s["impulse"]["cp"] == 5


def ENGINE_roles(s):
    from rules.hereistand.engine import ENGINE
    return ENGINE.active_roles(s)


def test_21_3_divorce_asked_then_anne_boleyn_and_the_chart(dice):
    """#3 (b): the first use asks for the divorce (no roll); the next marries Anne Boleyn: 1d6 on the chart
    (4: Elizabeth, 2 VP), the Catherine of Aragon marker goes to the Hapsburg."""
    start = england_turn_2()
    s = play(start, "england", "event:3")
    s, text = log_after(s, "england", "marry")
    assert s["henry"]["status"] == 1 and "asks the Pope to annul" in text
    start["henry"]["status"] = 1                       # the next turn's play
    s = play(start, "england", "event:3")
    dice.append([4])
    s, text = log_after(s, "england", "marry")
    assert s["henry"]["chart"] == {"4": "Anne Boleyn"} and s["henry"]["boleyn_turn"] == 2
    assert "Pregnancy chart for Anne Boleyn: 1d6 = 4: Elizabeth is born" in text
    assert "Catherine of Aragon marker goes to the Hapsburg" in text
    from rules.hereistand.diplomacy import dow_price
    assert dow_price("hapsburg", "england", s) == 1 and dow_price("hapsburg", "england", start) == 3
    assert st.vp_breakdown(s, "england")["Henry VIII's heirs"] == 2


def test_21_3_pregnancy_chart_move_up_and_jane_seymour(dice):
    """21.3: a taken box sends the wife up to the first free one; Jane Seymour +1; none free above: no child.
    An Edward is worth 5 VP in place of Elizabeth's 2."""
    s = setup()
    s["henry"].update(status=2, chart={"4": "Anne Boleyn"})
    g = G(s)
    dice.append([3])                                    # Jane Seymour: 3 + 1 = 4, taken: up to 5
    mg.advance(g, "test")
    assert s["henry"]["chart"]["5"] == "Jane Seymour" and mg.edward_born(s) == "sickly"
    assert "1d6 = 3, +1 Jane Seymour = 4, moved up to 5 (the box was taken): a sickly Edward is born" in \
        " ".join(g.lines)
    assert mg.heirs_vp(s) == 5
    s["henry"]["chart"]["6"] = "someone"
    dice.append([5])
    mg.advance(g, "test")                               # Anne of Cleves: 5 and 6 taken
    assert "every box from 5 up is taken: no child" in g.lines[-1]


def test_21_3_a_3_marries_again_at_englands_next_pass(dice):
    """21.3 result 3: the first time England passes later this turn, the marker moves (a new roll)."""
    s = england_turn_2()
    s["henry"].update(status=2, chart={}, strife=False)
    g = G(s)
    dice.append([3])
    mg.roll_chart(g, "Anne Boleyn", False)
    assert s["henry"]["strife"]
    dice.append([6])
    mg.strife_on_pass(g)
    assert s["henry"]["status"] == 3 and s["henry"]["chart"]["6"] == "Jane Seymour"
    assert not s["henry"]["strife"]


def test_21_3_kathryn_howard_draws_a_card(dice):
    s = setup()
    s["henry"].update(status=4, chart={"1": "a", "2": "b", "3": "c"})
    before = len(cards.zone(s, cards.hand("england")))
    dice.append([1])
    mg.advance(G(s), "test")
    assert s["henry"]["chart"]["4"] == "Kathryn Howard"
    assert len(cards.zone(s, cards.hand("england"))) == before + 1


def test_21_3_the_marker_does_not_move_when_henry_is_captured_or_both_heirs_born():
    s = setup()
    s["turn"] = 2
    s["leaders"]["henry-viii"] = "captured:france"
    assert mg.marriage_refusal(s) == "Henry VIII is captured"
    s["leaders"]["henry-viii"] = "london"
    s["henry"]["chart"] = {"4": "x", "6": "y"}
    assert mg.marriage_refusal(s) == "Edward and Elizabeth are both born"


def test_9_1_clause_8_papal_divorce_and_no_papal_hapsburg_alliance_that_turn(dice):
    """9.1 clause 8: the Papacy grants the divorce of a Henry asking for it (Anne Boleyn, a roll); 9.2: no
    Papal-Hapsburg alliance in that turn."""
    s = setup()
    s["turn"] = 2
    deal = {"proposer": "england", "partner": "papacy", "clauses": []}
    assert deals.clause_refusal(s, deal, ["divorce"]) == "Henry VIII is not asking for a divorce"
    s["henry"]["status"] = 1
    assert deals.clause_refusal(s, deal, ["divorce"]) is None
    assert any(a.id == "add:divorce" for a in deals.terms(s, deal))
    dice.append([2])
    mg.grant_divorce(G(s))
    assert s["henry"]["status"] == 2 and s["henry"]["chart"] == {"2": "Anne Boleyn"}
    pact = {"proposer": "hapsburg", "partner": "papacy", "clauses": []}
    assert deals.clause_refusal(s, pact, ["alliance"]) == "the Papacy granted Henry VIII's divorce this turn"


def test_card_4_patron_of_the_arts_2006_roll(dice):
    """#4 (21.4, 2006): 1d6, 3–6 a chateau VP; Milan held: no roll."""
    s = to_impulse(setup(), "france")
    s["control"]["milan"] = "hapsburg"
    dice.append([3])
    s2, text = log_after(s, "france", "event:4")
    assert s2["tracks"]["chateaux_vp"] == 1 and "1d6 = 3" in text
    assert st.vp_breakdown(s2, "france")["chateaux"] == 1
    dice.append([2])
    s3 = play(s, "france", "event:4")
    assert s3["tracks"]["chateaux_vp"] == 0
    s["control"]["milan"] = "france"
    s4, text = log_after(s, "france", "event:4")
    assert s4["tracks"]["chateaux_vp"] == 1 and "no roll" in text


def test_card_2_holy_roman_emperor_moves_charles_v_then_5_cp():
    """#2 (21.2): Charles V (with Alva, who shares his space) to a safe Hapsburg home space, then 5 CP."""
    s = give(to_impulse(setup(), "hapsburg"), "hapsburg", 2)
    s = play(s, "hapsburg", "event:2")
    assert decision(s) == "emperor_move" and "move:vienna:alva" in ids(s, "hapsburg")
    s = play(s, "hapsburg", "move:vienna:alva")
    from rules.hereistand.engine import ENGINE
    while decision(s) == "responses":                                  # nobody plays Gout (#32)
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert s["leaders"]["charles-v"] == s["leaders"]["duke-of-alva"] == "vienna"
    assert decision(s) == "spend" and s["impulse"]["cp"] == 5


def test_card_2_refused_when_charles_is_captured():
    s = setup()
    s["leaders"]["charles-v"] = "captured:france"
    assert events.prerequisite_refusal(s, "hapsburg", "2") == "Charles V is captured"


def test_card_64_pilgrimage_of_grace_unrest_in_empty_english_spaces():
    """#64: up to 5 English home spaces with no units go into unrest (the player's choice)."""
    s = to_impulse(setup(), "ottoman")
    give(s, "ottoman", 64)
    s = play(s, "ottoman", "event:64")
    options = ids(s, "ottoman")
    assert "unrest:london" not in options and "unrest:lincoln" in options   # London holds units
    for sp in ("norwich", "lincoln"):
        s = play(s, "ottoman", f"unrest:{sp}")
    s = play(s, "ottoman", "stop")
    assert {"norwich", "lincoln"} <= set(s["unrest"]) and "64" in cards.zone(s, "removed")


def test_card_73_diplomatic_marriage_activates_a_minor():
    """#73 (a), 22.2 method 4: the Papacy activates Venice (the activation table allows it); Venice's spaces
    pass to the Papacy."""
    s = give(to_impulse(setup(), "papacy"), "papacy", 73)
    s = play(s, "papacy", "event:73")
    assert decision(s) == "diplomatic_marriage" and "activate:scotland" not in ids(s, "papacy")
    s = play(s, "papacy", "activate:venice")
    assert s["minor_allies"]["venice"] == "papacy" and s["control"]["venice"] == "papacy"
    assert "73" in cards.zone(s, "discard")                          # not removed (6.1)


def test_22_4_diplomatic_marriage_deactivates_a_minor(dice):
    """#73 (a), 22.4: Venice, France's ally, is deactivated: its spaces go back to it, French forces there
    leave, its units outside go home."""
    s = give(to_impulse(setup(), "hapsburg"), "hapsburg", 73)
    s["minor_allies"]["venice"] = "france"
    for sp in ("venice", "corfu", "candia", "zara"):
        s["control"][sp] = "france"
    st.add_units(s, "venice", "france", "regular", 2)
    st.add_units(s, "venice", "venice", "regular", -1)
    st.add_units(s, "trieste", "venice", "regular", 1)
    s = play(s, "hapsburg", "event:73")
    s, text = log_after(s, "hapsburg", "deactivate:venice")
    while decision(s) == "displace_to":
        s = play(s, "france", ids(s, "france")[0])
    assert s["minor_allies"]["venice"] is None and s["control"]["venice"] == "venice"
    assert not st.land_units_at(s, "venice", "france") and st.land_units_at(s, "venice", "venice") == 2
    assert "Venice's units in Trieste go to Venice" in text


def test_9_3_diplomatic_marriage_when_suing_for_peace():
    """#73 (b), 9.3 note 1: the loser gets back every home space and leader the winner took, paying nothing."""
    s = setup()
    s["control"]["lyon"] = "hapsburg"
    s["leaders"]["montmorency"] = "captured:hapsburg"
    give(s, "france", 73)
    from rules.hereistand.peace import returnable
    wanted = returnable(s, "france", "hapsburg")
    from rules.hereistand import diplomatic_marriage as dm
    assert dm.peace_offer(s, "france", wanted)

    class H(G):
        def goto(self, name, **kw):
            self.calls.append((name, kw))

    h = H(s)
    dm.recover_all(h, "france", "hapsburg", wanted)
    assert s["control"]["lyon"] == "france" and "73" in cards.zone(s, "discard")
    assert h.calls == [("marriage_returns", {"loser": "france", "leaders": ["montmorency"], "queue": []})]
    assert not dm.peace_offer(s, "ottoman", wanted)

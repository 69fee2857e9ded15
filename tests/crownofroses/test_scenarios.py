"""Crown of Roses scenario rules in play, by section: the captive King (PB 3.2.9 #1), Disaffected
Northumberland, steadfast loyalty and Rivers (PB 3.3.9 #1–#3), the card for a killed heir (PB 3.4.9 #3),
the scenarios' military targets (RB 6.4, PB 3.2.3, 3.3.3) and the drop-out of a house (RB 10.3.2)."""

from __future__ import annotations

from rules.crownofroses import board, operations, scenario_rules
from rules.crownofroses.common import check_houses, remove_heir
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_combat import cleared, put
from tests.crownofroses.test_engine import first_legal, placed, start


def game(state):
    return ENGINE.game(state)


def test_pb_3_2_9_1_henry_is_freed_when_march_goes_into_exile():
    """PB 3.2.9 #1: in the turn March dies or goes into exile, Henry VI and his card return to Lancaster;
    Henry waits to be placed in that turn's Winter and is Senior heir again (H-1)."""
    state = first_legal(start("entangled_branches", 2), placed)
    g = game(state)
    scenario_rules.release_captive(g)
    assert state["blocks"]["henry_vi"]["status"] == "captive"            # March still in England
    state["blocks"]["march"].update(status="map", at="exile/france")
    scenario_rules.release_captive(g)
    assert state["blocks"]["henry_vi"] == {**state["blocks"]["henry_vi"], "status": "attending", "house": "lancaster"}
    assert "L1" in state["heir_cards"]["lancaster"] and "L1" in state["zones"]["play:lancaster"]
    assert board.senior_heir(state, "lancaster") == "henry_vi" and state["captive"] is None


def test_pb_3_2_9_1_a_king_still_captive_at_the_end_is_executed():
    state = first_legal(start("entangled_branches", 2), placed)
    scenario_rules.execute_captive(game(state))
    assert state["blocks"]["henry_vi"]["status"] == "out" and state["captive"] is None


def test_rb_6_4_scenario_military_targets():
    """PB 3.2.3: York wins militarily by removing the Lancaster block (Edward, Prince of Wales)."""
    state = first_legal(start("entangled_branches", 2), placed)
    g = game(state)
    state["blocks"]["lancaster"].update(status="map", house="lancaster", at="kent")
    remove_heir(g, "lancaster")
    result = state["pending_result"]
    assert result["winners"] == ["york"] and "RB 6.4" in result["reason"]


def test_rb_10_3_2_a_house_without_heirs_drops_out_and_the_last_one_wins():
    """RB 6.1, 10.3.2: a house with no heir card left whose block is in the game leaves; one house left
    with heirs wins militarily."""
    state = first_legal(start("seeds_of_enmity", 3), placed)
    g = game(state)
    d = board.data()
    for card in [c for c in d.house_cards.values() if c.house == "buckingham" and c.type == "heir"]:
        state["blocks"][card.block]["status"] = "out"
    check_houses(g)
    assert "buckingham" in state.get("left", [])
    assert not state.get("pending_result")                            # Lancaster and York still have heirs


def test_pb_3_3_9_1_disaffected_northumberland(monkeypatch):
    """PB 3.3.9 #1: York must roll 4+ to activate Northumberland; on a failure he cannot move, even in a
    stack; Gloucester moves with him only with another non-office block."""
    state = cleared(2, "cruel_thorns")
    put(state, "northumberland", "york", "kent")
    put(state, "gloucester", "york", "kent")
    put(state, "essex", "york", "kent")
    g = game(state)
    monkeypatch.setattr(scenario_rules, "d6", lambda g: 3)
    assert scenario_rules.activation_fails(g, "york", "northumberland")
    assert scenario_rules.stays_put(state, "northumberland")
    from rules.crownofroses import movement
    assert not movement.may_follow(state, "gloucester", "northumberland")
    monkeypatch.setattr(scenario_rules, "d6", lambda g: 4)
    state.pop("disaffected")
    assert not scenario_rules.activation_fails(g, "york", "northumberland")
    assert scenario_rules.unescorted(state, ["gloucester", "northumberland"])
    assert not scenario_rules.unescorted(state, ["gloucester", "northumberland", "essex"])
    assert not scenario_rules.activation_fails(g, "lancaster", "oxford")  # only York's Northumberland


def test_pb_3_3_9_2_steadfast_nobles_take_only_their_house_influence():
    """PB 3.3.9 #2: only Lancaster may place IP on Oxford, Rivers, Pembroke; only York on Suffolk, Norfolk,
    Lovel."""
    state = first_legal(start("cruel_thorns", 2), placed)
    state["blocks"]["rivers"].update(status="inactive", house=None)
    york, lancaster = operations.influence_targets(state, "york"), operations.influence_targets(state, "lancaster")
    assert "rivers" in lancaster and "rivers" not in york
    assert not {"oxford", "pembroke"} & set(york)
    assert not {"suffolk", "norfolk", "lovel"} & set(lancaster)


def test_pb_3_3_9_3_rivers_comes_to_lancaster_on_turn_7():
    state = first_legal(start("cruel_thorns", 2), placed)
    state["blocks"]["rivers"].update(status="inactive", house=None)
    g = game(state)
    scenario_rules.rivers_enters(g)
    assert state["blocks"]["rivers"]["status"] == "inactive"              # turn 6
    state["turn"] = 7
    scenario_rules.rivers_enters(g)
    assert state["flow"][-1]["name"] == "rivers_entry"               # Lancaster "may" (test_rules_as_written)
    scenario_rules.RiversEntry().on_bring(ENGINE.game(state), "lancaster")
    assert state["blocks"]["rivers"]["house"] == "lancaster" and state["blocks"]["rivers"]["status"] == "attending"


def test_pb_3_4_9_3_removing_an_enemy_heir_draws_a_card():
    state = first_legal(start("kingmaker", 2), placed)
    before = len(state["zones"]["hand:york"])
    scenario_rules.heir_kill_card(game(state), "york")
    assert len(state["zones"]["hand:york"]) == before + 1
    state = first_legal(start("seeds_of_enmity", 2), placed)             # not in PB 3.1
    before = len(state["zones"]["hand:york"])
    scenario_rules.heir_kill_card(game(state), "york")
    assert len(state["zones"]["hand:york"]) == before


def test_rb_25_0_economic_tie_breaks():
    """RB 25.0: most VP, then most turns as King, then most IP in stock, then the house controlling the King
    (with no King, the one that last controlled him)."""
    from rules.crownofroses.common import lose_office_of
    from rules.crownofroses.phases import economic_key
    state = first_legal(start("seeds_of_enmity", 2), placed)
    state["vp"], state["kingships"] = {"lancaster": 5, "york": 5}, {"lancaster": 1, "york": 1}
    state["ip"]["lancaster"]["stock"], state["ip"]["york"]["stock"] = [3], [3]
    assert economic_key(state, "lancaster") > economic_key(state, "york")    # Lancaster holds the King
    state["blocks"]["henry_vi"].update(status="map", at="kent", house="lancaster")
    lose_office_of(game(state), "henry_vi")
    assert state["offices"]["king"] is None and economic_key(state, "lancaster") > economic_key(state, "york")
    state["ip"]["york"]["stock"] = [5]
    assert economic_key(state, "york") > economic_key(state, "lancaster")


def test_rb_20_6_2_a_defender_with_only_reinforcements_left_fights_with_them():
    """DECISIONS.md #221: the next defender's initial force is gone, only reinforcements wait: one group of
    them becomes its initial force (before, a house that had left lost every engagement without fighting
    and the battle never ended)."""
    from rules.crownofroses import combat
    from tests.crownofroses.test_combat import battle_frame, side
    state = cleared(3)
    put(state, "warwick", "york", "oxford")
    put(state, "lovel", "buckingham", "oxford")
    put(state, "clifford", "lancaster", "oxford")
    waiting = side([], engaged=[])
    waiting["reinf"] = ["lovel"]
    g = battle_frame(state, "oxford", "york", "lancaster", {"york": side(["warwick"], leader="warwick"),
                                                            "lancaster": side([], engaged=[]),
                                                            "buckingham": waiting})
    b = combat.battle(g)
    b["houses"] = ["york", "lancaster", "buckingham"]
    state["blocks"]["clifford"].update(status="undeclared", at=None)     # Lancaster lost the first engagement
    b.update(over=True, winner="york")
    combat.fight(g)
    assert b["defender"] == "buckingham" and b["sides"]["buckingham"]["engaged"] == ["lovel"]

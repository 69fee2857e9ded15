"""Crown of Roses engine, first layers: setup (PB 2.0, 3.1–3.4), the phases and their rules, by section."""

from __future__ import annotations

import pytest

from rules.core.contract import SetupArgs, copy_state, replay
from rules.core.driver import random_moves, setup_args
from rules.crownofroses import board, movement, parliament, phases
from rules.crownofroses.engine import ENGINE
from rules.crownofroses.setup import take_value


def start(scenario="seeds_of_enmity", players=2, seed=3, options=None):
    return ENGINE.setup(setup_args(ENGINE, scenario, seed, players, options))


def first_legal(state, until):
    """Play the first legal action of the first active role until ``until(state)`` holds."""
    for _ in range(2000):
        if until(state):
            return state
        role = ENGINE.active_roles(state)[0]
        state = ENGINE.apply(state, role, ENGINE.legal_actions(state, role)[0].id).state
    raise AssertionError("condition never reached")


def placed(state):
    return state["phase"] != "setup"


@pytest.mark.parametrize("scenario,players", [("seeds_of_enmity", 2), ("seeds_of_enmity", 3), ("seeds_of_enmity", 4),
                                              ("entangled_branches", 2), ("cruel_thorns", 2), ("kingmaker", 2),
                                              ("kingmaker", 3), ("kingmaker", 4)])
def test_every_scenario_sets_up_and_places_as_in_winter(scenario, players):
    """PB 2.0, 3.1.6: listed blocks are placed as in Winter on their seats, at full strength."""
    state = first_legal(start(scenario, players), placed)
    assert state["turn"] == board.data().scenario(scenario).first_turn
    for b, s in state["blocks"].items():
        if s["status"] == "map" and board.is_noble(b) and b not in ("henry_vi", "margaret"):
            assert board.seat_reasons(state, b, s["house"], s["at"]) or s["host"], b
    assert state["phase"] in ("operations", "draw")


def test_pb_3_1_starting_values():
    """PB 3.1.4 support, 3.1.5 IP stock equal to the influence, 3.1.8 offices, 3.1.9 #1 Calais plundered."""
    state = start("seeds_of_enmity", 4)
    assert state["support"] == {"lancaster": 2, "york": 4, "buckingham": 3, "warwick": 5}
    assert {h: sum(v["stock"]) for h, v in state["ip"].items()} == {"lancaster": 13, "york": 15, "buckingham": 16,
                                                                   "warwick": 18}
    assert all(sum(v["stock"]) + sum(v["pool"]) == 100 for v in state["ip"].values())      # RB 9.1
    assert state["offices"]["king"] == "henry_vi" and state["offices"]["treasurer"] is None
    assert state["markers"]["calais"] == "plundered"
    assert state["blocks"]["shrewsbury"]["status"] == "unavailable"
    assert board.king_house(state) == "lancaster"


def test_pb_3_2_captive_henry_is_not_on_the_map():
    """PB 3.2.9 #1: Henry VI starts York's prisoner, off the map, and March is King."""
    state = first_legal(start("entangled_branches", 2), placed)
    assert state["blocks"]["henry_vi"]["status"] == "captive"
    assert board.king_house(state) == "york" and board.senior_heir(state, "lancaster") == "lancaster"


def test_house_cards_of_houses_not_in_play_leave_the_game():
    """PB 2.0: house cards of houses not in play go back to the box."""
    state = start("seeds_of_enmity", 2)
    assert {"B2", "W3"} <= set(state["zones"]["removed"])
    assert "Y3" in state["zones"]["hand:york"]


def test_take_value_makes_exact_change():
    """RB 9.1: markers of exactly the value asked."""
    taken, rest = take_value([0, 1, 1, 2, 3, 5, 10], 13)
    assert sum(taken) == 13 and sorted(taken + rest) == [0, 1, 1, 2, 3, 5, 10]


def test_draw_bonus_is_capped_at_four():
    """RB 12.1, 12.3: support level cards, +1 King, London, Calais, Warwick block (2–3 players); at most 4."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    state["support"]["york"] = 9          # +2 cards at level 9
    state["blocks"]["warwick"]["house"] = "york"
    assert phases.bonus_cards(state, "york") >= 3
    state["offices"]["king"] = "york"
    assert phases.bonus_cards(state, "york") == 4


def test_influence_income_counts_shires_offices_and_support():
    """RB 23.0: SV (+1 loyal) for occupied controlled shires, 1 for an empty own-loyal shire, office IP,
    support IP (level 4 gives +2, RB 23.1.5)."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    state["support"]["york"] = 4
    expected = 2 + sum(board.data().office(o).ip for o, b in state["offices"].items()
                       if b and state["blocks"][b]["house"] == "york")
    for shire, s in board.data().board.shires.items():
        if board.controller(state, shire) != "york" or state["markers"].get(shire):
            continue
        if board.blocks_at(state, shire, "york"):
            expected += s.sv + (1 if s.loyal_house == "york" else 0)
        elif s.loyal_house == "york":
            expected += 1
    assert phases.income(state, "york") == expected


def test_rb_16_2_1_march_uses_safe_roads():
    """RB 16.2.1 example: March in Huntingdon → Rutland 1 MP → Leicester ½ → Derby ½ (York stack there)
    → Lancaster 2 MP: 4 MP in all."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    for b, s in state["blocks"].items():
        if s["status"] == "map" and s["at"] in ("huntingdon", "rutland", "leicester", "derby", "lancaster"):
            s.update(status="undeclared", at=None, host=None)
    state["blocks"]["march"].update(status="map", at="huntingdon", house="york", host=None, strength=1)
    state["blocks"]["essex"].update(status="map", at="derby", house="york", host=None)
    state["step"] = {"house": "york", "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["moved"], state["forced"] = [], []

    class G:
        pass

    g = G()
    g.state = state
    g.local = {"role": "york", "at": "huntingdon", "mp": 8, "sea": False, "start": "huntingdon"}
    costs = []
    for stop in ("rutland", "leicester", "derby", "lancaster"):
        cost = next(c for p, c, how in movement.destinations(g) if p == stop and how == "land")
        costs.append(cost)
        g.local["mp"] -= cost
        g.local["at"] = stop
        state["blocks"]["march"]["at"] = stop
    assert costs == [2, 1, 1, 4] and g.local["mp"] == 0     # half MP: 1 + ½ + ½ + 2


def test_rb_24_2_1_warwick_example():
    """RB 24.2.1: Lancaster 9 against York 4 + 3 white roses = 7: Lancaster gains Warwick (threshold 4);
    a 7–7 tie leaves him with York; a lone bid of 3 is under the threshold."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    state["rop"] = {"warwick": {"lancaster": [2, 2, 5], "york": [1, 3]}}
    assert parliament.effective_bids(state, "warwick") == {"lancaster": 9, "york": 7}
    state["rop"] = {"warwick": {"lancaster": [2, 5], "york": [1, 3]}}
    assert parliament.effective_bids(state, "warwick") == {"lancaster": 7, "york": 7}
    state["rop"] = {"warwick": {"lancaster": [0, 0]}}
    assert parliament.effective_bids(state, "warwick") == {}          # RB 19.0: zeros only are invalid
    assert board.data().block("warwick").rop_threshold == 4


def test_rb_26_3_office_limits():
    """RB 26.3: one of King/Chancellor/Treasurer; no more offices than CR; Henry VI and Margaret none."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    state["blocks"]["norfolk"].update(status="attending")
    state["offices"]["chancellor"] = "norfolk"
    assert not parliament.eligible(state, "treasurer", "norfolk", "york")
    state["blocks"]["margaret"].update(status="attending")
    assert not parliament.eligible(state, "admiral", "margaret", "lancaster")


def test_a_random_two_player_campaign_ends_and_replays_identically():
    """RB 25.0: the last turn's Victory Check ends the game; the game is a function of its log."""
    args = setup_args(ENGINE, "seeds_of_enmity", 0, 2)
    log, state = [], None
    for role, action, out in random_moves(ENGINE, args):
        log.append((role, action.id))
        state = out.state
    assert ENGINE.result(state) is not None
    assert replay(ENGINE, args, log) == state


def test_views_hide_ip_values_hands_and_block_identities():
    """VIEW.md: IP marker values, hands and face-down blocks are private; their counts public."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    mine, theirs = ENGINE.view(state, "york"), ENGINE.view(state, "lancaster")
    assert "york" not in theirs["mine"] and mine["mine"]["york"]["stock"] == state["ip"]["york"]["stock"]
    assert theirs["ip"]["york"]["stock"] == len(state["ip"]["york"]["stock"])
    assert isinstance(theirs["zones"]["hand:york"], int)
    variant = copy_state(state)
    variant["ip"]["york"]["stock"][0] += 1
    assert ENGINE.view(variant, "lancaster") == theirs


def test_rb_13_1_command_restrictions():
    """RB 13.1 (c): Affairs of State is never the command card of impulse 1; (b) Mandatory Events must be
    played while impulses remain; RB 13.3: with no heir on the map, an heir card (or a card whose first OPS
    returns the Undeclared heir) is the only choice."""
    from rules.crownofroses import operations
    state = first_legal(start("seeds_of_enmity", 2), placed)
    hand = state["zones"]["hand:york"]
    hand[:] = ["op57", "op58", "op1", "Y3"]
    state["impulses"], state["impulse"] = 3, 1
    chosen = [c for c, _ in operations.command_options(state, "york")]
    assert "op57" not in chosen and "op1" in chosen
    state["impulse"] = 3                                  # one impulse left, one Mandatory Event held
    assert [c for c, _ in operations.command_options(state, "york")] == ["op57", "op58"]
    state["blocks"]["york"].update(status="undeclared", at=None)
    state["impulse"] = 2
    assert {why for _, why in operations.command_options(state, "york")} == {"return"}


def test_rb_28_2_carry_over_limit_is_the_best_heir_card():
    """RB 28.2: the largest carry-over among the heir cards in play, not their sum."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    york = board.data().block("york").heir.carry_over
    assert phases.carry_limit(state, "york") == york
    assert phases.carry_limit(state, "lancaster") == 2      # Queen Margaret's card in play

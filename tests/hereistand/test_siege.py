"""Here I Stand: lines of communication (12.1), control of unfortified spaces (12.2), assault (15.1) with
the rulebook's Calais example, and a broken siege (15.3)."""

from __future__ import annotations

from rules.core import SetupArgs
from rules.hereistand import siege
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)
from .combat_play import BATTLE_WINDOWS, pass_combat_cards, pass_responses, without_move_responses


def setup():
    return without_move_responses(through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1))))


def play(s, role, action):
    return ENGINE.apply(s, role, action).state


def decision(s):
    return ENGINE.waiting(s)["decision"]


def to_french_impulse(s):
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    while decision(s) == "deploy":
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    while ENGINE.active_roles(s) != ["france"]:
        role = ENGINE.active_roles(s)[0]
        card = next(a.id for a in ENGINE.legal_actions(s, role) if a.id.startswith("cp:"))
        s = play(play(s, role, card), role, "done")
    return s


def calais(s):
    """15.1 example: 6 French units with Francis I besiege Calais, held by 2 English units. (The example's
    English squadron in port is left out: squadrons at sea, which would let France assault past it, come with
    naval movement.)"""
    s["wars"] = sorted(s["wars"] + [["england", "france"]])
    s["units"]["calais"] = {"england": {"regular": 2}, "france": {"regular": 6}}
    s["leaders"]["francis-i"] = "calais"
    s["sieges"]["calais"] = {"besieger": "france", "inside": ["england"], "new": False}
    return s


def test_12_1_line_of_communication():
    """12.1: through friendly spaces free of enemy units and unrest, never through an electorate before
    the League; the target itself need not be friendly."""
    s = setup()
    assert siege.has_loc(s, "france", "calais")                     # next to French Boulogne
    assert not siege.has_loc(s, "france", "london")
    network = siege.loc_network(s, "hapsburg")
    assert "mainz" not in network and "vienna" in network
    s["unrest"] = ["boulogne"]
    assert "boulogne" not in siege.loc_network(s, "france")


def test_12_2_control_of_unfortified_spaces():
    """12.2: an enemy or independent unfortified space with an LOC, holding one's units or next to them
    with no enemy land units next to it."""
    s = setup()
    s["wars"] = sorted(s["wars"] + [["england", "france"]])
    targets = siege.controllable(s, "england")
    assert all(not siege.load().space(t).fortified for t in targets)
    assert all(s["control"][t] in ("france", "independent") for t in targets)
    assert siege.controllable(s, "protestant") == []


def test_15_1_calais_assault_example(dice):
    """15.1 example: France rolls 6/2 = 3 dice + Francis I's 1 = 4; England 2 + 1 = 3; France needs 2 hits
    and a survivor to take Calais."""
    s = calais(to_french_impulse(setup()))
    s = play(s, "france", "cp:4")
    assert "assault:calais" in [a.id for a in ENGINE.legal_actions(s, "france")]
    england_keys = len(st.keys_controlled(s, "england"))
    s = play(s, "france", "assault:calais")
    assert decision(s) in BATTLE_WINDOWS
    dice += [[6, 5, 1, 2], [1, 2, 3]]
    s = pass_combat_cards(s)
    assert not dice
    assert s["control"]["calais"] == "france" and "calais" not in s["sieges"]
    assert st.units_at(s, "calais", "france") == {"regular": 6} and "england" not in s["units"]["calais"]
    assert len(st.keys_controlled(s, "england")) == england_keys - 1
    assert "assault:calais" not in [a.id for a in ENGINE.legal_actions(s, "france")]


def test_15_1_no_assault_in_the_impulse_the_siege_began_nor_past_squadrons_in_port():
    s = calais(setup())
    s["sieges"]["calais"]["new"] = True
    assert siege.assault_refusal(s, "france", "calais") == "the siege began this impulse"
    s["sieges"]["calais"]["new"] = False
    st.add_units(s, "calais", "england", "squadron", 1)
    assert siege.assault_refusal(s, "france", "calais") == "the defenders' squadrons in port outnumber yours at sea"


def test_15_3_a_failed_assault_that_leaves_too_few_besiegers_breaks_the_siege(dice):
    s = calais(to_french_impulse(setup()))
    s["units"]["calais"]["france"] = {"regular": 3}
    s = play(s, "france", "cp:4")
    s = play(s, "france", "assault:calais")
    dice += [[1, 1, 1], [5, 5, 1]]                    # France 2 + 1 dice, no hit; England hits twice
    s = pass_combat_cards(s)
    assert s["control"]["calais"] == "england" and "calais" not in s["sieges"]
    assert st.land_units_at(s, "calais", "france") == 0
    assert any(st.land_units_at(s, sp, "france") == 1 for sp in siege.load().adjacent("calais"))


def test_15_1_the_assaulting_power_chooses_its_losses(dice):
    """15.1 step 9: the attacker removes units equal to the defenders' hits, choosing which (cavalry may
    absorb them); the last defender killed and an attacker left: Belgrade falls to the Ottoman."""
    s = setup()
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    while decision(s) == "deploy":
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    s["units"]["belgrade"] = {"hungary": {"regular": 1}, "ottoman": {"regular": 3, "cavalry": 2}}
    s["sieges"]["belgrade"] = {"besieger": "ottoman", "inside": ["hungary"], "new": False}
    s = play(s, "ottoman", "cp:1")
    s = play(s, "ottoman", "assault:belgrade")
    dice += [[5, 1], [6, 1]]              # 3 regulars /2 → 2 dice (cavalry never); Hungary 1 + 1 = 2 dice
    s = pass_responses(s)                                               # 15.1 step 2: response cards first
    assert decision(s) == "assault_formation"                           # 5 units, 4 fit without a leader
    s = play(s, "ottoman", "standard")                                  # foot first (DECISIONS.md 430)
    assert ENGINE.active_roles(s) == ["ottoman"]                       # then the combat-card window (15.1 ⑤)
    s = play(s, "ottoman", "pass")
    s = pass_responses(s)                                               # Siege Artillery after the roll (⑧)
    assert decision(s) == "losses" and ENGINE.active_roles(s) == ["ottoman"]
    assert sorted(a.id for a in ENGINE.legal_actions(s, "ottoman")) == ["lose:cavalry", "lose:regular"]
    s = play(s, "ottoman", "lose:cavalry")
    assert st.units_at(s, "belgrade", "ottoman") == {"regular": 3, "cavalry": 1}
    assert s["control"]["belgrade"] == "ottoman" and "belgrade" not in s["sieges"]


def test_15_an_ally_joining_a_siege_of_an_independent_key_fights_no_battle():
    """15 / 22.6: France besieges Metz (its independent regular inside); England, France's ally, moves a
    regular in: the besieged defenders are no field battle, the siege goes on."""
    s = setup()
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    while decision(s) == "deploy":
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    s["alliances"] = [["england", "france"]]
    s["units"]["metz"] = {"independent": {"regular": 1}, "france": {"regular": 2}}
    s["sieges"]["metz"] = {"besieger": "france", "inside": ["independent"], "new": False}
    s["control"]["stdizier"] = "england"
    s["units"]["stdizier"] = {"england": {"regular": 1}}
    for role in ("ottoman", "hapsburg"):
        card = next(a.id for a in ENGINE.legal_actions(s, role) if a.id.startswith("cp:"))
        s = play(play(s, role, card), role, "done")
    card = next(a.id for a in ENGINE.legal_actions(s, "england") if a.id.startswith("cp:"))
    s = play(play(s, "england", card), "england", "move:stdizier:metz")
    s = play(play(s, "england", "unit:regular"), "england", "go")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert decision(s) == "spend" and s["battle"] is None
    assert st.units_at(s, "metz", "england") == {"regular": 1} and s["sieges"]["metz"]["besieger"] == "france"

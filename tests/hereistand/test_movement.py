"""Here I Stand: formations (5.1), land movement (13.1), interception (13.2), avoid battle (13.3),
withdrawal (13.4), field battle (14) and retreat (14.1), with the rulebook's worked examples."""

from __future__ import annotations

import pytest

from rules.core import SetupArgs
from rules.hereistand import forces as fx
from rules.hereistand import movement
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from tests.support.forced import Moves

MOVES = Moves(ENGINE)

from .religious_phases import through_theses, through_worms
from .combat_play import BATTLE_WINDOWS, pass_combat_cards, without_move_responses


def setup():
    return without_move_responses(through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1))))


def play(s, role, action):
    """One scripted move; one the engine made itself as the only choice (issue 33) counts as made."""
    return MOVES.play(s, role, action)


def decision(s):
    return ENGINE.waiting(s)["decision"]


@pytest.fixture
def dice(monkeypatch):
    """Scripted dice: each roll takes the next list, which must have as many dice as the rules roll."""
    script: list[list[int]] = []

    def roll(state, count, sides=6):
        assert script, f"an unexpected roll of {count} dice"
        values = script.pop(0)
        assert len(values) == count, f"the rules rolled {count} dice, the script has {len(values)}"
        return list(values)

    monkeypatch.setattr("rules.core.rng.roll", roll)
    return script


def clear_stacks(s, *spaces):
    for space in spaces:
        s["units"].pop(space, None)
        for leader, where in list(s["leaders"].items()):
            if where == space:
                s["leaders"][leader] = "off"


def ottoman_impulse(s):
    """Skip turn-1 diplomacy; the Ottoman opens the Action phase and plays Janissaries for 5 CP."""
    s = play(s, "england", "done")
    s = play(s, "england", "done")
    s = through_worms(s)
    while decision(s) == "deploy":                                      # no Spring Deployment
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    assert decision(s) == "impulse"
    return play(s, "ottoman", "cp:1")


def vienna_example(s):
    """14 (interception and field battle example): Suleiman, Ibrahim, 7 regulars and 1 cavalry in Pressburg;
    Charles V and 8 regulars in Graz; Ferdinand and 2 regulars in Vienna."""
    clear_stacks(s, "pressburg", "graz", "vienna", "brunn", "linz", "buda")
    s["control"].update(pressburg="ottoman", buda="ottoman", brunn="hapsburg")
    st.add_units(s, "pressburg", "ottoman", "regular", 7)
    st.add_units(s, "pressburg", "ottoman", "cavalry", 1)
    s["leaders"].update({"suleiman": "pressburg", "ibrahim-pasha": "pressburg", "charles-v": "graz",
                         "ferdinand": "vienna"})
    st.add_units(s, "graz", "hapsburg", "regular", 8)
    st.add_units(s, "vienna", "hapsburg", "regular", 2)
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    return s


def move_whole_stack(s, origin, dest):
    s = play(s, "ottoman", f"move:{origin}:{dest}")
    assert decision(s) == "formation"
    while True:
        ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
        pick = next((i for i in ids if i.startswith(("leader:", "unit:"))), "go")
        s = play(s, "ottoman", pick)
        if pick == "go":
            return s


def test_5_1_formation_limits():
    """5.1 example: 4 units without a leader; Suleiman alone 12; Suleiman and Ibrahim together 18, so all
    14 units in Buda need both leaders."""
    assert fx.formation_limit([]) == 4
    assert fx.formation_limit(["ibrahim-pasha"]) == 6
    assert fx.formation_limit(["suleiman"]) == 12
    assert fx.formation_limit(["suleiman", "ibrahim-pasha"]) >= 14


def test_13_formation_is_chosen_within_the_command_rating():
    s = vienna_example(ottoman_impulse(setup()))
    s = play(s, "ottoman", "move:pressburg:vienna")
    for _ in range(4):
        s = play(s, "ottoman", "unit:regular")
    assert not any(a.id.startswith("unit:") for a in ENGINE.legal_actions(s, "ottoman"))   # 4 without leaders
    s = play(s, "ottoman", "leader:ibrahim-pasha")
    assert any(a.id.startswith("unit:") for a in ENGINE.legal_actions(s, "ottoman"))
    s = play(s, "ottoman", "cancel")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 5 and s["move"] is None


def test_13_1_where_a_formation_may_go_and_what_it_costs():
    """13.1: not into a space of a power one is neither at war nor allied with; a pass costs 2 CP."""
    s = setup()
    assert fx.may_enter(s, "england", "paris") is not None          # England and France are at peace
    assert fx.may_enter(s, "hapsburg", "paris") is None             # at war
    options = {(o, d): c for o, d, c in movement.move_options(s, "france", 5)}
    passes = [(o, d) for (o, d) in options if o != d and s and movement.load().is_pass(o, d)]
    assert all(options[p] == 2 for p in passes)
    assert all(c == 1 for (o, d), c in options.items() if (o, d) not in passes)
    assert not any(d in ("london", "calais") for (_, d) in options)


def test_14_interception_and_field_battle_example(dice):
    """14 example: Charles V intercepts from Graz (8 + 2 − 1 = 9, success); the Ottoman rolls 10 dice (8 units
    + Suleiman 2) for 3 hits, the Hapsburg 13 (10 units + Charles V 2 + 1 defending) for 5 hits; the Ottoman
    removes its cavalry and 4 regulars and retreats to Pressburg; Charles V, Ferdinand and 7 regulars stay."""
    s = vienna_example(ottoman_impulse(setup()))
    s = move_whole_stack(s, "pressburg", "vienna")
    assert s["impulse"]["cp"] == 4
    assert decision(s) == "intercept" and ENGINE.active_roles(s) == ["hapsburg"]
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["pass", "intercept:graz"]
    dice += [[4, 4], [5, 6, 5, 1, 1, 2, 3, 4, 2, 1], [6, 6, 5, 5, 5, 1, 1, 2, 3, 4, 2, 1, 3]]
    s = play(s, "hapsburg", "intercept:graz")
    assert decision(s) == "intercept_formation"                        # 13.2 step 1
    s = play(s, "hapsburg", "strongest")
    assert st.land_units_at(s, "vienna", "hapsburg") == 10 and s["leaders"]["charles-v"] == "vienna"
    assert decision(s) in BATTLE_WINDOWS
    s = pass_combat_cards(s)
    assert decision(s) == "losses" and ENGINE.active_roles(s) == ["ottoman"]
    s = play(s, "ottoman", "lose:cavalry")
    for _ in range(4):
        s = play(s, "ottoman", "lose:regular")
    assert not dice
    assert st.units_at(s, "pressburg", "ottoman") == {"regular": 3}
    assert s["leaders"]["suleiman"] == "pressburg" and s["leaders"]["ibrahim-pasha"] == "pressburg"
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 7}
    assert s["leaders"]["charles-v"] == "vienna" and s["leaders"]["ferdinand"] == "vienna"
    assert ["ottoman", "pressburg"] in s["impulse_locks"]              # 13.1 restriction 4
    assert decision(s) == "spend" and s["impulse"]["cp"] == 4


def test_13_3_avoid_battle_destinations_in_the_example(dice):
    """14 example: had the interception failed, Ferdinand could avoid battle into Brunn, Linz or Graz (not
    Pressburg, where the mover came from), or withdraw into Vienna."""
    s = vienna_example(ottoman_impulse(setup()))
    s = move_whole_stack(s, "pressburg", "vienna")
    dice += [[1, 2]]
    s = play(s, "hapsburg", "intercept:graz")
    s = play(s, "hapsburg", "leader:charles-v")
    for _ in range(3):                                                  # part of the stack stays behind
        s = play(s, "hapsburg", "unit:regular")
    s = play(s, "hapsburg", "go")                                       # 3 + 2 − 1 = 4: failure
    assert st.land_units_at(s, "graz", "hapsburg") == 8
    assert decision(s) == "avoid" and ENGINE.active_roles(s) == ["hapsburg"]
    assert sorted(a.id for a in ENGINE.legal_actions(s, "hapsburg")) == \
        ["avoid:brunn", "avoid:graz", "avoid:linz", "pass"]
    dice += [[5, 4]]                                # 9 + 1 (Ferdinand) − 1 (Ottoman cavalry) = 9: success
    s = play(s, "hapsburg", "avoid:linz")
    assert decision(s) == "avoid_formation"                             # 13.3 step 3: which units go
    s = play(s, "hapsburg", "all")
    assert st.units_at(s, "linz", "hapsburg") == {"regular": 2} and s["leaders"]["ferdinand"] == "linz"
    assert s["sieges"]["vienna"] == {"besieger": "ottoman", "inside": [], "new": True}   # an empty enemy fortress
    assert decision(s) == "spend"


def test_13_4_withdrawal_into_fortifications_leads_to_a_siege(dice):
    """13.4: ≤ 4 units may withdraw into their fortified space; a stronger mover then besieges it."""
    s = vienna_example(ottoman_impulse(setup()))
    s = move_whole_stack(s, "pressburg", "vienna")
    s = play(s, "hapsburg", "pass")                                     # no interception
    s = play(s, "hapsburg", "pass")                                     # no avoid battle
    assert decision(s) == "withdraw"
    s = play(s, "hapsburg", "inside")
    assert s["sieges"]["vienna"] == {"besieger": "ottoman", "inside": ["hapsburg"], "new": True}
    assert ["ottoman", "vienna"] in s["impulse_locks"]
    assert not dice


def test_14_1_a_beaten_defender_retreats_or_is_eliminated(dice):
    """14.1: the loser retreats to an adjacent space free of enemies that it or an ally controls; with none,
    its units are eliminated and its leaders captured."""
    s = vienna_example(ottoman_impulse(setup()))
    for space in ("brunn", "linz", "graz"):
        s["control"][space] = "ottoman"
    clear_stacks(s, "graz")
    s = move_whole_stack(s, "pressburg", "vienna")
    # Vienna is fortified but its 2 defenders stay in the field; they cannot avoid into Ottoman spaces.
    assert decision(s) == "withdraw"
    s = play(s, "hapsburg", "field")
    dice += [[5, 5, 5, 5, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1]]
    s = pass_combat_cards(s)
    assert st.land_units_at(s, "vienna", "hapsburg") == 0
    assert s["leaders"]["ferdinand"] == "captured:ottoman"
    assert s["sieges"]["vienna"]["besieger"] == "ottoman"


def test_13_1_lone_leaders_are_captured():
    """13.1 restriction 6: a leader alone in an unfortified space an enemy enters is captured."""
    s = ottoman_impulse(setup())
    data = movement.load()
    origin, dest = next((a, b) for a in ("buda", "belgrade", "nezh", "sofia") for b in data.adjacent(a, passes=False)
                        if not data.space(b).fortified)
    clear_stacks(s, origin, dest)
    s["control"].update({origin: "ottoman", dest: "hapsburg"})
    s["leaders"]["ferdinand"] = dest
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, origin, "ottoman", "regular", 2)
    s = move_whole_stack(s, origin, dest)
    while decision(s) == "intercept":
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert s["leaders"]["ferdinand"] == "captured:ottoman"
    assert st.units_at(s, dest, "ottoman") == {"regular": 2}


def test_14_1_allied_defenders_fight_and_retreat_together(dice):
    """13.1 restriction 3 (d): an enemy's ally's units in that enemy's space count as enemy; 9.2: allies in
    one space defend as one; 14.1: the beaten side retreats together to one space."""
    s = ottoman_impulse(setup())
    data = movement.load()
    origin, dest = next((a, b) for a in ("buda", "belgrade", "nezh", "sofia") for b in data.adjacent(a, passes=False)
                        if not data.space(b).fortified)
    clear_stacks(s, origin, dest)
    s["control"].update({origin: "ottoman", dest: "hapsburg"})
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s["alliances"] = [["england", "hapsburg"]]
    st.add_units(s, origin, "ottoman", "regular", 4)
    st.add_units(s, dest, "hapsburg", "regular", 1)
    st.add_units(s, dest, "england", "regular", 1)
    assert fx.enemy_land_powers(s, dest, "ottoman") == ["hapsburg", "england"] or \
        sorted(fx.enemy_land_powers(s, dest, "ottoman")) == ["england", "hapsburg"]
    s = move_whole_stack(s, origin, dest)
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    dice += [[1, 1, 1, 1], [1, 1, 1]]                 # Ottoman 4 dice; allies 2 units + 1 = 3 dice
    s = pass_combat_cards(s)
    assert not dice
    # A tie goes to the defenders: the attacker goes back where it came from.
    assert st.units_at(s, origin, "ottoman") == {"regular": 4}
    assert st.land_units_at(s, dest, "hapsburg") == 1 and st.land_units_at(s, dest, "england") == 1


def test_14_1_a_beaten_allied_side_retreats_to_one_space(dice):
    s = ottoman_impulse(setup())
    data = movement.load()
    origin, dest = next((a, b) for a in ("buda", "belgrade", "nezh", "sofia") for b in data.adjacent(a, passes=False)
                        if not data.space(b).fortified)
    clear_stacks(s, origin, dest)
    s["control"].update({origin: "ottoman", dest: "hapsburg"})
    for space in data.adjacent(dest):
        if space != origin:
            clear_stacks(s, space)
            s["control"][space] = "hapsburg"
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s["alliances"] = [["england", "hapsburg"]]
    st.add_units(s, origin, "ottoman", "regular", 4)
    st.add_units(s, dest, "hapsburg", "regular", 2)
    st.add_units(s, dest, "england", "regular", 1)
    s = move_whole_stack(s, origin, dest)
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    dice += [[5, 1, 1, 1], [1, 1, 1, 1]]              # 1 hit against none: the Ottoman wins
    s = pass_combat_cards(s)
    assert decision(s) == "retreat" and ENGINE.active_roles(s) == ["hapsburg"]   # first in impulse order
    target = next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("to:")).split(":")[1]
    s = play(s, "hapsburg", f"to:{target}")
    if decision(s) == "retreat":                 # the odd hit fell on the Hapsburg (a die): England chooses too
        s = play(s, "england", f"to:{target}")
    assert st.land_units_at(s, dest, "hapsburg") == st.land_units_at(s, dest, "england") == 0
    assert st.land_units_at(s, target, "hapsburg") + st.land_units_at(s, target, "england") == 2


def small_move_to_vienna(s):
    s = play(s, "ottoman", "move:pressburg:vienna")
    s = play(play(s, "ottoman", "unit:regular"), "ottoman", "unit:regular")
    s = play(s, "ottoman", "go")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert decision(s) == "withdraw"
    return play(s, "hapsburg", "inside")


def test_13_4_choice_1_a_blocked_formation_pays_to_move_on(dice):
    """13.4: 2 Ottoman regulars do not outnumber the 2 Hapsburg regulars withdrawn into Vienna: the mover
    chooses between moving on (1 CP more) and going back to Pressburg."""
    s = small_move_to_vienna(vienna_example(ottoman_impulse(setup())))
    assert decision(s) == "blocked" and ENGINE.active_roles(s) == ["ottoman"]
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert "back" in ids and "on:linz" in ids and "on:pressburg" not in ids
    s = play(s, "ottoman", "on:linz")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert st.units_at(s, "linz", "ottoman") == {"regular": 2} and s["impulse"]["cp"] == 3
    assert decision(s) == "spend" and s["move"] is None
    assert "vienna" not in s["sieges"]


def test_13_4_choice_1_a_formation_that_moved_on_and_loses_is_eliminated(dice):
    """13.4 choice 1: if it must later retreat from the new space, the formation is eliminated."""
    s = vienna_example(ottoman_impulse(setup()))
    st.add_units(s, "linz", "hapsburg", "regular", 1)
    s = small_move_to_vienna(s)
    s = play(s, "ottoman", "on:linz")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    dice += [[1, 1], [5, 1]]                 # 2 dice; 1 + 1 defender dice
    s = pass_combat_cards(s)
    assert st.land_units_at(s, "linz", "ottoman") == 0
    assert st.land_units_at(s, "vienna", "ottoman") == 0 and st.land_units_at(s, "pressburg", "ottoman") == 6


def test_13_4_choice_2_going_back_is_free():
    s = small_move_to_vienna(vienna_example(ottoman_impulse(setup())))
    s = play(s, "ottoman", "back")
    assert st.units_at(s, "pressburg", "ottoman") == {"regular": 7, "cavalry": 1}
    assert s["impulse"]["cp"] == 4


def test_13_2_attempts_from_several_spaces_are_declared_first_then_rolled(dice):
    """13.2 step 4: the Hapsburg declares interceptions from Graz and Linz; both are rolled in the order
    declared — Charles V fails (4+3+2-1 = 8), the Linz stack succeeds (6+4-1 = 9) and fights."""
    s = vienna_example(ottoman_impulse(setup()))
    st.add_units(s, "linz", "hapsburg", "regular", 2)
    s = play(s, "ottoman", "move:pressburg:vienna")
    s = play(play(s, "ottoman", "leader:suleiman"), "ottoman", "leader:ibrahim-pasha")
    s = play(play(s, "ottoman", "unit:regular"), "ottoman", "unit:cavalry")
    s = play(s, "ottoman", "go")
    s = play(s, "hapsburg", "intercept:graz")
    assert ENGINE.waiting(s)["decision"] == "intercept"          # still declaring
    assert sorted(a.id for a in ENGINE.legal_actions(s, "hapsburg")) == ["change", "declared", "intercept:linz"]
    s = play(s, "hapsburg", "intercept:linz")
    dice += [[4, 3], [6, 4]]
    s = play(s, "hapsburg", "strongest")
    s = play(s, "hapsburg", "strongest")
    assert st.land_units_at(s, "graz", "hapsburg") == 8
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 4}
    assert decision(s) in BATTLE_WINDOWS


def test_13_3_the_avoiding_stack_may_split(dice):
    """13.3 step 3: Ferdinand and one regular avoid into Linz; the other regular stays and fights."""
    s = vienna_example(ottoman_impulse(setup()))
    s = move_whole_stack(s, "pressburg", "vienna")
    s = play(s, "hapsburg", "pass")                                     # no interception
    s = play(s, "hapsburg", "avoid:linz")
    s = play(play(s, "hapsburg", "leader:ferdinand"), "hapsburg", "unit:regular")
    dice += [[5, 4]]
    s = play(s, "hapsburg", "go")
    assert st.units_at(s, "linz", "hapsburg") == {"regular": 1} and s["leaders"]["ferdinand"] == "linz"
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 1}
    assert decision(s) == "withdraw"                                    # the one left may still withdraw


def test_14_1_allied_defenders_shelter_up_to_four_and_go_their_own_ways(dice):
    """14.1 / 9.2 effect 3: France and its Papal ally lose at Milan (a French fortress): in impulse order
    France shelters its 3 regulars, the Papacy its 1 more (4 in all) and retreats the other 2 on its own."""
    s = ottoman_impulse(setup())
    s["wars"] = [w for w in s["wars"] if w != ["france", "papacy"]]
    s["alliances"] = [["france", "papacy"]]
    s["control"].update(pavia="hapsburg", modena="papacy")
    s["units"]["milan"] = {"france": {"regular": 3}, "papacy": {"regular": 3}}
    s["units"]["pavia"] = {"hapsburg": {"regular": 5}}
    s["leaders"]["charles-v"] = "pavia"
    s = play(s, "ottoman", "done")
    card = next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("cp:"))
    s = play(play(s, "hapsburg", card), "hapsburg", "move:pavia:milan")
    s = play(s, "hapsburg", "leader:charles-v")
    for _ in range(5):
        s = play(s, "hapsburg", "unit:regular")
    s = play(s, "hapsburg", "go")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    dice += [[6] + [1] * 6, [1] * 7]                 # 5 + Charles V 2; 6 + 1: one hit, the Hapsburg wins
    s = pass_combat_cards(s)
    while decision(s) == "losses":
        s = play(s, ENGINE.active_roles(s)[0], ENGINE.legal_actions(s, ENGINE.active_roles(s)[0])[0].id)
    assert decision(s) == "retreat" and ENGINE.active_roles(s) == ["france"]
    s = play(s, "france", "inside")
    assert decision(s) == "retreat" and ENGINE.active_roles(s) == ["papacy"]
    assert "inside" in [a.id for a in ENGINE.legal_actions(s, "papacy")]
    s = play(s, "papacy", "inside")
    if decision(s) == "retreat":
        s = play(s, "papacy", "to:modena")
    france, papacy = st.land_units_at(s, "milan", "france"), st.land_units_at(s, "milan", "papacy")
    assert france + papacy == 4 and papacy >= 1
    assert st.land_units_at(s, "modena", "papacy") == 1
    assert s["sieges"]["milan"]["besieger"] == "hapsburg"

"""Card events on leaders and units: #76 Foreign Recruits, #91 Ransom, #100 Shipbuilding, #103 Threat to Power,
#106 Unpaid Mercenaries, #107 Unsanitary Camp (6.1 and each card's text)."""

from __future__ import annotations

import copy

import pytest

from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


@pytest.fixture(scope="module")
def at_impulse():
    return to_impulse(setup(), "papacy")


def fresh(at_impulse):
    return copy.deepcopy(at_impulse)


def test_91_ransom_frees_a_captured_leader_to_his_capital(at_impulse):
    """#91 Ransom (9.4): only while a leader is captured; the player picks him; he returns to his capital."""
    s = fresh(at_impulse)
    give(s, "papacy", 91)
    assert "event:91" not in ids(s, "papacy")
    s["leaders"]["montmorency"] = "captured:hapsburg"
    s = play(s, "papacy", "event:91")
    assert s["leaders"]["montmorency"] == "paris"


def test_103_threat_to_power_out_for_the_turn_or_for_good(at_impulse, dice):
    """#103 Threat to Power: 1d6, 1–3 the leader is out until the next turn (back at its capital at the Card
    Draw), 4–6 he leaves the game."""
    s = fresh(at_impulse)
    give(s, "papacy", 103)
    s = play(s, "papacy", "event:103")
    assert decision(s) == "threat_pick" and "threaten:charles-v" not in ids(s, "papacy")
    dice += [[2]]
    s, text = log_after(s, "papacy", "threaten:ibrahim-pasha")
    assert "the die shows 2 (1–3)" in text and s["leaders"]["ibrahim-pasha"] == "off"
    s2 = fresh(at_impulse)
    give(s2, "papacy", 103)
    s2 = play(s2, "papacy", "event:103")
    dice += [[5]]
    s2 = play(s2, "papacy", "threaten:montmorency")
    assert "montmorency" not in s2["leaders"] and "montmorency" in s2["leaders_removed"]


def test_103_threatened_leader_returns_at_the_card_draw(at_impulse, dice):
    """#103: the leader put out by a 1–3 goes home (his power choosing among capitals) at the next Card Draw."""
    from rules.hereistand.events_leaders import return_threatened
    s = fresh(at_impulse)
    s["leaders"]["ibrahim-pasha"], s["leaders_away"] = "off", ["ibrahim-pasha"]
    return_threatened(Game(ENGINE, s))
    assert s["flow"][-1]["name"] == "leader_homes" and s["flow"][-1]["local"]["queue"] == [["ottoman", "ibrahim-pasha"]]
    assert "leaders_away" not in s


def test_106_unpaid_mercenaries_one_power_in_one_space(at_impulse):
    """#106: every mercenary of the chosen power in the chosen space goes; others stay."""
    s = fresh(at_impulse)
    give(s, "papacy", 106)
    s["units"]["milan"] = {"france": {"mercenary": 3, "regular": 1}, "hapsburg": {"mercenary": 2}}
    s = play(s, "papacy", "event:106")
    s = play(s, "papacy", "unpaid:milan:france")
    assert st.units_at(s, "milan", "france") == {"regular": 1}
    assert st.units_at(s, "milan", "hapsburg") == {"mercenary": 2}


def test_107_unsanitary_camp_a_third_half_regulars_owner_picks(at_impulse):
    """#107: 7 land units lose 3 (a third, rounded up), at least 2 of them regulars; the owner picks."""
    s = fresh(at_impulse)
    give(s, "papacy", 107)
    s["units"]["lyon"] = {"france": {"regular": 3, "mercenary": 4}}
    s = play(s, "papacy", "event:107")
    s = play(s, "papacy", "camp:lyon:france")
    assert ENGINE.active_roles(s) == ["france"]
    assert set(ids(s, "france")) == {"lose:france:regular", "lose:france:mercenary"}
    s = play(s, "france", "lose:france:mercenary")
    # 2 left, both must be regulars: the only choice, taken by the engine (issue 33)
    assert st.units_at(s, "lyon", "france") == {"regular": 1, "mercenary": 3} and decision(s) != "camp_losses"


def test_100_shipbuilding_two_squadrons_in_home_ports(at_impulse):
    """#100 Shipbuilding (17): 2 squadrons in home ports the player controls; never the Protestant."""
    s = fresh(at_impulse)
    give(s, "papacy", 100)
    before = st.units_at(s, "rome", "papacy").get("squadron", 0)
    s = play(s, "papacy", "event:100")
    assert decision(s) == "shipbuild"
    s = play(s, "papacy", "ship:squadron:rome")
    s = play(s, "papacy", "ship:squadron:rome") if decision(s) == "shipbuild" else s
    assert st.units_at(s, "rome", "papacy").get("squadron", 0) == before + 2


def test_76_foreign_recruits_builds_outside_home_spaces(at_impulse):
    """#76 Foreign Recruits (17): 4 CP of unit construction in any space the player controls."""
    from rules.hereistand.events_building import recruit_options
    s = fresh(at_impulse)
    s["control"]["siena"] = "papacy"
    assert ("mercenary", "siena") in recruit_options(s, "papacy", 4)
    give(s, "papacy", 76)
    s = play(s, "papacy", "event:76")
    s = play(s, "papacy", "build:regular:siena")
    s = play(s, "papacy", "build:mercenary:siena")
    s = play(s, "papacy", "build:mercenary:siena")
    assert st.units_at(s, "siena", "papacy") == {"regular": 1, "mercenary": 2}
    assert decision(s) != "recruit"
    from rules.hereistand.events import prerequisite_refusal
    assert "only after the Schmalkaldic League" in prerequisite_refusal(s, "protestant", "76")

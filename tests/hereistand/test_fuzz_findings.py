"""Findings of the 500-game fuzz sweep (issue 24), each on a small scripted position with the rule it checks."""

from __future__ import annotations

import copy

import pytest

from rules.hereistand import state as st
from rules.hereistand.data import load
from rules.hereistand.engine import ENGINE
from rules.hereistand.foreign_wars import wars

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from . import test_movement as tm


@pytest.fixture(scope="module")
def hapsburg_impulse():
    return to_impulse(setup("1532"), "hapsburg")


def persia_sent(s, *sends):
    """The Hapsburg plays #110 War in Persia; the Ottoman sends the units named (space:kind), then regulars
    from Istanbul up to the card's five; the log of the whole exchange."""
    give(s, "hapsburg", 110)
    s, text = log_after(s, "hapsburg", "event:110")
    for send in sends:
        s, more = log_after(s, "ottoman", f"send:{send}")
        text += " " + more
    while decision(s) == "war_units":
        s, more = log_after(s, "ottoman", "send:istanbul:regular")
        text += " " + more
    return s, text


def test_15_3_besiegers_sent_to_a_foreign_war_break_their_siege(hapsburg_impulse):
    """Seed 15.3: the siege is broken once the besiegers' land units are no more than those inside, also when
    part of them leave by an event; the rest retreat (here to Pressburg, the one space that qualifies).
    21.7 lets the Ottoman send besiegers (DECISIONS 655). Fuzz 1517 seed 60001 kept such a siege."""
    s = copy.deepcopy(hapsburg_impulse)
    s["units"]["vienna"] = {"hapsburg": {"regular": 2}, "ottoman": {"regular": 3}}
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s["control"]["pressburg"] = "ottoman"
    s, text = persia_sent(s, "vienna:regular")
    assert wars(s)["110"]["units"] == {"regular": 5}
    assert "vienna" not in s["sieges"] and "The siege of Vienna is broken." in text
    assert "ottoman" not in s["units"]["vienna"]
    assert st.units_at(s, "pressburg", "ottoman") == {"regular": 2}
    assert ENGINE.invariant_errors(s) == []


def test_15_3_the_last_besieger_sent_away_ends_the_siege_of_an_empty_fortress(hapsburg_impulse):
    """Seed 15.3 (0 besiegers ≤ 0 inside): the finding of fuzz 1517 seed 60001, where the Ottoman's lone cavalry
    besieging Salonika went to Persia and the siege stayed with no besieger."""
    s = copy.deepcopy(hapsburg_impulse)
    s["units"]["vienna"] = {"ottoman": {"cavalry": 1}}
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": [], "new": False}
    give(s, "hapsburg", 110)
    s = play(play(s, "hapsburg", "event:110"), "ottoman", "send:vienna:cavalry")
    assert decision(s) == "war_units"                      # broken at once, not once all five have gone
    assert "vienna" not in s["sieges"] and ENGINE.invariant_errors(s) == []


def test_15_3_a_siege_still_outnumbering_goes_on(hapsburg_impulse):
    """Seed 15.3: only a siege whose besiegers no longer outnumber those inside is broken."""
    s = copy.deepcopy(hapsburg_impulse)
    s["units"]["vienna"] = {"hapsburg": {"regular": 1}, "ottoman": {"regular": 3}}
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s, _ = persia_sent(s, "vienna:regular")
    assert s["sieges"]["vienna"]["besieger"] == "ottoman" and st.units_at(s, "vienna", "ottoman") == {"regular": 2}


def test_5_trace_italienne_adds_no_regular_past_the_counters_on_a_war_card(hapsburg_impulse):
    """Seed 5: the counters are an absolute limit; 21.7: units on a foreign war card are still the power's
    (DECISIONS 655, 795). Fuzz 1517 seed 60032 put a 48th Ottoman land unit in Plymouth this way."""
    s = copy.deepcopy(hapsburg_impulse)
    site = "agram"                                      # Ottoman, unfortified, empty
    assert st.controller(s, site) == "ottoman" and not st.fortified(s, site) and site not in s["units"]
    s["foreign_wars"] = {"92": {"power": "ottoman", "enemy": 3, "units": {"regular": st.land_pool_left(s, "ottoman")},
                                "leader": None}}
    assert st.land_units_total(s, "ottoman") == load().power("ottoman").force_pool.land_units
    give(s, "hapsburg", 104)
    s = play(play(s, "hapsburg", "event:104"), "hapsburg", f"fortify:{site}")
    assert st.fortified(s, site) and site not in s["units"]
    assert ENGINE.invariant_errors(s) == []


def test_15_3_a_besieger_removed_for_the_irish_breaks_its_siege(hapsburg_impulse):
    """Seed 15.3 with #93 Revolt in Ireland played by the Hapsburg: the regular it removes to raise the Irish
    (DECISIONS 657) leaves its siege of Buda 1 against 1 — broken, and the last regular falls back to Pressburg."""
    s = copy.deepcopy(hapsburg_impulse)
    s["units"]["buda"] = {"ottoman": {"regular": 1}, "hapsburg": {"regular": 2}}
    s["sieges"]["buda"] = {"besieger": "hapsburg", "inside": ["ottoman"], "new": False}
    give(s, "hapsburg", 93)
    s = play(s, "hapsburg", "event:93")
    assert decision(s) == "irish_aid"
    s, text = log_after(s, "hapsburg", "aid:buda:regular")
    assert wars(s)["93"]["enemy"] == 4
    assert "buda" not in s["sieges"] and "The siege of Buda is broken." in text
    assert "hapsburg" not in s["units"]["buda"] and st.units_at(s, "pressburg", "hapsburg").get("regular") == 1
    assert decision(s) == "war_units"


def test_15_3_besiegers_moving_away_leave_the_rest_outnumbered_and_the_siege_breaks():
    """Seed 15.3: "part of the besieging force leaving the space by a move action" breaks the siege once those
    left are no more than the units inside; they retreat at no cost (to Pressburg, the one space that
    qualifies). Before, 1 Ottoman regular went on besieging 2 Hapsburg regulars in Vienna."""
    s = to_impulse(setup("1532"), "ottoman")
    s["units"]["vienna"] = {"hapsburg": {"regular": 2}, "ottoman": {"regular": 3}}
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s["control"]["pressburg"] = "ottoman"
    s = play(s, "ottoman", max(a for a in ids(s, "ottoman") if a.startswith("cp:")))
    s = play(play(play(s, "ottoman", "move:vienna:brunn"), "ottoman", "unit:regular"), "ottoman", "unit:regular")
    s, text = log_after(s, "ottoman", "go")
    while decision(s) != "spend":                        # nobody reacts: no response card, no interception
        role = ENGINE.active_roles(s)[0]
        s, more = log_after(s, role, "pass")
        text += " " + more
    assert "vienna" not in s["sieges"] and "The siege of Vienna is broken." in text
    assert "ottoman" not in s["units"]["vienna"] and st.units_at(s, "pressburg", "ottoman") == {"regular": 1}
    assert st.units_at(s, "brunn", "ottoman") == {"regular": 2}


def test_15_3_besiegers_who_intercept_lift_their_siege(dice):
    """Seed 15.3 names interception among the ways a siege breaks. The 14 example's position, with Graz made a
    fortress (as by #104) held by the Ottoman and besieged by Charles V's 8 regulars: when they intercept into
    Vienna (8 + 2 − 1 = 9) no besieger is left and the siege is lifted (before, it stayed without one)."""
    s = tm.vienna_example(tm.ottoman_impulse(tm.setup()))
    s["fortified"] = ["graz"]
    s["control"]["graz"] = "ottoman"
    st.add_units(s, "graz", "ottoman", "regular", 1)
    s["sieges"]["graz"] = {"besieger": "hapsburg", "inside": ["ottoman"], "new": False}
    s = tm.move_whole_stack(s, "pressburg", "vienna")
    dice += [[4, 4]]
    s = tm.play(tm.play(s, "hapsburg", "intercept:graz"), "hapsburg", "strongest")
    assert st.land_units_at(s, "vienna", "hapsburg") == 10 and "hapsburg" not in s["units"]["graz"]
    assert "graz" not in s["sieges"] and ENGINE.invariant_errors(s) == []


def relief_met_by_avoidance(besiegers, avoiding, dice):
    """1532, the Hapsburg's impulse: 2 Hapsburg regulars inside Vienna, besieged by `besiegers` Ottoman
    regulars; 2 more come from Graz to relieve it (15.2) and `avoiding` of the besiegers avoid battle into
    Pressburg (5 + 5 = 10). The state and the log from the move on."""
    s = to_impulse(setup("1532"), "hapsburg")
    s["units"]["graz"] = {"hapsburg": {"regular": 2}}
    s["units"]["vienna"] = {"hapsburg": {"regular": 2}, "ottoman": {"regular": besiegers}}
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s["control"]["pressburg"] = "ottoman"
    s = play(s, "hapsburg", max(a for a in ids(s, "hapsburg") if a.startswith("cp:")))
    s = play(play(play(s, "hapsburg", "move:graz:vienna"), "hapsburg", "unit:regular"), "hapsburg", "unit:regular")
    s, text = log_after(s, "hapsburg", "go")
    while decision(s) == "responses":
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert decision(s) == "avoid" and ENGINE.active_roles(s) == ["ottoman"]
    dice += [[5, 5]]
    s = play(s, "ottoman", "avoid:pressburg")
    for _ in range(avoiding):
        s, more = log_after(s, "ottoman", "unit:regular")
        text += " " + more
    if decision(s) == "avoid_formation":                 # all picked ends the formation by itself
        s, more = log_after(s, "ottoman", "go")
        text += " " + more
    assert not dice
    return s, text


def test_15_3_besiegers_avoiding_a_relief_force_lift_or_break_the_siege(dice):
    """Seed 15.3 names avoiding battle among the ways a siege breaks. Fuzz 1532 seed 60000: the Papacy's
    besiegers of Naples all avoided a Protestant relief force and the siege stayed with no besieger. Here
    all 3 avoid (the siege is lifted), or 2 of 3 (1 left against the 2 inside: broken, it falls back)."""
    s, text = relief_met_by_avoidance(3, 3, dice)
    assert "vienna" not in s["sieges"] and "The siege of Vienna is lifted." in text
    assert st.units_at(s, "pressburg", "ottoman") == {"regular": 3} and decision(s) == "spend"
    s, text = relief_met_by_avoidance(3, 2, dice)
    assert "vienna" not in s["sieges"] and "The siege of Vienna is broken." in text
    assert st.units_at(s, "pressburg", "ottoman") == {"regular": 3} and "ottoman" not in s["units"]["vienna"]
    assert decision(s) == "spend" and ENGINE.invariant_errors(s) == []


def test_15_3_the_relief_force_is_not_counted_inside(dice):
    """Seed 15.2/15.3: the relievers stand in the space but are not inside; 3 besiegers left after 2 of 5
    avoid still outnumber the 2 inside, so the siege goes on and the relief battle follows."""
    s, _ = relief_met_by_avoidance(5, 2, dice)
    assert s["sieges"]["vienna"]["besieger"] == "ottoman" and st.units_at(s, "vienna", "ottoman") == {"regular": 3}
    assert decision(s) == "relief_join" and ENGINE.active_roles(s) == ["hapsburg"]   # 15.2: the battle follows

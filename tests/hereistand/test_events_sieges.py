"""Fortress events: #104 Trace Italienne (a new fortress, 15) and #105 Treachery! (an assault at once, 15.1)."""

from __future__ import annotations

import copy

import pytest

from rules.hereistand import siege
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from tests.hereistand.combat_play import pass_combat_cards

from .test_debate import decision, give, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .test_siege import calais


@pytest.fixture(scope="module")
def papal_impulse():
    return to_impulse(setup(), "papacy")


def test_104_trace_italienne_fortifies_and_adds_a_regular(papal_impulse):
    """#104: any unfortified space becomes fortified (it counts as one everywhere, e.g. no 12.2 control by CP);
    its controller adds a regular there, not when independent or in unrest."""
    s = copy.deepcopy(papal_impulse)
    give(s, "papacy", 104)
    assert not st.fortified(s, "dijon")
    s = play(play(s, "papacy", "event:104"), "papacy", "fortify:dijon")
    assert st.fortified(s, "dijon") and s["fortified"] == ["dijon"]
    assert st.units_at(s, "dijon", "france").get("regular", 0) == \
        st.units_at(papal_impulse, "dijon", "france").get("regular", 0) + 1
    for space, setup_unrest in (("siena", False), ("orleans", True)):     # independent; in unrest
        s2 = copy.deepcopy(papal_impulse)
        s2["unrest"] = ["orleans"] if setup_unrest else []
        give(s2, "papacy", 104)
        s2 = play(play(s2, "papacy", "event:104"), "papacy", f"fortify:{space}")
        assert st.fortified(s2, space) and s2["units"].get(space) == papal_impulse["units"].get(space)


def test_105_treachery_assault_then_the_fortress_falls(papal_impulse, dice):
    """#105: the besieger assaults at once (even without a line of communication); if its units then still
    outnumber the defenders, the defenders are eliminated, their leaders captured, and the space changes hands."""
    s = calais(copy.deepcopy(papal_impulse))
    s["units"]["calais"]["england"] = {"regular": 4}
    s["leaders"]["charles-brandon"] = "calais"
    s["unrest"] = ["boulogne"]                                        # no line of communication
    assert siege.assault_refusal(s, "france", "calais") == "you have no line of communication to it"
    give(s, "papacy", 105)
    s = play(s, "papacy", "event:105")
    assert decision(s) in ("responses", "combat_cards")     # Calais the only siege: no question; no Foul Weather
    dice += [[1, 1, 2, 5], [1, 1, 1, 1, 1, 2]]                         # 6/2 + Francis I = 4 dice; 4 + 1 + 1 = 6
    s = pass_combat_cards(s)                                  # the attacker declares, then the defender
    assert not dice
    assert s["control"]["calais"] == "france" and "calais" not in s["sieges"]
    assert "england" not in s["units"].get("calais", {})
    assert s["leaders"]["charles-brandon"] == "captured:france"

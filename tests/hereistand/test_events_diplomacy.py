"""Card events of war and alliances: #40 Machiavelli: The Prince (9.6), #68 Andrea Doria (22.2 method 5, 22.4),
#108 Venetian Alliance (22.2 method 3, 22.4)."""

from __future__ import annotations

import copy

import pytest

from rules.hereistand import state as st

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse


@pytest.fixture(scope="module")
def papal_impulse():
    return to_impulse(setup(), "papacy")


def fresh(s):
    return copy.deepcopy(s)


def test_40_machiavelli_war_at_no_cost_then_2_cp(papal_impulse):
    """#40 Machiavelli (9.6): war on a major power without the declaration cost, within 9.6's limits (never the
    Protestant before the League), then 2 CP."""
    s = fresh(papal_impulse)
    give(s, "papacy", 40)
    s = play(s, "papacy", "event:40")
    assert decision(s) == "prince_war"
    offered = ids(s, "papacy")
    assert "war:protestant" not in offered and "war:england" in offered
    assert "war:france" not in offered                                  # at war already
    hand = len(s["zones"]["hand:papacy"])
    s = play(s, "papacy", "war:england")
    assert st.at_war(s, "papacy", "england")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 2 and len(s["zones"]["hand:papacy"]) == hand


def test_68_andrea_doria_genoa_changes_sides(papal_impulse):
    """#68 Andrea Doria, 2006 form (22.2 method 5): Genoa becomes the player's ally, leaving its old one (22.4:
    the old patron's hold on Genoa's home spaces ends first)."""
    s = fresh(papal_impulse)
    give(s, "papacy", 68)
    s = play(s, "papacy", "event:68")
    assert s["minor_allies"]["genoa"] == "papacy" and s["control"]["genoa"] == "papacy"
    s["impulse"] = None
    s2 = to_impulse(setup(), "papacy")
    s2["minor_allies"]["genoa"] = "france"
    s2["control"]["genoa"], s2["control"]["bastia"] = "france", "france"
    s2["units"]["genoa"]["france"] = {"regular": 1, "squadron": 1}      # 22.4 step 3: to a French port
    s2["units"]["genoa"]["genoa"]["squadron"] -= 1
    s2["units"]["gulflyon"] = {"genoa": {"squadron": 1}}                # 22.4 step 5: home to port
    s2["leaders"]["andrea-doria"] = "gulflyon"
    give(s2, "papacy", 68)
    s2, text = log_after(s2, "papacy", "event:68")
    assert "Genoa is no longer France's ally (rule 22.4)" in text and "France's ships in Genoa sail to" in text
    while decision(s2) == "displace_to":
        s2 = play(s2, "france", ids(s2, "france")[0])
    assert s2["minor_allies"]["genoa"] == "papacy" and s2["control"]["genoa"] == "papacy"
    assert not st.units_at(s2, "genoa", "france") and "Marseille" in text
    assert "gulflyon" not in s2["units"] and s2["leaders"]["andrea-doria"] in ("genoa", "bastia")
    s3 = fresh(s2)
    from rules.hereistand.events import prerequisite_refusal
    assert prerequisite_refusal(s3, "papacy", "68") == "Genoa is already your ally"
    assert "only France or Hapsburg or Papacy" in prerequisite_refusal(s3, "england", "68")


def test_108_venetian_alliance_ally_reinforce_or_cut_loose(papal_impulse):
    """#108 Venetian Alliance: the Papacy allies an unallied Venice; with Venice its ally it adds a Venetian
    regular and 2 squadrons in a Papal port; the Ottoman cuts it loose (22.4)."""
    from rules.hereistand.events import prerequisite_refusal
    s = fresh(papal_impulse)
    assert prerequisite_refusal(s, "ottoman", "108") == "Venice has no ally to leave"
    give(s, "papacy", 108)
    s = play(s, "papacy", "event:108")
    assert s["minor_allies"]["venice"] == "papacy" and s["control"]["venice"] == "papacy"
    s2 = fresh(papal_impulse)
    s2["minor_allies"]["venice"] = "papacy"
    for sp in ("venice", "corfu", "candia", "zara"):
        s2["control"][sp] = "papacy"
    give(s2, "papacy", 108)
    s2 = play(s2, "papacy", "event:108")
    s2 = play(s2, "papacy", "port:rome")
    assert st.units_at(s2, "rome", "venice") == {"regular": 1, "squadron": 2}
    s3 = to_impulse(setup(), "ottoman")
    s3["minor_allies"]["venice"] = "papacy"
    s3["control"]["corfu"] = "papacy"
    s3["units"]["zara"] = {"venice": {"regular": 1}}
    s3["control"]["zara"] = "papacy"
    s3["units"]["ragusa"] = {"venice": {"regular": 1}}
    give(s3, "ottoman", 108)
    s3, text = log_after(s3, "ottoman", "event:108")
    assert s3["minor_allies"]["venice"] is None and s3["control"]["corfu"] == "venice"
    assert "Venice's units in Ragusa go to Venice." in text and not st.units_at(s3, "ragusa", "venice")
    assert st.units_at(s3, "venice", "venice")["regular"] == 3      # Venice and Zara equally near: the first

"""#95 Sack of Rome (1517 only): a field battle at Rome (14), then the formation returns; a Papal defeat costs
St. Peter's 5 CP and 2 random Papal cards (the owner keeps one), and removes the card."""

from __future__ import annotations

import copy

import pytest

from rules.core import cards
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from tests.hereistand.combat_play import pass_combat_cards

from .test_debate import decision, give, ids, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


@pytest.fixture(scope="module")
def hapsburg_impulse():
    return to_impulse(setup(), "hapsburg")


def sack_position(s):
    s["units"]["rome"] = {"papacy": {"regular": 2}}
    s["units"]["florence"] = {"hapsburg": {"mercenary": 3, "regular": 1}}
    s["leaders"]["duke-of-alva"] = "florence"
    s["tracks"]["st_peters_cp"] = 3
    give(s, "hapsburg", 95)
    return s


def test_95_sack_of_rome_the_papacy_loses(hapsburg_impulse, dice):
    """#95: 3 mercenaries in Florence > 2 Papal regulars: the Hapsburg's 4 units and Alva (5 dice) fight the 2
    regulars (2 + 1 = 3 dice); the Papacy loses both; Rome is sacked: St. Peter's 3 → 0 CP, 2 Papal cards taken
    (one kept), the card removed; the forces go back to Florence."""
    s = sack_position(copy.deepcopy(hapsburg_impulse))
    papal = len(cards.zone(s, cards.hand("papacy")))
    s = play(s, "hapsburg", "event:95")
    assert decision(s) == "combat_cards"                     # the only formation: chosen without a question
    dice += [[5, 6, 1, 1, 1], [1, 2, 3]]
    s = pass_combat_cards(s)                                  # the attacker declares, then the defender
    assert not dice
    assert not st.units_at(s, "rome", "papacy")
    assert st.units_at(s, "florence", "hapsburg") == {"mercenary": 3, "regular": 1}
    assert s["leaders"]["duke-of-alva"] == "florence"
    assert s["tracks"]["st_peters_cp"] == 0 and "95" in cards.zone(s, "removed")
    if papal >= 2:
        assert decision(s) == "sack_keep"
        keep = ids(s, "hapsburg")[0]
        s = play(s, "hapsburg", keep)
        assert len(cards.zone(s, cards.hand("papacy"))) == papal - 2
    assert s["battle"] is None and s["move"] is None


def test_95_sack_of_rome_the_papacy_holds(hapsburg_impulse, dice):
    """#95: the Papacy wins (ties go to the defender): the card is only discarded; the forces return."""
    s = sack_position(copy.deepcopy(hapsburg_impulse))
    s = play(s, "hapsburg", "event:95")
    dice += [[1, 1, 1, 1, 1], [1, 2, 3]]
    s = pass_combat_cards(s)                                  # the attacker declares, then the defender
    assert "95" in cards.zone(s, "discard") and s["tracks"]["st_peters_cp"] == 3
    assert st.units_at(s, "rome", "papacy") == {"regular": 2}
    assert st.land_units_at(s, "florence", "hapsburg") == 4

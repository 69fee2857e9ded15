"""Card events of money, trade and patronage: #72 Cloth Prices Fluctuate, #78 Frederick the Wise (18), #84 Julia
Gonzaga (16.4), #87 Mercenaries Demand Pay."""

from __future__ import annotations

import copy

import pytest

from rules.core import cards
from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import decision, give, ids, play, setup, to_impulse


@pytest.fixture(scope="module")
def papal_impulse():
    return to_impulse(setup(), "papacy")


def fresh(s):
    return copy.deepcopy(s)


def test_72_cloth_prices_trade_prospers(papal_impulse):
    """#72: England holds Calais, the Hapsburg Antwerp: each draws a card and the player adds 2 mercenaries in a
    home space it controls."""
    s = fresh(papal_impulse)
    give(s, "papacy", 72)
    england, hapsburg = (len(cards.zone(s, cards.hand(p))) for p in ("england", "hapsburg"))
    s = play(s, "papacy", "event:72")
    assert decision(s) == "cloth_mercenaries"
    assert ENGINE.prompt(s, "papacy").kind == "turn"   # the prompt's kind, not the units' (a deadline's kind)
    s = play(s, "papacy", "raise:rome")
    assert st.units_at(s, "rome", "papacy")["mercenary"] >= 2
    assert len(cards.zone(s, cards.hand("england"))) == england + 1
    assert len(cards.zone(s, cards.hand("hapsburg"))) == hapsburg + 1


def test_72_cloth_prices_trade_broken(papal_impulse):
    """#72: otherwise Antwerp's controller loses a random card and up to 2 unoccupied spaces fall into unrest."""
    s = fresh(papal_impulse)
    s["control"]["calais"] = "france"
    give(s, "papacy", 72)
    hapsburg = len(cards.zone(s, cards.hand("hapsburg")))
    s = play(s, "papacy", "event:72")
    assert len(cards.zone(s, cards.hand("hapsburg"))) == hapsburg - 1
    assert "unrest:amsterdam" in ids(s, "papacy") and "unrest:innsbruck" in ids(s, "papacy")
    assert "unrest:brussels" not in ids(s, "papacy")                       # occupied
    s = play(s, "papacy", "unrest:amsterdam")
    s = play(s, "papacy", "unrest:innsbruck")
    assert {"amsterdam", "innsbruck"} <= set(s["unrest"]) and decision(s) != "cloth_unrest"


def test_78_frederick_the_wise_two_nearest_and_the_wartburg(papal_impulse):
    """#78: the two Catholic German spaces nearest Wittenberg turn Protestant (the Protestant breaks ties);
    The Wartburg may come back from the discards."""
    s = fresh(papal_impulse)
    if cards.where(s, "37"):
        cards.move(s, "37", cards.where(s, "37"), "discard")
    else:
        cards.zone(s, "discard").append("37")
    give(s, "papacy", 78)
    s = play(s, "papacy", "event:78")
    assert ENGINE.active_roles(s) == ["protestant"] and decision(s) == "frederick_flip"
    while any(a.startswith("flip:") for a in ids(s, "protestant")):
        s = play(s, "protestant", ids(s, "protestant")[0])
    flipped = [sp for sp in s["religion"] if sp not in papal_impulse["religion"]]
    assert len(flipped) == 2
    s = play(s, "protestant", "wartburg")
    assert "37" in cards.zone(s, cards.hand("protestant"))


def test_84_julia_gonzaga_needs_barbary_pirates_and_pays_once(papal_impulse):
    """#84 (16.4): only once Barbary Pirates has brought Algiers into play; this turn the first piracy hit in the
    Tyrrhenian Sea earns the Ottoman 1 VP."""
    from rules.hereistand.events import prerequisite_refusal
    from rules.hereistand.events_trade import julia_gonzaga, julia_hit
    s = fresh(papal_impulse)
    assert prerequisite_refusal(s, "papacy", "84") == "Barbary Pirates has not been played"
    s["control"]["algiers"] = "ottoman"
    assert prerequisite_refusal(s, "papacy", "84") is None
    g = Game(ENGINE, s)
    julia_gonzaga(g, "papacy", "84")
    julia_hit(g, "barbary", 1)
    assert s["bonus_vp"]["ottoman"] == 0
    julia_hit(g, "tyrrhenian", 2)
    julia_hit(g, "tyrrhenian", 1)
    assert s["bonus_vp"]["ottoman"] == 1


def test_87_mercenaries_demand_pay(papal_impulse):
    """#87: the target discards a card (not a mandatory event) to keep mercenaries by its CP (3 CP: 6), choosing
    which go; else all leave."""
    s = fresh(papal_impulse)
    s["units"]["lyon"] = {"france": {"mercenary": 5}}
    s["units"]["paris"]["france"]["mercenary"] = 3
    total = sum(st.units_at(s, sp, "france").get("mercenary", 0) for sp in s["units"])
    give(s, "papacy", 87)
    give(s, "france", 78)                                            # 3 CP
    s = play(s, "papacy", "event:87")
    assert decision(s) == "pay_mercenaries"                          # France alone has mercenaries: no question
    assert ENGINE.active_roles(s) == ["france"] and "pay:78" in ids(s, "france") and "refuse" in ids(s, "france")
    s = play(s, "france", "pay:78")
    for _ in range(total - 6):
        s = play(s, "france", "lose:lyon")
    assert sum(st.units_at(s, sp, "france").get("mercenary", 0) for sp in s["units"]) == 6
    assert "78" in cards.zone(s, "discard")

"""Leaders who change hands: #70 Charles Bourbon (the renegade, removed in Winter, 19.2) and #60 Maurice of
Saxony (arrival on turn 6, 8.2; the event turns him)."""

from __future__ import annotations

import copy

import pytest

from rules.core.flow import Game
from rules.hereistand import forces as fx
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import give, ids, log_after, play, setup, to_impulse


@pytest.fixture(scope="module")
def papal_impulse():
    return to_impulse(setup(), "papacy")


def test_70_charles_bourbon_joins_the_player_until_winter(papal_impulse):
    """#70: the renegade and 3 mercenaries in a space the player controls, or (at war with France) an unoccupied
    space next to Lyon, which the player then controls; he leads the player's units and leaves in Winter."""
    s = copy.deepcopy(papal_impulse)
    give(s, "papacy", 70)
    s = play(s, "papacy", "event:70")
    offered = ids(s, "papacy")
    assert "arrive:rome" in offered and "arrive:grenoble" in offered      # the Papacy is at war with France
    s, text = log_after(s, "papacy", "arrive:grenoble")
    assert s["control"]["grenoble"] == "papacy" and st.units_at(s, "grenoble", "papacy") == {"mercenary": 3}
    assert fx.army_leaders_at(s, "grenoble", "papacy") == ["renegade"]
    from rules.hereistand.events import prerequisite_refusal
    give(s, "hapsburg", 70)
    assert prerequisite_refusal(s, "hapsburg", "70") == "Charles Bourbon is already in play"
    assert "only after the Schmalkaldic League" in prerequisite_refusal(s, "protestant", "70")
    from rules.hereistand.events_leaders import renegade_leaves
    renegade_leaves(Game(ENGINE, s))
    assert "renegade" not in s["leaders"] and st.units_at(s, "grenoble", "papacy") == {"mercenary": 3}
    assert "renegade" not in s.get("leader_sides", {})


def test_60_maurice_of_saxony_arrives_then_changes_sides(papal_impulse):
    """8.2: Maurice enters on turn 6 in a Protestant-controlled electorate; #60: played by the other side, he goes
    to a fortified space it controls, his stack's mercenaries replaced by its own."""
    from rules.hereistand.events_leaders import maurice_arrives
    s = copy.deepcopy(papal_impulse)
    s["control"]["wittenberg"] = "protestant"
    s["turn"] = 6
    maurice_arrives(Game(ENGINE, s))
    assert s["leaders"]["maurice-of-saxony"] == "wittenberg" and s["maurice_arrived"]
    s["units"]["wittenberg"]["protestant"]["mercenary"] = 2
    s["impulse"] = None
    s["turn"] = 1
    from rules.hereistand.events import prerequisite_refusal
    assert prerequisite_refusal(s, "protestant", "60") == "Maurice of Saxony already fights for you"
    s2 = to_impulse(setup(), "hapsburg")
    s2["leaders"]["maurice-of-saxony"] = "wittenberg"
    s2["units"]["wittenberg"]["protestant"]["mercenary"] = 2
    give(s2, "hapsburg", 60)
    s2 = play(s2, "hapsburg", "event:60")
    s2 = play(s2, "hapsburg", "to:vienna")
    assert s2["leaders"]["maurice-of-saxony"] == "vienna" and fx.leader_power("maurice-of-saxony", s2) == "hapsburg"
    assert "maurice-of-saxony" in fx.army_leaders_at(s2, "vienna", "hapsburg")
    assert st.units_at(s2, "vienna", "hapsburg")["mercenary"] >= 2
    assert not st.units_at(s2, "wittenberg", "protestant").get("mercenary")

"""Unrest (rule 12.4): its effects on keys, cards, building and lines of communication, and the 1 CP action
that removes it (the three conditions, no line of communication needed)."""

from __future__ import annotations

from rules.hereistand import siege
from rules.hereistand import state as st
from rules.hereistand.unrest import may_fall, removable

from .test_debate import decision, ids, play, setup, to_impulse


def spending(power, scenario="1517"):
    """`power`'s impulse with a card played for CP (the spend menu open)."""
    s = to_impulse(setup(scenario), power)
    card = next(a for a in ids(s, power) if a.startswith("cp:"))
    s = play(s, power, card)
    assert decision(s) == "spend"
    return s


def test_12_4_unrest_falls_only_where_no_units_stand():
    s = setup()
    assert not may_fall(s, "paris")                          # French units there
    assert may_fall(s, "limoges") and not may_fall(s, "algiers")   # Algiers: out of play before Barbary Pirates
    s["unrest"] = ["limoges"]
    assert not may_fall(s, "limoges")


def test_12_4_a_key_in_unrest_counts_for_neither_vp_nor_cards():
    """12.4 effect 9 (6.2's example: Suleiman with 7 keys, 2 in unrest, draws as with 5)."""
    s = setup()
    france = st.load().power("france")
    keys = len(st.keys_controlled(s, "france"))
    s["unrest"] = ["paris"]
    assert len(st.keys_controlled(s, "france")) == keys - 1
    assert st.vp_breakdown(s, "france")["keys"] == france.base_vp(keys - 1)
    assert st.cards_to_draw(s, "france") == france.base_cards(keys - 1) + st.ruler(s, "france").card_bonus


def test_12_4_no_building_and_no_line_of_communication_through_unrest():
    s = spending("france")
    assert any(a.startswith("build:regular:paris") for a in ids(s, "france"))
    s["unrest"] = ["paris"]
    assert not any(a.startswith("build:") and a.endswith(":paris") for a in ids(s, "france"))
    assert "paris" not in siege.loc_sources(s, "france")


def test_12_4_removal_with_own_land_units_costs_1_cp():
    s = spending("france")
    s["unrest"] = ["paris"]                                   # French regulars stand in Paris (condition 1)
    cp = s["impulse"]["cp"]
    assert "calm:paris" in ids(s, "france")
    s = play(s, "france", "calm:paris")
    assert s["unrest"] == [] and s["impulse"]["cp"] == cp - 1


def test_12_4_removal_from_next_door_needs_no_enemy_adjacent():
    s = spending("france")
    s["unrest"] = ["orleans"]                                 # next to Paris, where the French stand (3)
    assert "paris" in st.load().adjacent("orleans")
    s["units"].pop("lyon", None)
    assert "orleans" in removable(s, "france")
    st.add_units(s, "tours", "independent", "regular")         # an enemy land unit next to the target
    assert "orleans" not in removable(s, "france")
    assert "calm:orleans" not in ids(s, "france")


def test_12_4_protestant_home_space_before_the_league():
    s = setup()
    s["unrest"] = ["wittenberg", "limoges"]
    s["units"].pop("wittenberg", None)
    assert removable(s, "protestant") == ["wittenberg"]        # condition 2: no units needed
    s["league_formed"] = True
    assert removable(s, "protestant") == []
    assert removable(s, "hapsburg") == []                      # nobody else without units near


def test_12_4_effects_5_to_7_unrest_in_attempts_and_religious_vp():
    """12.4 ⑤–⑦: a Protestant neighbour in unrest opens no target; for VP a space in unrest is not Protestant."""
    from rules.hereistand import religion as rl
    s = setup()
    s["religion"] = ["wittenberg"]
    assert "leipzig" in rl.targets(s, "reformation") and rl.reformation_target_refusal(s, "leipzig") is None
    s["unrest"] = ["wittenberg"]
    s["reformers"].pop("luther", None)
    assert "leipzig" not in rl.targets(s, "reformation")
    assert "unrest do not count" in rl.reformation_target_refusal(s, "leipzig")
    s["unrest"] = []
    s["religion"] = list(st.load().home_spaces("england")[:4])            # 4 Protestant English spaces: 2 VP
    vp = st.vp_breakdown(s, "england").get("Protestant English spaces", 0)
    s["unrest"] = s["religion"][:2]
    assert st.vp_breakdown(s, "england").get("Protestant English spaces", 0) == vp - 1
    papal, _ = st.load().religious_struggle_vp(2)
    assert st.vp_breakdown(s, "papacy")["Religious Struggle"] == papal

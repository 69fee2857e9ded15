"""Here I Stand: active minor powers (rule 22.3) — their patron moves their units; Winter return (19.3)."""

from __future__ import annotations

from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand import movement, winter
from rules.hereistand.engine import ENGINE

from .test_winter import example


def venice_in_trent():
    """The 19.3 example (Venice the Hapsburg's active ally) with 2 Venetian regulars out in Trent."""
    s = example()
    for space, owner in list(s["control"].items()):      # 22.2 step 3: the patron controls the minor's spaces
        if owner == "venice":
            s["control"][space] = "hapsburg"
    s["units"].pop("trent", None)
    st.add_units(s, "trent", "venice", "regular", 2)
    return s


def test_22_3_2_an_active_minors_units_winter_in_its_own_home_key_as_if_a_capital():
    s = venice_in_trent()
    assert "venice" in winter.capitals(s, "venice")
    assert "venice" not in winter.capitals(s, "hapsburg")   # 22.3 ②: not for the patron's own units
    assert "venice" in winter.destinations(s, "venice", "trent", 2)
    assert winter.own_fortress(s, "venice", "venice")


def test_22_3_1_the_patron_chooses_where_the_minors_units_winter():
    s = venice_in_trent()
    g = Game(ENGINE, s)
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    g.run()
    asked = []
    while ENGINE.waiting(s)["decision"] in ("winter_volunteers", "winter_move", "winter_units"):
        role = ENGINE.active_roles(s)[0]
        if ENGINE.waiting(s)["decision"] == "winter_volunteers":
            s = ENGINE.apply(s, role, "done").state
            continue
        if s["flow"][-1]["local"].get("power") == "venice":
            asked.append(role)
            s = ENGINE.apply(s, role, "to:venice").state
            continue
        s = ENGINE.apply(s, role, ENGINE.legal_actions(s, role)[0].id).state
    assert asked == ["hapsburg"]
    assert st.land_units_at(s, "trent", "venice") == 0
    assert st.units_at(s, "venice", "venice").get("regular", 0) >= 2


# ---- 22.3 ①: the patron moves, fights and avoids with the minor's units ------------------------------------
from .test_movement import clear_stacks, decision, dice, ottoman_impulse, play, setup, vienna_example  # noqa: E402,F401
from .combat_play import BATTLE_WINDOWS, pass_combat_cards, pass_responses  # noqa: E402


def venetian_ottomans():
    """The 14 example's armies, Venice active as the Ottoman's ally (for the test) with 2 regulars in
    Pressburg; Charles V's army in Graz is gone, so nobody intercepts."""
    s = vienna_example(ottoman_impulse(setup()))
    clear_stacks(s, "graz")
    s["minor_allies"]["venice"] = "ottoman"
    st.add_units(s, "pressburg", "venice", "regular", 2)
    return s


def test_22_3_1_a_formation_mixes_the_patrons_and_its_minors_units_and_attacks_with_them(dice):
    s = venetian_ottomans()
    s = play(s, "ottoman", "move:pressburg:vienna")
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert "ally:venice:regular" in ids
    for pick in ("leader:suleiman", "unit:regular", "unit:regular", "ally:venice:regular", "ally:venice:regular"):
        s = play(s, "ottoman", pick)
    s = play(s, "ottoman", "go")
    assert st.land_units_at(s, "vienna", "venice") == 2 and st.land_units_at(s, "pressburg", "venice") == 0
    while decision(s) in ("avoid", "withdraw"):
        s = play(s, "hapsburg", "pass" if decision(s) == "avoid" else "field")
    assert decision(s) in BATTLE_WINDOWS
    s = pass_responses(s)
    assert s["battle"]["attackers"] == ["ottoman", "venice"]
    dice += [[5, 5, 5, 1, 1, 1], [5, 1, 1, 1]]        # 4 units + Suleiman 2; 2 units + Ferdinand 1 + 1
    s = pass_combat_cards(s)
    while decision(s) == "losses":
        role = ENGINE.active_roles(s)[0]
        s = play(s, role, ENGINE.legal_actions(s, role)[0].id)
    assert not dice
    assert st.land_units_at(s, "vienna", "ottoman") + st.land_units_at(s, "vienna", "venice") == 3   # 1 hit
    assert st.land_units_at(s, "vienna", "hapsburg") == 0
    assert s["sieges"]["vienna"]["besieger"] == "ottoman"           # the patron's siege (15)


def test_22_3_1_a_formation_of_the_minors_units_alone_may_move():
    s = venetian_ottomans()
    s["units"]["pressburg"].pop("ottoman")
    s["leaders"]["suleiman"] = s["leaders"]["ibrahim-pasha"] = "buda"
    assert ("pressburg", "vienna", 1) in movement.move_options(s, "ottoman", 5)
    s = play(s, "ottoman", "move:pressburg:vienna")
    assert [a.id for a in ENGINE.legal_actions(s, "ottoman")] == ["ally:venice:regular", "cancel"]


def test_22_3_1_the_minors_units_avoid_battle_with_their_patron(dice):
    """Hungary-Bohemia, the Hapsburg's ally, in Vienna with Ferdinand: the whole stack avoids together."""
    s = vienna_example(ottoman_impulse(setup()))
    clear_stacks(s, "graz")
    s["minor_allies"]["hungary"] = "hapsburg"
    st.add_units(s, "vienna", "hungary", "regular", 2)
    s = play(s, "ottoman", "move:pressburg:vienna")
    for pick in ("leader:suleiman", "unit:regular", "unit:regular", "go"):
        s = play(s, "ottoman", pick)
    assert decision(s) == "avoid" and ENGINE.active_roles(s) == ["hapsburg"]
    s = play(s, "hapsburg", "avoid:brunn")
    assert "ally:hungary:regular" in [a.id for a in ENGINE.legal_actions(s, "hapsburg")]
    dice += [[5, 4]]                                    # 9 + Ferdinand's 1: success
    s = play(s, "hapsburg", "all")
    assert st.land_units_at(s, "brunn", "hungary") == 2 and st.land_units_at(s, "vienna", "hungary") == 0
    assert st.land_units_at(s, "brunn", "hapsburg") == 2


def test_22_3_1_the_patron_intercepts_with_its_minors_units(dice):
    """13.2 with 22.3 ①: Hungary-Bohemia's 2 regulars in Graz (the Hapsburg's ally) intercept the Ottoman
    moving into Vienna, the Hapsburg deciding; 9 on 2d6 succeeds."""
    s = vienna_example(ottoman_impulse(setup()))
    clear_stacks(s, "graz")
    s["minor_allies"]["hungary"] = "hapsburg"
    st.add_units(s, "graz", "hungary", "regular", 2)
    s = play(s, "ottoman", "move:pressburg:vienna")
    for pick in ("leader:suleiman", "unit:regular", "unit:regular", "go"):
        s = play(s, "ottoman", pick)
    assert decision(s) == "intercept" and ENGINE.active_roles(s) == ["hapsburg"]
    assert "intercept:graz" in [a.id for a in ENGINE.legal_actions(s, "hapsburg")]
    s = play(s, "hapsburg", "intercept:graz")
    assert decision(s) == "intercept_formation"
    assert "ally:hungary:regular" in [a.id for a in ENGINE.legal_actions(s, "hapsburg")]
    dice += [[5, 4]]
    s = play(s, "hapsburg", "strongest")
    assert not dice
    assert st.land_units_at(s, "vienna", "hungary") == 2 and st.land_units_at(s, "graz", "hungary") == 0

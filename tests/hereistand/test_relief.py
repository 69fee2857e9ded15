"""Here I Stand: relief forces (15.2) — Charles V relieves Vienna besieged by the Ottoman."""

from __future__ import annotations

from rules.hereistand import state as st

from .test_movement import ENGINE, clear_stacks, decision, dice, ottoman_impulse, play, setup  # noqa: F401
from .combat_play import pass_combat_cards


def besieged_vienna():
    """Vienna: 2 Hapsburg regulars and Ferdinand besieged by 5 Ottoman regulars; Charles V and 8 regulars
    in Graz; the Ottoman passes its impulse and the Hapsburg plays a card."""
    s = ottoman_impulse(setup())
    clear_stacks(s, "vienna", "graz", "pressburg", "linz", "brunn")
    s["control"].update(pressburg="ottoman")
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s["units"]["vienna"] = {"hapsburg": {"regular": 2}, "ottoman": {"regular": 5}}
    s["units"]["graz"] = {"hapsburg": {"regular": 8}}
    s["leaders"].update({"ferdinand": "vienna", "charles-v": "graz"})
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s = play(s, "ottoman", "done")
    card = next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("cp:"))
    s = play(s, "hapsburg", card)
    s = play(s, "hapsburg", "move:graz:vienna")
    s = play(s, "hapsburg", "leader:charles-v")
    for _ in range(8):
        s = play(s, "hapsburg", "unit:regular")
    s = play(s, "hapsburg", "go")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    return s


def test_15_2_the_besieged_join_the_relief_and_the_besiegers_are_driven_off(dice):
    """15.2 outcome 1: the relief wins; the besiegers retreat and the siege ends."""
    s = besieged_vienna()
    assert decision(s) == "relief_join" and ENGINE.active_roles(s) == ["hapsburg"]
    s = play(s, "hapsburg", "join")
    dice += [[5, 5, 5] + [1] * 9, [5] + [1] * 5]     # 10 units + Charles V 2 = 12; Ottoman 5 + 1 = 6
    s = pass_combat_cards(s)
    assert "vienna" not in s["sieges"]
    assert st.land_units_at(s, "vienna", "ottoman") == 0 and st.land_units_at(s, "pressburg", "ottoman") == 2
    assert st.land_units_at(s, "vienna", "hapsburg") == 9


def test_15_2_fewer_hits_the_relievers_retreat_and_those_inside_stay(dice):
    """15.2 outcome 3: the besieged stayed out; the relief scores fewer hits: the relievers retreat to
    Graz, the 2 regulars inside stay besieged."""
    s = besieged_vienna()
    s = play(s, "hapsburg", "stay")
    dice += [[5] + [1] * 9, [5, 5, 5, 1, 1, 1]]        # 8 + 2 = 10 dice (the 2 inside stay out); 6 dice
    s = pass_combat_cards(s)
    assert st.units_at(s, "graz", "hapsburg") == {"regular": 5} and s["leaders"]["charles-v"] == "graz"
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 2}
    assert s["sieges"]["vienna"]["besieger"] == "ottoman" and st.land_units_at(s, "vienna", "ottoman") == 4


def test_15_2_equal_hits_the_relief_side_may_withdraw_up_to_four_inside(dice):
    """15.2 outcome 2: equal hits (the relief, attacking, loses): relievers may go inside up to 4 land units
    in all (2 already there: 2 more), the rest retreat."""
    s = besieged_vienna()
    s = play(s, "hapsburg", "stay")
    dice += [[5, 5] + [1] * 8, [5, 5, 1, 1, 1, 1]]
    s = pass_combat_cards(s)
    assert decision(s) == "relief_shelter"
    s = play(s, "hapsburg", "inside")
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 4}
    assert st.units_at(s, "graz", "hapsburg") == {"regular": 4}

"""Here I Stand: choices the owning power makes rather than the engine — the assaulting formation (15.1),
the units sheltering inside after a lost battle (14.1), the relievers going inside (15.2)."""

from __future__ import annotations

from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_movement import decision, dice, play, setup  # noqa: F401
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)
from .combat_play import out_of_play, pass_combat_cards, pass_responses


def belgrade_siege(units):
    s = setup()
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    while decision(s) == "deploy":
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    s["units"]["belgrade"] = {"hungary": {"regular": 1}, **units}
    s["sieges"]["belgrade"] = {"besieger": "ottoman", "inside": ["hungary"], "new": False}
    s = play(s, "ottoman", "cp:1")
    return play(s, "ottoman", "assault:belgrade")


def test_15_1_the_besieger_picks_the_assaulting_formation_with_its_minors_units(dice):
    """15.1 step 2, 22.3 ①: 7 units and no leader, 4 may assault; the Ottoman takes 2 Venetian (its ally
    here) and 2 of its regulars, leaving its cavalry out: 4 foot against defenders roll 2 dice."""
    s = belgrade_siege({"ottoman": {"regular": 3, "cavalry": 2}, "venice": {"regular": 2}})
    s["minor_allies"]["venice"] = "ottoman"
    out_of_play(s, "28", "35")                              # no Siege Mining nor Siege Artillery windows
    s = pass_responses(s)                                   # 15.1 step 2: response cards, then the formation
    assert decision(s) == "assault_formation"
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert {"standard", "unit:venice:regular", "unit:ottoman:cavalry"} <= set(ids) and "go" not in ids
    dice += [[5, 1], [1, 1]]                                # 2 dice for 1 hit; Hungary 1 + 1 = 2 dice, no hit
    for pick in ("unit:venice:regular", "unit:venice:regular", "unit:ottoman:regular"):
        s = play(s, "ottoman", pick)
    out = ENGINE.apply(s, "ottoman", "unit:ottoman:regular")
    # 5.1: four at most, so "go" is all that is left and the engine assaults (issue 33)
    assert [(r, a) for r, a in out.automatic] == [("ottoman", "assault_formation")]
    s = out.state
    assert not dice
    assert s["control"]["belgrade"] == "ottoman" and "belgrade" not in s["sieges"]


def test_15_1_no_question_when_every_unit_fits(dice):
    s = belgrade_siege({"ottoman": {"regular": 3}})
    dice += [[5, 1], [1, 1]]
    s = pass_combat_cards(s)
    assert not dice and decision(s) != "assault_formation"


def test_14_1_the_loser_picks_which_units_shelter_inside_when_only_some_fit(dice):
    """14.1: 3 regulars and 2 mercenaries beaten in Vienna, room for 4: the Hapsburg puts both mercenaries
    and 2 regulars inside; the last regular retreats to Linz."""
    from .test_movement import clear_stacks, ottoman_impulse, vienna_example
    s = vienna_example(ottoman_impulse(setup()))
    clear_stacks(s, "graz")
    st.add_units(s, "vienna", "hapsburg", "regular", 2)
    st.add_units(s, "vienna", "hapsburg", "mercenary", 2)
    s = play(s, "ottoman", "move:pressburg:vienna")
    for pick in ("leader:suleiman", *["unit:regular"] * 5, "go"):
        s = play(s, "ottoman", pick)
    if decision(s) == "avoid":
        s = play(s, "hapsburg", "pass")
    dice += [[5, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1]]     # 5 + Suleiman 2; 6 + Ferdinand 1 + 1
    s = pass_combat_cards(s)
    s = play(s, "hapsburg", "lose:regular")
    assert not dice and decision(s) == "retreat"
    s = play(s, "hapsburg", "inside")
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["in:regular", "in:mercenary"]
    for kind in ("mercenary", "mercenary", "regular", "regular"):
        s = play(s, "hapsburg", f"in:{kind}")
    s = play(s, "hapsburg", "to:linz")
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 2, "mercenary": 2}
    assert st.units_at(s, "linz", "hapsburg").get("regular") == 1 + (st.units_at(setup(), "linz", "hapsburg")
                                                                      .get("regular", 0))
    assert s["sieges"]["vienna"] == {"besieger": "ottoman", "inside": ["hapsburg"], "new": True}


def test_15_2_the_relief_side_picks_which_relievers_go_inside(dice):
    """15.2 outcome 2 (equal hits): 4 regulars and 2 cavalry relievers, room for 2: the Hapsburg puts a
    cavalry and a regular inside; the rest go back to Graz."""
    from .test_movement import clear_stacks, ottoman_impulse
    s = ottoman_impulse(setup())
    clear_stacks(s, "vienna", "graz", "pressburg", "linz", "brunn")
    s["control"].update(pressburg="ottoman")
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s["units"]["vienna"] = {"hapsburg": {"regular": 2}, "ottoman": {"regular": 5}}
    s["units"]["graz"] = {"hapsburg": {"regular": 6, "cavalry": 2}}
    s["leaders"].update({"ferdinand": "vienna", "charles-v": "graz"})
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": False}
    s = play(s, "ottoman", "done")
    s = play(s, "hapsburg", next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("cp:")))
    s = play(s, "hapsburg", "move:graz:vienna")
    for pick in ("leader:charles-v", *["unit:regular"] * 6, "unit:cavalry", "unit:cavalry", "go"):
        s = play(s, "hapsburg", pick)
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    s = play(s, "hapsburg", "stay")
    dice += [[5, 5] + [1] * 8, [5, 5, 1, 1, 1, 1]]          # 8 + Charles V 2; Ottoman 5 + 1: 2 hits each
    s = pass_combat_cards(s)
    s = play(play(s, "hapsburg", "lose:regular"), "hapsburg", "lose:regular")
    assert not dice and decision(s) == "relief_shelter"
    s = play(s, "hapsburg", "inside")
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["in:regular", "in:cavalry"]
    s = play(play(s, "hapsburg", "in:cavalry"), "hapsburg", "in:regular")
    assert st.units_at(s, "vienna", "hapsburg") == {"regular": 3, "cavalry": 1}
    assert st.units_at(s, "graz", "hapsburg") == {"regular": 3, "cavalry": 1}

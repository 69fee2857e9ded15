"""Here I Stand: choices the owning power makes rather than the engine — the assaulting formation (15.1),
the units sheltering inside after a lost battle (14.1), the relievers going inside (15.2)."""

from __future__ import annotations

from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_movement import decision, dice, play, setup  # noqa: F401


def belgrade_siege(units):
    s = setup()
    s = play(play(s, "england", "done"), "england", "done")
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
    s = play(s, "ottoman", "pass")                          # the combat-card window
    assert decision(s) == "assault_formation"
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert {"standard", "unit:venice:regular", "unit:ottoman:cavalry"} <= set(ids) and "go" not in ids
    for pick in ("unit:venice:regular", "unit:venice:regular", "unit:ottoman:regular", "unit:ottoman:regular"):
        s = play(s, "ottoman", pick)
    assert not any(a.id.startswith("unit:") for a in ENGINE.legal_actions(s, "ottoman"))    # 5.1: 4 at most
    dice += [[5, 1], [1, 1]]                                # 2 dice for 1 hit; Hungary 1 + 1 = 2 dice, no hit
    s = play(s, "ottoman", "go")
    assert not dice
    assert s["control"]["belgrade"] == "ottoman" and "belgrade" not in s["sieges"]


def test_15_1_no_question_when_every_unit_fits(dice):
    s = belgrade_siege({"ottoman": {"regular": 3}})
    dice += [[5, 1], [1, 1]]
    s = play(s, "ottoman", "pass")
    assert not dice and decision(s) != "assault_formation"

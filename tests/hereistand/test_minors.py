"""Here I Stand: minor powers (rule 22) — inactive minors fight and stand fast (22.1), activation with
its free declaration of war (22.2), the defeat of Hungary-Bohemia (22.5)."""

from __future__ import annotations

from rules.hereistand import state as st

from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .test_siege import decision, play, setup
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)
from .combat_play import BATTLE_WINDOWS, pass_combat_cards


def to_ottoman_impulse(s):
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    while decision(s) == "deploy":
        s = play(s, ENGINE_roles(s), "skip")
    return s


def ENGINE_roles(s):
    from rules.hereistand.engine import ENGINE
    return ENGINE.active_roles(s)[0]


def besiege_belgrade(s, buda_regulars):
    s["units"]["belgrade"] = {"hungary": {"regular": 1}, "ottoman": {"regular": 3}}
    s["units"]["buda"] = {"hungary": {"regular": buda_regulars}}
    s["sieges"]["belgrade"] = {"besieger": "ottoman", "inside": ["hungary"], "new": False}
    return s


def test_22_5_taking_a_key_with_four_hungarian_regulars_left_defeats_hungary(dice):
    """22.5 condition 2 and effects 1-5: the Ottoman takes Belgrade with at most 4 Hungarian regulars left
    on the map: the Hapsburg (allied with the Ottoman this turn) is at war with it at once, Hungary-Bohemia
    becomes the Hapsburg's ally for good (its spaces Hapsburg-controlled, 22.2), besieged Hungarian units
    are eliminated, and the Ottoman gains 2 VP."""
    s = besiege_belgrade(to_ottoman_impulse(setup()), buda_regulars=2)   # 1 + 2 + Prague 1 = 4
    s["alliances"] = [["hapsburg", "ottoman"]]
    s["units"]["prague"] = {"hungary": {"regular": 1}, "ottoman": {"regular": 2}}
    s["sieges"]["prague"] = {"besieger": "ottoman", "inside": ["hungary"], "new": True}
    vp = st.victory_points(s, "ottoman")
    s = play(play(s, "ottoman", "cp:1"), "ottoman", "assault:belgrade")
    dice += [[5, 1], [1, 2]]                 # 3 regulars / 2 -> 2 dice; Hungary 1 + 1 = 2 dice
    s = pass_combat_cards(s)
    assert s["control"]["belgrade"] == "ottoman"
    assert s["hungary_defeated"] and s["minor_allies"]["hungary"] == "hapsburg"
    assert ["hapsburg", "ottoman"] in s["wars"] and ["hapsburg", "ottoman"] not in s["alliances"]
    assert ["hungary", "ottoman"] not in s["wars"] and st.enemies(s, "ottoman", "hungary")
    assert s["control"]["prague"] == "ottoman" and "prague" not in s["sieges"]          # effects 3-4
    assert st.land_units_at(s, "prague", "hungary") == 0
    assert s["control"]["buda"] == "hapsburg" and s["control"]["szegedin"] == "hapsburg"  # 22.2 steps 3-4
    assert s["bonus_vp"]["ottoman"] == 2
    assert st.victory_points(s, "ottoman") > vp


def test_22_5_not_while_more_than_four_hungarian_regulars_remain(dice):
    s = besiege_belgrade(to_ottoman_impulse(setup()), buda_regulars=5)
    s = play(play(s, "ottoman", "cp:1"), "ottoman", "assault:belgrade")
    dice += [[5, 1], [1, 2]]
    s = pass_combat_cards(s)
    assert s["control"]["belgrade"] == "ottoman"
    assert not s["hungary_defeated"] and s["minor_allies"]["hungary"] is None
    assert ["hungary", "ottoman"] in s["wars"]


def test_22_1_five_inactive_minor_units_fight_and_the_beaten_stand_fast(dice):
    """22.1 4: with 5 or more units an inactive minor fights a field battle; beaten, it does not retreat:
    up to 4 units go inside, the rest are eliminated, and the winner lays siege."""
    s = to_ottoman_impulse(setup())
    s["units"]["pressburg"] = {"ottoman": {"regular": 6}}
    s["leaders"]["suleiman"] = "pressburg"
    s = play(play(s, "ottoman", "cp:1"), "ottoman", "move:pressburg:buda")
    s = play(s, "ottoman", "leader:suleiman")
    for _ in range(6):
        s = play(s, "ottoman", "unit:regular")
    s = play(s, "ottoman", "go")
    assert decision(s) in BATTLE_WINDOWS          # no withdrawal offered: 5 units stay in the field
    dice += [[6, 6, 5, 1, 1, 1, 1, 1], [5, 1, 1, 1, 1, 1]]   # 6 + Suleiman 2; Hungary 5 + 1
    s = pass_combat_cards(s)
    assert st.land_units_at(s, "buda", "ottoman") == 5
    assert st.land_units_at(s, "buda", "hungary") == 2                   # 5 - 3 hits, all inside
    assert s["sieges"]["buda"]["inside"] == ["hungary"] and s["sieges"]["buda"]["besieger"] == "ottoman"


def test_22_1_beaten_inactive_minor_keeps_four_inside_and_loses_the_rest(dice):
    s = to_ottoman_impulse(setup())
    s["units"]["buda"] = {"hungary": {"regular": 7}}
    s["units"]["pressburg"] = {"ottoman": {"regular": 6}}
    s["leaders"]["suleiman"] = "pressburg"
    s = play(play(s, "ottoman", "cp:1"), "ottoman", "move:pressburg:buda")
    s = play(s, "ottoman", "leader:suleiman")
    for _ in range(6):
        s = play(s, "ottoman", "unit:regular")
    s = play(s, "ottoman", "go")
    dice += [[6, 5, 1, 1, 1, 1, 1, 1], [1] * 8]              # 2 hits to none: Hungary loses with 5 left
    s = pass_combat_cards(s)
    assert st.land_units_at(s, "buda", "hungary") == 4
    assert s["sieges"]["buda"]["inside"] == ["hungary"]


def test_22_2_activation_lets_a_power_at_war_with_the_minor_declare_on_its_new_ally_for_free():
    """22.2: the Papacy intervenes for Venice (9.6 step 5): Venice becomes its ally, the Papacy controls
    Venice's spaces, and France, at war with Venice, may declare war on the Papacy at no cost — declining,
    its units in Venice's spaces go to its nearest fortified space (9.3 step 3)."""
    from rules.core import SetupArgs
    from rules.hereistand.data import MAJORS
    from rules.hereistand.engine import ENGINE
    s = through_theses(ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 3)))
    s["wars"] = sorted(w for w in s["wars"] if "france" not in w or "papacy" not in w) + [["france", "venice"]]
    s["units"]["zara"] = {"france": {"regular": 1}}
    for power in MAJORS:
        s = play(s, power, "done")                                     # no deals
    while decision(s) in ("sue", "ransom"):
        s = play(s, ENGINE_roles(s), "done")
    s = play(s, "ottoman", "done")
    s = play(play(s, "hapsburg", "war:venice"), "hapsburg", "done")
    for power in ("england", "france", "papacy", "protestant"):
        s = play(s, power, "done")
    s = play(s, "papacy", "intervene")
    for power in ("hapsburg", "papacy"):
        while decision(s) == "pay_war" and ENGINE.active_roles(s) == [power]:
            s = play(s, power, ENGINE.legal_actions(s, power)[-1].id)
    assert decision(s) == "activation_war" and ENGINE.active_roles(s) == ["france"]
    assert s["minor_allies"]["venice"] == "papacy"
    s = play(s, "france", "decline")
    assert decision(s) == "displace_to" and ENGINE.active_roles(s) == ["france"]   # capital or nearest fortress
    s = play(s, "france", ENGINE.legal_actions(s, "france")[0].id)
    assert st.land_units_at(s, "zara", "france") == 0
    assert s["control"]["venice"] == "papacy" and s["control"]["zara"] == "papacy"
    assert not any("venice" in w for w in s["wars"]) and ["hapsburg", "papacy"] in s["wars"]
    assert not st.at_war(s, "france", "papacy")


def test_22_3_the_patron_raises_its_minors_regulars_in_their_home_spaces():
    """22.3 3: France, Scotland's ally, raises a Scottish regular in Edinburgh (2 CP), within Scotland's
    counter mix (4 land units)."""
    from rules.hereistand.engine import ENGINE
    from .test_siege import to_french_impulse
    s = to_french_impulse(setup())
    s["minor_allies"]["scotland"] = "france"
    for space in ("edinburgh", "stirling", "glasgow"):
        s["control"][space] = "france"
    s = play(s, "france", "cp:4")                               # France's home card: 4 CP
    ids = [a.id for a in ENGINE.legal_actions(s, "france")]
    assert "raise:scotland:edinburgh" in ids and "raise:genoa:genoa" not in ids
    s = play(s, "france", "raise:scotland:edinburgh")
    assert st.units_at(s, "edinburgh", "scotland")["regular"] == 4
    assert not any(i.startswith("raise:") for i in [a.id for a in ENGINE.legal_actions(s, "france")])  # 4 of 4

"""Foreign wars (rule 21.7): #110 War in Persia, #92 Revolt in Egypt, #93 Revolt in Ireland — the units and
leader sent, the "−1 Card" marker, building onto the card, the 1 CP battle without the defender's die or
retreat, and the war won with its War Winner VP."""

from __future__ import annotations

from rules.hereistand import state as st
from rules.hereistand.data import load
from rules.hereistand.engine import ENGINE
from rules.hereistand.foreign_wars import wars

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def war_begun(card, power="hapsburg"):
    s = to_impulse(setup("1532"), power)
    give(s, power, card)
    assert f"event:{card}" in ids(s, power)
    return play(s, power, f"event:{card}")


def test_21_7_war_in_persia_the_ottoman_sends_five_units_and_a_leader():
    s = war_begun(110)
    assert decision(s) == "war_units"
    draw = st.cards_to_draw(s, "ottoman")
    total = st.land_units_total(s, "ottoman")
    for _ in range(5):
        s = play(s, "ottoman", next(a for a in ids(s, "ottoman") if a.startswith("send:istanbul:regular")))
    assert wars(s)["110"]["units"] == {"regular": 5} and st.land_units_total(s, "ottoman") == total
    assert decision(s) == "war_leader" and "lead:ibrahim-pasha" in ids(s, "ottoman")
    s = play(s, "ottoman", "lead:ibrahim-pasha")
    assert s["leaders"]["ibrahim-pasha"] == "off" and wars(s)["110"]["leader"] == "ibrahim-pasha"
    assert st.cards_to_draw(s, "ottoman") == draw                # the marker was counted from the start
    s2 = st.initial_state("1532")
    assert st.cards_to_draw(s, "ottoman") == st.cards_to_draw(s2, "ottoman") - 1   # 21.7: "−1 Card"
    assert "event:110" not in ids(s, "hapsburg")                 # not while in effect


def at_war_spending():
    """War in Persia under way (5 regulars and Ibrahim Pasha on the card); the Ottoman's next impulse, with
    its biggest card played for CP."""
    s = war_begun(110)
    while decision(s) == "war_units":
        s = play(s, "ottoman", next(a for a in ids(s, "ottoman") if a.startswith("send:istanbul:regular")))
    s = play(s, "ottoman", "lead:ibrahim-pasha")
    while ENGINE.active_roles(s) != ["ottoman"]:                      # round the table to the Ottoman
        role = ENGINE.active_roles(s)[0]
        acts = ids(s, role)
        s = play(s, role, next((a for a in acts if a.startswith("cp:")), "done" if "done" in acts else acts[0]))
    best = max((a for a in ids(s, "ottoman") if a.startswith("cp:")), key=lambda a: load().card(int(a[3:])).cp)
    return play(s, "ottoman", best)


def test_21_7_the_battle_has_no_defender_die_and_the_war_is_won(dice):
    from .combat_play import out_of_play
    s = out_of_play(at_war_spending(), "1", "24", "25")       # no combat card to ask for (DECISIONS 976)
    assert "foreign:110" in ids(s, "ottoman")
    cp = s["impulse"]["cp"]
    dice += [[6, 6, 5, 1, 1, 1], [5, 1, 1, 1]]         # 5 units + Ibrahim's 1; the Persians 4 dice, no +1
    s, text = log_after(s, "ottoman", "foreign:110")
    assert "6 dice (5 units + 1 Ibrahim Pasha's battle rating)" in text and "no defender's die" in text
    assert wars(s)["110"]["enemy"] == 1 and wars(s)["110"]["units"] == {"regular": 4}
    assert s["impulse"]["cp"] == cp - 1
    vp = s["war_winner_vp"]["ottoman"]
    men = st.land_units_at(s, "istanbul", "ottoman")
    dice += [[5, 1, 1, 1, 1], [1]]
    s, text = log_after(s, "ottoman", "foreign:110")
    assert "110" not in wars(s) and s["war_winner_vp"]["ottoman"] == vp + 1
    assert st.land_units_at(s, "istanbul", "ottoman") == men + 4 and s["leaders"]["ibrahim-pasha"] == "istanbul"
    assert "wins the war in Persia: 1 War Winner VP" in text


def test_21_7_new_units_go_to_the_card_while_short():
    s = at_war_spending()
    war = wars(s)["110"]
    war["units"] = {"regular": 3}
    s = play(s, "ottoman", "build:cavalry:istanbul")
    assert wars(s)["110"]["units"] == {"regular": 3, "cavalry": 1}


def test_21_7_revolt_in_ireland_france_may_raise_the_irish():
    s = war_begun(93, "france")
    assert decision(s) == "irish_aid"
    before = st.land_units_total(s, "france")
    s = play(s, "france", next(a for a in ids(s, "france") if a.startswith("aid:")))
    assert wars(s)["93"]["enemy"] == 4 and st.land_units_total(s, "france") == before - 1
    assert decision(s) == "war_units" and ENGINE.active_roles(s) == ["england"]


def test_21_7_revolt_in_egypt_three_against_three():
    s = war_begun(92)
    assert wars(s)["92"]["enemy"] == 3 and wars(s)["92"]["power"] == "ottoman"
    for _ in range(3):
        s = play(s, "ottoman", next(a for a in ids(s, "ottoman") if a.startswith("send:")))
    assert sum(wars(s)["92"]["units"].values()) == 3 and decision(s) == "war_leader"



def test_21_7_the_power_picks_its_losses_and_a_lone_leader_comes_home(dice):
    from .combat_play import out_of_play
    s = out_of_play(at_war_spending(), "1", "24", "25")       # no combat card to ask for (DECISIONS 976)
    wars(s)["110"]["units"] = {"regular": 1, "cavalry": 1}
    dice += [[1, 1, 1], [6, 6, 1, 1]]                       # 2 units + Ibrahim's 1; the Persians hit twice
    s = play(s, "ottoman", "foreign:110")
    assert decision(s) == "war_losses" and ids(s, "ottoman") == ["lose:cavalry", "lose:regular"]
    s, text = log_after(s, "ottoman", "lose:cavalry")
    assert wars(s)["110"]["units"] == {} and wars(s)["110"]["enemy"] == 4     # the second loss is forced
    assert wars(s)["110"]["leader"] is None and s["leaders"]["ibrahim-pasha"] == "istanbul"
    assert "foreign:110" not in ids(s, "ottoman")               # nothing left to fight with until it builds

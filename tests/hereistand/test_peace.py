"""Here I Stand: suing for peace (9.3) and ransom of leaders (9.4)."""

from __future__ import annotations

from rules.core import SetupArgs, cards
from rules.hereistand import peace
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)
from tests.support.forced import Moves


def setup(scenario="1517", players=6):
    return through_theses(ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, players)), 1)))


def test_9_3_who_may_sue():
    """9.3: only while the enemy holds one of your spaces or leaders; never in the League's wars."""
    s = setup()
    assert not peace.may_sue(s, "france", "hapsburg")
    s["control"]["dijon"] = "hapsburg"
    assert peace.may_sue(s, "france", "hapsburg")
    assert not peace.may_sue(s, "hapsburg", "france")
    s["leaders"]["duke-of-alva"] = "captured:france"
    assert peace.may_sue(s, "hapsburg", "france")
    s = setup("1532")
    s["control"]["wittenberg"] = "hapsburg"
    assert not peace.may_sue(s, "protestant", "hapsburg")


def suing(s, loser):
    """The Sue decision of `loser` on top of the stack (as in the Diplomacy phase)."""
    s["flow"].append({"name": "sue", "at": 0, "local": {"role": loser}, "ret": None})
    return s


MOVES = Moves(ENGINE)


def play(s, role, action):
    """One scripted move; one the engine made itself as the only choice (issue 33) counts as made."""
    return MOVES.play(s, role, action)


def waiting(s):
    return ENGINE.waiting(s)["decision"]


def test_9_3_peace_terms():
    """9.3 steps 2–4, 8: the sued power wins a War Winner VP (two when the Ottoman is in the war); the loser
    gives back the winner's home spaces, its forces there go to a fortified space of its choice, it removes
    2 units of its choice; the war ends."""
    s = suing(setup(), "hapsburg")
    s["control"]["dijon"] = "hapsburg"
    s["control"]["lyon"] = "hapsburg"
    s["control"]["besancon"] = "france"                       # France holds a Hapsburg space: it may be sued
    st.add_units(s, "lyon", "hapsburg", "regular", 2)
    before = sum(st.land_units_at(s, sp, "hapsburg") for sp in s["units"])
    s = play(s, "hapsburg", "sue:france")
    assert s["war_winner_vp"]["france"] == 1
    assert s["control"]["dijon"] == "france" and s["control"]["lyon"] == "france"
    assert waiting(s) == "displace_to"                         # step 3: capital or nearest fortress, its choice
    options = [a.id for a in ENGINE.legal_actions(s, "hapsburg")]
    assert "to:valladolid" in options and "to:vienna" in options
    s = play(s, "hapsburg", "to:vienna")
    assert st.land_units_at(s, "lyon", "hapsburg") == 0 and st.land_units_at(s, "vienna", "hapsburg") >= 2
    assert waiting(s) == "remove_units"                        # step 4: two units of its choice
    s = play(s, "hapsburg", "remove:naples:squadron")
    s = play(s, "hapsburg", "remove:vienna:regular")
    assert waiting(s) == "peace_returns"
    out = ENGINE.apply(s, "hapsburg", "done")
    s = out.state
    assert sum(st.land_units_at(s, sp, "hapsburg") for sp in s["units"]) == before - 1
    assert not st.at_war(s, "france", "hapsburg") and ["france", "hapsburg"] in s["peace_this_turn"]
    # back to Sue for Peace, where the Hapsburg, at war with nobody now, can only finish: done by the engine
    assert ("hapsburg", "sue") in out.automatic
    s = suing(setup(), "hapsburg")
    s["control"]["graz"] = "ottoman"
    s["wars"].append(["hapsburg", "ottoman"])
    s = play(s, "hapsburg", "sue:ottoman")
    assert s["war_winner_vp"]["ottoman"] == 2


def test_9_3_steps_5_to_7_the_loser_buys_back_keys_leaders_and_spaces():
    """9.3 steps 5–7: France sues the Hapsburg, who holds Lyon (a French key), Dijon and Besançon... and
    Montmorency: each key or leader costs 1 War Winner VP to the winner or 1 random card; other home spaces
    one payment per two. The winner's units in a returned key go to its nearest fortified space."""
    s = suing(setup(), "france")
    for space in ("lyon", "dijon", "orleans"):
        s["control"][space] = "hapsburg"
    st.add_units(s, "lyon", "hapsburg", "regular", 1)
    s["leaders"]["montmorency"] = "captured:hapsburg"
    s = play(s, "france", "sue:hapsburg")
    while waiting(s) == "remove_units":
        s = play(s, "france", ENGINE.legal_actions(s, "france")[0].id)
    assert waiting(s) == "peace_returns"
    ids = [a.id for a in ENGINE.legal_actions(s, "france")]
    assert {"back:key:lyon:vp", "back:key:lyon:card", "back:leader:montmorency:vp", "back:space:dijon:vp"} <= set(ids)
    s = play(s, "france", "back:key:lyon:vp")
    if waiting(s) == "displace_to":
        s = play(s, "hapsburg", ENGINE.legal_actions(s, "hapsburg")[0].id)
    assert s["control"]["lyon"] == "france" and st.land_units_at(s, "lyon", "hapsburg") == 0
    assert s["war_winner_vp"]["hapsburg"] == 2
    hand = len(cards.zone(s, cards.hand("france")))
    s = play(s, "france", "back:leader:montmorency:card")
    assert s["leaders"]["montmorency"] == "paris" and len(cards.zone(s, cards.hand("france"))) == hand - 1
    s = play(s, "france", "back:space:dijon:vp")
    assert "back:space:orleans:free" in [a.id for a in ENGINE.legal_actions(s, "france")]   # the second of two
    s = play(s, "france", "back:space:orleans:free")
    assert s["control"]["dijon"] == "france" and s["control"]["orleans"] == "france"
    assert s["war_winner_vp"]["hapsburg"] == 3
    s = play(s, "france", "done")
    assert not st.at_war(s, "france", "hapsburg")


def test_9_4_ransom_costs_one_random_card_and_the_leader_goes_home():
    s = setup()
    s["leaders"]["montmorency"] = "captured:hapsburg"
    hand = list(cards.zone(s, cards.hand("france")))
    s["flow"].append({"name": "ransom", "at": 0, "local": {"role": "france"}, "ret": None})
    out = ENGINE.apply(s, "france", "ransom:montmorency")
    s = out.state
    assert s["leaders"]["montmorency"] == "paris"
    assert len(cards.zone(s, cards.hand("france"))) == len(hand) - 1
    given = (set(hand) - set(cards.zone(s, cards.hand("france")))).pop()
    assert given in cards.zone(s, cards.hand("hapsburg")) and given != "4"    # never the home card
    private = [e for e in out.log if e.to]
    assert private and set(private[0].to) == {"france", "hapsburg"}
    assert all(given not in e.text for e in out.log if not e.to)


def test_9_5_removing_excommunication_costs_a_random_card_whose_cp_go_to_st_peters():
    """9.5: the Papacy draws a random card from the excommunicated power's hand, adds its CP to St. Peter's
    and discards it; the power may instead stay excommunicated."""
    s = setup("1532")
    s["excommunicated"].append("henry-viii")
    assert st.cards_to_draw(s, "england") == st.cards_to_draw(setup("1532"), "england") - 1
    assert not st.ruler_excommunicated(s, "protestant")            # Luther's is a reformer's (21.5)
    s["flow"].append({"name": "unexcommunicate", "at": 0, "local": {"role": "england"}, "ret": None})
    assert [a.id for a in ENGINE.legal_actions(s, "england")] == ["lift", "done"]
    hand = list(cards.zone(s, cards.hand("england")))
    cp_before = s["tracks"]["st_peters_cp"] + 5 * s["tracks"]["st_peters_vp"]
    s = play(s, "england", "lift")
    gone = (set(hand) - set(cards.zone(s, cards.hand("england")))).pop()
    assert gone in cards.zone(s, "discard") and gone != "3"             # never England's home card
    cp = peace.load().card(int(gone)).cp
    assert s["tracks"]["st_peters_cp"] + 5 * s["tracks"]["st_peters_vp"] == cp_before + cp
    assert "henry-viii" not in s["excommunicated"]

"""Here I Stand: suing for peace (9.3) and ransom of leaders (9.4)."""

from __future__ import annotations

from rules.core import SetupArgs, cards
from rules.core.flow import Game
from rules.hereistand import peace
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE


def setup(scenario="1517", players=6):
    return ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, players)), 1))


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


def test_9_3_peace_terms():
    """9.3 steps 2–4, 8: the sued power wins a War Winner VP (two when the Ottoman is in the war); the loser
    gives back the winner's home spaces, its forces there leave, it removes 2 units; the war ends."""
    s = setup()
    s["control"]["dijon"] = "hapsburg"
    s["control"]["lyon"] = "hapsburg"
    st.add_units(s, "lyon", "hapsburg", "regular", 2)
    before = sum(st.land_units_at(s, sp, "hapsburg") for sp in s["units"])
    peace.make_peace(Game(ENGINE, s), loser="hapsburg", winner="france")
    assert s["war_winner_vp"]["france"] == 1
    assert s["control"]["dijon"] == "france" and s["control"]["lyon"] == "france"
    assert st.land_units_at(s, "lyon", "hapsburg") == 0
    assert sum(st.land_units_at(s, sp, "hapsburg") for sp in s["units"]) == before - 2
    assert not st.at_war(s, "france", "hapsburg") and ["france", "hapsburg"] in s["peace_this_turn"]
    s = setup()
    s["control"]["buda"] = "ottoman"
    s["wars"].append(["hapsburg", "ottoman"])
    peace.make_peace(Game(ENGINE, s), loser="hapsburg", winner="ottoman")
    assert s["war_winner_vp"]["ottoman"] == 2


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

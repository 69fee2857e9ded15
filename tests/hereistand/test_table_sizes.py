"""Every table size plays to the end (issue 30 item 3): what once stopped a random game, with the rule it
broke, and each scenario × player count played to a result."""

import pytest

from rules.core import SetupArgs
from rules.core.flow import Game
from rules.core.fuzz import play_random_game
from rules.hereistand import fleets as nv
from rules.hereistand import harbours, winter
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from .test_winter import example


def test_19_3_an_over_full_fortress_emptied_by_volunteers_is_not_asked_for_units_it_no_longer_has():
    """19.3 step 1 first (volunteers to the capital), then step 2: a fortress holds 4 at most. Ottoman
    Edirne with 5 units must give up 1; once the owner has sent 3 of them to Istanbul as volunteers, none
    need leave (fuzz 1517 seed 1053 stopped here: 'ottoman is active with no legal action')."""
    s = example()
    st.add_units(s, "edirne", "ottoman", "regular", 4 - st.land_units_at(s, "edirne", "ottoman"))
    st.add_units(s, "edirne", "ottoman", "cavalry", 1)
    assert st.land_units_at(s, "edirne", "ottoman") == 5 and winter.own_fortress(s, "ottoman", "edirne")
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    Game(ENGINE, s).run()
    while ENGINE.active_roles(s) != ["ottoman"] or ENGINE.waiting(s)["decision"] != "winter_volunteers":
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        s = ENGINE.apply(s, role, "done" if "done" in ids else ids[0]).state
    for kind in ("regular", "regular", "cavalry"):
        s = ENGINE.apply(s, "ottoman", f"send:edirne:{kind}:istanbul").state
    s = ENGINE.apply(s, "ottoman", "done").state
    assert st.units_at(s, "edirne", "ottoman") == {"regular": 2}
    while ENGINE.waiting(s)["decision"] in ("winter_volunteers", "winter_move", "winter_units"):
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        assert ids, f"{role} is asked with nothing to answer"
        assert not (role == "ottoman" and ENGINE.waiting(s)["decision"] == "winter_units")
        s = ENGINE.apply(s, role, "done" if "done" in ids else ids[0]).state
    assert st.units_at(s, "edirne", "ottoman") == {"regular": 2}


@pytest.mark.parametrize("scenario", ["1517", "1532", "tournament"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_3_every_scenario_and_player_count_plays_to_a_result(scenario, players):
    seed = {3: 31, 4: 42, 5: 53, 6: 64}[players]
    report = play_random_game(ENGINE, scenario, seed, players=players, check_secrets=False, check_every=200)
    assert report.clean, report.problems
    assert report.reason and report.winners


def test_9_2_a_tied_loan_whose_ports_changed_hands_in_the_same_deal_sails_without_asking():
    """9.2 effect 2: lent ships go to the borrower's nearest port, the borrower choosing among equally near
    ones. When the deal's other clauses have since handed all but one of those ports away, the ships sail
    to the one left; with none left they stay (fuzz 1532 seed 1039 stopped on a question with no answer)."""
    s = ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))
    assert harbours.loan_ports(s, "hapsburg", "marseille") == ["barcelona", "cartagena", "palma", "valencia"]
    for port in ("cartagena", "palma", "valencia"):
        s["control"][port] = "france"
    s["flow"].append({"name": "loan_ports", "at": 0, "ret": None,
                      "local": {"queue": [["france", "hapsburg", "marseille", [["france", 1]], []]]}})
    Game(ENGINE, s).run()
    assert ENGINE.waiting(s)["decision"] != "loan_port"
    assert nv.pieces(s, "barcelona", "hapsburg").get(("hapsburg", "loan-france")) == 1
    s = ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))
    for port in [p for p in nv.ports() if nv.own_port(s, "hapsburg", p)]:     # none left at all
        s["control"][port] = "france"
    assert harbours.loan_ports(s, "hapsburg", "marseille") == []
    s["flow"].append({"name": "loan_ports", "at": 0, "ret": None,
                      "local": {"queue": [["france", "hapsburg", "marseille", [["france", 1]], []]]}})
    Game(ENGINE, s).run()
    assert ENGINE.waiting(s)["decision"] != "loan_port"
    assert nv.pieces(s, "marseille", "france").get(("france", "squadron")) == 1

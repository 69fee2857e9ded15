"""Here I Stand: Winter (rule 19.3 return home and attrition), with the rulebook's example."""

from __future__ import annotations

from rules.core import SetupArgs
from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand import winter
from rules.hereistand.data import MAJORS, load
from rules.hereistand.engine import ENGINE
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)


def example():
    """19.3 example: the Papacy, France and the Hapsburg are all at war over Milan; Genoa is France's ally,
    Venice the Hapsburg's."""
    s = through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1)))
    s["wars"] = [["france", "hapsburg"], ["france", "papacy"], ["hapsburg", "papacy"]]
    s["minor_allies"].update(genoa="france", venice="hapsburg")
    for space in ("turin", "milan", "trent", "ravenna", "florence", "genoa", "besancon"):
        s["units"].pop(space, None)
    s["control"].update(turin="hapsburg", geneva="hapsburg", milan="france", modena="hapsburg",
                        florence="papacy", pavia="france")
    # Charles V's road home runs only through Besançon's side: the rest of the way is French.
    for space in ("basel", "strasburg", "metz", "dijon", "grenoble", "zurich", "innsbruck"):
        s["control"][space] = "france"
    st.add_units(s, "turin", "hapsburg", "regular", 4)
    s["leaders"]["charles-v"] = "turin"
    st.add_units(s, "milan", "france", "regular", 5)
    s["leaders"]["montmorency"] = "milan"
    st.add_units(s, "trent", "papacy", "regular", 5)
    st.add_units(s, "ravenna", "papacy", "regular", 2)
    return s


def test_19_3_charles_v_winters_in_besancon_rather_than_lose_two_on_the_way_home():
    s = example()
    assert "besancon" in winter.safe_reach(s, "hapsburg", "turin")
    assert "vienna" not in winter.safe_reach(s, "hapsburg", "turin")
    assert "valladolid" not in winter.safe_reach(s, "hapsburg", "turin")
    options = winter.destinations(s, "hapsburg", "turin", 4)
    assert "besancon" in options and "vienna" in options
    assert winter.arriving(s, "hapsburg", "turin", 4, "vienna") == 2      # 2 lost to attrition
    winter.relocate(Game(ENGINE, s), "hapsburg", "turin", 4, "besancon")
    assert st.units_at(s, "besancon", "hapsburg") == {"regular": 4}
    assert s["leaders"]["charles-v"] == "besancon"


def test_19_3_the_fifth_unit_in_milan_goes_to_paris_by_sea():
    """Montmorency and 4 regulars stay in French Milan; the fifth goes to Paris through Genoa, the Gulf of
    Lyon and Marseille, a safe path."""
    s = example()
    assert winter.destinations(s, "france", "milan", 1) == ["paris"]
    assert "paris" in winter.safe_reach(s, "france", "milan")
    before = st.land_units_at(s, "paris", "france")
    winter.relocate(Game(ENGINE, s), "france", "milan", 1, "paris")
    assert st.land_units_at(s, "milan", "france") == 4 and s["leaders"]["montmorency"] == "milan"
    assert st.land_units_at(s, "paris", "france") == before + 1


def test_19_3_papal_units_in_trent_lose_three_and_go_to_rome_ravenna_or_florence():
    s = example()
    assert not load().space("trent").fortified
    assert winter.destinations(s, "papacy", "trent", 5) == ["rome", "florence", "ravenna"]
    rome = st.land_units_at(s, "rome", "papacy")
    winter.relocate(Game(ENGINE, s), "papacy", "trent", 5, "rome")
    assert st.land_units_at(s, "rome", "papacy") == rome + 2
    assert st.land_units_at(s, "trent", "papacy") == 0
    assert st.land_units_at(s, "ravenna", "papacy") == 2


def test_19_3_winter_runs_for_every_power_in_the_turn():
    """The whole Winter phase: after it no power has land units outside its own fortified spaces."""
    s = example()
    g = Game(ENGINE, s)
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    g.run()
    while ENGINE.waiting(s)["decision"] in ("winter_volunteers", "winter_move", "winter_units"):
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        s = ENGINE.apply(s, role, "done" if "done" in ids else ids[0]).state
    for space, by_power in s["units"].items():
        for power in by_power:
            if power in MAJORS and st.land_units_at(s, space, power):
                assert winter.own_fortress(s, power, space), (power, space)


def test_19_3_the_owner_picks_the_units_leaving_an_over_full_fortress_and_those_lost_to_attrition():
    """19.3: units over 4 in a fortified space leave for the capital, the owner choosing which; off a safe
    path the owner chooses which half (rounded up) are lost."""
    s = example()
    st.add_units(s, "milan", "france", "mercenary", 2)          # 5 regulars + 2 mercenaries: 3 must leave
    s["flow"].append({"name": "winter_units", "at": 0, "ret": None,
                      "local": {"role": "france", "space": "milan", "count": 3, "dest": "paris"}})
    assert sorted(a.id for a in ENGINE.legal_actions(s, "france")) == ["leave:mercenary", "leave:regular"]
    paris = st.units_at(s, "paris", "france").get("regular", 0)
    for _ in range(3):
        s = ENGINE.apply(s, "france", "leave:regular").state
    assert st.units_at(s, "milan", "france") == {"regular": 2, "mercenary": 2}
    assert st.units_at(s, "paris", "france").get("regular", 0) == paris + 3
    s = example()
    st.add_units(s, "trent", "papacy", "mercenary", 1)           # 6 units off a safe path: 3 lost
    s["flow"].append({"name": "winter_units", "at": 0, "ret": None,
                      "local": {"role": "papacy", "space": "trent", "count": 6, "dest": "rome"}})
    rome = st.units_at(s, "rome", "papacy")
    for kind in ("regular", "regular", "regular"):
        s = ENGINE.apply(s, "papacy", f"lose:{kind}").state
    assert st.land_units_at(s, "trent", "papacy") == 0
    assert st.units_at(s, "rome", "papacy").get("mercenary", 0) == rome.get("mercenary", 0) + 1
    assert st.units_at(s, "rome", "papacy").get("regular", 0) == rome.get("regular", 0) + 2

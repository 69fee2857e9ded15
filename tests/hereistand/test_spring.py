"""Here I Stand: Spring Deployment (rule 10), with the rulebook's example."""

from __future__ import annotations

from rules.core import SetupArgs
from rules.hereistand import spring
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)


def setup():
    return through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1)))


def play(s, role, action):
    return ENGINE.apply(s, role, action).state


def decision(s):
    return ENGINE.waiting(s)["decision"]


def example(s):
    """10 example: France controls Genoa, no other power has squadrons in a Gulf of Lyon port, and France
    allied with the Papacy, so Papal Pavia counts as friendly."""
    s["control"].update(genoa="france", pavia="papacy")
    s["units"]["genoa"].pop("genoa", None)
    st.add_units(s, "barcelona", "hapsburg", "squadron", -1)
    s["alliances"] = [["france", "papacy"]]
    s["wars"] = [w for w in s["wars"] if w != ["france", "papacy"]]
    st.add_units(s, "paris", "france", "regular", 2)               # 6 regulars: one more than may sail
    return s


def test_10_example_paris_to_milan_by_the_gulf_of_lyon():
    """10 example: Montmorency and 5 regulars go Paris → Marseille → Gulf of Lyon → Genoa → Pavia → Milan."""
    s = example(setup())
    reach = spring.destinations(s, "france", "paris")
    assert reach["milan"] is True and reach["genoa"] is True and reach["pavia"] is True
    assert reach["lyon"] is False                                   # over land
    s = through_worms(play(play(s, "england", "done"), "england", "done"))
    assert decision(s) == "deploy" and ENGINE.active_roles(s) == ["ottoman"]
    s = play(s, "ottoman", "skip")
    s = play(s, "hapsburg", "skip")
    s = play(s, "england", "skip")
    assert ENGINE.active_roles(s) == ["france"]
    assert "deploy:paris:milan" in [a.id for a in ENGINE.legal_actions(s, "france")]
    s = play(s, "france", "deploy:paris:milan")
    s = play(s, "france", "leader:montmorency")
    for _ in range(5):
        s = play(s, "france", "unit:regular")
    ids = [a.id for a in ENGINE.legal_actions(s, "france")]
    assert not any(i.startswith("unit:") for i in ids)             # 10 ⑥: at most 5 units by sea
    s = play(s, "france", "go")
    assert s["leaders"]["montmorency"] == "milan"
    assert st.units_at(s, "milan", "france")["regular"] == 5 + st.units_at(setup(), "milan", "france").get("regular", 0)
    assert st.units_at(s, "paris", "france")["regular"] == 1


def test_10_no_sea_zone_with_another_powers_squadrons_even_an_allys():
    """10 ⑤: a sea zone with another major power's squadrons in its ports is closed, even to an ally."""
    s = example(setup())
    st.add_units(s, "barcelona", "hapsburg", "squadron", 1)
    assert "milan" not in spring.destinations(s, "france", "paris")
    s = example(setup())
    st.add_units(s, "genoa", "papacy", "squadron", 1)
    assert "milan" not in spring.destinations(s, "france", "paris")


def test_10_no_passes_no_unrest_and_no_protestant_deployment():
    """10 ②④: the path never crosses a pass or a space in unrest; the Protestant has no capital."""
    s = setup()
    reach = spring.destinations(s, "france", "paris")
    assert "turin" not in reach                                     # only over the Alps' passes
    s["unrest"] = ["orleans"]
    assert "orleans" not in spring.destinations(s, "france", "paris")
    assert spring.capitals_with_forces(s, "protestant") == []


def test_10_a_besieged_capital_cannot_deploy():
    """15: besieged units cannot move, so a capital under siege sends no formation."""
    s = setup()
    assert spring.capitals_with_forces(s, "france") == ["paris"]
    s["sieges"]["paris"] = {"besieger": "hapsburg", "inside": ["france"], "new": False}
    assert spring.capitals_with_forces(s, "france") == []

"""Here I Stand: active minor powers (rule 22.3) — their patron moves their units; Winter return (19.3)."""

from __future__ import annotations

from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand import winter
from rules.hereistand.engine import ENGINE

from .test_winter import example


def venice_in_trent():
    """The 19.3 example (Venice the Hapsburg's active ally) with 2 Venetian regulars out in Trent."""
    s = example()
    for space, owner in list(s["control"].items()):      # 22.2 step 3: the patron controls the minor's spaces
        if owner == "venice":
            s["control"][space] = "hapsburg"
    s["units"].pop("trent", None)
    st.add_units(s, "trent", "venice", "regular", 2)
    return s


def test_22_3_2_an_active_minors_units_winter_in_its_own_home_key_as_if_a_capital():
    s = venice_in_trent()
    assert "venice" in winter.capitals(s, "venice")
    assert "venice" not in winter.capitals(s, "hapsburg")   # 22.3 ②: not for the patron's own units
    assert "venice" in winter.destinations(s, "venice", "trent", 2)
    assert winter.own_fortress(s, "venice", "venice")


def test_22_3_1_the_patron_chooses_where_the_minors_units_winter():
    s = venice_in_trent()
    g = Game(ENGINE, s)
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    g.run()
    asked = []
    while ENGINE.waiting(s)["decision"] in ("winter_move", "winter_units"):
        role = ENGINE.active_roles(s)[0]
        if s["flow"][-1]["local"].get("power") == "venice":
            asked.append(role)
            s = ENGINE.apply(s, role, "to:venice").state
            continue
        s = ENGINE.apply(s, role, ENGINE.legal_actions(s, role)[0].id).state
    assert asked == ["hapsburg"]
    assert st.land_units_at(s, "trent", "venice") == 0
    assert st.units_at(s, "venice", "venice").get("regular", 0) >= 2

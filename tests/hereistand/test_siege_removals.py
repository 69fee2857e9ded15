"""Here I Stand 15.3 when an event or a peace takes besiegers off the map: the siege is broken once the besiegers
left are no more than the units inside (issue 24, DECISIONS 982), as it is when they move away. Each test
builds a siege that still outnumbers, takes some besiegers away and checks the siege broken and the rest gone."""

from __future__ import annotations

import copy

import pytest

from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from rules.hereistand.events_leaders import MAURICE

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse
from .test_peace import suing


@pytest.fixture(scope="module")
def ottoman_impulse():
    return to_impulse(setup("1532"), "ottoman")


def besieged_buda(s, **hapsburg):
    """Buda held by 1 Ottoman regular, besieged by the Hapsburg units given; Pressburg (Hapsburg) is the one
    space its besiegers may fall back to."""
    s = copy.deepcopy(s)
    s["units"]["buda"] = {"ottoman": {"regular": 1}, "hapsburg": dict(hapsburg)}
    s["control"]["buda"] = "ottoman"
    s["sieges"]["buda"] = {"besieger": "hapsburg", "inside": ["ottoman"], "new": False}
    return s


def broken_and_gone(s, text, space="buda", besieger="hapsburg"):
    assert space not in s["sieges"] and "The siege of" in text and "is broken." in text
    assert besieger not in s["units"].get(space, {})


def test_15_3_106_unpaid_mercenaries_break_the_siege_they_leave(ottoman_impulse):
    """15.3 and #106 Unpaid Mercenaries: 1 regular and 2 mercenaries besiege 1 regular; the mercenaries go and
    the regular left (1 against 1) no longer outnumbers: the siege is broken and it falls back to Pressburg.
    Before, the siege went on with 1 besieger against 1."""
    s = besieged_buda(ottoman_impulse, regular=1, mercenary=2)
    pressburg = st.units_at(s, "pressburg", "hapsburg").get("regular", 0)
    give(s, "ottoman", 106)
    s, text = log_after(s, "ottoman", "event:106")
    if decision(s) == "unpaid_pick":
        s, more = log_after(s, "ottoman", "unpaid:buda:hapsburg")
        text += " " + more
    broken_and_gone(s, text)
    assert st.units_at(s, "pressburg", "hapsburg").get("regular", 0) == pressburg + 1
    assert ENGINE.invariant_errors(s) == []


def test_15_3_106_a_siege_still_outnumbering_goes_on(ottoman_impulse):
    """15.3: 2 regulars left against 1 inside still outnumber: the siege goes on."""
    s = besieged_buda(ottoman_impulse, regular=2, mercenary=2)
    give(s, "ottoman", 106)
    s = play(s, "ottoman", "event:106")
    if decision(s) == "unpaid_pick":
        s = play(s, "ottoman", "unpaid:buda:hapsburg")
    assert s["sieges"]["buda"]["besieger"] == "hapsburg" and st.units_at(s, "buda", "hapsburg") == {"regular": 2}


def test_15_3_107_unsanitary_camp_breaks_the_siege_of_its_camp(ottoman_impulse):
    """15.3 and #107 Unsanitary Camp: 3 Hapsburg regulars besieging 2 Ottoman regulars lose a third (1): 2 against
    2, the siege is broken once the losses are taken, the 2 left fall back to Pressburg."""
    s = besieged_buda(ottoman_impulse, regular=3)
    s["units"]["buda"]["ottoman"]["regular"] = 2
    give(s, "ottoman", 107)
    s, text = log_after(s, "ottoman", "event:107")
    s, more = log_after(s, "ottoman", "camp:buda:hapsburg")      # the lone regular lost: the engine takes it
    broken_and_gone(s, text + " " + more)
    assert ENGINE.invariant_errors(s) == []


def test_107_unsanitary_camp_a_passed_deadline_takes_the_first_camp_listed(ottoman_impulse):
    """#107's pick has a default for a passed deadline, as every pick event: the first camp listed (by space,
    then power), as the others take their first candidate (DECISIONS 983). Before, it had none."""
    s = besieged_buda(ottoman_impulse, regular=3)
    give(s, "ottoman", 107)
    s = play(s, "ottoman", "event:107")
    assert decision(s) == "camp_pick"
    default = ENGINE.default_action(s, "ottoman")
    assert default is not None and default == ids(s, "ottoman")[0] == min(ids(s, "ottoman"))
    play(s, "ottoman", default)                                   # a legal answer: taken without refusal


def test_15_3_87_mercenaries_demand_pay_refused_breaks_the_siege(ottoman_impulse):
    """15.3 and #87 Mercenaries Demand Pay: the Hapsburg pays nothing, every one of its mercenaries leaves, and
    the regular left besieging Buda (1 against 1) falls back to Pressburg."""
    s = besieged_buda(ottoman_impulse, regular=1, mercenary=2)
    give(s, "ottoman", 87)
    s, text = log_after(s, "ottoman", "event:87")
    if decision(s) == "pay_target":
        s, more = log_after(s, "ottoman", "target:hapsburg")
        text += " " + more
    assert decision(s) == "pay_mercenaries" and ENGINE.active_roles(s) == ["hapsburg"]
    s, more = log_after(s, "hapsburg", "refuse")
    broken_and_gone(s, text + " " + more)
    assert ENGINE.invariant_errors(s) == []


def test_15_3_87_each_mercenary_lost_is_checked_at_once(ottoman_impulse):
    """15.3 and #87 paid with a 1-CP card (Landsknechts: 2 kept of 5, so 3 go, the Hapsburg choosing): the first
    lost in Buda leaves 1 regular and 2 mercenaries against 2 inside (the siege goes on), the second 2 against
    2: broken at once, they fall back to Pressburg, and the third is still asked for."""
    s = besieged_buda(ottoman_impulse, regular=1, mercenary=3)
    s["units"]["buda"]["ottoman"]["regular"] = 2
    for sp in list(s["units"]):                             # the Hapsburg's other mercenaries: 2 in Vienna alone
        if sp != "buda":
            s["units"][sp].get("hapsburg", {}).pop("mercenary", None)
    s["units"]["vienna"]["hapsburg"]["mercenary"] = 2
    give(s, "ottoman", 87)
    give(s, "hapsburg", 33)
    s = play(s, "ottoman", "event:87")
    if decision(s) == "pay_target":
        s = play(s, "ottoman", "target:hapsburg")
    s = play(s, "hapsburg", "pay:33")
    s = play(s, "hapsburg", "lose:buda")
    assert s["sieges"]["buda"]["besieger"] == "hapsburg"
    s, text = log_after(s, "hapsburg", "lose:buda")
    broken_and_gone(s, text)
    assert st.units_at(s, "pressburg", "hapsburg").get("mercenary") == 1
    assert decision(s) == "unpaid_losses" and ENGINE.active_roles(s) == ["hapsburg"]
    assert ENGINE.invariant_errors(s) == []


def test_15_3_60_maurice_of_saxony_changing_sides_breaks_his_old_sides_siege():
    """15.3 and #60 Maurice of Saxony: Maurice fights for the Protestant with 1 regular and 2 mercenaries
    besieging the Hapsburg's Augsburg, held by 1 regular. The Hapsburg plays the event and takes him to Vienna:
    his stack's mercenaries go with him, the regular left (1 against 1) no longer outnumbers and the siege is
    broken (before, it went on). It falls back where it may (eliminated if nowhere qualifies)."""
    s = to_impulse(setup(), "hapsburg")
    s["leaders"][MAURICE] = "augsburg"
    s["units"]["augsburg"] = {"hapsburg": {"regular": 1}, "protestant": {"regular": 1, "mercenary": 2}}
    s["sieges"]["augsburg"] = {"besieger": "protestant", "inside": ["hapsburg"], "new": False}
    give(s, "hapsburg", 60)
    s, text = log_after(s, "hapsburg", "event:60")
    s, more = log_after(s, "hapsburg", "to:vienna")
    text += " " + more
    if decision(s) == "broken_siege_retreat":                  # more than one space qualifies: it chooses
        s, more = log_after(s, "protestant", ids(s, "protestant")[0])
        text += " " + more
    broken_and_gone(s, text, "augsburg", "protestant")
    assert s["leaders"][MAURICE] == "vienna" and st.units_at(s, "vienna", "hapsburg").get("mercenary", 0) >= 2


def test_15_3_units_removed_at_peace_break_the_siege():
    """15.3 and 9.3 step 4: the Hapsburg sues France and removes 2 units of its choice; taking 1 of its 2
    regulars besieging Lyon (held by 1 French regular) breaks the siege at once."""
    s = suing(setup(), "hapsburg")
    s["control"]["besancon"] = "france"                        # France holds a Hapsburg space: it may be sued
    s["units"]["lyon"] = {"france": {"regular": 1}, "hapsburg": {"regular": 2}}
    s["sieges"]["lyon"] = {"besieger": "hapsburg", "inside": ["france"], "new": False}
    s = play(s, "hapsburg", "sue:france")
    while decision(s) == "displace_to":
        s = play(s, "hapsburg", ids(s, "hapsburg")[0])
    assert decision(s) == "remove_units"
    s, text = log_after(s, "hapsburg", "remove:lyon:regular")
    if decision(s) == "broken_siege_retreat":
        s, more = log_after(s, "hapsburg", ids(s, "hapsburg")[0])
        text += " " + more
    broken_and_gone(s, text, "lyon")


def test_15_3_43_zwingli_dons_armor_kills_a_besieger_and_breaks_the_siege():
    """15.3 and #43 Zwingli Dons Armor: 2 Hapsburg regulars besiege France's Lyon (within 3 spaces of Zurich),
    held by 1 regular; the Protestant destroys one of them and the one left (1 against 1) no longer outnumbers:
    the siege is broken. Before, only the last besieger destroyed ended it."""
    from rules.hereistand import debaters as dbt
    s = setup()
    s["reformers"]["zwingli"] = "zurich"
    dbt.set_status(s, "zwingli", dbt.UNCOMMITTED)
    s = to_impulse(s, "protestant")
    s["units"]["lyon"] = {"france": {"regular": 1}, "hapsburg": {"regular": 2}}
    s["sieges"]["lyon"] = {"besieger": "hapsburg", "inside": ["france"], "new": False}
    give(s, "protestant", 43)
    s = play(s, "protestant", "event:43")
    s, text = log_after(s, "protestant", "kill:lyon:hapsburg:regular")
    if decision(s) == "broken_siege_retreat":
        s, more = log_after(s, "hapsburg", ids(s, "hapsburg")[0])
        text += " " + more
    broken_and_gone(s, text, "lyon")
    assert dbt.status(s, "zwingli") == dbt.REMOVED


def test_15_3_22_4_a_deactivated_minors_units_leave_their_patrons_siege_outnumbered():
    """15.3 and 22.4 step 2 (#69 Auld Alliance, played by England): France and its Scottish ally besiege York
    (1 French and 2 Scottish regulars against 1 English regular); the alliance ends, the Scots go home and the
    French regular left (1 against 1) no longer outnumbers: the siege is broken. Before, it went on."""
    s = to_impulse(setup(), "england")
    give(s, "england", 69)
    s["minor_allies"]["scotland"] = "france"
    s["units"]["york"] = {"england": {"regular": 1}, "france": {"regular": 1}, "scotland": {"regular": 2}}
    s["sieges"]["york"] = {"besieger": "france", "inside": ["england"], "new": False}
    s, text = log_after(s, "england", "event:69")
    if decision(s) == "broken_siege_retreat":
        s, more = log_after(s, "france", ids(s, "france")[0])
        text += " " + more
    assert s["minor_allies"]["scotland"] is None
    broken_and_gone(s, text, "york", "france")
    assert "scotland" not in s["units"]["york"]


def test_15_3_33_landsknechts_eliminating_a_besieger_breaks_the_siege(ottoman_impulse):
    """15.3 and #33 Landsknechts played by the Ottoman as its event (2 mercenaries anywhere eliminated): both
    taken from the Hapsburg's 1 regular and 2 mercenaries besieging Buda leave 1 against 1: broken, the regular
    falls back to Pressburg. Before, the siege went on (and with mercenaries alone it stayed with none)."""
    s = besieged_buda(ottoman_impulse, regular=1, mercenary=2)
    give(s, "ottoman", 33)
    s = play(s, "ottoman", "event:33")
    s, text = log_after(s, "ottoman", "remove:buda:hapsburg")
    assert s["sieges"]["buda"]["besieger"] == "hapsburg"           # 1 regular and 1 mercenary against 1
    s, more = log_after(s, "ottoman", "remove:buda:hapsburg")
    broken_and_gone(s, text + " " + more)
    assert st.units_at(s, "pressburg", "hapsburg").get("regular", 0) >= 1 and decision(s) != "remove_mercenaries"
    assert ENGINE.invariant_errors(s) == []

"""The "pick one from a list" card events declared as `pick_events.PickEvent` (6.1 and each card's text): each
registers its prerequisite, its event and its pick; a real choice is asked, a lone one is answered by the flow
(the pace rule), a list found empty ends the event with its line."""

from __future__ import annotations

import copy

import pytest

from rules.core.flow import Game
from rules.hereistand.engine import ENGINE
from rules.hereistand.events import EVENTS, prerequisite_refusal
from rules.hereistand.pick_events import PickEvent
from rules.hereistand.turn import FLOW

from .test_debate import decision, forced_moves, give, ids, play, setup, to_impulse


@pytest.fixture(scope="module")
def at_impulse():
    return to_impulse(setup(), "papacy")


def test_every_pick_event_registers_its_prerequisite_event_and_pick():
    picks = PickEvent.__subclasses__()
    assert {p.card for p in picks} >= {"7", "60", "66", "70", "87", "89", "91", "95", "103", "104", "105", "106",
                                       "107"}
    for pick in picks:
        assert EVENTS.has(pick.card, "event")
        assert EVENTS.has(pick.card, "prerequisite") == (pick.unplayable is not None), pick.card
        assert isinstance(FLOW.decisions[pick.name], pick)


def test_91_ransom_asks_among_two_and_answers_a_lone_one(at_impulse):
    """#91 Ransom (9.4): two captured leaders make a question with their captors named; with one, the flow
    frees him unasked; with none the card is refused in words."""
    s = copy.deepcopy(at_impulse)
    give(s, "papacy", 91)
    assert prerequisite_refusal(s, "papacy", "91") == "no leader is captured"
    s["leaders"]["montmorency"] = "captured:hapsburg"
    lone = ENGINE.apply(copy.deepcopy(s), "papacy", "event:91")
    assert ("papacy", "free:montmorency") in forced_moves(lone)
    s["leaders"]["charles-brandon"] = "captured:france"
    s = play(s, "papacy", "event:91")
    assert decision(s) == "ransom_pick"
    assert sorted(ids(s, "papacy")) == ["free:charles-brandon", "free:montmorency"]
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "papacy")}
    assert labels["free:montmorency"] == "Montmorency (France, held by Hapsburg)"


def test_87_mercenaries_demand_pay_with_no_other_mercenaries_says_so(at_impulse):
    """#87 (no prerequisite): when no other power has mercenaries the event ends with its line."""
    s = copy.deepcopy(at_impulse)
    for by_power in s["units"].values():
        for power, kinds in by_power.items():
            if power != "papacy":
                kinds.pop("mercenary", None)
    give(s, "papacy", 87)
    out = ENGINE.apply(s, "papacy", "event:87")
    assert "Mercenaries Demand Pay: no other power has mercenaries." in [e.text for e in out.log]
    assert decision(out.state) != "pay_target"


def test_a_pick_whose_list_is_empty_when_it_comes_ends_the_event(at_impulse):
    """A pick reached with nothing left to pick (Ransom with no captured leader) ends instead of asking a
    question with no answer."""
    s = copy.deepcopy(at_impulse)
    assert not any(where.startswith("captured:") for where in s["leaders"].values())
    g = Game(ENGINE, s)
    g.call("ransom_pick", role="papacy")
    g.run()
    assert decision(s) == "impulse"

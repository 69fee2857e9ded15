"""Issue 24: places where the engine departed from the printed rules, each checked against its rule."""

from __future__ import annotations

from tests.oldkingscrown.helpers import blank, run


def test_repopulating_with_none_taken_discards_the_two_rightmost_and_does_not_slide():
    """[Repopulating the Great Road] 1): the slide belongs to "one or more cards were taken"; when none was
    taken the two rightmost cards are discarded *instead* (C), and 2) the deck fills the empty spaces one at
    a time from the rightmost: the two cards left stay where they were."""
    state = blank()
    road = list(state["road"])
    deck = list(state["kdeck"])
    state["taken_from_road"] = False
    run(state, {"task": "road_refill"})
    assert state["kdiscard"][-2:] == [road[3], road[2]]
    assert state["road"] == [road[0], road[1], deck[1], deck[0]]


def test_repopulating_with_a_card_taken_discards_the_rightmost_then_slides():
    """1) (A) the rightmost remaining card is discarded, (B) the others slide right one space at a time into
    the rightmost empty spaces, 2) the deck fills from the rightmost empty space."""
    state = blank()
    road = list(state["road"])
    deck = list(state["kdeck"])
    state["road"][1] = None
    state["taken_from_road"] = True
    run(state, {"task": "road_refill"})
    assert state["kdiscard"][-1] == road[3]
    assert state["road"] == [deck[1], deck[0], road[0], road[2]]

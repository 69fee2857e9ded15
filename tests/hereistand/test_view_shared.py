"""The part of the view every power sees alike (VIEW.md: everything but the hands and the deck's order) is
built from the state without its card zones and kept for the latest positions, so that the secrecy check's
hidden variants (another hand, another deck order) take it instead of building it again (issue 28). These
tests prove that each reader still gets its correct view, that a kept part is never given to a position
whose board differs, and that a caller's view shares nothing with what is kept."""

from __future__ import annotations

from rules.core.fuzz import play_random_game
from rules.hereistand import engine as E
from rules.hereistand.engine import ENGINE

from ..view_parts_support import check_variant_views


def _positions(seed=5, every=9, actions=240):
    positions = []
    play_random_game(ENGINE, "1532", seed, check_secrets=False, players=6, max_actions=actions,
                     on_state=positions.append)
    return positions[::every]


def test_hidden_variants_take_the_kept_part_and_each_reader_gets_its_own_view():
    """Every hidden variant (one power's hand, the deck's order) takes the part kept for its position; every
    reader's view of it is the view built afresh: the owner sees its new hand, the others what they saw."""
    taken, owner_saw_change = check_variant_views(ENGINE, _positions(), ownerless_alike=False)
    assert taken > 50
    assert owner_saw_change > 20


def test_a_position_whose_board_differs_is_not_given_a_kept_part():
    """Rule 23.2's VP and the control of a space: a change to the board (not the cards) builds the part again."""
    state = _positions(every=1, actions=40)[-1]
    shared, _ = ENGINE.view_parts(state, [None])
    space = next(s for s, who in state["control"].items() if who == "ottoman")
    moved = {**state, "control": {**state["control"], space: "hapsburg"}}
    other, own = ENGINE.view_parts(moved, [None])
    assert other is not shared
    assert other["control"][space] == "hapsburg" and shared["control"][space] == "ottoman"
    assert {**other, **own[None]} == ENGINE.view(moved, None)


def test_a_callers_view_shares_nothing_with_the_kept_part():
    state = _positions(every=1, actions=20)[-1]
    view = ENGINE.view(state, "papacy")
    view["control"].clear()
    view["vp"]["papacy"] = -1
    shared, _ = ENGINE.view_parts(state, ["papacy"])
    assert shared["control"] and shared["vp"]["papacy"] >= 0
    assert ENGINE.view(state, "papacy")["control"] == shared["control"]


def test_the_kept_parts_are_few():
    for state in _positions(every=1, actions=60):
        ENGINE.view_parts(state, [None])
    assert len(E._SHARED) <= E._SHARED_KEPT

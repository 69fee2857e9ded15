"""The board every reader sees alike (Public Information; VIEW.md) is built from the public facts alone
(view.public_facts) and kept for the latest positions, so the secrecy check's hidden variants, which differ
only in hidden data, take it instead of building it again (issue 28). These tests prove that each reader
still gets its own correct view, that the board cannot hold a hidden card, and that a kept board is
neither shared with a position whose public facts differ nor changed by a later move."""

from __future__ import annotations

import json

from rules.core.fuzz import play_random_game
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown import view as V
from rules.oldkingscrown.data import KINGDOM

from ..view_parts_support import check_variant_views


def _positions(players=4, seed=3, every=7, **options):
    positions = []
    play_random_game(ENGINE, "standard", seed, check_secrets=False, players=players, options=options,
                     on_state=positions.append)
    return positions[::every]


def _readers(state):
    return [r for seat in state["seats"] for r in seat] + [None]


def _tokens(data) -> set[str]:
    """Every string in JSON data."""
    found: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            found.update(k for k in value if isinstance(k, str))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(data)
    return found


def test_positions_differing_only_in_hidden_data_give_each_reader_its_own_view():
    """For every hidden variant (a hand card swapped, a face-down card, a bid, a dealt Kingdom card, a deck's
    order) the variant takes the board kept for the position, and every reader's view of it is the view
    built afresh for that variant: the owner sees its changed cards, the others what they saw before."""
    shared_taken, owner_saw_change = check_variant_views(ENGINE, _positions(advanced_setup=True))
    assert shared_taken > 50
    assert owner_saw_change > 50


def test_the_board_is_built_from_no_hidden_card():
    """No faction's secret (a hand card, a face-down card, an unplaced bid, a dealt Kingdom card) and no card
    of a deck or of the Kingdom deck is among the public facts the board is built from (but the round's
    modifiers, which name the cards they were played on when those were in sight: one may be back in a
    hand since)."""
    checked = 0
    for players in (1, 2, 4):
        for state in _positions(players=players, seed=players, every=5, advanced_setup=players != 4):
            public = _tokens({**V.public_facts(state), "mods": None})
            for f, p in state["factions"].items():
                hidden = V.secrets(state, f) | set(p["deck"]) | set(p["hand"])
                assert not hidden & public, (f, sorted(hidden & public))
            assert not set(state["kdeck"]) & public
            checked += 1
    assert checked > 100
    assert set(KINGDOM) & public, "the Kingdom cards in play are public"


def test_a_kept_board_is_not_taken_where_a_public_fact_differs():
    state = _positions(every=40)[3]
    readers = _readers(state)
    shared, _ = ENGINE.view_parts(state, readers)
    other = json.loads(json.dumps(state))
    faction = state["order"][0]
    other["factions"][faction]["influence"] += 1
    other_shared, _ = ENGINE.view_parts(other, readers)
    assert other_shared is not shared
    assert other_shared["players"][faction]["influence"] == shared["players"][faction]["influence"] + 1
    assert ENGINE.view_parts(json.loads(json.dumps(state)), readers)[0] is shared


def test_a_kept_board_does_not_change_when_its_position_is_played_on():
    """The board holds copies, not the state's own lists and dicts: a move played in place afterwards (as
    the secrecy check plays its variants' moves) leaves it as it was built."""
    changed = 0
    for state in _positions(every=11):
        readers = _readers(state)
        shared, _ = ENGINE.view_parts(state, readers)
        before = json.dumps(shared, sort_keys=True)
        role = ENGINE.active_roles(state)[0]
        action = ENGINE.legal_actions(state, role)[-1]
        played = json.loads(json.dumps(state))
        shared_again, _ = ENGINE.view_parts(played, readers)
        ENGINE.apply(played, role, action.id, in_place=True)
        changed += ENGINE.view_parts(played, readers)[0] != shared
        assert json.dumps(shared, sort_keys=True) == before == json.dumps(shared_again, sort_keys=True)
    assert changed > 10

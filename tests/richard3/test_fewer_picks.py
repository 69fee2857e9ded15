"""Issue 13 item 4: orders in two picks -- the block, then the destination (1.2, 5.2, 5.3, 5.4) -- with the route
asked only when it matters; the older area-first ids that stored logs hold still replay; and the engine's
cheap ways to validate an id and copy a state agree with the slow ones (issue 10)."""

import json
import pickle
import random

from rules.core import SetupArgs
from rules.core.contract import copy_state

from .helpers import ENGINE, SEATS, bare, do, ids, play_cards


def _derby():
    """York's March and Warwick in Derby, Lancaster's Henry VI in Warwick and Oxford in East Anglia; York is
    Player 1 with 2 AP."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "y-york": "ireland", "l-henry-vi": "warwick",
                  "l-oxford": "east-anglia"})
    return play_cards(state, "Action 2", "Action 2")


def test_1_2_5_2_a_land_move_is_the_block_then_the_destination():
    state = _derby()
    assert {"mv:y-march", "mv:y-warwick", "sail:y-york"} <= set(ids(state, "york"))
    state = do(state, "york", "mv:y-march", "to:chester")
    assert state["blocks"]["y-march"]["loc"] == "chester" and state["act"]["ap"] == 1
    # the rest of Derby's group moves for the same AP (1.2), again in two picks
    assert ids(state, "york") == ["blk:y-warwick", "done"]
    state = do(state, "york", "blk:y-warwick", "to:lincoln")
    assert state["blocks"]["y-warwick"]["loc"] == "lincoln" and state["act"]["ap"] == 1


def test_5_2_the_shortest_route_is_taken_when_the_choice_does_not_matter():
    """Lancaster is one border away and two (via Chester or South Yorks): the direct route is taken."""
    state = _derby()
    state = do(state, "york", "mv:y-march")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["to:lancaster"] == "To Lancaster"
    state = do(state, "york", "to:lancaster")
    assert state["border_use"]["york"] == {"derby|lancaster": 1}


def test_6_3_the_route_is_asked_for_an_attack_since_the_entry_border_matters():
    state = _derby()
    state = do(state, "york", "mv:y-march", "to:warwick")
    assert state["act"]["mode"] == "route"
    assert ids(state, "york") == ["go:chester>warwick", "go:leicester>warwick", "go:warwick", "back"]
    state = do(state, "york", "go:leicester>warwick")
    assert state["contest"]["warwick"]["main"] == "leicester|warwick"


def test_5_21_the_route_is_asked_when_a_route_would_fill_a_border():
    """The red Derby-Lancaster border carries 2 blocks a turn. March crosses it (the direct route, taken for
    York); the next block to Lancaster would close it, so York is asked which way Warwick goes."""
    state = _derby()
    state = do(state, "york", "mv:y-march", "to:lancaster", "blk:y-warwick", "to:lancaster")
    assert state["act"]["mode"] == "route"
    assert set(ids(state, "york")) == {"go:chester>lancaster", "go:lancaster", "go:south-yorks>lancaster", "back"}
    state = do(state, "york", "go:chester>lancaster")
    assert state["border_use"]["york"] == {"derby|lancaster": 1, "chester|derby": 1, "chester|lancaster": 1}


def test_1_2_back_before_anything_moved_returns_to_the_menu_and_spends_nothing():
    state = _derby()
    state = do(state, "york", "mv:y-march", "back")
    assert state["act"]["mode"] == "menu" and state["act"]["ap"] == 2


def test_5_3_a_sea_move_is_the_block_then_the_port():
    state = _derby()
    state = do(state, "york", "sail:y-york")
    dests = [a for a in ids(state, "york") if a.startswith("go:")]
    assert dests and "back" in ids(state, "york")
    state = do(state, "york", "back")
    assert state["act"]["mode"] == "menu"
    state = do(state, "york", "sail:y-york", "go:cornwall")
    assert state["blocks"]["y-york"]["loc"] == "cornwall" and state["act"]["ap"] == 1


def test_5_4_a_recruit_with_one_possible_area_is_one_pick_else_two():
    state = _derby()
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["recruit:y-kent"] == "Recruit Earl of Kent in East Yorks"   # his one shield
    state = do(state, "york", "recruit:y-kent")
    assert state["blocks"]["y-kent"]["loc"] == "east-yorks" and state["act"]["ap"] == 1
    state = do(state, "york", "recruit:y-norfolk")                         # Caernarvon or Glamorgan
    assert set(ids(state, "york")) == {"at:caernarvon", "at:glamorgan", "back"}
    state = do(state, "york", "at:glamorgan")
    assert state["blocks"]["y-norfolk"]["loc"] == "glamorgan" and state["act"]["role"] == "lancaster"


def test_the_older_area_first_ids_still_replay_to_the_same_position():
    """Stored logs hold move:<area>, blk:, go:<path>, sea:<area> and recruit: the engine still accepts them."""
    old = do(_derby(), "york", "move:derby", "blk:y-march", "go:chester", "done", "sea:ireland", "blk:y-york",
             "go:cornwall")
    new = do(_derby(), "york", "mv:y-march", "to:chester", "done", "sail:y-york", "go:cornwall")
    for key in ("blocks", "border_use", "moves", "moved", "contest"):
        assert old[key] == new[key], key
    assert old["act"]["role"] == new["act"]["role"] == "lancaster"     # York's 2 AP are spent


def test_find_action_agrees_with_the_legal_list_and_the_flat_copy_with_pickle():
    """Engine.apply validates ids through a cheap hook and copies blocks record by record: over random games,
    every listed id is found (as the same action), made-up ids are refused, and the copy equals a deep copy."""
    for scenario, seed in (("1460", 3), ("1470", 4), ("1483", 5)):
        chooser = random.Random(seed)
        state = ENGINE.setup(SetupArgs(scenario, SEATS, seed))
        while ENGINE.result(state) is None:
            role = chooser.choice(ENGINE.active_roles(state))
            legal = ENGINE.legal_actions(state, role)
            for a in legal:
                assert ENGINE._find_action(state, role, a.id) == a
            for junk in ("mv:nobody", "move:nowhere", "to:nowhere", "go:derby>x", "recruit:y-york", "sail:"):
                if junk not in {a.id for a in legal}:
                    assert ENGINE._find_action(state, role, junk) is None, junk
            copied = copy_state(state, ENGINE.flat_tables)
            assert copied == pickle.loads(pickle.dumps(state)) and list(copied) == list(state)
            copied["blocks"]["y-york"]["loc"] = "changed"
            assert state["blocks"]["y-york"]["loc"] != "changed"
            state = ENGINE.apply(state, role, chooser.choice(legal).id).state
        assert json.loads(json.dumps(state)) == state

"""The worked example, Four Harbours (tests/support/harbours.py), played through the engine: a secret
simultaneous bid, a reaction window nested two levels inside a raid, a turn-long card modifier, a player
holding two harbours, a harbour leaving the game and a ranked result. Sections cited are the game's own."""

import json

from rules.core import SetupArgs, cards
from rules.core.contract import Result
from tests.support.harbours import ENGINE, ROLES

THREE = (("north", "south"), ("east",), ("west",))


def new_game(hands, seed=5):
    """A game at the first bid with exactly ``hands`` (role -> card ids), the rest back in the deck."""
    state = ENGINE.setup(SetupArgs("standard", THREE, seed))
    zones = state["zones"]
    for role in ROLES:
        zones["deck"].extend(zones[cards.hand(role)])
        zones[cards.hand(role)] = []
    for role, wanted in hands.items():
        for card in wanted:
            cards.move(state, card, "deck", cards.hand(role))
    return state


HANDS = {"north": ["ship3#1", "winds#1", "counter#1"], "east": ["ship1#1", "shield#1", "ship1#2"],
         "south": ["ship2#1", "ship2#2", "ship2#3"], "west": ["ship1#3", "ambush#1", "ship1#4"]}


def play(state, *moves):
    log = []
    for role, action in moves:
        outcome = ENGINE.apply(state, role, action)
        state = outcome.state
        log.extend(outcome.log)
    return state, log


def bid_all(state):
    return play(state, ("north", "bid:ship3#1"), ("east", "bid:ship1#1"), ("south", "bid:ship2#1"),
                ("west", "bid:ship1#3"))


def test_secret_bid_is_private_changeable_until_the_reveal_and_revealed_together():   # §2.2, §2.3
    state = new_game(HANDS)
    east_before = ENGINE.view(state, "east")
    state, log = play(state, ("north", "bid:ship3#1"))
    assert ENGINE.prompt(state, "north").committed and "north" in ENGINE.active_roles(state)
    assert [a.id for a in ENGINE.legal_actions(state, "north")] == ["change"]
    east_after = ENGINE.view(state, "east")
    assert east_after["waiting"]["committed"] == ["north"]
    assert {**east_after, "waiting": None} == {**east_before, "waiting": None}
    assert all("Ship" not in e.text for e in log if e.to is None)
    state, _ = play(state, ("north", "change"), ("north", "bid:winds#1"))
    assert ENGINE.view(state, "north")["mine"]["north"]["picks"] == ["bid:winds#1"]
    outcome = ENGINE.apply(state, "east", "bid:ship1#1")
    assert not outcome.irreversible
    state, log = play(outcome.state, ("south", "bid:ship2#1"))
    last = ENGINE.apply(state, "west", "bid:ship1#3")
    assert last.irreversible
    reveal = [e for e in last.log if e.kind == "reveal"][0]
    assert reveal.to is None and "Fair Winds (2)" in reveal.text
    assert last.state["order"] == ["north", "south", "east", "west"]      # 2 and 2: seat order breaks the tie


def test_raid_opens_a_window_to_all_others_and_an_ambush_opens_a_second_inside_it():   # §3.1, §3.2
    state, _ = bid_all(new_game(HANDS))
    assert ENGINE.active_roles(state) == ["north"]
    state, log = play(state, ("north", "event:winds#1"))                    # §4.1
    assert cards.modifiers(state, "winds") == [{"name": "winds", "until": "turn", "owner": "north", "card": "winds#1"}]
    state, _ = play(state, ("north", "raid:east"))
    asked = ENGINE.active_roles(state)
    assert asked == ["south", "east", "west"]                               # everyone but the raider, at once
    prompts = {r: ENGINE.prompt(state, r) for r in asked}
    assert {p.kind for p in prompts.values()} == {"reaction"} and len({p.text for p in prompts.values()}) == 1
    assert [a.id for a in ENGINE.legal_actions(state, "south")] == ["pass"]   # asked though it holds nothing
    assert [a.id for a in ENGINE.legal_actions(state, "east")] == ["pass", "shield:shield#1"]
    north_sees = ENGINE.view(state, "north")
    state, _ = play(state, ("west", "ambush:ambush#1"), ("east", "pass"))
    assert ENGINE.active_roles(state) == ["south"]                          # west's answer is still secret
    assert ENGINE.view(state, "north")["zones"] == north_sees["zones"]
    state, log = play(state, ("south", "pass"))
    assert [f["name"] for f in state["flow"]] == ["game", "turn", "raid", "responses", "ambush", "counters"]
    assert ENGINE.active_roles(state) == ["north", "south", "east"]         # all but the ambusher, seat order
    state, log = play(state, ("north", "counter:counter#1"), ("east", "pass"), ("south", "pass"))
    texts = [e.text for e in log]
    assert "The ambush by West is countered." in texts
    assert "North takes 3 gold from East." in texts                         # §3.3: 2, +1 for Fair Winds
    assert state["gold"] == {"north": 7, "east": 0, "south": 3, "west": 3}


def test_fair_winds_lasts_until_the_end_of_the_turn_and_an_empty_harbour_leaves():   # §4.1, §5.1
    state, _ = bid_all(new_game(HANDS))
    state, _ = play(state, ("north", "event:winds#1"), ("north", "raid:east"),
                    ("south", "pass"), ("east", "pass"), ("west", "pass"))
    assert cards.modifiers(state, "winds")
    state, log = play(state, ("south", "pass"), ("east", "pass"), ("west", "pass"))
    assert state["turn"] == 2 and cards.modifiers(state, "winds") == []
    assert ENGINE.departed(state) == ["east"] and "east" not in ENGINE.active_roles(state)
    assert "East leaves the game: its harbour is out of gold" in [e.text for e in log]
    assert cards.zone(state, cards.hand("east")) == []


def test_a_player_holding_two_harbours_sees_both_hands_and_no_other():   # §1
    state = new_game(HANDS)
    seen = ENGINE.view_for(state, ["north", "south"])
    assert seen["zones"]["hand:north"] == HANDS["north"] and seen["zones"]["hand:south"] == HANDS["south"]
    assert seen["zones"]["hand:east"] == 3 and seen["zones"]["deck"] == len(cards.zone(state, "deck"))
    state, _ = play(state, ("north", "bid:ship3#1"), ("south", "bid:ship2#2"))
    seen = ENGINE.view_for(state, ["north", "south"])
    assert seen["mine"] == {"north": {"picks": ["bid:ship3#1"]}, "south": {"picks": ["bid:ship2#2"]}}
    assert ENGINE.view(state, "east")["mine"] == {"east": {"picks": []}}


def test_seatings_name_the_pairings_and_the_old_call_still_works():   # §1
    assert [s.id for s in ENGINE.seating_choices("standard", 3)] == ["north-south", "east-west"]
    assert ENGINE.seatings("standard", 3) == [("north", "south"), ("east",), ("west",)]
    assert ENGINE.seatings("standard", 2, None, "neighbours") == [("north", "east"), ("south", "west")]
    assert ENGINE.seatings("standard", 4) == [(r,) for r in ROLES]


def test_defaults_play_to_a_ranked_result():   # §5
    state = ENGINE.setup(SetupArgs("short", THREE, 9))
    while ENGINE.result(state) is None:
        role = next(r for r in ENGINE.active_roles(state) if not ENGINE.prompt(state, r).committed)
        state = ENGINE.apply(state, role, ENGINE.default_action(state, role)).state
    result = ENGINE.result(state)
    assert isinstance(result, Result) and sorted(r for rank in result.ranks for r in rank) == sorted(ROLES)
    assert result.winners == result.ranks[0] and result.scores == state["gold"]
    assert all(result.scores[a] >= result.scores[b] for a, b in zip(result.ranks[0], result.ranks[1]))
    assert json.loads(json.dumps(state)) == state

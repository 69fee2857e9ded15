"""Crown of Roses combat layer: pinning (RB 16.4), battle order and engagements (20.0–20.2), the main body
(20.4), damage (20.5.3), retreat (20.5.4), elimination (20.6.1) and the battle winner (20.7.1)."""

from __future__ import annotations

import pytest

from rules.core.driver import random_moves, setup_args
from rules.crownofroses import board, combat, movement, retreat
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_engine import first_legal, placed, start


def cleared(players=2, scenario="seeds_of_enmity"):
    """A placed position with every block taken off the map, ready for a constructed battle."""
    state = first_legal(start(scenario, players), placed)
    for s in state["blocks"].values():
        if s["status"] == "map":
            s.update(status="inactive", at=None, host=None)
    state["entries"] = {}
    return state


def put(state, block, house, at, strength=None, host=None):
    full = len(combat.data().block(block).steps)
    state["blocks"][block].update(status="map", house=house, at=at, host=host, strength=strength or full)


def battle_frame(state, shire, attacker, defender, sides):
    frame = {"name": "battle", "at": 1, "ret": None,
             "local": {"shire": shire, "houses": [attacker, defender], "heirs": [], "attacker": attacker,
                       "defender": defender, "round": 1, "over": False, "retreated": None, "winner": None, "sides": sides}}
    state["flow"].append(frame)
    return ENGINE.game(state)


def side(main, engaged=None, leader=None, came=None):
    return {"engaged": list(engaged or main), "reinf": [], "main": list(main), "eliminated": [],
            "leader": leader, "from": came}


def test_rb_20_5_3_four_hits_go_to_the_strongest_block_each_time():
    """RB 20.5.3 example: 4 hits against strengths 3, 2, 1, 1 — the 3 becomes 2, then each 2 becomes 1,
    then all are at 1 and the owner chooses."""
    state = cleared()
    for b, n in (("beaumont", 3), ("ormonde", 2), ("devon", 1), ("arundel", 1)):
        put(state, b, "lancaster", "kent", n)
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side([]), "lancaster": side(["beaumont", "ormonde", "devon", "arundel"])})
    lanc = combat.battle(g)["sides"]["lancaster"]
    combat.battle(g)["hits"] = {"lancaster": 4}
    assert combat.hit_choices(state, lanc) == ["beaumont"]
    combat.apply_hit(g, "lancaster", "beaumont")
    assert set(combat.hit_choices(state, lanc)) == {"beaumont", "ormonde"}        # both at 2: owner chooses
    combat.apply_hit(g, "lancaster", "ormonde")
    assert combat.hit_choices(state, lanc) == ["beaumont"]
    combat.apply_hit(g, "lancaster", "beaumont")
    assert set(combat.hit_choices(state, lanc)) == {"beaumont", "ormonde", "devon", "arundel"}
    combat.apply_hit(g, "lancaster", "devon")                                        # at base: eliminated
    assert lanc["eliminated"] == ["devon"] and "devon" not in lanc["main"]


def test_rb_20_5_3_attached_admiral_block_absorbs_the_hosts_hits():
    """RB 20.5.3 example: with the Admiral block (strength 2) attached to the strength-3 block in the main
    body, the owner may put the first two hits on the Admiral block, eliminating it."""
    state = cleared()
    put(state, "beaumont", "lancaster", "kent", 3)
    put(state, "admiral_office", "lancaster", "kent", 2, host="beaumont")
    put(state, "ormonde", "lancaster", "kent", 2)
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side([]), "lancaster": side(["beaumont", "admiral_office", "ormonde"])})
    lanc = combat.battle(g)["sides"]["lancaster"]
    combat.battle(g)["hits"] = {"lancaster": 4}
    assert set(combat.hit_choices(state, lanc)) == {"beaumont", "admiral_office"}
    combat.apply_hit(g, "lancaster", "admiral_office")
    assert set(combat.hit_choices(state, lanc)) == {"beaumont", "admiral_office"}
    combat.apply_hit(g, "lancaster", "admiral_office")
    assert lanc["eliminated"] == ["admiral_office"] and state["blocks"]["beaumont"]["strength"] == 3
    combat.apply_hit(g, "lancaster", "beaumont")
    assert set(combat.hit_choices(state, lanc)) == {"beaumont", "ormonde"}


def test_rb_20_1_last_in_first_out_and_rb_20_0_battle_order():
    """RB 20.1 example: Lancaster was there first, York entered, then Warwick: the battle is Warwick's and
    the first engagement Warwick (attacker) against York. RB 20.0: battles go in impulse order of the
    first attackers."""
    state = cleared(4)
    put(state, "beaumont", "lancaster", "sussex")
    put(state, "essex", "york", "sussex")
    put(state, "montague", "warwick", "sussex")
    movement.record_entry(state, "york", "sussex", ["essex"], "essex", "kent")
    movement.record_entry(state, "warwick", "sussex", ["montague"], "montague", "surrey")
    assert combat.recency(state, "sussex") == ["warwick", "york", "lancaster"]
    put(state, "devon", "lancaster", "kent")
    put(state, "kent", "york", "kent")
    movement.record_entry(state, "york", "kent", ["kent"], "kent", "surrey")
    state["order"] = ["york", "warwick", "lancaster", "buckingham"]
    assert combat.battle_order(state) == [("york", "kent"), ("warwick", "sussex")]


def test_rb_20_3_1_initial_force_and_reinforcements():
    """RB 20.3.1 example: Warwick + the Captain of Calais block entered Sussex (the initial force); the
    Warwick block already there is a reinforcement."""
    state = cleared(4)
    put(state, "fauconberg", "warwick", "sussex")
    put(state, "warwick", "warwick", "sussex")
    put(state, "captain_of_calais_office", "warwick", "sussex", host="warwick")
    movement.record_entry(state, "warwick", "sussex", ["warwick", "captain_of_calais_office"], "warwick", "kent")
    force = combat.initial_force(state, "sussex", "warwick", attacking=True)
    assert force["engaged"] == ["warwick", "captain_of_calais_office"] and force["reinf"] == ["fauconberg"]
    assert force["leader"] == "warwick" and force["from"] == "kent"


def test_rb_20_4_1_leaders():
    """RB 20.4.1: the defender's leader is the highest-priority heir, else the highest-ranking noble; the
    attacker's is the noble who led the initial force in. RB 20.4.2 example: a higher-ranked reinforcement
    (Warwick, rank 4) must take over from Fauconberg."""
    state = cleared(4)
    for b in ("beaumont", "northumberland"):
        put(state, b, "lancaster", "kent")
    assert combat.leader_of(state, ["beaumont", "northumberland"]) == "northumberland"
    assert combat.leader_of(state, ["beaumont", "northumberland"], fixed="beaumont") == "beaumont"
    assert combat.leader_of(state, ["clifford", "henry_vi", "margaret"]) == "clifford"
    assert combat.leader_of(state, ["henry_vi", "margaret"]) is None


def test_rb_16_4_pinning():
    """RB 16.4: as many moving blocks as enemy blocks must stop; blocks already there may leave only
    leaving as many behind as there are enemy blocks."""
    state = cleared()
    put(state, "beaumont", "lancaster", "kent")
    for b in ("essex", "suffolk", "norfolk"):
        put(state, b, "york", "kent")
    assert movement.pinned(state, "york", "kent", ["norfolk", "essex", "suffolk"])
    assert not movement.pinned(state, "york", "kent", ["norfolk", "essex"])
    assert movement.pinned(state, "lancaster", "kent", ["beaumont"])       # the pinning block is pinned too
    assert not movement.pinned(state, "york", "surrey", ["norfolk"])


def test_rb_20_5_4_retreat_routes():
    """RB 20.5.4: the attacker retreats into the shire it came from if it can; nobody retreats across a
    border an enemy entered by, nor into a shire holding enemy blocks."""
    state = cleared()
    put(state, "beaumont", "lancaster", "sussex")
    put(state, "devon", "lancaster", "hampshire")
    put(state, "essex", "york", "sussex")
    movement.record_entry(state, "york", "sussex", ["essex"], "essex", "kent")
    b = {"shire": "sussex", "attacker": "york", "defender": "lancaster",
         "sides": {"york": side(["essex"], came="kent"), "lancaster": side(["beaumont"])}}
    assert retreat.retreat_places(state, b, "york") == ["kent"]
    assert retreat.retreat_places(state, b, "lancaster") == ["hampshire", "surrey"]
    put(state, "suffolk", "york", "surrey")
    assert retreat.retreat_places(state, b, "lancaster") == ["hampshire"]


def test_rb_20_6_1_wounded_heir_keeps_offices_and_henry_dies_with_a_killed_host():
    """RB 20.6.1: an eliminated Henry VI is killed (out of play)."""
    state = cleared()
    put(state, "clifford", "lancaster", "kent", 1)
    put(state, "henry_vi", "lancaster", "kent", 1, host="clifford")
    put(state, "essex", "york", "kent")
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["essex"]), "lancaster": side(["clifford", "henry_vi"])})
    combat.battle(g)["hits"] = {"lancaster": 1}
    combat.apply_hit(g, "lancaster", "henry_vi")
    combat.after_engagement(g)
    assert state["blocks"]["henry_vi"]["status"] == "out"


def contested_anywhere(state):
    return [s for s in combat.data().board.shires if board.contested(state, s)]


@pytest.mark.parametrize("scenario,players,seed", [("seeds_of_enmity", 2, 5), ("seeds_of_enmity", 4, 7),
                                                   ("kingmaker", 3, 2)])
def test_battles_are_fought_and_no_shire_stays_contested(scenario, players, seed):
    """RB 20.0: every contested shire is fought out in the battle step, so none is contested at a command
    step; random play reaches battles and eliminations."""
    args = setup_args(ENGINE, scenario, seed, players)
    seen = []
    for role, action, outcome in random_moves(ENGINE, args, steps=3000):
        seen += [e.text for e in outcome.log]
        top = outcome.state["flow"][-1]["name"] if outcome.state["flow"] else None
        if top == "command" and outcome.state["impulse"] > 1:    # Winter may contest shires (RB 27)
            assert not contested_anywhere(outcome.state)
        if top == "main_body":             # VIEW.md: main bodies are shown only once both have chosen
            shown = ENGINE.view(outcome.state, None)["battle"]
            assert shown and all(not side["main"] for side in shown["sides"].values())
    assert any(t.startswith("Battle in") for t in seen)
    assert any("main body" in t for t in seen)


class FakeGame:
    def __init__(self, state, **local):
        self.state, self.local = state, local


def test_rb_16_5_interception_comes_from_uncontested_neighbours_only():
    """RB 16.5 (and the 17.0 example): Lancaster in Somerset may intercept a stack entering Devon; not
    from a contested shire, and never across the Wash (Norfolk is not adjacent to Lincoln)."""
    from rules.crownofroses import reactions
    state = cleared()
    put(state, "beaumont", "lancaster", "somerset")
    assert reactions.interceptors(state, "york", "devon") == ["lancaster"]
    put(state, "essex", "york", "somerset")
    assert reactions.interceptors(state, "york", "devon") == []
    put(state, "devon", "lancaster", "norfolk")
    assert "lancaster" not in reactions.interceptors(state, "york", "lincoln")


def test_rb_16_6_avoid_battle_example():
    """RB 16.6 example: Lancaster (Lancaster and Oxford) and York (one block) are in Lincoln; Buckingham
    enters with three blocks. York may not avoid (Lancaster has most blocks); Lancaster may avoid with one
    unpinned block, not to Norfolk (only the Wash leads there), nor across the border Buckingham used."""
    from rules.crownofroses import reactions
    state = cleared(4)
    put(state, "lancaster", "lancaster", "lincoln")
    put(state, "oxford", "lancaster", "lincoln")
    put(state, "essex", "york", "lincoln")
    before = board.blocks_at(state, "lincoln")
    for b in ("stafford", "wiltshire", "southwick"):
        put(state, b, "buckingham", "lincoln")
    movement.record_entry(state, "york", "lincoln", ["essex"], "essex", "leicester")
    movement.record_entry(state, "buckingham", "lincoln", ["stafford", "wiltshire", "southwick"], "stafford",
                          "nottingham")
    g = FakeGame(state, role="buckingham", place="lincoln", stack=["stafford", "wiltshire", "southwick"],
                 before=before, intercepted=None)
    assert reactions.avoiders(g) == {"lancaster": 1}
    places = reactions.avoid_places(state, "lancaster", "lincoln")
    assert "norfolk" not in places and "nottingham" not in places and "leicester" not in places
    assert {"huntingdon", "rutland", "cambridge"} <= set(places)
    assert all(board.data().board.border("lincoln", s).kind == "fens" for s in ("huntingdon", "rutland", "cambridge"))


def test_rb_16_6_an_uncontested_shire_may_avoid_with_every_block():
    from rules.crownofroses import reactions
    state = cleared()
    put(state, "beaumont", "lancaster", "kent")
    put(state, "devon", "lancaster", "kent")
    before = board.blocks_at(state, "kent")
    put(state, "essex", "york", "kent")
    g = FakeGame(state, role="york", place="kent", stack=["essex"], before=before, intercepted=None)
    assert reactions.avoiders(g) == {"lancaster": 2}


def make_heir(state, house, block):
    card = board.data().block(block).heir.card
    if card not in state["heir_cards"][house]:
        state["heir_cards"][house].append(card)


def test_rb_20_5_1_charge_example(monkeypatch):
    """RB 20.5.1 example: Gloucester (York heir) charges Exeter (Lancaster heir); Exeter charges the
    York-controlled Warwick. Gloucester and Exeter roll at +1; Warwick counter-rolls against Exeter
    unmodified; Exeter, charging, does not counter Gloucester. Charging heirs sit out the line battle."""
    state = cleared(4)
    put(state, "gloucester", "york", "kent")
    put(state, "warwick", "york", "kent")
    put(state, "exeter", "lancaster", "kent")
    make_heir(state, "york", "gloucester")
    make_heir(state, "lancaster", "exeter")
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["gloucester", "warwick"]), "lancaster": side(["exeter"])})
    assert combat.chargers(state, combat.battle(g)["sides"]["york"]) == ["gloucester"]
    combat.battle(g)["charges"] = {"york": ["gloucester", "exeter"], "lancaster": ["exeter", "warwick"]}
    rolled = []
    monkeypatch.setattr(combat, "roll_hits", lambda g, block, bonus=0, why="": rolled.append((block, bonus)) or 0)
    combat.resolve_charges(g)
    assert sorted(rolled) == [("exeter", 1), ("gloucester", 1), ("warwick", 0)]
    rolled.clear()
    combat.line_battle(g)
    assert rolled == [("warwick", 0)]


def test_rb_20_5_1_a_target_below_base_rolls_elimination_at_once(monkeypatch):
    state = cleared()
    put(state, "gloucester", "york", "kent")
    put(state, "clifford", "lancaster", "kent", 1)
    make_heir(state, "york", "gloucester")
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["gloucester"]), "lancaster": side(["clifford"])})
    combat.battle(g)["charges"] = {"york": ["gloucester", "clifford"]}
    monkeypatch.setattr(combat, "roll_hits", lambda g, block, bonus=0, why="": 2 if block == "gloucester" else 0)
    combat.resolve_charges(g)
    assert state["blocks"]["clifford"]["status"] != "map"
    assert combat.battle(g)["sides"]["lancaster"]["engaged"] == []


def test_rb_20_5_4_pursuit_of_a_retreating_heir():
    """RB 20.5.4: a retreat that includes an heir may be cancelled by the enemy discarding a 3-OPS card;
    the retreating house may discard one to go on; the cards are not replaced."""
    from rules.crownofroses.common import FLOW
    from rules.crownofroses.phases import card_ops
    state = cleared()
    put(state, "gloucester", "york", "kent")
    put(state, "clifford", "lancaster", "kent")
    make_heir(state, "york", "gloucester")
    three = [c for c in state["zones"]["deck"] if card_ops(c) == 3][:2]
    for c, h in zip(three, ("lancaster", "york")):
        state["zones"]["deck"].remove(c)
        state["zones"][f"hand:{h}"].append(c)
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["gloucester"], came="surrey"), "lancaster": side(["clifford"])})
    state["flow"].append({"name": "retreat_or_fight", "at": 0, "ret": None,
                          "local": {"role": "york", "order": ["york", "lancaster"]}})
    g.frame = state["flow"][-1]
    FLOW.decisions["retreat_or_fight"].on_retreat(g, "york")
    top = state["flow"][-1]
    assert top["name"] == "pursuit" and top["local"]["role"] == "lancaster"
    ids = [a.id for a in ENGINE.legal_actions(state, "lancaster")]
    assert ids[0] == "stop" and f"discard:{three[0]}" in ids
    assert all(card_ops(i.split(":")[1]) == 3 for i in ids[1:])
    state = ENGINE.apply(state, "lancaster", f"discard:{three[0]}").state
    assert state["flow"][-1]["local"]["role"] == "york" and three[0] in state["zones"]["discard"]
    state = ENGINE.apply(state, "york", f"discard:{three[1]}").state
    assert state["flow"][-1]["local"]["role"] == "lancaster"
    out = ENGINE.apply(state, "lancaster", "stop")
    # the retreat goes back where Gloucester came from, the only place: made by the engine (issue 33)
    assert [d for r, d in out.automatic if r == "york"] == ["retreat"]
    assert out.state["blocks"]["gloucester"]["at"] == "surrey"


def test_rb_7_2_6_winter_seats_and_winter_battles():
    """RB 7.2.6 example: Clarence, held by a non-York house, sits in West Riding: York cannot place a York
    noble there on the York seat, unless it holds the King and places an heir using the royal demesne.
    A seat held by enemy blocks of another shield may be used (the placed block is pinned, RB 16.4)."""
    state = cleared()
    put(state, "clarence", "lancaster", "west_riding")
    state["offices"]["king"] = None
    assert "west_riding" not in board.winter_seats(state, "march", "york")
    make_heir(state, "york", "march")
    state["offices"]["king"] = "march"
    state["blocks"]["march"]["house"] = "york"
    assert "west_riding" in board.winter_seats(state, "march", "york")
    put(state, "beaumont", "lancaster", "chester")
    assert "chester" in board.winter_seats(state, "march", "york")


def test_rb_20_1_the_king_decides_who_attacks_after_winter():
    """RB 20.1 exception: for a shire contested by Winter placement the King (or the tie-breaker) decides
    the attacker."""
    state = cleared()
    put(state, "beaumont", "lancaster", "kent")
    put(state, "essex", "york", "kent")
    state["winter_attackers"] = {"kent": "york"}
    assert combat.recency(state, "kent")[0] == "york"
    state["winter_attackers"] = {"kent": "lancaster"}
    assert combat.recency(state, "kent")[0] == "lancaster"


def test_rb_20_7_2_winner_moves_out_down_to_the_limit_not_below():
    """RB 20.7.2 example: Lancaster wins in Derby (stacking limit 2) with 4 blocks: it may move 2 out,
    given valid routes, or keep all 4; never below 2."""
    state = cleared()
    for b in ("beaumont", "devon", "ormonde", "arundel"):
        put(state, b, "lancaster", "derby")
    put(state, "essex", "york", "stafford")
    assert board.stacking_limit("derby") == 2
    state["flow"].append({"name": "move_out", "at": 0, "ret": None, "local": {"role": "lancaster", "shire": "derby"}})
    ids = [a.id for a in ENGINE.legal_actions(state, "lancaster")]
    assert ids[0] == "keep" and "out:beaumont:leicester" in ids and not any(i.endswith(":stafford") for i in ids)
    state = ENGINE.apply(state, "lancaster", "out:beaumont:leicester").state
    assert state["flow"][-1]["name"] == "move_out"
    state = ENGINE.apply(state, "lancaster", "out:devon:leicester").state
    assert state["flow"][-1]["name"] != "move_out"
    assert len(board.blocks_at(state, "derby", "lancaster")) == 2


def test_rb_9_6_the_tower_garrison_fights_for_its_house_in_london():
    """RB 9.6: the garrison acts as a block with its host (never counted in the CR): it takes hits as the
    strongest block would, and when eliminated is set aside; it never counts for holding the field."""
    state = cleared()
    put(state, "clifford", "lancaster", "london", 1)
    put(state, "essex", "york", "london")
    g = battle_frame(state, "london", "york", "lancaster",
                     {"york": side(["essex"]), "lancaster": side(["clifford"])})
    combat.battle(g)["garrison"] = {"house": "lancaster", "strength": 2, "out": False}
    g.frame["ret"] = {}
    combat.settle_main_body(g)
    lanc = combat.battle(g)["sides"]["lancaster"]
    assert lanc["main"] == ["clifford", combat.GARRISON]
    combat.battle(g)["hits"] = {"lancaster": 2}
    assert combat.hit_choices(state, lanc) == [combat.GARRISON]          # 2 dice against Clifford's 1
    combat.apply_hit(g, "lancaster", combat.GARRISON)
    assert set(combat.hit_choices(state, lanc)) == {"clifford", combat.GARRISON}
    combat.apply_hit(g, "lancaster", combat.GARRISON)
    assert combat.battle(g)["garrison"]["out"] and lanc["main"] == ["clifford"]


def test_rb_16_4_16_5_the_moving_stack_stops_when_outnumbered_or_intercepted():
    """RB 16.4: a stack not larger than the enemy blocks it meets stops there; RB 16.5: an intercepted
    stack moves no further this impulse. A larger stack keeps its MP (its excess may go on)."""
    from rules.crownofroses import reactions
    state = cleared()
    put(state, "beaumont", "lancaster", "kent")
    put(state, "devon", "lancaster", "kent")
    for b in ("essex", "suffolk", "norfolk"):
        put(state, b, "york", "kent")
    march = {"name": "march", "at": 0, "ret": None, "local": {"role": "york", "stack": ["essex", "suffolk", "norfolk"],
                                                              "mp": 4}}
    approach = {"name": "approach", "at": 2, "ret": None,
                "local": {"role": "york", "place": "kent", "stack": ["essex", "suffolk", "norfolk"], "intercepted": None}}
    state["flow"] += [march, approach]
    g = ENGINE.game(state)
    reactions.settle(g)
    assert march["local"]["mp"] == 4
    put(state, "ormonde", "lancaster", "kent")
    reactions.settle(g)
    assert march["local"]["mp"] == 0
    march["local"]["mp"] = 4
    state["blocks"]["ormonde"]["at"] = "surrey"
    approach["local"]["intercepted"] = "lancaster"
    reactions.settle(g)
    assert march["local"]["mp"] == 0 and march["local"]["intercepted"]


def test_rb_20_4_2_a_higher_ranked_reinforcement_must_lead():
    """RB 20.4.2 example: Warwick arrives in round 2 as a reinforcement while Fauconberg (CR 3) and 3 blocks
    were the initial force: Warwick, the highest-ranked, must lead, so only Warwick + 2 (his CR) fight."""
    from rules.crownofroses.common import FLOW
    state = cleared()
    force = ["fauconberg", "essex", "suffolk", "norfolk"]
    for b in force + ["warwick"]:
        put(state, b, "york", "kent")
    put(state, "beaumont", "lancaster", "kent")
    york = side(force)
    york["reinf"] = ["warwick"]
    g = battle_frame(state, "kent", "york", "lancaster", {"york": york, "lancaster": side(["beaumont"])})
    combat.begin_round(g)
    combat.reinforce(g)
    assert state["flow"][-1]["name"] == "reinforce"
    g2 = ENGINE.game(state)
    decision = FLOW.decisions["reinforce"]
    assert [a.id for a in decision.actions(g2, "york")] == ["lead:warwick"]
    decision.on_lead(g2, "york", "warwick")
    decision.on_done(g2, "york")
    assert york["engaged"] == force + ["warwick"] and york["reinf"] == []
    assert combat.leader_of(state, york["engaged"]) == "warwick"
    york["leader"] = "warwick"
    assert max(len(body) for body in combat.bodies(state, york)) == 3

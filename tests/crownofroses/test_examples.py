"""The rulebook's worked examples replayed on the engine, by section: leading (RB 16.1, 20.4.1), the Fens and
the Wash (16.2.2, 16.2.3, 16.6), forced march (16.3), sea movement (17.0), impulses (13.2), attrition
(22.0), the King's election (24.2.3), the office auction (26.2, 26.3) and Winter placement (27.3). The
examples already replayed elsewhere: 16.2.1 (test_engine), 16.4–16.6, 20.1–20.7 (test_combat), 24.2.1
(test_engine), 7.2.6 (test_combat), 14.1.2 and the data examples (test_data)."""

from __future__ import annotations

from rules.crownofroses import board, movement, operations, parliament, reactions, retreat, winter
from rules.crownofroses.common import attrition
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_combat import battle_frame, cleared, put, side
from tests.crownofroses.test_engine import first_legal, placed, start


def game(state):
    return ENGINE.game(state)


def march(state, house, leader, at, mp, sea=False):
    """A move under way (RB 16): the march frame on top, as Spend's move action opens it."""
    state["flow"].append({"name": "march", "at": 0, "ret": None, "local": {
        "role": house, "leader": leader, "stack": movement.carried(state, leader), "at": at, "start": at,
        "mp": mp, "sea": sea, "dropped": [], "entered_enemy": False, "forced": False}})
    return game(state)


def test_rb_16_1_and_20_4_1_who_may_lead_whom():
    """RB 16.1 example: non-heir Exeter (rank 2) may lead Derby (Stanley, rank 2): equal rank. RB 8.3.1:
    Clarence, an heir of rank 2, may lead Warwick (rank 4, no heir in 2 players). RB 20.4.1 example:
    Hastings (rank 1) cannot lead Arundel (rank 2)."""
    state = cleared(2)
    assert movement.may_follow(state, "exeter", "stanley")
    assert not movement.may_follow(state, "hastings", "arundel")
    assert not movement.may_follow(state, "clarence", "warwick")
    state["heir_cards"]["york"] = ["Y2"]
    put(state, "clarence", "york", "kent")
    assert movement.may_follow(state, "clarence", "warwick")


def test_rb_16_2_2_16_2_3_the_fens_and_the_wash_from_lincoln(monkeypatch):
    """RB 16.2.2: a Fens border costs 2 MP as a border, or 1 MP by the special crossing with an attrition
    roll; RB 16.2.3: the Wash takes Lincoln to Norfolk for 1 MP (never halved) with an attrition roll."""
    state = cleared(2)
    put(state, "northumberland", "lancaster", "lincoln")
    g = march(state, "lancaster", "northumberland", "lincoln", mp=8)
    found = {(p, how): cost for p, cost, how in movement.destinations(g)}
    assert found[("norfolk", "wash")] == 2 and ("norfolk", "land") not in found
    assert found[("huntingdon", "fens")] == 2 and found[("huntingdon", "land")] in (4, 2)
    rolls = []
    monkeypatch.setattr("rules.crownofroses.common.d6", lambda g: rolls.append(1) or 6)
    movement.March().on_go(g, "lancaster", "norfolk", "wash")
    assert state["blocks"]["northumberland"]["at"] == "norfolk" and len(rolls) == 1
    assert g.local["mp"] == 6


def test_rb_16_6_no_avoiding_across_the_wash_and_fens_attrition_on_retreat(monkeypatch):
    """RB 16.6 example: the Lancaster block avoiding from Lincoln cannot go to Norfolk (only the Wash leads
    there); through the Fens to Huntingdon, Rutland or Cambridge it rolls attrition at −1 (+1 heir)."""
    state = cleared(2)
    put(state, "lancaster", "lancaster", "lincoln")
    places = reactions.avoid_places(state, "lancaster", "lincoln")
    assert "norfolk" not in places and {"huntingdon", "rutland", "cambridge"} <= set(places)
    put(state, "essex", "york", "lincoln")
    g = battle_frame(state, "lincoln", "york", "lancaster",
                     {"york": side(["essex"], leader="essex"), "lancaster": side(["lancaster"])})
    assert "norfolk" not in retreat.retreat_places(state, g.state["flow"][-1]["local"], "lancaster")


def test_rb_16_3_forced_march_example(monkeypatch):
    """RB 16.3 example: Warwick with the Captain of Calais block and Suffolk has spent 4 MP reaching Essex;
    he forced-marches on, leaving Suffolk: Warwick and the Captain of Calais block roll attrition, Warwick
    (the leader) at +1."""
    state = cleared(2)
    put(state, "warwick", "york", "essex")
    put(state, "captain_of_calais_office", "york", "essex", host="warwick")
    put(state, "suffolk", "york", "essex")
    g = march(state, "york", "warwick", "essex", mp=0)
    g.local["stack"].append("suffolk")
    actions = [a.id for a in ENGINE.legal_actions(state, "york")]
    assert "drop:suffolk" in actions and any(a.startswith("force:") for a in actions)
    movement.March().on_drop(g, "york", "suffolk")
    rolls = []
    monkeypatch.setattr("rules.crownofroses.common.d6", lambda g: rolls.append(2) or 2)
    movement.March().on_force(g, "york", "hertford")
    assert len(rolls) == 2                                          # Warwick and his office block
    assert state["blocks"]["warwick"]["strength"] == 4              # 2 + 1 (leader) = 3: no loss
    assert state["blocks"]["captain_of_calais_office"]["strength"] == len(
        board.data().block("captain_of_calais_office").steps) - 1   # 2: a step lost
    assert state["blocks"]["suffolk"]["at"] == "essex"
    assert not any(a.startswith("force:") for a in [x.id for x in movement.March().actions(g, "york")])


def test_rb_17_0_sea_move_reaches_the_same_and_adjacent_zones():
    """RB 17.0: a sea move reaches coastal shires of the same sea zone (the example: Chester to Devon on the
    Irish Sea, no attrition) or of an adjacent zone with an attrition roll; no land move after it."""
    state = cleared(2)
    put(state, "shrewsbury", "york", "chester")
    g = march(state, "york", "shrewsbury", "chester", mp=8, sea=True)
    found = {p: how for p, _, how in movement.destinations(g)}
    assert found["devon"] == "sea" and found["kent"] == "sea+"
    g.local["at"] = "devon"
    assert movement.destinations(g) == []


def test_rb_13_2_two_players_with_six_and_five_cards_play_five_impulses():
    """RB 13.0/13.2 example: hands of 6 and 5 operations cards make 5 impulses, 10 action steps."""
    state = first_legal(start("seeds_of_enmity", 2), placed)
    ops = [c for c in state["zones"]["deck"]][:11]
    state["zones"]["deck"] = [c for c in state["zones"]["deck"] if c not in ops]
    state["zones"]["hand:lancaster"] = [c for c in state["zones"]["hand:lancaster"] if not c.startswith("op")] + ops[:6]
    state["zones"]["hand:york"] = [c for c in state["zones"]["hand:york"] if not c.startswith("op")] + ops[6:]
    state["extra_house"] = {"lancaster": [], "york": []}
    operations.start(game(state))
    assert state["impulses"] == 5


def test_rb_22_0_march_attrition_example(monkeypatch):
    """RB 22.0 example: March, an heir, loses a step on a 1 only; retreating across the Fens on 1–2; at base
    strength he rolls the Elimination Chart at +3, so attrition never kills an heir."""
    state = cleared(2)
    state["heir_cards"]["york"] = ["Y7"]
    put(state, "march", "york", "kent")
    g = game(state)
    full = state["blocks"]["march"]["strength"]
    for roll, modifier, lost in ((2, 0, False), (1, 0, True), (2, -1, True), (3, -1, False)):
        state["blocks"]["march"]["strength"] = full
        monkeypatch.setattr("rules.crownofroses.common.d6", lambda g, r=roll: r)
        attrition(g, "march", modifier=modifier)
        assert (state["blocks"]["march"]["strength"] == full - 1) is lost, (roll, modifier)
    state["blocks"]["march"]["strength"] = 1
    monkeypatch.setattr("rules.crownofroses.common.d6", lambda g: 1)
    attrition(g, "march")
    assert state["blocks"]["march"]["status"] == "undeclared"       # 1 + 3 = 4: wounded, never killed


def test_rb_24_2_3_king_vote_example():
    """RB 24.2.3 example (3 players): Buckingham 12 votes, York 10, Lancaster 15; only York and Lancaster have
    a Senior heir attending; Buckingham secretly votes York: York 22, Lancaster 15, Buckingham 0."""
    state = first_legal(start("seeds_of_enmity", 3), placed)
    state["votes"] = {"lancaster": 15, "york": 10, "buckingham": 12}
    for h, heir in (("lancaster", "henry_vi"), ("york", "york")):
        state["blocks"][heir].update(status="attending", at=None, host=None)
    state["blocks"]["buckingham"].update(status="map", at="stafford")
    assert parliament.candidates(state) == ["lancaster", "york"]
    state["flow"].append({"name": "royal", "at": 0, "ret": {"lancaster": "vote:lancaster", "york": "vote:york",
                                                            "buckingham": "vote:york"}, "local": {}})
    parliament.crown(game(state))
    assert state["received"] == {"lancaster": 15, "york": 22, "buckingham": 0}


def test_rb_26_2_admiral_auction_example():
    """RB 26.2 example: York bids 1 + 3 for York, Lancaster 5, Buckingham 2 + 3 for Buckingham: Lancaster and
    Buckingham tie at 5 and the King breaks the tie; every IP bid is spent."""
    state = first_legal(start("seeds_of_enmity", 3), placed)
    state["ip"]["york"]["stock"], state["ip"]["lancaster"]["stock"] = [1, 3, 10], [5, 10]
    state["ip"]["buckingham"]["stock"] = [2, 3, 10]
    for h in ("york", "lancaster", "buckingham"):
        state["ip"][h]["pool"] = [m for m in state["ip"][h]["pool"]]
    before = {h: sum(state["ip"][h]["stock"]) for h in state["houses"]}
    state["flow"].append({"name": "auction_office", "at": 1, "ret": {
        "york": "bid:york:4", "lancaster": "bid:lancaster:5", "buckingham": "bid:buckingham:5"},
        "local": {"office": "admiral"}})
    parliament.settle(game(state))
    assert state["flow"][-2]["local"]["totals"] == {"york": 4, "lancaster": 5, "buckingham": 5}
    assert {h: before[h] - sum(state["ip"][h]["stock"]) for h in before} == {"york": 4, "lancaster": 5,
                                                                            "buckingham": 5}
    assert state["flow"][-1]["name"] == "order_ties"                 # the tie goes to the King (10.5.1)


def test_rb_26_3_one_noble_holds_one_of_king_chancellor_treasurer():
    """RB 26.3 example: Buckingham's only attending noble won the Chancellorship, so nobody may bid for
    Buckingham on the Treasurer."""
    state = first_legal(start("seeds_of_enmity", 3), placed)
    for b, s in state["blocks"].items():
        if s["house"] == "buckingham" and b != "buckingham":
            s.update(status="undeclared")
    state["blocks"]["buckingham"].update(status="attending", at=None)
    state["offices"]["chancellor"] = "buckingham"
    state["flow"].append({"name": "office_bid", "at": 0, "ret": None,
                          "local": {"roles": ["lancaster", "york", "buckingham"], "office": "treasurer", "picks": {}}})
    bids = [a.id for a in ENGINE.legal_actions(state, "lancaster")]
    assert not any(a.startswith("bid:buckingham:") for a in bids)
    assert any(a.startswith("bid:lancaster:") for a in bids) or not parliament.eligible_nobles(
        state, "treasurer", "lancaster")


def test_rb_27_3_an_office_holder_is_placed_at_his_highest_office():
    """RB 27.3 example: Warwick holds Treasurer (3) and Admiral (5): he is placed at rank 3, after the
    Captain of Calais (6) and the Earl Marshal (4), with both office blocks."""
    state = cleared(2)
    for b in ("warwick", "norfolk", "salisbury"):
        state["blocks"][b].update(status="attending", house="york", at=None, host=None)
    state["offices"].update({k: None for k in state["offices"]})
    state["offices"].update(treasurer="warwick", admiral="warwick", marshal="norfolk", captain_of_calais="salisbury")
    for office, holder in (("treasurer", "warwick"), ("admiral", "warwick"), ("marshal", "norfolk"),
                           ("captain_of_calais", "salisbury")):
        state["blocks"][f"{office}_office"].update(status="attending", house="york", host=holder)
    order = []
    for _ in range(3):
        state["flow"].append({"name": "winter", "at": 3, "ret": None, "local": {}})
        winter._offices(game(state))
        frame = state["flow"][-1]
        order.append(frame["local"]["holder"])
        shire = winter.seats_for(game(state), frame["local"]["holder"], "york")[0]
        winter.place(game(state), frame["local"]["holder"], shire, "york")
        state["flow"] = state["flow"][:-2]
    assert order == ["salisbury", "norfolk", "warwick"]
    assert state["blocks"]["treasurer_office"]["at"] == state["blocks"]["admiral_office"]["at"] == \
        state["blocks"]["warwick"]["at"]

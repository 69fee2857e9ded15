"""Crown of Roses setup options, by section: the rulebook's optional rules (RB 20.5.5, 23.1.2, 26.2), the
playbook's (PB 1.1–1.7) and the scenarios' own (PB 3.1.9 #5, 3.3.9 #6, 3.4.9 #4), each validated at setup."""

from __future__ import annotations

import pytest

from rules.core.contract import BadSetup, SetupArgs
from rules.crownofroses import board, combat, combat_options, movement, optional_rules, options, parliament, reactions
from rules.crownofroses.engine import ENGINE
from rules.crownofroses.victory import team_economic, team_margin, team_political

from tests.crownofroses.test_combat import battle_frame, cleared, put, side
from tests.crownofroses.test_engine import first_legal, placed, start

HOUSES = ("lancaster", "york", "buckingham", "warwick")


def seats(players):
    return tuple((h,) for h in HOUSES[:players])


def game(state):
    return ENGINE.game(state)


# ---- validation -----------------------------------------------------------------------------------------------
def test_every_optional_rule_is_a_setup_option():
    """PB 1.0–1.7, RB 20.5.5, 23.1.2, 26.2, PB 3.1.9 #5, 3.3.9 #6, 3.4.9 #4: one option each."""
    assert [o.id for o in ENGINE.options()] == [
        "short", "seats_ip", "where_art_thou", "bid_without_noble", "exhaustion", "woodville",
        "suspicious_margaret", "shared_seats", "teams", "vote_ip", "london_occupation", "draft", "stafford_joins"]
    assert all(("PB " in o.description or "RB " in o.description) for o in ENGINE.options())


@pytest.mark.parametrize("scenario,players,chosen,message", [
    ("cruel_thorns", 2, {"short": True}, "'short' (Short game) is for PB 3.1 Seeds of Enmity only"),
    ("kingmaker", 4, {"short": True}, "is for PB 3.1 Seeds of Enmity only, not PB 3.4 Kingmaker"),
    ("seeds_of_enmity", 3, {"draft": True}, "'draft' (Random draft) is for PB 3.4 Kingmaker only"),
    ("kingmaker", 2, {"stafford_joins": True}, "is for PB 3.3 Cruel Thorns only"),
    ("cruel_thorns", 2, {"woodville": True}, "March is out of play in PB 3.3"),
    ("cruel_thorns", 2, {"suspicious_margaret": True}, "Margaret and Exeter are out of play"),
    ("seeds_of_enmity", 2, {"teams": "york_buckingham"}, "Team play (PB 1.5) needs 3 or 4 players, not 2"),
    ("seeds_of_enmity", 4, {"teams": "lancaster_york"}, "must be one of none, lancaster_buckingham, york_buckingham"),
    ("seeds_of_enmity", 4, {"vote_ip": "maybe"}, "Option 'vote_ip' must be true or false"),
    ("seeds_of_enmity", 4, {"kingmaker": True}, "Unknown option(s) for Crown of Roses: kingmaker"),
])
def test_bad_options_are_refused_with_a_clear_message(scenario, players, chosen, message):
    """PB 1.5: never Lancaster with York nor Buckingham with Warwick, teams for 3–4 players only; the
    scenario options belong to their scenario (PB 3.1.9 #5, 3.3.9 #6, 3.4.9 #4)."""
    with pytest.raises(BadSetup) as error:
        ENGINE.setup(SetupArgs(scenario, seats(players), 1, chosen))
    assert message in str(error.value)


@pytest.mark.parametrize("scenario,players", [("seeds_of_enmity", 2), ("seeds_of_enmity", 3), ("seeds_of_enmity", 4),
                                              ("entangled_branches", 2), ("cruel_thorns", 2), ("kingmaker", 3)])
def test_every_listed_option_value_sets_up(scenario, players):
    """The values the random-options hook lists are all accepted (PB 3.1.9 #3: any optional rule may be used)."""
    choices = ENGINE.option_choices(scenario, players)
    assert set(choices) == {o.id for o in ENGINE.options()}
    for option, values in choices.items():
        for value in values:
            state = ENGINE.setup(SetupArgs(scenario, seats(players), 1, {option: value}))
            assert state["options"][option] == value
    assert choices["teams"] == (["none"] if players == 2 else ["none", "lancaster_buckingham", "york_buckingham"])


def test_pb_3_1_9_5_short_game_and_pb_3_3_9_6_stafford():
    """PB 3.1.9 #5: the short game ends after turn 5; PB 3.3.9 #6: Stafford starts with Lancaster."""
    assert start("seeds_of_enmity", 2, options={"short": True})["last_turn"] == 5
    state = start("cruel_thorns", 2, options={"stafford_joins": True})
    assert state["blocks"]["stafford"]["house"] == "lancaster" and state["blocks"]["stafford"]["status"] == "attending"
    assert start("cruel_thorns", 2)["blocks"]["stafford"]["status"] == "out"


# ---- PB 1.2 the Woodville rule -----------------------------------------------------------------------------------
def march_senior(state):
    state["blocks"]["york"].update(status="out", at=None)
    state["heir_cards"]["york"] = ["Y7"]
    state["blocks"]["march"].update(status="map", house="york", at="kent")


def test_pb_1_2_woodville_example():
    """PB 1.2 example: turn 3, March is Senior heir and York has IP on Rivers and Warwick but does not control
    Rivers: York loses 1 support, no penalty on Warwick. Turn 4, York controls Rivers: without at least 1 IP
    on Warwick York loses him (3 white roses − 4 = −1); with 1 IP he stays (1 + 3 − 4 = 0)."""
    state = first_legal(start("seeds_of_enmity", 2, options={"woodville": True}), placed)
    march_senior(state)
    state["turn"] = 3
    support = state["support"]["york"]
    g = game(state)
    optional_rules.woodville_check(g)
    assert state["support"]["york"] == support - 1 and state["woodville"] == 0
    state["rop"] = {"warwick": {"york": [2]}}
    assert optional_rules.woodville_bid(state, "warwick", parliament.effective_bids(state, "warwick")) == {"york": 5}

    state["turn"] = 4
    state["blocks"]["rivers"].update(status="map", house="york", at="kent")
    optional_rules.woodville_check(g)
    assert state["support"]["york"] == support - 1 and state["woodville"] == 4
    assert "warwick" in optional_rules.woodville_nobles(state)           # checked even with no markers
    state["rop"] = {"warwick": {"york": [1]}}
    parliament.resolve_noble(g, "warwick")
    assert state["blocks"]["warwick"]["house"] == "york"                  # 1 + 3 − 4 = 0: kept
    state["rop"] = {}
    parliament.resolve_noble(g, "warwick")
    assert state["blocks"]["warwick"]["status"] == "inactive" and state["blocks"]["warwick"]["house"] is None


def test_pb_1_2_woodville_needs_the_option_and_march_as_senior_heir():
    state = first_legal(start("seeds_of_enmity", 2), placed)
    march_senior(state)
    support = state["support"]["york"]
    optional_rules.woodville_check(game(state))
    assert state["support"]["york"] == support                            # option off
    state = first_legal(start("seeds_of_enmity", 2, options={"woodville": True}), placed)
    optional_rules.woodville_check(game(state))                           # York (Y1) is Senior heir
    assert state["support"]["york"] == support


# ---- PB 1.3 Suspicious Margaret, PB 1.4 shared seats -------------------------------------------------------------
def test_pb_1_3_exeter_commands_only_office_blocks_while_margaret_is_in_england():
    state = cleared(2)
    state["options"]["suspicious_margaret"] = True
    put(state, "exeter", "lancaster", "devon")
    put(state, "clifford", "lancaster", "devon")
    put(state, "admiral_office", "lancaster", "devon", host="exeter")
    put(state, "margaret", "lancaster", "kent", host=None)
    assert not movement.may_follow(state, "exeter", "clifford")
    assert movement.may_follow(state, "exeter", "admiral_office")
    bodies = combat.bodies(state, side([], engaged=["exeter", "clifford", "admiral_office"], leader="exeter"))
    assert all("clifford" not in body for body in bodies)
    state["blocks"]["margaret"]["at"] = "exile/france"                   # in exile: no longer suspicious
    assert movement.may_follow(state, "exeter", "clifford")
    state["options"]["suspicious_margaret"] = False
    state["blocks"]["margaret"]["at"] = "kent"
    assert movement.may_follow(state, "exeter", "clifford")


def test_pb_1_4_shared_seats():
    """PB 1.4: Salisbury, Warwick and Montague share seats under one player; Margaret's host shares the
    red-rose seats; placement still follows RB 7.2.6."""
    state = cleared(2)
    salisbury_seat = next(s for s, v in board.data().board.shires.items() if "salisbury" in v.seats)
    assert not board.seat_reasons(state, "warwick", "york", salisbury_seat)
    state["options"]["shared_seats"] = True
    put(state, "salisbury", "york", "kent")
    put(state, "warwick", "york", "kent")
    assert board.seat_reasons(state, "warwick", "york", salisbury_seat) == {"salisbury"}
    state["blocks"]["salisbury"]["house"] = "lancaster"                   # not the same player: no sharing
    assert not board.seat_reasons(state, "warwick", "york", salisbury_seat)
    rose = next(s for s, v in board.data().board.shires.items() if "lancaster_rose" in v.seats)
    put(state, "clifford", "lancaster", "kent")
    put(state, "margaret", "lancaster", "kent", host="clifford")
    assert "lancaster_rose" in board.seat_reasons(state, "clifford", "lancaster", rose)


# ---- PB 1.5 team play --------------------------------------------------------------------------------------------
def test_pb_1_5_partners_are_friends():
    """PB 1.5: partners never fight nor intercept each other; a shire held by both is controlled by the one
    with more blocks (ties: RB 10.5.1) and counts as friendly to both."""
    state = cleared(4)
    state["teams"] = options.teams_of(list(HOUSES), "lancaster_buckingham")
    assert state["teams"] == [["lancaster", "buckingham"], ["york", "warwick"]]
    put(state, "clifford", "lancaster", "kent")
    put(state, "devon", "buckingham", "kent")
    put(state, "oxford", "buckingham", "kent")
    assert not board.contested(state, "kent")
    assert board.controller(state, "kent") == "buckingham"
    assert board.friendly(state, "kent", "lancaster") and board.friendly(state, "kent", "buckingham")
    assert movement.enemies_at(state, "lancaster", "kent") == 0
    neighbour = board.data().board.neighbours("kent")[0][0]
    assert "lancaster" not in reactions.interceptors(state, "buckingham", neighbour)
    put(state, "norfolk", "york", "kent")
    assert board.contested(state, "kent") and movement.enemies_at(state, "lancaster", "kent") == 1
    assert "kent" in [s for _, s in combat.battle_order(state)]


def test_pb_1_5_team_victory_example():
    """PB 1.5: the opponents have 23 VP, so a team needs 23 + ⌈11.5⌉ = 35; political: one Kingship more."""
    assert team_margin(23) == 35
    state = start("seeds_of_enmity", 4, options={"teams": "lancaster_buckingham"})
    state["vp"] = {"lancaster": 20, "buckingham": 15, "york": 13, "warwick": 10}
    assert team_economic(state) == ["lancaster", "buckingham"]
    state["vp"]["buckingham"] = 14
    assert team_economic(state) is None
    state["kingships"] = {"lancaster": 3, "buckingham": 2, "york": 4, "warwick": 0}
    assert team_political(state, 5) is None                             # 5 between them: one short
    state["kingships"]["buckingham"] = 3
    assert team_political(state, 5) == ["lancaster", "buckingham"]
    assert ENGINE.negotiations(state) == [("lancaster", "buckingham"), ("york", "warwick")]


# ---- PB 1.6 vote IP, RB 26.2 bidding without an eligible noble ------------------------------------------------------------
def test_pb_1_6_vote_ip_example():
    """PB 1.6 example: York earns 18 IP and has 24 votes: it takes 24 vote IP for the auctions, returns what
    is left (1) after the Offices phase, then collects its 18."""
    state = first_legal(start("seeds_of_enmity", 2, options={"vote_ip": True}), placed)
    state["flow"].append({"name": "offices", "at": 0, "ret": None, "local": {}})
    g = game(state)
    state["votes"] = {"lancaster": 0, "york": 24}
    state["income"]["york"] = 18
    stock, pool = sum(state["ip"]["york"]["stock"]), sum(state["ip"]["york"]["pool"])
    optional_rules.take_vote_ip(g)
    assert sum(state["vote_ip"]["york"]) == 24 and sum(state["ip"]["york"]["pool"]) == pool - 24
    assert optional_rules.bid_markers(state, "york") == state["vote_ip"]["york"]
    bid = max(t for t in parliament.reachable(state["vote_ip"]["york"]) if t < 24)   # markers limit the bids
    parliament.spend_bid(g, "york", parliament.markers_for(state["vote_ip"]["york"], bid))
    assert sum(state["vote_ip"]["york"]) == 24 - bid
    assert ENGINE.invariant_errors(state) == []                          # vote IP counts in the 100
    optional_rules.return_vote_ip(g)
    assert "vote_ip" not in state
    assert sum(state["ip"]["york"]["stock"]) == stock + 18 and sum(state["ip"]["york"]["pool"]) == pool - 18


def test_rb_26_2_bidding_without_an_eligible_noble():
    """RB 26.2 optional: any office but the Chancellor and the King may be bid for a house with no eligible
    noble; its winner leaves it vacant or gives it to an eligible attending noble."""
    state = first_legal(start("seeds_of_enmity", 2, options={"bid_without_noble": True}), placed)
    assert parliament.bids_without_noble(state, "admiral") and not parliament.bids_without_noble(state, "chancellor")
    state["flow"].append({"name": "award_office", "at": 0, "ret": None,
                          "local": {"role": "lancaster", "office": "admiral"}})
    for b, s in state["blocks"].items():
        if s["house"] == "york" and board.is_noble(b):
            s["status"] = "attending"
    actions = [a.id for a in ENGINE.legal_actions(state, "lancaster")]
    assert actions[-1] == "vacant" and any(a.startswith("give:") for a in actions)
    york_noble = next(a.split(":")[1] for a in actions if a.startswith("give:")
                      and state["blocks"][a.split(":")[1]]["house"] == "york")
    state = ENGINE.apply(state, "lancaster", f"give:{york_noble}").state
    assert state["offices"]["admiral"] == york_noble                       # held for York, its house


# ---- PB 1.7 London, PB 1.1 Exhaustion, RB 20.5.5 Where Art Thou? ----------------------------------------------------
def test_pb_1_7_occupation_of_london_example():
    """PB 1.7 example: full-strength French cost 3 support, full-strength Burgundians 2 more; only once."""
    state = cleared(2)
    state["options"]["london_occupation"] = True
    state["support"]["york"] = 9
    put(state, "french", "york", "london")
    g = game(state)
    optional_rules.london_occupation(g)
    assert state["support"]["york"] == 6
    put(state, "burgundians", "york", "london")
    optional_rules.london_occupation(g)
    assert state["support"]["york"] == 4
    optional_rules.london_occupation(g)
    assert state["support"]["york"] == 4


def exhausted_battle(retreat_for_attacker=True):
    state = cleared(2)
    state["options"]["exhaustion"] = True
    put(state, "clifford", "lancaster", "kent")
    put(state, "norfolk", "york", "kent")
    came = board.data().board.neighbours("kent")[0][0] if retreat_for_attacker else None
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["norfolk"], leader="norfolk", came=came), "lancaster": side(["clifford"])})
    combat_options.mark_round(g)
    return state, g


def test_pb_1_1_exhaustion_the_attacker_retreats():
    """PB 1.1: nobody scored a hit this round: the battle ends and the attacker must retreat."""
    state, g = exhausted_battle()
    assert combat_options.exhausted(g)
    assert state["flow"][-1]["name"] == "retreat" and state["flow"][-1]["local"]["role"] == "york"
    state, g = exhausted_battle()
    state["blocks"]["clifford"]["strength"] -= 1                         # a hit was scored: no exhaustion
    assert not combat_options.exhausted(g)


def test_pb_1_1_exhaustion_a_defender_that_holds_sends_the_attacker_to_undeclared(monkeypatch):
    state, g = exhausted_battle()
    monkeypatch.setattr("rules.crownofroses.retreat.retreat_places",
                        lambda state, b, house: [] if house == "york" else ["surrey"])
    assert combat_options.exhausted(g)
    assert state["flow"][-1]["name"] == "exhausted_defender"
    g = game(state)
    combat_options.ExhaustedDefender().on_hold(g, "lancaster")
    assert state["blocks"]["norfolk"]["status"] == "undeclared" and state["blocks"]["norfolk"]["house"] == "york"


def test_rb_20_5_5_where_art_thou_extends_the_engagement():
    """RB 20.5.5 optional: a winner with no retreat and the loser's reinforcements waiting: either side may
    fight on; the victory is cancelled and the loser's reinforcements form a new main body."""
    state = cleared(2)
    state["options"]["where_art_thou"] = True
    put(state, "clifford", "lancaster", "kent")
    put(state, "somerset", "lancaster", "kent")
    put(state, "norfolk", "york", "kent")
    lancaster = side([], engaged=[], leader=None)
    lancaster["reinf"] = ["somerset"]
    g = battle_frame(state, "kent", "york", "lancaster", {"york": side(["norfolk"], leader="norfolk"),
                                                           "lancaster": lancaster})
    b = combat.battle(g)
    b.update(over=True, winner="york")
    assert combat_options.offer_extension(g, "lancaster")
    assert state["flow"][-1]["name"] == "extend_engagement" and state["flow"][-1]["local"]["role"] == "lancaster"
    combat_options.ExtendEngagement().on_extend(game(state), "lancaster")
    assert b["over"] is False and b["winner"] is None
    state["options"]["where_art_thou"] = False
    assert not combat_options.offer_extension(g, "lancaster")


# ---- PB 3.4.9 #4 the draft --------------------------------------------------------------------------------------------
def test_pb_3_4_9_4_draft_order_and_draw():
    """PB 3.4.9 #4: houses without offices first (Buckingham, Warwick, York, Lancaster), then office holders
    by office (Warden … King); one Inactive noble each, at random."""
    state = first_legal(start("kingmaker", 4, options={"draft": True}), placed)
    # every house holds an office (PB 3.4 = PB 3.1.8): each draws at its highest office, the King last
    assert optional_rules.draft_order(state) == ["warwick", "york", "buckingham", "lancaster"]
    for office in state["offices"]:
        state["offices"][office] = None
    assert optional_rules.draft_order(state) == ["buckingham", "warwick", "york", "lancaster"]
    pool = [b for b in state["blocks"] if optional_rules.draftable(state, b)]
    assert pool and all(state["blocks"][b]["status"] == "inactive" for b in pool)
    assert "gloucester" not in pool and "march" not in pool               # heirs waiting for their card
    optional_rules.draft(game(state))
    drawn = [b for b in pool if state["blocks"][b]["status"] == "attending"]
    assert sorted(state["blocks"][b]["house"] for b in drawn) == sorted(HOUSES[:min(4, len(pool))])


def test_pb_1_5_joint_battle_commit_main_body_and_retreat():
    """PB 1.5 joint battles: the partner commits its blocks to the side; the combined main body stays within
    the leader's CR; a retreat takes the partner's blocks too, by a route the partner chooses."""
    from rules.crownofroses import retreat, team_battle
    state = cleared(4)
    state["teams"] = options.teams_of(list(HOUSES), "lancaster_buckingham")
    put(state, "clifford", "lancaster", "kent")
    put(state, "devon", "buckingham", "kent")
    put(state, "norfolk", "york", "kent")
    g = battle_frame(state, "kent", "york", "lancaster", {"york": side(["norfolk"], leader="norfolk"),
                                                          "lancaster": side([], engaged=["clifford"]),
                                                          "buckingham": side([], engaged=["devon"])})
    team_battle.offer_joint(g)
    assert state["flow"][-1]["name"] == "join_battle" and state["flow"][-1]["local"]["role"] == "buckingham"
    assert [a.id for a in ENGINE.legal_actions(state, "buckingham")] == ["commit:devon", "done"]
    team_battle.JoinBattle().on_commit(game(state), "buckingham", "devon")
    joint = combat.battle(g)["sides"]["lancaster"]
    assert joint["engaged"] == ["clifford", "devon"] and combat.battle(g)["sides"]["buckingham"]["engaged"] == []
    cr = board.command_rating(state, "clifford")
    assert max(len(body) for body in combat.bodies(state, {**joint, "leader": "clifford"})) == min(2, cr + 1)
    assert combat.chargers(state, {**joint, "main": ["clifford", "devon"]}) == []   # no partner heir ordered
    state["flow"].pop()
    state["flow"].append({"name": "retreat", "at": 0, "ret": None, "local": {
        "role": "lancaster", "house": "lancaster", "blocks": ["clifford", "devon"], "why": "retreats"}})
    route = retreat.retreat_places(state, combat.battle(g), "lancaster")[0]
    retreat.Retreat().on_to(game(state), "lancaster", route)
    assert state["blocks"]["clifford"]["at"] == route and state["blocks"]["devon"]["at"] == "kent"
    assert state["flow"][-1]["name"] == "retreat" and state["flow"][-1]["local"]["role"] == "buckingham"

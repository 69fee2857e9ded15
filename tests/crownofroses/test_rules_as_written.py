"""Issue 24: places where the engine departed from the printed rules, each checked against its rule."""

from __future__ import annotations

from rules.crownofroses import combat, phases
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_combat import battle_frame, cleared, put, side


def test_rb_20_4_1_the_defender_chooses_among_tied_highest_ranked_nobles():
    """RB 20.4.1: the defender's leader is the highest-ranking noble "(any one if tied)"; the 20.4.2 example
    has Fauconberg (rank 1, CR 3) lead three other blocks. Herbert, Scrope and Kent are rank 1 too, so the
    defender may pick Fauconberg and fight with all four."""
    state = cleared()
    force = ["fauconberg", "herbert", "kent", "scrope"]
    for b in force:
        put(state, b, "york", "kent")
    put(state, "beaumont", "lancaster", "kent")
    g = battle_frame(state, "kent", "lancaster", "york",
                     {"york": side(force), "lancaster": side(["beaumont"], leader="beaumont")})
    combat.choose_bodies(g)
    assert state["flow"][-1]["name"] == "main_body"
    options = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    everyone = "body:fauconberg+herbert+kent+scrope"
    assert everyone in options and options[everyone].startswith("Fauconberg")
    assert "leads" in options[everyone]
    assert "body:scrope+fauconberg" in options                   # or Scrope leads, with one block (CR 1)
    state["flow"].pop()
    state["flow"][-1]["ret"] = {"york": everyone, "lancaster": "body:beaumont"}
    combat.settle_main_body(ENGINE.game(state))
    york = state["flow"][-1]["local"]["sides"]["york"]
    assert york["leader"] == "fauconberg" and york["main"] == force


def test_rb_13_1_b_affairs_of_state_counts_among_the_mandatory_events():
    """RB 13.1 (b) example: York holds Affairs of State and one other Mandatory Event among six cards; with
    5 impulses it need play neither before impulse 4, but in impulse 4 it must play one of them (the
    second in the last impulse) — Affairs of State counts as one of the two."""
    from rules.crownofroses import operations
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start(), placed)
    state["zones"]["hand:york"] = ["op57", "op58", "op1", "op2", "op3", "op4"]
    state["impulses"] = 5
    state["impulse"] = 3
    assert {c for c, _ in operations.command_options(state, "york")} == set(state["zones"]["hand:york"])
    state["impulse"] = 4
    assert {c for c, _ in operations.command_options(state, "york")} == {"op57", "op58"}
    state["zones"]["hand:york"] = ["op57", "op1", "op2"]                 # Embassy played in impulse 4
    state["impulse"] = 5
    assert {c for c, _ in operations.command_options(state, "york")} == {"op57"}


def test_pb_3_1_6_unavailable_shrewsbury_may_be_influenced_on_turn_1():
    """PB 3.1.6: Shrewsbury is Unavailable on turn 1 (face up on the Roll of Parliament); he does not attend
    Parliament that turn "but may be influenced normally". A noble Unavailable for any other reason (killed
    later, RB 19.0) may not."""
    from rules.crownofroses import operations
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start("seeds_of_enmity", 2), placed)
    assert state["blocks"]["shrewsbury"]["status"] == "unavailable"
    assert "shrewsbury" in operations.influence_targets(state, "lancaster")
    state["turn"] += 1                                            # killed in a later turn: barred (RB 19.0)
    assert "shrewsbury" not in operations.influence_targets(state, "lancaster")


def test_rb_6_1_the_last_two_houses_losing_their_heirs_together_nobody_wins(monkeypatch):
    """RB 6.1: "if the last two players with heirs lose all their heirs in the same combat round, neither
    achieves a military victory" (DECISIONS 49). York's and Lancaster's last heirs are eliminated in one
    engagement and both are killed on the Elimination Chart."""
    from rules.crownofroses import board, common
    from tests.crownofroses.test_combat import make_heir
    state = cleared()
    d = board.data()
    for h in ("york", "lancaster"):
        state["heir_cards"][h] = []
        for zone in (f"hand:{h}", f"play:{h}"):
            state["zones"][zone] = [c for c in state["zones"][zone]
                                    if not (c in d.house_cards and d.house_card(c).type == "heir")]
    put(state, "march", "york", "kent", 1)
    put(state, "exeter", "lancaster", "kent", 1)
    for h, heir in (("york", "march"), ("lancaster", "exeter")):
        make_heir(state, h, heir)
        state["zones"][f"play:{h}"].append(d.block(heir).heir.card)
    york, lancaster = side([], engaged=["march"]), side([], engaged=["exeter"])
    york["eliminated"], lancaster["eliminated"] = ["march"], ["exeter"]
    g = battle_frame(state, "kent", "york", "lancaster", {"york": york, "lancaster": lancaster})
    combat.battle(g).update(over=True, winner=None)
    monkeypatch.setattr(common, "d6", lambda g: 1)                 # both Killed
    combat.after_engagement(g)
    assert state["blocks"]["march"]["status"] == "out" and state["blocks"]["exeter"]["status"] == "out"
    assert state["pending_result"]["winners"] == []
    assert "no military victory" in state["pending_result"]["reason"]


def _muster_event(strengths, card="op28"):
    """York plays ``card`` with Norfolk and Essex in Norfolk and Kent in Kent at the given strengths, adding
    every step it can; returns (state, every log entry)."""
    from rules.core.contract import Context
    from tests.crownofroses.eventkit import hold, play_event, top
    state = cleared()
    for (block, shire), strength in zip((("norfolk", "norfolk"), ("essex", "norfolk"), ("kent", "kent")), strengths):
        put(state, block, "york", shire, strength)
    put(state, "beaumont", "lancaster", "oxford")
    hold(state, "york", card)
    ctx = Context()
    original = ENGINE.game
    ENGINE.game = lambda s, c=None: original(s, ctx)
    try:
        state = play_event(state, "york", card)
    finally:
        ENGINE.game = original
    entries = list(ctx.entries)
    while top(state) == "muster_each":
        actions = [a.id for a in ENGINE.legal_actions(state, "york")]
        out = ENGINE.apply(state, "york", next((a for a in actions if a.startswith("step:")), "done"))
        state, entries = out.state, entries + list(out.log)
    return state, entries


def test_cards_28_29_musters_keep_the_hidden_strengths_secret():
    """Secrecy (RB 8.0, DECISIONS 129): Call to Arms (#28) and Good Men of England (#29) ask the house
    even when all its nobles are at full strength, and tell the number of steps to the house alone; so
    changing the hidden strengths changes nothing Lancaster or a spectator sees."""
    for card in ("op28", "op29"):
        seen = []
        for strengths in ((4, 3, 2), (1, 2, 1)):      # all at full strength / all damaged
            state, entries = _muster_event(strengths, card)
            public = [e.text for e in entries if e.visible_to(None)]
            theirs = [e.text for e in entries if e.visible_to("lancaster")]
            seen.append((public, theirs, ENGINE.view(state, "lancaster"), ENGINE.view(state, None)))
            assert not any("step" in line for line in public)
        assert seen[0] == seen[1]
    state, entries = _muster_event((1, 2, 1))
    assert sum(state["blocks"][b]["strength"] for b in ("norfolk", "essex", "kent")) == 4 + 2   # a step a shire
    assert any(e.text.startswith("You muster 2 steps") and not e.visible_to("lancaster") for e in entries)


def test_rb_16_1_exeter_example_costs_four_mp_on_the_engine():
    """RB 16.1 example, played on the engine: non-heir Exeter leads Derby (Stanley) Derby -> Stafford ->
    Shropshire for 2 of his 4 MP, drops Derby and picks up Fauconberg and Hastings (Lancastrian blocks in
    Shropshire); 1 MP on a safe road to Powys (Lancaster and Northumberland there, neither of whom he may
    lead); drops Hastings and returns with Fauconberg to Shropshire for the last MP (safe road: Derby is
    there). Stafford, loyal to Buckingham, is not Lancaster's."""
    from tests.crownofroses.eventkit import do, ids
    state = cleared()
    card = combat.data().block("exeter").heir.card
    state["heir_cards"]["lancaster"] = [c for c in state["heir_cards"]["lancaster"] if c != card]
    for block, at in (("exeter", "derby"), ("stanley", "derby"), ("fauconberg", "shropshire"),
                      ("hastings", "shropshire"), ("lancaster", "powys"), ("northumberland", "powys")):
        put(state, block, "lancaster", at)
    state["moved"], state["forced"] = [], []
    state["step"] = {"house": "lancaster", "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["flow"] = [{"name": "march", "at": 0, "ret": None,
                      "local": {"role": "lancaster", "leader": "exeter", "stack": ["exeter"], "at": "derby",
                                "start": "derby", "mp": 8, "sea": False, "dropped": [], "entered_enemy": False,
                                "forced": False}}]

    def mp():
        return state["flow"][-1]["local"]["mp"] / 2

    state = do(state, "lancaster", "pickup:stanley")
    state = do(state, "lancaster", "go:stafford:land")
    state = do(state, "lancaster", "go:shropshire:land")
    assert mp() == 2                                                   # "2 of his 4 MP"
    state = do(state, "lancaster", "drop:stanley")
    state = do(state, "lancaster", "pickup:fauconberg")
    state = do(state, "lancaster", "pickup:hastings")
    assert "pickup:stanley" not in ids(state, "lancaster")             # Fauconberg's CR 3 is not Exeter's
    state = do(state, "lancaster", "go:powys:land")
    assert mp() == 1                                                   # safe road, 1 MP
    assert not {"pickup:lancaster", "pickup:northumberland"} & set(ids(state, "lancaster"))
    state = do(state, "lancaster", "drop:hastings")
    state = do(state, "lancaster", "go:shropshire:land")
    assert mp() == 0                                                   # safe road back: all 4 MP spent


def test_rb_26_4_a_tie_for_the_lowest_income_goes_to_the_tie_breaker():
    """RB 26.4: a Chancellorship nobody won goes to the player with the lowest IP income who has an eligible
    noble; ties are broken by the tie-breaker (RB 10.5.1: the King's controller), not by seat order
    (DECISIONS 48)."""
    from rules.crownofroses import parliament
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start("seeds_of_enmity", 3), placed)
    for b, house in (("beaumont", "lancaster"), ("norfolk", "york"), ("devon", "buckingham")):
        state["blocks"][b].update(status="attending", house=house, at=None, host=None)
    state["offices"].update({k: None for k in state["offices"]})
    state["offices"]["king"] = "buckingham"
    state["blocks"]["buckingham"]["house"] = "buckingham"
    state["income"].update(lancaster=3, york=3, buckingham=6)
    state["flow"].append({"name": "auction_office", "at": 3, "ret": None,
                          "local": {"office": "chancellor", "totals": {}, "tried": []}})
    parliament.award(ENGINE.game(state))
    top = state["flow"][-1]
    assert top["name"] == "choose_first"
    assert top["local"]["role"] == "buckingham" and top["local"]["tied"] == ["lancaster", "york"]
    out = ENGINE.apply(state, "buckingham", "first:york")
    # York goes first; its one eligible noble takes the office (the engine answers a one-answer question)
    assert out.automatic == (("york", "choose_holder"),) and out.state["offices"]["chancellor"] == "norfolk"


def _later_engagement():
    """Kent after York beat Lancaster: York's Norfolk won with Essex and Kent waiting as reinforcements;
    Buckingham's Devon is still there, so York attacks it in a new engagement (RB 20.6.2)."""
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start("seeds_of_enmity", 3), placed)
    for s in state["blocks"].values():
        if s["status"] == "map":
            s.update(status="inactive", at=None, host=None)
    state["entries"] = {}
    for b in ("norfolk", "essex", "kent"):
        put(state, b, "york", "kent")
    put(state, "devon", "buckingham", "kent")
    york = side([], engaged=["norfolk"])
    york["reinf"] = ["essex", "kent"]
    sides = {"york": york, "lancaster": side([], engaged=[]), "buckingham": side([], engaged=["devon"])}
    g = battle_frame(state, "kent", "york", "lancaster", sides)
    state["flow"][-1]["at"] = 2                                    # inside "fight"
    combat.battle(g).update(houses=["york", "lancaster", "buckingham"], over=True, winner="york")
    return state, g


def test_rb_20_6_2_the_winner_may_bring_one_reinforcement_group_before_the_next_engagement():
    """RB 20.6.2: before a further engagement "the winner MAY bring in one reinforcement group" (20.3.1: a
    leader and up to his CR, in any combination): the winner chooses the group, or none (DECISIONS 58)."""
    state, g = _later_engagement()
    combat.fight(g)
    assert state["flow"][-1]["name"] == "reinforce" and state["flow"][-1]["local"]["role"] == "york"
    assert "none" in [a.id for a in ENGINE.legal_actions(state, "york")]
    state = ENGINE.apply(state, "york", "none").state
    frame = next(f for f in state["flow"] if f["name"] == "battle")["local"]
    assert frame["attacker"] == "york" and frame["defender"] == "buckingham"
    assert frame["sides"]["york"]["engaged"] == ["norfolk"] and frame["sides"]["york"]["reinf"] == ["essex", "kent"]

    state, g = _later_engagement()
    combat.fight(g)
    state = ENGINE.apply(state, "york", "lead:kent").state          # Kent (rank 1, CR 1) leads, not Essex
    state = ENGINE.apply(state, "york", "done").state
    frame = next(f for f in state["flow"] if f["name"] == "battle")["local"]
    assert frame["sides"]["york"]["engaged"] == ["norfolk", "kent"] and frame["sides"]["york"]["reinf"] == ["essex"]


def test_pb_3_3_9_3_lancaster_may_bring_rivers_in_on_turn_7():
    """PB 3.3.9 #3: Lancaster "may" bring Rivers into play on turn 7 even if nobody bid on him: Lancaster is
    asked, and may decline (DECISIONS 218)."""
    from rules.crownofroses import scenario_rules
    from tests.crownofroses.test_engine import first_legal, placed, start
    for answer, status in (("bring", "attending"), ("leave", "inactive")):
        state = first_legal(start("cruel_thorns", 2), placed)
        state["blocks"]["rivers"].update(status="inactive", house=None)
        state["turn"] = 7
        state["flow"].append({"name": "royal", "at": 3, "ret": None, "local": {}})
        scenario_rules.rivers_enters(ENGINE.game(state))
        assert state["flow"][-1]["name"] == "rivers_entry" and ENGINE.active_roles(state) == ["lancaster"]
        assert sorted(a.id for a in ENGINE.legal_actions(state, "lancaster")) == ["bring", "leave"]
        state = ENGINE.apply(state, "lancaster", answer).state
        assert state["blocks"]["rivers"]["status"] == status


def test_cards_28_29_a_step_never_ends_the_muster_on_hidden_strengths():
    """Fuzz finding (kingmaker 2p, seed 9103): after a step in one shire the muster ended by itself when no
    noble elsewhere could take one, so the public "musters" line came at once or not, by hidden strengths.
    It ends by itself only when every shire has had its step; otherwise the house says Done."""
    from tests.crownofroses.eventkit import hold, play_event
    seen = []
    for kent in (1, 2):                                  # Kent damaged / at full strength (hidden)
        state = cleared()
        put(state, "norfolk", "york", "norfolk", 1)
        put(state, "kent", "york", "kent", kent)
        hold(state, "york", "op29")
        state = play_event(state, "york", "op29")
        out = ENGINE.apply(state, "york", "step:norfolk:norfolk")
        seen.append(([e.text for e in out.log if e.visible_to("lancaster")], ENGINE.active_roles(out.state)))
    assert seen[0] == seen[1]


def _march(state, house, leader, at, mp=8):
    state["moved"], state["forced"] = [], []
    state["step"] = {"house": house, "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["flow"] = [{"name": "march", "at": 0, "ret": None,
                      "local": {"role": house, "leader": leader, "stack": [leader], "at": at, "start": at, "mp": mp,
                                "sea": False, "dropped": [], "entered_enemy": False, "forced": False}}]


def test_rb_14_2_1_friendly_rebels_two_steps_are_distributed_by_the_player():
    """RB 14.2.1 #6: a friendly stack entering the rebels' shire "adds 2 steps distributed freely among the
    entering blocks" (not beyond full strength): the player distributes them (DECISIONS 113), and how many
    were added stays the player's (the strengths are hidden)."""
    from tests.crownofroses.eventkit import do, ids
    state = cleared()
    put(state, "norfolk", "york", "essex", 2)             # 2 of 4 steps
    put(state, "suffolk", "york", "essex", 1)             # 1 of 3
    state["rebels"] = {"suffolk": "york"}
    _march(state, "york", "norfolk", "essex")
    state = do(state, "york", "pickup:suffolk")
    log = []
    state = do(state, "york", "go:suffolk:land", log)
    assert sorted(ids(state, "york")) == ["rebel:norfolk", "rebel:suffolk", "rebel_done"]
    state = do(state, "york", "rebel:suffolk", log)
    state = do(state, "york", "rebel:suffolk", log)
    assert state["blocks"]["suffolk"]["strength"] == 3 and state["blocks"]["norfolk"]["strength"] == 2
    assert "stop" in ids(state, "york")                   # the move goes on
    public = [e.text for e in log if e.visible_to("lancaster")]
    assert not any("2 steps" in line or "+2" in line for line in public)


def test_rb_20_4_3_a_mercenary_left_alone_swears_to_the_winner_with_its_card():
    """RB 20.4.3: a side whose only block left is a mercenary abandons the field; "the winner takes the
    mercenary card" and attaches the block to a suitable noble of the winning force."""
    from rules.core import cards
    from rules.crownofroses.events import add_lasting
    state = cleared()
    put(state, "norfolk", "york", "kent")
    put(state, "french", "lancaster", "kent", host=None)
    cards.move(state, "op52", cards.where(state, "op52"), "play:lancaster")
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["norfolk"]), "lancaster": side(["french"])})
    add_lasting(g, "mercenary", "royal", card="op52", block="french")
    combat.defect(g, "lancaster", "york")
    assert state["blocks"]["french"]["house"] == "york" and state["blocks"]["french"]["host"] == "norfolk"
    assert "op52" in state["zones"]["play:york"] and "op52" not in state["zones"]["play:lancaster"]


def test_rb_20_4_3_the_winner_chooses_the_mercenarys_host():
    """RB 20.4.3: the winner attaches the mercenary "to a suitable noble of the winning force": with two
    nobles able to host, the winner is asked (DECISIONS 64)."""
    state = cleared()
    put(state, "norfolk", "york", "kent")
    put(state, "essex", "york", "kent")
    put(state, "french", "lancaster", "kent")
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["norfolk", "essex"]), "lancaster": side(["french"])})
    state["flow"][-1]["at"] = 2
    combat.defect(g, "lancaster", "york")
    combat.battle(g).update(over=True, winner="york")
    combat.fight(g)
    assert state["flow"][-1]["name"] == "mercenary_host"
    assert sorted(a.id for a in ENGINE.legal_actions(state, "york")) == ["host:essex", "host:norfolk"]
    out = ENGINE.apply(state, "york", "host:essex")
    state = out.state
    assert state["blocks"]["french"]["host"] == "essex"
    assert not any("Essex" in e.text for e in out.log if e.visible_to("lancaster"))   # a face-down block

    state = cleared()                                    # one possible host: asked all the same (secrecy)
    put(state, "norfolk", "york", "kent")
    put(state, "french", "lancaster", "kent")
    g = battle_frame(state, "kent", "york", "lancaster", {"york": side(["norfolk"]), "lancaster": side(["french"])})
    state["flow"][-1]["at"] = 2
    combat.defect(g, "lancaster", "york")
    combat.battle(g).update(over=True, winner="york")
    combat.fight(g)
    assert state["flow"][-1]["name"] == "mercenary_host"


def test_rb_9_1_making_change_while_placing_influence():
    """RB 9.1: a player may exchange stock markers for unclaimed-pool markers of equal total value (never
    zeros), e.g. to place more markers than it holds (DECISIONS 46). Others see only the marker counts. A
    lone stock marker's change is offered at the spend question, before the influence (DECISIONS 229)."""
    from rules.crownofroses.operations import influence_targets
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start(), placed)
    state["ip"]["york"]["stock"], state["ip"]["york"]["pool"] = [5], [0, 2, 3, 1, 1]
    state["step"] = {"house": "york", "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["flow"].append({"name": "spend", "at": 0, "ret": None,
                          "local": {"role": "york", "ops": 1, "card": None}})
    noble = influence_targets(state, "york")[0]
    ids = [a.id for a in ENGINE.legal_actions(state, "york")]
    assert {"change:5:3+2", "change:5:3+1+1", f"influence:{noble}"} <= set(ids)
    assert "change:5:2+1+1+1" not in ids                 # only two 1s in the pool
    out = ENGINE.apply(state, "york", "change:5:3+2")
    state = out.state
    assert sorted(state["ip"]["york"]["stock"]) == [2, 3] and sorted(state["ip"]["york"]["pool"]) == [0, 1, 1, 5]
    assert [e.text for e in out.log if e.visible_to("lancaster")] == [
        "York makes change: 1 IP marker for 2 from its unclaimed pool (RB 9.1)."]
    assert state["flow"][-1]["local"]["ops"] == 1        # making change costs no OPS
    state = ENGINE.apply(state, "york", f"influence:{noble}").state
    state = ENGINE.apply(state, "york", "ip:2").state
    state = ENGINE.apply(state, "york", "ip:3").state
    assert state["rop"][noble]["york"] == [2, 3]


def test_issue_33_a_lone_marker_or_a_single_one_in_one_answer():
    """RB 19.0 (issue 33, DECISIONS 227, 229): a lone stock marker is placed without a question of its own
    (its change was offered before), and with several markers "place a single one" is one answer."""
    from rules.crownofroses.operations import influence_targets
    from tests.crownofroses.test_engine import first_legal, placed, start
    state = first_legal(start(), placed)
    state["ip"]["york"]["stock"], state["ip"]["york"]["pool"] = [1], [0, 2, 3, 1, 1]
    state["step"] = {"house": "york", "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["flow"].append({"name": "spend", "at": 0, "ret": None,
                          "local": {"role": "york", "ops": 2, "card": None}})
    noble = influence_targets(state, "york")[0]
    state = ENGINE.apply(state, "york", f"influence:{noble}").state
    assert state["rop"][noble]["york"] == [1] and state["flow"][-1]["name"] == "spend"
    state["ip"]["york"]["stock"] = [2, 2]
    state = ENGINE.apply(state, "york", f"influence:{noble}").state
    assert sorted(a.id for a in ENGINE.legal_actions(state, "york") if not a.id.startswith("change")) == [
        "ip:2", "one:2"]
    state = ENGINE.apply(state, "york", "one:2").state
    assert state["rop"][noble]["york"] == [1, 2] and state["ip"]["york"]["stock"] == [2]


def _at_cleanup(hands):
    """A position at RB 28.2's carry-over: each house's operations cards are ``hands[house]`` (its house
    cards stay in hand); York's limit is 1 (his heir card), Lancaster's 2 (Margaret's card)."""
    from rules.core import cards
    from rules.core.contract import Context
    state = cleared()
    for house in state["houses"]:
        for c in phases.operations_cards(state, house):
            cards.move(state, c, f"hand:{house}", "deck")
        for c in hands.get(house, ()):
            cards.move(state, c, cards.where(state, c), f"hand:{house}")
    state["phase"] = "cleanup"
    state["flow"] = [{"name": "game", "at": 2, "local": {}, "ret": None},
                     {"name": "turn", "at": 8, "local": {}, "ret": None},
                     {"name": "cleanup", "at": 1, "local": {}, "ret": None}]
    ENGINE.game(state, Context()).run()
    return state


def _asked_to_keep(state, house):
    return ENGINE.waiting(state)["decision"] == "keep_cards" and house in ENGINE.active_roles(state)


def test_rb_28_2_whether_cleanup_asks_does_not_tell_the_hand():
    """RB 28.2 (issue 24, fuzz seed 60092): Mandatory Events are kept and count towards the limit, so with
    two Mandatory Events York has nothing to choose; with two alliances he chooses one. Which cards he holds
    is his secret (the number of operations cards is public, RB 13.0), so he is asked either way and
    Lancaster sees the same; the question is put all the same (DECISIONS 232)."""
    from rules.core import secrecy
    choosing = _at_cleanup({"york": ["op15", "op20"]})
    forced = _at_cleanup({"york": ["op57", "op58"]})
    assert _asked_to_keep(choosing, "york") and _asked_to_keep(forced, "york")
    assert [a.id for a in ENGINE.legal_actions(forced, "york")] == ["done"]
    assert ENGINE.forced_answer(forced, "york") is None
    seen = [secrecy.observations(ENGINE, s, readers=["lancaster", None]) for s in (choosing, forced)]
    assert seen[0] == seen[1]
    assert secrecy.invariance_problems(ENGINE, forced) == []
    assert secrecy.invariance_problems(ENGINE, choosing, ("york", "keep:op15")) == []


def test_rb_28_2_cleanup_asks_nobody_without_operations_cards_or_a_limit():
    """RB 28.2: house cards are always kept and are public (RB 10.2), so a house holding only house cards is
    not asked; once York's chosen cards reach his limit, "discard the rest" is his only answer in everyone's
    eyes and is taken for him."""
    state = _at_cleanup({})
    assert not _asked_to_keep(state, "york") and not _asked_to_keep(state, "lancaster")
    state = _at_cleanup({"york": ["op15", "op20"]})
    state = ENGINE.apply(state, "york", "keep:op15").state
    assert not _asked_to_keep(state, "york")
    assert state["carried"]["york"] == 1 and "op15" in state["zones"]["hand:york"]
    assert "op20" in state["zones"]["discard"]

"""Issue 24: RB 10.5.1 — the King "breaks all ties" (with no King, the highest office, else the turn's decider).
Ties the engine used to settle by impulse or seat order are now the tie-breaker's decision (DECISIONS 55,
57, 111, 112)."""

from __future__ import annotations

from rules.crownofroses import board
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.eventkit import cleared, do, hold, ids, play_event, put, top


def three_houses():
    """Three houses; the King is Henry VI, Lancaster's, so Lancaster breaks ties; York acts first."""
    state = cleared(players=3)
    state["order"] = ["york", "buckingham", "lancaster"]
    assert board.tiebreaker(state) == "lancaster"
    return state


def tie_question(state):
    frame = state["flow"][-1]
    assert frame["name"] == "choose_first", frame["name"]
    return frame["local"]["role"], frame["local"]["tied"]


def test_rb_16_5_when_two_houses_try_to_intercept_the_king_chooses_who_tries():
    """RB 16.5 allows one interception attempt per shire entered; two houses answering tie, so the King's
    house chooses (RB 10.5.1), not impulse order (DECISIONS 55)."""
    state = three_houses()
    put(state, "essex", "york", "devon")
    put(state, "beaumont", "lancaster", "somerset")
    put(state, "stafford", "buckingham", "cornwall")
    march = {"name": "march", "at": 0, "ret": None, "local": {"role": "york", "stack": ["essex"], "mp": 4,
                                                               "at": "devon", "start": "dorset",
                                                               "leader": "essex", "sea": False, "dropped": [], "entered_enemy": False, "forced": False}}
    approach = {"name": "approach", "at": 0, "ret": None,
                "local": {"role": "york", "place": "devon", "stack": ["essex"]}}
    state["flow"] = [march, approach]
    ENGINE.game(state).run()
    assert top(state) == "intercept"
    state = do(state, "buckingham", "intercept:stafford")
    state = do(state, "lancaster", "intercept:beaumont")
    assert tie_question(state) == ("lancaster", ["buckingham", "lancaster"])
    assert ids(state, "lancaster") == ["first:buckingham", "first:lancaster"]
    out = ENGINE.apply(state, "lancaster", "first:lancaster")
    # Lancaster's lone Beaumont forms the stack (the only choice, taken by the engine) and rolls
    assert out.automatic == (("lancaster", "form_stack"),)
    assert any(e.text.startswith("Lancaster tries to intercept") for e in out.log)
    assert not any(e.text.startswith("Buckingham tries") for e in out.log)


def uprising_in_stafford(state):
    hold(state, "buckingham", "B2")
    state = play_event(state, "buckingham", "B2")
    state = do(state, "buckingham", "shire:stafford")
    assert top(state) == "respond" and state["flow"][-1]["local"]["office"] is True
    for h in ("york", "buckingham", "lancaster"):
        state = do(state, h, "pass")
    assert top(state) == "respond" and state["flow"][-1]["local"]["office"] is False
    return state


def test_rb_14_2_1_two_volunteers_the_king_chooses_who_responds():
    """RB 14.2.1: nobles with a seat in the shire may respond; York's Shrewsbury and Lancaster's Audley
    both volunteer for Buckingham's Rebellion in Stafford. The King (Lancaster) breaks the tie (RB 10.5.1)
    and sends Audley, although York is earlier in impulse order (DECISIONS 112)."""
    state = three_houses()
    put(state, "shrewsbury", "york", "shropshire")
    put(state, "audley", "lancaster", "derby")
    state = uprising_in_stafford(state)
    state = do(state, "york", "noble:shrewsbury")
    state = do(state, "buckingham", "pass")
    state = do(state, "lancaster", "noble:audley")
    assert tie_question(state) == ("lancaster", ["york", "lancaster"])
    out = ENGINE.apply(state, "lancaster", "first:lancaster")
    lines = [e.text for e in out.log]
    assert "Audley (Lancaster) responds in Stafford." in lines        # (the raid's dice then decide his fate)
    assert not any(line.startswith("Shrewsbury") for line in lines)
    assert out.state["blocks"]["shrewsbury"]["at"] == "shropshire"


def test_rb_14_2_1_a_tie_for_most_blocks_there_is_the_kings_to_break():
    """RB 14.2.1: with no volunteer and no Writ, the house with most blocks in the shire must respond; York
    and Lancaster have one noble each in Stafford, so the King chooses which (DECISIONS 112)."""
    state = three_houses()
    put(state, "norfolk", "york", "stafford")
    put(state, "beaumont", "lancaster", "stafford")
    state = uprising_in_stafford(state)
    for h in ("york", "buckingham", "lancaster"):
        state = do(state, h, "pass")
    assert top(state) == "raid_writ"
    state = do(state, "lancaster", "pass")
    assert tie_question(state) == ("lancaster", ["york", "lancaster"])
    out = ENGINE.apply(state, "lancaster", "first:york")
    # York must respond with its one noble there: the only choice, which the engine takes (issue 33)
    assert ("york", "must_respond") in out.automatic
    assert any(e.text.startswith("Norfolk (York) responds in Stafford") for e in out.log)


def test_rb_10_5_1_two_writs_for_one_event_the_king_orders_them():
    """RB 10.5.1: the King and the controller of Margaret (in England) may both issue a Writ; "if several
    players want to Writ the same event, the tie-break rule decides who may" — asked of the King
    (DECISIONS 111), who may let Margaret's Writ go first."""
    state = three_houses()
    put(state, "margaret", "york", "kent")
    put(state, "norfolk", "york", "essex")
    put(state, "beaumont", "lancaster", "surrey")
    put(state, "devon", "buckingham", "sussex")
    from rules.crownofroses.phases import card_ops
    three = [c for c in state["zones"]["deck"] if c.startswith("op") and card_ops(c) == 3]
    hold(state, "york", three[0])
    hold(state, "lancaster", three[1])
    state = uprising_in_stafford(state)
    for h in ("york", "buckingham", "lancaster"):
        state = do(state, h, "pass")
    assert top(state) == "raid_writ"
    writs = {h: [a for a in ids(state, h) if a.startswith("writ:")] for h in ("york", "lancaster")}
    assert writs["york"] and writs["lancaster"]
    state = do(state, "york", next(a for a in writs["york"] if a.endswith(":devon")))
    state = do(state, "lancaster", next(a for a in writs["lancaster"] if a.endswith(":norfolk")))
    assert tie_question(state) == ("lancaster", ["lancaster", "york"])
    state = do(state, "lancaster", "first:york")
    assert state["blocks"]["devon"]["at"] == "stafford"
    assert state["blocks"]["norfolk"]["at"] == "essex"


def test_rb_20_1_houses_that_moved_nothing_in_are_ordered_by_the_king():
    """RB 20.1: the last house to move in attacks first, "last in, first out"; Lancaster and Buckingham both
    sat in Kent before York entered, so which of them York engages first is a tie the King breaks
    (RB 10.5.1; DECISIONS 57), here Buckingham first."""
    from rules.crownofroses import movement
    state = three_houses()
    put(state, "beaumont", "lancaster", "kent")
    put(state, "devon", "buckingham", "kent")
    put(state, "norfolk", "york", "kent")
    movement.record_entry(state, "york", "kent", ["norfolk"], "norfolk", "surrey")
    state["flow"] = [{"name": "battle", "at": 0, "ret": None, "local": {"shire": "kent"}}]
    ENGINE.game(state).run()
    assert tie_question(state) == ("lancaster", ["lancaster", "buckingham"])
    state = do(state, "lancaster", "first:buckingham")
    battle = next(f for f in state["flow"] if f["name"] == "battle")["local"]
    assert battle["houses"] == ["york", "buckingham", "lancaster"]
    assert battle["attacker"] == "york" and battle["defender"] == "buckingham"


def test_rb_14_2_1_rebel_hits_that_tie_are_the_owners_choice(monkeypatch):
    """RB 14.2.1 #6: an enemy stack entering the rebels' shire takes one line-battle roll; its hits go to the
    strongest block, "if tied, the owner chooses" (RB 20.5.3) — asked mid-move, not by stack order
    (DECISIONS 113). Norfolk and Suffolk both roll 3 dice; Oxford is loyal to nobody, SV 2: GG, two hits."""
    from rules.core import rng
    from tests.crownofroses.test_rules_as_written import _march
    state = cleared()
    put(state, "norfolk", "york", "buckingham", 3)
    put(state, "suffolk", "york", "buckingham", 3)
    state["rebels"] = {"oxford": "lancaster"}
    monkeypatch.setattr(rng, "roll", lambda state, count=1, sides=6: [6] * count)
    _march(state, "york", "norfolk", "buckingham")
    state = do(state, "york", "pickup:suffolk")
    log = []
    state = do(state, "york", "go:oxford:land", log)
    assert sorted(ids(state, "york")) == ["rebel_hit:norfolk", "rebel_hit:suffolk"]
    state = do(state, "york", "rebel_hit:suffolk", log)
    assert state["blocks"]["suffolk"]["strength"] == 2            # then Norfolk is the strongest: no question
    assert state["blocks"]["norfolk"]["strength"] == 2
    assert "stop" in ids(state, "york")                            # both hits taken: the move goes on
    public = [e.text for e in log if e.visible_to("lancaster")]
    assert not any("loses a step" in line for line in public)   # strengths stay hidden


def test_rb_6_1_last_heirs_lost_to_a_charge_and_to_the_line_battle_of_one_round_nobody_wins(monkeypatch):
    """RB 6.1: "if the last two players with heirs lose all their heirs in the same combat round, neither
    achieves a military victory". March, York's last heir, charges Exeter, Lancaster's last heir, and falls
    to Exeter's counter-roll; in the line battle of the same round Warwick's hit eliminates Exeter, killed
    on the Elimination Chart. The round's eliminations are one moment: nobody wins (DECISIONS 49)."""
    from rules.crownofroses import combat, common
    from tests.crownofroses.test_combat import battle_frame, make_heir, side
    state = cleared()
    d = board.data()
    for h in ("york", "lancaster"):
        state["heir_cards"][h] = []
        for zone in (f"hand:{h}", f"play:{h}"):
            state["zones"][zone] = [c for c in state["zones"][zone]
                                    if not (c in d.house_cards and d.house_card(c).type == "heir")]
    put(state, "march", "york", "kent", 1)
    put(state, "warwick", "york", "kent")
    put(state, "exeter", "lancaster", "kent", 1)
    for h, heir in (("york", "march"), ("lancaster", "exeter")):
        make_heir(state, h, heir)
        state["zones"][f"play:{h}"].append(d.block(heir).heir.card)
    g = battle_frame(state, "kent", "york", "lancaster",
                     {"york": side(["march", "warwick"]), "lancaster": side(["exeter"])})
    combat.battle(g)["charges"] = {"york": ["march", "exeter"]}
    hits = {"march": 0, "exeter": 1, "warwick": 1}
    monkeypatch.setattr(combat, "roll_hits", lambda g, block, bonus=0, **_: hits[block])
    monkeypatch.setattr(common, "d6", lambda g: 1)                 # every Elimination Chart roll: Killed
    combat.resolve_charges(g)
    assert state["blocks"]["march"]["status"] == "out"
    assert not state.get("pending_result")                        # Lancaster has not won yet
    combat.line_battle(g)
    while any(n > 0 for n in combat.battle(g)["hits"].values()):
        combat.take_hits(g)                                        # one hit a call; Warwick takes Exeter's
    assert combat.battle(g)["sides"]["lancaster"]["eliminated"] == ["exeter"]
    combat.round_removals(g)
    assert state["blocks"]["exeter"]["status"] == "out"
    assert state["pending_result"]["winners"] == []
    assert "no military victory" in state["pending_result"]["reason"]
    assert not state.get("removals_together")

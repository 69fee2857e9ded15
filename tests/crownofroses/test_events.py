"""Crown of Roses: the operations cards' events (RB 14, card list #28–#62), Raids and Planned Uprisings
(14.2.1) and Writs (10.5.1), by section, with the rulebook's examples."""

from __future__ import annotations

from rules.core import cards, rng
from rules.crownofroses import board, mercenaries, uprisings
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.eventkit import AUTOMATIC, cleared, do, hold, ids, play_event, put, top


def fixed_rolls(monkeypatch, *values):
    """The dice the next rolls show, in order (rng.roll draws ``count`` of them)."""
    queue = list(values)

    def roll(state, count=1, sides=6):
        taken = queue[:count]
        del queue[:count]
        return taken
    monkeypatch.setattr(rng, "roll", roll)


def test_rb_14_1_2_plague_example_lincoln(monkeypatch):
    """RB 14.1.2 example: plague in Lincoln (SV 2): 2 steps there, 1 in Cambridge and West Riding (SV 2 − 1),
    1 in Nottingham, Leicester, Rutland, Huntingdon (minimum 1); Norfolk (across the Wash) is untouched;
    the shire becomes Devastated and the player gains 2 OPS."""
    state = cleared()
    put(state, "norfolk", "york", "lincoln", 4)
    for b, shire in (("beaumont", "cambridge"), ("somerset", "west_riding"), ("clifford", "nottingham"),
                     ("pembroke", "leicester"), ("northumberland", "norfolk")):
        put(state, b, "lancaster", shire)
    deck = state["zones"]["deck"]
    deck.remove("op71")
    deck.append("op71")                                     # #71's plague location is Lincoln
    hold(state, "york", "op60")
    state = play_event(state, "york", "op60")
    s = state["blocks"]
    assert s["norfolk"]["strength"] == 2
    assert s["beaumont"]["strength"] == 2 and s["somerset"]["strength"] == 3
    assert s["clifford"]["strength"] == 1 and s["pembroke"]["strength"] == 2
    assert s["northumberland"]["strength"] == 4             # Norfolk is not adjacent (the Wash is no border)
    assert state["markers"]["lincoln"] == "devastated"
    assert "op71" in state["zones"]["discard"]
    assert top(state) == "spend" and state["flow"][-1]["local"]["ops"] == 2


def test_rb_14_1_2_a_block_at_base_strength_goes_undeclared_and_takes_no_more():
    """RB 14.1.2 #2: a block taking a loss at base strength goes to the Undeclared pool; excess is ignored."""
    state = cleared()
    put(state, "kent", "york", "lincoln", 1)
    deck = state["zones"]["deck"]
    deck.remove("op71")
    deck.append("op71")
    hold(state, "york", "op61")
    state = play_event(state, "york", "op61")
    assert state["blocks"]["kent"]["status"] == "undeclared" and state["blocks"]["kent"]["house"] == "york"


def test_rb_14_1_1_embassy_example_enemies_with_nowhere_to_go_are_undeclared(monkeypatch):
    """RB 14.1.1 example: the King (York) is sent to Devon, held by Lancaster whose every neighbour is
    enemy-held: the Lancastrian blocks go to the Undeclared pool; no enemy may enter Devon this impulse."""
    state = cleared(players=3)
    state["offices"]["king"] = "york"
    board.heir_blocks(state, "york")
    put(state, "york", "york", "kent")
    put(state, "beaumont", "lancaster", "devon")
    for shire, _ in board.data().board.neighbours("devon"):
        put(state, {"somerset": "oxford", "cornwall": "devon", "dorset": "ormonde"}.get(shire, "audley"),
            "buckingham", shire)
    fixed_rolls(monkeypatch, 1)                                # #59: 1 = Devon
    hold(state, "buckingham", "op59")
    state = play_event(state, "buckingham", "op59")
    assert top(state) == "embassy_envoy"
    assert "king" in ids(state, "york")
    state = do(state, "york", "king")
    assert state["blocks"]["york"]["at"] == "devon"
    assert state["blocks"]["beaumont"]["status"] == "undeclared"
    assert board.embassy_barred(state, "lancaster", "devon") and not board.embassy_barred(state, "york", "devon")
    from rules.crownofroses.movement import open_to
    assert not open_to(state, "buckingham", "devon")
    assert top(state) == "spend" and state["flow"][-1]["local"]["ops"] == 1    # then 1 OPS


def test_rb_10_5_1_embassy_writ_names_another_noble():
    """RB 10.5.1, 14.1.1: the King's controller may send another in-play noble by Writ, discarding a 3-OPS card."""
    state = cleared()
    state["offices"]["king"] = "york"
    put(state, "york", "york", "kent")
    put(state, "essex", "york", "essex")
    hold(state, "york", "op30")                                # a 3-OPS card pays for the Writ
    hold(state, "lancaster", "op58")
    state = play_event(state, "lancaster", "op58")
    writ = next(a for a in ids(state, "york") if a.startswith("writ:") and a.endswith(":essex"))
    state = do(state, "york", writ)
    assert state["blocks"]["essex"]["at"] in board.data().card(58).embassy_table.values()
    assert writ.split(":")[1] in state["zones"]["discard"]


def test_rb_14_2_1_uprising_example_shrewsbury_answers_for_york(monkeypatch):
    """RB 14.2.1 example: Buckingham's Rebellion in Stafford; York, earlier in impulse order, sends the Earl of
    Shrewsbury (seat in Stafford, the Admiral) with the Admiral block; 3 dice (SV 2 + 1, Stafford being
    loyal to Buckingham) roll 3, 6, 6: 2 hits, one on Shrewsbury, one on the Admiral block; York +1 support;
    Stafford is Plundered."""
    state = cleared(players=3)
    state["order"] = ["york", "lancaster", "buckingham"]
    put(state, "shrewsbury", "york", "shropshire")
    state["offices"]["admiral"] = "shrewsbury"
    put(state, "admiral_office", "york", "shropshire", host="shrewsbury")
    hold(state, "buckingham", "B2")
    state = play_event(state, "buckingham", "B2")
    state = do(state, "buckingham", "shire:stafford")
    assert top(state) == "respond" and state["flow"][-1]["local"]["office"] is True
    assert "noble:shrewsbury" in ids(state, "york")
    support = state["support"]["york"]
    fixed_rolls(monkeypatch, 3, 6, 6)
    state = do(state, "york", "noble:shrewsbury")
    state = do(state, "lancaster", "pass")
    state = do(state, "buckingham", "pass")
    assert top(state) == "raid_hits"
    state = do(state, "york", "hit:shrewsbury")
    state = do(state, "york", "hit:admiral_office")
    assert state["blocks"]["shrewsbury"]["strength"] == 2 and state["blocks"]["admiral_office"]["strength"] == 1
    assert state["blocks"]["shrewsbury"]["at"] == "stafford"
    assert state["support"]["york"] == support + 1
    assert state["markers"]["stafford"] == "plundered"


def test_rb_14_2_1_own_noble_answers_an_uprising_and_gains_two_steps():
    """RB 14.2.1 #3: an Uprising answered by the event player's own noble: +2 steps, no dice."""
    state = cleared(players=3)
    put(state, "stafford", "buckingham", "stafford", 1)
    state["heir_cards"]["buckingham"] = []
    hold(state, "buckingham", "B2")
    state = play_event(state, "buckingham", "B2")
    state = do(state, "buckingham", "shire:stafford")
    for h in ("lancaster", "york"):
        state = do(state, h, "pass")
    state = do(state, "buckingham", "pass")                  # office holders: none
    assert top(state) == "respond" and state["flow"][-1]["local"]["office"] is False
    for h in ("lancaster", "york"):
        state = do(state, h, "pass")
    state = do(state, "buckingham", "noble:stafford")
    assert state["blocks"]["stafford"]["strength"] == 3


def test_rb_14_2_1_unanswered_uprising_leaves_rebels_who_control_the_shire():
    """RB 14.2.1 #6: with no responder the event player's rebels control the shire until a stack enters or
    the next Royal phase; an enemy stack entering faces a line-battle roll."""
    state = cleared()
    hold(state, "york", "op37")
    state = play_event(state, "york", "op37")
    state = do(state, "york", "shire:oxford")
    while top(state) in ("respond", "raid_writ"):
        for h in ENGINE.active_roles(state):
            state = do(state, h, "pass")
    assert state["rebels"] == {"oxford": "york"}
    assert board.controller(state, "oxford") == "york"


def test_raid_targets_follow_the_cards():
    """Card list #30–#39: French Raids on Channel coasts (not London, Calais); Scots Raids on Cumberland or
    Northumberland; Jack Cade may rise in London, the other Uprisings not; never Ireland, Calais, Man."""
    assert set(uprisings.targets("scots")) == {"cumberland", "northumberland"}
    assert "london" not in uprisings.targets("french") and "kent" in uprisings.targets("french")
    assert "london" in uprisings.targets("uprising", london=True)
    assert not {"london", "calais", "isle_of_man", "pale_of_ireland"} & set(uprisings.targets("uprising"))


def test_raid_dice_and_the_office_holders_fewer_dice():
    """RB 14.2.1 #4 table: Pirate 2 green (Admiral 1), French 3 blue (Captain of Calais 2), Scots 2 blue
    (Warden 1); an Uprising SV green, +1 if the shire is loyal to another house."""
    state = cleared()
    assert uprisings.dice_against(state, "pirate", "kent", "essex", "york") == "GG"
    state["offices"]["admiral"] = "essex"
    assert uprisings.dice_against(state, "pirate", "kent", "essex", "york") == "G"
    assert uprisings.dice_against(state, "french", "kent", "essex", "york") == "BBB"
    assert uprisings.dice_against(state, "uprising", "stafford", "essex", "buckingham") == "GG"
    assert uprisings.dice_against(state, "uprising", "stafford", "essex", "york") == "GGG"


def test_manpower_shortage_forbids_muster_until_the_end_of_operations():
    """Cards #34–#35: no muster for the rest of the Operations phase; the card stays out until then."""
    state = cleared()
    put(state, "norfolk", "york", "norfolk", 2)
    hold(state, "york", "op34")
    state = play_event(state, "york", "op34")
    from rules.crownofroses.operations import muster_options
    assert muster_options(state, "york") == []
    assert "op34" in state["zones"]["play:york"]
    g = ENGINE.game(state)
    from rules.crownofroses.common import run_hooks
    run_hooks(g, "operations_end")
    assert not cards.modifiers(state, "no_muster") and "op34" in state["zones"]["discard"]


def test_call_to_arms_one_step_per_controlled_shire_with_a_noble():
    """Cards #28–#29: 1 step in each controlled shire holding a noble, to a noble not at full strength."""
    state = cleared()
    put(state, "norfolk", "york", "norfolk", 2)
    put(state, "essex", "york", "norfolk", 1)
    put(state, "kent", "york", "kent", 1)
    hold(state, "york", "op28")
    state = play_event(state, "york", "op28")
    assert top(state) == "muster_each"
    state = do(state, "york", "step:norfolk:essex")
    state = do(state, "york", "step:kent:kent")
    assert [state["blocks"][b]["strength"] for b in ("norfolk", "essex", "kent")] == [2, 2, 2]


def test_plot_uncovered_hits_a_random_block_two_steps_and_never_names_it(monkeypatch):
    """Card #41: an enemy block (hidden) loses 2 steps; below base a house-coloured block goes Undeclared.
    The choice names a place and a house, not the face-down block."""
    state = cleared()
    put(state, "beaumont", "lancaster", "oxford", 1)
    hold(state, "york", "op41")
    state = play_event(state, "york", "op41")
    assert ("york", "target:oxford:lancaster") in AUTOMATIC     # the only target: taken by the engine (issue 33)
    assert state["blocks"]["beaumont"]["status"] == "undeclared"


def test_desertions_roll_and_the_owner_allocates(monkeypatch):
    """Card #42: 1d6, 4–5 = 2 steps; the owner allocates them one at a time."""
    state = cleared()
    put(state, "beaumont", "lancaster", "oxford", 3)
    put(state, "clifford", "lancaster", "oxford", 2)
    hold(state, "york", "op42")
    state = play_event(state, "york", "op42")
    fixed_rolls(monkeypatch, 5)
    state = do(state, "york", "target:oxford:lancaster")
    assert top(state) == "lose_steps"
    state = do(state, "lancaster", "step:clifford")
    state = do(state, "lancaster", "step:clifford")
    assert state["blocks"]["clifford"]["status"] == "undeclared" and state["blocks"]["beaumont"]["strength"] == 3


def test_court_intrigue_pulls_markers_back_without_showing_values():
    """Cards #50, #53, #54: the chosen player returns 5 markers from RoP boxes to his stock; the values stay
    hidden: the public log and the other house's view show counts only."""
    state = cleared()
    state["rop"] = {"oxford": {"lancaster": [1, 3, 5]}, "devon": {"lancaster": [2, 10, 1]}}
    for v in (1, 3, 5, 2, 10, 1):
        state["ip"]["lancaster"]["stock"].remove(v) if v in state["ip"]["lancaster"]["stock"] else \
            state["ip"]["lancaster"]["pool"].remove(v)
    hold(state, "york", "op50")
    state = play_event(state, "york", "op50")
    log = []
    state = do(state, "york", "player:lancaster", log)
    for noble, v in (("oxford", 5), ("devon", 10), ("devon", 2), ("oxford", 1), ("oxford", 3)):
        state = do(state, "lancaster", f"m:{noble}:{v}", log)
    assert state["rop"] == {"devon": {"lancaster": [1]}}
    public = " ".join(e.text for e in log if e.to is None)
    assert "takes back 2 from Devon, 3 from Oxford" in public and "10" not in public
    assert ENGINE.view(state, "york")["mine"]["york"]["rop"] == {}


def test_secret_ballot_counts_offices_king_and_chancellor():
    """Card #47: 1 IP per office held, +1 if the house's heir is King, +1 with the Chancellorship."""
    state = cleared()
    state["offices"] = {o: None for o in state["offices"]}
    state["offices"].update(king="york", chancellor="norfolk")
    put(state, "york", "york", "kent")
    put(state, "norfolk", "york", "norfolk")
    before = sum(state["ip"]["york"]["stock"])
    hold(state, "york", "op47")
    state = play_event(state, "york", "op47")
    assert sum(state["ip"]["york"]["stock"]) == before + 4


def test_feudal_anarchy_reveals_ip_for_steps():
    """Card #48: IP from the stock, revealed, back to the pool; 1 step per IP to nobles not in exile."""
    state = cleared()
    put(state, "norfolk", "york", "norfolk", 1)
    state["ip"]["york"]["stock"] = sorted(state["ip"]["york"]["stock"] + [2])
    hold(state, "york", "op48")
    state = play_event(state, "york", "op48")
    log = []
    state = do(state, "york", "m:stock:2", log)
    state = do(state, "york", "done", log)
    assert any("reveals 2" in e.text and e.to is None for e in log)
    state = do(state, "york", "step:norfolk")
    state = do(state, "york", "step:norfolk")
    assert state["blocks"]["norfolk"]["strength"] == 3


def test_change_of_heart_places_an_undeclared_noble_at_full_strength():
    """Card #40: an Undeclared noble to any of its seats at full strength (or one of yours to the pool)."""
    state = cleared()
    state["blocks"]["norfolk"].update(status="undeclared", house="york", strength=1)
    hold(state, "york", "op40")
    state = play_event(state, "york", "op40")
    place = next(a for a in ids(state, "york") if a.startswith("place:norfolk:"))
    state = do(state, "york", place)
    assert state["blocks"]["norfolk"]["status"] == "map" and state["blocks"]["norfolk"]["strength"] == 4


def test_mercenaries_attach_and_leave_at_the_royal_phase():
    """Cards #49, #52, #55, #56: the block at full strength with a noble in the card's area; card and block stay
    until the block is eliminated or the next Royal phase (RB 24.1.2)."""
    state = cleared()
    put(state, "kent", "york", "kent")
    hold(state, "york", "op52")
    assert mercenaries.mercenary_playable("op52")(state, "york")
    state = play_event(state, "york", "op52")
    state = do(state, "york", "host:kent")
    assert state["blocks"]["french"]["host"] == "kent" and "op52" in state["zones"]["play:york"]
    from rules.crownofroses.common import run_hooks
    run_hooks(ENGINE.game(state), "royal_start")
    assert "op52" in state["zones"]["discard"]


def test_unrest_of_the_gentry_discards_every_alliance_in_play():
    """Cards #43, #44: every alliance card in play is discarded, without its ability."""
    state = cleared()
    state["zones"]["play:york"] = ["op1"]
    state["zones"]["play:lancaster"] = ["op12", "L1"]
    for c in ("op1", "op12"):
        state["zones"]["deck"].remove(c)
    hold(state, "york", "op43")
    state = play_event(state, "york", "op43")
    assert state["zones"]["play:york"] == [] and state["zones"]["play:lancaster"] == ["L1"]
    assert {"op1", "op12"} <= set(state["zones"]["discard"])


def test_rb_10_5_1_the_king_names_an_opponents_noble_by_writ(monkeypatch):
    """RB 10.5.1, 14.2.1 #1.4: nobody volunteers; the King's controller discards a 3-OPS card and names an
    opponent's noble, who must respond (and takes the raid's dice)."""
    state = cleared()
    state["offices"] = {o: None for o in state["offices"]}
    state["offices"]["king"] = "york"
    put(state, "york", "york", "kent")
    put(state, "beaumont", "lancaster", "oxford")
    state["zones"]["hand:york"] = [c for c in state["zones"]["hand:york"] if not c.startswith("op")]
    hold(state, "york", "op32")
    hold(state, "lancaster", "op39")
    state = play_event(state, "lancaster", "op39")
    state = do(state, "lancaster", "shire:cumberland")
    while top(state) == "respond":
        for h in ENGINE.active_roles(state):
            state = do(state, h, "pass")
    assert top(state) == "raid_writ" and ENGINE.active_roles(state) == ["york"]
    fixed_rolls(monkeypatch, 1, 1)
    state = do(state, "york", "writ:op32:beaumont")
    assert state["blocks"]["beaumont"]["at"] == "cumberland" and "op32" in state["zones"]["discard"]
    assert state["markers"]["cumberland"] == "plundered"


def test_card_22_stourton_answers_a_writ_instead_of_the_named_noble():
    """Card #22, RB 14.2.2: Stourton substitutes for a block named by a Writ: no dice, +1 support, discarded."""
    state = cleared()
    state["offices"] = {o: None for o in state["offices"]}
    state["offices"]["king"] = "york"
    put(state, "york", "york", "kent")
    put(state, "beaumont", "lancaster", "oxford")
    state["zones"]["deck"].remove("op22")
    state["zones"]["play:lancaster"].append("op22")
    state["zones"]["hand:york"] = [c for c in state["zones"]["hand:york"] if not c.startswith("op")]
    hold(state, "york", "op32")
    hold(state, "lancaster", "op39")
    state = play_event(state, "lancaster", "op39")
    state = do(state, "lancaster", "shire:cumberland")
    while top(state) == "respond":
        for h in ENGINE.active_roles(state):
            state = do(state, h, "pass")
    support = state["support"]["lancaster"]
    state = do(state, "york", "writ:op32:beaumont")
    assert top(state) == "stourton_for_writ"
    state = do(state, "lancaster", "stourton")
    assert state["blocks"]["beaumont"]["at"] == "oxford" and "op22" in state["zones"]["discard"]
    assert state["support"]["lancaster"] == support + 1 and "cumberland" not in state["markers"]

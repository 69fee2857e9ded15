"""More of the rulebook's worked examples replayed on the engine (the list is in tests/crownofroses/README.md)."""

from __future__ import annotations

from rules.crownofroses import board, combat, common, operations
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_combat import cleared, make_heir, put


def test_rb_6_1_example_york_without_an_heir_in_play_stays_in_the_game():
    """RB 6.1 example: on turn 4 York has lost York, March and Clarence (blocks and cards removed) and Rutland
    is in exile in Scotland, so York has no heir in play; Gloucester's card cannot be played before turn 5 but
    is still in hand, so York is still in the game and Lancaster has no military victory."""
    state = cleared()
    state["turn"] = 4
    for b in ("york", "march", "clarence"):
        state["blocks"][b].update(status="out", house=None, at=None)
    state["heir_cards"]["york"] = ["Y5"]
    state["zones"]["play:york"] = [c for c in state["zones"]["play:york"] if c not in ("Y1", "Y2", "Y7")] + \
        ([] if "Y5" in state["zones"]["play:york"] else ["Y5"])
    for c in ("Y1", "Y2", "Y7", "Y5", "Y8"):
        if c in state["zones"]["hand:york"]:
            state["zones"]["hand:york"].remove(c)
    state["zones"]["hand:york"].append("Y8")
    put(state, "rutland", "york", "exile/scotland")
    put(state, "somerset", "lancaster", "kent")
    g = ENGINE.game(state)
    common.check_houses(g)
    assert "york" not in state.get("left", []) and not state.get("pending_result")
    state["zones"]["hand:york"].remove("Y8")               # without Gloucester's card York would be out
    state["blocks"]["rutland"].update(status="out", house=None, at=None)
    state["heir_cards"]["york"] = []
    common.check_houses(ENGINE.game(state))
    assert "york" in state["left"] and state["pending_result"]["winners"] == ["lancaster"]


def test_rb_21_1_example_five_york_blocks_in_kent_all_roll_attrition(monkeypatch):
    """RB 21.1 example: York ends with 5 blocks in Kent (limit SV + 1): all 5 roll; the heir loses a step on
    a 1 only, the others on 1–2 (no leader bonus)."""
    state = cleared()
    blocks = ["march", "norfolk", "essex", "suffolk", "kent"]
    for b in blocks:
        put(state, b, "york", "kent")
    make_heir(state, "york", "march")
    assert len(blocks) > board.stacking_limit("kent")
    before = {b: state["blocks"][b]["strength"] for b in blocks}
    monkeypatch.setattr(common, "d6", lambda g: 2)
    state["flow"].append({"name": "impulse", "at": 6, "ret": None, "local": {}})
    operations.end_of_impulse(ENGINE.game(state))
    lost = {b: before[b] - state["blocks"][b]["strength"] for b in blocks if state["blocks"][b]["status"] == "map"}
    assert lost["march"] == 0 and all(lost[b] == 1 for b in lost if b != "march")


def test_rb_20_6_2_example_the_winner_brings_stanley_leading_ormonde_before_the_next_engagement():
    """RB 20.6.2 example: in London Lancaster beats Buckingham while 4 Lancaster blocks wait as
    reinforcements; before round 1 against York it brings in Stanley (CR 1) leading Ormonde; the other 2
    join from round 2 of the York engagement."""
    from tests.crownofroses.test_rules_as_written import _later_engagement
    state, g = _later_engagement()
    frame = combat.battle(g)
    for b in ("norfolk", "essex", "kent"):
        state["blocks"][b].update(status="inactive", house=None, at=None)
    for b in ("lancaster", "stanley", "ormonde", "clifford", "beaumont"):
        put(state, b, "york", "kent")               # York stands for Lancaster: the winner of engagement 1
    frame["sides"]["york"].update(engaged=["lancaster"], reinf=["stanley", "ormonde", "clifford", "beaumont"])
    combat.fight(g)
    state = ENGINE.apply(state, "york", "lead:stanley").state
    assert "add:ormonde" in [a.id for a in ENGINE.legal_actions(state, "york")]
    out = ENGINE.apply(state, "york", "add:ormonde")
    # CR 1: no more; "done" was the only choice left, so the engine took it (issue 33)
    assert [(e.data["role"], e.data["action"]) for e in out.log if e.kind == "automatic"][:1] == [("york", "done")]
    state = out.state
    side = next(f for f in state["flow"] if f["name"] == "battle")["local"]["sides"]["york"]
    assert side["engaged"] == ["lancaster", "stanley", "ormonde"] and side["reinf"] == ["clifford", "beaumont"]


def test_rb_23_1_2_example_the_admiral_in_his_office_seat_earns_one_ip():
    """RB 23.1.2 (optional, seats): a noble holding the Admiralty placed in Dorset or Hampshire (its office
    seats) or in one of his own seats earns his house 1 IP."""
    from rules.crownofroses import phases
    state = cleared()
    state["offices"].update({k: None for k in state["offices"]})
    put(state, "devon", "york", "dorset")
    state["offices"]["admiral"] = "devon"
    without = phases.income(state, "york")
    state["options"]["seats_ip"] = True
    assert phases.income(state, "york") == without + 1
    state["offices"]["admiral"] = None                      # Dorset is no seat of Devon's own
    assert phases.income(state, "york") == without - board.data().office("admiral").ip


def test_rb_10_3_5_example_clarence_held_by_lancaster_is_placed_by_york_at_current_strength():
    """RB 10.3.5 example: Lancaster has influenced Clarence, who holds Sussex for Lancaster; York, with no
    active heir, plays the Clarence card: he becomes York's Senior heir, York takes the block and places it
    in one of his seats of its choice — Chester in the example — at its current strength (RB 10.3.1)."""
    from rules.core import cards
    state = cleared()
    state["heir_cards"]["york"] = []
    put(state, "clarence", "lancaster", "sussex", 2)
    cards.move(state, "Y2", cards.where(state, "Y2"), "command:york")
    state["command"] = {"york": {"card": "Y2", "must": "heir"}}
    state["flow"] = [{"name": "action_step", "at": 1, "ret": None, "local": {"house": "york"}}]
    ENGINE.game(state).run()
    assert state["flow"][-1]["name"] == "heir_seat" and ENGINE.active_roles(state) == ["york"]
    assert "seat:chester" in [a.id for a in ENGINE.legal_actions(state, "york")]
    state = ENGINE.apply(state, "york", "seat:chester").state
    clarence = state["blocks"]["clarence"]
    assert (clarence["house"], clarence["at"], clarence["strength"]) == ("york", "chester", 2)
    assert "Y2" in state["heir_cards"]["york"]


def test_rb_28_3_3_example_no_junior_heir_costs_support_only_after_a_chance_to_play_one():
    """RB 28.3.3 example: York's heir dies in the battle step of the last impulse: no loss, there was no
    chance to play an heir card. Next turn York holds a playable heir card with no Junior heir for an
    impulse, but Lancaster's Affairs of State ends the phase first: York loses 1 support."""
    from rules.crownofroses import phases
    state = cleared()
    state["turn"] = 5
    state["heir_cards"]["york"] = ["Y1"]
    put(state, "york", "york", "west_riding")
    for c in ("Y8",):
        if c not in state["zones"]["hand:york"]:
            state["zones"]["hand:york"].append(c)
    assert board.junior_heir(state, "york") is None and operations.playable_heirs(state, "york")
    state["heirless_with_card"] = []                  # the Junior heir died in the last battle step
    before = state["support"]["york"]
    state["flow"].append({"name": "cleanup", "at": 3, "ret": None, "local": {}})
    state["affairs_of_state"] = False
    phases.support_adjustments(ENGINE.game(state))
    assert state["support"]["york"] == before
    state["flow"] = [{"name": "impulse", "at": 1, "ret": None, "local": {}}]
    g = ENGINE.game(state)
    operations.open_command(g)                        # an impulse with a playable heir card, no Junior heir
    assert "york" in state["heirless_with_card"]
    state["flow"] = [{"name": "cleanup", "at": 3, "ret": None, "local": {}}]
    state["affairs_of_state"] = True                  # Lancaster's AoS ended the phase
    phases.support_adjustments(ENGINE.game(state))
    assert state["support"]["york"] == before - 1


def test_rb_7_2_8_example_control_of_an_empty_shire_follows_its_loyalty_then_its_blocks():
    """RB 7.2.8 example: Northumberland with no blocks is Lancastrian (red SL); a York block entering makes
    it York's; when only a Lancaster block is there again, it is Lancaster's."""
    state = cleared()
    assert board.controller(state, "northumberland") == "lancaster"
    put(state, "norfolk", "york", "northumberland")
    assert board.controller(state, "northumberland") == "york"
    put(state, "clifford", "lancaster", "northumberland")
    assert board.controller(state, "northumberland") is None            # contested
    state["blocks"]["norfolk"].update(status="inactive", house=None, at=None)
    assert board.controller(state, "northumberland") == "lancaster"


def test_rb_8_2_example_a_fled_noble_stays_his_houses_undeclared_a_killed_one_is_unavailable(monkeypatch):
    """RB 8.2 example: a non-heir noble eliminated in battle rolls on the Elimination Chart (20.6.1): Fled,
    he stays under his house's control in its Undeclared pool (back in play by events or in Winter, and
    attending Parliament); Killed, he becomes Unavailable."""
    for roll, status, house in ((6, "undeclared", "york"), (1, "unavailable", None)):
        state = cleared()
        put(state, "norfolk", "york", "kent", 1)
        monkeypatch.setattr(common, "d6", lambda g, r=roll: r)
        common.eliminate(ENGINE.game(state), "norfolk")
        assert (state["blocks"]["norfolk"]["status"], state["blocks"]["norfolk"]["house"]) == (status, house)

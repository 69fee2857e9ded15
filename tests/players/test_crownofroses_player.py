"""Herald's Crown of Roses player (issue 31): secrecy by invariance at 2 and 4 houses."""

import random

from rules.core import get_engine
from rules.core.contract import SetupArgs
from rules.core import Action, Prompt
from rules.core.players import SearchPlayer, Turn, waited_for
from rules.crownofroses.board import data as load
from rules.crownofroses.player import _prefer, _weigh, determinise, evaluate

from .support import check_positions

ENGINE = get_engine("crownofroses")


def test_choice_does_not_change_with_the_others_hidden_facts():
    """Hands, deck order, IP values in stock, pool, RoP boxes and votes, face-down strengths, unrevealed picks."""
    cheap = SearchPlayer("cheap", evaluate, budget=40, depth=3, prefer=_prefer)
    checked = check_positions("crownofroses", "cruel_thorns", range(1, 30), 7, cheap, players=2, wanted=110)
    checked += check_positions("crownofroses", "seeds_of_enmity", range(1, 30), 23, cheap, players=4, wanted=100)
    assert checked >= 200


def _in_operations(state):
    """The position once the cards are dealt (random play up to the first command step)."""
    chooser = random.Random(1)
    while state["phase"] != "operations":
        role = waited_for(ENGINE, state)[0]
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
    return state


def test_a_world_redeals_the_others_hands_and_keeps_the_houses_own():
    scenario = "seeds_of_enmity"
    seats = tuple((h,) for h in ENGINE.roles(scenario)[:4])
    state = _in_operations(ENGINE.setup(SetupArgs(scenario, seats, 2)))
    house = seats[0][0]
    worlds = [determinise(state, house, random.Random(seed)) for seed in range(4)]
    for world in worlds:
        assert world["zones"][f"hand:{house}"] == state["zones"][f"hand:{house}"]
        assert world["ip"][house] == state["ip"][house]
        for other in seats[1:]:
            assert len(world["zones"][f"hand:{other[0]}"]) == len(state["zones"][f"hand:{other[0]}"])
    assert len({tuple(w["zones"][f"hand:{seats[1][0]}"]) for w in worlds}) > 1


def test_the_evaluation_knows_the_scenarios_military_targets():
    """RB 6.4 (Cruel Thorns: York wins when Richmond is out of play): Lancaster's score falls as Richmond
    loses steps and collapses when he is out; York's rises."""
    state = ENGINE.setup(SetupArgs("cruel_thorns", (("lancaster",), ("york",)), 1))
    whole = evaluate(state, "lancaster"), evaluate(state, "york")
    state["blocks"]["richmond"]["strength"] = 1
    hurt = evaluate(state, "lancaster"), evaluate(state, "york")
    state["blocks"]["richmond"]["status"] = "out"
    out = evaluate(state, "lancaster"), evaluate(state, "york")
    assert whole[0] > hurt[0] > out[0] and whole[1] < hurt[1] < out[1]
    assert out[0] < 0.15 < whole[0]


def test_the_budget_goes_to_the_command_card_more_than_to_an_influence_step():
    """A Command card choice weighs more than placing one IP marker or one march step."""
    def turn(*ids):
        return Turn("york", {}, Prompt("?"), tuple(Action(i, i) for i in ids))
    assert _weigh(turn("card:Y3:free", "card:Y4:free")) > _weigh(turn("move:oxford", "influence:devon")) \
        > _weigh(turn("ip:1", "one:5"))


def test_a_world_keeps_the_house_cards_each_house_holds():
    """RB 10.2, 13.0 (VIEW.md): which house cards a house holds is known to all; only operations cards are
    redealt between the deck and the others' hands."""
    state = _in_operations(
        ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), 3)))
    house_cards = set(load().house_cards)
    for seed in range(6):
        world = determinise(state, "lancaster", random.Random(seed))
        for other in ("york", "buckingham", "warwick"):
            real = state["zones"][f"hand:{other}"]
            drawn = world["zones"][f"hand:{other}"]
            assert [c for c in drawn if c in house_cards] == [c for c in real if c in house_cards]
            assert len(drawn) == len(real)
        assert not house_cards & set(world["zones"]["deck"])


def test_spending_an_heir_card_for_ops_costs_the_house_more_than_any_gain_in_support():
    """RB 10.3, 6.1: an heir card played for OPS takes its heir out of the game, and a house whose last heir
    is gone leaves it. Seeds of Enmity, turn 1: Lancaster's Edward (L4) cannot enter before turn 3, so as
    the command card he is lost; the evaluation counts him while in hand and not once committed."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), 3))
    in_hand = evaluate(state, "lancaster")
    state["zones"]["hand:lancaster"].remove("L4")
    state["zones"]["command:lancaster"] = ["L4"]
    state["support"]["lancaster"] += 2
    assert evaluate(state, "lancaster") < in_hand
    state["left"] = ["lancaster"]
    assert evaluate(state, "lancaster") == 0.0


def test_an_heir_card_that_can_enter_keeps_its_worth_as_the_command_card():
    """RB 10.3: in turn 1 Exeter (L5, from turn 1) can still enter as his event."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), 3))
    in_hand = evaluate(state, "lancaster")
    state["zones"]["hand:lancaster"].remove("L5")
    state["zones"]["command:lancaster"] = ["L5"]
    assert evaluate(state, "lancaster") == in_hand


def test_turns_as_king_out_of_reach_count_for_little_against_vp_in_the_last_turn():
    """RB 6.2, 6.3, 25.0 (Seeds of Enmity: King 5 times, else most VP after turn 9): in turn 9 a house with
    three turns as King can no longer reach five, so the house ahead in VP stands better."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), 3))
    state.update(turn=9, phase="operations")
    state["kingships"].update(lancaster=3)
    state["vp"].update(lancaster=2, warwick=7)
    assert evaluate(state, "warwick") > 0.5 > evaluate(state, "lancaster")
    state.update(turn=7)   # two turns after this one: five is still in reach
    assert evaluate(state, "lancaster") > 0.5


def test_enemy_shires_held_count_as_vp_to_come_and_for_less_near_the_end():
    """RB 24.1.1: each Royal phase scores 1 VP per controlled shire loyal to another house in the game. A house
    holding such shires expects VP from each Royal phase still to come (Seeds of Enmity, four houses)."""
    from rules.crownofroses.player import _incomes, _standing
    seats = (("lancaster",), ("york",), ("buckingham",), ("warwick",))
    state = _in_operations(ENGINE.setup(SetupArgs("seeds_of_enmity", seats, 3)))
    shires = load().board.shires
    taken = {s["at"] for s in state["blocks"].values() if s["status"] == "map"}
    york_shire = next(s for s in sorted(shires) if shires[s].loyal_house == "york" and s not in taken)
    # a Lancaster block whose move changes no other shire's economic VP: its shire is not an enemy's
    mover = next(b for b, s in sorted(state["blocks"].items()) if s["house"] == "lancaster"
                 and s["status"] == "map" and shires[s["at"]].loyal_house in (None, "lancaster"))
    before, value = _incomes(state), evaluate(state, "lancaster")
    state["blocks"][mover]["at"] = york_shire
    assert _incomes(state) == {**before, "lancaster": before["lancaster"] + 1}
    assert evaluate(state, "lancaster") > value
    early = _standing(state, "lancaster", 3) - _standing(state, "lancaster", 0)
    state.update(turn=9, phase="operations")   # one Royal phase left: the VP come soon, but fewer of them
    assert early > _standing(state, "lancaster", 3) - _standing(state, "lancaster", 0) > 0
    state["left"] = ["york"]   # York left the game: its shires score nothing (RB 24.1.1: "in the game")
    assert _incomes(state)["lancaster"] <= before["lancaster"]   # the York shire just taken is among them


def test_a_block_the_enemy_must_remove_to_win_stands_worse_within_its_reach():
    """RB 6.4, PB 3.2.3 (Entangled Branches: York wins by removing the Lancaster block): the Lancaster block
    sharing a shire with a York block, or next to one, lowers Lancaster's standing (against York's, whose two
targets each count half); far away it costs nothing."""
    from rules.crownofroses.player import _exposed
    seats = (("lancaster",), ("york",))
    state = _in_operations(ENGINE.setup(SetupArgs("entangled_branches", seats, 3)))
    board = load().board
    york_at = {s["at"] for s in state["blocks"].values() if s["house"] == "york" and s["status"] == "map"}
    near = {n for at in york_at for n, _ in board.neighbours(at)}
    far = next(s for s in sorted(board.shires) if s not in york_at | near)
    beside = next(s for s in sorted(near) if s not in york_at)
    king = state["blocks"]["lancaster"]
    king.update(status="map", at=far)
    safe = evaluate(state, "lancaster")
    assert _exposed(state, "lancaster") == 0
    king["at"] = beside
    assert _exposed(state, "lancaster") == 1 / 3 and evaluate(state, "lancaster") < safe
    king["at"] = sorted(york_at)[0]
    assert _exposed(state, "lancaster") == 1.0
    # York needs one block, Lancaster two (March and Rutland): beside March, Lancaster risks more than York
    assert _exposed(state, "york") <= 0.5

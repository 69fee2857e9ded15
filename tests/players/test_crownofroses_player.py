"""Herald's Crown of Roses player (issue 31): secrecy by invariance at 2 and 4 houses."""

import random

from rules.core import get_engine
from rules.core.contract import SetupArgs
from rules.core import Action, Prompt
from rules.core.players import SearchPlayer, Turn
from rules.crownofroses.player import _prefer, _weigh, determinise, evaluate

from .support import check_positions

ENGINE = get_engine("crownofroses")


def test_choice_does_not_change_with_the_others_hidden_facts():
    """Hands, deck order, IP values in stock, pool, RoP boxes and votes, face-down strengths, unrevealed picks."""
    cheap = SearchPlayer("cheap", evaluate, budget=40, depth=3, prefer=_prefer)
    checked = check_positions("crownofroses", "cruel_thorns", range(1, 30), 7, cheap, players=2, wanted=110)
    checked += check_positions("crownofroses", "seeds_of_enmity", range(1, 30), 23, cheap, players=4, wanted=100)
    assert checked >= 200


def test_a_world_redeals_the_others_hands_and_keeps_the_houses_own():
    scenario = "seeds_of_enmity"
    seats = tuple((h,) for h in ENGINE.roles(scenario)[:4])
    state = ENGINE.setup(SetupArgs(scenario, seats, 2))
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

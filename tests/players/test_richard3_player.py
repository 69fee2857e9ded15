"""Herald's Richard III player (issue 31): secrecy by invariance, and what its worlds keep."""

import random

from rules.core import get_engine
from rules.core.contract import SetupArgs
from rules.core.players import SearchPlayer, decide, make_player
from rules.richard3.player import _prefer, determinise, evaluate

from .support import check_positions

ENGINE = get_engine("richard3")


def test_choice_does_not_change_with_the_opponents_hidden_facts():
    """F §2 fog of war: hand, card played face down, face-down blocks' strengths and places (200 positions)."""
    cheap = SearchPlayer("cheap", evaluate, budget=60, depth=4, prefer=_prefer)
    checked = sum(check_positions("richard3", scenario, range(1, 40), 3, cheap, wanted=70)
                  for scenario in ("1460", "1470", "1483"))
    assert checked >= 200


def test_a_world_keeps_what_the_side_sees_and_redraws_the_rest():
    state = ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 3))
    state = ENGINE.apply(state, "york", "keep").state if "keep" in {
        a.id for a in ENGINE.legal_actions(state, "york")} else state
    world = determinise(state, "york", random.Random(1))
    assert world["hands"]["york"] == state["hands"]["york"]
    assert len(world["hands"]["lancaster"]) == len(state["hands"]["lancaster"])
    assert ENGINE.view(world, "york")["areas"].keys() == ENGINE.view(state, "york")["areas"].keys()
    assert world["rng"] != state["rng"]
    worlds = [determinise(state, "york", random.Random(seed))["hands"]["lancaster"] for seed in range(5)]
    assert len({tuple(h) for h in worlds}) > 1   # the opponent's hand is really redrawn


def test_the_same_seed_gives_the_same_choice():
    state = ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 5))
    role = ENGINE.active_roles(state)[0]
    player = make_player("richard3", "novice")
    assert decide(ENGINE, "richard3", state, role, player, 11) == decide(ENGINE, "richard3", state, role, player, 11)


def test_the_last_heirs_weigh_the_most():
    """9.0: a side with no heir left loses at once. Kingmaker (1470) York starts with two heirs (March and
    Gloucester): taking one of them is worth more to Lancaster than a noble's block of the same strength."""
    state = ENGINE.setup(SetupArgs("1470", (("york",), ("lancaster",)), 1))
    start = evaluate(state, "lancaster")
    heir = {**state, "blocks": {**state["blocks"], "y-gloucester": {**state["blocks"]["y-gloucester"], "loc": "dead"}}}
    noble = {**state, "blocks": {**state["blocks"], "y-essex": {**state["blocks"]["y-essex"], "loc": "dead"}}}
    assert evaluate(heir, "lancaster") > evaluate(noble, "lancaster") > start
    assert evaluate(heir, "york") < evaluate(state, "york")


def _moved(state, **places):
    """A copy of ``state`` with blocks put elsewhere (``l_oxford="kent"`` puts l-oxford in Kent)."""
    blocks = dict(state["blocks"])
    for name, loc in places.items():
        bid = name.replace("_", "-")
        blocks[bid] = {**blocks[bid], "loc": loc}
    return {**state, "blocks": blocks}


def test_executing_a_defector_takes_no_heir_from_his_old_side():
    """9.1: a defected Clarence is no York heir, so executing him (DECISIONS 31: his York copy dies too)
    only costs Lancaster a noble's vote (8.2), on the map or still in exile (Kingmaker 1470: in France).
    The player once executed him to "kill" an heir York no longer had."""
    state = ENGINE.setup(SetupArgs("1470", (("york",), ("lancaster",)), 1))
    for place in ("france", "kent"):
        spared = _moved(state, l_clarence=place)
        executed = _moved(spared, l_clarence="dead", y_clarence="dead")
        assert evaluate(executed, "lancaster") < evaluate(spared, "lancaster")


def test_london_counts_for_whoever_holds_it_with_a_block_that_stays():
    """8.1 before 8.2: levies and mercenaries leave the map before the count, so London's vote needs a noble,
    church or heir there (Richard III 1483: Gloucester, York's King, holds Middlesex)."""
    state = ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 1))
    by_levy = _moved(state, y_gloucester="kent", l_oxford="kent", l_bristol_levy="middlesex")
    by_noble = _moved(state, y_gloucester="kent", l_oxford="middlesex")
    assert evaluate(by_noble, "lancaster") > evaluate(by_levy, "lancaster")
    assert evaluate(by_levy, "york") < evaluate(state, "york")   # York lost its own London vote either way

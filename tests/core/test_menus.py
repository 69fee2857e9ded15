"""Issue 33, item 4: no prompt offers more than 25 choices at one level (rules/core/menus.py), in any game."""

import random

import pytest

from rules.core.contract import Action
from rules.core.driver import choose_move, setup_args
from rules.core.menus import LIMIT, arrange, menu_levels
from rules.core.registry import game_ids, get_engine


def spaces(n, group="Place IP"):
    return [Action(f"ip:{i}", f"Place IP on {name}", group) for i, name in
            enumerate(sorted(f"{chr(65 + i % 26)}{'abcdefgh'[i // 26]}shire" for i in range(n)))]


def test_a_group_of_44_gets_a_second_level_of_even_alphabetical_parts_numbered_in_display_order():
    actions = [Action("done", "Done"), *spaces(44), Action("pass", "Pass")]
    arranged = arrange(actions)
    assert [a.id for a in arranged][0] == "done" and arranged[-1].id == "pass"
    parts = list(dict.fromkeys(a.group for a in arranged if a.group))
    assert len(parts) == 2 and all(p.startswith("Place IP › ") for p in parts)
    assert [len([a for a in arranged if a.group == p]) for p in parts] == [22, 22]
    assert max(len(level) for level in menu_levels(actions)) <= LIMIT
    assert sorted(a.id for a in arranged) == sorted(a.id for a in actions)    # nothing lost or added


def test_an_engines_own_second_level_is_kept_and_small_lists_keep_their_order():
    actions = [Action(f"p:{i}", f"Space {i}", f"Place IP › Region {i % 3}") for i in range(30)]
    assert {a.group for a in arrange(actions)} == {f"Place IP › Region {i}" for i in range(3)}
    small = [Action("a", "A", "G1"), Action("b", "B"), Action("c", "C", "G1")]
    assert [a.id for a in arrange(small)] == ["a", "c", "b"]      # a group together, where it first stands


def test_too_many_loose_actions_are_gathered_under_a_heading():
    actions = [Action(f"x:{i}", f"Choice {i:02}") for i in range(30)]
    assert max(len(level) for level in menu_levels(actions)) <= LIMIT
    assert all(a.group.startswith("Other choices") for a in arrange(actions))


STEPS = {"hereistand": 1500, "crownofroses": 1500}


@pytest.mark.parametrize("game", game_ids())
def test_random_games_of_every_game_never_offer_more_than_25_at_a_level(game):
    engine = get_engine(game)
    widest = 0
    for scenario in [s.id for s in engine.scenarios()][:2]:
        args = setup_args(engine, scenario, 3)
        state, chooser = engine.setup(args), random.Random(3)
        for _ in range(STEPS.get(game, 600)):
            if engine.result(state) is not None:
                break
            for role in engine.active_roles(state):
                levels = menu_levels(engine.legal_actions(state, role))
                widest = max(widest, *map(len, levels))
                assert max(map(len, levels)) <= LIMIT, (game, scenario, role, levels)
            role, action = choose_move(engine, state, chooser)
            state = engine.apply(state, role, action.id).state
    assert widest > 1

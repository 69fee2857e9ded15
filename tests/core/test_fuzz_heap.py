"""The fuzzer plays each game with the objects alive before it frozen (rules/core/fuzz.py, issue 28): the
garbage collector's full passes then walk only what the game made. Frozen while the game is played, back to
normal afterwards (a crash included), and a caller's own frozen objects are left alone."""

from __future__ import annotations

import gc

import pytest

from rules.core.fuzz import play_random_game
from tests.support.harbours import ENGINE

SCENARIO = ENGINE.scenarios()[0].id


@pytest.fixture(autouse=True)
def _unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_older_objects_are_frozen_while_the_game_is_played_and_released_after():
    frozen: list[int] = []
    report = play_random_game(ENGINE, SCENARIO, 3, players=3, on_state=lambda s: frozen.append(gc.get_freeze_count()))
    assert report.clean
    assert frozen and min(frozen) > 1000   # the modules and the engine's data
    assert gc.get_freeze_count() == 0


def test_a_crash_releases_them_too():
    def crash(state):
        raise RuntimeError("boom")
    report = play_random_game(ENGINE, SCENARIO, 3, players=3, on_state=crash)
    assert report.problems and report.problems[0].startswith("crash:")
    assert gc.get_freeze_count() == 0


def test_objects_the_caller_froze_stay_frozen():
    gc.freeze()
    before = gc.get_freeze_count()
    play_random_game(ENGINE, SCENARIO, 3, players=3)
    assert gc.get_freeze_count() == before


def test_the_same_games_are_played():
    """Freezing changes no result: the same seed plays the same moves with or without it."""
    first = play_random_game(ENGINE, SCENARIO, 5, players=3)
    gc.freeze()
    second = play_random_game(ENGINE, SCENARIO, 5, players=3)
    assert first.log == second.log and first.winners == second.winners

"""Smoke tests: the engine registers, every scenario sets up, and a random game reaches its end."""

from rules.core import SetupArgs
from rules.core.fuzz import play_random_game
from rules.core.registry import get_engine

ENGINE = get_engine("richard3")
SEATS = (("york",), ("lancaster",))


def test_registry_and_scenarios():
    assert {s.id for s in ENGINE.scenarios()} == {"1460", "1470", "1483"}
    for sc in ("1460", "1470", "1483"):
        state = ENGINE.setup(SetupArgs(sc, SEATS, 7))
        assert not ENGINE.invariant_errors(state)


def test_random_game_finishes():
    report = play_random_game(ENGINE, "1460", 3, check_every=5)
    assert report.clean, report.problems

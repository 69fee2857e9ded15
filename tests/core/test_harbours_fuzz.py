"""Four Harbours fuzzed with every check on, secrecy by invariance included (rules/core/fuzz.py,
rules/core/secrecy.py), at every player count and seating; and `herald fuzz` on an unregistered engine.
The 1,000-game run is `herald fuzz tests.support.harbours:ENGINE --games 1000 --seed 1 --players 3 --jobs 2`
(or HERALD_SLOW=1 for the test below)."""

import os

import pytest

from bot import cli
from rules.core.fuzz import play_random_game
from tests.support.harbours import ENGINE


def test_a_hundred_short_games_are_clean_and_end_ranked():
    for seed in range(100):
        report = play_random_game(ENGINE, "short", seed, players=2 + seed % 3, check_every=3)
        assert report.clean, (seed, report.problems)
        assert sorted(r for rank in report.ranks for r in rank) == ["east", "north", "south", "west"]


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("HERALD_SLOW"), reason="set HERALD_SLOW=1 for the 1,000-game run")
def test_a_thousand_games_are_clean_with_the_invariance_check_on_every_action():
    for seed in range(1000):
        report = play_random_game(ENGINE, "standard", seed, players=2 + seed % 3)
        assert report.clean, (seed, report.problems)


def test_herald_fuzz_takes_a_module_engine_and_a_player_count(capsys):
    assert cli.main(["fuzz", "tests.support.harbours:ENGINE", "--scenario", "short", "--players", "3",
                     "--games", "2", "--seed", "5", "--check-every", "4"]) == 0
    assert capsys.readouterr().out.startswith("harbours/short/3p: 2/2 games clean")


def test_herald_fuzz_plays_every_player_count_and_refuses_an_impossible_one(capsys):
    assert cli.main(["fuzz", "tests.support.harbours:ENGINE", "--scenario", "short", "--games", "1",
                     "--check-every", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["harbours/short/2p", "harbours/short/3p",
                                                      "harbours/short/4p", "harbours total"]
    assert cli.main(["fuzz", "tests.support.harbours:ENGINE", "--players", "5", "--games", "1"]) == 2
    assert "is for 2–4 players, not 5" in capsys.readouterr().err
    assert cli.main(["fuzz", "tests.support.nowhere:ENGINE", "--games", "1"]) == 2
    assert "No engine at 'tests.support.nowhere:ENGINE'" in capsys.readouterr().err

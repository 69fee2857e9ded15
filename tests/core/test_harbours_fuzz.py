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


def test_herald_fuzz_names_a_fixed_player_count_once(capsys):
    """A scenario for exactly two players is "for 2 players", not "for 2–2 players"."""
    assert cli.main(["fuzz", "richard3", "--players", "3", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "is for 2 players, not 3" in err and "2–2" not in err


def test_setup_names_a_fixed_player_count_once():
    from rules.core.contract import BadSetup, SetupArgs
    from tests.support.duel import ENGINE as DUEL
    with pytest.raises(BadSetup, match=r"^Standard is for 2 players, not 3\.$"):
        DUEL.setup(SetupArgs("standard", (("red",), ("blue",), ("green",)), 1))


def test_herald_fuzz_with_a_player_count_plays_every_scenario_that_seats_it(capsys):
    """Without --scenario, --players N plays the scenarios for N players and skips the others, saying so
    (Crown of Roses: Entangled Branches is for 2 players, Kingmaker for 2–4)."""
    assert cli.main(["fuzz", "crownofroses", "--players", "4", "--games", "1", "--seed", "3",
                     "--no-secrets"]) == 0
    out, err = capsys.readouterr()
    played = [line.split(":")[0] for line in out.splitlines()]
    assert "crownofroses/kingmaker/4p" in played and "crownofroses total" in played
    assert not any("entangled" in line for line in played)
    assert "is for 2 players, not 4: skipped." in err


def test_a_prompt_of_a_kind_the_table_does_not_know_is_a_finding(monkeypatch):
    """A decision attribute once shadowed the prompt's ``kind`` (Here I Stand's #72): the table could not set
    the deadline and refused every order. The fuzzer checks every active role's prompt."""
    from dataclasses import replace

    real = type(ENGINE).prompt
    monkeypatch.setattr(type(ENGINE), "prompt",
                        lambda self, state, role: replace(real(self, state, role), kind=len))
    report = play_random_game(ENGINE, "short", 1, players=2, check_every=1)
    assert not report.clean
    assert "prompt is malformed (kind <built-in function len>" in report.problems[0]


def test_each_table_size_plays_its_own_seeds(capsys):
    """Without --players every size gets the next seeds (a game whose random moves do not depend on the
    seating would otherwise replay the same games at every size)."""
    assert cli.main(["fuzz", "tests.support.harbours:ENGINE", "--scenario", "short", "--games", "2",
                     "--seed", "10", "--check-every", "10", "-v"]) == 0
    seeds = [line.split(":")[0] for line in capsys.readouterr().out.splitlines() if " seed " in line]
    assert seeds == [f"short seed {n}" for n in range(10, 16)]

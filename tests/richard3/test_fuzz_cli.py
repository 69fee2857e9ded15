"""`herald fuzz richard3`: every scenario in turn unless --scenario picks one, --jobs spreads the games over
processes, and the exit code is 0 only when every game was clean."""

from bot import cli
from rules.core.fuzz import GameReport


def test_fuzz_without_scenario_plays_every_scenario_and_prints_a_total(capsys):
    assert cli.main(["fuzz", "richard3", "--games", "1", "--seed", "3", "--jobs", "2", "--check-every", "50"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["richard3/1460", "richard3/1470", "richard3/1483",
                                                      "richard3 total"]
    assert "3/3 games clean" in lines[-1]


def test_fuzz_with_scenario_plays_only_that_one(capsys):
    assert cli.main(["fuzz", "richard3", "--scenario", "1483", "--games", "1", "--seed", "4",
                     "--check-every", "50"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("richard3/1483: 1/1 games clean")


def test_fuzz_exit_code_is_1_when_a_game_has_a_problem(monkeypatch, capsys):
    def fake(engine, scenario, seed, **kwargs):
        report = GameReport(seed=seed, scenario=scenario, actions=5, finished=True)
        if scenario == "1470":
            report.problems.append("dead end: invented")
        return report

    monkeypatch.setattr(cli, "play_random_game", fake)
    assert cli.main(["fuzz", "richard3", "--games", "2", "--seed", "1"]) == 1
    out = capsys.readouterr().out
    assert "1470 seed 1: PROBLEM" in out and "--scenario 1470 --games 1 --seed 2" in out
    assert "richard3 total: 4/6 games clean" in out

"""`herald match` (issue 31): seats rotate, intervals are right, a whole match prints its rates."""

import io

from bot.cli import main
from bot.match import play_match_game, report, schedule, seat_players, wilson


def test_seats_rotate_and_the_last_name_fills_the_rest():
    roles = ["a", "b", "c", "d"]
    assert seat_players(["strong", "random"], roles, 0) == {"a": "strong", "b": "random", "c": "random", "d": "random"}
    assert seat_players(["strong", "random"], roles, 1) == {"a": "random", "b": "strong", "c": "random", "d": "random"}


def test_wilson_interval():
    low, high = wilson(180, 200)
    assert round(low, 3) == 0.851 and round(high, 3) == 0.934
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_random_match_is_played_to_the_end_and_reported(capsys):
    game = play_match_game("richard3", "1483", 2, ["random"], 3, 0)
    assert game.finished and game.winners and game.actions > 0
    out = io.StringIO()
    report(["random"], [game], out)
    assert "won 1/1" in out.getvalue() and "decisions (cpu)" in out.getvalue()
    assert main(["match", "richard3", "--players", "random,random", "--games", "2", "--scenario", "1483"]) == 0
    assert "2 games (0 unfinished)" in capsys.readouterr().out


def test_an_unknown_player_is_refused_with_the_ones_offered(capsys):
    assert main(["match", "richard3", "--players", "grandmaster", "--games", "1"]) == 2
    assert "offers: random, novice, veteran, strong" in capsys.readouterr().err


def test_every_scenario_is_played_from_every_seat():
    """Four scenarios at two seats: turning the seats at every game would seat each scenario's player in one
    seat only."""
    roles = ["lancaster", "york"]
    played = {(scenario, seat_players(["strong", "random"], roles, shift)["lancaster"])
              for scenario, shift in schedule(["a", "b", "c", "d"], 8)}
    assert played == {(s, p) for s in "abcd" for p in ("strong", "random")}
    assert [shift for _, shift in schedule(["only"], 3)] == [0, 1, 2]


def test_a_role_keeps_the_first_player_in_it_and_the_wins_are_told_by_role(capsys):
    roles = ["york", "lancaster", "warwick"]
    assert seat_players(["strong", "random"], roles, 2, "lancaster") == {
        "lancaster": "strong", "york": "random", "warwick": "random"}
    assert main(["match", "richard3", "--players", "random,random", "--games", "2", "--scenario", "1483",
                 "--role", "lancaster"]) == 0
    assert "by role: lancaster " in capsys.readouterr().out
    game = play_match_game("richard3", "1483", 2, ["novice", "random"], 3, 1, "lancaster")
    assert game.seats == {"lancaster": "novice", "york": "random"}
    out = io.StringIO()
    report(["novice", "random"], [game], out)
    wins = "1/1" if "lancaster" in game.winners else "0/1"
    assert f"by role: lancaster {wins}" in out.getvalue()


def test_a_role_the_scenario_lacks_is_refused(capsys):
    assert main(["match", "richard3", "--players", "strong,random", "--games", "1", "--role", "warwick"]) == 2
    assert "warwick is not a role of" in capsys.readouterr().err


def test_a_run_split_across_processes_plays_the_same_games(capsys):
    """``--first-game`` starts later in the same schedule (seeds, scenarios, seats); lines come per game with
    worker processes too."""
    args = ["match", "richard3", "--players", "random,random", "--games", "3"]
    assert main(args) == 0
    whole = [line for line in capsys.readouterr().out.splitlines() if line.startswith("game ")]
    assert main(args + ["--first-game", "2", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.startswith("game ")] == whole[1:]
    assert "games 2–3 (seeds 2–3)" in out and "2 games (0 unfinished)" in out
    assert main(args + ["--first-game", "4"]) == 2
    assert "--first-game must be from 1 to --games (3)" in capsys.readouterr().err

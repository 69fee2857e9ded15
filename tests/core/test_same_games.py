"""benchmarks/same_games.py: which tables it plays (one seat per role by default, or every player count)."""

from benchmarks.same_games import tables
from rules.core.driver import player_counts, setup_args
from tests.support.harbours import ENGINE as HARBOURS


def test_by_default_every_role_has_a_seat_of_its_own():
    scenario = HARBOURS.scenarios()[0].id
    games = list(tables(HARBOURS, scenario, 2, (), {}))
    assert [key for key, _ in games] == [f"{scenario}/0", f"{scenario}/1"]
    assert all(args.seats == tuple((r,) for r in HARBOURS.roles(scenario)) for _, args in games)


def test_all_plays_every_player_count_seated_as_the_fuzzer_seats_them_with_the_options_given():
    scenario = HARBOURS.scenarios()[0].id
    games = dict(tables(HARBOURS, scenario, 2, ("all",), {"x": "1"}))
    counts = player_counts(HARBOURS, scenario)
    assert list(games) == [f"{scenario}/{n}p/{seed}" for n in counts for seed in (0, 1)]
    for n in counts:
        assert games[f"{scenario}/{n}p/1"] == setup_args(HARBOURS, scenario, 1, n, {"x": "1"})


def test_a_count_the_scenario_does_not_allow_is_left_out():
    scenario = HARBOURS.scenarios()[0].id
    assert list(tables(HARBOURS, scenario, 1, ("99",), {})) == []

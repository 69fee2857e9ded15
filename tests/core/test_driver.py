"""The one random-play driver (rules/core/driver.py) behind `herald fuzz`, `herald render` and benchmarks."""

import random

import pytest

from rules.core import SetupArgs
from rules.core.contract import BadSetup
from rules.core.registry import game_ids, get_engine
from rules.core.driver import default_players, player_counts, random_moves, setup_args
from rules.core.fuzz import play_random_game
from rules.richard3 import ENGINE as RICHARD
from tests.support.harbours import ENGINE as HARBOURS


def old_random_game(engine, scenario, seed, steps):
    """The loop `herald fuzz` and `herald render` each had before the driver, kept to prove nothing moved."""
    chooser = random.Random(seed)
    state = engine.setup(SetupArgs(scenario, tuple((r,) for r in engine.roles(scenario)), seed, {}))
    log = []
    while len(log) < steps and engine.result(state) is None:
        role = chooser.choice(engine.active_roles(state))
        action = chooser.choice(engine.legal_actions(state, role))
        log.append((role, action.id))
        state = engine.apply(state, role, action.id).state
    return log


def test_richard_iii_plays_the_same_random_games_as_before():
    old = old_random_game(RICHARD, "1470", 4, 150)
    args = setup_args(RICHARD, "1470", 4)
    assert args.seats == (("york",), ("lancaster",))
    assert [(role, action.id) for role, action, _ in random_moves(RICHARD, args, 150)] == old
    report = play_random_game(RICHARD, "1470", 4, max_actions=150, check_secrets=False)
    assert report.log == old


def test_player_counts_and_seatings_follow_the_engine():
    assert player_counts(HARBOURS, "standard") == [2, 3, 4] and default_players(HARBOURS, "standard") == 4
    assert default_players(RICHARD, "1460") == 2
    seen = {setup_args(HARBOURS, "standard", seed, 3).seats for seed in range(4)}
    assert seen == {s.seats for s in HARBOURS.seating_choices("standard", 3)}     # the seed rotates them
    assert setup_args(HARBOURS, "standard", 1, 2, seating="across").seats == (("north", "south"), ("east", "west"))


def test_random_moves_stop_after_the_steps_asked():
    args = setup_args(HARBOURS, "short", 3, 3)
    moves = list(random_moves(HARBOURS, args, 7))
    assert len(moves) == 7 and all(outcome.state for _, _, outcome in moves)


class OptionHarbours(type(HARBOURS)):
    """Four Harbours with two setup options, for the random-options hook."""

    def options(self):
        from rules.core.contract import OptionSpec
        return [OptionSpec("storms", "Storms", "a flag", "bool", False),
                OptionSpec("winds", "Winds", "a choice", "choice", "calm", (("calm", "Calm"), ("gale", "Gale")))]


def test_option_choices_list_every_value_a_spec_allows_and_the_seed_picks_them():
    from rules.core.driver import random_options
    engine = OptionHarbours()
    assert engine.option_choices("standard", 4) == {"storms": [False, True], "winds": ["calm", "gale"]}
    picks = [random_options(engine, "standard", 4, seed) for seed in range(12)]
    assert picks == [random_options(engine, "standard", 4, seed) for seed in range(12)]   # the seed decides
    assert {p["storms"] for p in picks} == {False, True} and {p["winds"] for p in picks} == {"calm", "gale"}
    assert random_options(HARBOURS, "standard", 4, 1) == {}          # an engine without options: none


def test_fuzz_with_random_options_records_them_and_plays_the_same_moves():
    engine = OptionHarbours()
    plain = play_random_game(engine, "standard", 3, max_actions=40, check_secrets=False)
    picked = play_random_game(engine, "standard", 3, max_actions=40, check_secrets=False, pick_options=True)
    assert plain.options == {}              # none given, none picked: the defaults apply
    assert set(picked.options) == {"storms", "winds"}
    assert picked.log == plain.log          # the moves' generator is not disturbed by picking options
    forced = play_random_game(engine, "standard", 3, max_actions=5, check_secrets=False, pick_options=True,
                              options={"storms": True})
    assert forced.options["storms"] is True  # options given win over the random pick


@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_value_a_game_offers_random_play_sets_up(game_id):
    """Engine.option_choices promises that any pick of one value per option sets up (`herald fuzz
    --random-options` relies on it): every value of every option, the others picked at random, at every
    scenario and player count, sets up without a refusal."""
    engine = get_engine(game_id)
    chooser = random.Random(f"options:{game_id}")
    for scenario in engine.scenarios():
        for players in player_counts(engine, scenario.id):
            choices = engine.option_choices(scenario.id, players)
            picks = [{**{o: chooser.choice(v) for o, v in choices.items() if v}, option: value}
                     for option, values in choices.items() for value in values]
            for options in picks or [{}]:
                args = setup_args(engine, scenario.id, 1, players, options)
                try:
                    engine.setup(args)
                except BadSetup as refused:
                    pytest.fail(f"{scenario.id} at {players} with {options}: {refused}")

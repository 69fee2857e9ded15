"""A few random Crown of Roses games with the options switched on at random, every check of `herald fuzz`
(dead ends, invariants, secrecy by invariance). The 50-game runs per scenario and player count are run
outside the suite (`make fuzz`); HERALD_SLOW=1 adds the 3- and 4-player tables here."""

from __future__ import annotations

import os

import pytest

from rules.core.fuzz import play_random_game
from rules.crownofroses.engine import ENGINE

QUICK = [("seeds_of_enmity", 2, 21), ("entangled_branches", 2, 22), ("cruel_thorns", 2, 23)]
SLOW = [("seeds_of_enmity", 3, 24), ("seeds_of_enmity", 4, 25), ("kingmaker", 3, 26), ("kingmaker", 4, 27)]


@pytest.mark.parametrize("scenario,players,seed", QUICK + (SLOW if os.environ.get("HERALD_SLOW") else []))
def test_random_games_with_random_options_are_clean(scenario, players, seed):
    report = play_random_game(ENGINE, scenario, seed, players=players, check_every=40, pick_options=True)
    assert report.clean, (report.options, report.problems)
    assert report.options and report.winners is not None

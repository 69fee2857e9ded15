"""A Crown of Roses game is a pure function of its setup and its action log (DESIGN.md §1): recorded random
games, options switched on at random, replay state for state, through JSON, identical."""

from __future__ import annotations

import json

import pytest

from rules.core.contract import SetupArgs
from rules.core.driver import random_moves, random_options, setup_args
from rules.crownofroses.engine import ENGINE


@pytest.mark.parametrize("scenario,players,seed", [("seeds_of_enmity", 2, 4), ("entangled_branches", 2, 2),
                                                   ("kingmaker", 3, 5)])
def test_recorded_random_games_replay_state_for_state(scenario, players, seed):
    args = setup_args(ENGINE, scenario, seed, players, random_options(ENGINE, scenario, players, seed))
    args = SetupArgs.from_dict(json.loads(json.dumps(args.to_dict())))        # as the table stores it
    recorded, log = [], []
    for role, action, outcome in random_moves(ENGINE, args, steps=700):
        log.append((role, action.id))
        recorded.append(json.dumps(outcome.state, sort_keys=True))
    state = ENGINE.setup(args)
    for (role, action_id), expected in zip(log, recorded):
        state = ENGINE.apply(json.loads(json.dumps(state)), role, action_id).state
        assert json.dumps(state, sort_keys=True) == expected

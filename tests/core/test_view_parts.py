"""Engine.view_parts (issue 28): the views of several readers built at once are each reader's view, and
Engine.own_views their own parts, for every registered game, along a random game of each scenario."""

from __future__ import annotations

import json

import pytest

from rules.core.driver import random_moves, setup_args
from rules.core.registry import game_ids, get_engine


@pytest.mark.parametrize("game", game_ids())
def test_view_parts_are_the_views(game):
    engine = get_engine(game)
    for scenario in [s.id for s in engine.scenarios()]:
        for i, (_role, _action, outcome) in enumerate(random_moves(engine, setup_args(engine, scenario, 4), 300)):
            if i % 25:
                continue
            state = outcome.state
            readers = [r for seat in state["seats"] for r in seat] + [None]
            shared, own = engine.view_parts(state, readers)
            alone = engine.own_views(state, readers)
            for reader in readers:
                whole = json.dumps({**shared, **own[reader]}, sort_keys=True, default=str)
                assert whole == json.dumps(engine.view(state, reader), sort_keys=True, default=str), (scenario, i)
                assert json.dumps(alone[reader], sort_keys=True, default=str) == \
                    json.dumps(own[reader], sort_keys=True, default=str), (scenario, i)

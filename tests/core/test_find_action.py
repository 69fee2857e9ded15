"""Finding the chosen action without the whole legal list (Decision.find / actions_of, issue 28): along
random games of every registered game, every listed action is found with the same label and group, and
ids that are not listed (another action's arguments under this verb, a made-up argument) are not."""

from __future__ import annotations

import random

import pytest

from rules.core.contract import IllegalAction
from rules.core.driver import random_moves, setup_args
from rules.core.registry import game_ids, get_engine

STEPS = {"hereistand": 1500}


def _unlisted(legal, chooser):
    """Ids close to listed ones but not listed: a verb with another verb's arguments, one action's words
    with another's last argument, a bad argument."""
    listed = {a.id for a in legal}
    verbs = sorted({a.id.split(":", 1)[0] for a in legal})
    argss = sorted({a.id.split(":", 1)[1] for a in legal if ":" in a.id})
    out = [f"{v}:{a}" for v in verbs for a in chooser.sample(argss, min(3, len(argss)))]
    out += [f"{a.id}:nowhere" for a in legal[:3]] + [f"{v}:nowhere" for v in verbs]
    parts = [a.id.split(":") for a in legal if a.id.count(":") >= 2]
    for _ in range(min(20, len(parts) ** 2)):   # one action's leading words with another's last argument
        first, second = chooser.choice(parts), chooser.choice(parts)
        out.append(":".join(first[:-1] + second[-1:]))
    return [i for i in out if i not in listed]


@pytest.mark.parametrize("game", game_ids())
def test_find_agrees_with_the_legal_list(game):
    engine = get_engine(game)
    chooser = random.Random(7)
    for scenario in [s.id for s in engine.scenarios()]:
        state = engine.setup(setup_args(engine, scenario, 3))
        checked = 0
        for _role, _action, outcome in random_moves(engine, setup_args(engine, scenario, 3),
                                                   STEPS.get(game, 400)):
            for role in engine.active_roles(state):
                legal = engine.legal_actions(state, role)
                for action in legal:
                    assert engine._find_action(state, role, action.id) == action, (scenario, action.id)
                for action_id in _unlisted(legal, chooser):
                    try:
                        found = engine._find_action(state, role, action_id)
                    except IllegalAction:   # refused with its reason (e.g. an event not enforced yet)
                        continue
                    assert found is None, (scenario, action_id)
                checked += len(legal)
            state = outcome.state
        assert checked

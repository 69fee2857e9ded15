"""The sequence of play on the core's flow (1.0, 8.0; rules/richard3/sequence.py): the flow stack drives every
random game, and a position known only by its phase (a game stored before the flow, a hand-made position) gets
exactly the stack the flow would have built."""

import random

import pytest

from rules.core import SetupArgs
from rules.richard3 import sequence

from .helpers import ENGINE, SEATS


@pytest.mark.parametrize("scenario,seed", [("1460", 3), ("1470", 4), ("1483", 5)])
def test_the_flow_stands_where_the_phase_says_and_is_rebuilt_from_it(scenario, seed):
    chooser = random.Random(seed)
    state = ENGINE.setup(SetupArgs(scenario, SEATS, seed))
    seen = set()
    while ENGINE.result(state) is None:
        assert sequence.in_step(state), state["step"]
        assert state["flow"] == sequence.stack_for(state)
        seen.add(tuple(f["name"] for f in state["flow"]))
        role = chooser.choice(ENGINE.active_roles(state))
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
    assert state["flow"] == [] and state["step"] == "over"
    assert ("campaign", "turn", "cards") in seen and ("campaign", "turn", "actions") in seen


def test_a_stored_position_without_a_flow_plays_on_as_before():
    """A game stored before the port (no "flow" key) continues exactly like one that has it."""
    chooser = random.Random(9)
    state = ENGINE.setup(SetupArgs("1460", SEATS, 9))
    for _ in range(150):
        role = chooser.choice(ENGINE.active_roles(state))
        action = chooser.choice(ENGINE.legal_actions(state, role)).id
        old = {k: v for k, v in state.items() if k != "flow"}
        assert ENGINE.active_roles(old) == ENGINE.active_roles(state)
        assert ENGINE.legal_actions(old, role) == ENGINE.legal_actions(state, role)
        assert ENGINE.prompt(old, role) == ENGINE.prompt(state, role)
        out, again = ENGINE.apply(state, role, action), ENGINE.apply(old, role, action)
        assert out.state == again.state and out.log == again.log
        state = out.state

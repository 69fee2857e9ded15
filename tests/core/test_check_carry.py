"""The secrecy check hands the next check what it observed at the next state (issue 28): after a secret
choice it observes every other reader at the outcome's state anyway (``carry``); the next check takes those
observations instead of building them again. They must be exactly what it would build itself."""

from __future__ import annotations

import random

from rules.core.registry import get_engine
from rules.core.secrecy import invariance_problems, observations
from rules.core.contract import SetupArgs

ENGINE = get_engine("richard3")


def _readers(state):
    return [r for seat in state["seats"] for r in seat] + [None]


def test_carried_observations_are_those_the_next_check_would_build():
    chooser = random.Random(4)
    state = ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 4, {}))
    carry: dict = {}
    parts = ENGINE.view_parts(state, _readers(state))
    carried = 0
    for _ in range(40):
        role = chooser.choice(ENGINE.active_roles(state))
        move = (role, chooser.choice(ENGINE.legal_actions(state, role)).id)
        outcome = ENGINE.apply(state, *move)
        following = ENGINE.view_parts(outcome.state, _readers(outcome.state))
        assert invariance_problems(ENGINE, state, move, parts, outcome, None, following, carry) == []
        if carry:
            assert carry["state"] is outcome.state
            others = list(carry["seen"])
            assert carry["seen"] == observations(ENGINE, outcome.state, readers=others)
            carried += 1
        state, parts = outcome.state, following
        if ENGINE.result(state):
            break
    assert carried   # secret card plays were met, so observations were carried


def test_observations_carried_for_another_state_are_not_taken():
    state = ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 4, {}))
    wrong = {"york": ("not", "this"), "lancaster": ("not", "this"), None: ("not", "this")}
    carry = {"state": dict(state), "seen": wrong}   # an equal state, but not this one
    assert invariance_problems(ENGINE, state, carry=carry) == []
    assert carry == {}   # read (and dropped) at the check's start

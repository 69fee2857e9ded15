"""RB 16.1 (DECISIONS 233): a block the stack drops off during a move is not picked up again in that move."""

import random

from rules.core.contract import SetupArgs
from rules.core.players import waited_for
from rules.crownofroses.engine import ENGINE


def _first_drop(seed: int):
    """Random four-house play up to a march question offering a drop; None when none comes early."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), seed))
    chooser = random.Random(seed)
    for _ in range(1500):
        if ENGINE.result(state) is not None:
            return None
        role = waited_for(ENGINE, state)[0]
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        drops = [a for a in legal if a.startswith("drop:")]
        if ENGINE.waiting(state)["decision"] == "march" and drops:
            return state, role, drops[0]
        state = ENGINE.apply(state, role, chooser.choice(legal)).state
    return None


def test_a_dropped_block_is_not_picked_up_again_in_the_same_move():
    found = next(f for f in map(_first_drop, range(1, 40)) if f)
    state, role, drop = found
    block = drop.split(":")[1]
    after = ENGINE.apply(state, role, drop).state
    if ENGINE.waiting(after).get("decision") == "march" and role in waited_for(ENGINE, after):
        assert f"pickup:{block}" not in [a.id for a in ENGINE.legal_actions(after, role)]
    assert block in after["flow"][-1]["local"].get("dropped", []) or block in after["moved"]

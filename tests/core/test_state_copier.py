"""contract.state_copier (issue 28): the secrecy check copies one position many times (one copy per
combination of hidden changes, one per other option of a secret choice) from one serialisation of it."""

from __future__ import annotations

import marshal

from rules.core.contract import copy_state, state_copier

STATE = {"turn": 3, "hands": {"york": ["c1", "c2"]}, "blocks": {"b1": {"at": "kent", "str": 2}},
         "log": [1, 2]}


def test_each_copy_equals_the_state_and_stands_alone():
    for flat in ((), ("blocks",), ("blocks", "hands")):   # "hands": a table of lists of scalars
        copy = state_copier(STATE, flat)
        first, second = copy(), copy()
        assert first == second == STATE == copy_state(STATE, flat)
        assert list(first) == list(STATE)   # the keys in the state's order
        first["hands"]["york"].append("c3")
        first["blocks"]["b1"]["str"] = 1
        assert second == STATE and copy() == STATE   # changing one copy changes neither another nor the state
        other = copy_state(STATE, flat)
        other["hands"]["york"].pop()
        assert STATE["hands"]["york"] == ["c1", "c2"]


def test_the_state_is_serialised_once_and_only_when_copied(monkeypatch):
    calls = []
    dumps = marshal.dumps
    monkeypatch.setattr(marshal, "dumps", lambda value: calls.append(1) or dumps(value))
    copy = state_copier(STATE)
    assert calls == []   # nothing copied yet: nothing serialised
    copy(), copy(), copy()
    assert calls == [1]

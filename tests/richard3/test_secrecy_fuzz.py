"""Fog of war over whole random games (F §2 sidebar "Fog-of-War", 6.1, DECISIONS "Which eliminations are public"):
no log line a role may read names a block or card that is the other role's secret, and no view does."""

import json
import random

import pytest

from rules.core import SetupArgs
from rules.richard3.data import AREAS, BLOCKS, DISPLAY

from .helpers import ENGINE, SEATS

ROLES = ("york", "lancaster")


def _announced(entry):
    """Lines the rules make public on purpose: the new King and his place (6.81), usurpation (8.2), a minor
    coming of age (6.82), a rescued Henry VI (Kingmaker)."""
    return (entry.kind == "reveal" or "comes of age" in entry.text or "rescued" in entry.text
            or (entry.kind == "death" and " is slain" in entry.text))


def _leaks(before, after, entry):
    out = []
    for owner in ROLES:
        if entry.to is not None and owner in entry.to and len(entry.to) == 1:
            continue   # the owner's own line
        # secret before and after the action: a block revealed by it (battle, death) may be named
        secret = ENGINE.secrets(before, owner) & ENGINE.secrets(after, owner)
        public_names = {DISPLAY[b] for b in BLOCKS if b not in secret}
        for s in secret:
            if s in entry.text:
                out.append(s)
            name = DISPLAY.get(s)
            if name and not any(name in p for p in public_names) and name in entry.text \
                    and not (BLOCKS[s]["type"] == "heir" and _announced(entry)):
                out.append(name)
    return out


def _weaken(state):
    """Rose nobles and Nevilles at strength 1 each card phase, so supply losses and Plague remove some unseen."""
    for bid, b in state["blocks"].items():
        if (BLOCKS[bid].get("rose") or BLOCKS[bid].get("neville")) and b["loc"] in AREAS:
            b["str"] = 1


@pytest.mark.parametrize("scenario,seed,weak", [
    ("1460", 41, False), ("1460", 42, False), ("1470", 43, False), ("1483", 45, False),
    ("1460", 6, True), ("1460", 5, True), ("1470", 1, True), ("1470", 2, True), ("1483", 47, True),
    ("1483", 27, True)])
def test_no_log_line_or_view_shows_the_other_roles_secrets(scenario, seed, weak):
    chooser = random.Random(seed)
    state = ENGINE.setup(SetupArgs(scenario, SEATS, seed))
    steps = 0
    while ENGINE.result(state) is None:
        if weak and state["step"] == "card":
            _weaken(state)
        role = chooser.choice(ENGINE.active_roles(state))
        out = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id)
        for entry in out.log:
            leaked = _leaks(state, out.state, entry)
            assert not leaked, (steps, entry.to, entry.text, leaked)
        state = out.state
        steps += 1
        if steps % 4 == 0:
            for owner in ROLES:
                secret = ENGINE.secrets(state, owner)
                for reader in (None, "lancaster" if owner == "york" else "york"):
                    text = json.dumps(ENGINE.view(state, reader))
                    shown = [s for s in secret if json.dumps(s) in text]
                    assert not shown, (steps, owner, reader, shown)
    assert steps > 50
    if weak:   # these seeds remove at least one noble unseen, so the supply/Plague path is exercised
        assert state["hidden_dead"]

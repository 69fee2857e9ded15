"""Public, Private and Hidden Information over whole random games: no view, prompt, legal action or log line
another role may read changes when one faction's hidden data changes (secrecy by invariance), no secret card
id reaches another view, every game ends with a ranked result for 1–4 players. Long runs:
``herald fuzz oldkingscrown --games 200 --players P --seed 1 --check-every 10``."""

import json
import random

import pytest

from rules.core import SetupArgs
from rules.core.fuzz import play_random_game
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown.data import FACTIONS


def _public_face(state, reader):
    prompt = ENGINE.prompt(state, reader) if reader else None
    legal = [a.to_dict() for a in ENGINE.legal_actions(state, reader)] if reader else []
    return json.dumps([ENGINE.view(state, reader), prompt and prompt.text, legal], sort_keys=True)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_are_clean(players):
    seats = [(f,) for f in FACTIONS[:players]]
    for seed in range(5):
        # invariants, secret strings and secrecy by invariance (rules.core.secrecy) every 40 actions here;
        # the long runs check every 10 (balance.py docstring)
        report = play_random_game(ENGINE, "standard", 100 * players + seed, seats=seats, check_every=40)
        assert report.clean, report.problems
        assert ENGINE.result is not None and report.winners


def test_views_do_not_change_with_another_factions_hidden_cards():
    chooser = random.Random(7)
    state = ENGINE.setup(SetupArgs("standard", (("clans",), ("nobility",), ("gathering",)), 7, {}))
    roles = ["clans", "nobility", "gathering"]
    checked = 0
    for step in range(300):
        if ENGINE.result(state):
            break
        if step % 13 == 0:
            for owner, what, variant in ENGINE.hidden_variants(state):
                for reader in roles + [None]:
                    if reader == owner:
                        continue
                    assert _public_face(state, reader) == _public_face(variant, reader), (owner, what, reader)
                checked += 1
        role = chooser.choice(ENGINE.active_roles(state))
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
    assert checked > 20


def test_the_rival_decides_from_its_own_view():
    """RIVAL.md: the same public facts and own cards give the same choice, whatever the player holds."""
    state = ENGINE.setup(SetupArgs("standard", (("clans",),), 3, {}))
    rival_f = next(f for f, p in state["factions"].items() if p["rival"])
    for owner, what, variant in ENGINE.hidden_variants(state):
        if owner != "clans":
            continue
        # the rival has already bid; its next decision reads only its view, which the variant leaves alone
        assert ENGINE.view(variant, rival_f) == ENGINE.view(state, rival_f)

"""The Old King's Crown pictures: every picture draws from any role's view, stays under 1.5 MB and within the
phone shape, and the public pictures are identical whatever the hidden facts (hands, face-down cards, bids,
deck orders)."""

import random

import pytest

from render import NoPicture, draw, draw_png
from rules.core import SetupArgs
from rules.oldkingscrown import ENGINE

ROLES = ("clans", "uprising", "nobility", "gathering")


def _states():
    state = ENGINE.setup(SetupArgs("standard", tuple((r,) for r in ROLES), 11, {}))
    chooser = random.Random(11)
    out = []
    for step in range(260):
        if ENGINE.result(state):
            break
        if step in (0, 40, 90, 150, 259):
            out.append(state)
        role = chooser.choice(ENGINE.active_roles(state))
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
    return out


STATES = _states()


@pytest.mark.parametrize("index", range(len(STATES)))
def test_public_pictures_do_not_depend_on_hidden_facts(index):
    state = STATES[index]
    for picture in ("map", "players"):
        public = draw_png("oldkingscrown", ENGINE.view(state, None), picture)
        assert len(public) < 1_500_000
        for owner, what, variant in ENGINE.hidden_variants(state):
            assert draw_png("oldkingscrown", ENGINE.view(variant, None), picture) == public, what


def test_every_role_gets_its_pictures_and_spectators_no_hand():
    state = STATES[2]
    for role in ROLES:
        for picture in ("map", "players", "hand"):
            image = draw("oldkingscrown", ENGINE.view(state, role), picture)
            assert image.width == 1200 and image.height <= 2400
    with pytest.raises(NoPicture):
        draw("oldkingscrown", ENGINE.view(state, None), "hand")

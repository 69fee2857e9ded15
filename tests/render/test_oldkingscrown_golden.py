"""The Old King's Crown's pictures stay byte-identical while it moves onto the render kit (issue 11 item 6):
every picture kind, every viewer, at positions of the shared driver's random games (see golden_support.py)."""

import pytest

from .golden_support import check, key

POSITIONS = [
    ("standard", 1, 0),
    ("standard", 1, 60),
    ("standard", 2, 150),
    ("standard", 3, 240),
]


@pytest.mark.parametrize("position", [key(*p) for p in POSITIONS])
def test_oldkingscrown_pictures_are_unchanged(position):
    check("oldkingscrown", POSITIONS, position)

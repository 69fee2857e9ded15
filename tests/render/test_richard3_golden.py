"""Richard III's pictures stay byte-identical (issue 11 item 6: the render kit is lifted out of
render/richard3 without changing a pixel): every picture kind, every viewer, at positions of the shared
driver's random games, including battles under way (see golden_support.py)."""

import pytest

from .golden_support import check, key

# (scenario, seed, steps): the opening, quiet turns, and battles in rounds 1-3 (round 3 at 9/131)
POSITIONS = [
    ("1460", 1, 0),
    ("1460", 1, 30),
    ("1460", 1, 110),
    ("1460", 1, 250),
    ("1460", 3, 76),
    ("1460", 9, 131),
    ("1470", 2, 60),
    ("1483", 4, 40),
]


@pytest.mark.parametrize("position", [key(*p) for p in POSITIONS])
def test_richard3_pictures_are_unchanged(position):
    check("richard3", POSITIONS, position)

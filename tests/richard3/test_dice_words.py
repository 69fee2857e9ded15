"""Issue 26: every roll in a Richard III battle names its dice and each modifier (6.3 fire: the defender's
seat, crown, cathedral, city and Wales bonuses; 6.9 treachery: the loyalty or Neville badge dice)."""

from __future__ import annotations

import re

from rules.core.driver import random_moves, setup_args
from rules.richard3 import ENGINE

FIRE = re.compile(r" fires(?: at .+?)? \(([A-D])(\d)((?: \+1 [a-zA-Z ]+)*)(?: = [A-D](\d))?, hits on (\d) or less\): "
                  r"(\d+) dic?e ([1-6 ]+) — (\d+|no) hits?\.$")
TREACHERY = re.compile(r"tries treachery on .+ \((\d+) dic?e for (loyalty \d|Warwick's Neville badge); all even to "
                       r"defect\): [1-6 ]* — it (defects!|stays loyal\.)$")


def _battle_lines(seeds=range(1, 7)):
    for seed in seeds:
        for _role, _action, outcome in random_moves(ENGINE, setup_args(ENGINE, "1460", seed)):
            yield from (e.text for e in outcome.log)


def test_every_fire_and_treachery_line_names_its_dice_and_modifiers():
    fires = bonuses = treacheries = 0
    for line in _battle_lines():
        if " fires" in line and "fires back" not in line and "does not fire" not in line:
            found = FIRE.search(line)
            assert found, line
            base, extra, total, needed = int(found[2]), found[3], found[4], int(found[5])
            plus = extra.count("+1")
            assert needed == base + plus and (total is None) == (plus == 0), line
            assert len(found[7].split()) == int(found[6]), line
            fires += 1
            bonuses += plus > 0
        if "tries treachery" in line:
            assert TREACHERY.search(line), line
            treacheries += 1
    assert fires > 50 and bonuses > 0, (fires, bonuses)


def test_the_battle_roster_names_rating_and_strength():
    for line in _battle_lines(seeds=(1,)):
        if line.startswith("Battle of "):
            assert "×" not in line and re.search(r"\([A-D]\d, strength \d", line), line
            return
    raise AssertionError("no battle in the first game")

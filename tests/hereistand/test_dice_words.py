"""Issue 26: every roll of Here I Stand names its dice and each modifier — field battles (14: units, the
best leader's battle rating, +1 as defender), assaults (15), naval battles (16.2: 2 per squadron, 1 per
corsair, the admiral, +1 in port), interception and avoidance (13.2, 13.3: the leader, Ottoman cavalry)
and piracy (16.4)."""

from __future__ import annotations

import re

from rules.core.driver import random_moves, setup_args
from rules.hereistand import ENGINE

SIDE = r"\d+ dic?e \([^()]*(?:\([^()]*\)[^()]*)*\), hits on 5 or 6: [1-6 ]* — \d+ hits?"
EXTRA = r"(?: #\d+ [^.]+: \d+ dic?e, hits on [^:]+: [1-6 ]* — \d+ hits?\.)*"     # Tercios, Janissaries
FIELD = re.compile(rf"^Field battle at .+: .+ rolls {SIDE}; .+ rolls? {SIDE}\.{EXTRA} The (attacker|defender) wins")
ASSAULT = re.compile(rf" assaults .+: {SIDE}(; the defenders roll {SIDE}\.|; the fortress is empty\.)$")
NAVAL = re.compile(rf"^Naval battle in .+: .+ rolls {SIDE}; .+ rolls {SIDE}\.{EXTRA} .+ wins")
TWO_DICE = re.compile(r"\((\d+) or more on 2 dice succeeds\): rolls [1-6]\+[1-6](?: [+-]\d [^=]+)? = \d+, "
                      r"(success|failure)\.$")
PIRACY = re.compile(r"^Piracy(?: defence)?: \d+ dic?e \(.+\), hits on 5 or 6: [1-6 ]* — \d+ hits?\.$")


def test_every_roll_names_its_dice_and_modifiers():
    seen = {"field": 0, "assault": 0, "naval": 0, "two dice": 0, "piracy": 0}
    for seed in range(1, 9):   # random games until a field battle and a two-dice roll have been read
        if seen["field"] and seen["two dice"]:
            break
        args = setup_args(ENGINE, "1532", seed)
        for step, (_role, _action, outcome) in enumerate(random_moves(ENGINE, args)):
            for line in (e.text for e in outcome.log):
                for kind, start, pattern in (("field", "Field battle at", FIELD), ("naval", "Naval battle in", NAVAL),
                                             ("piracy", "Piracy", PIRACY)):
                    if line.startswith(start):
                        assert pattern.search(line), line
                        seen[kind] += 1
                if " assaults " in line:
                    assert ASSAULT.search(line), line
                    seen["assault"] += 1
                if "tries to intercept" in line or "tries to avoid battle" in line and "without a roll" not in line:
                    assert TWO_DICE.search(line), line
                    seen["two dice"] += 1
            if step > 3000:
                break
    assert seen["field"] > 0 and seen["two dice"] > 0, seen

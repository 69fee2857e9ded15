"""Issue 26: every roll of Crown of Roses names its dice and each modifier — a block's coloured dice in
battle with the charge and card bonuses and what hits (RB 20.5), the Elimination Chart's die with its
modifiers (20.6.1), attrition's die (22.0), and a Roll of Parliament bid with its roses (24.2.1)."""

from __future__ import annotations

import re

from rules.core.driver import random_moves, setup_args
from rules.crownofroses import ENGINE

BLOCK_ROLL = re.compile(r" rolls ((?:red|blue|green) \d(?:\+\d)?(?:, (?:red|blue|green) \d(?:\+\d)?)*) "
                        r"\(((?:\+\d [^;]+; )*)hits: (?:(?:red|blue|green) on \d\+(?:, )?)+\) — (\d+|no) hits?\.$")
ELIMINATION = re.compile(r"Elimination Chart, die \d(?: [+-]\d [a-z ]+)*(?: = -?\d+)? — (killed|wounded|fled)\.$")
ATTRITION = re.compile(r"Attrition \(a step lost on 1–2\): .+ rolls die \d(?: [+-]\d (?:leader|fens|heir))*"
                       r"(?: = -?\d+)?(?:, no loss\.| and loses a step\.| at base strength\.)$")
BID = re.compile(r"^[A-Z][a-z]+ [\d+]+(?: \+\d roses?)?(?: [+-]\d+(?: Woodville \(turn \d+\))?)? = \d+"
                 r"(?: \(markers of zero only: no bid\))?$")


def _lines(seeds=(1, 2, 3)):
    for seed in seeds:
        args = setup_args(ENGINE, "seeds_of_enmity", seed)
        for step, (_role, _action, outcome) in enumerate(random_moves(ENGINE, args)):
            yield from (e.text for e in outcome.log)
            if step > 2500:
                break


def test_every_roll_names_its_dice_and_modifiers():
    seen = {"block": 0, "elimination": 0, "attrition": 0, "bid": 0}
    for line in _lines():
        if re.search(r" rolls (red|blue|green) ", line):
            assert BLOCK_ROLL.search(line), line
            seen["block"] += 1
        if "Elimination Chart" in line:
            assert ELIMINATION.search(line), line
            seen["elimination"] += 1
        if line.startswith("Attrition"):
            assert ATTRITION.search(line), line
            seen["attrition"] += 1
        if line.startswith("Supporters of "):
            for bid in line.split(" revealed: ", 1)[1].rstrip(".").split("; "):
                assert BID.search(bid), (bid, line)
            seen["bid"] += 1
    assert seen["block"] > 20 and seen["bid"] > 0, seen

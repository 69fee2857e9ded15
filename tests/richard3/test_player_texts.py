"""What players read carries no rule numbers or internal ids: prompts, action labels, log lines and the
result, over seeded random games of every scenario (rule numbers belong in DECISIONS.md and tests)."""

import random
import re

from rules.core.driver import choose_move, setup_args
from rules.richard3 import ENGINE

RULE_NUMBER = re.compile(r"\b\d+\.\d+\b")
BLOCK_ID = re.compile(r"\b[yl]-[a-z]+")


def _bad(text):
    return bool(RULE_NUMBER.search(text) or BLOCK_ID.search(text))


def test_prompts_labels_log_and_result_have_no_rule_numbers_or_ids():
    found = set()
    for scenario in ("1460", "1470", "1483"):
        for seed in range(3):
            state, chooser = ENGINE.setup(setup_args(ENGINE, scenario, seed)), random.Random(seed)
            for _ in range(ENGINE.runaway_actions):
                result = ENGINE.result(state)
                if result is not None:
                    if _bad(result.reason):
                        found.add(("result", result.reason))
                    break
                for role in ("york", "lancaster"):
                    prompt = ENGINE.prompt(state, role)
                    if prompt is not None and _bad(prompt.text):
                        found.add(("prompt", prompt.text))
                    found |= {("label", a.label) for a in ENGINE.legal_actions(state, role) if _bad(a.label)}
                role, action = choose_move(ENGINE, state, chooser)
                outcome = ENGINE.apply(state, role, action.id)
                state = outcome.state
                found |= {("log", e.text) for e in outcome.log if _bad(e.text)}
            else:
                raise AssertionError(f"{scenario}/{seed} did not finish")
    assert not found, sorted(found)[:10]

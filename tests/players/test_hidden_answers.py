"""A computer player's worlds never keep another house's hidden answer (issue 31, the player contract).

A Crown of Roses reaction window reveals only "responds" or "pass" (VIEW.md, DECISIONS 100); each answer is
shown when carried out. While the first answer is carried out (a retreat it forces), the others wait in the
window's frame, below the top of the stack. A world drawn for another house must not keep them as they are.
"""

import random

from rules.core import get_engine
from rules.core.contract import copy_state
from rules.core.driver import setup_args
from rules.core.players import waited_for
from rules.crownofroses.player import determinise

ENGINE = get_engine("crownofroses")


def _waiting_answer():
    """The first position of random four-house games where a window below the top holds a queued answer
    naming a card (a Surprise not yet carried out), with a house other than its owner asked: (state, the
    window's frame index, the answering house, the card, the house asked)."""
    for seed in range(1, 6):
        chooser = random.Random(seed)
        state = ENGINE.setup(setup_args(ENGINE, "seeds_of_enmity", seed, 4))
        for _ in range(3000):
            if ENGINE.result(state) is not None:
                break
            asked = waited_for(ENGINE, state)
            for i, frame in enumerate(state["flow"][:-1]):
                for owner, answer in frame["local"].get("queue", []):
                    card = answer.split(":")[1] if answer.count(":") else None
                    others = [h for h in asked if h != owner]
                    if card in state["zones"].get(f"hand:{owner}", []) and others:
                        return state, i, owner, card, others[0]
            role = chooser.choice(asked)
            state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
    raise AssertionError("no window with a queued answer below the top in five random games")


def _with_other_card(state, at, owner, card):
    """The same position but the owner answered with another card (traded with the deck's first other
    card): the owner's hidden facts only."""
    variant = copy_state(state)
    hand, deck = variant["zones"][f"hand:{owner}"], variant["zones"]["deck"]
    other = next(c for c in deck if c != card)
    hand[hand.index(card)], deck[deck.index(other)] = other, card
    local = variant["flow"][at]["local"]
    swap = lambda answer: answer.replace(f":{card}", f":{other}")   # noqa: E731
    local["picks"][owner] = [swap(p) for p in local["picks"][owner]]
    local["choices"][owner] = swap(local["choices"][owner])
    for key in ("queue", "answers"):
        local[key] = [[r, swap(a) if r == owner else a] for r, a in local[key]]
    return variant


def test_a_world_does_not_keep_an_answer_waiting_below_the_top():
    """DECISIONS 100 / VIEW.md: a window's answer is hidden until carried out; the house asked meanwhile
    draws the same worlds whichever card the other house answered with."""
    state, at, owner, card, asked = _waiting_answer()
    assert state["flow"][at]["local"]["revealed"] and at < len(state["flow"]) - 1
    variant = _with_other_card(state, at, owner, card)
    assert ENGINE.view(variant, asked) == ENGINE.view(state, asked)   # the asked house cannot tell them apart
    for seed in range(3):
        assert determinise(variant, asked, random.Random(seed)) == determinise(state, asked, random.Random(seed))

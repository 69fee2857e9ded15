"""Issue 33, item 5: an Action Step offering only "finish" is answered by the engine where the hand is read
only by its size (Spring, Day); the Autumn step, whose choices read the hand's cards, is still asked."""

import random

from rules.core.driver import choose_move, setup_args
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown import state as S
from rules.oldkingscrown.procedures import pending as pending_decision

from .helpers import AUTOMATIC, blank, give, run


def _lone_finish(state):
    f = state["order"][0]
    S.fx(state, f)["supporters_home"] = 0
    S.fx(state, f)["tactics"] = {}
    give(state, f, 1, 2)
    return f


def test_spring_step_with_only_finish_is_answered_though_the_hand_holds_cards():
    state = blank()
    f = _lone_finish(state)
    run(state, {"kind": "actions", "role": f, "step": "spring"})
    assert (f, "done") in AUTOMATIC
    assert pending_decision(state)[0] != "actions"


def test_autumn_step_with_cards_in_hand_is_asked_even_with_one_answer():
    state = blank()
    f = _lone_finish(state)
    state["flow"].append({"name": "actions", "at": 0, "local": {"role": f, "step": "autumn"}, "ret": None})
    assert ENGINE.protects_secret(state, f)
    S.fx(state, f)["hand"] = []
    assert not ENGINE.protects_secret(state, f)


def test_no_spring_or_day_step_waits_on_a_lone_finish_in_random_games():
    asked = 0
    for seed in (1, 2):
        chooser = random.Random(seed)
        state = ENGINE.setup(setup_args(ENGINE, "standard", seed))
        while ENGINE.result(state) is None:
            name, local = pending_decision(state)
            if name == "actions" and local["step"] in ("spring", "day", "day2"):
                asked += 1
                assert [a.id for a in ENGINE.legal_actions(state, local["role"])] != ["done"]
            role, action = choose_move(ENGINE, state, chooser)
            state = ENGINE.apply(state, role, action.id).state
    assert asked > 20

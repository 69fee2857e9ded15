"""Issue 33, item 1: a question with one answer is answered by the engine (rules/core/flow.py,
``FlowEngine.answers_forced``) — logged as such, undone with the action before it — unless its decision
protects a secret; the invariance check (rules/core/secrecy.py) catches an automatic answer that tells."""

from rules.core.driver import setup_args
from rules.core.contract import replay
from rules.core.fuzz import play_random_game
from tests.core.test_flow import ARGS, Counter
from tests.support.harbours import FLOW, FourHarbours, Responses


class AutoCounter(Counter):
    answers_forced = True


def test_a_one_answer_question_is_taken_by_the_engine_and_logged_as_automatic():
    engine = AutoCounter()
    state = engine.setup(ARGS)                        # "Add one" is the only answer, three times
    assert engine.result(state).scores == {"solo": 3}
    assert state["trace"][-1] == "returned 3"
    assert Counter().active_roles(Counter().setup(ARGS)) == ["solo"]   # off by default: still asked


def test_automatic_answers_are_part_of_the_action_before_them_and_named_in_its_outcome():
    class Twice(Counter):
        answers_forced = True

        def _setup(self, scenario, seats, options):
            return {"count": 1, "trace": []}          # "Add one" at 1 and 2 follow the first one

    engine = Twice()
    state = engine.setup(ARGS)
    assert engine.result(state) is not None and state["count"] == 3
    # replaying the log (undo is replay) rebuilds the same game: nothing automatic is stored in it
    assert replay(engine, ARGS, []) == state


def test_a_window_still_asks_a_role_that_can_only_pass_because_holding_a_response_is_secret():
    class Auto(FourHarbours):
        answers_forced = True

    engine = Auto()
    report = play_random_game(engine, "short", 4, players=3)
    assert report.clean, report.problems
    state = engine.setup(setup_args(engine, "short", 4, 3))
    asked_to_pass_only = 0
    for role, action in report.log:
        if engine.prompt(state, role).kind == "reaction" and len(engine.legal_actions(state, role)) == 1:
            asked_to_pass_only += 1
        state = engine.apply(state, role, action).state
    assert asked_to_pass_only > 0


class PassesForThoseWithNothing(Responses):
    """Declares, wrongly, that a window keeps no secret: a harbour holding nothing passes automatically."""

    def protects_secret(self, g, role):
        return False


class TellingWindow(FourHarbours):
    answers_forced = True


def test_an_automatic_pass_that_tells_who_holds_a_response_is_caught():
    flow = type(FLOW)()
    flow.procedures, flow.scopes = dict(FLOW.procedures), dict(FLOW.scopes)
    flow.decisions = {**FLOW.decisions, "responses": PassesForThoseWithNothing()}
    TellingWindow.flow = flow
    found = []
    for seed in range(1, 30):
        found += [p for p in play_random_game(TellingWindow(), "short", seed, players=3).problems
                  if "answers itself" in p or "whether" in p]
        if found:
            break
    assert found and "hand" in found[0], found

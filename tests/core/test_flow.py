"""Procedures and decisions (rules/core/flow.py): call, goto, end with a value, loops, scopes, refusals."""

import json

import pytest

from rules.core import Scenario, SetupArgs, Summary
from rules.core.cards import add_modifier, modifiers
from rules.core.contract import IllegalAction, Result
from rules.core.flow import Decision, Flow, FlowEngine, FlowError, act, calls

FLOW = Flow()


def start(g):
    g.state["trace"].append("start")


def count_to_three(g):
    if g.state["count"] < 3:
        g.again()
        g.call("pick", role="solo")


def finish(g):
    g.state["trace"].append(f"returned {g.returned}")
    g.finish(Result(("solo",), "counted to three", (("solo",),), {"solo": g.state["count"]}))


def in_scope(g):
    add_modifier(g.state, "haste", until="round")
    g.goto("after_scope")


FLOW.procedure("game", start, calls("scoped"), count_to_three, finish)
FLOW.procedure("scoped", in_scope, scope="round")
FLOW.procedure("after_scope", lambda g: g.state["trace"].append(f"modifiers {len(modifiers(g.state))}"))


@FLOW.decision("pick")
class Pick(Decision):
    def prompt(self, g, role):
        return f"Count {g.state['count'] + 1}."

    def actions(self, g, role):
        yield act("add", 1, label="Add one")

    def on_add(self, g, role, amount):
        g.state["count"] += int(amount)
        g.end(g.state["count"])


class Counter(FlowEngine):
    id, title, flow = "counter", "Counter", FLOW

    def scenarios(self):
        return [Scenario("only", "Only", "Count to three.", 1, 1)]

    def roles(self, scenario):
        return ["solo"]

    def _setup(self, scenario, seats, options):
        return {"count": 0, "trace": []}

    def view(self, state, role):
        return {"count": state["count"]}

    def summary(self, state):
        return Summary("one", "One", "counting")


ENGINE = Counter()
ARGS = SetupArgs("only", (("solo",),), 1)


def test_automatic_steps_run_until_a_decision_and_the_stack_lives_in_the_state():
    state = ENGINE.setup(ARGS)
    assert [f["name"] for f in state["flow"]] == ["game", "pick"]
    assert json.loads(json.dumps(state)) == state
    assert ENGINE.prompt(state, "solo").text == "Count 1."
    assert [a.id for a in ENGINE.legal_actions(state, "solo")] == ["add:1"]


def test_a_scoped_frame_expires_its_modifiers_when_it_ends_even_by_goto():
    state = ENGINE.setup(ARGS)
    assert state["trace"] == ["start", "modifiers 0"]


def test_again_loops_and_end_returns_a_value_to_the_caller_then_the_result_has_ranks():
    state = ENGINE.setup(ARGS)
    for _ in range(3):
        state = ENGINE.apply(state, "solo", "add:1").state
    assert state["trace"][-1] == "returned 3"
    result = ENGINE.result(state)
    assert result.winners == ("solo",) and result.ranks == (("solo",),) and result.scores == {"solo": 3}
    assert ENGINE.active_roles(state) == [] and state["flow"] == []


def test_an_action_not_offered_is_refused_and_changes_nothing():
    state = ENGINE.setup(ARGS)
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "solo", "add:2")
    assert json.dumps(state) == before


def test_mistakes_in_procedures_are_named():
    flow = Flow()
    flow.procedure("game", lambda g: g.call("nowhere"))
    with pytest.raises(FlowError, match="registered twice"):
        flow.procedure("game")

    class Broken(Counter):
        pass
    Broken.flow = flow
    with pytest.raises(FlowError, match="No procedure or decision is called 'nowhere'"):
        Broken().setup(ARGS)

    looping = Flow()
    looping.procedure("game", lambda g: g.again())
    Broken.flow = looping
    with pytest.raises(FlowError, match="a loop"):
        Broken().setup(ARGS)


def test_a_window_with_nobody_to_ask_ends_at_once_without_a_reveal():
    from rules.core.choices import ReactionWindow

    flow = Flow()
    flow.procedure("game", calls("window", exclude=["solo"]), finish)

    @flow.decision("window")
    class Nobody(ReactionWindow):
        def responses(self, g, role):
            return []

    class Quiet(Counter):
        pass
    Quiet.flow = flow
    state = Quiet().setup(ARGS)
    assert state["trace"] == ["returned []"] and Quiet().result(state).winners == ("solo",)

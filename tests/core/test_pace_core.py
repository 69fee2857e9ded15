"""Issue 33, items 2 and 3 at the core: a window only public facts show nobody can answer is not opened
(``ReactionWindow.could_answer``); a run of one role's own questions is answered in one message, checked
step by step before anything is played (rules/core/sequences.py)."""

import pytest

from rules.core import Scenario, SetupArgs, Summary
from rules.core import sequences
from rules.core.choices import ReactionWindow
from rules.core.contract import Result
from rules.core.flow import Decision, Flow, FlowEngine, act

FLOW = Flow()


def open_window(g):
    g.call("window")


def place_markers(g):
    g.call("place", role="a", picked=[])


def hand_over(g):
    g.call("confirm", role="b")


def finish(g):
    g.finish(Result(("a",), "done", (("a", "b"),), {}))


FLOW.procedure("game", open_window, lambda g: g.state["trace"].append(g.returned), place_markers, hand_over,
               finish)


@FLOW.decision("window")
class Window(ReactionWindow):
    def could_answer(self, g, role):
        return role in g.state["armed"]          # public: who has troops next door

    def responses(self, g, role):
        yield act("strike", label="Strike")

    def resolve(self, g, role, response):
        g.state["trace"].append(f"{role} strikes")


@FLOW.decision("place")
class Place(Decision):
    sequence = True

    def prompt(self, g, role):
        return "Place markers, one at a time."

    def actions(self, g, role):
        for value in (1, 2, 3):
            if value not in g.local["picked"]:
                yield act("add", value, label=f"Add a {value}")
        if g.local["picked"]:
            yield act("done", label="Place them")

    def sequence_default(self, g, role):
        return "done" if g.local["picked"] else None

    def on_add(self, g, role, value):
        g.local["picked"].append(int(value))

    def on_done(self, g, role):
        g.state["placed"] = list(g.local["picked"])
        g.end()


@FLOW.decision("confirm")
class Confirm(Decision):
    def prompt(self, g, role):
        return "Confirm."

    def actions(self, g, role):
        yield act("ok", label="OK")
        yield act("no", label="No")

    def on_ok(self, g, role):
        g.end()

    on_no = on_ok


class Tiny(FlowEngine):
    id, title, flow = "tiny", "Tiny", FLOW

    def scenarios(self):
        return [Scenario("only", "Only", "A window, then markers.", 2, 2)]

    def roles(self, scenario):
        return ["a", "b"]

    def _setup(self, scenario, seats, options):
        return {"trace": [], "armed": list(options.get("armed", [])), "placed": []}

    def validate_options(self, options):
        return dict(options or {})

    def view(self, state, role):
        return {"placed": state["placed"]}

    def summary(self, state):
        return Summary("one", "One", "playing")


ENGINE = Tiny()


def setup(armed=()):
    return ENGINE.setup(SetupArgs("only", (("a",), ("b",)), 1, {"armed": list(armed)}))


def test_a_window_asks_only_the_roles_that_public_facts_show_could_answer():
    state = setup(armed=["b"])
    assert ENGINE.active_roles(state) == ["b"]
    assert ENGINE.prompt(state, "b").kind == "reaction"


def test_a_window_nobody_could_answer_is_not_opened():
    state = setup(armed=[])
    assert ENGINE.waiting(state)["decision"] == "place"       # straight past the window
    assert state["trace"] == [[]]                             # it returned no responses, asked nobody


def test_a_run_of_answers_is_checked_whole_and_each_answer_is_still_an_action():
    state = setup()
    assert sequences.continues(ENGINE, state, "a")
    played = sequences.check(ENGINE, state, "a", ["add:3", "add:1", "done"])
    assert [a.label for a in played] == ["Add a 3", "Add a 1", "Place them"]
    for action in played:                                     # what the table then does: one action each
        state = ENGINE.apply(state, "a", action.id).state
    assert state["placed"] == [3, 1] and ENGINE.active_roles(state) == ["b"]


def test_a_bad_answer_in_a_run_is_refused_by_its_place_and_nothing_is_played():
    state = setup()
    with pytest.raises(sequences.BadSequence, match="Answer 2 .'add:3'. is not a legal choice"):
        sequences.check(ENGINE, state, "a", ["add:3", "add:3"])
    assert ENGINE.waiting(state)["decision"] == "place" and state["placed"] == []


def test_a_run_ends_where_someone_else_is_asked():
    state = setup()
    with pytest.raises(sequences.BadSequence, match="Answer 3 .* after the run"):
        sequences.check(ENGINE, state, "a", ["add:2", "done", "add:1"])
    assert not sequences.continues(ENGINE, ENGINE.apply(ENGINE.apply(state, "a", "add:2").state, "a", "done").state, "b")


def test_the_defaults_of_a_run_go_as_far_as_they_are_given():
    state = setup()
    assert sequences.defaults(ENGINE, state, "a") == []       # the first marker is the player's own choice
    state = ENGINE.apply(state, "a", "add:2").state
    assert [a.id for a in sequences.defaults(ENGINE, state, "a")] == ["done"]

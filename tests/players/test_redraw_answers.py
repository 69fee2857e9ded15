"""``redraw_secret_picks`` (issue 31, the player contract) in every frame of the stack: a reaction window
whose first answer is being carried out keeps the others' answers below the top; a world drawn for one
role redraws the others' waiting answers from the world's own facts and keeps its own."""

import random

from rules.core import Scenario, SetupArgs, Summary
from rules.core.choices import ReactionWindow
from rules.core.contract import copy_state
from rules.core.flow import Decision, Flow, FlowEngine, act, calls
from rules.core.players import redraw_secret_picks

FLOW = Flow()
FLOW.procedure("game", calls("window"))


@FLOW.decision("window")
class Window(ReactionWindow):
    """Each role may play a card of its hand; red's card makes blue answer a question first."""

    def responses(self, g, role):
        return [act("use", card, label=f"Play {card}") for card in g.state["hands"][role]]

    def resolve(self, g, role, response):
        if role == "red":
            g.call("question", role="blue")


@FLOW.decision("question")
class Question(Decision):
    def prompt(self, g, role):
        return "Carry on?"

    def actions(self, g, role):
        return [act("yes", label="Yes")]

    def on_yes(self, g, role):
        g.end()


class Cards(FlowEngine):
    id, title, flow = "cards", "Cards", FLOW

    def scenarios(self):
        return [Scenario("only", "Only", "Three hands.", 3, 3)]

    def roles(self, scenario):
        return ["red", "blue", "green"]

    def _setup(self, scenario, seats, options):
        return {"hands": {"red": ["r1"], "blue": ["b1", "b2"], "green": ["g1", "g2", "g3"]}}

    def view(self, state, role):
        return {"hand": state["hands"][role]}

    def summary(self, state):
        return Summary("one", "One", "playing")


ENGINE = Cards()


def _green_waits(card="g2"):
    """Red and green answered; red's answer is carried out (blue is asked), green's waits below the top."""
    state = ENGINE.setup(SetupArgs("only", (("red",), ("blue",), ("green",)), 1))
    for role, answer in (("red", "use:r1"), ("blue", "pass"), ("green", f"use:{card}")):
        state = ENGINE.apply(state, role, answer).state
    return state


def test_a_waiting_answer_below_the_top_is_redrawn_from_the_worlds_facts():
    state = _green_waits()
    window = state["flow"][-2]["local"]
    assert state["flow"][-1]["name"] == "question" and window["queue"] == [["green", "use:g2"]]
    worlds = []
    for card in ("g1", "g2", "g3"):   # blue cannot tell which card green answered with
        world = copy_state(_green_waits(card))
        redraw_secret_picks(ENGINE, world, "blue", random.Random(4))
        worlds.append(world)
    assert worlds[0] == worlds[1] == worlds[2]
    drawn = {tuple(w["flow"][-2]["local"]["queue"][0]) for w in
             (_redrawn(state, "blue", seed) for seed in range(12))}
    assert drawn == {("green", "use:g1"), ("green", "use:g2"), ("green", "use:g3")}


def _redrawn(state, role, seed):
    world = copy_state(state)
    redraw_secret_picks(ENGINE, world, role, random.Random(seed))
    return world


def test_the_answer_moves_with_it_and_the_owners_own_answer_stays():
    world = _redrawn(_green_waits(), "blue", 0)
    local = world["flow"][-2]["local"]
    answer = local["queue"][0][1]
    assert local["picks"]["green"] == [answer] and local["choices"]["green"] == answer
    assert ["green", answer] in local["answers"] and ["red", "use:r1"] in local["answers"]   # carried out: public
    assert _redrawn(_green_waits(), "green", 0) == _green_waits()


def test_an_answer_the_world_cannot_give_is_dropped():
    """The world's green holds no card (as a world's redealt hand may): its answer is skipped."""
    state = _green_waits()
    state["hands"]["green"] = []
    local = _redrawn(state, "blue", 0)["flow"][-2]["local"]
    assert local["queue"] == [] and [r for r, _ in local["answers"]] == ["red"]


def test_a_windows_reveal_line_tells_who_responds_not_with_what():
    """DECISIONS 100 (Crown of Roses) and rules/core/choices.py: a window shows "responds" until each answer is
    carried out; the reveal line's data says no more than its text (it is stored with the public log)."""
    state = ENGINE.setup(SetupArgs("only", (("red",), ("blue",), ("green",)), 1))
    for role, answer in (("red", "use:r1"), ("blue", "pass")):
        state = ENGINE.apply(state, role, answer).state
    lines = {}
    for card in ("g1", "g3"):
        outcome = ENGINE.apply(state, "green", f"use:{card}")
        [reveal] = [e for e in outcome.log if e.kind == "reveal"]
        assert reveal.to is None and card not in str(reveal.to_dict())
        lines[card] = reveal.to_dict()
    assert lines["g1"] == lines["g3"]
    assert lines["g1"]["data"]["shown"]["green"] == ["responds"]

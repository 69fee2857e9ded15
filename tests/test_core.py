"""The shared engine contract (DESIGN.md §1), exercised through the tiny Duel test game."""

import json

import pytest

from rules.core import BadSetup, IllegalAction, SetupArgs, replay, rng
from rules.core.fuzz import play_random_game
from tests.support.duel import ENGINE as duel

ARGS = SetupArgs("standard", (("red",), ("blue",)), seed=7)


def test_state_is_json_and_holds_the_generator():
    state = duel.setup(ARGS)
    assert json.loads(json.dumps(state)) == state
    assert state["rng"] == {"seed": 7, "draws": 0}
    assert state["seats"] == [["red"], ["blue"]]


def test_generator_is_deterministic_and_uniform_enough():
    a, b = {"rng": rng.new_rng(3)}, {"rng": rng.new_rng(3)}
    rolls = rng.roll(a, 6000)
    assert rolls == rng.roll(b, 6000)
    counts = [rolls.count(face) for face in range(1, 7)]
    assert all(850 < c < 1150 for c in counts), counts
    deck = list(range(25))
    rng.shuffle(a, deck)
    assert sorted(deck) == list(range(25)) and deck != list(range(25))


def test_illegal_action_is_refused_and_changes_nothing():
    state = duel.setup(ARGS)
    snapshot = json.dumps(state)
    with pytest.raises(IllegalAction, match="not a legal action"):
        duel.apply(state, "red", "bid:9")
    with pytest.raises(IllegalAction, match="not Green's turn|not .*turn"):
        duel.apply(state, "green", "bid:1")
    assert json.dumps(state) == snapshot


def test_acting_out_of_turn_is_refused():
    state = duel.apply(duel.setup(ARGS), "red", "bid:2").state
    assert duel.active_roles(state) == ["blue"]
    with pytest.raises(IllegalAction, match="not Red's turn"):
        duel.apply(state, "red", "bid:3")


def test_secret_choice_is_private_until_reveal_and_reveal_is_irreversible():
    state = duel.setup(ARGS)
    first = duel.apply(state, "red", "bid:3")
    assert not first.irreversible
    public = [e for e in first.log if e.to is None]
    assert all("3" not in e.text for e in public)
    assert duel.view(first.state, "blue")["my_bid"] is None
    second = duel.apply(first.state, "blue", "bid:1")
    assert second.irreversible  # revealed and rolled


def test_replay_rebuilds_exactly():
    report = play_random_game(duel, "standard", seed=11)
    assert report.clean, report.problems
    live = duel.setup(SetupArgs("standard", (("red",), ("blue",)), 11))
    for role, action in report.log:
        live = duel.apply(live, role, action).state
    assert replay(duel, SetupArgs("standard", (("red",), ("blue",)), 11), report.log) == live


def test_options_are_validated():
    with pytest.raises(BadSetup, match="Unknown option"):
        duel.setup(SetupArgs("standard", (("red",), ("blue",)), 1, {"speed": 3}))
    with pytest.raises(BadSetup, match="no scenario"):
        duel.setup(SetupArgs("epic", (("red",), ("blue",)), 1))
    with pytest.raises(BadSetup, match="players"):
        duel.setup(SetupArgs("standard", (("red",),), 1))


class LeakyDuel(type(duel)):
    """A Duel whose public log blurts out the secret token: the fuzzer must catch it."""

    def _apply(self, state, role, action, ctx):
        super()._apply(state, role, action, ctx)
        for secret in self.secrets(state, role):
            ctx.log(f"psst: {secret}")


def test_fuzzer_catches_a_secret_in_a_public_log_line():
    report = play_random_game(LeakyDuel(), "standard", seed=3, check_invariance=False)
    assert not report.clean
    assert any("in a log line for everyone" in p for p in report.problems), report.problems


def test_fuzzer_catches_a_secret_in_another_view():
    class LeakyView(type(duel)):
        def view(self, state, role):
            seen = super().view(state, role)
            seen["everyone"] = sorted(s for r in ("red", "blue") for s in self.secrets(state, r))
            return seen

    report = play_random_game(LeakyView(), "standard", seed=3, check_invariance=False)
    assert any("is visible to" in p for p in report.problems), report.problems

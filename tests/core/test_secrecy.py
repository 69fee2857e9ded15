"""Secrecy by invariance (rules/core/secrecy.py): planted leaks that the old string check (Engine.secrets,
matched as JSON strings) misses and the invariance check catches; and what is rightly public (a hand's
size, a window offered to everyone) is not reported."""

from rules.core import SetupArgs
from rules.core.fuzz import play_random_game
from rules.core.secrecy import invariance_problems
from tests.support.duel import Duel
from tests.support.harbours import FLOW, VALUES, FourHarbours, Responses, kind

OLD = {"check_invariance": False}


def leaks(report):
    return [p for p in report.problems if "changes" in p]


class BidShownAsNumber(Duel):
    """Shows how much has been bid so far: an integer, never the secret token "secret-bid-red-3"."""

    def view(self, state, role):
        seen = super().view(state, role)
        seen["bid_total"] = sum(state["bids"].values())
        return seen


class BidWorthInTheLog(Duel):
    """Tells everyone, before the reveal, how many pips the bid was."""

    def _apply(self, state, role, action, ctx):
        pending = not state["bids"]
        super()._apply(state, role, action, ctx)
        if pending:
            ctx.log(f"{role.title()}'s bid is worth {action.id[-1]} pips.")


def test_an_integer_bid_in_a_view_escapes_the_old_check_and_is_caught():
    assert play_random_game(BidShownAsNumber(), "standard", 3, **OLD).clean
    report = play_random_game(BidShownAsNumber(), "standard", 3)
    assert any("changes what blue can see (.view.bid_total: 3 became 1)" in p for p in leaks(report)), report.problems


def test_a_bid_value_in_a_public_log_line_escapes_the_old_check_and_is_caught():
    assert play_random_game(BidWorthInTheLog(), "standard", 3, **OLD).clean
    report = play_random_game(BidWorthInTheLog(), "standard", 3)
    assert any("changes the log lines spectators can read" in p and "pips" in p for p in leaks(report)), \
        report.problems


class HandStrengthShown(FourHarbours):
    """Shows every harbour's hand total: the size of a hand is public, what is in it is not."""

    def view(self, state, role):
        seen = super().view(state, role)
        seen["strength"] = {r: sum(VALUES[kind(c)] for c in state["zones"][f"hand:{r}"]) for r in state["gold"]}
        return seen


def test_hand_sizes_are_public_but_a_hand_total_is_caught():
    honest = play_random_game(FourHarbours(), "short", 4, players=3)
    assert honest.clean, honest.problems                     # the counts in every view are not a leak
    assert play_random_game(HandStrengthShown(), "short", 4, players=3, **OLD).clean
    report = play_random_game(HandStrengthShown(), "short", 4, players=3)
    assert any("hand changes what" in p and ".view.strength" in p for p in leaks(report)), report.problems


class OnlyThoseWhoCanRespond(Responses):
    """Asks only harbours that hold a playable card: who is asked tells who holds an Ambush."""

    def asked(self, g):
        return [r for r in super().asked(g) if list(self.responses(g, r))]


class WindowLeaks(FourHarbours):
    pass


def test_a_window_offered_only_to_those_holding_a_response_is_caught():
    flow = type(FLOW)()
    flow.procedures, flow.scopes = dict(FLOW.procedures), dict(FLOW.scopes)
    flow.decisions = {**FLOW.decisions, "responses": OnlyThoseWhoCanRespond()}
    WindowLeaks.flow = flow
    leaky = WindowLeaks()
    found = []
    for seed in range(1, 30):
        assert play_random_game(leaky, "short", seed, **OLD).clean
        found += leaks(play_random_game(leaky, "short", seed))
        if found:
            break
    assert any("'s hand" in p for p in found), found     # who is asked, or the window's log, tells


def test_a_position_that_keeps_its_secrets_reports_nothing():
    engine = FourHarbours()
    state = engine.setup(SetupArgs("standard", (("north", "south"), ("east",), ("west",)), 2))
    assert list(engine.hidden_variants(state))
    assert invariance_problems(engine, state, ("east", engine.legal_actions(state, "east")[0].id)) == []

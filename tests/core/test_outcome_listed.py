"""The legal actions an outcome carries (``Outcome.listed``, issue 28): the flow's run lists the active roles'
actions at the position it stops at, to see whether it answers a question itself; an engine whose ``_apply``
ends with that run (``Engine.lists_outcome``) hands them to the secrecy check, which then does not list
them again. They must be exactly what ``legal_actions`` gives at the outcome's state, and a leak in them (a
role's legal actions telling another role's secret pick) must still be caught."""

from __future__ import annotations

import random

from rules.core.choices import SecretChoice
from rules.core.contract import SetupArgs
from rules.core.flow import act
from rules.core.fuzz import play_random_game
from rules.core.registry import get_engine
from rules.core.secrecy import invariance_problems
from tests.support.harbours import FLOW, FourHarbours, card_label, kind


def _entries(actions):
    return [(a.id, a.label, a.group, a.hint) for a in actions]


def _walk(engine, args, moves):
    """Each (state, move, outcome) of ``moves`` random moves from ``args``."""
    chooser = random.Random(args.seed)
    state = engine.setup(args)
    for _ in range(moves):
        if engine.result(state) is not None:
            return
        role = chooser.choice(engine.active_roles(state))
        move = (role, chooser.choice(engine.legal_actions(state, role)).id)
        outcome = engine.apply(state, *move)
        yield state, move, outcome
        state = outcome.state


def test_crown_of_roses_outcomes_carry_the_legal_actions_listed_at_their_state():
    engine = get_engine("crownofroses")
    houses = engine.seating_choices("seeds_of_enmity", 4)[0].seats
    carried = 0
    for _, _, outcome in _walk(engine, SetupArgs("seeds_of_enmity", houses, 3, {}), 400):
        for role, listed in outcome.listed.items():
            assert _entries(listed) == _entries(engine.legal_actions(outcome.state, role)), role
            carried += 1
    assert carried > 30   # office bids and command cards list several roles at once


def test_an_engine_not_declaring_it_carries_none():
    engine = FourHarbours()
    engine.answers_forced = True
    outcomes = [o for _, _, o in _walk(engine, SetupArgs("short", (("north",), ("east",)), 2, {}), 30)]
    assert outcomes and all(o.listed == {} for o in outcomes)


class RivalsTold(SecretChoice):
    """Leaks: a harbour's options say whether a rival has already bid a Shield (a secret pick)."""

    text = "Bid one card from your hand, face down."

    def options(self, g, role, picks):
        shield = any(kind(p.split(":")[1]) == "shield" for r, ps in g.local.get("picks", {}).items()
                     if r != role for p in ps)
        hand = sorted(g.state["zones"][f"hand:{role}"])
        note = " (a rival bid a Shield)" if shield else ""
        return [act("bid", c, label=card_label(c) + note) for c in hand] or [act("bid", "none", label="Bid nothing")]


class ListingHarbours(FourHarbours):
    answers_forced = True
    lists_outcome = True


def _leaky() -> ListingHarbours:
    flow = type(FLOW)()
    flow.procedures, flow.scopes = dict(FLOW.procedures), dict(FLOW.scopes)
    flow.decisions = {**FLOW.decisions, "bid": RivalsTold()}
    engine = ListingHarbours()
    engine.flow = flow
    return engine


def test_a_leak_in_the_listed_actions_an_outcome_carries_is_caught():
    """The other options of a bid are compared with the others' legal actions taken from the outcomes."""
    engine = _leaky()
    args = SetupArgs("short", (("north",), ("east",), ("south",), ("west",)), 1, {})
    found, used = [], 0
    for state, move, outcome in _walk(engine, args, 60):
        if state["flow"][-1]["name"] != "bid" or not outcome.listed:
            continue
        used += 1
        found += invariance_problems(engine, state, move, outcome=outcome, listed={})
        if found:
            break
    assert used
    assert any("instead of" in p and "a rival bid a Shield" in p for p in found), found


def test_the_honest_harbours_listing_their_outcomes_keep_their_secrets():
    for seed in (1, 2, 3):
        report = play_random_game(ListingHarbours(), "short", seed)
        assert report.clean, report.problems


def test_log_lines_joined_from_each_entry_once_are_those_encoded_whole():
    """The check encodes each log entry once and joins a reader's lines: the same text as encoding the
    reader's lines whole, so a difference is found exactly where it was."""
    from rules.core.contract import LogEntry
    import json

    from rules.core.secrecy import _lines_of
    entries = (LogEntry('Red bids "3" \u00e9', None, "info", {"x": [1, 2.5, {"b": True, "a": (3, 4)}], "n": None}),
               LogEntry("You bid 3.", ("red",), "secret", {}),
               LogEntry("Both know.", ("red", "blue"), "info", {"odd": object}))
    joined = _lines_of(entries, ("red", "blue", None))
    for reader in ("red", "blue", None):
        whole = json.dumps([e.to_dict() for e in entries if e.visible_to(reader)], sort_keys=True, default=str)
        assert joined[reader] == whole
    assert _lines_of((), (None,)) == {None: "[]"}

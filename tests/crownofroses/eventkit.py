"""Helpers for the event tests: a cleared position, a card played as an event on its own flow stack, and
actions applied by id."""

from __future__ import annotations

from rules.core import cards
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.test_combat import cleared, put  # noqa: F401  (re-exported for the tests)


def hold(state, house, *cards_):
    """Put cards into a house's hand (from wherever they are)."""
    for c in cards_:
        here = cards.where(state, c)
        if here != f"hand:{house}":
            cards.move(state, c, here, f"hand:{house}")


def play_event(state, house, card, frame="play_event", **local):
    """``house`` plays ``card`` as its command card's event: the flow holds only this event."""
    here = cards.where(state, card)
    cards.move(state, card, here, f"command:{house}")
    state["command"] = {house: {"card": card, "must": ""}}
    state["step"] = {"house": house, "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    state["flow"] = [{"name": frame, "at": 0, "local": {"role": house, "card": card, **local}, "ret": None}]
    g = ENGINE.game(state)
    g.run()
    return state


def run_frame(state, name, **local):
    state["flow"] = [{"name": name, "at": 0, "local": dict(local), "ret": None}]
    ENGINE.game(state).run()
    return state


def do(state, role, action_id, log=None):
    out = ENGINE.apply(state, role, action_id)
    if log is not None:
        log.extend(out.log)
    return out.state


def top(state):
    return state["flow"][-1]["name"] if state["flow"] else None


def ids(state, role):
    return [a.id for a in ENGINE.legal_actions(state, role)]

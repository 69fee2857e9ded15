"""Helpers for the event tests: a cleared position, a card played as an event on its own flow stack, and
actions applied by id."""

from __future__ import annotations

from rules.core import cards
from rules.core.contract import Context
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
    return _run(state)


def run_frame(state, name, **local):
    state["flow"] = [{"name": name, "at": 0, "local": dict(local), "ret": None}]
    return _run(state)


#: (role, action id) the engine took itself as the only choice since the role's own last move (issue 33)
AUTOMATIC: set[tuple[str, str]] = set()


def _note_automatic(entries):
    AUTOMATIC.update((e.data["role"], e.data["action"]) for e in entries if e.kind == "automatic")


def _run(state):
    AUTOMATIC.clear()
    ctx = Context()
    ENGINE.game(state, ctx).run()
    _note_automatic(ctx.entries)
    return state


def do(state, role, action_id, log=None):
    """Apply an action by id. A move the engine has just made itself, as the only choice (issue 33), is
    accepted as made: the script's intent holds."""
    if (role, action_id) in AUTOMATIC:
        AUTOMATIC.discard((role, action_id))
        return state
    out = ENGINE.apply(state, role, action_id)
    AUTOMATIC.difference_update({m for m in AUTOMATIC if m[0] == role})
    _note_automatic(out.log)
    if log is not None:
        log.extend(out.log)
    return out.state


def top(state):
    return state["flow"][-1]["name"] if state["flow"] else None


def ids(state, role):
    return [a.id for a in ENGINE.legal_actions(state, role)]

"""Turn 1's religious phases played quickly, for tests about something else: the 95 Theses' attempts are
declined, and at the Diet of Worms each power commits its lowest card and the winner flips the first
spaces offered."""

from __future__ import annotations

from rules.core import rng
from rules.hereistand.engine import ENGINE

_REAL_ROLL = rng.roll        # the Diet's dice are real even when a test scripts the dice of what follows


def _decision(s):
    return ENGINE.waiting(s)["decision"]


def through_theses(s):
    while _decision(s) == "attempt_target":
        s = ENGINE.apply(s, "protestant", "stop").state
    return s


def through_worms(s):
    scripted, rng.roll = rng.roll, _REAL_ROLL
    try:
        return _through_worms(s)
    finally:
        rng.roll = scripted


def _through_worms(s):
    while _decision(s) in ("worms_cards", "worms_flip", "spring_cards"):     # then everyone passes the spring window
        waiting = ENGINE.waiting(s)
        role = next(r for r in ENGINE.active_roles(s) if r not in waiting.get("committed", []))
        s = ENGINE.apply(s, role, ENGINE.legal_actions(s, role)[0].id).state
    return s

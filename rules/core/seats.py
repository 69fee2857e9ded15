"""Seats: the named ways of sharing a game's roles among its players, and one view for several roles.

A player holding several roles (Here I Stand's two powers, a Crown of Roses team) sees what any of them
may see. :func:`merge_views` builds that from the per-role views: equal values stay; dicts merge key by
key; a value beats ``None`` (hidden); a list (the cards) beats a number (their count); otherwise the
first role's value stands. An engine whose views do not follow these shapes overrides ``Engine.view_for``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Seating:
    """One way to seat ``len(seats)`` players: ``seats`` holds each player's roles, ``name`` is what the
    lobby shows (e.g. "England + Protestant / Hapsburg + Papacy / France + Ottoman")."""

    id: str
    name: str
    seats: tuple[tuple[str, ...], ...]


def _merge(a: Any, b: Any) -> Any:
    if a == b:
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: _merge(a[k], b[k]) if k in a and k in b else (a[k] if k in a else b[k]) for k in {**a, **b}}
    if a is None or b is None:
        return b if a is None else a
    if isinstance(a, list) and isinstance(b, int) and not isinstance(b, bool):
        return a
    if isinstance(b, list) and isinstance(a, int) and not isinstance(a, bool):
        return b
    return a


def merge_views(views: list[dict[str, Any]]) -> dict[str, Any]:
    """One view holding everything any of ``views`` shows (see the module docstring for the rules)."""
    merged = views[0]
    for view in views[1:]:
        merged = _merge(merged, view)
    return merged

"""Views built once per position and reader (issue 28, item 3).

One order asks for the same views several times: the order itself (does the table now need a battle
picture? what does the "your move" bring?), then its delivery (the channel's map, each follower's copy,
each player's map, battle picture and hand). A view is kept with the very state object it was built from:
the service hands out one object per game version (its state cache), so the same object means the same
position, and a state dropped by a rolled-back transaction is never asked for again. Past positions drawn
for the outbox (a map of a turn the game has since left) are kept the same way, under the game's version
(which pins its log).

Kept views and positions are shared: callers never change them (``TableService.view`` hands out copies).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from rules.core import Engine

#: a six-player turn asks for seven views of one position (the public and each power's); a few turns' worth
VIEWS_KEPT = 32
POSITIONS_KEPT = 8

#: whose view: a role, several roles seen together (a player holding them), or None (the public)
Reader = str | tuple[str, ...] | None


class ViewCache:
    def __init__(self, kept: int = VIEWS_KEPT) -> None:
        self.kept = kept
        self._views: OrderedDict[tuple[int, int, Reader], tuple[dict, dict]] = OrderedDict()
        #: how many views were built (for the tests)
        self.built = 0

    def view(self, engine: Engine, game_id: int, state: dict[str, Any], reader: Reader) -> dict[str, Any]:
        key = (game_id, id(state), reader)   # the entry holds ``state``: its id is not reused meanwhile
        kept = self._views.get(key)
        if kept is not None and kept[0] is state:
            self._views.move_to_end(key)
            return kept[1]
        view = engine.view_for(state, list(reader)) if isinstance(reader, tuple) else engine.view(state, reader)
        self.built += 1
        self._views[key] = (state, view)
        while len(self._views) > self.kept:
            self._views.popitem(last=False)
        return view


class PositionCache:
    """Past positions of games (replayed from a snapshot), under (game, version, position)."""

    def __init__(self, kept: int = POSITIONS_KEPT) -> None:
        self.kept = kept
        self._states: OrderedDict[tuple[int, int, int], dict] = OrderedDict()

    def get(self, game_id: int, version: int, pos: int) -> dict[str, Any] | None:
        return self._states.get((game_id, version, pos))

    def put(self, game_id: int, version: int, pos: int, state: dict[str, Any]) -> None:
        self._states[game_id, version, pos] = state
        while len(self._states) > self.kept:
            self._states.popitem(last=False)

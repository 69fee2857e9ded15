"""The games' states a service keeps between orders (issue 28: 1,000 active games in under 200 MB).

A state held as Python objects takes about nine times its marshalled size (a Here I Stand game: ~80 KB
against ~9 KB), and every full garbage collection reads each of those objects. So only the games played
just now are kept as objects (the ``live`` ones); the others are kept marshalled, one bytes object each
(which the collector never reads), and decoded again (well under a millisecond) when next asked for.
States are plain JSON data, which :mod:`marshal` copies exactly.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict
from typing import Any, Iterator

#: games whose states are kept as objects: those being played now (a game's next order finds its state
#: ready; a game untouched for this many others is packed)
LIVE = 64


class StateCache:
    """Up to ``limit`` games' states, each under the version it belongs to, the least recently used
    dropped first; the ``live`` most recent as objects, the rest marshalled. A state handed out is shared:
    callers never change it (the engines return new states)."""

    def __init__(self, limit: int, live: int = LIVE) -> None:
        self.limit = max(1, limit)
        self.live = max(1, min(live, self.limit))
        self._objects: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()
        self._packed: OrderedDict[int, tuple[int, bytes]] = OrderedDict()

    def get(self, game_id: int, version: int) -> dict[str, Any] | None:
        """The state of ``game_id`` at ``version``, or None when it is not kept (or kept at another version)."""
        entry = self._objects.get(game_id)
        if entry is not None:
            if entry[0] != version:
                return None
            self._objects.move_to_end(game_id)
            return entry[1]
        packed = self._packed.get(game_id)
        if packed is None or packed[0] != version:
            return None
        state = marshal.loads(packed[1])
        self.put(game_id, version, state)
        return state

    def put(self, game_id: int, version: int, state: dict[str, Any]) -> None:
        """Keep ``state`` as the game's state at ``version`` (replacing whatever was kept for the game)."""
        self._packed.pop(game_id, None)
        self._objects[game_id] = (version, state)
        self._objects.move_to_end(game_id)
        while len(self._objects) > self.live:
            old, (old_version, old_state) = self._objects.popitem(last=False)
            self._packed[old] = (old_version, marshal.dumps(old_state))
        while len(self) > self.limit:
            (self._packed or self._objects).popitem(last=False)

    def pop(self, game_id: int) -> None:
        """Forget the game's state (its version is void: a transaction rolled back, the game ended)."""
        self._objects.pop(game_id, None)
        self._packed.pop(game_id, None)

    def clear(self) -> None:
        self._objects.clear()
        self._packed.clear()

    def __len__(self) -> int:
        return len(self._objects) + len(self._packed)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._objects or game_id in self._packed

    def __iter__(self) -> Iterator[int]:
        """The games kept, least recently used first."""
        yield from self._packed
        yield from self._objects

    def packed_bytes(self) -> int:
        """The size of the marshalled states (for the benchmarks)."""
        return sum(len(data) for _, data in self._packed.values())

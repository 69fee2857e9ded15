"""Memory settled after start-up (issue 28): full garbage collections of 80-118 ms stalled commits.

The states a service holds are plain JSON (no reference cycles), freed by reference counting when a
game moves on, so the collector's full passes over them find nothing, yet each pass reads every one.
``settle`` loads the active games' states into the service's cache, collects once, then moves every
object alive into the collector's permanent generation (``gc.freeze``): later full passes read only
what was made since. Objects frozen are still freed by reference counting; only a cycle among them
would outlive its last use, and the collection just before the freeze leaves none behind. (Most cached
states are kept marshalled anyway, bot/table/statecache.py: one bytes object each, which no pass reads.)
"""

from __future__ import annotations

import gc
import time
from typing import Any


def settle(service: Any, limit: int | None = None) -> dict[str, float]:
    """Load up to ``limit`` active games' states (default: as many as the service caches), collect, and
    freeze. Returns what it did: games loaded, objects frozen, seconds taken."""
    start = time.perf_counter()
    limit = limit if limit is not None else service.config.state_cache_games
    with service._lock:
        ids = [r[0] for r in service.db.execute(
            "SELECT id FROM games WHERE status = 'active' ORDER BY id DESC LIMIT ?", [limit])]
    loaded = 0
    for game_id in ids:
        try:
            with service._lock:
                service._state(service._game(game_id))
            loaded += 1
        except Exception:   # a damaged game is reported where it is played, not here
            continue
    gc.collect()
    gc.freeze()
    return {"games": loaded, "frozen": gc.get_freeze_count(), "seconds": time.perf_counter() - start}

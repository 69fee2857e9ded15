"""Memory settled after start-up (issue 28, bot/settle.py): the active games' states are loaded into the
cache and everything alive is frozen out of the collector's full passes; the games play on as before."""

from __future__ import annotations

import gc

from bot.settle import settle
from tests.service.conftest import started_game


def test_settle_loads_the_active_games_and_freezes_them(service):
    games = [started_game(service) for _ in range(3)]
    service._cache.clear()
    try:
        done = settle(service)
        assert done["games"] == 3 and set(games) <= set(service._cache)
        assert done["frozen"] > 0 and gc.get_freeze_count() > 0
        state = service._cache.get(games[0], service.status(games[0]).version)
        assert not any(o is state for o in gc.get_objects())   # frozen: no longer in the collector's view
        service.submit(games[0], "alice", "bid:3")   # orders after settling are taken as before
        service.submit(games[0], "bob", "bid:1")
        assert service.status(games[0]).version == 3
    finally:
        gc.unfreeze()


def test_settle_loads_no_more_than_asked(service):
    for _ in range(3):
        started_game(service)
    service._cache.clear()
    try:
        assert settle(service, limit=2)["games"] == 2 and len(service._cache) == 2
    finally:
        gc.unfreeze()

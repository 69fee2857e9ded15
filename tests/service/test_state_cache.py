"""The service's state cache (issue 28, bot/table/statecache.py): the games played just now kept as
objects, the others marshalled, at most ``state_cache_games`` in all; a game's state comes back equal,
under its own version only."""

from __future__ import annotations

import gc

from bot.config import Config
from bot.table.statecache import StateCache
from tests.service.conftest import make_service, started_game


def _state(n: int) -> dict:
    return {"turn": n, "blocks": [{"id": f"b{i}", "at": "london", "strength": i % 4} for i in range(20)],
            "hand": {"york": [1, 2, 3]}, "done": None, "ratio": 0.5, "flags": [True, False]}


def test_recent_games_stay_objects_the_others_are_packed_and_come_back_equal():
    cache = StateCache(limit=10, live=3)
    states = {g: _state(g) for g in range(1, 6)}
    for g, state in states.items():
        cache.put(g, 7, state)
    assert len(cache) == 5 and list(cache) == [1, 2, 3, 4, 5]
    assert cache.get(5, 7) is states[5]          # live: the very object
    back = cache.get(1, 7)                      # packed: decoded again, equal
    assert back == states[1] and back is not states[1]
    assert cache.get(1, 7) is back              # and live again now (the least recent, 2, is packed)
    assert list(cache)[-1] == 1 and cache.packed_bytes() > 0


def test_a_state_is_given_only_under_its_own_version():
    cache = StateCache(limit=4, live=1)
    cache.put(1, 3, _state(1))
    cache.put(2, 3, _state(2))                  # packs game 1
    assert cache.get(1, 4) is None and cache.get(2, 2) is None
    assert cache.get(1, 3) == _state(1)
    cache.pop(1)
    assert cache.get(1, 3) is None and 1 not in cache


def test_no_more_games_than_the_limit_the_least_recent_dropped_first():
    cache = StateCache(limit=3, live=2)
    for g in range(1, 6):
        cache.put(g, 1, _state(g))
    assert len(cache) == 3 and list(cache) == [3, 4, 5]
    assert cache.get(1, 1) is None and cache.get(3, 1) == _state(3)


def test_packed_states_are_no_work_for_the_garbage_collector():
    """A packed state is one bytes object, which the collector does not track (a full pass skips it)."""
    cache = StateCache(limit=200, live=1)
    for g in range(100):
        cache.put(g, 1, _state(g))
    gc.collect()
    tracked = {id(o) for o in gc.get_objects()}
    assert all(id(data) not in tracked for _, data in cache._packed.values())
    assert len(cache._packed) == 99


def test_the_service_plays_on_across_packing(tmp_path, frozen):
    """More games than are kept live: each game's next order finds its state (packed in between)."""
    svc = make_service(tmp_path / "h.db")
    svc._cache = StateCache(Config().state_cache_games, live=2)
    games = [started_game(svc) for _ in range(4)]
    for g in games:
        svc.submit(g, "alice", "bid:3")
    assert len(svc._cache._objects) == 2 and len(svc._cache) == 4
    for g in games:
        svc.submit(g, "bob", "bid:1")
        assert svc.status(g).version == 3
    svc.close()

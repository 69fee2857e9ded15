"""The finished-picture cache (issue 28): an equal view drawn again is not drawn twice and gives the same
bytes as a fresh drawing; a different view or picture is drawn."""

from __future__ import annotations

import render
from render.kit.cache import PICTURES, PictureCache
from rules.core.driver import random_moves, setup_args
from rules.core.registry import get_engine


def _views():
    engine = get_engine("richard3")
    states = [o.state for _r, _a, o in random_moves(engine, setup_args(engine, "1483", 2), 12)]
    return engine.view(states[2], None), engine.view(states[-1], None)


def test_an_equal_view_comes_from_the_cache_with_the_same_bytes():
    early, late = _views()
    PICTURES.clear()
    first = render.draw_png("richard3", early)
    again = render.draw_png("richard3", dict(early))          # an equal view, another object
    assert again is first and (PICTURES.hits, PICTURES.misses) == (1, 1)
    PICTURES.enabled = False
    try:
        assert render.draw_png("richard3", early) == first    # what a fresh drawing gives
    finally:
        PICTURES.enabled = True
    assert render.draw_png("richard3", late) != first and (PICTURES.hits, PICTURES.misses) == (1, 3)


def test_the_cache_keeps_within_its_bytes():
    cache = PictureCache(max_bytes=10)
    for i in range(5):
        assert cache.get(("g", i), lambda i=i: bytes(4)) == bytes(4)
    assert cache._bytes <= 10 and cache.get(("g", 4), lambda: b"new") == bytes(4)
    assert cache.get(("g", 0), lambda: b"redrawn") == b"redrawn"

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


def _diplomacy_positions():
    """Here I Stand views (public and a power's) at positions with offers, alliances or both."""
    from tests.render.golden_support import position
    for steps in (40, 150, 400):
        engine, state = position("hereistand", "1532", 3, steps)
        for role in (None, "france"):
            yield engine.view(state, role)


def test_a_kind_draws_nothing_of_the_keys_it_ignores():
    """Each kind's ``ignores`` (render.manifest) are truly not drawn: the picture without them is the
    same, so leaving them out of the cache's key never serves a stale picture."""
    checked = 0
    for view in _diplomacy_positions():
        for kind in render.manifest("hereistand"):
            if not kind.ignores:
                continue
            for params in ([{p.id: p.choices[0]} for p in kind.params] or [None]):
                try:
                    full = render.draw("hereistand", view, kind.id, params)
                except render.NoPicture:
                    continue
                bare = {k: v for k, v in view.items() if k not in kind.ignores}
                assert render.draw("hereistand", bare, kind.id, params).tobytes() == full.tobytes(), kind.id
                checked += 1
    assert checked >= 12


def test_a_change_only_in_ignored_keys_comes_from_the_cache():
    view = next(v for v in _diplomacy_positions() if v.get("alliances"))
    PICTURES.clear()
    first = render.draw_png("hereistand", view, "map")
    offered = {**view, "offers": [["france", "papacy", "alliance"]], "alliances": []}
    assert render.draw_png("hereistand", offered, "map") is first and PICTURES.hits == 1
    assert render.draw_png("hereistand", offered, "diplomacy") != render.draw_png("hereistand", view, "diplomacy")

"""Label and badge placement with an obstacle index (issue 28 item 1: ~100k overlap() calls a Richard III
map): ``least_covered`` given a :class:`RectIndex` looks only at obstacles filed near its candidates and
chooses exactly what testing every obstacle chose, on the calls real maps make (recorded while drawing)."""

from __future__ import annotations

import pytest

import render
from render.kit import rects
from render.kit.rects import RectIndex, overlap
from render.richard3 import mapview

from .golden_support import position


def _least_covered_before(cands, obstacles, bounds, names=()):
    """least_covered testing every obstacle (as it was before the index), the reference."""
    if names:
        extra = []
        for r in cands[:3]:
            w, h = r[2] - r[0], r[3] - r[1]
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
                for k in (1, 2):
                    extra.append((r[0] + dx * w * k, r[1] + dy * h * k, r[2] + dx * w * k, r[3] + dy * h * k))
        cands = list(cands) + extra
    best, best_cost = cands[0], float("inf")
    for i, r in enumerate(cands):
        cost = sum(overlap(r, o) for o in obstacles) + 8 * ((r[2] - r[0]) * (r[3] - r[1]) - overlap(r, bounds))
        cost += 1000 * sum(overlap(r, n) for n in names)
        cost += i * 0.5
        if cost < best_cost:
            best, best_cost = r, cost
        if cost < 1:
            break
    return best


@pytest.fixture(scope="module")
def recorded():
    """(candidates, obstacles as passed, bounds, names) of every call while drawing busy maps."""
    calls = []
    real = mapview.least_covered

    def record(cands, obstacles, bounds, names=()):
        calls.append((list(cands), obstacles, list(obstacles), bounds, list(names)))
        return real(cands, obstacles, bounds, names)

    mapview.least_covered = record
    try:
        for scenario, seed, steps in [("1460", 1, 250), ("1460", 9, 131), ("1460", 3, 400), ("1470", 2, 300)]:
            engine, state = position("richard3", scenario, seed, steps)
            for role in (None, "york", "lancaster"):
                render.draw("richard3", engine.view(state, role))
    finally:
        mapview.least_covered = real
    return calls


def test_maps_pass_their_obstacles_indexed(recorded):
    assert len(recorded) > 40
    assert all(isinstance(obstacles, RectIndex) for _, obstacles, _, _, _ in recorded)


def test_the_index_chooses_what_testing_every_obstacle_chose(recorded):
    for cands, _, snapshot, bounds, names in recorded:
        indexed = RectIndex(snapshot)
        assert rects.least_covered(cands, indexed, bounds, names) == \
            _least_covered_before(cands, snapshot, bounds, names)


def test_the_index_finds_every_rect_that_may_overlap():
    index = RectIndex([(0, 0, 10, 10), (500, 500, 700, 520), (-300, 90, -100, 200), (95, 95, 97, 97)])
    index.append((190, 10, 400, 30))
    for area in [(5, 5, 6, 6), (96, 96, 300, 300), (-150, 100, 600, 510), (1000, 1000, 1001, 1001)]:
        assert [r for r in index if overlap(r, area)] == [r for r in index.near(area) if overlap(r, area)]
    assert index.near((1000, 1000, 1001, 1001)) == []
    with pytest.raises(TypeError):
        index.insert(0, (1, 1, 2, 2))

"""The render kit's map pieces on small made-up maps: area maps from points (Voronoi cells, shared edges,
index-raster stats), routes round obstacles, and move arrows across a border and onto land."""

import math

from PIL import Image, ImageDraw

from render.kit import areamap, moves, routes


def test_voronoi_cells_split_the_box_and_share_an_edge():
    cells = areamap.voronoi({"w": (25, 50), "e": (75, 50)}, (0, 0, 100, 100))
    xs = sorted({round(x) for x, _ in cells["w"]})
    assert xs == [0, 50]                                  # the west cell ends on the bisector x = 50
    edge = areamap.shared_edge(cells["w"], (25, 50), (75, 50))
    assert sorted((round(x), round(y)) for x, y in edge) == [(50, 0), (50, 100)]
    assert areamap.circumcentre((0, 0), (100, 0), (0, 100)) == (50, 50)


def test_index_raster_gives_each_area_its_box_centroid_cells_and_ring():
    index = Image.new("L", (60, 60), 0)
    ImageDraw.Draw(index).rectangle([12, 12, 47, 47], fill=3)
    stats = areamap.region_stats(index, (0, 0, 60, 60), 3)
    (x0, y0, x1, y1), (cx, cy) = stats[3]
    assert x0 <= 12 and y0 <= 12 and x1 >= 47 and y1 >= 47 and x1 - x0 <= 42   # holds the region, sampled
    assert abs(cx - 30) < 2 and abs(cy - 30) < 2
    cells = areamap.cells_where(index, (3,), 0, 0, 10, 10, (0, 0, 60, 60), 6)
    assert sum(map(sum, cells)) == 36 and cells[2][2] == 1 and cells[1][1] == 0
    ring = areamap.ring_mask(index, (10, 10, 50, 50), 3, 5)
    assert ring.getpixel((2, 20)) == 255 and ring.getpixel((20, 20)) == 0   # the edge, not the middle
    seen = areamap.areas_along(lambda p: "in" if 12 <= p[0] <= 47 else None, [(0, 30), (59, 30)])
    assert seen == {"in"}


def test_cheapest_path_goes_round_a_wall_and_string_pulling_straightens_it():
    cost = [[1.0] * 10 for _ in range(10)]
    for r in range(0, 8):
        cost[r][5] = None                                 # a wall with a gap at the bottom
    path = routes.cheapest_path(cost, (0, 0), (9, 0))
    assert path[0] == (0, 0) and path[-1] == (9, 0) and all(cost[r][c] is not None for c, r in path)
    assert max(r for _, r in path) >= 8
    assert routes.cheapest_path([[1.0, None, 1.0]], (0, 0), (2, 0)) is None
    near = routes.distance_from([[False, False, True]], limit=6)
    assert near == [[2, 1, 0]]
    pts = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert routes.pull_string(pts, lambda p, q: True) == [(0, 0), (3, 3)]
    assert routes.segment_clear((0, 0), (100, 0), lambda x, y: 48 <= x <= 52) is False
    assert routes.segment_clear((0, 0), (100, 0), lambda x, y: y > 20) is True


def _west_east(p):
    return "w" if 0 <= p[0] < 100 else "e" if 100 <= p[0] < 200 else None


def test_a_move_crosses_the_border_off_what_is_drawn_with_room_both_sides():
    edge = [(100, 0), (100, 200)]
    point, normal, back, on = moves.border_crossing(edge, (50, 100), (150, 100), "w", "e", _west_east, [])
    assert point == (100, 100) and normal == (1, 0) and back == on == 46
    # a name drawn over the middle of the border: the arrow crosses elsewhere
    point, *_ = moves.border_crossing(edge, (50, 100), (150, 100), "w", "e", _west_east, [(80, 80, 120, 120)])
    assert point[1] != 100 and not (80 <= point[1] <= 120)


def test_a_curve_through_an_area_and_a_landing_inside_the_destination():
    curve = moves.through_area((0, 0), (100, 0), (50, 100))
    assert curve[0] == (0, 0) and curve[-1] == (100, 0) and max(y for _, y in curve) > 20
    tip = moves.landing((90, 100), (150, 100), "e", _west_east, [])
    assert _west_east(tip) == "e" and round(math.dist(tip, (90, 100))) == 50    # straight in, 50 px
    blocked = moves.landing((90, 100), (150, 100), "e", _west_east, [(126, 86, 154, 114)])
    assert _west_east(blocked) == "e" and blocked != tip                      # the head clear of a name


def test_a_coast_badge_sits_on_its_sea_just_off_the_coast_and_clear_of_others():
    index = Image.new("L", (300, 200), 0)
    ImageDraw.Draw(index).rectangle([0, 0, 149, 199], fill=1)          # land west, water east
    zones = Image.new("L", (300, 200), 1)
    ImageDraw.Draw(zones).rectangle([150, 100, 299, 199], fill=2)      # two seas: north-east and south-east
    px, zx = index.load(), zones.load()
    north = areamap.coast_badge(px, zx, (100, 50), 1, 1, 12, [], (0, 0, 300, 200))
    assert 150 < north[0] < 190 and zx[int(north[0]), int(north[1])] == 1
    south = areamap.coast_badge(px, zx, (100, 150), 1, 2, 12, [], (0, 0, 300, 200))
    assert zx[int(south[0]), int(south[1])] == 2
    again = areamap.coast_badge(px, zx, (100, 50), 1, 1, 12, [north], (0, 0, 300, 200))
    assert again is None or math.dist(again, north) >= 30

"""The render kit (render/kit/, issue 11 item 6): it names no game, and its pieces lay things out as they
say (labels without overlap, pieces in free room, tracks, rows, hands, graph maps)."""

import re
from pathlib import Path

from PIL import Image, ImageDraw

from render import core
from render.kit import graphmap, labels, stacks, tableau, tracks
from render.kit.cards import hand_layout
from render.kit.freegrid import FreeGrid
from render.kit.rects import least_covered, overlap
from rules.core import get_engine
from rules.core.registry import game_ids

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "render" / "kit"
# the games' own words beyond what the engines list (titles and powers of games still being written)
GAME_WORDS = {"richard", "tudor", "kingmaker", "bosworth", "plantagenet", "ottoman", "habsburg", "hapsburg",
              "papacy", "protestant", "luther", "york", "lancaster"}


def _game_words() -> set[str]:
    words = set(GAME_WORDS) | set(game_ids())
    words |= {p.name for p in (ROOT / "rules").iterdir() if (p / "__init__.py").exists() and p.name != "core"}
    words |= {p.name for p in (ROOT / "render").iterdir() if (p / "__init__.py").exists() and p.name != "kit"}
    for game in game_ids():
        engine = get_engine(game)
        words.add(engine.title.lower())
        for scenario in engine.scenarios():
            for role in engine.roles(scenario.id):
                words |= {role.lower(), engine.role_name(role).lower()}
    return {w for w in words if len(w) >= 4}


def test_the_kit_names_no_game():
    words = _game_words()
    assert {"richard3", "oldkingscrown", "york", "clans"} <= words
    found = []
    for path in sorted(KIT.glob("*.py")):
        text = path.read_text().lower()
        found += [f"{path.name}: {w}" for w in sorted(words) if re.search(rf"\b{re.escape(w)}\b", text)]
    assert not found, f"game words in the render kit: {found}"


def test_core_keeps_every_name_it_had():
    for name in ("WIDTH", "READ", "MIN_FONT", "FONT_DIR", "INK", "ACCENT", "NoPicture", "font", "fit_font",
                 "wrap", "halo_text", "contrast_ink", "dashed_line", "arrow", "path_arrow", "box_exit",
                 "point_along", "star", "regular_polygon", "rose", "crown", "shield", "tower", "church",
                 "anchor_icon", "pips", "whose_fill", "title_strip", "LegendItem", "legend", "legend_height",
                 "LayerCache", "CACHE", "to_png", "blank", "message_picture", "QUANTIZE"):
        assert hasattr(core, name), name
    from render.kit import cache
    assert core.CACHE is cache.CACHE


def test_point_labels_never_overlap_and_the_layout_says_where_they_went():
    # four names round one point take its four sides (the diagonals overlap them); a fifth finds no room
    requests = [(f"n{i}", labels.around((300, 300), 80, 30, 20)) for i in range(5)]
    layout = labels.place_labels(requests, obstacles=[(280, 280, 320, 320)], bounds=(0, 0, 600, 600))
    assert layout.boxes["n0"] == (320, 285, 400, 315) and layout.boxes["n1"] == (200, 285, 280, 315)
    assert layout.squeezed == ["n4"]
    assert all("n4" in pair for pair in layout.collisions()) and layout.collisions()
    clean = {k: v for k, v in layout.boxes.items() if k not in layout.squeezed}
    assert labels.LabelLayout(clean, layout.obstacles).collisions() == []


def test_label_rows_are_centred_and_measured():
    rows = [[labels.LabelItem("text", text="North", w=60, h=20)],
            [labels.LabelItem("icon", w=20, h=20), labels.LabelItem("text", text="Port", w=40, h=16)]]
    w, h, widths, heights = labels.measure(rows)
    assert (w, h, widths, heights) == (64, 42, [60, 64], [20, 20])
    items, rects = labels.set_rows(rows, 100, 10)
    assert [(i.x, i.y) for i in items] == [(100, 20), (78, 42), (112, 42)]   # rows centred on x = 100
    assert rects == [(67, 7, 133, 33), (65, 29, 135, 55)]                     # each row's box, 3 px out


def test_free_grid_finds_room_nearest_a_target_and_takes_it():
    grid = FreeGrid(0, 0, 20, 10, [[1] * 20 for _ in range(10)])
    first = grid.best(30, 30, (0, 0), step=1)
    assert first == (0, 0, 30, 30) and grid.fits(first)
    taken = grid.without([first])
    assert not taken.fits(first) and taken.count == grid.count - 25
    assert taken.best(30, 30, (0, 0), step=1)[0] >= 30
    assert grid.centroid((0, 0)) == (60, 30)


def test_groups_are_set_out_in_grids_or_scattered():
    shapes = stacks.arrangements(((3, (40, 40)), (2, (30, 30))), gap=6, group_gap=12)
    w, h, spots = shapes[0]
    assert len(spots) == 5 and {s[0] for s in spots} == {0, 1}
    boxes = [(dx, dy, dx + (40 if g == 0 else 30), dy + (40 if g == 0 else 30)) for g, _, dx, dy in spots]
    assert all(overlap(a, b) == 0 for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(b[2] <= w + 1e-9 and b[3] <= h + 1e-9 for b in boxes)
    ragged = FreeGrid(0, 0, 30, 6, [[1] * 30 for _ in range(6)])
    rect, spots = stacks.scatter(ragged, [3], [(30, 30)], (90, 18), gap=6)
    assert len(spots) == 3 and rect[3] - rect[1] == 30
    assert stacks.scatter(ragged, [20], [(30, 30)], (90, 18), gap=6) is None


def test_least_covered_prefers_free_places_and_keeps_names_clear():
    cands = [(0, 0, 10, 10), (20, 0, 30, 10)]
    assert least_covered(cands, [(0, 0, 10, 10)], (0, 0, 100, 100)) == (20, 0, 30, 10)
    assert least_covered(cands, [], (0, 0, 100, 100), names=[(0, 0, 10, 10)]) == (20, 0, 30, 10)


def test_track_highlights_the_current_box():
    img = Image.new("RGB", (400, 60), (255, 255, 255))
    boxes = tracks.track(ImageDraw.Draw(img), 10, 10, [("1", False), ("2", True), ("3", False)], 50, 4, 34, 26)
    assert [b[0] for b in boxes] == [10, 60, 110] and boxes[0][2] == 56
    assert img.getpixel((70, 14)) == core.ACCENT and img.getpixel((20, 14)) == tracks.OFF


def test_rows_and_hands():
    assert tableau.per_row(1000, 100, 10) == 9 and tableau.row_count(10, 9) == 2 and tableau.row_count(0, 9) == 1
    assert tableau.rows_height([1, 2, 3], 2, lambda row: 10 * len(row), 5) == 20 + 5 + 10 + 5
    hand = hand_layout(5, 4, 100, 150, 20, 600, 50)
    assert hand[0] == (70, 50, 170, 200)            # four in the first row, centred in 600 px
    assert hand[4] == (250, 220, 350, 370)          # the fifth alone, centred below


def test_graph_map_names_cover_no_space_and_no_other_name():
    spaces = [graphmap.Space("a", "Alpha", (100, 100)), graphmap.Space("b", "Beta", (180, 100)),
              graphmap.Space("c", "Gamma", (140, 170)), graphmap.Space("d", "Delta", (400, 300))]
    links = [("a", "b", "road"), ("a", "c", "road"), ("b", "c", "pass"), ("c", "d", "sea")]
    layout = graphmap.lay_out(spaces, links, bounds=(0, 0, 600, 400))
    assert set(layout.labels.boxes) == {"a", "b", "c", "d"}
    assert layout.labels.collisions() == [] and layout.labels.squeezed == []
    img = Image.new("RGB", (600, 400), (240, 230, 200))
    styles = {"road": graphmap.LinkStyle((120, 80, 40)), "pass": graphmap.LinkStyle((120, 80, 40), 3, 10, 6),
              "sea": graphmap.LinkStyle((40, 80, 160), 4, 14, 8)}
    graphmap.draw_graph(ImageDraw.Draw(img), layout, styles)
    assert img.getpixel((140, 100)) == (120, 80, 40)       # the road a-b, between the spaces
    assert img.getpixel((100, 100)) == (255, 255, 255)      # a space's disc

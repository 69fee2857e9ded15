"""The shared rendering core: dispatch by game id, fonts, the static-layer cache, deterministic PNGs."""

import io

import pytest
from PIL import Image

import render
from render import core


def test_pictures_dispatch_by_game_id():
    assert render.pictures("richard3") == ["map", "battle", "hand"]
    with pytest.raises(ValueError):
        render.pictures("no_such_game")
    with pytest.raises(ValueError):
        render.pictures("../etc")


def test_unknown_picture_is_no_picture():
    with pytest.raises(render.NoPicture):
        render.draw("richard3", {}, "scoreboard")


def test_fonts_are_shipped_with_their_licence():
    assert (core.FONT_DIR / "DejaVuSansCondensed.ttf").exists()
    assert (core.FONT_DIR / "DejaVuSansCondensed-Bold.ttf").exists()
    assert "Bitstream" in (core.FONT_DIR / "LICENSE-DejaVu.txt").read_text()
    assert core.font(10).size == core.MIN_FONT  # never below the minimum


def test_cache_returns_copies_and_counts():
    cache = core.LayerCache(capacity=2)
    built = []

    def build():
        built.append(1)
        return Image.new("RGB", (4, 4), (1, 2, 3))

    a = cache.get(("g", "s", 4), build)
    a.putpixel((0, 0), (9, 9, 9))
    b = cache.get(("g", "s", 4), build)
    assert len(built) == 1 and cache.hits == 1 and cache.misses == 1
    assert b.getpixel((0, 0)) == (1, 2, 3)  # drawing on a copy never touches the cached layer
    cache.get(("g", "t", 4), build)
    cache.get(("g", "u", 4), build)
    assert len(cache._items) == 2  # bounded
    cache.enabled = False
    cache.get(("g", "u", 4), build)
    assert len(built) == 4


def test_png_is_deterministic():
    img = core.message_picture("Title", ["a line of text that is long enough to be wrapped " * 3])
    assert core.to_png(img) == core.to_png(img.copy())
    assert Image.open(io.BytesIO(core.to_png(img))).size == img.size

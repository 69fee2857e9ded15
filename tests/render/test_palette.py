"""Each game's fixed palette (issue 28 item 1, render/kit/palette.py): the pictures the service sends are
mapped to it, and they stay as close to the drawing as the adaptive quantiser's, at 1200 px and at a phone's
400 px, at positions the palette was not built from (render/palettes.py draws seed 1)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from render.api import _palette, palette_path
from render.kit.palette import FLAT_SHARE, ColourCount, build, fidelity, palette_image
from render.kit.legibility import PHONE_WIDTH
from render.palettes import declared
from rules.core.registry import game_ids

from .golden_support import position

GAMES = [g for g in game_ids() if palette_path(g).parent.exists()]
#: (game, scenario, seed, steps): a crowded position of another seed than the palette's
POSITIONS = [("richard3", "1460", 5, 200), ("oldkingscrown", "standard", 5, 100),
             ("crownofroses", "kingmaker", 5, 300), ("hereistand", "1517", 5, 300)]
MEAN_SLACK = 1.0      # levels of 255 the fixed palette may add to the adaptive one's mean difference
MEAN_MOST = 2.0       # and never more than this in all
FAR_MOST = 0.002      # share of pixels off by more than 24 levels in a channel (an edge's shade)
FLAT_OFF = 6          # levels a flat colour may be off the palette's nearest


def _colours(game):
    values = _palette(game).getpalette()[:768]
    return [tuple(values[i:i + 3]) for i in range(0, 768, 3)]


def test_every_game_with_pictures_has_its_palette_with_its_declared_colours():
    assert GAMES and {p[0] for p in POSITIONS} == set(GAMES)
    for game in GAMES:
        assert palette_path(game).exists(), f"{game}: build it with python -m render.palettes {game}"
        missing = declared(game) - set(_colours(game))
        assert not missing, f"{game}: colours {missing} not in the palette: python -m render.palettes {game}"


def _pictures(game, scenario, seed, steps):
    engine, state = position(game, scenario, seed, steps)
    roles = [r for seat in state["seats"] for r in seat]
    for role in (None, roles[0]):
        view = engine.view(state, role)
        for kind in render.manifest(game):
            try:
                yield f"{role or 'public'}/{kind.id}", render.draw(game, view, kind.id)
            except render.NoPicture:
                continue


@pytest.mark.parametrize("case", POSITIONS, ids=[p[0] for p in POSITIONS])
def test_the_fixed_palette_is_as_faithful_as_the_adaptive_one(case):
    game = case[0]
    checked = 0
    for name, image in _pictures(*case):
        sent = Image.open(io.BytesIO(render.api.encode(game, image)))
        assert sent.mode == "P" and sent.getpalette() == _palette(game).getpalette()
        adaptive = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        for width in (None, PHONE_WIDTH):
            mean, far = fidelity(image, sent, width)
            mean_adaptive, _ = fidelity(image, adaptive, width)
            where = f"{game} {name} at {width or image.width} px"
            assert mean <= min(MEAN_MOST, mean_adaptive + MEAN_SLACK), (where, mean, mean_adaptive)
            assert far <= FAR_MOST, (where, far)
        total = image.width * image.height
        palette = _colours(game)
        for count, rgb in image.convert("RGB").getcolors(total):
            if count >= total * FLAT_SHARE:   # a flat colour: in the palette, or all but
                off = min(max(abs(a - b) for a, b in zip(rgb, entry)) for entry in palette)
                assert off <= FLAT_OFF, (f"{game} {name}: {rgb} is {off} levels off the palette "
                                         f"(python -m render.palettes {game})")
        checked += 1
    assert checked >= 3


def test_flat_colours_are_kept_exactly_and_edges_share_the_rest():
    counts = ColourCount()
    picture = Image.new("RGB", (100, 100), (250, 240, 220))
    picture.paste((200, 30, 40), (0, 0, 50, 50))
    for i in range(40):   # a faint gradient: 40 shades of one pixel each, fewer than FLAT_SHARE
        picture.putpixel((60 + i, 90), (i * 6, i * 6, i * 6))
    counts.add(picture)
    colours = build(counts, size=16)
    assert colours[:2] == [(250, 240, 220), (200, 30, 40)] and len(colours) <= 16
    mapped = picture.quantize(palette=palette_image(colours), dither=Image.Dither.NONE).convert("RGB")
    assert mapped.getpixel((10, 10)) == (200, 30, 40) and mapped.getpixel((90, 10)) == (250, 240, 220)
    shade = mapped.getpixel((80, 90))   # (120, 120, 120) drawn, 14 entries for 40 shades: near it
    assert max(abs(a - 120) for a in shade) <= 12


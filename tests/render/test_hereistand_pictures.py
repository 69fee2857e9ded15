"""Here I Stand pictures: the overview draws every space, each regional picture draws every name it lays
out, uncovered; public pictures do not depend on the hands (secrecy by invariance, rules/hereistand VIEW.md);
a hand picture changes with the hand; every picture fits the phone frame and 1.5 MB; the decision pictures
(battle, front, siege) appear when the view has them; `herald render` writes every picture."""

import copy
from argparse import Namespace

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import NoPicture, draw, draw_png, manifest, needed
from render.cli import render_command
from render.api import encode
from render.core import font
from render.hereistand.board import overview_layer, region_layer
from render.hereistand.maps import TITLE_H
from render.hereistand.scene import layout
from rules.core import get_engine
from rules.core.driver import random_moves, setup_args

GAME = "hereistand"
ENGINE = get_engine(GAME)
REGIONS = list(layout()["regions"])
POWERS = ["ottoman", "hapsburg", "england", "france", "papacy", "protestant"]


INTERCEPTOR: dict[int, str] = {}


def _states(seed, steps=2000):
    """Positions of one seeded random 1517 game (the render driver), found by what they show rather than by
    step number, so an engine change that shifts the game does not silently change what is tested:
    ``"intercept"`` an interception prompt (the power asked in ``INTERCEPTOR``), ``"battle"`` a field battle with dice rolled, ``"mid"`` the
    first quiet position (no procedure that needs a picture of its own) of turn 2's Action phase or later."""
    args = setup_args(ENGINE, "1517", seed, None)
    state = ENGINE.setup(args)
    out = {}
    for _, _, outcome in random_moves(ENGINE, args, steps, state):
        state = outcome.state
        waiting = ENGINE.waiting(state)
        if "intercept" not in out and str(waiting.get("decision", "")).startswith("intercept"):
            out["intercept"] = state
            INTERCEPTOR[seed] = ENGINE.active_roles(state)[0]
        public = ENGINE.view(state, None)
        if "battle" not in out and public.get("battle") and public.get("move"):
            out["battle"] = state
        if "mid" not in out and public.get("turn", 0) >= 2 and public.get("phase") == "action" \
                and not needed(GAME, public):
            out["mid"] = state
        if len(out) == 3:
            out["interceptor"] = INTERCEPTOR[seed]
            return out
    raise AssertionError(f"seed {seed}: only found {sorted(out)} in {steps} steps")


def _first_states(seeds=range(1, 30), steps=3000):
    """The first seed whose random game shows all three positions (rule changes shift random games)."""
    for seed in seeds:
        try:
            return _states(seed, steps)
        except AssertionError:
            continue
    raise AssertionError(f"no seed in {seeds} shows an interception, a battle and turn 2")


STATES = _first_states()
MID = STATES["mid"]


def _pixels(image):
    """The pixels in order (Pillow 12 renamed getdata; both are supported by pyproject's Pillow range)."""
    flat = getattr(image, "get_flattened_data", None)
    return list(flat() if flat else image.getdata())


def _public_kinds():
    for kind in manifest(GAME):
        if kind.private:
            continue
        choices = [c for p in kind.params for c in p.choices] or [None]
        param = kind.params[0].id if kind.params else None
        for choice in choices:
            yield kind.id, ({param: choice} if choice else None)


def _public_images(view, only=None):
    out = {}
    for picture, params in _public_kinds():
        if only and picture not in only:
            continue
        try:
            out[(picture, str(params))] = draw(GAME, view, picture, params)
        except NoPicture:
            pass
    return out


def test_overview_draws_every_space():
    view = ENGINE.view(MID, None)
    image = draw(GAME, view)
    board = overview_layer()
    for space, spot in layout()["overview"]["spaces"].items():
        x, y = spot["at"]
        box = (x - 10, TITLE_H + y - 10, x + 10, TITLE_H + y + 10)
        drawn = image.crop(box)
        bare = board.crop((x - 10, y - 10, x + 10, y + 10))
        assert ImageChops.difference(drawn, bare).getbbox(), f"{space} is not drawn on the overview"


@pytest.mark.parametrize("region", REGIONS)
def test_regional_picture_draws_every_name_uncovered(region):
    """Every pixel of each name and its halo is exactly as when the name is drawn alone on the bare board:
    nothing drawn later covers it (arrows and marks may pass under a name's box, never over the letters)."""
    view = ENGINE.view(STATES["battle"], None)       # a battle under way: arrows and rings are drawn too
    image = draw(GAME, view, "region", {"region": region})
    reg = layout()["regions"][region]
    from rules.hereistand.data import load
    from render.core import INK, halo_text
    board = region_layer(region)
    for space, spot in reg["spaces"].items():
        x0, y0, x1, y1 = spot["label"]
        alone = board.crop((x0, y0, x1, y1))
        halo_text(ImageDraw.Draw(alone), ((x1 - x0) / 2, (y1 - y0) / 2), load().spaces[space].name,
                  font(26, True), fill=INK, width=3)
        drawn = image.crop((x0, TITLE_H + y0, x1, TITLE_H + y1))
        bare = _pixels(board.crop((x0, y0, x1, y1)))
        solid = [i for i, (p, b) in enumerate(zip(_pixels(alone), bare)) if p != b and p in (INK, (255, 255, 255))]
        assert len(solid) > 50, f"{space}'s name is not drawn in {region}"
        now = _pixels(drawn)
        # (anti-aliasing lets a dark line under a letter's rim shift it by a shade; covering changes it)
        covered = [i for i in solid if max(abs(a - b) for a, b in zip(now[i], alone.getpixel(
            (i % alone.width, i // alone.width)))) > 16]
        assert not covered, f"{space}'s name is covered in {region}"


def test_public_pictures_do_not_depend_on_the_hands():
    state = MID
    public = {key: img.tobytes() for key, img in _public_images(ENGINE.view(state, None)).items()}
    variants = list(ENGINE.hidden_variants(state))
    assert any(what == "hand" for _, what, _ in variants)
    for i, (owner, what, variant) in enumerate(variants):
        # every picture for the first hand and the deck order; for the other hands those that count cards
        only = None if i == 0 or what != "hand" else ("map", "power", "diplomacy")
        for key, img in _public_images(ENGINE.view(variant, None), only).items():
            assert img.tobytes() == public[key], (owner, what, key)
    # a player's own view draws the same public pictures as a spectator's
    for power in ("france", "ottoman"):
        mine = _public_images(ENGINE.view(state, power))
        for key, img in mine.items():
            if key[0] == "power" and key[1] == "None":
                continue
            assert img.tobytes() == public[key], (power, key)


def test_hand_picture_changes_with_the_hand_and_spectators_have_none():
    state = MID
    changed = 0
    for owner, what, variant in ENGINE.hidden_variants(state):
        if what != "hand":
            continue
        before = draw_png(GAME, ENGINE.view(state, owner), "hand")
        after = draw_png(GAME, ENGINE.view(variant, owner), "hand")
        assert before != after, owner
        changed += 1
    assert changed >= 5
    with pytest.raises(NoPicture):
        draw(GAME, ENGINE.view(state, None), "hand")


@pytest.mark.parametrize("step", ["mid", "battle"])
def test_every_picture_fits_the_phone_frame_and_size(step):
    view = ENGINE.view(STATES[step], "hapsburg")
    for picture, params in list(_public_kinds()) + [("hand", None)]:
        try:
            image = draw(GAME, view, picture, params)
        except NoPicture:
            continue
        assert image.width == 1200 and image.height <= 2400, (step, picture, params)
        assert len(encode(GAME, image)) < 1_500_000, (step, picture, params)


def test_decision_pictures_come_with_the_decision():
    prompt = ENGINE.view(STATES["intercept"], STATES["interceptor"])
    assert prompt["waiting"]["decision"].startswith("intercept")
    assert "front" in needed(GAME, prompt)
    front = draw(GAME, prompt, "front")
    from render.hereistand import scene
    region = scene.region_for(scene.focus_places(prompt))
    assert prompt["move"]["dest"] in layout()["regions"][region]["spaces"]
    there = draw(GAME, prompt, "region", {"region": region})
    assert front.tobytes() != draw(GAME, ENGINE.view(MID, None), "region", {"region": region}).tobytes()
    assert front.size == there.size    # the interception is drawn in the region where it happens
    battle_view = ENGINE.view(STATES["battle"], None)
    assert {"battle", "front"} <= set(needed(GAME, battle_view))
    assert draw(GAME, battle_view, "battle").height > 300
    quiet = ENGINE.view(MID, None)
    assert needed(GAME, quiet) == []
    for picture in ("battle", "front", "siege"):
        with pytest.raises(NoPicture):
            draw(GAME, quiet, picture)


def test_sieges_unrest_and_fleets_at_sea_are_drawn_from_the_view():
    """Keys a later part adds (fleets at sea) are drawn when present; sieges and unrest change the marks."""
    view = copy.deepcopy(ENGINE.view(MID, None))
    plain = draw(GAME, view, "region", {"region": "italy"})
    view["units"]["tyrrhenian"] = {"hapsburg": {"squadron": 2}}
    view["leaders"]["andrea-doria"] = "tyrrhenian"
    view["sieges"]["florence"] = {"besieger": "papacy", "inside": ["independent"], "new": True}
    view["units"].setdefault("florence", {})["papacy"] = {"regular": 3}
    view["unrest"] = ["milan"]
    marked = draw(GAME, view, "region", {"region": "italy"})
    reg = layout()["regions"]["italy"]
    for box in (reg["seas"]["tyrrhenian"]["slot"], reg["spaces"]["florence"]["symbol"],
                reg["spaces"]["milan"]["symbol"]):
        area = (box[0], TITLE_H + box[1], box[2], TITLE_H + box[3])
        assert ImageChops.difference(plain.crop(area), marked.crop(area)).getbbox(), box
    assert draw(GAME, view, "siege").height > 200
    view["fleets"] = {"ionian": {"ottoman": {"corsair": 1}}}
    draw(GAME, view, "map")


def test_render_command_writes_every_picture(tmp_path, capsys):
    out = tmp_path / "pictures"
    assert render_command(Namespace(game=GAME, scenario="1517", seed=1, steps=40, out=str(out), players=None)) == 0
    names = {p.name for p in out.iterdir()}
    assert "public.png" in names
    assert {f"public-region-{r}.png" for r in REGIONS} <= names
    assert {f"public-power-{p}.png" for p in POWERS} <= names
    assert "public-diplomacy.png" in names
    assert {f"{p}-hand.png" for p in POWERS} <= names
    for path in out.iterdir():
        assert Image.open(path).width == 1200


def _with_record(*entries):
    view = copy.deepcopy(ENGINE.view(MID, None))
    view["impulse_record"] = list(entries)
    return view


MOVE = {"kind": "move", "power": "hapsburg", "from": "vienna", "to": "graz", "units": 4, "leaders": []}
BATTLE = {"kind": "field_battle", "space": "graz", "attacker": "hapsburg", "defenders": ["ottoman"],
          "origin": "vienna", "attacker_leaders": ["ferdinand"], "defender_leaders": [], "attacker_units": 4,
          "defender_units": 2, "attacker_dice": 5, "defender_dice": 3, "attacker_roll": [6, 5, 3, 2, 1],
          "defender_roll": [6, 2, 1], "attacker_hits": 2, "defender_hits": 1, "winner": "attacker"}


def test_this_impulses_moves_and_battles_are_drawn_from_the_record():
    """Issue 19: regional pictures show this impulse's moves as arrows and its battles with their result;
    the battle picture shows the last battle's dice once it is over."""
    region = scene_region("graz")
    plain = draw(GAME, _with_record(), "region", {"region": region})
    moved = draw(GAME, _with_record(MOVE), "region", {"region": region})
    fought = draw(GAME, _with_record(MOVE, BATTLE), "region", {"region": region})
    at = layout()["regions"][region]["spaces"]["graz"]["at"]
    ring = (at[0] - 60, TITLE_H + at[1] - 60, at[0] + 60, TITLE_H + at[1] + 60)
    assert ImageChops.difference(plain.crop(ring), moved.crop(ring)).getbbox()        # the arrow's head
    assert ImageChops.difference(moved.crop(ring), fought.crop(ring)).getbbox()       # the ring and hits
    with pytest.raises(NoPicture):
        draw(GAME, _with_record(MOVE), "battle")
    over = draw(GAME, _with_record(MOVE, BATTLE), "battle")
    assert over.height > 300
    other = dict(BATTLE, attacker_roll=[6, 6, 3, 2, 1], attacker_hits=3)
    assert draw(GAME, _with_record(MOVE, other), "battle").tobytes() != over.tobytes()   # the dice are drawn


def test_the_siege_picture_shows_this_impulses_assault_dice():
    assault = {"kind": "assault", "space": "belgrade", "attacker": "ottoman", "defenders": ["hungary"],
               "attacker_leaders": ["suleiman"], "defender_leaders": [], "attacker_dice": 4, "defender_dice": 2,
               "attacker_roll": [6, 5, 5, 1], "defender_roll": [2, 1], "attacker_hits": 3, "defender_hits": 0,
               "winner": "attacker", "result": "taken"}
    view = _with_record(assault)
    view["assaulted"] = ["belgrade"]
    shown = draw(GAME, view, "siege")
    view2 = copy.deepcopy(view)
    view2["impulse_record"][0] = dict(assault, attacker_roll=[6, 5, 5, 2])
    assert draw(GAME, view2, "siege").tobytes() != shown.tobytes()


def scene_region(space):
    from render.hereistand import scene
    return scene.home_region(space)

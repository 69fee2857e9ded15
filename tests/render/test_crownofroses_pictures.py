"""Crown of Roses pictures (issue 17): public pictures are identical whatever the hidden facts (block
identities and strengths, IP marker values, hands, unrevealed picks and bids, deck order); a private picture
changes when its owner's hidden facts change; every shire's name is drawn where nothing covers it (checked
from layout.json); every picture stays under 1.5 MB, 1200 px wide and at most twice as tall."""

from __future__ import annotations

import itertools

import pytest

from render import NoPicture, draw, draw_png
from render.crownofroses.layout import info_box, layout, name_box, pieces_box
from rules.core import get_engine
from rules.core.contract import copy_state
from rules.core.driver import random_moves, setup_args
from rules.crownofroses.board import data

GAME = "crownofroses"
ENGINE = get_engine(GAME)
PUBLIC = ("map", "board", "battle")
SECRET_DECISIONS = ("command", "king_vote", "office_bid", "main_body")


def _positions():
    """Positions of a seeded 3-player game: a secret choice half made for each kind of secret decision,
    influence on the Roll of Parliament, a battle, and a crowded map in the second turn."""
    args = setup_args(ENGINE, "seeds_of_enmity", 1, 3)
    state = ENGINE.setup(args)
    found: dict[str, dict] = {}
    for step, (_, _, outcome) in enumerate(random_moves(ENGINE, args, 640, state), 1):
        state = outcome.state
        view = ENGINE.view(state, None)
        waiting = view["waiting"] or {}
        if waiting.get("decision") in SECRET_DECISIONS and waiting.get("committed"):
            found.setdefault(waiting["decision"], state)
        if view["rop"]:
            found.setdefault("rop", state)
        if view["battle"]:
            found.setdefault("battle", state)
        if step == 628:
            found["crowded"] = state
    return found


POSITIONS = _positions()


def _identity_swaps(state):
    """Two blocks of one house in different places change places: the same count per house and place."""
    blocks = state["blocks"]
    for house in state["houses"]:
        mapped = sorted(b for b, s in blocks.items() if s["status"] == "map" and s["house"] == house)
        for a, b in itertools.combinations(mapped, 2):
            if blocks[a]["at"] != blocks[b]["at"] and not blocks[a]["host"] and not blocks[b]["host"]:
                variant = copy_state(state)
                variant["blocks"][a]["at"], variant["blocks"][b]["at"] = blocks[b]["at"], blocks[a]["at"]
                yield house, "block identities", variant
                break


def _variants(state):
    yield from ENGINE.hidden_variants(state)
    yield from _identity_swaps(state)


def _image(view, picture):
    try:
        return draw(GAME, view, picture).tobytes()
    except NoPicture:
        return None


def test_the_positions_cover_every_kind_of_secret():
    assert set(SECRET_DECISIONS) | {"rop", "battle", "crowded"} <= set(POSITIONS)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_public_pictures_do_not_depend_on_hidden_facts(name):
    state = POSITIONS[name]
    public = {p: _image(ENGINE.view(state, None), p) for p in PUBLIC}
    kinds = set()
    for owner, what, variant in _variants(state):
        kinds.add(what)
        for picture in PUBLIC:
            assert _image(ENGINE.view(variant, None), picture) == public[picture], (what, picture)
    assert kinds, "no hidden fact to vary"


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_private_picture_changes_with_its_owners_hidden_facts(name):
    state = POSITIONS[name]
    compared = 0
    for owner, what, variant in _variants(state):
        if owner is None:
            continue
        before, after = ENGINE.view(state, owner), ENGINE.view(variant, owner)
        if before == after:
            continue   # nothing the owner sees changed
        pictures = ("map", "board", "battle", "hand")
        assert any(_image(before, p) != _image(after, p) for p in pictures), (name, owner, what)
        compared += 1
    assert compared


def test_every_shire_name_is_drawn_and_nothing_covers_it():
    lay = layout()
    shires = data().board.shires
    assert set(lay.shires) == set(shires)
    boxes = {**{s: b for s, b in lay.shires.items()}, **{f"exile/{e}": b for e, b in lay.exiles.items()}}
    x0, y0, x1, y1 = lay.map_box
    for place, box in boxes.items():
        assert x0 <= box[0] < box[2] <= x1 and y0 <= box[1] < box[3] <= y1, place
    # tiles keep a gap wide enough for the border lines and the battle ring (7 px outside a tile)
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        apart = max(bb[0] - ba[2], ba[0] - bb[2], bb[1] - ba[3], ba[1] - bb[3])
        assert apart >= 16, (a, b, apart)
    from render.core import font
    for sid, box in lay.shires.items():
        band = name_box(box)
        # the name fits its strip at a readable size, and the strip is clear of the symbols and the blocks
        assert font(22, True).getlength(shires[sid].name) <= band[2] - band[0] - 8, sid
        assert info_box(box)[1] >= band[3] and pieces_box(box)[1] >= info_box(box)[3], sid
        for label, (lx, ly) in lay.seas.items():
            w = font(30, True).getlength(data().board.sea_zones[label].name)
            assert lx + w / 2 < band[0] or lx - w / 2 > band[2] or ly + 20 < band[1] or ly - 20 > band[3], \
                (sid, label)
    # and the drawn public map has ink (the name) in every name strip
    image = draw(GAME, ENGINE.view(POSITIONS["crowded"], None), "map").convert("L")
    for sid, box in lay.shires.items():
        x0, y0, x1, y1 = name_box(box)
        strip = image.crop((x0 + 4, y0 + 4, x1 - 4, y1 - 4))
        histogram = strip.histogram()
        dark = sum(histogram[:90]) + sum(histogram[251:])
        assert dark > 40, sid


@pytest.mark.parametrize("name", ["crowded", "battle", "office_bid"])
def test_every_picture_fits_a_phone_and_the_size_limit(name):
    state = POSITIONS[name]
    for role in [None, *state["houses"]]:
        view = ENGINE.view(state, role)
        for picture in ("map", "board", "battle", "hand"):
            try:
                png = draw_png(GAME, view, picture)
            except NoPicture:
                assert picture == "battle" and not view["battle"] or picture == "hand" and role is None
                continue
            image = draw(GAME, view, picture)
            assert len(png) < 1_500_000 and image.width == 1200 and image.height <= 2400, (role, picture)


def test_a_spectator_has_no_house_picture():
    with pytest.raises(NoPicture):
        draw(GAME, ENGINE.view(POSITIONS["crowded"], None), "hand")


def test_the_public_map_draws_the_impulses_moves_and_battles():
    """Issue 17: a recorded move (an arrow with its count) and a recorded battle (a ring) change the public
    map; the record shows no block ids in public, so identity swaps leave it alone (test above)."""
    state = copy_state(POSITIONS["crowded"])
    state["impulse_record"] = []
    empty = _image(ENGINE.view(state, None), "map")
    state["impulse_record"] = [{"kind": "move", "house": "york", "from": "kent", "to": "sussex",
                                "blocks": ["norfolk"]}]
    moved = _image(ENGINE.view(state, None), "map")
    assert moved != empty
    state["impulse_record"].append({"kind": "battle", "shire": "sussex", "houses": ["york", "lancaster"],
                                    "winner": "york"})
    assert _image(ENGINE.view(state, None), "map") not in (empty, moved)

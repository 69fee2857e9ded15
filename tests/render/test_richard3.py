"""Richard III pictures: drawn only from views, public pictures blind to hidden facts, every picture kind
renders, and `herald render` writes them all."""

import argparse
import io
import random

import pytest
from PIL import Image

import render
from render.cli import play, render_command
from render.core import WIDTH
from rules.core import copy_state, get_engine

GAME = "richard3"


@pytest.fixture(scope="module")
def engine():
    return get_engine(GAME)


def _quiet_state(engine, seed=5, steps=60):
    """A position after some random play with no battle under way (all enemy blocks hidden)."""
    chooser = random.Random(seed)
    _, state, _ = play(GAME, None, seed, steps)
    while state.get("battle") is not None or state["step"] == "combat":
        role = chooser.choice(engine.active_roles(state))
        state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state
    return state


def _hidden_york_nobles(state):
    """York nobles (not heirs, not the Rebel) on the map, outside any battle, by area."""
    from rules.richard3.data import AREAS, BLOCKS
    out = []
    for bid, b in state["blocks"].items():
        info = BLOCKS[bid]
        if info["side"] == "york" and info["type"] in ("noble", "mercenary", "levy", "church") \
                and b["loc"] in AREAS:
            out.append(bid)
    return sorted(out)


def _york_pool(state):
    from rules.richard3.data import BLOCKS
    return sorted(bid for bid, b in state["blocks"].items()
                  if b["loc"] == "pool" and BLOCKS[bid]["side"] == "york" and BLOCKS[bid]["type"] != "rebel")


def _pngs(engine, state):
    return {role: render.draw_png(GAME, engine.view(state, role)) for role in (None, "york", "lancaster")}


def test_public_picture_blind_to_hidden_identities_and_strengths(engine):
    state = _quiet_state(engine)
    on_map = _hidden_york_nobles(state)
    pool = _york_pool(state)
    assert on_map and pool, "the position needs a York block on the map and one in the pool"
    other = copy_state(state)
    # same counts everywhere, different hidden facts: a pool block and a map block trade places, and a
    # block on the map loses a step
    a, p = on_map[0], pool[0]
    other["blocks"][a]["loc"], other["blocks"][p]["loc"] = state["blocks"][p]["loc"], state["blocks"][a]["loc"]
    weakened = next((b for b in on_map[1:] if other["blocks"][b]["str"] > 1), None)
    if weakened:
        other["blocks"][weakened]["str"] -= 1
    assert engine.view(state, None) == engine.view(other, None)
    before, after = _pngs(engine, state), _pngs(engine, other)
    assert before[None] == after[None]                 # public: the same bytes
    assert before["lancaster"] == after["lancaster"]   # the opponent knows no more than the public
    assert before["york"] != after["york"]             # the owner sees his own blocks change


def test_private_picture_shows_own_strength_change(engine):
    state = _quiet_state(engine, seed=9, steps=80)
    on_map = [b for b in _hidden_york_nobles(state) if state["blocks"][b]["str"] > 1]
    assert on_map
    other = copy_state(state)
    other["blocks"][on_map[0]]["str"] -= 1
    before, after = _pngs(engine, state), _pngs(engine, other)
    assert before[None] == after[None]
    assert before["lancaster"] == after["lancaster"]
    assert before["york"] != after["york"]


def test_no_picture_when_the_view_has_nothing(engine):
    state = _quiet_state(engine)
    with pytest.raises(render.NoPicture):
        render.draw(GAME, engine.view(state, None), "hand")       # a spectator has no hand
    with pytest.raises(render.NoPicture):
        render.draw(GAME, engine.view(state, "york"), "battle")   # no battle now


def test_every_picture_renders_through_a_game(engine):
    chooser = random.Random(3)
    _, state, _ = play(GAME, None, 3, 0)
    seen = set()
    for step in range(700):
        if engine.result(state) is not None:
            break
        role = chooser.choice(engine.active_roles(state))
        state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state
        if step % 35 == 0 or (state.get("battle") and "battle" not in seen):
            for viewer in (None, "york", "lancaster"):
                view = engine.view(state, viewer)
                for picture in render.pictures(GAME):
                    try:
                        data = render.draw_png(GAME, view, picture)
                    except render.NoPicture:
                        continue
                    seen.add(picture)
                    img = Image.open(io.BytesIO(data))
                    assert img.width == WIDTH and len(data) < 1_500_000
    assert seen == {"map", "battle", "hand"}


def test_render_command_writes_every_picture(tmp_path, capsys):
    args = argparse.Namespace(game=GAME, seed=2, steps=112, scenario=None, out=str(tmp_path))
    assert render_command(args) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert {"public.png", "york.png", "lancaster.png", "york-hand.png", "lancaster-hand.png"} <= set(names)
    printed = capsys.readouterr().out
    assert str(tmp_path / "public.png") in printed


def test_other_scenarios_draw(engine):
    for scenario in [s.id for s in engine.scenarios()]:
        _, state, _ = play(GAME, scenario, 1, 30)
        for role in (None, "york", "lancaster"):
            assert render.draw(GAME, engine.view(state, role)).width == WIDTH


def test_hand_shows_the_chosen_card_once(engine):
    chooser = random.Random(7)
    _, state, _ = play(GAME, None, 7, 0)
    for _ in range(200):
        view = engine.view(state, "york")
        if view["cards"]["my_card"]:
            break
        role = chooser.choice(engine.active_roles(state))
        state = engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state
    else:
        pytest.skip("York never chose a card first")
    from render.richard3.cards import draw_hand
    from render.richard3.model import read_view
    scene = read_view(view)
    assert scene.my_card is not None and scene.my_card.id in [c.id for c in scene.hand]
    img = draw_hand(scene)
    rows = (len(scene.hand) + 3) // 4  # the chosen card is not drawn a second time
    assert img.height < 96 + (rows + 1) * 312


def test_cached_static_layer_gives_the_same_pixels(engine):
    from render import core
    _, state, _ = play(GAME, None, 2, 112)
    view = engine.view(state, "york")
    core.CACHE.clear()
    first = render.draw_png(GAME, view)       # builds and stores the board
    second = render.draw_png(GAME, view)      # copies it
    assert core.CACHE.hits >= 1 and core.CACHE.misses == 1
    core.CACHE.enabled = False
    try:
        uncached = render.draw_png(GAME, view)
    finally:
        core.CACHE.enabled = True
    assert first == second == uncached

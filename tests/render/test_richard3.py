"""Richard III pictures: drawn only from views, public pictures blind to hidden facts, blocks inside their
own areas, arrows along the real routes, whose move always said, every picture kind renders within the
phone-sized frame, and `herald render` writes them all."""

import argparse
import io
import math
import random

import pytest
from PIL import Image

import render
from render.cli import play
from render.core import MAX_ASPECT, READ, WIDTH
from rules.core import copy_state, get_engine

GAME = "richard3"
SIDES = ("york", "lancaster")


@pytest.fixture(scope="module")
def engine():
    return get_engine(GAME)


def _step(engine, state, chooser):
    role = chooser.choice(engine.active_roles(state))
    return engine.apply(state, role, chooser.choice(engine.legal_actions(state, role)).id).state


def _quiet_state(engine, seed=5, steps=60):
    """A position after some random play with no battle under way (all enemy blocks hidden)."""
    chooser = random.Random(seed)
    _, state, _ = play(GAME, None, seed, steps)
    while state.get("battle") is not None or state["step"] == "combat":
        state = _step(engine, state, chooser)
    return state


def _positions(engine, seeds=(1, 2, 3, 4), every=45, limit=400, also=()):
    """Random positions along a few games: (seed, step, state), every ``every`` steps and at every step whose
    phase is in ``also`` (rare phases: one-answer questions are answered by the engine, so few are asked)."""
    out = []
    for seed in seeds:
        chooser = random.Random(seed)
        _, state, _ = play(GAME, None, seed, 0)
        for step in range(limit):
            if engine.result(state) is not None:
                break
            state = _step(engine, state, chooser)
            if step % every == every - 1 or state["step"] in also:
                out.append((seed, step, state))
    return out


def _hidden_nobles(state, side):
    """``side``'s nobles, church blocks, levies and mercenaries on the map outside any battle."""
    from rules.richard3.data import AREAS, BLOCKS
    battle = (state.get("battle") or {}).get("area")
    return sorted(bid for bid, b in state["blocks"].items()
                  if BLOCKS[bid]["side"] == side and BLOCKS[bid]["type"] in ("noble", "mercenary", "levy", "church")
                  and b["loc"] in AREAS and b["loc"] != battle)


def _pool(state, side):
    from rules.richard3.data import BLOCKS
    return sorted(bid for bid, b in state["blocks"].items()
                  if b["loc"] == "pool" and BLOCKS[bid]["side"] == side and BLOCKS[bid]["type"] != "rebel")


def _pngs(engine, state, picture="map"):
    out = {}
    for role in (None,) + SIDES:
        try:
            out[role] = render.draw_png(GAME, engine.view(state, role), picture)
        except render.NoPicture:
            out[role] = None
    return out


# ---- fog of war -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,steps", [(5, 60), (9, 80), (13, 140)])
@pytest.mark.parametrize("side", SIDES)
def test_hidden_blocks_change_only_their_owners_picture(engine, seed, steps, side):
    """Swapping which block stands where (a map block with a pool block) and a block's strength: the public
    picture keeps its bytes, the opponent's too, the owner's changes."""
    state = _quiet_state(engine, seed, steps)
    on_map, pool = _hidden_nobles(state, side), _pool(state, side)
    if not on_map or not pool:
        pytest.skip("the position needs a hidden block on the map and one in the pool")
    other = copy_state(state)
    a, p = on_map[0], pool[0]
    other["blocks"][a]["loc"], other["blocks"][p]["loc"] = state["blocks"][p]["loc"], state["blocks"][a]["loc"]
    weakened = next((b for b in on_map[1:] if other["blocks"][b]["str"] > 1), None)
    if weakened:
        other["blocks"][weakened]["str"] -= 1
    assert engine.view(state, None) == engine.view(other, None)
    before, after = _pngs(engine, state), _pngs(engine, other)
    enemy = "lancaster" if side == "york" else "york"
    assert before[None] == after[None]
    assert before[enemy] == after[enemy]
    assert before[side] != after[side]


@pytest.mark.parametrize("side", SIDES)
def test_hand_cards_change_only_their_owners_hand(engine, side):
    from rules.richard3.data import CARD_IDS
    state = _quiet_state(engine, 7, 50)
    used = set(state["hands"]["york"]) | set(state["hands"]["lancaster"]) | set(state["discards"]) | \
        {c for c in state["played"].values() if c}
    spare = next(c for c in CARD_IDS if c not in used)
    other = copy_state(state)
    other["hands"][side][0] = spare
    assert engine.view(state, None) == engine.view(other, None)
    enemy = "lancaster" if side == "york" else "york"
    maps_before, maps_after = _pngs(engine, state), _pngs(engine, other)
    assert maps_before[None] == maps_after[None] and maps_before[enemy] == maps_after[enemy]
    hands_before, hands_after = _pngs(engine, state, "hand"), _pngs(engine, other, "hand")
    assert hands_before[enemy] == hands_after[enemy]
    assert hands_before[side] != hands_after[side]


@pytest.mark.parametrize("side", SIDES)
def test_face_down_card_changes_only_its_owners_pictures(engine, side):
    """A card chosen face down and not yet revealed: which one it is shows on its owner's map and hand
    only."""
    chooser = random.Random(21)
    _, state, _ = play(GAME, None, 21, 0)
    for _ in range(600):
        played = state["played"][side]
        if state["step"] == "card" and played and not state.get("revealed") and len(state["hands"][side]) > 1:
            break
        state = _step(engine, state, chooser)
    else:
        pytest.skip(f"{side} never chose a card first")
    swap = next(c for c in state["hands"][side] if c != state["played"][side])
    other = copy_state(state)
    other["played"][side] = swap
    assert engine.view(state, None) == engine.view(other, None)
    enemy = "lancaster" if side == "york" else "york"
    before, after = _pngs(engine, state), _pngs(engine, other)
    assert before[None] == after[None] and before[enemy] == after[enemy]
    assert before[side] != after[side]
    assert _pngs(engine, state, "hand")[side] != _pngs(engine, other, "hand")[side]


# ---- blocks stay in their areas -------------------------------------------------------------------
def test_every_block_is_drawn_inside_its_area_or_tied_to_it(engine):
    """Over many random positions and every viewer: each block is drawn inside its own area (every one
    of a 5 x 5 grid of points over it lies in that area), or beside it with a leader line that ends
    inside the area."""
    from render.richard3.geometry import geometry
    from render.richard3.mapview import plan_blocks
    from render.richard3.model import read_view
    geo = geometry()
    draws = outside = leaders = 0
    bad = []
    for seed, step, state in _positions(engine, seeds=(1, 2, 3, 4, 6), every=30, limit=450):
        for role in (None,) + SIDES:
            plan = plan_blocks(read_view(engine.view(state, role)))
            for p in plan.blocks:
                draws += 1
                if p.leader:
                    leaders += 1
                    if geo.area_at(p.leader[1]) != p.area:
                        bad.append((seed, step, role, p.area, "leader"))
                    continue
                w, h = p.size
                pts = [(p.x + w * i / 4, p.y + h * j / 4) for i in range(5) for j in range(5)]
                if any(geo.area_at(q) != p.area for q in pts):
                    outside += 1
                    bad.append((seed, step, role, p.area, (round(p.x), round(p.y), p.size)))
    assert draws > 1000
    assert not bad, f"{len(bad)} of {draws} block draws outside their area: {bad[:8]}"
    assert leaders <= draws * 0.03


def test_blocks_and_labels_do_not_cover_the_board_markers(engine):
    """No block covers an area's name or symbols, a border's limit badge or a sea badge."""
    from render.richard3.geometry import geometry, overlap
    from render.richard3.mapview import plan_blocks
    from render.richard3.model import read_view
    geo = geometry()
    for seed, step, state in _positions(engine, seeds=(1, 3), every=60, limit=400):
        for role in (None, "york"):
            plan = plan_blocks(read_view(engine.view(state, role)))
            labels = [r for spot in plan.labels.values() for r in spot.rects]
            for p in plan.blocks:
                rect = (p.x, p.y, p.x + p.size[0], p.y + p.size[1])
                assert not any(overlap(rect, o) > 0 for o in geo.static_obstacles), (seed, step, p.area)
                assert not any(overlap(rect, r) > 0 for r in labels), (seed, step, p.area)


# ---- board ------------------------------------------------------------------------------------------
def test_board_geometry_matches_the_data(engine):
    """Coastal areas touch exactly their seas; every border is a shared edge long enough for its badge;
    areas without a border barely touch; France lies south across the Channel, apart from Ireland."""
    from render.richard3.geometry import MAP_BOTTOM, MAP_TOP, SEA_ORDER, geometry
    geo = geometry()
    px, zx = geo._px, geo._zx
    seas, touch = {}, {}
    for y in range(MAP_TOP + 1, MAP_BOTTOM - 4, 2):
        for x in range(1, WIDTH - 4, 2):
            v = px[x, y]
            if not v:
                continue
            for dx, dy in ((3, 0), (0, 3), (-3, 0), (0, -3)):
                if not (0 <= x + dx < WIDTH and MAP_TOP <= y + dy < MAP_BOTTOM):
                    continue
                w = px[x + dx, y + dy]
                if w == 0:
                    seas.setdefault(geo.by_index[v], set()).add(SEA_ORDER[zx[x + dx, y + dy] - 1])
                elif w != v:
                    key = frozenset((geo.by_index[v], geo.by_index[w]))
                    touch[key] = touch.get(key, 0) + 1
    for a in geo.areas.values():
        assert seas.get(a.id, set()) == set(a.seas), a.id
        assert set(a.sea_badges) == set(a.seas), a.id
        for s, p in a.sea_badges.items():
            assert geo.sea_at(p) == s, (a.id, s)
    borders = {frozenset((b.a, b.b)) for b in geo.borders}
    for b in geo.borders:
        assert math.dist(*b.edge) >= 40, (b.a, b.b)
        assert frozenset((b.a, b.b)) in touch, (b.a, b.b)
    for pair, n in touch.items():
        if pair not in borders:
            assert n <= 60, sorted(pair)   # a corner, not a side (measured in 2 px samples)
    france, ireland = geo.areas["france"], geo.areas["ireland"]
    cornwall = geo.areas["cornwall"]
    assert france.seed[1] > cornwall.seed[1] and france.bbox[1] > ireland.bbox[3] + 400
    assert geo.areas["calais"].bbox[2] <= WIDTH and geo.areas["calais"].bbox[3] <= MAP_BOTTOM


def test_label_text_is_large_enough():
    """Area names at 28 px or more, towns and symbols' words at READ px or more (phone legibility)."""
    from render.richard3.geometry import geometry
    for a in geometry().areas.values():
        for spot in a.labels:
            sizes = [it.size for it in spot.items if it.kind == "text"]
            assert sizes and min(sizes) >= READ - 4 and max(sizes) >= 28, a.id


# ---- moves ------------------------------------------------------------------------------------------
def test_move_arrows_follow_their_route(engine):
    """Every move of a turn gets an arrow: it starts in the area left and ends in the area entered; a
    land move passes only through its own areas (never over another area's name); a sea move runs on
    the water of its sea."""
    from render.richard3.geometry import geometry
    from render.richard3.mapview import _move_path, plan_blocks
    from render.richard3.model import read_view
    geo = geometry()
    seen = {"land": 0, "sea": 0}
    for seed, step, state in _positions(engine, seeds=(1, 2, 3, 5, 8), every=20, limit=450):
        scene = read_view(engine.view(state, None))
        plan = plan_blocks(scene)
        for m in scene.moves:
            if m.kind == "recruit" or m.frm == m.to or m.frm not in geo.areas or m.to not in geo.areas:
                continue
            pts, style = _move_path(geo, m, list(plan.obstacles))
            assert len(pts) >= 2, m
            assert geo.area_at(pts[0]) == m.frm, (m, pts[0])
            assert geo.area_at(pts[-1]) == m.to, (m, pts[-1])
            if style == "sea":
                seen["sea"] += 1
                sea = m.via[0]
                inner = pts[1:-1]
                for p, q in zip(inner, inner[1:]):
                    for k in range(1, 8):
                        t = k / 8
                        r = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                        assert geo.area_at(r) is None and geo.sea_at(r) in (sea, None), (m, r)
            else:
                seen["land"] += 1
                chain = {m.frm, m.to, *m.via}
                for p, q in zip(pts, pts[1:]):
                    for k in range(0, 9):
                        t = k / 8
                        r = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                        assert geo.area_at(r) in chain | {None}, (m, r, geo.area_at(r))
    assert seen["land"] > 20 and seen["sea"] > 3


# ---- title, tracks, texts ---------------------------------------------------------------------------
def test_whose_move_is_always_said(engine):
    """In every phase the title strip names the side(s) the game waits for."""
    from render.richard3.model import read_view
    phases = set()
    for seed, step, state in _positions(engine, seeds=(1, 2, 3), every=9, limit=500, also=("supply",)):
        view = engine.view(state, "york")
        scene = read_view(view)
        phases.add(view["step"])
        if view["result"]:
            assert scene.result
            continue
        who = view["waiting"] or view["active"]
        assert who and scene.whose
        for role in who:
            assert {"york": "York", "lancaster": "Lancaster"}[role] in scene.whose, (view["step"], scene.whose)
    assert {"card", "action", "supply"} <= phases


def test_campaign_track_shows_the_scenarios_campaigns(engine):
    from render.richard3.model import read_view
    for scenario, first in (("1460", 1), ("1470", 2), ("1483", 3)):
        _, state, _ = play(GAME, scenario, 1, 5)
        view = engine.view(state, None)
        scene = read_view(view)
        assert scene.campaigns == (first, view["last_campaign"]) and view["first_campaign"] == first


def test_pretender_and_king_are_named_by_title(engine):
    from render.richard3.model import read_view
    _, state, _ = play(GAME, "1460", 1, 3)
    scene = read_view(engine.view(state, None))
    assert scene.pretender.title == "Duke of York" and scene.king.title == "King Henry VI"


# ---- every picture ----------------------------------------------------------------------------------
def test_no_picture_when_the_view_has_nothing(engine):
    state = _quiet_state(engine)
    with pytest.raises(render.NoPicture):
        render.draw(GAME, engine.view(state, None), "hand")       # a spectator has no hand
    with pytest.raises(render.NoPicture):
        render.draw(GAME, engine.view(state, "york"), "battle")   # no battle now


def test_every_picture_renders_within_the_phone_frame(engine):
    chooser = random.Random(3)
    _, state, _ = play(GAME, None, 3, 0)
    seen = set()
    departed = False
    for step in range(900):
        if engine.result(state) is not None:
            break
        state = _step(engine, state, chooser)
        battle = state.get("battle")
        if step % 40 == 0 or (battle and (battle.get("out") and not departed or "battle" not in seen)):
            departed = departed or bool(battle and battle.get("out"))
            for viewer in (None,) + SIDES:
                view = engine.view(state, viewer)
                for picture in render.pictures(GAME):
                    try:
                        data = render.draw_png(GAME, view, picture)
                    except render.NoPicture:
                        continue
                    seen.add(picture)
                    img = Image.open(io.BytesIO(data))
                    assert img.width == WIDTH and len(data) < 1_500_000
                    if picture == "map":
                        assert img.height <= MAX_ASPECT * WIDTH + 60, img.height
    assert seen == {"map", "battle", "hand"}


def test_battle_picture_shows_departed_blocks_and_current_fire(engine):
    from render.richard3.model import read_view
    chooser = random.Random(2)
    _, state, _ = play(GAME, None, 2, 0)
    for _ in range(700):
        battle = state.get("battle")
        if battle and battle.get("out"):
            break
        state = _step(engine, state, chooser)
    else:
        pytest.skip("no block left a battle")
    view = engine.view(state, None)
    scene = read_view(view)
    gone = [d for s in scene.battle.sides.values() for d in s.gone]
    assert len(gone) == len(view["battle"]["out"]) and all(d.fate for d in gone)
    fire = {e["id"]: e["fire_now"] for s in view["battle"]["blocks"].values() for e in s}
    faces = [b for s in scene.battle.sides.values() for b in s.blocks + s.reserves]
    assert all(b.fire_now == fire[b.id] for b in faces)
    assert render.draw(GAME, view, "battle").width == WIDTH


def test_render_command_writes_every_picture(tmp_path, capsys):
    from render.cli import render_command
    args = argparse.Namespace(game=GAME, seed=2, steps=60, scenario=None, out=str(tmp_path))
    assert render_command(args) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert {"public.png", "york.png", "lancaster.png", "york-hand.png", "lancaster-hand.png"} <= set(names)
    printed = capsys.readouterr().out
    assert str(tmp_path / "public.png") in printed


def test_other_scenarios_draw(engine):
    for scenario in [s.id for s in engine.scenarios()]:
        _, state, _ = play(GAME, scenario, 1, 30)
        for role in (None,) + SIDES:
            assert render.draw(GAME, engine.view(state, role)).width == WIDTH


def test_hand_shows_the_chosen_card_once(engine):
    chooser = random.Random(7)
    _, state, _ = play(GAME, None, 7, 0)
    for _ in range(200):
        view = engine.view(state, "york")
        if view["cards"]["my_card"]:
            break
        state = _step(engine, state, chooser)
    else:
        pytest.skip("York never chose a card first")
    from render.richard3.cards import draw_hand
    from render.richard3.model import read_view
    scene = read_view(view)
    assert scene.my_card is not None and scene.my_card.id in [c.id for c in scene.hand]
    one = draw_hand(scene)
    scene.my_card = None
    assert draw_hand(scene).height == one.height   # the chosen card is not drawn a second time


def test_static_layer_is_cached_once_for_every_scenario(engine, monkeypatch, tmp_path):
    """The board layer is drawn once and copied for every scenario's map. Counted at its builder: the
    cache's hit total also depends on drawing caches warmed by earlier tests, and a view drawn again is
    now served whole from the PNG cache. An empty disk cache: as the first process ever."""
    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path))
    from render import core
    from render.kit.cache import PICTURES
    from render.richard3 import mapview
    builds = []
    real = mapview.draw_static
    monkeypatch.setattr(mapview, "draw_static", lambda *a: builds.append(a) or real(*a))
    core.CACHE.clear()
    PICTURES.clear()   # a finished PNG of these views drawn by an earlier test would skip the layers
    pngs = []
    for scenario in ("1460", "1470"):
        _, state, _ = play(GAME, scenario, 2, 40)
        view = engine.view(state, "york")
        pngs.append(render.draw_png(GAME, view))
        render.draw_png(GAME, view)
    keys = [k for k in core.CACHE._items if k[1] == "board"]
    assert len(keys) == 1 and len(builds) == 1 and core.CACHE.hits >= 1
    core.CACHE.enabled = PICTURES.enabled = False   # drawn afresh, not copied from either cache
    try:
        uncached = render.draw_png(GAME, view)
    finally:
        core.CACHE.enabled = PICTURES.enabled = True
    assert uncached == pngs[-1]

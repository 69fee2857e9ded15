"""Richard III maps a phone can read: in a crowded area every block of the viewer's own shows its strength
in a digit readable at phone width (its name is on the hand picture),
no area's name is covered by a block or a mark, public pictures stay blind to hidden facts, sea arrows
end inside their destination, and the legend shows each side's arrows as the map draws them. Checked
from the drawing's own layout (``draw_map_layout``), not by eye."""

from __future__ import annotations

import pytest

import render
from render.richard3.geometry import geometry, overlap
from render.richard3.mapview import _move_path, _public_legend, draw_map_layout
from render.richard3.model import Move, read_view
from rules.core import copy_state
from tests.richard3.helpers import ENGINE, bare, start_battle

YORK6 = ["y-york", "y-march", "y-warwick", "y-salisbury", "y-norfolk", "y-london-levy"]
LANC = ["l-somerset", "l-exeter", "l-henry-vi"]
ELSEWHERE = {"y-kent": "essex", "l-oxford": "oxford", "l-devon": "wilts", "l-pembroke": "wilts",
             "y-herbert": "warwick", "l-buckingham": "warwick"}


def _crowd(battle_in_middlesex: bool):
    """Six York blocks in Middlesex and a battle: there (three Lancaster blocks attack... defend) or in Kent."""
    placements = {b: "middlesex" for b in YORK6}
    enemy_area = "middlesex" if battle_in_middlesex else "kent"
    placements.update({b: enemy_area for b in LANC})
    placements.update(ELSEWHERE)
    if not battle_in_middlesex:
        placements["y-hastings"] = "kent"
    state = bare(placements, king_side="lancaster")
    if battle_in_middlesex:
        return start_battle(state, "middlesex", "york", {b: "essex|middlesex" for b in YORK6}, main="essex|middlesex")
    return start_battle(state, "kent", "york", {"y-hastings": "kent|sussex"}, main="kent|sussex")


def _covered(plan, area):
    """What covers ``area``'s name on the drawing: blocks and marks whose rect overlaps a row of it."""
    label = plan.labels[area].rects
    things = [("block " + (p.face.id or p.face.side), (p.x, p.y, p.x + p.size[0], p.y + p.size[1]))
              for p in plan.blocks] + list(plan.marks)
    return [kind for kind, rect in things for row in label if overlap(rect, row) > 0]


@pytest.mark.parametrize("battle_in_middlesex", [True, False])
@pytest.mark.parametrize("role", ["york", None, "lancaster"])
def test_a_crowded_area_keeps_its_own_blocks_strengths_and_its_name(role, battle_in_middlesex):
    state = _crowd(battle_in_middlesex)
    _, plan = draw_map_layout(read_view(ENGINE.view(state, role)))
    shown = dict(plan.names)          # block id -> the size in px of the strength digit drawn on it
    if role == "york":
        for bid in YORK6:
            assert shown.get(bid, 0) >= 24, f"{bid} is drawn without a readable strength ({shown.get(bid)})"
    for p in plan.blocks:
        if p.face.known:   # a known block is never drawn too small for its digit (24 px: 8 px on a phone)
            assert min(p.size) >= 36 and shown[p.face.id] >= 24
    for area in ("middlesex", "kent", "essex", "oxford", "sussex"):
        assert _covered(plan, area) == [], f"{area}'s name is covered"


def test_no_area_name_is_covered_in_random_positions():
    import random
    from render.cli import play
    bad = []
    for seed in (1, 2):
        chooser = random.Random(seed)
        _, state, _ = play("richard3", None, seed, 0)
        for step in range(240):
            if ENGINE.result(state) is not None:
                break
            role = chooser.choice(ENGINE.active_roles(state))
            state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
            if step % 60 == 59:
                for viewer in (None, "york"):
                    _, plan = draw_map_layout(read_view(ENGINE.view(state, viewer)))
                    bad += [(seed, step, viewer, a, c) for a in plan.labels for c in _covered(plan, a)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("side", ["york", "lancaster"])
def test_crowded_pictures_are_blind_to_hidden_facts(side):
    """The crowd without a battle there: swapping a hidden block of ``side`` with one of its pool blocks
    and weakening another changes only ``side``'s own picture."""
    state = _crowd(battle_in_middlesex=False)
    mine = [b for b in (YORK6 if side == "york" else ["l-oxford", "l-devon", "l-pembroke"])]
    pool = sorted(b for b, x in state["blocks"].items() if x["loc"] == "pool" and b.startswith(side[0] + "-")
                  and "mercenary" not in b and "bombard" not in b and "levy" not in b and "church" not in b)
    other = copy_state(state)
    a, p = mine[1], pool[0]
    other["blocks"][a]["loc"], other["blocks"][p]["loc"] = state["blocks"][p]["loc"], state["blocks"][a]["loc"]
    if other["blocks"][mine[2]]["str"] > 1:
        other["blocks"][mine[2]]["str"] -= 1
    enemy = "lancaster" if side == "york" else "york"
    assert ENGINE.view(state, None) == ENGINE.view(other, None)
    for role in (None, enemy):
        assert render.draw_png("richard3", ENGINE.view(state, role)) == render.draw_png("richard3", ENGINE.view(other, role))
    assert render.draw_png("richard3", ENGINE.view(state, side)) != render.draw_png("richard3", ENGINE.view(other, side))


def test_a_sea_move_ends_inside_its_destination():
    geo = geometry()
    for frm, to, sea in (("east-anglia", "kent", "north-sea"), ("cornwall", "pembroke", "irish-sea"),
                         ("kent", "dorset", "english-channel")):
        pts, style = _move_path(geo, Move(frm, to, "york", kind="sea", via=[sea]), list(geo.static_obstacles))
        assert style == "sea" and geo.area_at(pts[-1]) == to, (frm, to, pts[-1])


def test_the_legend_shows_each_sides_land_and_sea_arrows():
    labels = [item.text for item in _public_legend()[0]]
    for text in ("York moved by land", "York moved by sea", "Lanc. moved by land", "Lanc. moved by sea"):
        assert text in labels

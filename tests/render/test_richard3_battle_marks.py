"""The Richard III battle picture: a block that left the battle shows the strength its owner knows (no
empty marks), the public picture is blind to it; hit and "fired" pills never reach a neighbour's."""

from __future__ import annotations

import render
from render.richard3.battle import BIG, GAP, _hits_text, _mark_rows, _pill_width
from render.richard3.pieces import BlockFace
from rules.core import copy_state
from tests.richard3.helpers import ENGINE, bare, start_battle


def _retreated(strength: int):
    state = bare({"y-warwick": "kent", "y-kent": "kent", "l-somerset": "kent", "l-exeter": "kent"})
    state = start_battle(state, "kent", "york", {"y-warwick": "kent|sussex", "y-kent": "kent|sussex"},
                         main="kent|sussex")
    state = copy_state(state)
    state["blocks"]["y-kent"].update(loc="sussex", str=strength)
    state["battle"]["out"].append({"id": "y-kent", "side": "york", "fate": "retreated", "to": "sussex",
                                   "hits_taken": 0, "round": 1})
    return state


def test_a_departed_block_shows_its_owners_strength_and_the_public_not():
    full, weak = _retreated(3), _retreated(2)
    out = ENGINE.view(full, "york")["battle"]["out"][0]
    assert out["strength"] == 3
    assert "strength" not in ENGINE.view(full, None)["battle"]["out"][0]
    assert "strength" not in ENGINE.view(full, "lancaster")["battle"]["out"][0]
    for role in (None, "lancaster"):
        assert render.draw_png("richard3", ENGINE.view(full, role), "battle") == \
            render.draw_png("richard3", ENGINE.view(weak, role), "battle")
    assert render.draw_png("richard3", ENGINE.view(full, "york"), "battle") != \
        render.draw_png("richard3", ENGINE.view(weak, "york"), "battle")
    from render.richard3.model import read_view
    gone = read_view(ENGINE.view(full, "york")).battle.sides["york"].gone[0]
    assert gone.face.strength == 3 and gone.face.max == 3
    public = read_view(ENGINE.view(full, None)).battle.sides["york"].gone[0]
    assert public.face.max is None   # no strength marks at all rather than empty ones


def test_hit_and_fired_pills_stay_within_the_block_width():
    for hits in (1, 2, 3):
        b = BlockFace("york", name="Warwick", hits=hits, acted=True)
        if _mark_rows(b, BIG) == 1:
            assert _pill_width(_hits_text(b)) + 6 + _pill_width("fired") <= BIG
        else:
            assert max(_pill_width(_hits_text(b)), _pill_width("fired")) <= BIG + GAP

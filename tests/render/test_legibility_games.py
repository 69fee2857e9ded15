"""Issue 27 acceptance: every game's pictures read on a phone (render/kit/legibility.py).

For each game, 50 positions of random play (the fuzzer's driver, fixed seeds): at each, every picture kind
the game has is drawn from one viewer's view (the viewers and a kind's parameter choices taken in turn, so
that every viewer and every region or power comes up), and the legibility rule must find nothing.
"""

from __future__ import annotations

import itertools

import pytest

import render
from render.kit.legibility import findings
from rules.core import get_engine
from rules.core.driver import DeadEnd, random_moves, setup_args

POSITIONS = 50
GAMES = 5                 # random games per game; 10 positions from each
STEPS = (0, 4, 12, 30, 60, 100, 160, 240, 330, 450)


def positions(game: str):
    """(engine, state) at STEPS of GAMES seeded random games (fewer steps when a game ends first)."""
    engine = get_engine(game)
    out = []
    for seed in range(1, GAMES + 1):
        args = setup_args(engine, engine.scenarios()[(seed - 1) % len(engine.scenarios())].id, seed)
        state = engine.setup(args)
        wanted = iter(STEPS)
        target = next(wanted)
        step = 0
        if target == 0:
            out.append(state)
            target = next(wanted, None)
        try:
            for _, _, outcome in random_moves(engine, args, STEPS[-1], state):
                state, step = outcome.state, step + 1
                if step == target:
                    out.append(state)
                    target = next(wanted, None)
                    if target is None:
                        break
        except DeadEnd:
            pass
        while len(out) < seed * len(STEPS):        # the game ended: its last position again
            out.append(state)
    return engine, out[:POSITIONS]


def pictures_at(game: str, engine, state, turn: int):
    """(viewer, kind, params) to draw at one position: every kind, the viewer and choices in turn."""
    viewers = [None] + [r for seat in state.get("seats", []) for r in seat]
    for k, kind in enumerate(render.manifest(game)):
        viewer = viewers[(turn + k) % len(viewers)]
        if kind.private and viewer is None:
            viewer = viewers[1 + turn % (len(viewers) - 1)]
        params = {}
        for p in kind.params:
            if p.choices:
                params[p.id] = p.choices[turn % len(p.choices)]
        yield viewer, kind.id, params


@pytest.mark.parametrize("game", ["hereistand", "crownofroses", "oldkingscrown", "richard3"])
def test_every_picture_reads_on_a_phone(game):
    engine, states = positions(game)
    assert len(states) == POSITIONS
    found, drawn = [], 0
    for turn, state in enumerate(states):
        for viewer, picture, params in pictures_at(game, engine, state, turn):
            try:
                _, lay = render.draw_layout(game, engine.view(state, viewer), picture, params)
            except render.NoPicture:
                continue
            drawn += 1
            found += [f"{picture} {params or ''} for {viewer or 'public'} at position {turn}: {f}"
                      for f in findings(lay)]
    kinds = {k.id for k in render.manifest(game)}
    assert drawn >= POSITIONS and kinds
    assert not found, f"{len(found)} findings, e.g.:\n" + "\n".join(itertools.islice(found, 30))

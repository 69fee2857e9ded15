"""`python -m render.palettes [GAME ...]`: build each game's fixed palette (``render/<game>/palette.json``,
render/kit/palette.py) from its own pictures: every picture kind (every parameter choice), from the public
view and every role's, at a few positions of random play (the fuzzer's driver) in every scenario at its
smallest and largest table. Run it again when a game's colours change (a test checks every colour a
picture uses is close to the palette's: tests/render/test_palette.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from rules.core import get_engine
from rules.core.driver import DeadEnd, random_moves, setup_args

from .api import NoPicture, draw, manifest, palette_path
from .cli import _every_choice
from .kit.palette import ColourCount, build, write

STEPS = (0, 60, 400)   # the opening, a first turn's moves, a crowded later position


def positions(game: str):
    """States to draw: every scenario at its smallest and largest table, at each of ``STEPS``, and where
    each picture the manifest ``shows`` for something under way (a battle) is first needed, so that its
    colours (and the map's marks of it: a battle's ring) are in the palette too."""
    engine = get_engine(game)
    waiting = [kind for kind in manifest(game) if kind.shows]
    for scenario in engine.scenarios():
        for players in sorted({scenario.min_players, scenario.max_players}):
            args = setup_args(engine, scenario.id, 1, players)
            state, played = engine.setup(args), 0
            wanted, unseen = list(STEPS), list(waiting)
            if wanted[0] == 0:
                yield engine, state
                wanted.pop(0)
            try:
                for _, _, outcome in random_moves(engine, args, STEPS[-1], state):
                    state, played = outcome.state, played + 1
                    due = bool(wanted) and played == wanted[0]
                    if due:
                        wanted.pop(0)
                    if unseen:
                        public = engine.view(state, None)
                        shown = [kind for kind in unseen if kind.needed_by(public)]
                        unseen = [kind for kind in unseen if kind not in shown]
                        due = due or bool(shown)
                    if due:
                        yield engine, state
            except DeadEnd:
                pass


def colours(game: str) -> ColourCount:
    counts = ColourCount()
    kinds = manifest(game)
    for engine, state in positions(game):
        roles = [r for seat in state.get("seats", []) for r in seat]
        for role in [None, *roles]:
            view = engine.view(state, role)
            for kind in kinds:
                if role is not None and not kind.private and kind is not kinds[0]:
                    continue   # a role's private map and its private pictures; the rest are the public ones
                for _, params in _every_choice(kind):
                    try:
                        counts.add(draw(game, view, kind.id, params or None))
                    except NoPicture:
                        continue
    return counts


def main(argv: list[str]) -> int:
    from rules.core.registry import game_ids
    games = argv or [g for g in game_ids() if palette_path(g).parent.exists()]
    for game in games:
        counts = colours(game)
        path = palette_path(game)
        write(path, build(counts), f"Built by `python -m render.palettes {game}` from {counts.pictures} "
                                   "pictures; the flat colours first.")
        print(f"{path}: {counts.pictures} pictures, {len(counts.pixels)} colours")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

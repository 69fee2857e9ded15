"""`python -m render.palettes [GAME ...]`: build each game's fixed palette (``render/<game>/palette.json``,
render/kit/palette.py) from the colours its renderer declares and its own pictures: every picture kind
(every parameter choice), from the public view and every role's, at a few positions of random play (the
fuzzer's driver) in every scenario at its smallest and largest table, and where a picture for something
under way is first needed. Run it again when a game's colours change (tests/render/test_palette.py checks
that every declared colour is in the palette and every flat colour of other positions' pictures is close).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

from rules.core import get_engine
from rules.core.driver import DeadEnd, random_moves, setup_args

from .api import NoPicture, draw, manifest, palette_path
from .cli import _every_choice
from .kit import style as kit_style
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


def declared(game: str) -> set[tuple[int, int, int]]:
    """The colours the game's renderer and the kit name as constants (an RGB triple, alone or as a value
    of a table): exact in the palette even when no sampled picture shows them (an unrest marker)."""
    found: set[tuple[int, int, int]] = set()
    package = importlib.import_module(f"render.{game}")
    modules = [importlib.import_module(f"render.{game}.{m.name}") for m in pkgutil.iter_modules(package.__path__)]
    for module in [*modules, kit_style]:
        for name, value in vars(module).items():
            if not name.isupper():
                continue
            for v in (value.values() if isinstance(value, dict) else [value]):
                if isinstance(v, tuple) and len(v) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in v):
                    found.add(v)
    return found


def main(argv: list[str]) -> int:
    from rules.core.registry import game_ids
    games = argv or [g for g in game_ids() if palette_path(g).parent.exists()]
    for game in games:
        counts = colours(game)
        path = palette_path(game)
        write(path, build(counts, declared=declared(game)),
              f"Built by `python -m render.palettes {game}` from the colours its renderer declares and "
              f"{counts.pictures} pictures; the exact colours first.")
        print(f"{path}: {counts.pictures} pictures, {len(counts.pixels)} colours")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""`herald render GAME --seed S --steps K --out DIR [--scenario X] [--players P]`.

Plays K random legal steps (with the fuzzer's driver, rules/core/driver.py), then writes ``public.png``
(the spectator's map), every other public picture (one per parameter choice: each region of a large map),
and, for every role, that role's map plus every other picture its view holds now (battle, hand), and prints
the paths.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from rules.core import get_engine
from rules.core.driver import DeadEnd, random_moves, setup_args

from .api import NoPicture, draw_png, manifest, pictures


def play(game: str, scenario: str | None, seed: int, steps: int,
         players: int | None = None) -> tuple[Any, dict, int]:
    """(engine, state, steps actually played) after up to ``steps`` random legal actions, chosen by the
    driver `herald fuzz` uses (rules/core/driver.py)."""
    engine = get_engine(game)
    scenario = scenario or engine.scenarios()[0].id
    args = setup_args(engine, scenario, seed, players)
    state = engine.setup(args)
    played = 0
    try:
        for _, _, outcome in random_moves(engine, args, steps, state):
            state = outcome.state
            played += 1
    except DeadEnd:
        pass
    return engine, state, played


def _every_choice(kind) -> list[tuple[str, dict]]:
    """(file-name suffix, params) for every combination of the kind's parameter choices (one region
    picture per region); a kind without choices gives one plain picture."""
    combos: list[tuple[str, dict]] = [("", {})]
    for param in kind.params:
        if param.choices:
            combos = [(f"{suffix}-{choice}", {**params, param.id: choice})
                      for suffix, params in combos for choice in param.choices]
    return combos


def write_pictures(game: str, engine: Any, state: dict, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    kinds = pictures(game)
    public = engine.view(state, None)
    path = out / "public.png"
    path.write_bytes(draw_png(game, public, "map"))
    written.append(path)
    for kind in manifest(game)[1:]:
        for suffix, params in _every_choice(kind):
            try:
                data = draw_png(game, public, kind.id, params)
            except NoPicture:
                continue
            path = out / f"public-{kind.id}{suffix}.png"
            path.write_bytes(data)
            written.append(path)
    roles = [r for seat in state.get("seats", []) for r in seat]
    for role in roles:
        view = engine.view(state, role)
        for picture in kinds:
            try:
                data = draw_png(game, view, picture)
            except NoPicture:
                continue
            path = out / (f"{role}.png" if picture == "map" else f"{role}-{picture}.png")
            path.write_bytes(data)
            written.append(path)
    return written


def render_command(args) -> int:
    started = time.perf_counter()
    try:
        engine, state, played = play(args.game, args.scenario, args.seed, args.steps,
                                     getattr(args, "players", None))
    except Exception as exc:  # report, do not dump a traceback on the user
        print(f"could not play {args.game}: {exc}", file=sys.stderr)
        return 1
    summary = engine.summary(state)
    written = write_pictures(args.game, engine, state, Path(args.out))
    print(f"{args.game}: {played} random steps (seed {args.seed}) -> {summary.turn_label}, {summary.phase}")
    for path in written:
        print(path)
    print(f"{len(written)} pictures in {time.perf_counter() - started:.2f}s")
    return 0

"""`herald render GAME --seed S --steps K --out DIR [--scenario X]`.

Plays K random legal steps (the fuzzer's pattern: ``random.Random(seed)`` picks an active role, then one
of its legal actions), then writes ``public.png`` (the spectator's map) and, for every role, that role's
map plus every other picture its view holds now (battle, hand), and prints the paths.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

from rules.core import SetupArgs, get_engine

from .api import NoPicture, draw_png, pictures


def play(game: str, scenario: str | None, seed: int, steps: int) -> tuple[Any, dict, int]:
    """(engine, state, steps actually played) after up to ``steps`` random legal actions."""
    engine = get_engine(game)
    scenario = scenario or engine.scenarios()[0].id
    roles = engine.roles(scenario)
    chooser = random.Random(seed)
    state = engine.setup(SetupArgs(scenario, tuple((r,) for r in roles), seed, {}))
    played = 0
    while played < steps and engine.result(state) is None:
        active = engine.active_roles(state)
        if not active:
            break
        role = chooser.choice(active)
        legal = engine.legal_actions(state, role)
        if not legal:
            break
        state = engine.apply(state, role, chooser.choice(legal).id).state
        played += 1
    return engine, state, played


def write_pictures(game: str, engine: Any, state: dict, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    kinds = pictures(game)
    public = engine.view(state, None)
    path = out / "public.png"
    path.write_bytes(draw_png(game, public, "map"))
    written.append(path)
    for picture in kinds[1:]:
        try:
            data = draw_png(game, public, picture)
        except NoPicture:
            continue
        path = out / f"public-{picture}.png"
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
        engine, state, played = play(args.game, args.scenario, args.seed, args.steps)
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

"""Golden pictures: SHA-256 digests of every picture kind of a game, drawn from every role's view (and the
public one) at positions reached by the shared random-play driver (rules/core/driver.py) with fixed seeds.

Each picture is hashed twice: the raw raster (mode, size, pixels) and the PNG bytes as the service saves
them (``render.draw_png``). A refactor of the renderers must leave both unchanged. To re-record after an
intended change of the pictures: ``HERALD_GOLDEN_WRITE=1 .venv/bin/python -m pytest tests/render -k golden``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import render
from render.api import encode
from rules.core import get_engine
from rules.core.driver import DeadEnd, random_moves, setup_args

GOLDEN_DIR = Path(__file__).with_name("golden")


def position(game: str, scenario: str, seed: int, steps: int):
    """(engine, state) after ``steps`` moves of the driver's random game (fewer if it ends first)."""
    engine = get_engine(game)
    args = setup_args(engine, scenario, seed)
    state = engine.setup(args)
    try:
        for _, _, outcome in random_moves(engine, args, steps, state):
            state = outcome.state
    except DeadEnd:
        pass
    return engine, state


def raster_digest(image) -> str:
    h = hashlib.sha256()
    h.update(image.mode.encode())
    h.update(repr(image.size).encode())
    h.update(image.tobytes())
    return h.hexdigest()


def digests(game: str, scenario: str, seed: int, steps: int) -> dict[str, dict[str, str]]:
    """{"<viewer>/<picture>": {"raster": sha, "png": sha}} for every viewer and picture the view holds."""
    engine, state = position(game, scenario, seed, steps)
    roles = [None] + [r for seat in state.get("seats", []) for r in seat]
    out: dict[str, dict[str, str]] = {}
    for role in roles:
        view = engine.view(state, role)
        for picture in render.pictures(game):
            try:
                image = render.draw(game, view, picture)
            except render.NoPicture:
                continue
            png = encode(game, image)    # what render.draw_png returns, without drawing twice
            out[f"{role or 'public'}/{picture}"] = {"raster": raster_digest(image),
                                                     "png": hashlib.sha256(png).hexdigest()}
    return out


def key(scenario: str, seed: int, steps: int) -> str:
    return f"{scenario}/seed{seed}/steps{steps}"


def check(game: str, positions: list[tuple[str, int, int]], scenario_key: str) -> None:
    """Compare (or, with HERALD_GOLDEN_WRITE=1, record) the digests of one position."""
    path = GOLDEN_DIR / f"{game}.json"
    recorded = json.loads(path.read_text()) if path.exists() else {}
    scenario, seed, steps = next(p for p in positions if key(*p) == scenario_key)
    got = digests(game, scenario, seed, steps)
    if os.environ.get("HERALD_GOLDEN_WRITE") == "1":
        recorded[scenario_key] = got
        ordered = {key(*p): recorded[key(*p)] for p in positions if key(*p) in recorded}
        path.write_text(json.dumps(ordered, indent=1, sort_keys=True) + "\n")
        return
    assert scenario_key in recorded, f"no golden digests for {scenario_key}; record them (see golden_support.py)"
    want = recorded[scenario_key]
    assert sorted(got) == sorted(want), "the set of pictures drawn changed"
    changed = [name for name in want if got[name] != want[name]]
    assert not changed, f"pictures changed at {scenario_key}: {changed}"

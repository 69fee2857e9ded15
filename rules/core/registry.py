"""Which games Herald knows. Engines register by id; nothing outside rules/ names a game's module."""

from __future__ import annotations

import importlib

from .contract import BadSetup, Engine

#: game id -> module that defines ``ENGINE``
GAME_MODULES: dict[str, str] = {
    "richard3": "rules.richard3",
    "oldkingscrown": "rules.oldkingscrown",
    "crownofroses": "rules.crownofroses",
}

_loaded: dict[str, Engine] = {}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get_engine(game_id: str) -> Engine:
    if game_id not in GAME_MODULES:
        raise BadSetup(f"Unknown game '{game_id}'. Known games: {', '.join(GAME_MODULES)}.")
    if game_id not in _loaded:
        _loaded[game_id] = importlib.import_module(GAME_MODULES[game_id]).ENGINE
    return _loaded[game_id]

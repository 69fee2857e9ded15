"""The public rendering API (re-exported by ``render/__init__.py``; see its docstring)."""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from PIL import Image

from .core import CACHE, WIDTH, NoPicture, to_png

_GAME_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _module(game: str) -> ModuleType:
    if not _GAME_ID.match(game or ""):
        raise ValueError(f"Not a game id: {game!r}")
    try:
        return importlib.import_module(f"render.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game}":
            raise ValueError(f"No pictures for game '{game}'.") from None
        raise


def pictures(game: str) -> list[str]:
    """The picture kinds ``game`` can draw (the first is the map)."""
    return list(_module(game).PICTURES)


def draw(game: str, view: dict[str, Any], picture: str = "map") -> Image.Image:
    """Draw ``picture`` from a role's ``view``. Raises :class:`NoPicture` if the view has nothing for it."""
    module = _module(game)
    if picture not in module.PICTURES:
        raise NoPicture(f"{game} has no '{picture}' picture; it has {', '.join(module.PICTURES)}.")
    return module.draw(view, picture)


def draw_png(game: str, view: dict[str, Any], picture: str = "map") -> bytes:
    """:func:`draw` encoded as PNG bytes (equal views give equal bytes)."""
    return to_png(draw(game, view, picture))

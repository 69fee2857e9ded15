"""Herald pictures, drawn with Pillow from a role's view.

Public API (the only names other packages use):

- ``pictures(game) -> list[str]``: the pictures a game can draw, e.g. ``["map", "battle", "hand"]``.
- ``draw(game, view, picture="map") -> PIL.Image.Image``
- ``draw_png(game, view, picture="map") -> bytes``
- ``NoPicture``: raised when the view has nothing for that picture now (no battle, a spectator's hand).

Every picture is drawn ONLY from ``engine.view(state, role)``: a public (spectator) view gives the public
picture, a role's view that role's private picture. The core (``render/core.py``) knows no game; each
game lives in ``render/<game id>/`` and exposes ``PICTURES`` and ``draw(view, picture)``. Width, fonts
and the static-layer cache are explained in ``render/core.py``.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from PIL import Image

from .core import CACHE, WIDTH, NoPicture, to_png

__all__ = ["draw", "draw_png", "pictures", "NoPicture", "CACHE", "WIDTH"]

_GAME_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _module(game: str) -> ModuleType:
    if not _GAME_ID.match(game or ""):
        raise ValueError(f"Not a game id: {game!r}")
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game}":
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

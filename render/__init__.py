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

from .api import CACHE, WIDTH, NoPicture, draw, draw_png, pictures

__all__ = ["draw", "draw_png", "pictures", "NoPicture", "CACHE", "WIDTH"]

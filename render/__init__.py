"""Herald pictures, drawn with Pillow from a role's view.

Public API (the only names other packages use):

- ``manifest(game) -> list[PictureKind]``: the picture kinds a game can draw, with their parameters, which
  are private (a hand), sent with every prompt, or needed while the view shows something (a battle)
  (render/manifest.py); ``pictures(game)`` their names, e.g. ``["map", "battle", "hand"]``;
  ``needed(game, view)`` the pictures a decision in that view needs.
- ``register(game, module)``: a picture module for a game outside ``render/`` (test games).
- ``draw(game, view, picture="map") -> PIL.Image.Image``
- ``draw_png(game, view, picture="map") -> bytes``
- ``draw_layout(game, view, picture="map") -> (image, PictureLayout)``: the picture and where its text and
  marks went, for the legibility rule (render/kit/legibility.py; tests and tools, not the service: it
  patches Pillow's text, paste, copy and crop while it draws)
- ``NoPicture``: raised when the view has nothing for that picture now (no battle, a spectator's hand).

Every picture is drawn ONLY from ``engine.view(state, role)``: a public (spectator) view gives the public
picture, a role's view that role's private picture. The kit (``render/kit/``) knows no game; each
game lives in ``render/<game id>/`` and exposes ``PICTURES`` and ``draw(view, picture)``. Width, fonts
and the static-layer cache are explained in ``render/kit/`` (render/README.md).
"""

from __future__ import annotations

from .api import CACHE, WIDTH, NoPicture, draw, draw_layout, draw_png, manifest, needed, pictures, register
from .manifest import PictureKind, PictureParam

__all__ = ["draw", "draw_png", "draw_layout", "pictures", "manifest", "needed", "register", "PictureKind", "PictureParam",
           "NoPicture", "CACHE", "WIDTH"]

"""Richard III pictures: the map (public or one player's), the battle under way, and a player's hand.

Everything is drawn from one role's view (rules/richard3/VIEW.md), read by ``view_reader.read`` into a
:class:`~render.richard3.model.Scene`; the static board comes from rules/richard3/data/map.json.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture
from .model import read_view

PICTURES = ["map", "battle", "hand"]


def draw(view: dict[str, Any], picture: str = "map") -> Image.Image:
    scene = read_view(view)
    if picture == "map":
        from .mapview import draw_map
        return draw_map(scene)
    if picture == "battle":
        from .battle import draw_battle
        return draw_battle(scene)
    if picture == "hand":
        from .cards import draw_hand
        return draw_hand(scene)
    raise NoPicture(f"Richard III has no '{picture}' picture.")

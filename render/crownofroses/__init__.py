"""Crown of Roses pictures, each drawn from one role's view (rules/crownofroses/VIEW.md) and nothing else.

- ``map`` (mapview.py): the 48 shires as tiles on a schematic of England and Wales (layout.json, built by
  layout_build.py from the project's map data), borders by kind, the Wash, sea zones, exile boxes; per shire
  its name on a strip of its controller's colour, value, loyalty, seats, office seats, royal demesne,
  markers and blocks: blanks of the house colour for everyone, the viewer's own blocks with name, strength
  and dice; the battle ringed in orange.
- ``board`` (tracks.py): turn and phase, impulse order and command cards, per house popular support, income,
  VP, turns as King, votes, IP markers (counts; values for their owner), cards in hand; the offices and
  their holders; the Roll of Parliament with the markers on each noble (counts; values for their placer).
- ``battle`` (battle.py): the battle being fought. ``NoPicture`` outside battles.
- ``hand`` (house.py): the viewer's house: hand, heirs, blocks by shire, IP stock and markers placed.
  ``NoPicture`` for spectators.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture
from ..manifest import PictureKind

PICTURES = ["map", "board", "battle", "hand"]
MANIFEST = [
    PictureKind("map", "Map", "The 48 shires: control, blocks, seats, offices' seats, the battle."),
    PictureKind("board", "Tracks", "Turn, phase, support, influence, VP, offices and the Roll of Parliament."),
    PictureKind("battle", "Battle", "The battle being fought: sides, round, main bodies.", shows="battle"),
    PictureKind("hand", "House", "Your cards, heirs, blocks and influence markers.", private=True,
                with_prompt=True),
]


def draw(view: dict[str, Any], picture: str = "map") -> Image.Image:
    from .view_reader import read_view
    scene = read_view(view)
    if picture == "map":
        from .mapview import draw_map
        return draw_map(scene)
    if picture == "board":
        from .tracks import draw_tracks
        return draw_tracks(scene)
    if picture == "battle":
        from .battle import draw_battle
        return draw_battle(scene)
    if picture == "hand":
        from .house import draw_house
        return draw_house(scene)
    raise NoPicture(f"Crown of Roses has no '{picture}' picture.")

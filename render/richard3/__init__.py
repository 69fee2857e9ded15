"""Richard III pictures: the map (public or one player's), the battle under way, and a player's hand.

Everything is drawn from one role's view (rules/richard3/VIEW.md), read by ``view_reader.read`` into a
:class:`~render.richard3.model.Scene`; the static board is computed from rules/richard3/data/map.json by
geometry.py (areas as cells of their data points, France south across the Channel, three sea zones,
borders on shared edges; the label places of every area found once and kept in label_places.json) and
drawn once by board.py.

- ``map`` (mapview.py): 1200 px wide, at most ~2400 tall. Title strip (campaign, turn, phase, whose picture;
  whose move it is, in a badge of the waiting side's colour); the board with every block inside its own
  area next to the area's name (public: blank blocks with the house mark; private: the viewer's blocks
  each with its strength as one large digit, a gold frame for King/Pretender, a folded corner once moved;
  names, ratings and seats are on the hand picture, so that everything on the map reads at a phone's
  400 px: render/kit/legibility.py), crowds as stacks or framed beside their area with a leader line; battles ringed in orange;
  this turn's moves as arrows across the borders they used and through the sea zone they sailed,
  crossings used per border, musters as "+N"; King, Pretender and the turn and campaign tracks (only the
  scenario's campaigns) over the North Sea; below the map this turn's cards, the pools (counts; names for
  the owner), minors, the dead, cards in hand, and the legend.
- ``battle`` (battle.py): the battle being fought: blocks in it (160 px wide, so that every name reads at
  24 px) with their name, strength diamonds, type mark and the rating they fire with now, hits
  taken and who has fired under them, reserves, the blocks that left (eliminated, retreated and where
  to, defected), round and stage, the log, a legend. ``NoPicture`` when no battle is under way.
- ``hand`` (cards.py): the player's cards (AP, event reminder), the face-down card marked, the cards
  played earlier this campaign, the player's blocks on the map by area with name, rating, strength and
  seats (the key to the digits on the map), the marks legend.
  ``NoPicture`` for spectators.

What the view does not say is not drawn: the Rebel's colour while it is hidden (a hidden Rebel is a blank block of the side it fights
for, as the view gives it).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture
from ..manifest import PictureKind

PICTURES = ["map", "battle", "hand"]
MANIFEST = [
    PictureKind("map", "Map", "The board: every block where the view places it, this turn's moves, tracks."),
    PictureKind("battle", "Battle", "The battle being fought, round by round.", shows="battle"),
    PictureKind("hand", "Hand", "Your cards and your blocks with their seats.", private=True, with_prompt=True),
]


def draw(view: dict[str, Any], picture: str = "map") -> Image.Image:
    from .model import read_view
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

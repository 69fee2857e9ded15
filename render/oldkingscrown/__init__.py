"""The Old King's Crown pictures, each drawn from one role's view (rules/oldkingscrown/VIEW.md) and nothing else.

- ``map`` (board.py): the kingdom board, 1200 px wide: the title strip (round, season, whose move); the Order
  Track with influence; the Kingdom's Favour; the Great Road; the three regions with their clash markers, both
  locations (heralds, Council of Secrets tokens), supporters, and the cards beside each region (face up with
  name and strength, face down as a card back; the viewer's own face-down cards are shown as "yours"); the
  clash under way with its totals; the councils with every card and vote; the Lost Pile.
- ``players`` (players.py): every faction's board: influence, lore, hand and deck counts, supporters,
  herald, Kingdom cards with their occupiers, tactic tiles, the Site of Power, HQ cards, the Favour.
- ``hand`` (players.py): the viewer's own hand as cards. ``NoPicture`` for spectators.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture
from ..manifest import PictureKind

PICTURES = ["map", "players", "hand"]

MANIFEST = [
    PictureKind("map", "Kingdom", "The kingdom board: Order Track, Great Road, regions, clash, councils."),
    PictureKind("players", "Factions", "Every faction's board: influence, lore, supporters, Kingdom cards."),
    PictureKind("hand", "Hand", "Your own hand of cards.", private=True, with_prompt=True),
]


def draw(view: dict[str, Any], picture: str = "map") -> Image.Image:
    if picture == "map":
        from .board import draw_board
        return draw_board(view)
    if picture == "players":
        from .players import draw_players
        return draw_players(view)
    if picture == "hand":
        from .players import draw_hand
        return draw_hand(view)
    raise NoPicture(f"The Old King's Crown has no '{picture}' picture.")

"""Richard III pictures: the map (public or one player's), the battle under way, and a player's hand.

Everything is drawn from one role's view (rules/richard3/VIEW.md), read by ``view_reader.read`` into a
:class:`~render.richard3.model.Scene`; the static board comes from rules/richard3/data/map.json.

- ``map``: 1200 x 2122 px. Title strip (game, campaign, turn, phase, viewer, whose move); the schematic
  board (see board.py) with blocks beside their area's name plate (public: blank blocks with the house
  mark; private: the viewer's own blocks with short name, strength pips, combat rating, heir crown and
  rank, a gold frame for King/Pretender, a folded corner once moved); contested areas framed in orange
  with crossed swords; this turn's moves as arrows (solid over land, dashed along sea lanes, with the
  number of blocks), musters as "+N" tabs; below the map: King and Pretender, turn and campaign tracks,
  the cards revealed this turn (or "card chosen"), the pools (counts; names and strengths for the owner),
  minors, the dead, cards in hand, the legend and the noble seats by area.
- ``battle``: the battle being fought (both sides' revealed blocks, reserves, hits taken, who has acted,
  round 1-4, stage, the log of fire and hits). ``NoPicture`` when no battle is under way.
- ``hand``: the player's cards (AP, event reminder), the chosen face-down card marked, cards played
  earlier this campaign. ``NoPicture`` for spectators.

What the view does not say is not drawn: who must act during the supply and political phases and the
deal (the title strip then names the phase; a ``view["active"]`` list is used if ever present), and the
Rebel's colour while it is hidden (a hidden Rebel is a blank block of the side it fights for, as the
view gives it).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture

PICTURES = ["map", "battle", "hand"]


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

"""Here I Stand pictures, each drawn from one role's view (rules/hereistand/VIEW.md) and nothing else.

Positions come from ``layout.json`` (built by build_layout.py from the board transcription): the overview
of Europe and eight regional windows, each 1200 px wide, with every space's name placed clear of every
mark. Every power has a colour, a shape and a letter (style.py), so control is never told by colour alone.

- ``map`` (maps.py): all of Europe: control, keys and electorates, unrest, sieges, Protestant spaces, land
  units per space as numbers (ships in port added), fleets at sea, this impulse's move, a named frame for
  each regional picture, the six VP totals and the legend.
- ``region`` (maps.py, parameter ``region``): one front at a readable scale: names, passes, sea zones and
  port ties, every stack as chips, this impulse's moves (``impulse_record``) and the move under way as
  arrows, its battles and assaults ringed with their hits, and below the map those battles with their dice,
  every unit and leader (battle/command ratings) of each stack, the fleets and the sieges.
- ``front`` (maps.py): the region where the move, battle or assault under way happens (with the
  interception prompt); needed while the view has a ``move``.
- ``power`` (powers.py, parameter ``power``): a power's card: ruler, cards per turn, keys held, the key
  track, VP, units on the map and left to build, leaders, wars and alliances, all six VP.
- ``diplomacy`` (powers.py): all six VP totals side by side and the diplomatic status matrix.
- ``battle`` (combat.py): the field battle under way (forces, leaders, dice, rolls, hits, cards played), else
  the impulse's last field or naval battle from the impulse record.
- ``siege`` (combat.py): every siege, the assault of this impulse first with its dice and result.
- ``religion`` (religion.py): the religious struggle: Protestant spaces on the struggle track and by language
  zone, the electorates, the translation tracks, St. Peter's, debaters and reformers with their state and
  the religious VP; needed while a religious procedure runs or an attempt was made this impulse
  (``religious_now``), so it goes with those prompts and with the channel's post when one begins.
- ``hand`` (cards.py): the viewer's hand with CP, type and a reminder. ``NoPicture`` for spectators.
- ``new_world`` (new_world.py): the New World (rule 20): discoveries and conquests with who made them and
  who stays there, colonies and markers, the voyages crossing, explorers and conquistadors left, this
  turn's New World phase and the last riches; sent with a New World choice (view ``voyage``).
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..core import NoPicture
from ..manifest import PictureKind, PictureParam
from .scene import region_ids
from .style import MAJORS

REGION_PARAM = PictureParam("region", "Region", region_ids(), region_ids()[0])
# the diplomacy keys only the power card and the diplomacy picture draw (powers.py): other pictures are
# not drawn again when only they change (the offers of a diplomacy phase)
DIPLOMACY_ONLY = ("offers", "alliances", "allied_this_turn")
POWER_PARAM = PictureParam("power", "Power", MAJORS, None)

MANIFEST = [
    PictureKind("map", "Europe", "All of Europe: control, keys, stacks as numbers, sieges, unrest, fleets, "
                "the regional pictures' frames, the VP.", ignores=DIPLOMACY_ONLY),
    PictureKind("region", "Region", "One region at a readable scale: names, every unit and leader, passes, "
                "ports and seas, this impulse's moves and battles.", params=(REGION_PARAM,),
                ignores=DIPLOMACY_ONLY),
    PictureKind("front", "Front", "The region where the move or battle under way happens.", shows="move",
                ignores=DIPLOMACY_ONLY),
    PictureKind("power", "Power", "A power's card: ruler, keys, VP track, cards, units left to build.",
                params=(POWER_PARAM,)),
    PictureKind("diplomacy", "Diplomacy", "All six VP totals and the diplomatic status matrix."),
    PictureKind("battle", "Battle", "The field battle being fought: forces, leaders, dice, hits.", shows="battle",
                ignores=DIPLOMACY_ONLY),
    PictureKind("siege", "Sieges", "Every siege under way, the assault of this impulse first.", shows="assaulted",
                ignores=DIPLOMACY_ONLY),
    PictureKind("religion", "Religion", "The religious struggle: Protestant spaces by zone, electorates, "
                "translations, St. Peter's, debaters and reformers, religious VP.", shows="religious_now",
                ignores=DIPLOMACY_ONLY),
    PictureKind("hand", "Hand", "Your cards with CP, type and a reminder.", private=True, with_prompt=True,
                ignores=DIPLOMACY_ONLY),
    PictureKind("new_world", "New World", "Discoveries, conquests, colonies, explorers, the voyages crossing "
                "and this turn's New World results.", shows="voyage", ignores=DIPLOMACY_ONLY),
]
PICTURES = [kind.id for kind in MANIFEST]


def draw(view: dict[str, Any], picture: str = "map", **params) -> Image.Image:
    if picture == "map":
        from .overview import draw_overview
        return draw_overview(view)
    if picture == "region":
        from .maps import draw_region
        return draw_region(view, params.get("region") or REGION_PARAM.default)
    if picture == "front":
        from .maps import draw_front
        return draw_front(view)
    if picture == "power":
        from .powers import draw_power
        return draw_power(view, params.get("power"))
    if picture == "diplomacy":
        from .powers import draw_diplomacy
        return draw_diplomacy(view)
    if picture == "battle":
        from .combat import draw_battle
        return draw_battle(view)
    if picture == "siege":
        from .combat import draw_sieges
        return draw_sieges(view)
    if picture == "new_world":
        from .new_world import draw_new_world
        return draw_new_world(view)
    if picture == "religion":
        from .religion import draw_religion
        return draw_religion(view)
    if picture == "hand":
        from .cards import draw_hand
        return draw_hand(view)
    raise NoPicture(f"Here I Stand has no '{picture}' picture.")

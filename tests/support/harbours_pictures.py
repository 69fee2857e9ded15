"""Pictures of Four Harbours (the engine core's test game), registered with ``render.register`` in tests:
a picture manifest with a main picture taking a parameter, a picture a decision needs (the raid under
way) and a private one sent with every prompt (the hand, of one role of its holder when named). Drawn only from the view, as every picture."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import NoPicture
from render.manifest import PictureKind, PictureParam

ROLES = ("north", "east", "south", "west")
MANIFEST = [
    PictureKind("table", "Table", "The four harbours and their gold.",
                params=(PictureParam("harbour", "Harbour to mark", ROLES),)),
    PictureKind("raid", "Raid", "The raid under way.", shows="raid"),
    PictureKind("hand", "Hand", "Your cards.", private=True, with_prompt=True,
                params=(PictureParam("role", "Whose hand", ROLES),)),
]
PICTURES = [k.id for k in MANIFEST]


def draw(view: dict[str, Any], picture: str = "table", harbour: str | None = None, role: str | None = None
         ) -> Image.Image:
    image = Image.new("RGB", (240, 120), "white")
    pen = ImageDraw.Draw(image)
    if picture == "table":
        for i, role in enumerate(ROLES):
            mark = "*" if role == harbour else ""
            pen.text((10, 10 + 25 * i), f"{mark}{role}: {view['gold'][role]} gold", fill="black")
    elif picture == "raid":
        if not view.get("raid"):
            raise NoPicture("no raid under way")
        pen.text((10, 10), f"{view['raid']['raider']} raids {view['raid']['target']}", fill="red")
    elif picture == "hand":
        hands = {k: v for k, v in view["zones"].items() if k.startswith("hand:") and isinstance(v, list)
                 and (role is None or k == f"hand:{role}")}
        if not hands:
            raise NoPicture("a spectator has no hand")
        for i, (zone, held) in enumerate(sorted(hands.items())):
            pen.text((10, 10 + 25 * i), f"{zone}: {', '.join(held)}", fill="black")
    return image

"""Colours, names and the small drawings every Crown of Roses picture shares (blocks, chips, headings)."""

from __future__ import annotations

from PIL import ImageDraw

from rules.crownofroses.board import data

from ..core import INK, WHITE, contrast_ink, fit_font, font, pips

# house colours (components.json: white York, red Lancaster, yellow Buckingham, blue Warwick)
COLOUR = {"white": (246, 246, 240), "red": (196, 40, 40), "yellow": (236, 196, 40), "blue": (44, 92, 178),
          "black": (40, 40, 44)}
EDGE = {"white": (60, 60, 60), "red": (110, 16, 16), "yellow": (130, 100, 10), "blue": (20, 40, 100),
        "black": (0, 0, 0)}
NEUTRAL = (150, 140, 124)
SEA = (170, 200, 224)
SEA_TINT = {"north_sea": (166, 196, 226), "english_channel": (178, 206, 222), "irish_sea": (160, 198, 214)}
LAND = (226, 216, 186)
TILE = (250, 246, 234)
BORDER = {"clear": (92, 86, 76), "rough": (126, 78, 36), "fens": (40, 140, 120), "wash": (40, 90, 170)}
ORANGE = (236, 120, 20)
GOLD = (214, 168, 30)
OFFICE_SHORT = {"king": "K", "chancellor": "Ch", "treasurer": "Tr", "marshal": "Ma", "admiral": "Ad",
                "captain_of_calais": "Ca", "lt_ireland": "Ir", "warden": "Wa"}
# what the letters stand for, short enough for a legend column
OFFICE_WORD = {"king": "King", "chancellor": "Chancellor", "treasurer": "Treasurer", "marshal": "Marshal",
               "admiral": "Admiral", "captain_of_calais": "Captain of Calais", "lt_ireland": "Ireland's Lieutenant",
               "warden": "Warden"}


def house_colour(house: str | None) -> str:
    if house is None:
        return "black"
    return data().components.houses[house].colour


def fill(house: str | None) -> tuple[int, int, int]:
    return COLOUR[house_colour(house)] if house else NEUTRAL


def edge(house: str | None) -> tuple[int, int, int]:
    return EDGE[house_colour(house)] if house else INK


def house_name(house: str | None) -> str:
    return data().components.houses[house].name if house else "nobody"


GARRISON = "garrison"   # the Tower of London garrison: fights as a block in battles in London (RB 9.6)


def _steps(block: str) -> tuple[str, ...]:
    return data().garrison.steps if block == GARRISON else data().block(block).steps


def block_name(block: str) -> str:
    return data().garrison.name if block == GARRISON else data().block(block).name


def short_name(block: str, width: int = 5) -> str:
    name = block_name(block).replace("Queen ", "").replace("Lord ", "")
    return name if len(name) <= width else name[:width - 1] + "."


def rating(block: str, strength: int) -> str:
    """Dice at this strength (B blue, R red, G green: see DICE_KEY) and the command rating, spelled out,
    e.g. ``BBG · command 2``."""
    steps = _steps(block)
    dice = steps[max(0, len(steps) - strength)] if strength else ""
    rating_ = None if block == GARRISON else data().block(block).command_rating
    return " · ".join(p for p in (dice, f"command {rating_}" if rating_ else "") if p)


#: the rulebook's abbreviations the cards' texts use, spelled out under the cards
ABBREVIATIONS = {"OPS": "operations points", "IP": "influence points", "CR": "command rating",
                 "SV": "shire value", "VP": "victory points", "RB": "rulebook",
                 "MP": "movement points"}

#: what the dice letters stand for (in every picture that shows them)
DICE_KEY = "Dice it rolls at its strength: B blue, R red, G green"


def blank_block(d: ImageDraw.ImageDraw, x: float, y: float, size: float, house: str | None,
                count: int = 1) -> None:
    """A face-down block (a blank of its house colour); ``count`` > 1 draws a stack with its number."""
    shown = min(count, 3)
    step = 5
    for i in range(shown - 1, -1, -1):
        ox = x + i * step
        oy = y - i * step + (shown - 1) * step
        d.rounded_rectangle([ox, oy, ox + size, oy + size], radius=5, fill=fill(house), outline=edge(house),
                            width=3)
    if count > 1:
        d.text((x + size / 2, y + (shown - 1) * step + size / 2), str(count), font=font(int(size * 0.62), True),
               fill=contrast_ink(fill(house)), anchor="mm")


def stack_width(size: float, count: int) -> float:
    return size + 5 * (min(count, 3) - 1)


def own_block(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, house: str, block: str,
              strength: int) -> None:
    """The owner's face-up block: short name on top; strength (big) and its dice below."""
    d.rounded_rectangle([x, y, x + w, y + h], radius=5, fill=fill(house), outline=edge(house), width=3)
    ink = contrast_ink(fill(house))
    name = short_name(block, 7)
    d.text((x + w / 2, y + 3), name, font=fit_font(name, int(w - 6), 17, True, minimum=14), fill=ink, anchor="ma")
    dice = _steps(block)
    d.text((x + 5, y + h - 2), str(strength), font=font(22, True), fill=ink, anchor="ld")
    letters = dice[max(0, len(dice) - strength)] if strength else ""
    d.text((x + w - 4, y + h - 4), letters, font=fit_font(letters, int(w - 26), 16, True, minimum=14), fill=ink,
           anchor="rd")


def chip(d: ImageDraw.ImageDraw, box, house: str | None, text: str, size: int = 26) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=8, fill=fill(house), outline=edge(house), width=2)
    f = fit_font(text, int(x1 - x0 - 10), size, bold=True, minimum=16)
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), text, font=f, fill=contrast_ink(fill(house)), anchor="mm")


def heading(d: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int = 30) -> int:
    d.text((x, y), text, font=font(size, True), fill=INK, anchor="la")
    return int(y + size + 12)


__all__ = ["COLOUR", "EDGE", "WHITE"]


def contrast(background) -> tuple[int, int, int]:
    return contrast_ink(background)

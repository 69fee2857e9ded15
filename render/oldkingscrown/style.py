"""Colours and small drawing helpers shared by the pictures."""

from __future__ import annotations

from PIL import ImageDraw

from ..kit import cards, tableau
from ..kit.style import INK, READ, WHITE
from ..kit.text import fit_font, font

FACTION_FILL = {"clans": (38, 110, 150), "uprising": (178, 52, 44), "nobility": (118, 70, 150),
                "gathering": (58, 128, 62)}
FACTION_SHORT = {"clans": "Clans", "uprising": "Uprising", "nobility": "Nobility", "gathering": "Gathering"}
SUIT_FILL = {"trade": (214, 170, 60), "martial": (170, 70, 60), "intrigue": (70, 90, 150)}
BOARD_BG = (236, 228, 206)
REGION_BG = {"highlands": (214, 222, 206), "plateau": (230, 218, 180), "lowlands": (206, 214, 222)}
CARD_BACK = (74, 58, 48)
GOLD = (222, 176, 46)


def chip(draw: ImageDraw.ImageDraw, box, faction, text, size=26):
    tableau.boxed_text(draw, box, text, FACTION_FILL.get(faction, (120, 120, 120)), size)


def disc(draw, cx, cy, r, faction, label=""):
    tableau.disc(draw, cx, cy, r, FACTION_FILL.get(faction, (120, 120, 120)), label)


def card_face(draw, box, card, owner=None, note=""):
    """A face-up faction card: owner stripe, name, strength; traits/commands in small words."""
    x0, y0, x1, y1 = box
    fill = FACTION_FILL.get(owner or card.get("faction"), (120, 120, 120))
    draw.rounded_rectangle(box, radius=8, fill=WHITE, outline=fill, width=4)
    draw.rectangle([x0 + 4, y0 + 4, x0 + 14, y1 - 4], fill=fill)
    w = int(x1 - x0 - 70)
    name = card["name"]
    draw.text((x0 + 22, y0 + 8), name, font=fit_font(name, w, 26, bold=True, minimum=18), fill=INK, anchor="la")
    if "strength" in card:
        draw.text((x1 - 10, y0 + 6), str(card["strength"]), font=font(34, True), fill=INK, anchor="ra")
        words = [c.replace("_", " ").replace("any 2", "any two") for c in card.get("commands", [])]
        words += card.get("traits", [])
        extra = " · ".join(w_.title() for w_ in words)
        if note:
            extra = (note + (" · " + extra if extra else ""))
        if y1 - y0 > 100 and card.get("archetype"):
            info = f"{card['archetype']} · {card['votes']} vote{'s' if card['votes'] != 1 else ''} · {card['lore']} lore"
            draw.text((x0 + 22, (y0 + y1) / 2 + 4), info, font=font(READ), fill=INK, anchor="lm")
        if extra and y1 - y0 > 60:
            draw.text((x0 + 22, y1 - 8), extra, font=fit_font(extra, int(x1 - x0 - 32), 22, minimum=16),
                      fill=(70, 70, 70), anchor="ld")


def card_back(draw, box, owner, label="face down"):
    cards.card_back(draw, box, FACTION_FILL.get(owner, (120, 120, 120)), label, CARD_BACK)


def section(draw, x, y, text):
    draw.text((x, y), text, font=font(30, True), fill=INK, anchor="la")
    return y + 40

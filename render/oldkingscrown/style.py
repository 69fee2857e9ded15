"""Colours and small drawing helpers shared by the pictures."""

from __future__ import annotations

from PIL import ImageDraw

from ..kit import cards, tableau
from ..kit.layout import mark
from ..kit.style import INK, WHITE
from ..kit.text import font, wrap

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


SMALL = 24          # the smallest text: 8 px on a phone (render/kit/legibility.py)
NAME_LINE, WORD_LINE = 30, 28


def _card_words(card, note=""):
    words = [c.replace("_", " ").replace("any 2", "any two") for c in card.get("commands", [])]
    words += card.get("traits", [])
    extra = " · ".join(w_.title() for w_ in words)
    return note + (" · " + extra if extra and note else extra) if note else extra


def card_lines(card, width: float, note: str = "", info: bool = False) -> tuple[list[str], list[str]]:
    """(name lines, lines of commands, traits and the note) of a face-up card ``width`` px wide."""
    name = wrap(card["name"], font(26, True), int(width - 70))
    body = [f"{card['archetype']} · {card['votes']} vote{'s' if card['votes'] != 1 else ''} · {card['lore']} lore"] \
        if info and card.get("archetype") else []
    extra = _card_words(card, note) if "strength" in card else note
    lines = body + (wrap(extra, font(SMALL), int(width - 32)) if extra else [])
    return name, lines


def card_height(card, width: float, note: str = "", info: bool = False) -> int:
    """How tall a face-up card must be to show its whole name and words."""
    name, lines = card_lines(card, width, note, info)
    return 10 + NAME_LINE * len(name) + WORD_LINE * len(lines) + 8


def card_face(draw, box, card, owner=None, note="", info=False):
    """A face-up faction card: owner stripe, name, strength; then commands, traits (and with ``info`` its
    archetype, votes and lore), every word shown (``card_height`` says how tall the box must be)."""
    x0, y0, x1, y1 = box
    fill = FACTION_FILL.get(owner or card.get("faction"), (120, 120, 120))
    draw.rounded_rectangle(box, radius=8, fill=WHITE, outline=fill, width=4)
    draw.rectangle([x0 + 4, y0 + 4, x0 + 14, y1 - 4], fill=fill)
    mark(draw, "frame", box, "card")
    name, lines = card_lines(card, x1 - x0, note, info)
    y = y0 + 8
    for line in name:
        draw.text((x0 + 22, y), line, font=font(26, True), fill=INK, anchor="la")
        y += NAME_LINE
    if "strength" in card:
        draw.text((x1 - 10, y0 + 6), str(card["strength"]), font=font(34, True), fill=INK, anchor="ra")
    for line in lines:
        draw.text((x0 + 22, y), line, font=font(SMALL), fill=(60, 60, 60), anchor="la")
        y += WORD_LINE


def card_back(draw, box, owner, label="face down"):
    cards.card_back(draw, box, FACTION_FILL.get(owner, (120, 120, 120)), label, CARD_BACK)


def section(draw, x, y, text):
    draw.text((x, y), text, font=font(30, True), fill=INK, anchor="la")
    return y + 40

"""``hand``: the viewer's own cards, each with its CP, type and a one-line reminder from the card data."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.data import load

from ..core import INK, READ, WHITE, WIDTH, LegendItem, NoPicture, fit_font, font, wrap
from .maps import TITLE_H, draw_legend, title
from .style import NAME, fill

TYPE_FILL = {"home": (60, 60, 60), "mandatory": (190, 40, 40), "response": (40, 110, 170),
             "combat": (200, 110, 20), "event": (90, 120, 60)}
CARD_GAP = 12


def draw_hand(view) -> Image.Image:
    mine = view.get("mine") or {}
    if not mine:
        raise NoPicture("A spectator has no hand.")
    zones = view.get("zones") or {}
    data = load()
    sections = []
    for power in mine:
        hand = zones.get(f"hand:{power}")
        cards = [data.card(int(c)) for c in hand] if isinstance(hand, list) else []
        sections.append((power, cards))
    img = Image.new("RGB", (WIDTH, 2400), (246, 240, 224))
    d = ImageDraw.Draw(img)
    title(d, view, "Hand of " + " and ".join(NAME.get(p, p) for p, _ in sections))
    y = TITLE_H + 12
    body = font(READ)
    for power, cards in sections:
        d.text((16, y), f"{NAME.get(power, power)}: {len(cards)} card{'s' if len(cards) != 1 else ''}",
               font=font(30, True), fill=INK, anchor="la")
        y += 44
        if not cards:
            d.text((24, y), "No cards in hand.", font=body, fill=INK, anchor="la")
            y += 40
        for card in sorted(cards, key=lambda c: c.number):
            lines = wrap(_reminder(card), body, WIDTH - 200)
            h = 56 + 32 * len(lines) + 10
            if y + h > 2400 - 200:
                d.text((24, y), "… more cards than fit.", font=body, fill=INK, anchor="la")
                y += 40
                break
            _card(d, (12, y, WIDTH - 12, y + h), card, lines, power)
            y += h + CARD_GAP
        y += 8
    items = [LegendItem(lambda dd, x, yy, s: _cp_badge(dd, x, yy, 3, fill("france"), 20), "Command points (CP)"),
             LegendItem(lambda dd, x, yy, s: _type_badge(dd, x, yy, "event"), "Card type")]
    if any("VP" in _reminder(card) for _, cards in sections for card in cards):
        items.append(LegendItem(lambda dd, x, yy, s: None, "VP: victory points"))
    y = draw_legend(d, y, items, columns=2) + 14
    return img.crop((0, 0, WIDTH, min(2400, y)))


def _card(d, box, card, lines, power):
    x0, y0, x1, y1 = box
    colour = TYPE_FILL.get(card.type, (90, 90, 90))
    d.rounded_rectangle(box, radius=10, fill=WHITE, outline=colour, width=4)
    cp = "–" if card.cp is None else str(card.cp)
    _cp_badge(d, x0 + 54, y0 + 46, cp, fill(power), 34)
    name = f"#{card.number} {card.name}"
    d.text((x0 + 112, y0 + 28), name, font=fit_font(name, int(x1 - x0 - 330), 30, True, minimum=READ), fill=INK,
           anchor="lm")
    kind = card.type.title()
    kf = font(26, True)
    kw = int(kf.getlength(kind)) + 24
    d.rounded_rectangle((x1 - 14 - kw, y0 + 10, x1 - 14, y0 + 46), radius=8, fill=colour)
    d.text((x1 - 14 - kw / 2, y0 + 28), kind, font=kf, fill=WHITE, anchor="mm")
    for i, line in enumerate(lines):
        d.text((x0 + 112, y0 + 56 + 32 * i), line, font=font(READ), fill=INK, anchor="la")


def _reminder(card) -> str:
    """The card's reminder, after who may play its event when that is restricted."""
    if card.playable_by == "any" or not card.playable_by:
        return card.reminder
    who = [NAME.get(p, p) for p in card.playable_by]
    return f"Event for {', '.join(who[:-1]) + ' or ' + who[-1] if len(who) > 1 else who[0]}: {card.reminder}"


def _cp_badge(d, cx, cy, cp, colour, r):
    from ..core import contrast_ink
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour, outline=INK, width=3)
    d.text((cx, cy + 1), str(cp), font=font(int(r * 1.2), True), fill=contrast_ink(colour), anchor="mm")


def _type_badge(d, x, y, kind):
    d.rounded_rectangle((x - 40, y - 17, x + 40, y + 17), radius=6, fill=TYPE_FILL[kind])
    d.text((x, y + 1), kind.title(), font=font(24, True), fill=WHITE, anchor="mm")


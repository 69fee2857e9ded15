"""Richard III cards: the small card faces on the map panel and the picture of a player's hand."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..core import ACCENT, INK, PAPER, WIDTH, NoPicture, fit_font, font, title_strip, wrap
from .model import CardFace, Scene
from .pieces import SIDE_FILL, SIDE_INK, SIDE_NAME

EVENT_TEXT = {  # reminders paraphrased from the rules sidebar (the engine enforces the real rule)
    "force_march": "Move one group up to 3 areas; no sea moves.",
    "muster": "All blocks that can may move into one friendly or vacant area.",
    "piracy": "Both AP for sea moves; may attack an enemy coastal area.",
    "plague": "Every block in one enemy city area loses a step.",
    "surprise": "Move one group; border limits +1 (or one sea move).",
    "treason": "Move one group; one extra Treachery roll before a battle.",
}
EVENT_FILL = (250, 232, 200)
ACTION_FILL = (244, 241, 232)


def draw_mini_card(d: ImageDraw.ImageDraw, box, card: CardFace, side: str, note: str = "") -> None:
    x0, y0, x1, y1 = box
    fill = EVENT_FILL if card.event else ACTION_FILL
    d.rounded_rectangle(box, radius=8, fill=fill, outline=INK, width=2)
    # a strip of the player's colour so the card is tied to its house without reading
    d.rounded_rectangle([x0, y0, x1, y0 + 22], radius=8, fill=SIDE_FILL.get(side, INK), outline=INK, width=2)
    head = SIDE_NAME.get(side, side) + (f" ({note})" if note else "")
    d.text(((x0 + x1) / 2, y0 + 11), head, font=font(15, True),
           fill=SIDE_INK.get(side, (255, 255, 255)), anchor="mm")
    if card.ap is not None:
        d.text(((x0 + x1) / 2, y0 + 24 + (y1 - y0 - 24) * 0.42), f"{card.ap}", font=font(34, True), fill=INK,
               anchor="mm")
    label = card.name if card.event else f"{card.ap} AP" if card.ap is not None else card.name
    d.text(((x0 + x1) / 2, y1 - 14), label, font=fit_font(label, int(x1 - x0 - 10), 16, True, 12), fill=INK,
           anchor="mm")


def draw_card(d: ImageDraw.ImageDraw, box, card: CardFace, highlight: bool = False) -> None:
    """A full card for the hand picture: AP big, event name and a reminder line."""
    x0, y0, x1, y1 = box
    fill = EVENT_FILL if card.event else ACTION_FILL
    d.rounded_rectangle([x0 + 4, y0 + 4, x1 + 4, y1 + 4], radius=14, fill=(80, 70, 60))
    d.rounded_rectangle(box, radius=14, fill=fill, outline=ACCENT if highlight else INK, width=5 if highlight else 3)
    w = x1 - x0
    kind = "EVENT" if card.event else "ACTION"
    d.text(((x0 + x1) / 2, y0 + 22), kind, font=font(17, True), fill=(120, 80, 30) if card.event else (80, 80, 80),
           anchor="mm")
    d.ellipse([(x0 + x1) / 2 - 40, y0 + 44, (x0 + x1) / 2 + 40, y0 + 124], fill=WHITE_ISH, outline=INK, width=3)
    d.text(((x0 + x1) / 2, y0 + 84), str(card.ap if card.ap is not None else "?"), font=font(48, True), fill=INK,
           anchor="mm")
    d.text(((x0 + x1) / 2, y0 + 140), "AP", font=font(16, True), fill=INK, anchor="mm")
    title = card.name
    d.text(((x0 + x1) / 2, y0 + 172), title, font=fit_font(title, int(w - 16), 21, True, 14), fill=INK, anchor="mm")
    text = card.text or EVENT_TEXT.get(card.event, "")
    if text:
        f = font(16)
        y = y0 + 196
        for line in wrap(text, f, int(w - 20))[:4]:
            d.text(((x0 + x1) / 2, y), line, font=f, fill=INK, anchor="ma")
            y += 20


WHITE_ISH = (255, 253, 246)


def draw_hand(scene: Scene) -> Image.Image:
    if scene.role not in ("york", "lancaster") or scene.hand is None:
        raise NoPicture("Only a player's own view holds a hand of cards.")
    cards = list(scene.hand)
    chosen = scene.my_card
    # the chosen card stays in the hand until both are revealed: show it first, highlighted
    if chosen is not None:
        rest = [c for c in cards if c.id != chosen.id]
        if len(rest) < len(cards):
            cards = [next(c for c in cards if c.id == chosen.id)] + rest
        else:
            cards = [chosen] + cards
    if not cards:
        raise NoPicture("No cards in hand.")
    cols = 4
    cw, ch, gap = 270, 290, 22
    rows = (len(cards) + cols - 1) // cols
    top = 96
    played = [c for c in scene.discards]
    f_small = font(18)
    played_lines = wrap("Played earlier this campaign: " + ", ".join(
        (c.name if c.event else f"{c.ap} AP") for c in played), f_small, WIDTH - 40) if played else []
    height = top + rows * (ch + gap) + 20 + 26 * len(played_lines)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    total = sum(c.ap or 0 for c in scene.hand)
    title = f"Richard III · {SIDE_NAME[scene.role]}'s hand"
    detail = f"{len(scene.hand)} cards in hand · {total} AP"
    if chosen is not None:
        detail += f" · chosen for this turn: {chosen.name}"
    if scene.campaign:
        detail += f" · Campaign {scene.campaign}, turn {scene.turn or '?'}"
    title_strip(d, (0, 0, WIDTH, 84), title, detail, scene.waiting,
                whose_fill=SIDE_FILL.get(scene.role, ACCENT))
    for i, card in enumerate(cards):
        r, c = divmod(i, cols)
        in_row = min(cols, len(cards) - r * cols)
        left = (WIDTH - (in_row * (cw + gap) - gap)) / 2
        x = left + c * (cw + gap)
        y = top + r * (ch + gap)
        draw_card(d, (x, y, x + cw, y + ch), card, highlight=chosen is not None and i == 0)
        if chosen is not None and i == 0:
            d.rounded_rectangle([x + 40, y + ch - 34, x + cw - 40, y + ch - 6], radius=8, fill=ACCENT, outline=INK)
            d.text((x + cw / 2, y + ch - 20), "CHOSEN, face down", font=font(16, True), fill=INK, anchor="mm")
    y = top + rows * (ch + gap) + 6
    for line in played_lines:
        d.text((20, y), line, font=f_small, fill=INK, anchor="la")
        y += 26
    return img

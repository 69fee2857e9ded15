"""Richard III cards: a player's hand picture (with the player's blocks and their seats)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..core import NoPicture
from ..kit.cards import card_banner, card_frame, hand_layout
from ..kit.strip import title_strip, whose_fill
from ..kit.style import INK, PAPER, WIDTH
from ..kit.text import fit_font, font, wrap
from .model import CardFace, Scene, static_data
from .pieces import SIDE_FILL, SIDE_NAME, BlockFace, draw_block, short_name

EVENT_TEXT = {  # reminders paraphrased from the rules sidebar (the engine enforces the real rule)
    "force_march": "Move one group up to 3 areas; no sea moves.",
    "muster": "Every block that can may move into one friendly or vacant area.",
    "piracy": "Both AP for sea moves; may attack an enemy coastal area.",
    "plague": "Every block in one enemy city area loses a step.",
    "surprise": "Move one group; border limits +1 (or one sea move).",
    "treason": "Move one group; one extra Treachery roll before a battle.",
}
EVENT_FILL = (250, 232, 200)
ACTION_FILL = (244, 241, 232)
WHITE_ISH = (255, 253, 246)
TEXT = 28
PAD = 16


def draw_card(d: ImageDraw.ImageDraw, box, card: CardFace, highlight: bool = False) -> None:
    """A full card for the hand picture: AP big, event name and a reminder."""
    x0, y0, x1, y1 = box
    card_frame(d, box, EVENT_FILL if card.event else ACTION_FILL, highlight)
    w = x1 - x0
    cx = (x0 + x1) / 2
    kind = "Event" if card.event else "Action"
    d.text((cx, y0 + 24), kind, font=font(26, True), fill=(120, 80, 30) if card.event else (80, 80, 80), anchor="mm")
    d.ellipse([cx - 46, y0 + 46, cx + 46, y0 + 138], fill=WHITE_ISH, outline=INK, width=3)
    d.text((cx, y0 + 92), str(card.ap if card.ap is not None else "?"), font=font(56, True), fill=INK, anchor="mm")
    d.text((cx, y0 + 158), "AP", font=font(26, True), fill=INK, anchor="mm")
    d.text((cx, y0 + 194), card.name, font=fit_font(card.name, int(w - 16), 30, True, 24), fill=INK, anchor="mm")
    text = card.text or EVENT_TEXT.get(card.event, "")
    if text:
        f = font(26)
        y = y0 + 220
        for line in wrap(text, f, int(w - 16))[:4]:
            d.text((cx, y), line, font=f, fill=INK, anchor="ma")
            y += 29


def _card_label(c: CardFace) -> str:
    return f"{c.name} ({c.ap} AP)" if c.event else (f"{c.ap} AP" if c.ap is not None else c.name)


def _block_line(b: BlockFace) -> str:
    bits = [short_name(b.name or "?")]
    if b.rating:
        bits.append(b.rating)
    if b.strength is not None and b.max:
        bits.append(f"{b.strength}/{b.max}")
    return " ".join(bits)


def _seat_names(b: BlockFace) -> str:
    names = static_data().area_names
    return ", ".join(names.get(s, s) for s in b.seats)


def draw_hand(scene: Scene) -> Image.Image:
    if scene.role not in ("york", "lancaster") or scene.hand is None:
        raise NoPicture("Only a player's own view holds a hand of cards.")
    cards = list(scene.hand)
    chosen = scene.my_card
    # the chosen card stays in the hand until both are revealed: show it first, highlighted
    if chosen is not None:
        rest = [c for c in cards if c.id != chosen.id]
        cards = ([next(c for c in cards if c.id == chosen.id)] if len(rest) < len(cards) else [chosen]) + rest
    if not cards:
        raise NoPicture("No cards in hand.")
    cols = 4
    cw, ch, gap = 270, 350, 20   # room for four lines of an event's reminder under its name
    rows = (len(cards) + cols - 1) // cols
    top = 124
    f = font(TEXT)
    fb = font(TEXT, True)
    width = WIDTH - 2 * PAD - 10
    played = [f"turn {turn} " + ", ".join(f"{SIDE_NAME[s]} {_card_label(c)}" for s, c in by_side.items())
              for turn, by_side in scene.card_history]
    played_lines = wrap("Played earlier this campaign: " + "; ".join(played) + ".", f, width) if played else []
    # the player's blocks on the map (by area) and their seats: names readable here at full size
    names = static_data().area_names
    own = [(area, b) for area, blocks in sorted(scene.areas.items(), key=lambda kv: names.get(kv[0], kv[0]))
           for b in blocks if b.known and (b.side == scene.role or
                                           (b.side == "rebel" and scene.pretender.side == scene.role))]
    block_lines: list[tuple[str, str]] = []
    last = None
    for area, b in own:
        seats = _seat_names(b)
        line = f"{_block_line(b)}" + (f" · seats: {seats}" if seats else "")
        for k, part in enumerate(wrap(line, f, width - 230)):
            block_lines.append((names.get(area, area) if k == 0 and area != last else "", part))
        last = area
    from .mapview import legend_layer
    marks = legend_layer(private=True, title="Marks", side=scene.role)
    height = top + rows * (ch + gap) + 20 + 38 * len(played_lines) + (70 + 38 * len(block_lines) if block_lines else 0) \
        + 20 + marks.height
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    total = sum(c.ap or 0 for c in scene.hand)
    title = f"Richard III · {SIDE_NAME[scene.role]}'s hand"
    n = len(scene.hand)
    detail = f"{n} card{'s' if n != 1 else ''}, {total} AP"
    if scene.campaign:
        detail += f" · campaign {scene.campaign}, turn {scene.turn or '?'}"
    if chosen is not None:
        detail += f" · face down: {chosen.name}"
    title_strip(d, (0, 0, WIDTH, 112), title, detail, scene.result or scene.whose,
                whose_fill=whose_fill(scene.waiting or scene.active, SIDE_FILL))
    for i, (card, box) in enumerate(zip(cards, hand_layout(len(cards), cols, cw, ch, gap, WIDTH, top))):
        mine = chosen is not None and i == 0
        draw_card(d, box, card, highlight=mine)
        if mine:
            card_banner(d, box, "CHOSEN, face down", font(24, True))
    y = top + rows * (ch + gap) + 8
    for line in played_lines:
        d.text((PAD, y + 19), line, font=f, fill=INK, anchor="lm")
        y += 38
    if block_lines:
        y += 14
        d.line([(PAD, y), (WIDTH - PAD, y)], fill=(200, 190, 170), width=2)
        draw_block(d, PAD, y + 14, 32, BlockFace(scene.role))
        d.text((PAD + 44, y + 31), "Your blocks on the map (pool: see the map)", font=fb, fill=INK, anchor="lm")
        y += 56
        for area, line in block_lines:
            if area:
                d.text((PAD + 10, y + 19), area, font=fb, fill=INK, anchor="lm")
            d.text((PAD + 240, y + 19), line, font=f, fill=INK, anchor="lm")
            y += 38
    img.paste(marks, (0, height - marks.height))
    return img

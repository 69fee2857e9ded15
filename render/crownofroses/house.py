"""The house picture (``hand``, private): the viewer's cards in hand, heir cards, blocks by shire with
strength and dice, blocks off the map, IP markers in stock and in the pool (values), markers placed on the
Roll of Parliament (values), and the secret picks not yet revealed. Drawn from the viewer's own view only."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.crownofroses.board import data

from ..core import INK, NoPicture, PAPER, READ, WIDTH, fit_font, font, title_strip, whose_fill, wrap
from . import style
from .view_reader import Scene

CARD_W, CARD_H = 574, 178


def draw_house(scene: Scene) -> Image.Image:
    role = scene.role
    if role is None:
        raise NoPicture("A spectator has no house.")
    v = scene.view
    img = Image.new("RGB", (WIDTH, 2400), PAPER)
    d = ImageDraw.Draw(img)
    title_strip(d, (0, 0, WIDTH, 96), f"House of {style.house_name(role)} — private", scene.detail, scene.whose,
                whose_fill([r for r in scene.waiting if r in scene.houses], {h: style.fill(h) for h in scene.houses}))
    y = 112
    hand = v["zones"].get(f"hand:{role}") or []
    y = style.heading(d, 20, y, f"Hand ({len(hand)} cards)")
    y = _cards(d, y, hand)
    heirs = v["heir_cards"].get(role, [])
    played = v["zones"].get(f"play:{role}") or []
    text = "Heir cards: " + (", ".join(_title(c) for c in heirs) or "none")
    y = _lines(d, y, text, bold=True)
    if played:
        y = _lines(d, y, "In play: " + ", ".join(_title(c) for c in played))
    y = style.heading(d, 20, y + 8, "Blocks on the map")
    y = _blocks_by_place(d, y, scene)
    off = [(b, s) for b, s in sorted(v["off_map"].items()) if s and s["house"] == role]
    if off:
        y = _lines(d, y, "Off the map: " + "; ".join(f"{style.block_name(b)} ({s['status']}, {s['strength']})"
                                                     for b, s in off))
    mine = scene.mine
    y = style.heading(d, 20, y + 8, "Influence markers (values: yours only)")
    y = _lines(d, y, "Stock: " + (" ".join(map(str, sorted(mine.get("stock", []), reverse=True))) or "empty")
               + f"   (total {sum(mine.get('stock', []))})")
    pool = mine.get("pool", [])
    y = _lines(d, y, f"Pool: {len(pool)} markers, total {sum(pool)}")
    placed = mine.get("rop", {})
    if placed:
        y = _lines(d, y, "On the Roll of Parliament: " + "; ".join(
            f"{style.block_name(n)} {'+'.join(map(str, m))}" for n, m in sorted(placed.items())))
    picks = mine.get("picks") or []
    if picks or mine.get("picked"):
        y = _lines(d, y, "Your secret choice so far: " + ", ".join(map(str, picks + list(mine.get("picked", [])))))
    return img.crop((0, 0, WIDTH, min(2400, y + 16)))


def _title(card: str) -> str:
    if card.startswith("op"):
        return data().card(int(card[2:])).title
    return data().house_card(card).title


def _cards(d, y, hand) -> int:
    for i, card in enumerate(hand):
        x = 20 + (i % 2) * (CARD_W + 12)
        yy = y + (i // 2) * (CARD_H + 10)
        if card.startswith("op"):
            c = data().card(int(card[2:]))
            kind, ops, text = c.type, c.ops, c.text
        else:
            c = data().house_card(card)
            kind, ops, text = c.type, c.ops, c.text
        d.rounded_rectangle([x, yy, x + CARD_W, yy + CARD_H], radius=10, fill=(255, 252, 244), outline=INK, width=2)
        d.text((x + 12, yy + 8), c.title, font=fit_font(c.title, CARD_W - 90, 26, True, minimum=20), fill=INK,
               anchor="la")
        d.text((x + CARD_W - 12, yy + 6), "—" if ops is None else str(ops), font=font(34, True), fill=INK,
               anchor="ra")
        d.text((x + 12, yy + 40), f"{card.upper()} · {kind}" + ("" if ops is None else f" · {ops} OPS"),
               font=font(22, True), fill=(90, 70, 50), anchor="la")
        for j, line in enumerate(wrap(text, font(22), CARD_W - 24)[:4]):
            d.text((x + 12, yy + 70 + j * 26), line, font=font(22), fill=INK, anchor="la")
    rows = (len(hand) + 1) // 2
    return y + rows * (CARD_H + 10) + (6 if rows else 0)


def _lines(d, y, text, bold=False) -> int:
    f = font(26, bold)
    for line in wrap(text, f, WIDTH - 40):
        d.text((20, y), line, font=f, fill=INK, anchor="la")
        y += 34
    return y + 4


def _blocks_by_place(d, y, scene: Scene) -> int:
    places: dict[str, list[str]] = {}
    for b, s in sorted(scene.own_blocks.items()):
        places.setdefault(s["at"], []).append(b)
    if not places:
        return _lines(d, y, "none")
    for place in sorted(places, key=_place_name):
        blocks = places[place]
        label = _place_name(place)
        d.text((20, y + 22), label, font=fit_font(label, 230, 26, True, minimum=20), fill=INK, anchor="lm")
        x = 260
        for b in blocks:
            s = scene.own_blocks[b]
            text = f"{style.block_name(b)} {s['strength']} · {style.rating(b, s['strength'])}"
            if s.get("host"):
                text += f" (with {style.block_name(s['host'])})"
            w = int(font(24, True).getlength(text)) + 22
            if x + w > WIDTH - 20:
                x, y = 260, y + 50
            style.chip(d, (x, y, x + w, y + 44), scene.role, text, 24)
            x += w + 8
        y += 52
    return y + 4


def _place_name(place: str) -> str:
    if place.startswith("exile/"):
        return data().board.exile_boxes[place.split("/", 1)[1]].name + " (exile)"
    return data().shire(place).name

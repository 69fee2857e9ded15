"""The house picture (``hand``, private): the viewer's cards in hand, heir cards, blocks by shire with
strength and dice, blocks off the map, IP markers in stock and in the pool (values), markers placed on the
Roll of Parliament (values), and the secret picks not yet revealed. Drawn from the viewer's own view only."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from rules.crownofroses.board import data

from ..core import INK, NoPicture, PAPER, WIDTH, fit_font, font, title_strip, whose_fill, wrap
from ..kit.layout import legend_text, mark
from ..kit.legibility import abbreviations
from . import style
from .view_reader import Scene

CARD_W, CARD_H = 574, 178


def draw_house(scene: Scene) -> Image.Image:
    """The house picture; a house with so much to show that it would pass the picture's 2400 px is set
    again with tighter line spacing (the type stays the same size: nothing is cut or shrunk)."""
    if scene.role is None:
        raise NoPicture("A spectator has no house.")
    img, bottom = _draw_house(scene, Spacing())
    if bottom > MAX_H:
        img, bottom = _draw_house(scene, Spacing(line=26, title=29, gap=6, text=30))
    return img.crop((0, 0, WIDTH, min(MAX_H, bottom)))


@dataclass(frozen=True)
class Spacing:
    """Line pitches of the house picture (px): card text, card titles, between cards, other lines."""

    line: int = 29
    title: int = 32
    gap: int = 10
    text: int = 34


MAX_H = 2400


def _draw_house(scene: Scene, sp: "Spacing") -> tuple[Image.Image, int]:
    role = scene.role
    v = scene.view
    img = Image.new("RGB", (WIDTH, MAX_H + 400), PAPER)
    d = ImageDraw.Draw(img)
    title_strip(d, (0, 0, WIDTH, 96), f"House of {style.house_name(role)} — private", scene.detail, scene.whose,
                whose_fill([r for r in scene.waiting if r in scene.houses], {h: style.fill(h) for h in scene.houses}))
    y = 112
    hand = v["zones"].get(f"hand:{role}") or []
    y = style.heading(d, 20, y, f"Hand ({len(hand)} cards)")
    y = _cards(d, y, hand, sp)
    heirs = v["heir_cards"].get(role, [])
    played = v["zones"].get(f"play:{role}") or []
    text = "Heir cards: " + (", ".join(_title(c) for c in heirs) or "none")
    y = _lines(d, sp, y, text, bold=True)
    if played:
        y = _lines(d, sp, y, "In play: " + ", ".join(_title(c) for c in played))
    y = style.heading(d, 20, y + 8, "Blocks on the map")
    y = _blocks_by_place(d, y, scene)
    with legend_text():
        y = _lines(d, sp, y, style.DICE_KEY + ".")
    off = [(b, s) for b, s in sorted(v["off_map"].items()) if s and s["house"] == role]
    if off:
        y = _lines(d, sp, y, "Off the map: " + "; ".join(f"{style.block_name(b)} ({s['status']}, {s['strength']})"
                                                     for b, s in off))
    mine = scene.mine
    y = style.heading(d, 20, y + 8, "Influence markers (values: yours only)")
    y = _lines(d, sp, y, "Stock: " + (" ".join(map(str, sorted(mine.get("stock", []), reverse=True))) or "empty")
               + f"   (total {sum(mine.get('stock', []))})")
    pool = mine.get("pool", [])
    y = _lines(d, sp, y, f"Pool: {len(pool)} markers, total {sum(pool)}")
    placed = mine.get("rop", {})
    if placed:
        y = _lines(d, sp, y, "On the Roll of Parliament: " + "; ".join(
            f"{style.block_name(n)} {'+'.join(map(str, m))}" for n, m in sorted(placed.items())))
    picks = mine.get("picks") or []
    if picks or mine.get("picked"):
        y = _lines(d, sp, y, "Your secret choice so far: " + ", ".join(_pick_text(p) for p in
                                                                    picks + list(mine.get("picked", []))))
    return img, y + 16


def _pick_text(pick) -> str:
    """A secret pick in words: a card's title, a place or noble and a marker's value."""
    if isinstance(pick, (list, tuple)) and len(pick) == 2:
        return f"{_pick_text(pick[0])} {pick[1]}"
    text = str(pick)
    if ":" in text:             # an action id ("card:op14:free"): each part in words
        return " · ".join(_pick_text(part).replace("_", " ") for part in text.split(":"))
    if text.startswith("op") and text[2:].isdigit() or text in data().house_cards:
        return _title(text)
    if text in data().blocks or text == style.GARRISON:
        return style.block_name(text)
    if text in data().board.shires:
        return data().shire(text).name
    return text


def _title(card: str) -> str:
    if card.startswith("op"):
        return data().card(int(card[2:])).title
    return data().house_card(card).title


CARD_PX = 24          # a card's text: 8 px on a phone; every line is shown (the card grows to fit)


def _card_parts(card: str):
    """(title, kind, operations points, text) of an operations card or a house card."""
    c = data().card(int(card[2:])) if card.startswith("op") else data().house_card(card)
    return c.title, c.type, c.ops, c.text


def _cards(d, y, hand, sp: Spacing) -> int:
    """The cards two by two; each row as tall as its longer card's whole text."""
    body, head = font(CARD_PX), font(26, True)
    laid = [(_card_parts(card), wrap(_card_parts(card)[0], head, CARD_W - 90),
             wrap(_card_parts(card)[3], body, CARD_W - 24)) for card in hand]
    for row in range(0, len(laid), 2):
        pair = laid[row:row + 2]
        h = max(8 + sp.title * len(titles) + 34 + sp.line * len(lines) + 8 for _, titles, lines in pair)
        for i, ((_, kind, ops, _), titles, lines) in enumerate(pair):
            x = 20 + i * (CARD_W + 12)
            box = (x, y, x + CARD_W, y + h)
            d.rounded_rectangle(box, radius=10, fill=(255, 252, 244), outline=INK, width=2)
            mark(d, "frame", box, "card")
            for j, line in enumerate(titles):
                d.text((x + 12, y + 8 + sp.title * j), line, font=head, fill=INK, anchor="la")
            d.text((x + CARD_W - 12, y + 6), "—" if ops is None else str(ops), font=font(34, True), fill=INK,
                   anchor="ra")
            top = y + 8 + sp.title * len(titles)
            what = kind + ("" if ops is None else f" · {ops} operations point{'s' if ops != 1 else ''}")
            d.text((x + 12, top + 2), what, font=font(CARD_PX, True), fill=(90, 70, 50), anchor="la")
            for j, line in enumerate(lines):
                d.text((x + 12, top + 34 + j * sp.line), line, font=body, fill=INK, anchor="la")
        y += h + sp.gap
    words = " ".join(_card_parts(card)[3] for card in hand)
    used = [f"{a} {w}" for a, w in style.ABBREVIATIONS.items() if a in abbreviations(words)]
    if used:
        with legend_text():
            y = _lines(d, sp, y, "On the cards: " + "; ".join(used) + ".")
    return y + (6 if laid else 0)


def _lines(d, sp: Spacing, y, text, bold=False) -> int:
    f = font(26, bold)
    for line in wrap(text, f, WIDTH - 40):
        d.text((20, y), line, font=f, fill=INK, anchor="la")
        y += sp.text
    return y + 4


def _blocks_by_place(d, y, scene: Scene) -> int:
    places: dict[str, list[str]] = {}
    for b, s in sorted(scene.own_blocks.items()):
        places.setdefault(s["at"], []).append(b)
    if not places:
        return _lines(d, Spacing(), y, "none")
    for place in sorted(places, key=_place_name):
        blocks = places[place]
        label = _place_name(place)
        d.text((20, y + 22), label, font=fit_font(label, 230, 26, True, minimum=24), fill=INK, anchor="lm")
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

"""The tracks and displays picture (``board``): turn and phase, the impulse order and the revealed command
cards, per house its popular support, income, VP, turns as King, votes, IP markers and cards; the offices
and their holders; the Roll of Parliament with the IP markers on each noble: how many for everyone, which
values for the house that placed them (``view["mine"]``)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.crownofroses.board import data

from ..core import ACCENT, INK, PAPER, READ, WIDTH, fit_font, font, title_strip, whose_fill, wrap
from . import style
from .view_reader import Scene, phase_name

PHASES = ("draw", "operations", "royal", "offices", "winter", "cleanup")
ROW = 46


def draw_tracks(scene: Scene) -> Image.Image:
    v = scene.view
    img = Image.new("RGB", (WIDTH, 2400), PAPER)
    d = ImageDraw.Draw(img)
    title_strip(d, (0, 0, WIDTH, 96), scene.title, scene.detail, scene.whose,
                whose_fill([r for r in scene.waiting if r in scene.houses], {h: style.fill(h) for h in scene.houses}))
    y = _turns(d, v, 112)
    y = _phases(d, v, y)
    y = _order(d, scene, y)
    y = _houses(d, scene, y + 6)
    y = _support(d, scene, y + 6)
    y = _offices(d, scene, y + 6)
    y = _roll(d, scene, y + 6)
    return img.crop((0, 0, WIDTH, min(2400, y + 16)))


def _turns(d, v, y) -> int:
    d.text((20, y + 22), "Turn", font=font(30, True), fill=INK, anchor="lm")
    first = data().scenario(v["scenario"]).first_turn
    turns = list(range(first, v["last_turn"] + 1))
    x, w = 124, min(100, (WIDTH - 144) // max(1, len(turns)))
    for t in turns:
        now = t == v["turn"]
        d.rounded_rectangle([x, y, x + w - 8, y + 44], radius=8, fill=ACCENT if now else (232, 224, 204),
                            outline=INK, width=3 if now else 1)
        d.text((x + (w - 8) / 2, y + 22), str(t), font=font(28, True), fill=INK, anchor="mm")
        x += w
    return y + 56


def _phases(d, v, y) -> int:
    d.text((20, y + 22), "Phase", font=font(30, True), fill=INK, anchor="lm")
    x = 124
    w = (WIDTH - 144) // len(PHASES)
    for p in PHASES:
        now = v["phase"] == p
        d.rounded_rectangle([x, y, x + w - 8, y + 44], radius=8, fill=ACCENT if now else (232, 224, 204),
                            outline=INK, width=3 if now else 1)
        text = phase_name(p)
        d.text((x + (w - 8) / 2, y + 22), text, font=fit_font(text, w - 16, 26, True, minimum=20), fill=INK,
               anchor="mm")
        x += w
    if v["phase"] not in PHASES:
        y += 50
        d.text((110, y + 10), f"Now: {phase_name(v['phase'])}", font=font(28, True), fill=INK, anchor="la")
    return y + 56


def _order(d, scene: Scene, y) -> int:
    v = scene.view
    current, impulses = v["impulse"]
    text = "Impulse order:"
    d.text((20, y + 22), text, font=font(28, True), fill=INK, anchor="lm")
    x = 20 + font(28, True).getlength(text) + 12
    for i, h in enumerate(v["order"]):
        card = v["command"].get(h)
        label = f"{i + 1}. {style.house_name(h)}" + (f": {_card_title(card)}" if card else "")
        w = min(int(font(24, True).getlength(label)) + 24, WIDTH - 40)
        if x + w > WIDTH - 20:
            x, y = 20, y + 52
        style.chip(d, (x, y, x + w, y + 44), h, label, 24)
        x += w + 8
    y += 52
    if impulses:
        d.text((20, y + 4), f"Impulse {current} of {impulses}", font=font(28), fill=INK, anchor="la")
        y += 42
    return y


def _card_title(card: str) -> str:
    if card.startswith("op"):
        return data().card(int(card[2:])).title
    return data().house_card(card).title


def _houses(d, scene: Scene, y) -> int:
    v = scene.view
    cols = [("House", 200), ("Support", 120), ("Income", 120), ("VP", 80), ("King ×", 110), ("Votes", 100),
            ("IP stock / pool", 220), ("Cards", 110)]
    x = 20
    for name, w in cols:
        d.text((x, y), name, font=font(24, True), fill=INK, anchor="la")
        x += w
    y += 34
    for h in scene.houses:
        hand = v["zones"].get(f"hand:{h}")
        cells = [str(v["support"][h]), str(v["income"][h]), str(v["vp"][h]), str(v["kingships"][h]),
                 str(v["votes"][h]), f"{v['ip'][h]['stock']} / {v['ip'][h]['pool']}",
                 str(len(hand) if isinstance(hand, list) else hand or 0)]
        style.chip(d, (20, y, 20 + cols[0][1] - 12, y + ROW - 6), h, style.house_name(h), 26)
        x = 20 + cols[0][1]
        for (name, w), text in zip(cols[1:], cells):
            d.text((x + 8, y + (ROW - 6) / 2), text, font=font(28, True), fill=INK, anchor="lm")
            x += w
        y += ROW
    note = ("Victory points (VP); influence markers (IP) in stock / in the pool: how many (values stay hidden "
            "until revealed)")
    for line in wrap(note, font(READ), WIDTH - 40):
        d.text((20, y + 2), line, font=font(READ), fill=(80, 80, 80), anchor="la")
        y += READ + 8
    return y + 6


def _support(d, scene: Scene, y) -> int:
    v = scene.view
    low, high = data().board.support_range
    d.text((20, y + 26), "Popular support", font=font(28, True), fill=INK, anchor="lm")
    x0 = 250
    w = (WIDTH - x0 - 20) // (high - low + 1)
    for level in range(low, high + 1):
        x = x0 + (level - low) * w
        d.rectangle([x, y, x + w - 4, y + 56], fill=(232, 224, 204), outline=INK, width=1)
        d.text((x + 4, y + 2), str(level), font=font(24, True), fill=INK, anchor="la")
        here = [h for h in scene.houses if v["support"][h] == level]
        for i, h in enumerate(here):
            cx = x + 40 + i * 24
            d.ellipse([cx - 13, y + 34 - 13, cx + 13, y + 34 + 13], fill=style.fill(h), outline=style.edge(h),
                      width=3)
    return y + 70


def _offices(d, scene: Scene, y) -> int:
    v = scene.view
    y = style.heading(d, 20, y, "Offices and their holders")
    col_w = WIDTH - 40
    for i, (office, holder) in enumerate(v["offices"].items()):
        x = 20
        yy = y + i * ROW
        card = data().office(office)
        house = _house_of(scene, holder) if holder else None
        d.rounded_rectangle([x, yy, x + 52, yy + ROW - 8], radius=6, fill=style.GOLD, outline=INK, width=2)
        d.text((x + 26, yy + (ROW - 8) / 2), style.OFFICE_SHORT[office], font=font(24, True), fill=INK, anchor="mm")
        text = f"{card.name}: " + (style.block_name(holder) if holder else "vacant")
        if house:
            text += f" ({style.house_name(house)})"
        d.text((x + 62, yy + (ROW - 8) / 2), text, font=fit_font(text, col_w - 76, 26, minimum=24), fill=INK,
               anchor="lm")
    return y + len(v["offices"]) * ROW + 6


def _house_of(scene: Scene, block: str) -> str | None:
    """The holder's house when the view shows it (off the map, or the viewer's own block)."""
    off = scene.view["off_map"].get(block)
    if off:
        return off["house"]
    own = scene.own_blocks.get(block)
    return own["house"] if own else None


def _roll(d, scene: Scene, y) -> int:
    v = scene.view
    y = style.heading(d, 20, y, "Roll of Parliament — IP markers on each noble")
    mine = (scene.mine or {}).get("rop", {})
    nobles = [b for b in data().blocks.values() if b.rop_box]
    cols = 3
    col_w = (WIDTH - 40) // cols
    cell_h = 70
    for i, b in enumerate(nobles):
        x = 20 + (i % cols) * col_w
        yy = y + (i // cols) * cell_h
        d.rectangle([x, yy, x + col_w - 8, yy + cell_h - 6], fill=(252, 248, 238), outline=(120, 110, 100), width=1)
        roses = " ".join(f"{n}{c[0].upper()}" for c, n in sorted(b.rop_roses.items()))
        head = f"{b.name}"
        need = f"≥{b.rop_threshold} {roses}".strip()
        need_w = font(24).getlength(need)
        d.text((x + 6, yy + 4), head, font=fit_font(head, int(col_w - 30 - need_w), 24, True, minimum=24), fill=INK,
               anchor="la")
        d.text((x + col_w - 14, yy + 4), need, font=font(24), fill=(80, 80, 80), anchor="ra")
        counts = v["rop"].get(b.id, {})
        cx = x + 6
        for h in scene.houses:
            n = counts.get(h, 0)
            if not n:
                continue
            label = f"{n}" + (f" ({'+'.join(map(str, mine[b.id]))})" if h == scene.role and b.id in mine else "")
            w = int(font(24, True).getlength(label)) + 18
            style.chip(d, (cx, yy + 32, cx + w, yy + cell_h - 9), h, label, 24)
            cx += w + 4
    rows = (len(nobles) + cols - 1) // cols
    y += rows * cell_h
    note = ("Chip: a house's markers on the box, how many (and their values, for their owner only). "
            "≥ the threshold to win the noble; roses (R red, W white, Y yellow, B blue) add to that colour's bid.")
    for line in wrap(note, font(READ), WIDTH - 40):
        d.text((20, y + 4), line, font=font(READ), fill=(80, 80, 80), anchor="la")
        y += READ + 8
    return y + 8

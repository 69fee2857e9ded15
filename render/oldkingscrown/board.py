"""The kingdom board picture (``map``)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..kit.cards import BACK_LINE, back_lines
from ..kit.strip import title_strip, whose_fill
from ..kit.style import ACCENT, INK, READ, WIDTH
from ..kit.tableau import grid
from ..kit.text import fit_font, font, wrap
from .style import BOARD_BG, FACTION_FILL, FACTION_SHORT, GOLD, REGION_BG, SUIT_FILL, card_back, card_face, \
    card_height, chip, disc, section

ROMAN = ["I", "II", "III"]
CARD_W, CARD_H = 280, 84


def _title(view):
    season = view["season"].title()
    who = view["role"]
    detail = f"{season}" + (f" — clash in {view['regions'][view['clash']['region']]['name']}" if view["clash"] else "")
    detail += f" · picture for {FACTION_SHORT[who]}" if who else " · public"
    waiting = view["waiting"]
    whose = ("Waiting: " + ", ".join(FACTION_SHORT[f] for f in waiting)) if waiting else (
        "Game over" if view["season"] == "over" else "")
    return f"The Old King's Crown — Round {view['round']} of {view['rounds']}", detail, whose


def draw_board(view) -> Image.Image:
    img = Image.new("RGB", (WIDTH, 2400), BOARD_BG)
    d = ImageDraw.Draw(img)
    title, detail, whose = _title(view)
    title_strip(d, (0, 0, WIDTH, 96), title, detail, whose, whose_fill(view["waiting"], FACTION_FILL))
    y = 110
    # Order Track and the Favour
    d.text((20, y + 26), "Order", font=font(30, True), fill=INK, anchor="lm")
    factions = view["order"]
    for i, (f, box) in enumerate(zip(factions, grid(len(factions), len(factions), 120, y, 235, 52, 245, 0))):
        chip(d, box, f, f"{i + 1}. {FACTION_SHORT[f]} {view['players'][f]['influence']}★")
    y += 64
    fav = view["favour"]
    text = (f"Kingdom's Favour: {FACTION_SHORT[fav['holder']]} ({fav['uses']} use{'s' if fav['uses'] != 1 else ''} left)"
            if fav["holder"] else "Kingdom's Favour: on the Harvest Field")
    d.text((20, y + 4), text + "   ★ = influence · H = herald", font=font(28), fill=INK, anchor="la")
    y += 48
    # Great Road
    y = section(d, 20, y, f"The Great Road  (Kingdom deck {view['kingdom_deck']})")
    x = 20
    for k in view["road"]:
        box = (x, y, x + 282, y + 104)
        if k:
            fill = SUIT_FILL[k["suit"]]
            d.rounded_rectangle(box, radius=8, fill=(252, 248, 238), outline=fill, width=4)
            d.rectangle([x + 4, y + 4, x + 278, y + 30], fill=fill)
            d.text((x + 12, y + 17), k["suit"].title(), font=font(24, True), fill=(255, 255, 255), anchor="lm")
            size = next((s for s in (28, 26, 24) if len(wrap(k["name"], font(s, True), 262)) <= 2), 24)
            for j, line in enumerate(wrap(k["name"], font(size, True), 262)):
                d.text((x + 12, y + 36 + j * 30), line, font=font(size, True), fill=INK, anchor="la")
        else:
            d.rounded_rectangle(box, radius=8, outline=(150, 150, 150), width=2)
        x += 294
    y += 118
    # Regions in clash-marker order when set
    order = view["clash_order"] or list(view["regions"])
    for r in order:
        y = _region(d, view, r, y) + 12
    y = _councils(d, view, y + 4)
    lost = {}
    for c in view["lost"]:
        lost[c["faction"]] = lost.get(c["faction"], 0) + 1
    text = "Lost Pile: " + (", ".join(f"{FACTION_SHORT[f]} {n} card{'s' if n != 1 else ''}" for f, n in lost.items())
                            or "empty")
    d.text((20, y + 6), text, font=fit_font(text, WIDTH - 40, 28, minimum=READ), fill=INK, anchor="la")
    y += 50
    return img.crop((0, 0, WIDTH, min(2400, y + 10)))


def _region(d, view, r, y0):
    reg = view["regions"][r]
    clash = view["clash"]
    live = clash and clash["region"] == r
    # the cards beside the region: one column per faction, in Order Track order
    columns = list(view["order"])
    col_w = (WIDTH - 48) // len(columns)
    piles = {f: [(c, _card_note(view, c, live)) for c in reg["cards"] if c["owner"] == f] for f in columns}
    tall = {f: sum(_pile_height(c, col_w - 10, note) + 8 for c, note in pile) for f, pile in piles.items()}
    stack = max(tall.values(), default=0)
    header = 66 + (36 if live else 0)
    height = header + 96 + (34 + stack if stack else 0) + 8
    box = (10, y0, WIDTH - 10, y0 + height)
    d.rounded_rectangle(box, radius=14, fill=REGION_BG[r], outline=ACCENT if live else INK, width=6 if live else 2)
    # header: clash marker, name, supporters, clash totals
    marker = ""
    if r in view["clash_order"]:
        marker = ROMAN[view["clash_order"].index(r)]
    if marker:
        done = r in view["resolved"]
        d.ellipse([24, y0 + 10, 72, y0 + 58], fill=(150, 150, 150) if done else GOLD, outline=INK, width=2)
        d.text((48, y0 + 34), marker, font=font(26, True), fill=INK, anchor="mm")
    d.text((86, y0 + 34), reg["name"], font=font(34, True), fill=INK, anchor="lm")
    x = max(420, 86 + font(34, True).getlength(reg["name"]) + 40)
    for f, n in reg["supporters"].items():
        if n:
            disc(d, x, y0 + 34, 21, f, str(n))
            x += 50
    if x > 420:
        d.text((x, y0 + 34), "supporters", font=font(READ), fill=INK, anchor="lm")
    if live:          # the clash under way, on its own row under the name
        totals = " · ".join(f"{FACTION_SHORT[f]} {v}" for f, v in clash["strength"].items())
        label = ("Tie clash: " if clash["number"] > 1 else "Clash: ") + totals
        d.text((24, y0 + 80), label, font=fit_font(label, WIDTH - 60, 28, True, minimum=READ), fill=INK, anchor="lm")
    # locations
    y = y0 + header - 2
    for i, (loc, info) in enumerate(reg["locations"].items()):
        lx = 24 + i * 582
        d.rounded_rectangle((lx, y, lx + 566, y + 86), radius=10, fill=(250, 246, 236), outline=(120, 110, 90), width=2)
        d.text((lx + 12, y + 8), info["name"], font=font(28, True), fill=INK, anchor="la")
        hx = lx + 24
        for f in info["heralds"]:
            disc(d, hx, y + 60, 20, f, "H")
            hx += 46
        tokens = ", ".join(f"{FACTION_SHORT[f]} {n}" for f, n in info["tokens"].items() if n)
        if tokens:
            text = "tokens " + tokens
            d.text((lx + 556, y + 60), text, font=fit_font(text, int(556 - (hx - lx)), READ, minimum=24),
                   fill=INK, anchor="rm")
    # cards beside the region
    y += 96
    if stack:
        for i, f in enumerate(columns):
            cx = 24 + i * col_w
            d.text((cx + 4, y + 14), FACTION_SHORT[f], font=font(READ, True), fill=FACTION_FILL[f], anchor="lm")
            cy = y + 34
            for c, note in piles[f]:
                h = _pile_height(c, col_w - 10, note)
                b = (cx, cy, cx + col_w - 10, cy + h)
                if c["face_up"]:
                    card_face(d, b, c, f, note)
                else:
                    card_back(d, b, f, _back_label(c))
                cy += h + 8
    return y0 + height


def _card_note(view, c, live) -> str:
    clash = view["clash"]
    if "deploy_influence" in c:
        return f"Deployed ({c['deploy_influence']}★)"
    if live and c.get("clash") is not None and c["clash"] != clash["number"]:
        return "earlier clash"
    return ""


def _pile_height(c, width, note) -> int:
    """A card beside a region: as tall as its words need (a face-down card of one's own names itself)."""
    if c["face_up"]:
        return max(CARD_H, card_height(c, width, note))
    return max(CARD_H, BACK_LINE * len(back_lines(_back_label(c), width)) + 24)


def _back_label(c) -> str:
    return f"yours: {c['name']}" if "name" in c else "face down"


def _councils(d, view, y):
    y = section(d, 20, y, "Councils")
    col_w = (WIDTH - 40) // 3
    bottom = y
    for i, (cid, council) in enumerate(view["councils"].items()):
        x = 20 + i * col_w
        d.rounded_rectangle((x, y, x + col_w - 10, y + 44), radius=8, fill=(60, 60, 70))
        d.text((x + 10, y + 22), council["name"], font=fit_font(council["name"], col_w - 30, 28, True, minimum=24),
               fill=(250, 250, 250), anchor="lm")
        yy = y + 52
        votes = ", ".join(f"{FACTION_SHORT[f]} {v}" for f, v in council["votes"].items() if v)
        for line in wrap("votes: " + (votes or "none"), font(READ), col_w - 20):
            d.text((x + 6, yy), line, font=font(READ), fill=INK, anchor="la")
            yy += 32
        yy += 4
        for e in council["entries"]:
            label = e["name"] if e["entry"] == "card" else "faction marker"
            chip(d, (x, yy, x + col_w - 10, yy + 38), e["owner"],
                 f"{label} ({e['votes']})" if e["entry"] == "card" else label, size=24)
            yy += 44
        bottom = max(bottom, yy)
    return bottom + 8

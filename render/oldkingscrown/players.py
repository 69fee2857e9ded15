"""The players' boards (``players``) and a player's own hand (``hand``)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..core import NoPicture
from ..kit.strip import title_strip, whose_fill
from ..kit.style import INK, READ, WIDTH
from ..kit.text import fit_font, font, wrap
from .style import BOARD_BG, FACTION_FILL, FACTION_SHORT, card_face, card_height, chip

ROW = 36


def draw_players(view) -> Image.Image:
    img = Image.new("RGB", (WIDTH, 2400), BOARD_BG)
    d = ImageDraw.Draw(img)
    who = FACTION_SHORT[view["role"]] if view["role"] else "public"
    title_strip(d, (0, 0, WIDTH, 96), f"Factions — Round {view['round']} of {view['rounds']}",
                f"{view['season'].title()} · picture for {who}",
                ("Waiting: " + ", ".join(FACTION_SHORT[f] for f in view["waiting"])) if view["waiting"] else "",
                whose_fill(view["waiting"], FACTION_FILL))
    y = 108
    for f in view["order"]:
        y = _board(d, view, f, y) + 10
    return img.crop((0, 0, WIDTH, min(2400, y)))


def _line(d, x, y, text, bold=False, width=WIDTH - 60):
    d.text((x, y), text, font=fit_font(text, width, 28, bold, minimum=READ), fill=INK, anchor="la")
    return y + ROW


def _board_lines(p):
    herald = p["herald"].replace("_", " ").title() if p["herald"] else "home"
    spaces = [f"{sp['kingdom']['name']} ({sp['occupier']['name']} {sp['defence']})" if sp else "empty"
              for sp in p["spaces"]]
    spaces += [f"{k['name']} (supply)" for k in p["kingdom_supply"]]
    tiles = "; ".join(t["name"] + (" (exhausted)" if t["exhausted"] else
                                   f" ×{t['uses_left']}" if t["uses_left"] > 1 else "") for t in p["tactics"].values())
    lines = [f"Hand {p['hand_count']}/{p['hand_size']} · deck {p['deck_count']} · discard {len(p['discard'])} · "
             f"herald: {herald}",
             f"Supporters: {p['supporters_home']} on board, {p['supporters_on_map']} on the map, "
             f"{p['supporters_lost']} lost · faction markers {p['markers_free']}",
             "Kingdom: " + "; ".join(spaces), "Tactics: " + tiles,
             "Site of Power: " + ("; ".join(f"{c['name']} ({c['cost']})" for c in p["site"]) or "empty")]
    if p["hq"]:
        lines.append("Headquarters: " + "; ".join(c["name"] for c in p["hq"]))
    lines.append(f"Favour action: {p['favour_action']['name']}" +
                 (f" — holds the Favour, {p['favour_uses']} left" if p["favour_uses"] else ""))
    f = font(28)
    return [w for line in lines for w in wrap(line, f, WIDTH - 60)]


def _board(d, view, f, y0):
    p = view["players"][f]
    lines = _board_lines(p)
    height = 58 + len(lines) * ROW + 12
    d.rounded_rectangle((10, y0, WIDTH - 10, y0 + height), radius=14, fill=(250, 246, 236), outline=FACTION_FILL[f],
                        width=5)
    chip(d, (24, y0 + 10, 330, y0 + 50), f, f"{p['order']}. {p['name']}" + (f" (rival, {p['rival_level']})" if
                                                                           p["seat"] == "rival" else ""))
    d.text((350, y0 + 30), f"{p['influence']} influence · {p['lore']} lore" +
           (f" · {p['site_lore']} lore on Site" if p["site_lore"] else ""), font=font(30, True), fill=INK, anchor="lm")
    y = y0 + 58
    for line in lines:
        d.text((24, y), line, font=font(28), fill=INK, anchor="la")
        y += ROW
    return y0 + height


HAND_CARD_W = 570


def draw_hand(view) -> Image.Image:
    """The viewer's hand (every card whole), what it is placing, Kingdom cards dealt to it, and its own
    faction board: everything a decision of its own needs, sent with the prompt beside the kingdom."""
    if not view.get("me"):
        raise NoPicture("A spectator has no hand.")
    f = view["role"]
    me = view["me"]
    cards = me["hand"]
    img = Image.new("RGB", (WIDTH, 2400), BOARD_BG)
    d = ImageDraw.Draw(img)
    p = view["players"][f]
    title_strip(d, (0, 0, WIDTH, 96), f"{FACTION_SHORT[f]}'s hand — {len(cards)}/{p['hand_size']} cards",
                f"Round {view['round']}, {view['season']} · private", "", FACTION_FILL[f])
    y = 116
    notes = []
    for c in cards:
        placed = [r for r, pc in me.get("placing", {}).items() if pc["id"] == c["id"]]
        notes.append(f"placing: {placed[0].title()}" if placed else "")
    for row in range(0, len(cards), 2):
        pair = list(zip(cards[row:row + 2], notes[row:row + 2]))
        h = max(card_height(c, HAND_CARD_W, note, info=True) for c, note in pair)
        for i, (c, note) in enumerate(pair):
            x = 20 + i * (HAND_CARD_W + 20)
            card_face(d, (x, y, x + HAND_CARD_W, y + h), c, f, note, info=True)
        y += h + 12
    if not cards:
        d.text((20, y), "No cards in hand.", font=font(30), fill=INK, anchor="la")
        y += 48
    if me.get("placing"):
        y = _line(d, 20, y + 10, "Placed so far (face down):", True)
        for r, c in me["placing"].items():
            y = _line(d, 40, y, f"{r.title()}: {c['name']} ({c['strength']})")
    if me.get("dealt"):
        y = _line(d, 20, y + 10, "Kingdom cards dealt to you:", True)
        for k in me["dealt"]:
            for line in wrap(f"{k['name']} ({k['suit']}): {k['text']}", font(28), WIDTH - 80):
                y = _line(d, 40, y, line)
    y = _board(d, view, f, y + 12) + 10
    return img.crop((0, 0, WIDTH, min(2400, y)))

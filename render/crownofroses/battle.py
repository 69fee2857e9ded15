"""The battle picture: the battle being fought (view["battle"], RB 20): the shire, attacker and defender,
the round, each side's main body once revealed (block, strength, dice), how many blocks each side has
engaged and waiting as reinforcements (blanks), and, for a house in the battle, its own blocks there."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.crownofroses.board import data

from ..core import INK, NoPicture, PAPER, READ, WIDTH, fit_font, font, title_strip, whose_fill
from ..kit.layout import legend_text
from . import style
from .view_reader import Scene

BLOCK_W, BLOCK_H = 274, 84     # two to a side's row: the name and "4 · BBG · command 2" in 24 px or more


def draw_battle(scene: Scene) -> Image.Image:
    battle = scene.view.get("battle")
    if not battle:
        raise NoPicture("No battle is being fought now.")
    img = Image.new("RGB", (WIDTH, 1400), PAPER)
    d = ImageDraw.Draw(img)
    title_strip(d, (0, 0, WIDTH, 96), scene.title, scene.detail, scene.whose,
                whose_fill([r for r in scene.waiting if r in scene.houses], {h: style.fill(h) for h in scene.houses}))
    shire = data().shire(battle["shire"]).name
    head = f"Battle in {shire} — round {battle['round'] or 1}"
    d.text((WIDTH / 2, 130), head, font=fit_font(head, WIDTH - 40, 40, True, minimum=28), fill=INK, anchor="mm")
    col_w = (WIDTH - 60) // 2
    bottom = 170
    for i, role in enumerate((battle["attacker"], battle["defender"])):
        x = 20 + i * (col_w + 20)
        bottom = max(bottom, _side(d, scene, battle, role, "Attacker" if i == 0 else "Defender", x, 170, col_w))
    note = (f"Under a block: its strength · {style.DICE_KEY[0].lower()}{style.DICE_KEY[1:]} · its command "
            "rating. Blanks: blocks engaged or waiting whose identity is hidden. A main body is shown once both "
            "sides have chosen (rulebook 20.4).")
    y = bottom + 16
    from ..core import wrap
    with legend_text():
        for line in wrap(note, font(READ), WIDTH - 40):
            d.text((20, y), line, font=font(READ), fill=(80, 80, 80), anchor="la")
            y += READ + 8
    return img.crop((0, 0, WIDTH, y + 16))


def _side(d, scene: Scene, battle, role, label, x, y, w) -> int:
    side = battle["sides"].get(role, {"main": [], "engaged": 0, "reinforcements": 0})
    style.chip(d, (x, y, x + w, y + 52), role, f"{label}: {style.house_name(role)}", 30)
    y += 68
    d.text((x, y), "Main body", font=font(28, True), fill=INK, anchor="la")
    y += 40
    if side["main"]:
        y = _blocks(d, x, y, w, role, [(b, s) for b, s in side["main"]])
    else:
        d.text((x, y), "not revealed yet", font=font(READ), fill=(90, 90, 90), anchor="la")
        y += 40
    d.text((x, y), f"Engaged: {side['engaged']}", font=font(28, True), fill=INK, anchor="la")
    y += 40
    y = _blanks(d, x, y, w, role, side["engaged"])
    d.text((x, y), f"Reinforcements waiting: {side['reinforcements']}", font=font(28, True), fill=INK, anchor="la")
    y += 40
    y = _blanks(d, x, y, w, role, side["reinforcements"])
    if role == scene.role:
        own = [(b, s["strength"]) for b, s in sorted(scene.own_blocks.items()) if s["at"] == battle["shire"]]
        if own:
            d.text((x, y), "Your blocks here", font=font(28, True), fill=INK, anchor="la")
            y = _blocks(d, x, y + 40, w, role, own)
    return y


def _blocks(d, x, y, w, house, blocks) -> int:
    cx = x
    for block, strength in blocks:
        if cx + BLOCK_W > x + w:
            cx, y = x, y + BLOCK_H + 8
        d.rounded_rectangle([cx, y, cx + BLOCK_W, y + BLOCK_H], radius=8, fill=style.fill(house),
                            outline=style.edge(house), width=3)
        ink = style.contrast(style.fill(house))
        name = style.block_name(block)
        d.text((cx + BLOCK_W / 2, y + 8), name, font=fit_font(name, BLOCK_W - 12, 28, True, minimum=24), fill=ink,
               anchor="ma")
        text = f"{strength} · {style.rating(block, strength)}"
        d.text((cx + BLOCK_W / 2, y + BLOCK_H - 8), text, font=fit_font(text, BLOCK_W - 12, 26, True, minimum=24),
               fill=ink, anchor="md")
        cx += BLOCK_W + 8
    return y + BLOCK_H + 14


def _blanks(d, x, y, w, house, count) -> int:
    if not count:
        return y
    cx = x
    for _ in range(count):
        if cx + 52 > x + w:
            cx, y = x, y + 60
        style.blank_block(d, cx, y, 48, house)
        cx += 58
    return y + 64

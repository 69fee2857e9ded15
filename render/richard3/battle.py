"""The Richard III battle picture: both sides' revealed blocks, reserves, losses, the round and the log of
fire and hits. Drawn only when the view holds a battle under way."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..core import ACCENT, INK, PAPER, WHITE, WIDTH, NoPicture, fit_font, font, title_strip, wrap
from .board import load_board
from .model import Battle, BattleSide, Scene
from .pieces import SIDE_FILL, SIDE_NAME, BlockFace, draw_block

BIG = 96
SMALL = 60
GAP = 10


def _band_height(bs: BattleSide) -> int:
    per_row = (WIDTH - 40 + GAP) // (BIG + GAP)
    rows = max(1, (len(bs.blocks) + per_row - 1) // per_row)
    h = 44 + rows * (BIG + GAP + 22)
    if bs.reserves or bs.gone:
        h += 30 + SMALL + GAP + 22
    return h + 10


def draw_battle(scene: Scene) -> Image.Image:
    battle = scene.battle
    if battle is None:
        raise NoPicture("No battle is being fought now.")
    board = load_board()
    area = board.areas.get(battle.area)
    area_name = area.name if area else battle.area
    order = [s for s in ("york", "lancaster") if s in battle.sides] or list(battle.sides)
    # attacker first when known
    order.sort(key=lambda s: 0 if battle.sides[s].role == "attacker" else 1)
    f_log = font(18)
    log_lines = [w for line in battle.log[-10:] for w in wrap(line, f_log, WIDTH - 48)][-12:]
    height = 140 + sum(_band_height(battle.sides[s]) + 14 for s in order) + 44 + 24 * max(len(log_lines), 1) + 16
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    title = f"Battle in {area_name}"
    if battle.round:
        title += f" · round {battle.round}"
    detail_bits = []
    for s in order:
        if battle.sides[s].role:
            detail_bits.append(f"{SIDE_NAME.get(s, s)} {battle.sides[s].role}")
    viewer = "public" if scene.role is None else f"{SIDE_NAME.get(scene.role, scene.role)}'s view"
    detail_bits.append(viewer)
    fill = SIDE_FILL.get(scene.active[0], ACCENT) if len(scene.active) == 1 else ACCENT
    title_strip(d, (0, 0, WIDTH, 84), title, " · ".join(detail_bits), scene.waiting, whose_fill=fill)
    y = 94
    _round_track(d, y, battle.round, battle.step)
    y += 50
    for s in order:
        y = _draw_band(d, y, battle.sides[s]) + 14
    d.line([(16, y), (WIDTH - 16, y)], fill=INK, width=2)
    d.text((20, y + 10), "Fire and hits", font=font(20, True), fill=INK, anchor="la")
    y += 40
    if not log_lines:
        d.text((24, y), "No fire yet.", font=f_log, fill=(90, 90, 90), anchor="la")
    for line in log_lines:
        d.text((24, y), line, font=f_log, fill=INK, anchor="la")
        y += 24
    return img


def _round_track(d: ImageDraw.ImageDraw, y: int, current: int | None, step: str) -> None:
    """Rounds 1-4 as boxes, the current one highlighted, and the stage of the round."""
    d.text((20, y + 20), "Round", font=font(20, True), fill=INK, anchor="lm")
    x = 100
    for r in range(1, 5):
        on = r == current
        box = [x + (r - 1) * 50, y + 2, x + (r - 1) * 50 + 44, y + 38]
        d.rectangle(box, fill=ACCENT if on else (236, 232, 220), outline=INK, width=3 if on else 1)
        d.text(((box[0] + box[2]) / 2, y + 20), str(r), font=font(20, on), fill=INK, anchor="mm")
    if step:
        d.text((x + 4 * 50 + 20, y + 20), step, font=fit_font(step, WIDTH - x - 240, 20, True, 14), fill=INK,
               anchor="lm")


def _marks(d: ImageDraw.ImageDraw, x: float, y: float, size: int, b: BlockFace) -> None:
    """Hits taken in this battle (red badge) and "fired" once the block has acted this round."""
    if b.hits:
        r = 15
        cx, cy = x + size - 2, y + 2
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(210, 30, 30), outline=WHITE, width=2)
        d.text((cx, cy), f"-{b.hits}", font=font(16, True), fill=WHITE, anchor="mm")
    if b.acted:
        d.rounded_rectangle([x + 4, y + size + 2, x + size - 4, y + size + 20], radius=6, fill=(90, 90, 90))
        d.text((x + size / 2, y + size + 11), "acted", font=font(14, True), fill=WHITE, anchor="mm")


STAGES = {"treason": "Treachery rolls", "fight": "Fire", "hits": "Taking hits", "regroup": "Regroup"}


def _draw_band(d: ImageDraw.ImageDraw, y: int, bs: BattleSide) -> int:
    h = _band_height(bs)
    side = bs.side
    d.rounded_rectangle([10, y, WIDTH - 10, y + h], radius=12, fill=(252, 250, 244), outline=INK, width=2)
    d.rounded_rectangle([10, y, 24, y + h], radius=6, fill=SIDE_FILL.get(side, INK), outline=INK, width=2)
    head = f"{SIDE_NAME.get(side, side)}" + (f" ({bs.role})" if bs.role else "")
    strength = sum(b.strength or 0 for b in bs.blocks if b.strength is not None)
    if bs.blocks:
        head += f" · {len(bs.blocks)} block{'s' if len(bs.blocks) != 1 else ''} in battle"
        if strength:
            head += f", strength {strength}"
    d.text((36, y + 22), head, font=fit_font(head, WIDTH - 80, 22, True, 16), fill=INK, anchor="lm")
    x = 36
    by = y + 44
    per_row = (WIDTH - 40 + GAP) // (BIG + GAP)
    if not bs.blocks:
        d.text((x, by + BIG / 2), "No block in battle now.", font=font(18), fill=(90, 90, 90), anchor="lm")
    for i, b in enumerate(bs.blocks):
        r, c = divmod(i, per_row)
        bx, byy = x + c * (BIG + GAP), by + r * (BIG + GAP)
        draw_block(d, bx, byy, BIG, b)
        _marks(d, bx, byy, BIG, b)
    rows = max(1, (len(bs.blocks) + per_row - 1) // per_row)
    by += rows * (BIG + GAP + 22)
    if bs.reserves or bs.gone:
        d.text((x, by + 12), "Reserves", font=font(17, True), fill=INK, anchor="lm")
        rx = x
        ry = by + 26
        for b in bs.reserves:
            draw_block(d, rx, ry, SMALL, b)
            _marks(d, rx, ry, SMALL, b)
            rx += SMALL + GAP
        if bs.gone:
            gx = max(rx + 40, WIDTH // 2)
            d.text((gx, by + 12), "Out (eliminated or retreated)", font=font(17, True), fill=INK, anchor="lm")
            for b in bs.gone:
                draw_block(d, gx, ry, SMALL, b)
                # strike through: a lost block
                d.line([(gx, ry), (gx + SMALL, ry + SMALL)], fill=(230, 120, 0), width=4)
                gx += SMALL + GAP
    return y + h

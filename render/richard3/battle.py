"""The Richard III battle picture: both sides' revealed blocks with the fire rating they fire with now,
hits taken and who has fired this round, the reserves, the blocks that have left the battle (eliminated,
retreated and where to, defected), the round and stage, the log of fire and hits, and a legend of its
marks. Drawn only when the view holds a battle under way."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..core import NoPicture
from ..kit.legend import LegendItem, legend, legend_height
from ..kit.strip import title_strip, whose_fill
from ..kit.style import ACCENT, INK, PAPER, WHITE, WIDTH
from ..kit.tableau import per_row, pill, pill_width, row_count, rows_height, rows_of
from ..kit.text import fit_font, font, wrap
from ..kit.tracks import track
from .model import BattleSide, Departed, Scene, static_data
from .pieces import SIDE_FILL, SIDE_NAME, BlockFace, draw_block

BIG = 124          # a block in the battle
RESERVE = 104      # a reserve block (still labelled, readable)
GONE = 88          # a block that left
BLOCK_W = 160      # every battle block is this wide: room for its whole name at 24 px or more
GAP = 14
PAD = 16
MARK_H = 34        # the row of marks under a block (hits, fired)
TEXT = 28
HIT = (200, 30, 30)
FIRED = (80, 80, 80)
BAND_BG = (252, 250, 244)


def _per_row(size: int) -> int:
    return per_row(WIDTH - 2 * PAD - 30, size, GAP)


def _rows(n: int, size: int) -> int:
    return row_count(n, _per_row(size))


def _mark_rows(b: BlockFace, size: int) -> int:
    """Rows of marks under a block: the hits and "fired" pills side by side when they fit within the
    block's own width (never reaching the neighbour's), else one above the other."""
    if not (b.hits and b.acted):
        return 1
    return 1 if _pill_width(_hits_text(b)) + 6 + _pill_width("fired") <= size else 2


def _grid_height(blocks: list[BlockFace], size: int, spacing: int) -> int:
    return rows_height(blocks, _per_row(BLOCK_W),
                       lambda row: size + MARK_H * max([_mark_rows(b, BLOCK_W) for b in row] or [1]), spacing)


def _band_height(bs: BattleSide) -> int:
    h = 52 + (_grid_height(bs.blocks, BIG, 12) if bs.blocks else 0)
    if bs.reserves:
        h += 44 + _grid_height(bs.reserves, RESERVE, 8)
    if bs.gone:
        h += 44 + _rows(len(bs.gone), BLOCK_W + 10) * (GONE + 72)
    return h + 10


def draw_battle(scene: Scene) -> Image.Image:
    battle = scene.battle
    if battle is None:
        raise NoPicture("No battle is being fought now.")
    area_name = static_data().area_names.get(battle.area, battle.area)
    order = [s for s in ("york", "lancaster") if s in battle.sides]
    order.sort(key=lambda s: 0 if battle.sides[s].role == "attacker" else 1)   # attacker first
    f_log = font(26)
    log_lines = [w for line in battle.log[-12:] for w in wrap(line, f_log, WIDTH - 2 * PAD - 20)][-12:]
    items = _legend_items()
    legend_h = legend_height(len(items), 3) + 10
    height = 112 + 64 + sum(_band_height(battle.sides[s]) + 12 for s in order) + 48 + 36 * max(len(log_lines), 1) \
        + 16 + legend_h
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    title = f"Battle of {area_name}" + (f" · round {battle.round} of 4" if battle.round else "")
    detail_bits = [f"{SIDE_NAME.get(s, s)} {battle.sides[s].role}s" if battle.sides[s].role else SIDE_NAME.get(s, s)
                   for s in order]
    detail_bits.append("public view" if scene.role is None else f"{SIDE_NAME.get(scene.role, scene.role)}'s view")
    whose = scene.result or scene.whose
    title_strip(d, (0, 0, WIDTH, 112), title, " · ".join(detail_bits), whose,
                whose_fill=whose_fill(scene.waiting or scene.active, SIDE_FILL))
    y = 122
    _round_track(d, y, battle.round, battle.step)
    y += 64
    for s in order:
        y = _draw_band(d, y, battle.sides[s]) + 12
    d.line([(PAD, y), (WIDTH - PAD, y)], fill=INK, width=2)
    d.text((PAD + 4, y + 10), "Fire and hits", font=font(TEXT, True), fill=INK, anchor="la")
    y += 48
    if not log_lines:
        d.text((PAD + 10, y), "No fire yet.", font=f_log, fill=(90, 90, 90), anchor="la")
    for line in log_lines:
        d.text((PAD + 10, y), line, font=f_log, fill=INK, anchor="la")
        y += 36
    legend(d, (PAD, height - legend_h, WIDTH - 10, height), items, 3, title="Marks")
    return img


def _round_track(d: ImageDraw.ImageDraw, y: int, current: int | None, step: str) -> None:
    """Rounds 1-4 as boxes, the current one highlighted, and the stage of the round."""
    d.text((PAD, y + 24), "Round", font=font(TEXT, True), fill=INK, anchor="lm")
    x = PAD + 110
    track(d, x, y + 2, [(str(r), r == current) for r in range(1, 5)], 58, 8, 44, TEXT)
    if step:
        sx = x + 4 * 58 + 24
        d.text((sx, y + 24), step, font=fit_font(step, WIDTH - sx - PAD, TEXT, True, 24), fill=INK, anchor="lm")


def _pill_width(text: str, size: int = 24) -> float:
    return pill_width(text, size)


def _hits_text(b: BlockFace) -> str:
    return f"-{b.hits} hit" + ("s" if b.hits > 1 else "")


def _pill(d: ImageDraw.ImageDraw, x: float, y: float, text: str, fill, ink=WHITE, size: int = 24) -> float:
    return pill(d, x, y, text, fill, ink, size, MARK_H - 6)


def _block_grid(d: ImageDraw.ImageDraw, x0: float, y0: float, blocks: list[BlockFace], size: int, spacing: int) -> int:
    """Blocks in rows with their marks underneath; returns the height used."""
    y = y0
    for row in rows_of(blocks, _per_row(BLOCK_W)):
        for c, b in enumerate(row):
            bx = x0 + c * (BLOCK_W + GAP)
            draw_block(d, bx, y, (BLOCK_W, size), b, show_fire_now=True)
            _marks(d, bx, y, size, b)
        y += size + MARK_H * max(_mark_rows(b, BLOCK_W) for b in row) + spacing
    return _grid_height(blocks, size, spacing)


def _marks(d: ImageDraw.ImageDraw, x: float, y: float, size: int, b: BlockFace) -> None:
    """Under the block (never over its face): hits taken in this battle, and "fired" once it has acted
    this round."""
    px, py = x, y + size + 8
    if b.hits:
        px += _pill(d, px, py, _hits_text(b), HIT) + 6
    if b.acted:
        if _mark_rows(b, BLOCK_W) == 2:
            px, py = x, py + MARK_H
        _pill(d, px, py, "fired", FIRED)


def _draw_band(d: ImageDraw.ImageDraw, y: int, bs: BattleSide) -> int:
    h = _band_height(bs)
    side = bs.side
    d.rounded_rectangle([PAD - 6, y, WIDTH - PAD + 6, y + h], radius=12, fill=BAND_BG, outline=INK, width=2)
    d.rounded_rectangle([PAD - 6, y, PAD + 10, y + h], radius=6, fill=SIDE_FILL.get(side, INK), outline=INK, width=2)
    head = f"{SIDE_NAME.get(side, side)}" + (f" ({bs.role})" if bs.role else "")
    strength = sum(b.strength or 0 for b in bs.blocks if b.strength is not None)
    n = len(bs.blocks)
    head += f" · {n} block{'s' if n != 1 else ''} in battle" if n else " · no block in battle now"
    if strength:
        head += f", strength {strength}"
    d.text((PAD + 24, y + 28), head, font=fit_font(head, WIDTH - 2 * PAD - 40, 30, True, 24), fill=INK, anchor="lm")
    x0 = PAD + 24
    by = y + 52
    by += _block_grid(d, x0, by, bs.blocks, BIG, 12) if bs.blocks else 0
    if bs.reserves:
        d.text((x0, by + 20), "Reserves (join the battle in round 2)", font=font(TEXT, True), fill=INK, anchor="lm")
        by += 44
        by += _block_grid(d, x0, by, bs.reserves, RESERVE, 8)
    if bs.gone:
        d.text((x0, by + 20), "Left the battle", font=font(TEXT, True), fill=INK, anchor="lm")
        by += 44
        slot = BLOCK_W + 10
        per = _per_row(slot)
        for i, dep in enumerate(bs.gone):
            r, c = divmod(i, per)
            bx, byy = x0 + c * (slot + GAP), by + r * (GONE + 72)
            _departed(d, bx, byy, dep, slot)
    return y + h


def _departed(d: ImageDraw.ImageDraw, x: float, y: float, dep: Departed, slot: int) -> None:
    """A block that left: its face, greyed and struck through if eliminated, with what happened under it."""
    bx = x + (slot - BLOCK_W) / 2
    draw_block(d, bx, y, (BLOCK_W, GONE), dep.face)
    if dep.fate == "eliminated":
        for colour, width in ((WHITE, 12), (INK, 6)):
            d.line([(bx, y), (bx + BLOCK_W, y + GONE)], fill=colour, width=width)
            d.line([(bx, y + GONE), (bx + BLOCK_W, y)], fill=colour, width=width)
        text = "eliminated"
    elif dep.fate == "retreated":
        text = f"to {dep.to}" if dep.to else "retreated"
        d.polygon([(bx + BLOCK_W - 2, y + GONE / 2 - 14), (bx + BLOCK_W + 12, y + GONE / 2),
                   (bx + BLOCK_W - 2, y + GONE / 2 + 14)],
                  fill=ACCENT, outline=INK)
    elif dep.fate == "defected":
        text = "defected"
    else:
        text = dep.fate or "left"
    if dep.round:
        text2 = f"round {dep.round}"
    else:
        text2 = ""
    f = fit_font(text, slot, 26, True, 24)
    d.text((x + slot / 2, y + GONE + 16), text, font=f, fill=INK, anchor="mm")
    if text2:
        d.text((x + slot / 2, y + GONE + 42), text2, font=font(24), fill=(70, 70, 70), anchor="mm")


def _legend_items() -> list[LegendItem]:
    def sample(d, cx, cy, s):
        draw_block(d, cx - 22, cy - 20, 40, BlockFace("york", name="", kind="noble", strength=2, max=3, rating=""))

    def hits(d, cx, cy, s):
        _pill(d, cx - _pill_width("-1") / 2, cy - 14, "-1", HIT)

    def fired(d, cx, cy, s):
        _pill(d, cx - _pill_width("fired") / 2, cy - 14, "fired", FIRED)

    def gone(d, cx, cy, s):
        draw_block(d, cx - 18, cy - 18, 36, BlockFace("lancaster"))
        for colour, width in ((WHITE, 8), (INK, 4)):
            d.line([(cx - 18, cy - 18), (cx + 18, cy + 18)], fill=colour, width=width)
            d.line([(cx - 18, cy + 18), (cx + 18, cy - 18)], fill=colour, width=width)

    def retreat(d, cx, cy, s):
        draw_block(d, cx - 26, cy - 18, 36, BlockFace("york"))
        d.polygon([(cx + 10, cy - 10), (cx + 28, cy), (cx + 10, cy + 10)], fill=ACCENT, outline=INK)

    def moved(d, cx, cy, s):
        draw_block(d, cx - 18, cy - 18, 36, BlockFace("york", name="", kind="noble", moved=True))

    def ruler(d, cx, cy, s):
        draw_block(d, cx - 16, cy - 16, 32, BlockFace("york", ruler=True))

    def letter(d, cx, cy, s):
        d.text((cx, cy), "A3", font=font(28, True), fill=INK, anchor="mm")

    return [
        LegendItem(letter, "Fires now: A, B, C, D"),
        LegendItem(lambda d, cx, cy, s: d.text((cx, cy), "3", font=font(28, True), fill=INK, anchor="mm"),
                   "Hits on a roll of 1-3"),
        LegendItem(sample, "◆ steps left, ◇ lost"),
        LegendItem(hits, "Hits taken here (-1 hit)"),
        LegendItem(fired, "Acted this round"),
        LegendItem(gone, "Eliminated"),
        LegendItem(retreat, "Retreated (to area)"),
        LegendItem(moved, "Moved this turn"),
        LegendItem(ruler, "King / Pretender"),
    ]

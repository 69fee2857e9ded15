"""The Richard III map picture: the cached static board plus this view's pieces and panels."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ..core import (ACCENT, CACHE, INK, WHITE, LegendItem, arrow, box_exit, path_arrow, pips, point_along, crown, fit_font, font, halo_text,
                    legend, title_strip, wrap)
from .board import (BLOCKS_SIDE, BORDER_STYLE, MAP_H, MAP_TOP, SEA_COLOURS, TITLE_H, WIDTH, Board, dashed_line,
                    draw_icon, draw_static, label_box, load_board, sea_badge, sea_path)
from .model import Scene
from .cards import draw_mini_card
from .pieces import SIDE_FILL, SIDE_NAME, BlockFace, draw_block, legend_block, short_name

PANEL_TOP = MAP_TOP + MAP_H
STATE_TOP = PANEL_TOP + 10
POOLS_TOP = PANEL_TOP + 196
LEGEND_TOP = PANEL_TOP + 352
LEGEND_ROW = 32
SEATS_TOP = LEGEND_TOP + 30 + 5 * LEGEND_ROW + 8
HEIGHT = SEATS_TOP + 128
PUBLIC_BLOCK = 46
PRIVATE_BLOCK = 62
GAP = 5
CONTEST = (255, 120, 0)

MOVE_COLOUR = {"york": (250, 250, 250), "lancaster": (190, 20, 30), "rebel": (20, 20, 20)}
MOVE_EDGE = {"york": (20, 20, 20), "lancaster": (255, 255, 255), "rebel": (255, 255, 255)}


def static_layer(scenario: str) -> Image.Image:
    """Board + legend + panel frames: identical for every view of a scenario, so cached."""
    return CACHE.get(("richard3", scenario or "-", WIDTH, HEIGHT), lambda: _build_static())


def _build_static() -> Image.Image:
    board = load_board()
    img = draw_static(board, HEIGHT)
    d = ImageDraw.Draw(img)
    d.rectangle([0, PANEL_TOP, WIDTH, HEIGHT], fill=(250, 247, 238))
    d.line([(0, PANEL_TOP), (WIDTH, PANEL_TOP)], fill=INK, width=3)
    _draw_legend(d)
    _draw_seats(d, board)
    return img


def _legend_items() -> list[LegendItem]:
    def border(kind):
        def sym(d, cx, cy, s):
            colour, width, dash, gap, limit = BORDER_STYLE[kind]
            d.line([(cx - 26, cy), (cx + 26, cy)], fill=WHITE, width=width + 4)
            dashed_line(d, (cx - 26, cy), (cx + 26, cy), colour, width, dash, gap, round_caps=(kind == "red"))
        return sym

    def icon(kind):
        return lambda d, cx, cy, s: draw_icon(d, kind, cx, cy, 22)

    def contested(d, cx, cy, s):
        d.rounded_rectangle([cx - 24, cy - 12, cx + 24, cy + 12], radius=6, outline=CONTEST, width=4)
        _swords(d, cx, cy, 18)

    def move(d, cx, cy, s):
        arrow(d, (cx - 26, cy - 6), (cx + 18, cy - 6), MOVE_COLOUR["lancaster"], width=5, head=12)
        path_arrow(d, [(cx - 26, cy + 8), (cx + 26, cy + 8)], MOVE_COLOUR["york"], width=4, head=12,
                   outline=INK, dash=8, gap=4)

    def sea(d, cx, cy, s):
        sea_badge(d, cx - 12, cy, "irish-sea")
        sea_badge(d, cx + 14, cy, "north-sea")

    def shield_item(d, cx, cy, s):
        draw_icon(d, "shield", cx, cy, 22)

    def recruit(d, cx, cy, s):
        d.rounded_rectangle([cx - 20, cy - 12, cx + 20, cy + 12], radius=8, fill=MOVE_COLOUR["lancaster"],
                            outline=MOVE_EDGE["lancaster"], width=2)
        d.text((cx, cy), "+1", font=font(16, True), fill=WHITE, anchor="mm")

    def ruler(d, cx, cy, s):
        d.rectangle([cx - 14, cy - 14, cx + 14, cy + 14], fill=(247, 246, 238), outline=INK, width=2)
        d.rectangle([cx - 17, cy - 17, cx + 17, cy + 17], outline=(236, 190, 60), width=3)
        crown(d, cx, cy, 16)

    def labelled(d, cx, cy, s):
        pips(d, cx - 8, cy - 6, 2, 3, 8, fill=INK, empty=INK)
        d.text((cx + 22, cy + 10), "B3", font=font(15, True), fill=INK, anchor="rd")

    def moved(d, cx, cy, s):
        d.rectangle([cx - 14, cy - 14, cx + 14, cy + 14], fill=(247, 246, 238), outline=INK, width=2)
        d.polygon([(cx + 14 - 12, cy - 14), (cx + 14, cy - 14), (cx + 14, cy - 14 + 12)], fill=(236, 190, 60),
                  outline=INK)

    def used(d, cx, cy, s):
        d.rounded_rectangle([cx - 20, cy - 10, cx + 20, cy + 10], radius=7, fill=MOVE_COLOUR["lancaster"],
                            outline=WHITE, width=2)
        d.text((cx, cy), "2/3", font=font(15, True), fill=WHITE, anchor="mm")

    def exile(d, cx, cy, s):
        d.rectangle([cx - 22, cy - 11, cx + 22, cy + 11], fill=(222, 214, 226), outline=(110, 70, 130), width=2)
        for k in range(-22, 22, 8):
            d.line([(cx + k, cy - 11), (cx + k + 10, cy + 11)], fill=(196, 184, 206), width=2)

    return [
        LegendItem(legend_block("york"), "York block (round rose)"),
        LegendItem(legend_block("lancaster"), "Lancaster block (star rose)"),
        LegendItem(legend_block("rebel"), "Rebel block (cross)"),
        LegendItem(labelled, "Own block: pips = strength, B3 = fire"),
        LegendItem(border("yellow"), "Major border: 4 may cross"),
        LegendItem(border("blue"), "River border: 3 may cross"),
        LegendItem(border("red"), "Minor border: 2, then stop"),
        LegendItem(ruler, "King / Pretender (gold frame)"),
        LegendItem(icon("crown"), "Crown area"),
        LegendItem(icon("city"), "City (white York, red Lanc.)"),
        LegendItem(icon("cathedral"), "Cathedral"),
        LegendItem(shield_item, "Noble's seat (one a shield)"),
        LegendItem(icon("port"), "Major port"),
        LegendItem(sea, "Coast: Irish / North / Channel"),
        LegendItem(exile, "Exile area"),
        LegendItem(contested, "Contested: battle here"),
        LegendItem(move, "Moved this turn: land / sea"),
        LegendItem(recruit, "Mustered this turn"),
        LegendItem(moved, "Own block that has moved"),
        LegendItem(used, "Crossings used / limit this turn"),
    ]


def _draw_seats(d: ImageDraw.ImageDraw, board: Board) -> None:
    """Which nobles have a seat (shield) in which area: static, so part of the cached layer."""
    d.text((12, SEATS_TOP), "Seats (one shield each)", font=font(18, True), fill=INK, anchor="la")
    bold, regular = font(15, True), font(15)
    x, y = 12.0, SEATS_TOP + 28
    for a in sorted((a for a in board.land() if a.shields), key=lambda a: a.name):
        name, nobles = f"{a.name}: ", ", ".join(a.shields) + "   "
        w = bold.getlength(name) + regular.getlength(nobles)
        if x + w > WIDTH - 8:
            x, y = 12.0, y + 19
        d.text((x, y), name, font=bold, fill=INK, anchor="la")
        d.text((x + bold.getlength(name), y), nobles, font=regular, fill=INK, anchor="la")
        x += w


def _draw_legend(d: ImageDraw.ImageDraw) -> None:
    legend(d, (12, LEGEND_TOP, WIDTH - 8, HEIGHT - 6), _legend_items(), columns=4, row_height=LEGEND_ROW,
           font_size=16)


# ---- pieces on the map ----------------------------------------------------------------------------
def _grid(n: int) -> int:
    if n <= 3:
        return max(n, 1)
    if n == 4:
        return 2
    if n <= 9:
        return 3
    return 4


def _group_shape(groups: list[list[BlockFace]], size: int, compact: bool):
    """Relative spots of the blocks (York group left, Lancaster right) and the total width/height."""
    groups = [g for g in groups if g]
    spots, left, height = [], 0.0, 0.0
    split = 14
    for group in groups:
        cols = 2 if compact and len(group) > 1 else _grid(len(group))
        rows = (len(group) + cols - 1) // cols
        for i, b in enumerate(group):
            r, c = divmod(i, cols)
            in_row = min(cols, len(group) - r * cols)
            offset = (cols - in_row) * (size + GAP) / 2
            spots.append((left + offset + c * (size + GAP), r * (size + GAP), b))
        left += cols * (size + GAP) - GAP + split
        height = max(height, rows * (size + GAP) - GAP)
    return spots, max(left - split, 0), height


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def layout_blocks(area_box, groups: list[list[BlockFace]], size: int, obstacles: list, prefer: str = "below",
                  bounds=(0, MAP_TOP, WIDTH, MAP_TOP + MAP_H)) -> list[tuple[float, float, BlockFace]]:
    """Place an area's blocks next to its name plate: below it when there is room, else to the right,
    left or above, whichever covers the least of the other name plates and blocks already placed."""
    x0, y0, x1, y1 = area_box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    candidates = []
    for where in [prefer] + [w for w in ("below", "right", "left", "above") if w != prefer]:
        for compact in (False, True):
            spots, w, h = _group_shape(groups, size, compact)
            if where == "below":
                ox, oy = cx - w / 2, y1 + 6
            elif where == "above":
                ox, oy = cx - w / 2, y0 - 6 - h
            elif where == "right":
                ox, oy = x1 + 8, cy - h / 2
            else:
                ox, oy = x0 - 8 - w, cy - h / 2
            rect = (ox, oy, ox + w, oy + h)
            cost = sum(_overlap(rect, o) for o in obstacles)
            # leaving the map is worse than covering something
            outside = (w * h) - _overlap(rect, bounds)
            cost += 4 * outside
            cost += {"below": 0, "right": 300, "left": 300, "above": 600}[where] + (200 if compact else 0)
            if where == prefer:
                cost -= 400
            candidates.append((cost, len(candidates), [(ox + x, oy + y, b) for x, y, b in spots]))
    return min(candidates)[2]


def _swords(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    for sign in (1, -1):
        d.line([(cx - s / 2 * sign, cy - s / 2), (cx + s / 2 * sign, cy + s / 2)], fill=INK, width=4)
        d.line([(cx - s / 2 * sign, cy - s / 2), (cx + s / 2 * sign, cy + s / 2)], fill=WHITE, width=2)
        hx, hy = cx - s * 0.3 * sign, cy + s * 0.3
        d.line([(hx - 4, hy - 4 * sign * -1), (hx + 4, hy + 4 * sign * -1)], fill=INK, width=3)


def draw_map(scene: Scene) -> Image.Image:
    board = load_board()
    img = static_layer(scene.scenario)
    d = ImageDraw.Draw(img)
    private = scene.role in ("york", "lancaster")


    # moves this turn: over the borders and name plates, under the blocks (blocks stay readable)
    _draw_border_use(d, board, scene)
    _draw_moves(d, board, scene)
    placed: dict[str, tuple[float, float, float, float]] = {}
    obstacles = [label_box(a) for a in board.land()]
    # the most crowded areas choose their spot first
    order = sorted(scene.areas.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for area_id, blocks in order:
        a = board.areas.get(area_id)
        if a is None or not blocks:
            continue
        box = label_box(a)
        # labelled blocks need room: private maps use the large size throughout; the public map only
        # where blocks are revealed (a battle)
        size = PRIVATE_BLOCK if private or any(b.known for b in blocks) else PUBLIC_BLOCK
        groups = [[b for b in blocks if _side_key(b, scene) == s] for s in ("york", "lancaster")]
        others = [o for o in obstacles if o != box]
        spots = layout_blocks(box, groups, size, others, BLOCKS_SIDE.get(area_id, "below"))
        for x, y, b in spots:
            draw_block(d, x, y, size, b)
            obstacles.append((x - 2, y - 2, x + size + 5, y + size + 5))
        xs = [s[0] for s in spots] + [box[0]]
        ys = [s[1] for s in spots] + [box[1]]
        placed[area_id] = (min(xs), min(ys), max([s[0] + size for s in spots] + [box[2]]),
                           max([s[1] + size for s in spots] + [box[3]]))
    _draw_recruits(d, board, scene)
    _draw_captive(d, board, scene)
    for area_id in sorted(scene.contested | scene.battle_areas):
        a = board.areas.get(area_id)
        if a is None:
            continue
        x0, y0, x1, y1 = placed.get(area_id, label_box(a))
        d.rounded_rectangle([x0 - 7, y0 - 7, x1 + 10, y1 + 10], radius=10, outline=CONTEST, width=5)
        bx, by = x1 + 12, y0 - 12
        d.ellipse([bx - 16, by - 16, bx + 16, by + 16], fill=ACCENT, outline=INK, width=2)
        _swords(d, bx, by, 18)

    _draw_title(d, scene)
    _draw_state_panel(d, board, scene)
    _draw_pools(d, scene)
    return img


def _side_key(b: BlockFace, scene: Scene) -> str:
    if b.side == "rebel":  # the Rebel fights for the Pretender
        return "york" if scene.king == "lancaster" else "lancaster"
    return b.side


def _draw_border_use(d: ImageDraw.ImageDraw, board: Board, scene: Scene) -> None:
    """Crossings used this turn on a border, over its limit badge: "2/3" in the crossing side's colour."""
    kinds = {"|".join(sorted((a, b))): kind for a, b, kind in board.borders}
    for i, side in enumerate(("york", "lancaster")):
        for key, n in sorted(scene.border_use.get(side, {}).items()):
            if key not in kinds:
                continue
            a, b = key.split("|")
            pa, pb = board.areas[a].pos, board.areas[b].pos
            mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
            limit = BORDER_STYLE[kinds[key]][4]
            text = f"{n}/{limit}"
            f = font(15, True)
            w = f.getlength(text) + 10
            oy = -14 if i == 0 else 14
            box = [mx - w / 2, my + oy - 10, mx + w / 2, my + oy + 10]
            d.rounded_rectangle(box, radius=7, fill=MOVE_COLOUR[side], outline=MOVE_EDGE[side] if side != "york" else INK,
                                width=2)
            d.text((mx, my + oy), text, font=f, fill=MOVE_EDGE[side], anchor="mm")


def _draw_captive(d: ImageDraw.ImageDraw, board: Board, scene: Scene) -> None:
    """Kingmaker: the captive King as a barred tag over his prison's name plate."""
    if not scene.captive or scene.captive[1] not in board.areas:
        return
    name = scene.captive[0]
    x0, y0, x1, y1 = label_box(board.areas[scene.captive[1]])
    text = f"Captive: {name}"
    f = font(16, True)
    w = f.getlength(text) + 34
    cx = (x0 + x1) / 2
    box = [cx - w / 2, y0 - 30, cx + w / 2, y0 - 4]
    d.rounded_rectangle(box, radius=6, fill=SIDE_FILL["lancaster"], outline=INK, width=2)
    for k in range(3):  # prison bars
        bx = box[0] + 8 + k * 6
        d.line([(bx, box[1] + 4), (bx, box[3] - 4)], fill=WHITE, width=2)
    d.text((box[0] + 28, (box[1] + box[3]) / 2), text, font=f, fill=WHITE, anchor="lm")


def _draw_recruits(d: ImageDraw.ImageDraw, board: Board, scene: Scene) -> None:
    """Blocks mustered from the pool this turn: a "+N" tab on the area's name plate."""
    counts: dict[tuple[str, str], int] = {}
    for m in scene.moves:
        if m.kind == "recruit" and m.to in board.areas:
            counts[(m.to, m.side)] = counts.get((m.to, m.side), 0) + m.count
    for (area, side), n in sorted(counts.items()):
        x0, y0, x1, y1 = label_box(board.areas[area])
        colour, edge = MOVE_COLOUR.get(side, INK), MOVE_EDGE.get(side, WHITE)
        text = f"+{n}"
        w = font(17, True).getlength(text) + 14
        d.rounded_rectangle([x0 - w + 6, y0 - 14, x0 + 6, y0 + 12], radius=8, fill=colour, outline=edge, width=2)
        d.rounded_rectangle([x0 - w + 4, y0 - 16, x0 + 8, y0 + 14], radius=9, outline=INK, width=1)
        d.text((x0 - w / 2 + 6, y0 - 1), text, font=font(17, True), fill=edge, anchor="mm")


def _draw_moves(d: ImageDraw.ImageDraw, board: Board, scene: Scene) -> None:
    """This turn's moves: solid arrows over land, dashed arrows along the shipping lanes by sea; the
    number of blocks in a badge; York white, Lancaster red, each with a contrasting edge."""
    for m in scene.moves:
        if m.kind == "recruit":
            continue
        a, b = board.areas.get(m.frm), board.areas.get(m.to)
        if a is None or b is None or a.id == b.id:
            continue
        colour = MOVE_COLOUR.get(m.side, INK)
        edge = MOVE_EDGE.get(m.side, WHITE)
        if m.kind == "sea":
            pts = sea_path(board, a.id, b.id)
            start = box_exit(label_box(a), a.pos, pts[1]) + 4
            end = box_exit(label_box(b), b.pos, pts[-2]) + 12
            path_arrow(d, pts, colour, width=6, head=24, outline=edge, dash=18, gap=8, shorten=start,
                       shorten_end=end)
            mx, my = point_along(pts, 0.5)
        else:
            # offset sideways a little so a move and its return do not coincide
            (x0, y0), (x1, y1) = a.pos, b.pos
            length = math.hypot(x1 - x0, y1 - y0) or 1
            nx, ny = -(y1 - y0) / length * 10, (x1 - x0) / length * 10
            p0, p1 = (x0 + nx, y0 + ny), (x1 + nx, y1 + ny)
            arrow(d, p0, p1, colour, width=7 if m.kind == "land" else 5, head=24, outline=edge,
                  shorten=box_exit(label_box(a), a.pos, b.pos) + 4,
                  shorten_end=box_exit(label_box(b), b.pos, a.pos) + 12)
            mx, my = p0[0] + (p1[0] - p0[0]) * 0.42, p0[1] + (p1[1] - p0[1]) * 0.42
        r = 14
        d.ellipse([mx - r, my - r, mx + r, my + r], fill=colour, outline=edge, width=3)
        d.text((mx, my), str(m.count), font=font(17, True), fill=edge, anchor="mm")


# ---- title, state panel, pools --------------------------------------------------------------------
def _draw_title(d: ImageDraw.ImageDraw, scene: Scene) -> None:
    bits = ["Richard III"]
    if scene.campaign:
        c = f"Campaign {scene.campaign}"
        if scene.year:
            c += f" ({scene.year})"
        bits.append(c)
    if scene.turn:
        bits.append(f"Turn {scene.turn} of {scene.turns}")
    title = " · ".join(bits)
    viewer = "Public map" if scene.role is None else f"{SIDE_NAME.get(scene.role, scene.role)}'s private map"
    detail = " · ".join(x for x in [scene.phase, scene.result_reason, viewer] if x)
    whose = scene.result or scene.waiting
    fill = ACCENT
    if not scene.result and len(scene.active) == 1:
        fill = SIDE_FILL.get(scene.active[0], ACCENT)
    title_strip(d, (0, 0, WIDTH, TITLE_H), title, detail, whose, whose_fill=fill)


THRONE_BOX = (10, STATE_TOP, 600, STATE_TOP + 176)
CARDS_BOX = (610, STATE_TOP, WIDTH - 10, STATE_TOP + 176)


def _draw_state_panel(d: ImageDraw.ImageDraw, board: Board, scene: Scene) -> None:
    """Below the map: the throne and the turn track (left), the cards revealed this turn (right)."""
    x0, y0, x1, y1 = THRONE_BOX
    d.rounded_rectangle(THRONE_BOX, radius=12, fill=(252, 250, 244), outline=INK, width=2)
    y = y0 + 22
    for label, side, heir in (("King", scene.king, scene.king_heir),
                              ("Pretender", _other(scene.king) if scene.king else "", scene.pretender_heir)):
        king = label == "King"
        crown(d, x0 + 24, y, 26 if king else 20, fill=(236, 190, 60) if king else (205, 205, 205))
        text = f"{label}: {SIDE_NAME.get(side, '?')}" + (f" ({heir})" if heir else "")
        d.text((x0 + 46, y), text, font=fit_font(text, x1 - x0 - 56, 21, True, 14), fill=INK, anchor="lm")
        y += 34
    if scene.captive:
        text = f"Captive: {scene.captive[0]} in {board.areas[scene.captive[1]].name if scene.captive[1] in board.areas else scene.captive[1]}"
        d.text((x0 + 300, y0 + 22), text, font=fit_font(text, 280, 17, False, 14), fill=INK, anchor="lm")
    y += 8
    d.text((x0 + 12, y), "Turn", font=font(18, True), fill=INK, anchor="lm")
    cell = 48
    tx = x0 + 110
    for t in range(1, scene.turns + 1):
        on = t == scene.turn
        box = [tx + (t - 1) * (cell + 5), y - 17, tx + (t - 1) * (cell + 5) + cell, y + 17]
        d.rectangle(box, fill=ACCENT if on else (236, 232, 220), outline=INK, width=3 if on else 1)
        d.text(((box[0] + box[2]) / 2, y), str(t), font=font(20, on), fill=INK, anchor="mm")
    y += 44
    d.text((x0 + 12, y), "Campaign", font=font(18, True), fill=INK, anchor="lm")
    first, last = scene.campaigns
    cx = tx
    for c in range(first, last + 1):
        on = c == scene.campaign
        box = [cx, y - 17, cx + 101, y + 17]
        d.rectangle(box, fill=ACCENT if on else (236, 232, 220), outline=INK, width=3 if on else 1)
        label = f"{c}" + (f" ({scene.year})" if on and scene.year else "")
        d.text(((box[0] + box[2]) / 2, y), label, font=font(19, on), fill=INK, anchor="mm")
        cx += 106

    x0, y0, x1, y1 = CARDS_BOX
    d.rounded_rectangle(CARDS_BOX, radius=12, fill=(252, 250, 244), outline=INK, width=2)
    head = "Cards this turn" + (f" · Player 1: {SIDE_NAME.get(scene.player1, scene.player1)}"
                                if scene.player1 else "")
    d.text((x0 + 12, y0 + 18), head, font=font(18, True), fill=INK, anchor="lm")
    w = (x1 - x0 - 36) / 2
    for i, side in enumerate(("york", "lancaster")):
        bx = x0 + 12 + i * (w + 12)
        box = (bx, y0 + 36, bx + w, y1 - 10)
        card = scene.revealed_cards.get(side)
        if card is not None:
            draw_mini_card(d, box, card, side)
        elif side == scene.role and scene.my_card is not None:
            draw_mini_card(d, box, scene.my_card, side, note="chosen, hidden")
        else:
            chosen = scene.chosen.get(side)
            d.rounded_rectangle(box, radius=8, fill=(236, 232, 220), outline=(150, 150, 150), width=2)
            text = f"{SIDE_NAME[side]}:\n" + ("card chosen" if chosen else "no card yet")
            d.multiline_text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=font(18),
                             fill=(80, 80, 80), anchor="mm", align="center")


def _other(side: str) -> str:
    return "lancaster" if side == "york" else "york" if side == "lancaster" else ""


def _draw_pools(d: ImageDraw.ImageDraw, scene: Scene) -> None:
    """Pools (counts publicly; names for the owner), heirs waiting as minors, and the dead."""
    y0 = POOLS_TOP
    half = WIDTH / 2
    for i, side in enumerate(("york", "lancaster")):
        x0 = 16 + i * half
        x1 = x0 + half - 32
        count = scene.pool_counts.get(side)
        known = scene.pool.get(side)
        head = f"{SIDE_NAME[side]} pool: {count if count is not None else len(known or [])} blocks"
        draw_block(d, x0, y0 + 2, 28, BlockFace(side))
        d.text((x0 + 38, y0 + 16), head, font=font(20, True), fill=INK, anchor="lm")
        y = y0 + 40
        lines: list[str] = []
        if known:
            lines.append(", ".join(_pool_name(b) for b in known))
        if scene.minors.get(side):
            lines.append("Minors: " + ", ".join(scene.minors[side]))
        if scene.dead.get(side):
            lines.append("Dead: " + ", ".join(scene.dead[side]))
        if scene.hand_counts.get(side) is not None:
            lines.append(f"Cards in hand: {scene.hand_counts[side]}")
        f = font(16)
        out: list[str] = []
        for line in lines:
            out += wrap(line, f, int(x1 - x0))
        for line in out[:6]:
            d.text((x0, y), line, font=f, fill=INK, anchor="la")
            y += 21


def _pool_name(b: BlockFace) -> str:
    name = short_name(b.name or "?") if b.name and len(b.name) > 12 else (b.name or "?")
    if b.strength is not None and b.max:
        return f"{name} {b.rating or ''} {b.strength}/{b.max}".replace("  ", " ")
    return name

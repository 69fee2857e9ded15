"""The Here I Stand maps: ``map`` (all of Europe), ``region`` (one front at a readable scale) and ``front``
(the region where the move being made happens, for the interception prompt)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.data import load

from ..core import (INK, READ, WHITE, WIDTH, LegendItem, NoPicture, arrow, dashed_line, fit_font, font,
                    halo_text, legend, legend_height, path_arrow, title_strip, whose_fill, wrap)
from . import scene
from .board import board_to_picture, region_layer
from .style import (FILL, LETTER, MAJORS, NAME, SIEGE, chip, fill, moved_mark, power_mark, religion_mark, siege_mark,
                    type_frame, units_text, unrest_mark)

TITLE_H = 96
#: the regional frames on the overview, told apart by colour and named on their tabs
FRAME_COLOURS = [(20, 40, 110), (130, 20, 50), (0, 95, 95), (95, 60, 10), (80, 30, 120), (25, 90, 30),
                 (60, 60, 60), (150, 60, 0)]
MAX_H = 2400
NAME_PX = 26
CHIP_PX = 24            # a chip's figures: 8 px on a phone (render/kit/legibility.py)
SLOT_REACH = 14         # px a row of chips may reach past its slot on either side
LINE = 32


# ---- shared pieces --------------------------------------------------------------------------------------
def title(d, view, heading: str) -> None:
    turn = view.get("turn")
    phase = (view.get("phase") or "").replace("_", " ")
    detail = f"Turn {turn} of {view.get('last_turn')} · {phase}"
    decision = scene.decision_text(view)
    if decision:
        detail += f" · {decision}"
    asked = scene.whose_turn(view)
    names = "every power" if len(asked) == len(MAJORS) else ", ".join(NAME.get(p, p) for p in asked)
    whose = f"Waiting: {names}" if asked else ""          # a window asking all six (Spring Deployment's)
    title_strip(d, (0, 0, WIDTH, TITLE_H), f"Here I Stand — {heading}", detail, whose, whose_fill(asked, FILL))


def _shape_item(power, text):
    """A power's mark, and its name with the letter its chips carry ("Ottoman (O)")."""
    return LegendItem(lambda d, x, y, s, p=power: power_mark(d, x, y, s * 0.36, p), f"{text} ({LETTER[power]})")


def legend_items(region: bool) -> list[LegendItem]:
    items = [_shape_item(p, NAME[p]) for p in MAJORS]
    items.append(LegendItem(lambda d, x, y, s: (power_mark(d, x - s * 0.45, y, s * 0.3, "venice"),
                                                power_mark(d, x + s * 0.45, y, s * 0.3, "hungary")),
                            "Minors: Genoa (G),"))
    # the minors' letters on chips, spelled out
    items.append(LegendItem(lambda d, x, y, s: None, "Hungary-Bohemia (B),"))
    items.append(LegendItem(lambda d, x, y, s: None, "Scotland (S), Venice (V)"))
    items.append(_shape_item("independent", "Independent"))  # (I)
    items += [
        LegendItem(lambda d, x, y, s: type_frame(d, x, y, s * 0.42, "key"), "Key"),
        LegendItem(lambda d, x, y, s: type_frame(d, x, y, s * 0.42, "electorate"), "Electorate"),
        LegendItem(lambda d, x, y, s: type_frame(d, x, y, s * 0.42, "fortress"), "Fortress"),
        LegendItem(lambda d, x, y, s: (power_mark(d, x, y, s * 0.3, "france"), unrest_mark(d, x, y, s * 0.3)),
                   "Unrest"),
        LegendItem(lambda d, x, y, s: siege_mark(d, x, y, s * 0.45, "hapsburg"), "Siege (besieger)"),
        LegendItem(lambda d, x, y, s: religion_mark(d, x, y, s * 0.22), "Protestant faith"),
    ]
    if region:
        items += [
            LegendItem(lambda d, x, y, s: chip(d, (x - 34, y - 15, x + 34, y + 15), "france", "F5★", 24),
                       "5 land, ★ leader"),
            LegendItem(lambda d, x, y, s: chip(d, (x - 34, y - 15, x + 34, y + 15), "hapsburg", "⚓2", 24, True),
                       "Ships"),
            LegendItem(lambda d, x, y, s: arrow(d, (x - 34, y), (x + 34, y), fill("ottoman"), width=6, head=16),
                       "Move / attack"),
            LegendItem(lambda d, x, y, s: path_arrow(d, [(x - 34, y), (x + 34, y)], fill("hapsburg"), width=6,
                                                     head=16, dash=8, gap=6), "Intercept / avoid"),
            LegendItem(lambda d, x, y, s: _pass_sample(d, x, y), "Pass"),
            LegendItem(lambda d, x, y, s: d.ellipse([x - 18, y - 18, x + 18, y + 18], outline=SIEGE, width=5),
                       "Battle here"),
            LegendItem(lambda d, x, y, s: _result_badge(d, x, y, "hapsburg", "3–5"), "Hits: attacker–defender,"),
            LegendItem(lambda d, x, y, s: None, "in the winner's colour"),
            LegendItem(lambda d, x, y, s: moved_mark(d, x, y, 9, "ottoman"), "Moved this impulse"),
        ]
    else:
        items += [
            LegendItem(lambda d, x, y, s: chip(d, (x - 16, y - 15, x + 16, y + 15), "france", "5", 24),
                       "Land units"),
            LegendItem(lambda d, x, y, s: chip(d, (x - 30, y - 15, x + 30, y + 15), "hapsburg", "4+1", 24, True),
                       "+ ships in port"),
            LegendItem(lambda d, x, y, s: chip(d, (x - 30, y - 15, x + 30, y + 15), "ottoman", "3/2", 24),
                       "Two powers' units"),
        ]
    return items


def _pass_sample(d, x, y):
    dashed_line(d, (x - 34, y), (x + 34, y), (150, 80, 30), 4, dash=10, gap=7)
    d.polygon([(x - 10, y + 6), (x, y - 8), (x + 10, y + 6)], fill=(150, 80, 30), outline=WHITE)


def draw_legend(d, y, items, columns=3) -> int:
    return legend(d, (16, y, WIDTH - 16, y + legend_height(len(items), columns)), items, columns,
                  symbol_width=84, font_size=26)


def vp_strip(d, view, y, highlight: str | None = None) -> int:
    """The six powers' VP side by side (shape, name, VP, cards drawn next turn)."""
    vp = view.get("vp") or {}
    draw_next = view.get("cards_to_draw") or {}
    col = WIDTH / 6
    d.text((16, y), "Victory points (VP), and cards each power draws next turn", font=font(28, True), fill=INK,
           anchor="la")
    y += 36
    for i, p in enumerate(MAJORS):
        x0 = i * col + 6
        box = (x0, y, x0 + col - 12, y + 126)
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=fill(p), width=6 if p == highlight else 3)
        power_mark(d, x0 + 26, y + 26, 15, p)
        d.text((x0 + 48, y + 26), NAME[p], font=fit_font(NAME[p], int(col - 66), 26, True, minimum=20), fill=INK,
               anchor="lm")
        d.text((x0 + 12, y + 68), f"{vp.get(p, '?')} VP", font=font(34, True), fill=INK, anchor="lm")
        if p in draw_next:
            d.text((x0 + 12, y + 106), f"{draw_next[p]} cards", font=font(26), fill=(80, 80, 80), anchor="lm")
    return y + 134


# ---- marks --------------------------------------------------------------------------------------------
def _space_mark(d, x, y, r, space_type, controller, in_unrest, protestant, siege, letter=True):
    type_frame(d, x, y, r, space_type)
    power_mark(d, x, y, r * 0.66 if space_type != "unfortified" else r * 0.8, controller, letter=letter)
    if siege:
        siege_mark(d, x, y, r + 4, siege.get("besieger", ""))
    if in_unrest:
        unrest_mark(d, x, y, r * 0.7)
    if protestant:
        rr = max(4, r * 0.3)
        religion_mark(d, x - r + rr, y + r - rr, rr)


def _stack_chips(d, slot, here, size=CHIP_PX):
    """Chips in a space's stack slot: each power's land units (★: with a leader), then ships in port."""
    texts = []
    for s in here:
        if s.land or (s.leaders and not s.naval):
            texts.append((s.power, f"{_letter(s.power)}{s.land}" + ("★" if s.leaders else ""), False))
    for s in here:
        if s.naval:
            texts.append((s.power, f"⚓{s.naval}", True))
    if not texts:
        return
    x0, y0, x1, y1 = slot
    avail = x1 - x0 + 2 * SLOT_REACH
    px = size
    f = font(px, True)
    widths = [int(f.getlength(t)) + 8 for _, t, _ in texts]
    total = sum(widths) + 2 * (len(widths) - 1)
    if total > avail:   # too many for the slot: the count of powers here; the list below names them
        text = f"{len(texts)} stacks"
        w = f.getlength(text) + 10
        chip(d, ((x0 + x1 - w) / 2, y0, (x0 + x1 + w) / 2, y1), texts[0][0], text, px)
        return
    x = (x0 + x1 - total) / 2
    for (power, text, naval), w in zip(texts, widths):
        chip(d, (x, y0, x + w, y1), power, text, px, naval)
        x += w + 2


def _letter(power):
    from .style import LETTER
    return LETTER.get(power, "?")


def _sea_fleets(d, slot, oy, here, size):
    if not here:
        return
    x0, y0, x1, y1 = slot
    _stack_chips(d, (x0, oy + y0, x1, oy + y1),
                 [scene.Stack(s.power, {k: n for k, n in s.units.items()}, s.leaders) for s in here], size)


def _arrow(d, p, q, a, width, head, shorten):
    colour = fill(a.get("power"))
    if a["kind"] in ("intercept", "avoid"):
        path_arrow(d, [p, q], colour, width=width, head=head, dash=10, gap=7, shorten=shorten)
    else:
        arrow(d, p, q, colour, width=width, head=head, shorten=shorten, outline=INK)


def winner_power(e: dict) -> str | None:
    """The power that won a recorded battle or assault (a naval battle's winner is a power already)."""
    won = e.get("winner")
    if won == "attacker":
        return e.get("attacker")
    if won == "defender":
        return (e.get("defenders") or [None])[0]
    return won


def _result_badge(d, x, y, power, text):
    """A recorded battle's hits in the winner's colour, centred on (x, y)."""
    w = 18 + 13 * len(text)
    chip(d, (x - w / 2, y - 16, x + w / 2, y + 16), power, text, 24)


def _battle_marks(d, view, reg, oy, to_picture):
    """This impulse's battles and assaults already rolled: a ring and the hits in the winner's colour."""
    for e in scene.record_battles(view):
        at = _where(e["space"], reg, to_picture)
        if not at or (e["space"] not in reg["spaces"] and e["space"] not in reg["seas"]):
            continue
        x, y = at[0], at[1] + oy
        d.ellipse([x - 25, y - 25, x + 25, y + 25], outline=SIEGE, width=5)
        _result_badge(d, x - 44, max(oy + 20, y - 34), winner_power(e),    # above left: names sit right
                      f"{e.get('attacker_hits', 0)}–{e.get('defender_hits', 0)}")


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


KIND_NAME = {"field_battle": "Battle", "naval_battle": "Naval battle", "assault": "Assault"}


def _record_entries(view, reg) -> list[tuple[str, str]]:
    """(winner, text) for each of this impulse's battles and assaults in the region."""
    shown = set(reg["spaces"]) | set(reg["seas"])
    return [(winner_power(e), f"This impulse — {KIND_NAME[e['kind']]} "
             f"{'in' if e['kind'] == 'naval_battle' else 'at'} {scene.place_name(e['space'])}: "
             f"{scene.battle_result(e)} ({_dice(e.get('attacker_dice', 0))} against {e.get('defender_dice', 0)})")
            for e in scene.record_battles(view) if e["space"] in shown]


# ---- regional pictures ------------------------------------------------------------------------------
def draw_region(view, region: str, heading: str | None = None) -> Image.Image:
    regions = scene.layout()["regions"]
    if region not in regions:
        raise NoPicture(f"No region '{region}'; the regions are {', '.join(regions)}.")
    reg = regions[region]
    data = load()
    stacks = scene.stacks(view)
    control = view.get("control") or {}
    unrest, religion = set(view.get("unrest") or []), set(view.get("religion") or [])
    sieges = view.get("sieges") or {}
    battle = view.get("battle") or {}
    moved: dict[str, list[str]] = {}
    for power, space in view.get("impulse_locks") or []:
        moved.setdefault(space, []).append(power)
    board = region_layer(region)
    mw, mh = board.size
    to_picture = board_to_picture(reg["window"], reg["scale"])
    items = legend_items(region=True)
    entries = _record_entries(view, reg) + _stack_entries(view, reg, stacks)
    legend_h = legend_height(len(items), 3)
    room = MAX_H - (TITLE_H + mh + legend_h + 30) - 50
    columns, placed, list_h = _lay_out_entries(entries, room)
    height = min(MAX_H, TITLE_H + mh + 50 + list_h + legend_h + 30)
    img = Image.new("RGB", (WIDTH, height), (246, 240, 224))
    img.paste(board, (0, TITLE_H))
    d = ImageDraw.Draw(img)
    title(d, view, heading or reg["name"])
    oy = TITLE_H
    if battle.get("space") in reg["spaces"]:
        x, y = reg["spaces"][battle["space"]]["at"]
        d.ellipse([x - 27, oy + y - 27, x + 27, oy + y + 27], outline=SIEGE, width=6)
    for sid, spot in reg["spaces"].items():
        x, y = spot["at"][0], oy + spot["at"][1]
        _space_mark(d, x, y, 20, data.spaces[sid].type, control.get(sid), sid in unrest, sid in religion,
                    sieges.get(sid))
        sx0, sy0, sx1, sy1 = spot["slot"]
        _stack_chips(d, (sx0, oy + sy0, sx1, oy + sy1), stacks.get(sid, []))
        for power in moved.get(sid, []):           # inside the symbol's box, top left
            moved_mark(d, x - 13, y - 13, 7, power)
    for zone, spot in reg["seas"].items():
        _sea_fleets(d, spot["slot"], oy, stacks.get(zone, []), CHIP_PX)
    _battle_marks(d, view, reg, oy, to_picture)
    for a in scene.arrows(view):
        p, q = _where(a["origin"], reg, to_picture), _where(a["dest"], reg, to_picture)
        if p and q:
            _arrow(d, (p[0], p[1] + oy), (q[0], q[1] + oy), a, 7, 22, 24)
    for sid, spot in reg["spaces"].items():          # names last: nothing covers them
        x0, y0, x1, y1 = spot["label"]
        name = data.spaces[sid].name
        halo_text(d, ((x0 + x1) / 2, oy + (y0 + y1) / 2), name, font(NAME_PX, True), fill=INK, width=3)
    y = oy + mh + 12
    d.text((16, y), "Stacks, fleets and sieges here" if entries else "No units here",
           font=font(28, True), fill=INK, anchor="la")
    y += 40
    col_w = WIDTH / columns
    for col, dy, head, lines in placed:
        x = col * col_w
        if head == "…":
            d.text((x + 24, y + dy), lines[0], font=font(READ), fill=INK, anchor="la")
            continue
        for j, line in enumerate(lines):
            if j == 0:
                power_mark(d, x + 30, y + dy + 15, 12, head)
            d.text((x + (52 if j == 0 else 60), y + dy + j * LINE), line, font=font(NAME_PX), fill=INK, anchor="la")
    draw_legend(d, height - legend_h - 10, items)
    return img


def _lay_out_entries(entries, room):
    """(columns, [(column, dy, power, lines)], height): one column when the list fits the room left on the
    picture, else two; what still does not fit ends in a line saying how many stacks are left out."""
    body = font(NAME_PX)
    for columns in (1, 2):
        width = WIDTH / columns - 60
        wrapped = [(head, wrap(text, body, int(width))) for head, text in entries]
        heights = [LINE * len(lines) + 6 for _, lines in wrapped]
        if sum(heights) <= room * columns or columns == 2:
            break
    placed, col, dy, tallest = [], 0, 0, 0
    for i, ((head, lines), h) in enumerate(zip(wrapped, heights)):
        if dy + h > room - (LINE if col == columns - 1 else 0):
            if col + 1 < columns:
                col, dy = col + 1, 0
            if dy + h > room - LINE:
                placed.append((col, dy, "…", [f"… and {len(wrapped) - i} more stacks not shown"]))
                tallest = max(tallest, dy + LINE)
                break
        placed.append((col, dy, head, lines))
        dy += h
        tallest = max(tallest, dy)
    return columns, placed, tallest


def _where(place, reg, to_picture):
    if place in reg["spaces"]:
        return tuple(reg["spaces"][place]["at"])
    data = load()
    if place in data.spaces:
        return to_picture(data.spaces[place].pos)
    if place in reg["seas"]:
        lab = reg["seas"][place]["label"]
        return ((lab[0] + lab[2]) / 2, (lab[1] + lab[3]) / 2)
    return None


def _stack_entries(view, reg, stacks) -> list[tuple[str, str]]:
    """(power, text) per stack and siege in the region, by place name: every unit and every leader."""
    entries = []
    sieges = view.get("sieges") or {}
    places = sorted(list(reg["spaces"]) + list(reg["seas"]), key=scene.place_name)
    for place in places:
        for s in stacks.get(place, []):
            parts = [units_text(s.units)] if s.units else []
            parts += [scene.leader_text(l) for l in s.leaders]
            text = f"{scene.place_name(place)} — {NAME.get(s.power, s.power)}: {'; '.join(p for p in parts if p)}"
            entries.append((s.power, text))
        siege = sieges.get(place)
        if siege and place in reg["spaces"]:
            inside = ", ".join(NAME.get(p, p) for p in siege.get("inside") or []) or "no units"
            laid = " (laid this impulse)" if siege.get("new") else ""
            entries.append((siege.get("besieger"), f"Siege of {scene.place_name(place)}{laid}: "
                            f"{NAME.get(siege.get('besieger'), siege.get('besieger'))} outside, {inside} inside"))
    return entries


def draw_front(view) -> Image.Image:
    """The region where the move under way (or the battle, the assault) happens."""
    places = scene.focus_places(view)
    region = scene.region_for(places) if places else None
    if region is None:
        raise NoPicture("No move, battle or assault is under way.")
    name = scene.layout()["regions"][region]["name"]
    move = view.get("move") or {}
    what = f"{scene.power_name(move['power'])} moves to {scene.place_name(move['dest'])}" if move.get("dest") \
        else name
    return draw_region(view, region, heading=f"{what} ({name})" if move.get("dest") else name)


"""The ``religion`` picture: the religious struggle at a glance, drawn from the view only (VIEW.md).

From the top: the Religious Struggle track (Protestant spaces and the VP each side draws from it), the
Protestant spaces of each language zone as a row of squares with their count and names, the six electorates
(holder, faith, Protestant regulars still waiting), the three translation tracks, St. Peter's, the debaters
of each side with their status, the reformers, Jesuit universities and card effects in force, and the
religious VP of the Protestant, the Papacy and England.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.data import load
from rules.hereistand.papacy import CP_PER_VP, MAX_VP
from rules.hereistand.state import FULL_BIBLE_BOXES

from ..kit.legend import LegendItem
from ..kit.style import INK, WHITE, WIDTH
from ..kit.text import fit_font, font, wrap
from ..kit.tracks import track
from .maps import TITLE_H, draw_legend, title
from .style import NAME, RELIGION, UNREST, power_mark

PAPER = (246, 240, 224)
MAX_H = 2 * WIDTH
NT_BOXES = 6
VICTORY_SPACES = 51                      # 23.1: more than 50 Protestant spaces
ZONES = (("german", "German"), ("french", "French"), ("english", "English"), ("italian", "Italian"),
         ("spanish", "Spanish"), (None, "Elsewhere"))
TRANSLATED = (120, 84, 52)
OPEN = (255, 255, 255)
GREY = (150, 150, 150)
#: a debater's status: the pill's colour and the word printed on it (colour is never alone)
STATUS = {"uncommitted": ((225, 242, 225), "uncommitted"), "committed": ((200, 200, 200), "committed"),
          "burned": ((230, 170, 150), "burned"), "disgraced": ((150, 150, 150), "disgraced"),
          "excommunicated": ((215, 195, 235), "excommunicated"), "expelled": ((215, 195, 235), "expelled")}
SIDES = (("papacy", "Papal debaters (debate in any zone)"), ("protestant", "Protestant debaters (by zone)"))
MODIFIER_WORDS = {"printing_press": "Printing Press: +1 die in every reformation attempt this turn",
                  "augsburg_confession": "Augsburg Confession: -1 on each Papal die this turn"}
RELIGIOUS_SOURCES = ("Religious Struggle", "Protestant electorates", "full Bibles", "St. Peter's", "debates",
                     "Protestant English spaces")


def draw_religion(view) -> Image.Image:
    image, height = _draw(view, names=True)
    if height > MAX_H:          # a crowded struggle: the zones' squares and counts without their names
        image, height = _draw(view, names=False)
    return image.crop((0, 0, WIDTH, min(MAX_H, height)))


def _draw(view, names: bool) -> tuple[Image.Image, int]:
    img = Image.new("RGB", (WIDTH, MAX_H + 600), PAPER)
    d = ImageDraw.Draw(img)
    title(d, view, "The religious struggle")
    y = TITLE_H + 12
    y = _struggle(d, view, y)
    y = _zones(d, view, y + 8, names)
    y = _electorates(d, view, y + 8)
    y = _translations(d, view, y + 8)
    y = _st_peters(d, view, y + 8)
    y = _debaters(d, view, y + 8)
    y = _pieces_and_effects(d, view, y + 8)
    y = _religious_vp(d, view, y + 8)
    y = draw_legend(d, y + 8, _legend_items()) + 12
    return img, y


# ---- helpers ---------------------------------------------------------------------------------------------
def _heading(d, y, text) -> int:
    d.text((16, y), text, font=fit_font(text, WIDTH - 32, 30, True, minimum=26), fill=INK, anchor="la")
    return y + 40


def _lines(d, y, text, x=24, size=26, bold=False) -> int:
    f = font(size, bold)
    for line in wrap(text, f, WIDTH - x - 16):
        d.text((x, y), line, font=f, fill=INK, anchor="la")
        y += size + 8
    return y


def _square(d, x, y, s, protestant: bool, unrest: bool) -> None:
    """A space as a square: brown when Protestant, white when Catholic; a red bar when in unrest."""
    d.rectangle((x, y, x + s, y + s), fill=RELIGION if protestant else OPEN, outline=INK, width=2)
    if unrest:
        d.line([(x + 3, y + s - 3), (x + s - 3, y + 3)], fill=UNREST, width=5)


def _names(spaces) -> str:
    data = load()
    return ", ".join(sorted(data.spaces[s].name for s in spaces))


# ---- the sections ----------------------------------------------------------------------------------------
def _struggle(d, view, y) -> int:
    data = load()
    count = len(view.get("religion") or [])
    unrest = set(view.get("unrest") or [])
    counted = sum(1 for s in view.get("religion") or [] if s not in unrest)
    papal, protestant = data.religious_struggle_vp(count)
    y = _heading(d, y, f"Protestant spaces: {count}"
                 + (f" ({counted} without unrest)" if counted != count else "")
                 + f" — more than 50 wins the game at once")
    marks = [0, *data.religious_struggle["thresholds"]]
    reached = max(i for i, t in enumerate(marks) if count >= t)
    items = [(str(t), i == reached) for i, t in enumerate(marks)] + [(str(VICTORY_SPACES), counted >= VICTORY_SPACES)]
    pitch = (WIDTH - 32) / len(items)
    track(d, 16, y, items, pitch, 6, 48, 26, 24)
    y += 58
    following = next((t for t in marks if t > count), None)
    text = (f"From the Religious Struggle track: Protestant {protestant} VP, Papacy {papal} VP"
            + (f"; the next VP at {following} spaces." if following is not None else "."))
    return _lines(d, y, text)


def _zones(d, view, y, names: bool) -> int:
    data = load()
    control = view.get("control") or {}
    religion, unrest = set(view.get("religion") or []), set(view.get("unrest") or [])
    y = _heading(d, y, "Protestant spaces by language zone (one square a space)")
    label_w, s, gap = 280, 26, 6
    for zone, zone_name in ZONES:
        spaces = sorted((sp for sp, info in data.spaces.items() if info.language_zone == zone
                         and info.faith == "catholic" and control.get(sp) is not None),
                        key=lambda sp: (sp not in religion, data.spaces[sp].name))
        if not spaces:
            continue
        mine = [sp for sp in spaces if sp in religion]
        label = f"{zone_name} {len(mine)} of {len(spaces)}"
        d.text((24, y + s / 2), label, font=fit_font(label, label_w - 12, 28, True, minimum=26), fill=INK,
               anchor="lm")
        per_row = int((WIDTH - 24 - label_w - 16) // (s + gap))
        for i, sp in enumerate(spaces):
            row, col = divmod(i, per_row)
            _square(d, 24 + label_w + col * (s + gap), y + row * (s + gap), s, sp in religion, sp in unrest)
        y += ((len(spaces) - 1) // per_row + 1) * (s + gap) + 4
        if mine and names:
            y = _lines(d, y, _names(mine) + ".", x=40)
        y += 4
    return y


def _electorates(d, view, y) -> int:
    data = load()
    control, display = view.get("control") or {}, view.get("electorate_display") or {}
    religion, unrest = set(view.get("religion") or []), set(view.get("unrest") or [])
    y = _heading(d, y, "Electorates (2 VP to the Protestant for each Protestant one he holds)")
    cols = 2
    h = 118 if any(display.get(e) for e in data.electorates) else 84
    w = (WIDTH - 32) / cols
    for i, space in enumerate(sorted(data.electorates, key=lambda s: data.spaces[s].name)):
        row, col = divmod(i, cols)
        x0, y0 = 16 + col * w, y + row * (h + 6)
        d.rounded_rectangle((x0 + 4, y0, x0 + w - 4, y0 + h), radius=10, fill=WHITE, outline=GREY, width=2)
        holder = control.get(space)
        power_mark(d, x0 + 36, y0 + 42, 22, holder)
        first = data.spaces[space].name + (", in unrest" if space in unrest else "")
        faith = "Protestant" if space in religion else "Catholic"
        waiting = display.get(space, 0)
        lines = [(first, 28, True), (f"{faith} faith, held by {_holder(holder)}", 26, False)]
        if waiting:
            lines.append((f"{waiting} Protestant regular{'s' if waiting != 1 else ''} waiting", 26, False))
        for j, (text, size, bold) in enumerate(lines):
            d.text((x0 + 70, y0 + 22 + 36 * j), text, font=fit_font(text, int(w - 86), size, bold, minimum=26),
                   fill=INK, anchor="lm")
    rows = (len(data.electorates) - 1) // cols + 1
    return y + rows * (h + 6)


def _holder(power) -> str:
    if power is None:
        return "nobody"
    return f"the {NAME[power]}" if power in ("protestant", "papacy") else NAME.get(power, power)


def _translations(d, view, y) -> int:
    translations = view.get("translations") or {}
    y = _heading(d, y, "Scripture translated (the New Testament, then the full Bible)")
    label_w, s, gap = 150, 30, 6
    nt_x = 24 + label_w
    bible_x = nt_x + NT_BOXES * (s + gap) + 24
    text_x = bible_x + FULL_BIBLE_BOXES * (s + gap) + 16
    for zone, zone_name in ZONES[:3]:
        t = translations.get(zone) or {"new_testament": 0, "full_bible": 0}
        d.text((24, y + s / 2), zone_name, font=font(28, True), fill=INK, anchor="lm")
        for i in range(NT_BOXES):
            x = nt_x + i * (s + gap)
            d.rectangle((x, y, x + s, y + s), fill=TRANSLATED if i < t["new_testament"] else OPEN, outline=INK,
                        width=2)
        for i in range(FULL_BIBLE_BOXES):
            x = bible_x + i * (s + gap)
            d.rectangle((x, y, x + s, y + s), fill=TRANSLATED if i < t["full_bible"] else OPEN, outline=INK,
                        width=2)
        if t["full_bible"] >= FULL_BIBLE_BOXES:
            state = "full Bible done"
        elif t["new_testament"] >= NT_BOXES:
            state = f"Bible {t['full_bible']} of {FULL_BIBLE_BOXES}"
        else:
            state = f"New Testament {t['new_testament']} of {NT_BOXES}"
        d.text((text_x, y + s / 2), state, font=fit_font(state, WIDTH - text_x - 16, 26, minimum=26), fill=INK,
               anchor="lm")
        y += s + 12
    return y


def _st_peters(d, view, y) -> int:
    tracks = view.get("tracks") or {}
    vp, cp = tracks.get("st_peters_vp", 0), tracks.get("st_peters_cp", 0)
    text = f"St. Peter's (the Papacy): {vp} of {MAX_VP} VP built"
    s, gap = 30, 6
    for i in range(MAX_VP):
        x = 24 + i * (s + gap)
        d.rectangle((x, y + 2, x + s, y + 2 + s), fill=TRANSLATED if i < vp else OPEN, outline=INK, width=2)
    d.text((24 + MAX_VP * (s + gap) + 12, y + 2 + s / 2), text, font=font(28, True), fill=INK, anchor="lm")
    y += s + 10
    if vp < MAX_VP:
        y = _lines(d, y, f"{cp} of {CP_PER_VP} command points (CP) spent toward the next VP.")
    return y


def _debaters(d, view, y) -> int:
    data = load()
    debaters = view.get("debaters") or {}
    h = 66
    for side, heading in SIDES:
        cols = 4 if side == "papacy" else 3          # the Protestant's second line adds the zone ("German, excommunicated")
        w = (WIDTH - 32) / cols
        here = [(dbt, info) for dbt, info in debaters.items() if info["side"] == side]
        shown = sorted(((dbt, info) for dbt, info in here if info["status"] in STATUS),
                       key=lambda e: (list(STATUS).index(e[1]["status"]), -e[1]["value"], e[0]))
        y = _heading(d, y, heading)
        for i, (dbt, info) in enumerate(shown):
            row, col = divmod(i, cols)
            x0, y0 = 16 + col * w, y + row * (h + 6)
            colour, word = STATUS[info["status"]]
            d.rounded_rectangle((x0 + 3, y0, x0 + w - 3, y0 + h), radius=10, fill=colour, outline=INK, width=2)
            name = f"{data.debater(dbt).name.split()[-1]} {info['value']}"
            d.text((x0 + 14, y0 + 18), name, font=fit_font(name, int(w - 28), 28, True, minimum=26), fill=INK,
                   anchor="lm")
            second = word if side == "papacy" else f"{(info.get('zone') or '').title()}, {word}"
            d.text((x0 + 14, y0 + 48), second, font=fit_font(second, int(w - 28), 26, minimum=26), fill=INK,
                   anchor="lm")
        if shown:
            y += ((len(shown) - 1) // cols + 1) * (h + 6)
        else:
            y = _lines(d, y, "None on the map.")
        later = sorted(data.debater(dbt).name.split()[-1] for dbt, info in here if info["status"] == "waiting")
        if later:
            y = _lines(d, y, "Still to come: " + ", ".join(later) + ".")
    return y


def _pieces_and_effects(d, view, y) -> int:
    data = load()
    y = _heading(d, y, "Reformers and lasting effects")
    reformers = view.get("reformers") or {}
    away = view.get("reformers_away") or {}
    parts = [f"{data.reformers[r]['name']} in {data.spaces[s].name}" for r, s in sorted(reformers.items())]
    parts += [f"{data.reformers[r]['name']} away until the next card draw (from {data.spaces[s].name})"
              for r, s in sorted(_away_spaces(away).items())]
    y = _lines(d, y, "Reformers: " + ("; ".join(parts) if parts else "none on the map") + ".")
    universities = view.get("universities") or []
    if universities:
        y = _lines(d, y, "Jesuit universities: " + _names(universities) + ".")
    elif view.get("society_of_jesus"):
        y = _lines(d, y, "The Society of Jesus is founded: Jesuit universities may be built.")
    for modifier in view.get("modifiers") or []:
        key = modifier if isinstance(modifier, str) else (modifier or {}).get("name")
        if key in MODIFIER_WORDS:
            y = _lines(d, y, MODIFIER_WORDS[key] + ".")
    targeted = view.get("targeted") or []
    if targeted:
        y = _lines(d, y, "Targeted this impulse (not again until the next): " + _names(targeted) + ".")
    if view.get("league_formed"):
        y = _lines(d, y, "The Schmalkaldic League is formed.")
    return y


def _away_spaces(away) -> dict[str, str]:
    """reformers_away as reformer -> space, whichever of its two forms the view holds."""
    if isinstance(away, dict):
        return {r: (v if isinstance(v, str) else (v or {}).get("space", "")) for r, v in away.items()
                if (v if isinstance(v, str) else (v or {}).get("space")) in load().spaces}
    return {}


def _religious_vp(d, view, y) -> int:
    sources, totals = view.get("vp_sources") or {}, view.get("vp") or {}
    y = _heading(d, y, "Religious victory points (VP)")
    for power in ("protestant", "papacy", "england"):
        mine = {k: v for k, v in (sources.get(power) or {}).items() if k in RELIGIOUS_SOURCES}
        if power == "england" and not mine:
            continue
        power_mark(d, 40, y + 17, 16, power)
        parts = ", ".join(f"{k} {v}" for k, v in mine.items()) or "none"
        y = _lines(d, y, f"{NAME[power]}: {sum(mine.values())} of {totals.get(power, '?')} VP ({parts}).", x=66)
    return y


def _legend_items() -> list[LegendItem]:
    """The squares and boxes (a debater's status is written on it; a holder is named beside its mark)."""
    return [LegendItem(lambda dd, x, yy, s: _square(dd, x - 13, yy - 13, 26, True, False), "Protestant space"),
            LegendItem(lambda dd, x, yy, s: _square(dd, x - 13, yy - 13, 26, False, False), "Catholic space"),
            LegendItem(lambda dd, x, yy, s: _square(dd, x - 13, yy - 13, 26, True, True), "In unrest"),
            LegendItem(lambda dd, x, yy, s: dd.rectangle((x - 13, yy - 13, x + 13, yy + 13), fill=TRANSLATED,
                                                         outline=INK, width=2), "Track box filled")]

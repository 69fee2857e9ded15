"""The powers: ``power`` (one power's card) and ``diplomacy`` (all six VP side by side and the status matrix)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.data import load

from ..core import INK, READ, WHITE, WIDTH, LegendItem, NoPicture, fit_font, font, wrap
from . import scene
from .maps import TITLE_H, draw_legend, title, vp_strip
from .style import LAND_TYPES, MAJORS, MINORS, NAME, SHORT, fill, power_mark, units_text

PAPER = (246, 240, 224)
WAR = (200, 50, 40)
ALLY = (40, 140, 70)
PEACE = (236, 232, 220)


def _keys_held(view, power):
    data = load()
    control, unrest = view.get("control") or {}, set(view.get("unrest") or [])
    held = [s for s, who in control.items() if who == power and data.spaces[s].type == "key"]
    return sorted(held, key=lambda s: data.spaces[s].name), unrest


def _section(d, y, text):
    d.text((16, y), text, font=font(30, True), fill=INK, anchor="la")
    return y + 42


def _lines(d, y, text, x=24, width=WIDTH - 48, size=26):
    f = font(size)
    for line in wrap(text, f, width):
        d.text((x, y), line, font=f, fill=INK, anchor="la")
        y += size + 8
    return y


def draw_power(view, power: str | None) -> Image.Image:
    mine = [p for p in MAJORS if p in (view.get("mine") or {})]
    power = power or (mine[0] if mine else None)        # a player's own power card (the first of two)
    if power not in MAJORS:
        raise NoPicture("Name a power: " + ", ".join(MAJORS) + ".")
    data = load()
    p = data.power(power)
    img = Image.new("RGB", (WIDTH, 2400), PAPER)
    d = ImageDraw.Draw(img)
    title(d, view, NAME[power])
    y = TITLE_H + 16
    # ruler and cards
    power_mark(d, 60, y + 44, 40, power)
    ruler_id = (view.get("rulers") or {}).get(power)
    ruler = next((r for r in p.rulers if r.id == ruler_id), None)
    ruler_text = f"{ruler.name}: administrative rating {ruler.admin}" + (
        f", +{ruler.card_bonus} card a turn" if ruler.card_bonus else "") if ruler else "no ruler"
    if ruler_id in (view.get("excommunicated") or []):
        ruler_text += " (excommunicated)"
    d.text((120, y + 18), ruler_text, font=fit_font(ruler_text, WIDTH - 140, 32, True, minimum=READ), fill=INK,
           anchor="lm")
    zones = view.get("zones") or {}
    hand = zones.get(f"hand:{power}")
    in_hand = len(hand) if isinstance(hand, list) else hand
    used = zones.get(f"home_used:{power}") or []
    homes = ", ".join(f"#{n} {data.card(n).name}" + (" (used)" if str(n) in map(str, used) else "")
                      for n in p.home_cards)
    cards_text = f"Cards in hand: {in_hand if in_hand is not None else '?'} · draws " \
                 f"{(view.get('cards_to_draw') or {}).get(power, '?')} next turn"
    d.text((120, y + 62), cards_text, font=font(28), fill=INK, anchor="lm")
    y += 100
    if homes:
        y = _lines(d, y, "Home card: " + homes)
    # keys and the track
    held, unrest = _keys_held(view, power)
    counted = [s for s in held if s not in unrest]
    if power == "protestant":
        y = _section(d, y + 6, "Electorates and Protestant spaces")
        control = view.get("control") or {}
        electorates = [s for s in data.electorates if control.get(s) == power and s not in unrest]
        religion = view.get("religion") or []
        y = _lines(d, y, f"Electorates held: {len(electorates)} of 6 "
                         f"({', '.join(data.spaces[s].name for s in electorates) or 'none'}); "
                         f"2 VP for each that is Protestant. Spaces of Protestant faith: {len(religion)}. "
                         f"Cards: 4 a turn, 5 with 4 or more electorates.")
    else:
        y = _section(d, y + 6, f"Keys held: {len(counted)}" + (f" (+{len(held) - len(counted)} in unrest)"
                                                               if len(held) > len(counted) else ""))
        names = ", ".join(data.spaces[s].name + (" (unrest)" if s in unrest else "") for s in held) or "none"
        y = _lines(d, y, names)
        y = _key_track(d, y + 6, p, len(counted))
    if power == "england" and view.get("henry"):
        from rules.hereistand.marriages import marriage_words
        y = _section(d, y + 6, "Henry VIII's marriages (21.3)")
        y = _lines(d, y, marriage_words(view))
    # VP
    vp = (view.get("vp") or {}).get(power, "?")
    y = _section(d, y + 6, f"Victory points: {vp}")
    y = _lines(d, y, _vp_sources_text(view, power))
    # units
    y = _section(d, y + 6, "Forces")
    stacks = scene.stacks(view)
    totals: dict[str, int] = {}
    places = []
    for place, here in stacks.items():
        for s in here:
            if s.power == power:
                for k, n in s.units.items():
                    totals[k] = totals.get(k, 0) + n
                if s.units:
                    places.append((scene.place_name(place), s))
    land = sum(n for k, n in totals.items() if k in LAND_TYPES)
    abroad = [(c, w) for c, w in sorted((view.get("foreign_wars") or {}).items()) if w.get("power") == power]
    land += sum(sum(w["units"].values()) for _, w in abroad)          # 21.7: still the power's counters
    pool = p.force_pool.land_units
    y = _lines(d, y, f"On the map: {units_text(totals) or 'nothing'}. Land units left to build: "
                     f"{max(0, pool - land)} of {pool} ({', '.join(p.force_pool.land_types)}"
                     + (f"; ships: {', '.join(p.force_pool.naval_types)}" if p.force_pool.naval_types else "")
                     + ").")
    for card, war in abroad:
        y = _lines(d, y, f"Foreign war, #{card} {load().card(int(card)).name}: "
                         f"{units_text(war['units']) or 'no units'}"
                         + (f" with {scene.leader_text(war['leader'])}" if war.get("leader") else "")
                         + f" against {war['enemy']} foreign units.")
    leaders = [(l, w) for l, w in sorted((view.get("leaders") or {}).items()) if scene.leader_owner(l) == power]
    if leaders:
        y = _lines(d, y, "Leaders: " + "; ".join(
            f"{scene.leader_text(l)} " + ("in the foreign war" if any(x.get("leader") == l for _, x in abroad) else
                                          "off the map" if w == "off" else
                                          f"captured by {NAME.get(w.split(':')[1], w)}" if w.startswith("captured:")
                                          else f"at {scene.place_name(w)}") for l, w in leaders) + ".")
    held_captives = [(l, c) for l, c in scene.captured(view) if c == power]
    if held_captives:
        y = _lines(d, y, "Holds captive: " + ", ".join(scene.leader_text(l) for l, _ in held_captives) + ".")
    places.sort(key=lambda e: -sum(e[1].units.values()))
    if places:
        y = _lines(d, y, "Largest stacks: " + "; ".join(f"{name} {sum(s.units.values())}"
                                                        for name, s in places[:8]) + ".")
    # diplomacy of this power
    y = _section(d, y + 6, "Diplomatic status")
    wars = [q for a, b in view.get("wars") or [] for q in (a, b) if power in (a, b) and q != power]
    allies = [q for a, b in view.get("alliances") or [] for q in (a, b) if power in (a, b) and q != power]
    minors = [m for m, ally in (view.get("minor_allies") or {}).items() if ally == power]
    y = _lines(d, y, f"At war with: {', '.join(NAME.get(q, q) for q in wars) or 'nobody'}. "
                     f"Allied with: {', '.join(NAME.get(q, q) for q in allies + minors) or 'nobody'}.")
    y = vp_strip(d, view, y + 10, highlight=power) + 10
    items = [LegendItem(lambda dd, x, yy, s, q=q: power_mark(dd, x, yy, s * 0.36, q), NAME[q]) for q in MAJORS]
    y = draw_legend(d, y, items) + 16
    return img.crop((0, 0, WIDTH, min(2400, y)))


#: the religious sources of VP (23.2), by power, as state.vp_breakdown names them
RELIGIOUS_VP = {"protestant": ("Protestant electorates", "Religious Struggle", "full Bibles", "debates"),
                "papacy": ("St. Peter's", "Religious Struggle", "debates"),
                "england": ("Protestant English spaces",)}


def _vp_sources_text(view, power) -> str:
    """Every source of the power's VP (view ``vp_sources``), the religious ones said apart and shown even at 0
    for the two religious powers."""
    sources = dict((view.get("vp_sources") or {}).get(power) or {})
    religious = RELIGIOUS_VP.get(power, ())
    other = [f"{k} {v}" for k, v in sources.items() if k not in religious]
    if not (power in ("protestant", "papacy") or any(sources.get(k) for k in religious)):
        return "By source: " + (", ".join(other) or "none") + "."
    text = "Religious: " + ", ".join(f"{k} {sources.get(k, 0)}" for k in religious) + "."
    return text + (" Other: " + ", ".join(other) + "." if other else "")


def _key_track(d, y, p, keys: int) -> int:
    """The power card's key track: for each number of keys, cards drawn and VP; the box reached is framed."""
    track = list(p.key_track)
    if not track:
        return y
    d.text((24, y), "Key track: the cards drawn each turn and the VP for each number of keys", font=font(26, True),
           fill=INK, anchor="la")
    y += 36
    per_row = 7
    w = (WIDTH - 48) / per_row
    for i, box in enumerate(track + [None]):
        row, col = divmod(i, per_row)
        x0, y0 = 24 + col * w, y + row * 78
        rect = (x0 + 3, y0, x0 + w - 3, y0 + 70)
        reached = box is not None and box.keys == keys
        d.rounded_rectangle(rect, radius=8, fill=fill(p.id) if reached else WHITE,
                            outline=INK if reached else (150, 150, 150), width=4 if reached else 2)
        ink = (255, 255, 255) if reached and p.id not in ("hapsburg",) else INK
        if box is None:
            text, sub = f"{p.military_victory_keys} keys", "victory"
        else:
            text, sub = f"{box.keys} key{'s' if box.keys != 1 else ''}", f"{box.cards} cards {box.vp} VP"
        d.text(((rect[0] + rect[2]) / 2, y0 + 20), text, font=font(26, True), fill=ink, anchor="mm")
        d.text(((rect[0] + rect[2]) / 2, y0 + 52), sub, font=fit_font(sub, int(w - 12), 26, minimum=22),
               fill=ink, anchor="mm")
    rows = (len(track) + 1 + per_row - 1) // per_row
    return y + rows * 78 + 6


# ---- diplomacy ----------------------------------------------------------------------------------------
def draw_diplomacy(view) -> Image.Image:
    img = Image.new("RGB", (WIDTH, 2400), PAPER)
    d = ImageDraw.Draw(img)
    title(d, view, "Powers and diplomacy")
    y = vp_strip(d, view, TITLE_H + 12) + 14
    y = _section(d, y, "Diplomatic status (rows: major powers)")
    wars = {tuple(sorted(w)) for w in view.get("wars") or []}
    alliances = {tuple(sorted(a)) for a in view.get("alliances") or []}
    minor_allies = view.get("minor_allies") or {}
    columns = list(MAJORS) + list(MINORS)
    head_w = 150
    cw = (WIDTH - 24 - head_w) / len(columns)
    for j, q in enumerate(columns):
        cx = 12 + head_w + j * cw + cw / 2
        power_mark(d, cx, y + 18, 15, q)
        d.text((cx, y + 52), SHORT[q], font=font(26, True), fill=INK, anchor="mm")
    y += 74
    ch = 56
    for i, p in enumerate(MAJORS):
        y0 = y + i * ch
        power_mark(d, 32, y0 + ch / 2, 15, p)
        d.text((56, y0 + ch / 2), SHORT[p], font=font(28, True), fill=INK, anchor="lm")
        for j, q in enumerate(columns):
            x0 = 12 + head_w + j * cw
            rect = (x0 + 2, y0 + 2, x0 + cw - 2, y0 + ch - 2)
            pair = tuple(sorted((p, q)))
            if p == q:
                d.rectangle(rect, fill=(200, 200, 200))
                continue
            if pair in wars:
                colour, text = WAR, "War"
            elif pair in alliances or minor_allies.get(q) == p:
                colour, text = ALLY, "Ally"
            else:
                colour, text = PEACE, "—"
            d.rectangle(rect, fill=colour, outline=(150, 150, 150))
            if text == "War":        # crossed lines as well as the word: never colour alone
                d.line([(rect[0] + 6, rect[1] + 6), (rect[0] + 18, rect[1] + 18)], fill=WHITE, width=3)
                d.line([(rect[0] + 18, rect[1] + 6), (rect[0] + 6, rect[1] + 18)], fill=WHITE, width=3)
            d.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), text, font=font(26, True),
                   fill=WHITE if colour != PEACE else INK, anchor="mm")
    y += len(MAJORS) * ch + 16
    minors_text = "; ".join(f"{NAME[m]}: " + (f"allied with {NAME.get(a, a)}" if a else "inactive")
                            for m, a in minor_allies.items())
    y = _lines(d, y, "Minor powers — " + (minors_text or "none") + ".")
    extras = []
    if view.get("peace_this_turn"):
        extras.append("Peace made this turn: " + ", ".join(" and ".join(NAME.get(x, x) for x in pair)
                                                            for pair in view["peace_this_turn"]))
    if view.get("allied_this_turn"):
        extras.append("Alliances made this turn: " + ", ".join(" and ".join(NAME.get(x, x) for x in pair)
                                                                for pair in view["allied_this_turn"]))
    if view.get("excommunicated"):
        extras.append("Excommunicated: " + ", ".join(x.replace("-", " ").title() for x in view["excommunicated"]))
    extras.append("Schmalkaldic League: " + ("formed" if view.get("league_formed") else "not formed"))
    offers = view.get("offers") or []
    if offers:
        extras.append("Announced this turn: " + "; ".join(f"{NAME.get(a, a)} → {NAME.get(b, b)} {k}"
                                                         for a, b, k in offers[:14])
                      + (f"; and {len(offers) - 14} more" if len(offers) > 14 else ""))
    for text in extras:
        y = _lines(d, y, text + ".")
    y += 8
    items = [LegendItem(lambda dd, x, yy, s: _cell(dd, x, yy, WAR, "War"), "At war"),
             LegendItem(lambda dd, x, yy, s: _cell(dd, x, yy, ALLY, "Ally"), "Allied"),
             LegendItem(lambda dd, x, yy, s: _cell(dd, x, yy, PEACE, "—"), "At peace")]
    items += [LegendItem(lambda dd, x, yy, s, q=q: power_mark(dd, x, yy, s * 0.36, q), NAME[q]) for q in MAJORS]
    y = draw_legend(d, y, items) + 16
    return img.crop((0, 0, WIDTH, min(2400, y)))


def _cell(d, x, y, colour, text):
    d.rectangle((x - 36, y - 17, x + 36, y + 17), fill=colour, outline=(150, 150, 150))
    d.text((x, y), text, font=font(24, True), fill=WHITE if colour != PEACE else INK, anchor="mm")


"""``new_world``: the New World display (rule 20): who found each discovery and conquered each people
(with the explorer or conquistador staying there), the colonies on the riches table, the markers (Galleons,
Plantations, Raiders), the voyages crossing the Atlantic, each power's explorers and conquistadors left,
and this turn's results and the last riches. Drawn from the view's ``new_world`` (all public)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.new_world_data import VOYAGERS, conquistador, explorer_name, explorer_rating, nw_data

from ..core import INK, WHITE, WIDTH, font, wrap
from .maps import TITLE_H, title, vp_strip
from .style import NAME, fill, power_mark

SEA = (222, 234, 242)
EMPTY = (236, 236, 236)
KIND = {"explore": "exploration", "colonise": "colony", "conquer": "conquest"}
ROW = 64


def _section(d, y, text):
    d.text((16, y), text, font=font(30, True), fill=INK, anchor="la")
    return y + 42


def _lines(d, y, text, x=24, size=26):
    f = font(size)
    for line in wrap(text, f, WIDTH - x - 24):
        d.text((x, y), line, font=f, fill=INK, anchor="la")
        y += size + 8
    return y


def _box_row(d, y, name, vp, owner, note):
    """One box of the display: its name and VP, the owner's marker (or empty), who stays there."""
    d.rounded_rectangle((16, y, WIDTH - 16, y + ROW - 8), radius=8, fill=WHITE if owner else EMPTY,
                        outline=fill(owner) if owner else (180, 180, 180), width=4 if owner else 2)
    d.text((36, y + (ROW - 8) / 2), f"{name} ({vp} VP)", font=font(28, True), fill=INK, anchor="lm")
    if owner:
        power_mark(d, 500, y + (ROW - 8) / 2, 20, owner)
        d.text((530, y + (ROW - 8) / 2), f"{NAME[owner]}{' — ' + note if note else ''}", font=font(26), fill=INK,
               anchor="lm")
    else:
        d.text((500, y + (ROW - 8) / 2), "not yet", font=font(26), fill=INK, anchor="lm")
    return y + ROW


def _staying(where: dict, place: str, name_of) -> str:
    return ", ".join(name_of(who) for who, at in where.items() if at == place)


def draw_new_world(view) -> Image.Image:
    n = view.get("new_world") or {}
    img = Image.new("RGB", (WIDTH, 2400), SEA)
    d = ImageDraw.Draw(img)
    title(d, view, "The New World")
    y = TITLE_H + 12
    y = _section(d, y, "Discoveries")
    for disc, info in nw_data()["discoveries"].items():
        who = (n.get("discoveries") or {}).get(disc)
        note = _staying(n.get("explorers") or {}, disc, explorer_name)
        y = _box_row(d, y, info["name"], info["vp"], who, note)
    y = _section(d, y + 8, "Conquests")
    for civ, info in nw_data()["civilisations"].items():
        held = (n.get("conquests") or {}).get(civ)
        note = ""
        if held:
            leader = _staying(n.get("conquistadors") or {}, civ, lambda c: conquistador(c)["name"])
            note = (leader + "; " if leader else "") + ("riches each Card Draw" if held["riches"] else "depleted")
        y = _box_row(d, y, info["name"], info["vp"], held and held["power"], note)
    y = _section(d, y + 8, "Colonies and markers")
    for power in VOYAGERS:
        colonies = (n.get("colonies") or {}).get(power, [])
        boxes = len(nw_data()["colonies"][power])
        lost = (n.get("markers_lost") or {}).get(power, 0)
        marks = [name for key, name in (("galleons", "Galleons"), ("plantations", "Plantations"),
                                        ("raiders", "a Raider")) if power in (n.get(key) or [])]
        power_mark(d, 40, y + 18, 16, power)
        text = (f"{NAME[power]}: colonies {', '.join(colonies) or 'none'} ({len(colonies)} of {boxes} boxes"
                + (f"; {lost} marker given up for Potosi" if lost else "") + ")"
                + (f"; {', '.join(marks)}" if marks else "") + ".")
        y = _lines(d, y, text, x=66) + 4
    if "protestant" in (n.get("raiders") or []):
        power_mark(d, 40, y + 18, 16, "protestant")
        y = _lines(d, y, "Protestant: a Raider.", x=66) + 4
    y = _section(d, y + 8, "Crossing the Atlantic")
    underway = n.get("underway") or []
    words = []
    for v in underway:
        what = v.get("colony") if v["kind"] == "colonise" else KIND[v["kind"]]
        extra = {"start": "from the start", "99": "Sebastian Cabot", "50": "Mercator's Map +2",
                 "101": "Smallpox +2", "54": "Potosi Silver Mines"}.get(v.get("by"))
        words.append(f"{NAME[v['power']]}: {what}" + (f" ({extra})" if extra else ""))
    y = _lines(d, y, "; ".join(words) + "." if words else "No voyage under way.")
    y = _section(d, y + 8, "Explorers and conquistadors at home")
    gone = n.get("explorers") or {}
    busy = {v.get("counter") for v in underway}
    for power in VOYAGERS:
        home = [f"{explorer_name(e)} {explorer_rating(e):+d}" for e, x in nw_data()["explorers"].items()
                if x["power"] == power and e not in gone and e not in busy]
        lost = [explorer_name(e) for e, at in gone.items() if at == "lost"
                and nw_data()["explorers"][e]["power"] == power]
        conq = [c for c, x in nw_data()["conquistadors"].items() if x["power"] == power
                and c not in (n.get("conquistadors") or {}) and c not in busy]
        conq_words = (", ".join(f"{conquistador(c)['name']} {conquistador(c)['rating']:+d}" for c in conq)
                      if power == "hapsburg" else f"{len(conq)} conquest marker{'s' if len(conq) != 1 else ''}")
        cabot = (n.get("cabot") or {}).get(power)
        text = (f"{NAME[power]}: explorers {', '.join(home) or 'none'}"
                + (f" (lost: {', '.join(lost)})" if lost else "") + f"; conquest: {conq_words or 'none'}"
                + (f"; Sebastian Cabot {'lost' if cabot == 'lost' else 'stays in the New World'}" if cabot else "")
                + ".")
        power_mark(d, 40, y + 18, 16, power)
        y = _lines(d, y, text, x=66) + 4
    results = n.get("results") or []
    if results:
        y = _section(d, y + 8, "This turn's New World phase")
        for line in results:
            y = _lines(d, y, line)
    riches = n.get("riches") or []
    if riches:
        y = _section(d, y + 8, "Riches at the last Card Draw")
        for line in riches:
            y = _lines(d, y, line)
    y = vp_strip(d, view, y + 12) + 12
    return img.crop((0, 0, WIDTH, min(2400, y)))

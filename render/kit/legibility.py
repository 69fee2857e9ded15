"""The legibility rule: a picture read on a phone, where a 1200 px picture shows about 400 px wide.

Checked on a picture's :class:`~render.kit.layout.PictureLayout` (what :func:`layout.recording` noted):

- **size**: every piece of text is at least :data:`MIN_PHONE_PX` px tall (its font size) once the picture
  is scaled to :data:`PHONE_WIDTH` px wide (8 px at 400: a 24 px font on a 1200 px picture);
- **edge**: no text reaches over the picture's edge;
- **overlap**: no text box overlaps another by more than a sliver (:data:`SLIVER` px², anti-aliased
  edges of neighbouring words);
- **marker**: no text lies across a marker (text wholly inside a marker is that marker's label);
- **frame**: no text is cut by a frame (a card, a box): it lies wholly inside or wholly outside;
- **path**: no arrow or line runs under text, nor through a marker it neither starts nor ends in;
- **legend**: every abbreviation (``BBG``, ``c2``: see :func:`abbreviations`) appears in the picture's
  legend text, or is spelled out where it is first used ("Victory points (VP)").

:func:`findings` lists what breaks the rule, in words, for a test to print; an empty list passes.
"""

from __future__ import annotations

import re

from .layout import PictureLayout
from .rects import Rect, overlap

PHONE_WIDTH = 400
MIN_PHONE_PX = 8
SLIVER = 6.0          # px² of overlap tolerated (ink boxes of neighbouring words touch)
EDGE = 1.0            # px a text box may reach past an edge (rounding of the ink box)

_ROMAN = re.compile(r"^(?=[IVXL])X{0,3}(IX|IV|V?I{0,3})$|^L?X{0,3}$")
_ABBREV = re.compile(r"^(?:[A-Z]{2,5}|[A-Za-z]{1,3}\d+)$")


def min_font(width: int) -> float:
    """The smallest font size (px) that reads on a picture ``width`` px wide."""
    return MIN_PHONE_PX * width / PHONE_WIDTH


def abbreviations(text: str) -> set[str]:
    """The words of ``text`` a player cannot read without a key: 2-5 capitals (``BBG``, not a Roman
    numeral such as a king's ``VI``) or a few letters with a number (``c2``); a name set all in capitals
    ("NORTH SEA") is no code."""
    words = re.findall(r"[A-Za-z0-9]+", text)
    if len(words) > 1 and all(w.isupper() and len(w) > 2 for w in words):
        return set()          # a name set in capitals ("NORTH SEA"), not a code
    return {w for w in words if _ABBREV.match(w) and not (_ROMAN.match(w) and w.isupper())}


def _inside(r: Rect, box: Rect, slack: float = 1.0) -> bool:
    return r[0] >= box[0] - slack and r[1] >= box[1] - slack and r[2] <= box[2] + slack and r[3] <= box[3] + slack


def _segment_hits(a, b, r: Rect, inset: float = 2.0) -> bool:
    """Whether segment a-b passes through rect r (shrunk by ``inset``), by sampling every 3 px."""
    x0, y0, x1, y1 = r[0] + inset, r[1] + inset, r[2] - inset, r[3] - inset
    if x1 <= x0 or y1 <= y0:
        return False
    n = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 3))
    for i in range(n + 1):
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if x0 < x < x1 and y0 < y < y1:
            return True
    return False


def _path_hits(points, r: Rect) -> bool:
    return any(_segment_hits(points[i], points[i + 1], r) for i in range(len(points) - 1))


def _in_rect(p, r: Rect) -> bool:
    return r[0] <= p[0] <= r[2] and r[1] <= p[1] <= r[3]


def findings(layout: PictureLayout, phone_width: int = PHONE_WIDTH) -> list[str]:
    """What on the picture breaks the legibility rule (empty: nothing)."""
    out: list[str] = []
    scale = phone_width / layout.width
    texts = layout.texts
    for t in texts:
        if t.size * scale < MIN_PHONE_PX - 1e-9:
            out.append(f"size: '{t.text}' is {t.size} px, {t.size * scale:.1f} px at {phone_width} wide")
        r = t.rect
        if r[0] < -EDGE or r[1] < -EDGE or r[2] > layout.width + EDGE or r[3] > layout.height + EDGE:
            out.append(f"edge: '{t.text}' is cut by the picture's edge at {_where(r)}")
    order = sorted(range(len(texts)), key=lambda i: texts[i].rect[0])
    for n, i in enumerate(order):
        a = texts[i]
        for j in order[n + 1:]:
            b = texts[j]
            if b.rect[0] >= a.rect[2]:
                break
            if overlap(a.rect, b.rect) > SLIVER and not _redraw(a, b):
                out.append(f"overlap: '{a.text}' and '{b.text}' overlap at {_where(a.rect)}")
    markers = [m for m in layout.marks if m.kind == "marker"]
    frames = [m for m in layout.marks if m.kind == "frame"]
    paths = [m for m in layout.marks if m.kind == "path"]
    for t in texts:
        for m in markers:
            if overlap(t.rect, m.rect) > SLIVER and not _inside(t.rect, m.rect):
                out.append(f"marker: '{t.text}' lies across the {m.name or 'marker'} at {_where(m.rect)}")
        for f in frames:
            if overlap(t.rect, f.rect) > SLIVER and not _inside(t.rect, f.rect):
                out.append(f"frame: '{t.text}' is cut by the {f.name or 'frame'} at {_where(f.rect)}")
        for p in paths:
            if _path_hits(p.points, t.rect):
                out.append(f"path: the {p.name or 'line'} runs under '{t.text}' at {_where(t.rect)}")
    for p in paths:
        for m in markers:
            if _in_rect(p.points[0], m.rect) or _in_rect(p.points[-1], m.rect):
                continue
            if _path_hits(p.points, m.rect):
                out.append(f"path: the {p.name or 'line'} runs through the {m.name or 'marker'} at {_where(m.rect)}")
    explained = " ".join(t.text for t in texts if t.legend)
    known = set(re.findall(r"[A-Za-z0-9]+", explained))
    known |= {w for t in texts for w in re.findall(r"\(([A-Za-z0-9]+)\)", t.text)}   # "Victory points (VP)"
    # a code of letters and a number ("F5": a side's letter, 5 units) is explained when its letters are
    # and a run of capitals ("BBG": dice) when each letter is ("B blue, R red, G green")
    missing = sorted(a for a in {a for t in texts if not t.legend for a in abbreviations(t.text)}
                     if a not in known and _letters(a) not in known
                     and not (a.isalpha() and a.isupper() and set(a) <= known))
    out.extend(f"legend: '{a}' is not explained in the picture's legend" for a in missing)
    return out


def _redraw(a, b) -> bool:
    """The same text drawn again in the same place (a name redrawn over an arrow; a pasted copy's box may
    differ from the direct drawing's by float rounding)."""
    return a.text == b.text and all(abs(p - q) < 0.5 for p, q in zip(a.rect, b.rect))


def _letters(code: str) -> str:
    return code.rstrip("0123456789")


def _where(r: Rect) -> str:
    return f"({r[0]:.0f}, {r[1]:.0f})"

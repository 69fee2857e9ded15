"""Where a picture's text and marks went: the layout data the legibility rule (``legibility.py``) checks.

While :func:`recording` is on, every ``ImageDraw.text`` call (in a renderer, in the kit, on a cached layer
built meanwhile) is noted on the image it draws on, with its box and font size; ``paste``, ``copy`` and
``crop`` carry the notes along (a pasted image covers the notes under it; a crop keeps those it reaches,
so text cut by the crop shows as text over the picture's edge). Renderers add what Pillow cannot know:
:func:`mark` a marker (a disc, a badge, an arrow's path) or a frame (a card, a panel) that text must keep
clear of or stay inside. Off (the normal case) nothing is noted and nothing costs.

The hooks wrap four Pillow methods only while recording, so the renderers keep drawing with plain
``ImageDraw``: the check sees exactly what they draw, with no second description to keep in step. The
wrapping is process-wide while it lasts, so recording is for tests and tools (``render.draw_layout``), not
for the service, whose other threads would be noted too.
"""

from __future__ import annotations

import inspect
import threading
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from PIL import Image, ImageDraw

from .rects import Rect


@dataclass
class TextBox:
    """One piece of text as drawn: its ink box, the font size in px, and whether it belongs to a legend
    (legend text explains; it needs no explaining)."""

    text: str
    rect: Rect
    size: int
    legend: bool = False


@dataclass
class Mark:
    """Something drawn that text must respect. ``kind``: "marker" (text may sit wholly inside it, as its
    label, but not across it), "frame" (a card or box: text is wholly inside or wholly outside),
    "path" (an arrow or leader line, given by ``points``: it may not run under text or through a
    marker). ``name`` says what it is, for the findings."""

    kind: str
    rect: Rect
    name: str = ""
    points: tuple[tuple[float, float], ...] = ()


@dataclass
class PictureLayout:
    """Everything noted on one picture."""

    width: int
    height: int
    texts: list[TextBox] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


_NOTES: dict[int, list] = {}      # id(image) -> its notes, dropped when the image is (Images are unhashable)
_STATE = threading.local()
_LOCK = threading.Lock()


def _on() -> bool:
    return getattr(_STATE, "depth", 0) > 0


def _notes(img: Image.Image) -> list:
    found = _NOTES.get(id(img))
    if found is None:
        found = _set(img, [])
    return found


def _set(img: Image.Image, notes: list) -> list:
    if id(img) not in _NOTES:
        weakref.finalize(img, _NOTES.pop, id(img), None)
    _NOTES[id(img)] = notes
    return notes


def _shift(note, dx: float, dy: float):
    r = note.rect
    rect = (r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy)
    if isinstance(note, TextBox):
        return TextBox(note.text, rect, note.size, note.legend)
    return Mark(note.kind, rect, note.name, tuple((x + dx, y + dy) for x, y in note.points))


def _inside(r: Rect, box: Rect) -> bool:
    return r[0] >= box[0] and r[1] >= box[1] and r[2] <= box[2] and r[3] <= box[3]


def _meets(r: Rect, box: Rect) -> bool:
    return r[0] < box[2] and r[2] > box[0] and r[1] < box[3] and r[3] > box[1]


_ORIGINAL: dict[str, object] = {}
_TEXT_SIGNATURE = inspect.signature(ImageDraw.ImageDraw.text)


def _text(self, xy, text, *args, **kwargs):
    depth = getattr(_STATE, "in_text", 0)
    _STATE.in_text = depth + 1
    try:
        _ORIGINAL["text"](self, xy, text, *args, **kwargs)
    finally:
        _STATE.in_text = depth
    image = getattr(self, "_image", None)
    if depth or image is None or not str(text).strip():
        return       # a multi-line text draws each line through text() again: noted once, whole
    bound = _TEXT_SIGNATURE.bind(self, xy, text, *args, **kwargs).arguments
    font = bound.get("font")
    box = self.textbbox(xy, text, font=font, anchor=bound.get("anchor"), spacing=bound.get("spacing", 4),
                        align=bound.get("align", "left"))
    size = int(getattr(font, "size", 10))
    _notes(image).append(TextBox(str(text), tuple(float(v) for v in box), size, getattr(_STATE, "legend", 0) > 0))


def _paste(self, im, box=None, mask=None):
    _ORIGINAL["paste"](self, im, box, mask)
    if isinstance(box, Image.Image):   # paste(im, mask)
        box, mask = None, box
    if not isinstance(im, Image.Image):
        return
    x, y = (box[0], box[1]) if box is not None and len(box) >= 2 else (0, 0)
    covered = (x, y, x + im.width, y + im.height)
    mine = _NOTES.get(id(self))
    theirs = [_shift(n, x, y) for n in _NOTES.get(id(im), [])]
    if mine:      # an opaque paste hides what was drawn under it; a patch cut from here brings it back
        mine[:] = [n for n in mine if not (mask is None and _inside(n.rect, covered)) and n not in theirs]
    if theirs:
        _notes(self).extend(theirs)


def _copy(self):
    out = _ORIGINAL["copy"](self)
    if id(self) in _NOTES:
        _set(out, list(_NOTES[id(self)]))
    return out


def _crop(self, box=None):
    out = _ORIGINAL["crop"](self, box)
    notes = _NOTES.get(id(self))
    if notes and box is not None:
        _set(out, [_shift(n, -box[0], -box[1]) for n in notes if _meets(n.rect, box)])
    elif notes:
        _set(out, list(notes))
    return out


@contextmanager
def recording() -> Iterator[None]:
    """Note text and marks on every picture drawn inside (this thread; nestable)."""
    with _LOCK:
        if not _ORIGINAL:
            _ORIGINAL.update(text=ImageDraw.ImageDraw.text, paste=Image.Image.paste,
                             copy=Image.Image.copy, crop=Image.Image.crop)
            ImageDraw.ImageDraw.text, Image.Image.paste = _text, _paste
            Image.Image.copy, Image.Image.crop = _copy, _crop
        _STATE.depth = getattr(_STATE, "depth", 0) + 1
    try:
        yield
    finally:
        with _LOCK:
            _STATE.depth -= 1
            if _STATE.depth == 0 and _ORIGINAL:
                ImageDraw.ImageDraw.text, Image.Image.paste = _ORIGINAL["text"], _ORIGINAL["paste"]
                Image.Image.copy, Image.Image.crop = _ORIGINAL["copy"], _ORIGINAL["crop"]
                _ORIGINAL.clear()


@contextmanager
def legend_text() -> Iterator[None]:
    """Text drawn inside is a legend's (kit.legend uses it)."""
    _STATE.legend = getattr(_STATE, "legend", 0) + 1
    try:
        yield
    finally:
        _STATE.legend -= 1


def mark(draw: ImageDraw.ImageDraw | Image.Image, kind: str, rect: Sequence[float], name: str = "",
         points: Sequence[tuple[float, float]] = ()) -> None:
    """Note a marker, frame or path on the picture ``draw`` draws on (nothing unless recording)."""
    if not _on():
        return
    image = draw if isinstance(draw, Image.Image) else getattr(draw, "_image", None)
    if image is not None:
        _notes(image).append(Mark(kind, tuple(float(v) for v in rect), name,
                                  tuple((float(x), float(y)) for x, y in points)))


def path_mark(draw, points: Sequence[tuple[float, float]], name: str = "arrow") -> None:
    """Note an arrow or line along ``points``."""
    if not _on() or len(points) < 2:
        return
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mark(draw, "path", (min(xs), min(ys), max(xs), max(ys)), name, points)


#: functools caches of drawn pieces (a label drawn once and pasted): forgotten when a layout is wanted, so
#: that their text is drawn, and noted, again
DRAWING_CACHES: list = []


def forget_unnoted(cache) -> None:
    """Before recording a picture: drop the layers of ``cache`` (a LayerCache) drawn while not recording,
    and empty :data:`DRAWING_CACHES`, so that everything the picture shows is drawn and noted."""
    cache.keep_only(lambda layer: id(layer) in _NOTES)
    for cached in DRAWING_CACHES:
        cached.cache_clear()


def layout_of(img: Image.Image) -> PictureLayout:
    """The notes on ``img`` (empty when it was not drawn while recording)."""
    notes = _NOTES.get(id(img), [])
    return PictureLayout(img.width, img.height, [n for n in notes if isinstance(n, TextBox)],
                         [n for n in notes if isinstance(n, Mark)])

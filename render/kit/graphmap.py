"""Graph maps of spaces and links: a board of point spaces joined by connections (roads, sea lanes, passes),
as in point-to-point games. The game gives each space's position and each link's kind; the kit draws the
links in their kind's style (colour, width, dash), each space with the game's symbol function, and the
names beside their spaces where they cover no space, no link end and no other name (``place_labels``).

``lay_out`` is pure (no drawing) so the tests can check it; ``draw_graph`` draws what it laid out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from PIL import ImageDraw

from .labels import LabelLayout, around, place_labels
from .rects import Point, Rect
from .shapes import dashed_line
from .style import INK, WHITE
from .text import font, halo_text


@dataclass(frozen=True)
class LinkStyle:
    colour: tuple[int, int, int]
    width: int = 4
    dash: int = 0          # 0: a solid line
    gap: int = 0
    casing: int = 3        # px of white either side, so a link reads over any ground


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    at: Point
    radius: float = 16     # the space's symbol fits a circle this wide


@dataclass
class GraphLayout:
    spaces: dict[str, Space]
    links: list[tuple[str, str, str]]
    labels: LabelLayout = field(default_factory=LabelLayout)
    name_size: int = 26


def lay_out(spaces: Sequence[Space], links: Sequence[tuple[str, str, str]], bounds: Rect,
            name_size: int = 26, gap: float = 4, obstacles: Sequence[Rect] = ()) -> GraphLayout:
    """Where each space's name goes: beside its space (right, left, below, above, then diagonals), off
    every space's symbol, the ``obstacles`` and the names placed before it (spaces with the most links
    first: the crowded places choose first)."""
    by_id = {s.id: s for s in spaces}
    degree = {s.id: 0 for s in spaces}
    for a, b, _ in links:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    f = font(name_size, True)
    symbols = [(s.at[0] - s.radius, s.at[1] - s.radius, s.at[0] + s.radius, s.at[1] + s.radius) for s in spaces]
    requests = []
    for s in sorted(spaces, key=lambda s: (-degree[s.id], s.id)):
        w, h = f.getlength(s.name) + 8, name_size + 6
        requests.append((s.id, around(s.at, w, h, s.radius + gap)))
    labels = place_labels(requests, list(obstacles) + symbols, bounds)
    return GraphLayout(by_id, list(links), labels, name_size)


def draw_graph(d: ImageDraw.ImageDraw, layout: GraphLayout, styles: dict[str, LinkStyle],
               symbol: Callable[[ImageDraw.ImageDraw, Space], None] | None = None, ink=INK, halo=WHITE) -> None:
    """Links (under), spaces (``symbol``, by default a white disc ringed in ink), then the names."""
    for a, b, kind in layout.links:
        style = styles[kind]
        p, q = layout.spaces[a].at, layout.spaces[b].at
        if style.casing:
            d.line([p, q], fill=WHITE, width=style.width + 2 * style.casing)
        dashed_line(d, p, q, style.colour, style.width, style.dash, style.gap)
    for space in layout.spaces.values():
        if symbol is not None:
            symbol(d, space)
        else:
            x, y = space.at
            r = space.radius
            d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE, outline=ink, width=3)
    f = font(layout.name_size, True)
    for key, box in layout.labels.boxes.items():
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        halo_text(d, (cx, cy), layout.spaces[key].name, f, fill=ink, halo=halo)

"""The Richard III map picture: the cached static board plus this view's pieces and panels.

Layout (1200 px wide, at most 2400 tall; see render/kit/style.py for why):

- title strip: game, campaign and turn; phase and whose picture; on the right, whose move it is,
  coloured by the side the game waits for;
- the map: blocks inside their own area (``plan_blocks``), moves as arrows along their real route,
  contested areas ringed in orange, crossings used per border;
- the state panel: King and Pretender, turn and campaign tracks, this turn's cards;
- the pools: counts for everyone, names and strengths for the owner, minors, the dead, cards in hand;
- the legend (the board's symbols on the public map; the marks of one's own blocks on a private map).

Blocks are placed in the free room of their area (geometry.py), the largest size that fits first. A
labelled block always carries its name (never smaller than the named mini size). A crowd that does not
fit is drawn as a stack with a count (face-down blocks); in a crowded battle the other side's revealed
blocks are drawn face down (the battle picture names them); labelled blocks that still do not fit go in
a framed box beside the area (over water, else over land clear of every name) with a leader line to it.
Nothing is drawn over the area names, border limits or sea badges; markers placed later (counts on
arrows, crossings used, musters, battle marks) never cover a name while any place leaves it free
(``draw_map_layout`` returns where everything went, for the tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from PIL import Image, ImageDraw

from ..kit.areamap import areas_along, ring_mask
from ..kit.cache import CACHE
from ..kit.diskcache import load_or_build
from ..kit.layout import DRAWING_CACHES
from ..kit.legend import LegendItem, legend_panel
from ..kit.moves import border_crossing, landing, through_area
from ..kit.rects import along as _along
from ..kit.rects import RectIndex, least_covered, overlap
from ..kit.rects import unit as _unit
from ..kit.shapes import path_arrow
from ..kit.stacks import arrangements, callout_frame, count_badge, leader_line, scatter
from ..kit.strip import title_strip, whose_fill
from ..kit.style import ACCENT, INK, WHITE
from ..kit.symbols import crown
from ..kit.tableau import chip
from ..kit.text import fit_font, font, wrap
from ..kit.tracks import track
from .board import (BORDER_STYLE, GOLD, LAND, SEA_COLOURS, city_tower, draw_border, draw_label_item, draw_static,
                    draw_symbol, limit_badge, sea_badge)
from .geometry import (GRID, LIMIT_R, SEA_BADGE_R, MAP_BOTTOM, MAP_TOP, THRONE_BOX, TITLE_H, WIDTH, FreeGrid, Rect,
                       geometry, grow)
from .geometry import sources as geometry_sources
from .model import Scene
from .pieces import SIDE_FILL, SIDE_INK, SIDE_NAME, BlockFace, draw_block, legend_block, short_name

MAX_HEIGHT = 2 * WIDTH
PUBLIC = (44, 44)           # a face-down block (w, h)
PUBLIC_SMALL = (36, 36)
# a known block (the viewer's own, or one revealed) shows its strength alone, as a digit readable at phone
# width (its name, type and rating are on the hand picture): the face-down sizes, never smaller than the
# small one, so that the digit stays readable; a crowd that needs smaller blocks is set out beside its area
# instead (``_callout``).
LABELLED = (PUBLIC, PUBLIC, PUBLIC_SMALL)
GAP = 6
GROUP_GAP = 12
MAX_LEADER = 300            # px: a crowd set out beside its area stays this close
MAX_LEADER_NAMED = 520      # px: or, for named blocks (which may not shrink), this close
CONTEST = (255, 120, 0)

MOVE_COLOUR = {"york": (250, 250, 250), "lancaster": (190, 20, 30), "rebel": (20, 20, 20)}
MOVE_EDGE = {"york": (20, 20, 20), "lancaster": (255, 255, 255), "rebel": (255, 255, 255)}
PANEL_BG = (250, 247, 238)
BOX_BG = (253, 251, 245)


# ---- block layout ---------------------------------------------------------------------------------
@dataclass
class Placed:
    area: str
    x: float
    y: float
    size: tuple[int, int]            # (w, h)
    face: BlockFace
    count: int = 1                   # a stack of face-down blocks
    leader: tuple | None = None      # (from, to) when drawn beside the area


@dataclass
class Plan:
    blocks: list[Placed] = field(default_factory=list)
    groups: dict[str, Rect] = field(default_factory=dict)      # area -> bounding box of its blocks
    labels: dict[str, object] = field(default_factory=dict)    # area -> LabelSpot drawn
    obstacles: list[Rect] = field(default_factory=list)
    # what the drawing put where (filled in by draw_map; the tests read it): (kind, rect) of every mark
    # drawn over the board (count badges, tabs, battle marks, callout frames), and for every labelled
    # block (block id, the size in px of the name drawn on it)
    marks: list[tuple[str, Rect]] = field(default_factory=list)
    names: list[tuple[str, int]] = field(default_factory=list)


def _side_key(b: BlockFace, scene: Scene) -> str:
    if b.side == "rebel":  # the Rebel fights for the Pretender
        return scene.pretender.side or ("york" if scene.king.side == "lancaster" else "lancaster")
    return b.side


def _arrangements(groups: tuple[tuple[int, tuple[int, int]], ...]):
    """(w, h, spots) for the ways to set one side's or both sides' blocks out (see kit.stacks)."""
    return arrangements(groups, GAP, GROUP_GAP)


@lru_cache(maxsize=16384)
def _joint(area: str, w: float, h: float, bare: bool = False):
    """Where a w x h group of blocks goes in an area, together with the area's label: (block rect,
    label spot) for the best-looking pair (blocks near the middle of the free room, the label in one of
    its best places), or None when no pair fits."""
    g = geometry().areas[area]
    fits = g.free.fitting(w, h, step=1)
    if not fits:
        return None
    cx, cy = g.centre
    fits.sort(key=lambda r: ((r[0] + r[2]) / 2 - cx) ** 2 + ((r[1] + r[3]) / 2 - cy) ** 2)
    if len(fits) > 160:   # a spread sample: the nearest first, then the whole room
        fits = fits[:60] + fits[60::max(1, (len(fits) - 60) // 100)]
    best, best_score = None, float("inf")
    for rect in fits:
        d = math.dist(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), (cx, cy)) / 6
        if d >= best_score:
            continue
        nx0, ny0, nx1, ny1 = grow(rect, 5)
        for spot in g.labels:
            if spot.cost + d >= best_score or (spot.bare and not bare):
                break
            ux0, uy0, ux1, uy1 = spot.rect
            if ux1 <= nx0 or ux0 >= nx1 or uy1 <= ny0 or uy0 >= ny1 or \
                    all(r[2] <= nx0 or r[0] >= nx1 or r[3] <= ny0 or r[1] >= ny1 for r in spot.rects):
                best, best_score = (rect, spot.rank), spot.cost + d
                break
    return best


@lru_cache(maxsize=4096)
def _layout(area: str, groups: tuple[tuple[int, bool], ...]) -> tuple:
    """Where an area's groups go: ``groups`` = ((count, labelled), ...) per side. Returns
    (sizes per group, stacked per group, rect, spots, label rank) or None when nothing fits."""
    geo = geometry()
    g = geo.areas[area]
    room = g.free.count * GRID * GRID
    # first with the area's full label, then (a crowd) with its name alone; blocks in a grid, else one by
    # one wherever they fit (a slanting or ragged area)
    for bare in (False, True):
        found = _grid_layout(g, groups, room, bare) or _scattered(g, groups, bare) or _stacks(g, groups, bare)
        if found is not None:
            return found
    return None


def _grid_layout(g, groups, room, bare):
    """The blocks in a grid (per side), the largest size that fits beside one of the label's places."""
    for level in range(3):
        sizes = tuple((LABELLED[min(level, 2)] if lab else (PUBLIC if level < 2 else PUBLIC_SMALL))
                      for n, lab in groups)
        for w, h, spots in _arrangements(tuple((n, s) for (n, _), s in zip(groups, sizes))):
            if w * h > room * 0.8:
                continue
            found = _joint(g.id, w, h, bare)
            if found is not None:
                rect, rank = found
                return sizes, tuple(False for _ in groups), rect, tuple(spots), rank
    return None


def _stacks(g, groups, bare):
    """Each side's face-down blocks as one block with a count (labelled blocks stay single, mini size)."""
    sizes = tuple(LABELLED[2] if lab else PUBLIC for n, lab in groups)
    stacked = tuple((not lab) and n > 1 for n, lab in groups)
    eff = tuple((1 if st else n, s) for (n, _), s, st in zip(groups, sizes, stacked))
    for w, h, spots in _arrangements(eff):
        found = _joint(g.id, w, h, bare)
        if found is not None:
            rect, rank = found
            return sizes, stacked, rect, tuple(spots), rank
    return None


def _scattered(g, groups, bare):
    """Blocks placed one by one (York's first, then Lancaster's) in the free room left by one of the
    label's places, each as near as it can to the blocks before it: for areas whose room is too ragged for
    a grid. Labelled blocks at the compact then the mini size, face-down ones at 44 then 36 px."""
    for level in (1, 2):
        sizes = tuple(LABELLED[level] if lab else (PUBLIC if level == 1 else PUBLIC_SMALL) for n, lab in groups)
        for spot in [sp for sp in g.labels if sp.bare == bare][:40]:
            grid = g.free.without([grow(r, 5) for r in spot.rects])
            found = scatter(grid, [n for n, _ in groups], sizes, g.centre, GAP)
            if found is not None:
                rect, spots = found
                return sizes, tuple(False for _ in groups), rect, spots, spot.rank
    return None


def plan_blocks(scene: Scene) -> Plan:
    """Where every block of the view is drawn (also used by the tests)."""
    geo = geometry()
    plan = Plan(obstacles=RectIndex(geo.static_obstacles))   # least_covered looks up only those near
    plan.labels = {k: g.labels[0] for k, g in geo.areas.items()}
    sea_taken: list[Rect] = []
    def groups_of(area_id):
        blocks = scene.areas[area_id]
        return [[b for b in blocks if _side_key(b, scene) == s] for s in ("york", "lancaster")]

    def key_of(groups):
        return tuple((len(gr), any(b.known for b in gr)) for gr in groups)

    # areas whose blocks fit first, so that a crowd set out beside its area knows every name it must miss
    present = [a for a in scene.areas if a in geo.areas and scene.areas[a]]
    for area_id in sorted(present, key=lambda a: (_layout(a, key_of(groups_of(a))) is None,
                                                  -len(scene.areas[a]), a)):
        g = geo.areas[area_id]
        groups = groups_of(area_id)
        key = key_of(groups)
        found = _layout(area_id, key)
        leader = None
        blank = (False, False)
        if found is None and any(lab for _, lab in key):
            # a crowded battle: the blocks revealed in it that are not the viewer's own are drawn face down
            # (the battle picture shows them), so the viewer's own keep their names in the area
            blank = tuple(lab and side != scene.role for (_, lab), side in zip(key, ("york", "lancaster")))
            plain = tuple((n, lab and not b) for (n, lab), b in zip(key, blank))
            found = _layout(area_id, plain) if plain != key else None
            if found is not None:
                key = plain
        if found is None and any(blank) and not all(blank) and all(n for n, _ in key):
            # still too many: the other side's stack stays in the area, one's own named blocks go beside it
            own = 0 if blank[1] else 1
            alone = tuple((n, False) if gi != own else (0, False) for gi, (n, _) in enumerate(key))
            inside = _layout(area_id, alone)
            if inside is not None:
                _put(plan, area_id, groups, inside, None, blank)
                plan.labels[area_id] = g.labels[inside[4]]
                mine = tuple((n, lab) if gi == own else (0, False) for gi, (n, lab) in enumerate(key))
                beside, leader = _callout(geo, area_id, mine, sea_taken, plan)
                _put(plan, area_id, groups, beside, leader, blank)
                plan.groups[area_id] = beside[2]
                if leader:
                    sea_taken.append(grow(beside[2], 8))
                continue
        if found is None:
            blank = (False, False)
            key = tuple((len(gr), any(b.known for b in gr)) for gr in groups)
            found, leader = _callout(geo, area_id, key, sea_taken, plan)
        plan.labels[area_id] = g.labels[found[4]]
        _put(plan, area_id, groups, found, leader, blank)
        plan.groups[area_id] = found[2]
        if leader:
            sea_taken.append(grow(found[2], 8))
    for spot in plan.labels.values():
        plan.obstacles.extend(spot.rects)
    return plan


def _put(plan: Plan, area_id: str, groups, found, leader, blank) -> None:
    """Add the blocks of a layout (``found`` from _layout or _callout) to the plan."""
    sizes, stacked, rect, spots, _ = found
    for gi, i, dx, dy in spots:
        group = groups[gi]
        face = group[i] if not stacked[gi] else BlockFace(group[0].side)
        if blank[gi]:
            face = BlockFace(group[0].side, ruler=any(b.ruler for b in group) if stacked[gi] else face.ruler)
        placed = Placed(area_id, rect[0] + dx, rect[1] + dy, sizes[gi], face,
                        count=len(group) if stacked[gi] else 1, leader=leader)
        plan.blocks.append(placed)
        plan.obstacles.append((placed.x - 3, placed.y - 3, placed.x + placed.size[0] + 5,
                               placed.y + placed.size[1] + 5))


def _callout(geo, area_id: str, key, taken: list[Rect], plan: Plan):
    """A crowd too big for its area: set out over open water near the area's own coast (so that the leader
    line crosses no other area), in a framed box, with a leader line to the area. Named blocks keep a size
    that carries their names (full, else compact), and may go a little further for it."""
    g = geo.areas[area_id]
    named = any(lab for _, lab in key)
    grid: FreeGrid = geo.sea_grid.without(taken) if taken else geo.sea_grid
    # (only reached when the blocks, scattered beside the bare name, do not fit)
    targets = list(g.sea_badges.values()) + [g.anchor]
    reach = MAX_LEADER_NAMED if named else MAX_LEADER
    names = [r for spot in plan.labels.values() for r in spot.rects]
    for level in ((0, 1) if named else (1,)):
        sizes = tuple(LABELLED[level] if lab else PUBLIC_SMALL for n, lab in key)
        best, best_score = None, float("inf")
        for w, h, spots in _arrangements(tuple((n, s) for (n, _), s in zip(key, sizes)))[:6]:
            for t in targets:
                rect = grid.best(w + 12, h + 12, t, step=2)
                if rect is None:
                    continue
                centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
                length = math.dist(centre, g.centre)
                others = sum(1 for k in range(1, 20)
                             if geo.area_at((centre[0] + (g.centre[0] - centre[0]) * k / 20,
                                             centre[1] + (g.centre[1] - centre[1]) * k / 20)) not in (None, area_id))
                score = length + others * 60 + w * h / 400
                if length > reach:
                    continue
                # a frame or a leader line over another area's name hides it: far worse than a long line
                score += 1000 * sum(1 for r in names if overlap(rect, r) > 0 or _crosses(centre, g.centre, r))
                if score < best_score:
                    inner = (rect[0] + 6, rect[1] + 6, rect[2] - 6, rect[3] - 6)
                    best, best_score = ((sizes, tuple(False for _ in key), inner, tuple(spots), 0),
                                        (centre, g.centre)), score
        if best is not None:
            return best
    # no water free near it: in a framed box over the land nearby, off every name, badge and block drawn
    sizes = tuple(LABELLED[1] if lab else PUBLIC for n, lab in key)
    stacked = tuple((not lab) and n > 1 for n, lab in key)   # face-down blocks as one stack with a count
    shapes = _arrangements(tuple((1 if st else n, s) for (n, _), s, st in zip(key, sizes, stacked)))
    avoid = plan.obstacles + taken + [r for spot in plan.labels.values() for r in spot.rects]
    room = _land_grid().without([grow(r, 4) for r in avoid])
    best, best_d = None, float("inf")
    for w, h, spots in shapes[:10]:
        rect = room.best(w + 12, h + 12, g.anchor, step=1)
        if rect is not None:
            centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
            if math.dist(centre, g.anchor) < best_d:
                best, best_d = (rect, spots, centre), math.dist(centre, g.anchor)
    if best is None:   # nowhere at all: on the area itself
        w, h, spots = shapes[0]
        x, y = g.anchor[0] - w / 2, g.anchor[1] - h / 2
        return (sizes, stacked, (x, y, x + w, y + h), tuple(spots), 0), None
    rect, spots, centre = best
    inner = (rect[0] + 6, rect[1] + 6, rect[2] - 6, rect[3] - 6)
    return (sizes, stacked, inner, tuple(spots), 0), (centre, g.anchor)


def _crosses(frm, to, rect: Rect, steps: int = 24) -> bool:
    """Whether the straight line frm-to passes over ``rect`` (sampled)."""
    return any(rect[0] <= frm[0] + (to[0] - frm[0]) * k / steps <= rect[2] and
               rect[1] <= frm[1] + (to[1] - frm[1]) * k / steps <= rect[3] for k in range(steps + 1))


@lru_cache(maxsize=1)
def _land_grid() -> FreeGrid:
    """Every cell of the map below the title strip and clear of the throne box (where a crowd with no
    free water near it may be framed)."""
    cols, rows = WIDTH // GRID, (MAP_BOTTOM - MAP_TOP) // GRID - 2
    gy0 = MAP_TOP // GRID + 1
    grid = FreeGrid(0, gy0, cols, rows, [[1] * cols for _ in range(rows)], GRID)
    return grid.without([grow(THRONE_BOX, 8)])


# ---- the static layer -----------------------------------------------------------------------------
def map_layer() -> Image.Image:
    """Title area + board: the same for every view and scenario, so cached once."""
    return CACHE.get(("richard3", "board", WIDTH, MAP_BOTTOM), _stored_board)


def _stored_board() -> Image.Image:
    """The board from the disk cache (a cold start), drawn when its sources changed."""
    here = Path(__file__).resolve().parent
    sources = [*geometry_sources(), *sorted(here.glob("*.py"))]
    return load_or_build("richard3-board", sources, lambda: draw_static(MAP_BOTTOM))


def legend_layer(private: bool, stack: bool = True, captive: bool = True, title: str = "",
                 side: str = "york") -> Image.Image:
    """The legend (cached). The public one explains a stack and the captive tag only when the picture
    shows one (a stack is rare; a captive exists only in Kingmaker)."""
    side = side if side in SIDE_FILL else "york"
    items, columns = (_private_legend(side) if private else _public_legend(stack, captive))
    title = title or ("Your blocks on the map (names and seats: your hand picture)" if private else "Legend")
    return CACHE.get(("richard3", "legend", private, private or stack, private or captive, title,
                      side if private else "", WIDTH),
                     lambda: legend_panel(items, columns, title, PANEL_BG))


# ---- drawing --------------------------------------------------------------------------------------
def draw_map(scene: Scene) -> Image.Image:
    return draw_map_layout(scene)[0]


def draw_map_layout(scene: Scene) -> tuple[Image.Image, Plan]:
    """The map picture and where everything on it went (the plan, with the marks drawn)."""
    geo = geometry()
    private = scene.role in ("york", "lancaster")
    plan = plan_blocks(scene)
    # panels below the map: measure, then make the picture exactly as tall as needed
    panel = _panel_lines(scene)
    legend_img = legend_layer(private, stack=any(p.count > 1 for p in plan.blocks), captive=bool(scene.captive),
                              side=scene.role or "york")
    if private and MAP_BOTTOM + panel.height + legend_img.height > MAX_HEIGHT:
        # the marks of one's own blocks are also explained on the hand picture
        legend_img = Image.new("RGB", (WIDTH, 0))
    height = MAP_BOTTOM + panel.height + legend_img.height
    img = Image.new("RGB", (WIDTH, height), PANEL_BG)
    img.paste(map_layer(), (0, 0))
    d = ImageDraw.Draw(img)

    obstacles = plan.obstacles
    touched: set[str] = set()
    for area_id, spot in plan.labels.items():
        box, patch = _label_patch(area_id, spot.rank)
        img.paste(patch, box[:2])
    for area_id in sorted(scene.contested | scene.battle_areas):
        _ring_area(img, area_id)
    # arrows under the blocks (a block's face is never hidden; the chevron at each border crossing is
    # placed clear of blocks), over the names, which are drawn again on top, as are the board's badges
    counts = _draw_moves(d, scene, obstacles, touched, plan.marks, _name_rects(plan))
    leaders = {p.leader for p in plan.blocks if p.leader}
    for frm, to in sorted(leaders):
        leader_line(d, frm, to)
        touched |= _areas_along(geo, [frm, to])
    # names over the arrows and leader lines that cross them
    for area_id in sorted(touched):
        for item in plan.labels[area_id].items:
            draw_label_item(d, item)
    for (x, y), kind, limit in geo.limit_badges:
        limit_badge(d, (x, y), kind)
    for a in geo.areas.values():
        for s, (x, y) in a.sea_badges.items():
            sea_badge(d, x, y, s)
    for rect_area, rect in plan.groups.items():
        if any(p.leader for p in plan.blocks if p.area == rect_area):
            plan.marks.append(("callout", callout_frame(d, rect)))
    for p in plan.blocks:
        named = draw_block(d, p.x, p.y, p.size, p.face, strength_only=True)
        if p.face.known:
            plan.names.append((p.face.id or "", named))
        if p.count > 1:
            plan.marks.append(("stack count", count_badge(d, p.x + p.size[0] - 2, p.y + 2, f"×{p.count}")))
    for draw_count in counts:
        draw_count()
    n = len(obstacles)
    _draw_border_use(d, scene, obstacles, _name_rects(plan))
    _draw_recruits(d, scene, plan, obstacles)
    _draw_contest_marks(d, scene, plan, obstacles)
    _draw_captive(d, scene, plan, obstacles, keep=obstacles[n:])
    plan.marks.extend(("marker", grow(r, -2)) for r in obstacles[n:])   # (kept with a 2 px margin)
    _draw_title(d, scene)
    _draw_throne(d, scene)
    _draw_panel(d, scene, panel)
    img.paste(legend_img, (0, height - legend_img.height))
    return img, plan


def _name_rects(plan: Plan) -> list[Rect]:
    """The rows of every area's name and symbols as drawn (nothing placed later may cover them)."""
    return [r for spot in plan.labels.values() for r in spot.rects]


def _areas_along(geo, pts, step: float = 8.0) -> set[str]:
    """The areas a polyline passes over (sampled every ``step`` px)."""
    return areas_along(geo.area_at, pts, step)


@lru_cache(maxsize=2048)
def _label_patch(area_id: str, rank: int):
    """An area's name and symbols at one of its places, drawn once on the board and cut out: pasting
    the patch gives the same pixels as drawing the label on the board."""
    spot = geometry().areas[area_id].labels[rank]
    x0, y0, x1, y1 = (int(math.floor(spot.rect[0])) - 4, int(math.floor(spot.rect[1])) - 4,
                      int(math.ceil(spot.rect[2])) + 4, int(math.ceil(spot.rect[3])) + 4)
    x0, y0 = max(x0, 0), max(y0, MAP_TOP)
    x1, y1 = min(x1, WIDTH), min(y1, MAP_BOTTOM)
    patch = map_layer().crop((x0, y0, x1, y1))
    d = ImageDraw.Draw(patch)
    for item in spot.items:
        moved = type(item)(**{**item.__dict__, "x": item.x - x0, "y": item.y - y0})
        draw_label_item(d, moved)
    return (x0, y0, x1, y1), patch


DRAWING_CACHES.append(_label_patch)


def _ring_area(img: Image.Image, area_id: str) -> None:
    """An orange ring just inside the area's edge (a battle there)."""
    g = geometry().areas.get(area_id)
    if g is None:
        return
    box = tuple(int(v) for v in grow(g.bbox, 2))
    img.paste(CONTEST, (box[0], box[1]), _ring(area_id, box, g.index))


@lru_cache(maxsize=64)
def _ring(area_id: str, box: tuple[int, int, int, int], index: int) -> Image.Image:
    return ring_mask(geometry().index, box, index, 13)


def _least_covered(cands: list[Rect], obstacles: list[Rect], bounds=(0, MAP_TOP, WIDTH, MAP_BOTTOM),
                   names: Sequence[Rect] = ()) -> Rect:
    """The candidate covering least of what is drawn, never an area's name while any place leaves it free
    (see kit.rects.least_covered); on the map by default."""
    return least_covered(cands, obstacles, bounds, names)


# ---- moves ----------------------------------------------------------------------------------------
def _crossing(geo, a: str, b: str, avoid: list[Rect]):
    """Where a move from a to b crosses their border (off the limit badge and anything drawn, with room
    on both sides for the arrow inside the two areas): (point, unit normal from a into b, reach back
    into a, reach on into b)."""
    br = geo.border(a, b)
    ga, gb = geo.areas[a], geo.areas[b]
    if br is None:
        mid = ((ga.anchor[0] + gb.anchor[0]) / 2, (ga.anchor[1] + gb.anchor[1]) / 2)
        return mid, _unit(ga.anchor, gb.anchor), 30.0, 30.0
    return border_crossing(br.edge, ga.seed, gb.seed, a, b, geo.area_at, avoid)


def _move_path(geo, m, avoid: list[Rect]) -> tuple[list[tuple[float, float]], str]:
    """The points of a move's arrow and its style (land, sea, retreat)."""
    a, b = geo.areas.get(m.frm), geo.areas.get(m.to)
    if a is None or b is None:
        return [], ""
    sea = ""
    if m.kind == "sea" or (m.via and m.via[0] in geo.seas):
        sea = m.via[0] if m.via and m.via[0] in geo.seas else next((s for s in a.seas if s in b.seas), "")
    if sea:
        route = geo.route(a.id, b.id, sea)
        if len(route) < 2:
            return [], ""
        start_badge, end_badge = route[0], route[-1]
        # leave from inside the area, just behind its coast, and land just inside the destination
        u = _unit(start_badge, a.seed)
        start = (start_badge[0] + u[0] * 44, start_badge[1] + u[1] * 44)
        end = _landing(geo, b, end_badge, avoid)
        pts = [start] + _offset_ends(route) + [end]
        return pts, "sea"
    chain = [a.id] + [v for v in m.via if v in geo.areas] + [b.id]
    crossings = [_crossing(geo, p, q, avoid) for p, q in zip(chain, chain[1:])]
    pts = []
    c0, n0, back0, _ = crossings[0]
    pts.append((c0[0] - n0[0] * back0, c0[1] - n0[1] * back0))
    for i, (c, n, back, on) in enumerate(crossings):
        pts.append(c)
        if i + 1 < len(crossings):
            # through the area between two crossings: a smooth curve bending towards the area's middle
            c2, n2, back2, _ = crossings[i + 1]
            p1 = (c[0] + n[0] * min(on, 24), c[1] + n[1] * min(on, 24))
            p2 = (c2[0] - n2[0] * min(back2, 24), c2[1] - n2[1] * min(back2, 24))
            pts += through_area(p1, p2, geo.areas[chain[i + 1]].anchor)
    cl, nl, _, onl = crossings[-1]
    pts.append((cl[0] + nl[0] * onl, cl[1] + nl[1] * onl))
    return pts, "retreat" if m.kind in ("retreat", "regroup") else "land"


def _landing(geo, b, badge, avoid: list[Rect]):
    """Where a sea move's arrow ends: inside the destination, 40-70 px in from its coast badge, with the
    head clear of names, badges and blocks where possible (so that it is seen to end there)."""
    return landing(badge, b.seed, b.id, geo.area_at, avoid)


def _offset_ends(route):
    """The sea route without its two end points' badges (the arrow passes beside them)."""
    if len(route) <= 2:
        (x0, y0), (x1, y1) = route[0], route[-1]
        return [(x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.25), (x0 + (x1 - x0) * 0.75, y0 + (y1 - y0) * 0.75)]
    return list(route)


def _draw_moves(d: ImageDraw.ImageDraw, scene: Scene, obstacles: list[Rect], touched: set[str],
                marks: list | None = None, names: Sequence[Rect] = ()) -> list:
    """This turn's moves: solid arrows across the borders they used (through every area passed), dashed
    arrows through the sea zone by sea, thinner dashed ones for retreats and regroups; York white,
    Lancaster red, each with a contrasting edge; the number of blocks in a badge near the start."""
    geo = geometry()
    drawn: list[Rect] = []
    counts: list = []
    for m in scene.moves:
        if m.kind == "recruit" or m.frm == m.to:
            continue
        pts, style = _move_path(geo, m, obstacles + drawn)
        if len(pts) < 2:
            continue
        colour = MOVE_COLOUR.get(m.side, INK)
        edge = MOVE_EDGE.get(m.side, WHITE)
        move_arrow(d, pts, m.side, style)
        touched |= _areas_along(geo, pts)
        for p, q in zip(pts, pts[1:]):
            drawn.append((min(p[0], q[0]) - 6, min(p[1], q[1]) - 6, max(p[0], q[0]) + 6, max(p[1], q[1]) + 6))
        # the count: near the start of the arrow, where it covers least (drawn after the blocks)
        cands = []
        total = sum(math.dist(p, q) for p, q in zip(pts, pts[1:]))
        for frac in (0.0, 0.15, 0.3, 0.08, 0.45, 0.6):
            x, y = _along(pts, total * frac)
            cands.append((x - 17, y - 17, x + 17, y + 17))
        r = _least_covered(cands, obstacles, names=names)
        obstacles.append(grow(r, 2))
        if marks is not None:
            marks.append(("move count", r))

        def move_count(r=r, colour=colour, edge=edge, n=m.count):
            cx, cy = (r[0] + r[2]) / 2, (r[1] + r[3]) / 2
            d.ellipse([cx - 18, cy - 18, cx + 18, cy + 18], fill=colour, outline=edge, width=3)
            d.text((cx, cy + 1), str(n), font=font(27, True), fill=edge, anchor="mm")
        counts.append(move_count)
    obstacles.extend(drawn)
    return counts


def move_arrow(d: ImageDraw.ImageDraw, pts, side: str, style: str, scale: float = 1.0) -> None:
    """One move's arrow as the map draws it (the legend draws its samples with this too): by land solid,
    by sea long dashes, a retreat or regroup thinner short dashes; in the side's colours."""
    colour, edge = MOVE_COLOUR.get(side, INK), MOVE_EDGE.get(side, WHITE)
    casing = 6 if side == "york" else 4   # a white arrow needs a stronger dark edge on the pale land
    if style == "sea":
        path_arrow(d, pts, colour, width=round(8 * scale), head=round(28 * scale), outline=edge,
                   dash=round(20 * scale), gap=round(9 * scale), casing=casing)
    elif style == "retreat":
        path_arrow(d, pts, colour, width=round(6 * scale), head=round(24 * scale), outline=edge,
                   dash=round(10 * scale), gap=round(7 * scale), casing=casing)
    else:
        path_arrow(d, pts, colour, width=round(9 * scale), head=round(28 * scale), outline=edge, casing=casing)


# ---- markers --------------------------------------------------------------------------------------
def _draw_border_use(d: ImageDraw.ImageDraw, scene: Scene, obstacles: list[Rect], names: Sequence[Rect] = ()) -> None:
    """Crossings used this turn, beside the border's limit badge: "2/3" in the crossing side's colours."""
    geo = geometry()
    for side in ("york", "lancaster"):
        for key, n in sorted(scene.border_use.get(side, {}).items()):
            a, _, b = key.partition("|")
            br = geo.border(a, b)
            if br is None:
                continue
            text = f"{n}/{br.limit}"
            f = font(26, True)
            w, h = f.getlength(text) + 14, 32
            (x0, y0), (x1, y1) = br.edge
            tx, ty = _unit((x0, y0), (x1, y1))
            nx, ny = -ty, tx
            mx, my = br.mid
            cands = []
            for off in (36 + w / 2, -(36 + w / 2)):
                for perp in (0, 22, -22):
                    cx, cy = mx + tx * off + nx * perp, my + ty * off + ny * perp
                    cands.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
            for perp in (30, -30):
                cx, cy = mx + nx * perp * 1.4, my + ny * perp * 1.4
                cands.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
            r = _least_covered(cands, obstacles, names=names)
            fill, ink = MOVE_COLOUR[side], MOVE_EDGE[side]
            d.rounded_rectangle(r, radius=9, fill=fill, outline=INK if side == "york" else WHITE, width=2)
            d.text(((r[0] + r[2]) / 2, (r[1] + r[3]) / 2 + 1), text, font=f, fill=ink, anchor="mm")
            obstacles.append(grow(r, 2))


def _draw_recruits(d: ImageDraw.ImageDraw, scene: Scene, plan: Plan, obstacles: list[Rect]) -> None:
    """Blocks mustered from the pool this turn: a "+N" tab beside the area's blocks."""
    geo = geometry()
    counts: dict[tuple[str, str], int] = {}
    for m in scene.moves:
        if m.kind == "recruit" and m.to in geo.areas:
            counts[(m.to, m.side)] = counts.get((m.to, m.side), 0) + m.count
    for (area, side), n in sorted(counts.items()):
        text = f"+{n}"
        f = font(26, True)
        w, h = f.getlength(text) + 16, 34
        g = geo.areas[area]
        box = plan.groups.get(area) or plan.labels[area].rects[0]
        cands = []
        for cx, cy in ((box[0] - w / 2 - 4, box[1] + h / 2), (box[2] + w / 2 + 4, box[1] + h / 2),
                       (box[0] - w / 2 - 4, box[3] - h / 2), (box[2] + w / 2 + 4, box[3] - h / 2),
                       ((box[0] + box[2]) / 2, box[3] + h / 2 + 4), ((box[0] + box[2]) / 2, box[1] - h / 2 - 4),
                       (g.anchor[0], g.anchor[1])):
            cands.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        r = _least_covered(cands, obstacles, names=_name_rects(plan))
        colour, edge = MOVE_COLOUR.get(side, INK), MOVE_EDGE.get(side, WHITE)
        d.rounded_rectangle(r, radius=10, fill=colour, outline=INK, width=3)
        d.text(((r[0] + r[2]) / 2, (r[1] + r[3]) / 2 + 1), text, font=f, fill=edge, anchor="mm")
        obstacles.append(grow(r, 2))


def _swords(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    for sign in (1, -1):
        d.line([(cx - s / 2 * sign, cy - s / 2), (cx + s / 2 * sign, cy + s / 2)], fill=INK, width=5)
        d.line([(cx - s / 2 * sign, cy - s / 2), (cx + s / 2 * sign, cy + s / 2)], fill=WHITE, width=2)
        hx, hy = cx - s * 0.3 * sign, cy + s * 0.3
        d.line([(hx - 5, hy + 5 * sign), (hx + 5, hy - 5 * sign)], fill=INK, width=4)


def _draw_contest_marks(d: ImageDraw.ImageDraw, scene: Scene, plan: Plan, obstacles: list[Rect]) -> None:
    geo = geometry()
    for area_id in sorted(scene.contested | scene.battle_areas):
        g = geo.areas.get(area_id)
        if g is None:
            continue
        lab = plan.labels[area_id].rects[0]
        r = 20
        cands = []
        for cx, cy in ((lab[2] + r + 2, (lab[1] + lab[3]) / 2), (lab[0] - r - 2, (lab[1] + lab[3]) / 2),
                       ((lab[0] + lab[2]) / 2, lab[1] - r - 2)):
            cands.append((cx - r, cy - r, cx + r, cy + r))
        box = plan.groups.get(area_id)
        if box:
            cands += [(box[2] + 2, box[1] - r, box[2] + 2 + 2 * r, box[1] + r),
                      (box[0] - 2 - 2 * r, box[1] - r, box[0] - 2, box[1] + r)]
        rect = _least_covered(cands, obstacles, names=_name_rects(plan))
        cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=CONTEST, outline=INK, width=3)
        _swords(d, cx, cy, 22)
        obstacles.append(rect)


def _draw_captive(d: ImageDraw.ImageDraw, scene: Scene, plan: Plan, obstacles: list[Rect],
                  keep: Sequence[Rect] = ()) -> None:
    """Kingmaker: the captive King as a barred tag by his prison's name, never over a name, a badge or a
    count (``keep``: the marks drawn for this turn)."""
    geo = geometry()
    if not scene.captive or scene.captive[1] not in geo.areas:
        return
    g = geo.areas[scene.captive[1]]
    text = f"Captive: {scene.captive[0]}"
    f = font(26, True)
    w, h = f.getlength(text) + 40, 34
    lab = plan.labels[g.id].rect
    group = plan.groups.get(g.id)
    cands = []
    for box in [lab] + ([group] if group else []):
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for px_, py_ in ((cx, box[1] - h / 2 - 4), (cx, box[3] + h / 2 + 4), (box[2] + w / 2 + 4, cy),
                         (box[0] - w / 2 - 4, cy), (box[0] + w / 2, box[1] - h / 2 - 4), (box[2] - w / 2, box[3] + h / 2 + 4)):
            cands.append((px_ - w / 2, py_ - h / 2, px_ + w / 2, py_ + h / 2))
    cands.append((g.anchor[0] - w / 2, g.anchor[1] - h / 2, g.anchor[0] + w / 2, g.anchor[1] + h / 2))
    # and each a little aside, so that the tag can keep clear of the border badges (drawn over it)
    cands += [(r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy) for r in list(cands)
              for dx, dy in ((-40, 0), (40, 0), (0, -24), (0, 24), (-80, 0), (80, 0))]
    cands = [r for r in cands if r[0] >= 4 and r[2] <= WIDTH - 4 and r[1] >= MAP_TOP + 4 and r[3] <= MAP_BOTTOM - 4]
    box = _least_covered(cands, obstacles, names=_name_rects(plan) + _badge_rects() + list(keep))
    dx = max(0, 4 - box[0]) - max(0, box[2] - (WIDTH - 4))      # never over the picture's edge
    box = (box[0] + dx, box[1], box[2] + dx, box[3])
    captive_tag(d, box, text, f)
    obstacles.append(box)


def _badge_rects() -> list[Rect]:
    """The border-limit and sea badges: drawn over everything, so a tag must not lie under them."""
    geo = geometry()
    out = [grow((x, y, x, y), LIMIT_R + 2) for (x, y), _, _ in geo.limit_badges]
    return out + [grow((x, y, x, y), SEA_BADGE_R + 2) for a in geo.areas.values() for x, y in a.sea_badges.values()]


def captive_tag(d: ImageDraw.ImageDraw, box, text: str, f) -> None:
    d.rounded_rectangle(box, radius=7, fill=SIDE_FILL["lancaster"], outline=INK, width=2)
    for k in range(3):  # prison bars
        bx = box[0] + 9 + k * 7
        d.line([(bx, box[1] + 5), (bx, box[3] - 5)], fill=WHITE, width=3)
    if text:
        d.text((box[0] + 34, (box[1] + box[3]) / 2 + 1), text, font=f, fill=WHITE, anchor="lm")


# ---- title ----------------------------------------------------------------------------------------
def _draw_title(d: ImageDraw.ImageDraw, scene: Scene) -> None:
    bits = ["Richard III"]
    if scene.campaign:
        bits.append(f"Campaign {scene.campaign}" + (f" ({scene.year})" if scene.year else ""))
    if scene.turn:
        bits.append(f"Turn {scene.turn}/{scene.turns}")
    title = " · ".join(bits)
    viewer = "public map" if scene.role is None else f"{SIDE_NAME.get(scene.role, scene.role)}'s map"
    detail = " · ".join(x for x in [scene.phase, scene.result_reason, viewer] if x)
    whose = scene.result or scene.whose
    fill = ACCENT if scene.result else whose_fill(scene.waiting or scene.active, SIDE_FILL)
    title_strip(d, (0, 0, WIDTH, TITLE_H), title, detail, whose, whose_fill=fill)


# ---- panels ---------------------------------------------------------------------------------------
PANEL_PAD = 14
LINE = 38            # a 28-30 px text line
TEXT = 28
CARDS_H = 58


@dataclass
class PanelText:
    height: int
    heads: dict[str, str]
    pool: list[str]                 # the viewer's own pool, across the width (private maps)
    columns: dict[str, list[str]]   # per side, in its half: minors, dead
    after: list[str] = field(default_factory=list)   # the viewer's copies now serving the enemy


def _panel_lines(scene: Scene) -> PanelText:
    """The pool texts, wrapped, and the panel's height (sized to its content, nothing cut). Each side has
    a half of the width (York left, Lancaster right); a player's own pool runs across the whole width."""
    f = font(TEXT)
    half = WIDTH // 2 - 2 * PANEL_PAD - 24
    heads, columns = {}, {}
    for side in ("york", "lancaster"):
        count = scene.pool_counts.get(side)
        count = count if count is not None else len(scene.pool.get(side) or [])
        hand = scene.hand_counts.get(side)
        heads[side] = f"{SIDE_NAME[side]}: {count} in pool" + (
            f" · {hand} card{'s' if hand != 1 else ''}" if hand is not None else "")
        lines: list[str] = []
        if scene.minors.get(side):
            lines += wrap("Minors: " + ", ".join(scene.minors[side]), f, half)
        if scene.dead.get(side):
            lines += wrap("Dead: " + ", ".join(scene.dead[side]), f, half)
        columns[side] = lines
    pool: list[str] = []
    full = WIDTH - 2 * PANEL_PAD - 24
    known = scene.pool.get(scene.role) if scene.role else None
    if known:
        pool = wrap("Your pool: " + ", ".join(_pool_name(b) for b in known), f, full)
    after: list[str] = []
    if scene.role and scene.off_map:
        after = wrap("Now serving the enemy: " + ", ".join(scene.off_map), f, full)
    body = LINE * (1 + len(pool) + max(len(columns["york"]), len(columns["lancaster"])) + len(after)) + 6
    return PanelText(height=CARDS_H + body + 2 * PANEL_PAD, heads=heads, pool=pool, columns=columns, after=after)


def _draw_throne(d: ImageDraw.ImageDraw, scene: Scene) -> None:
    """King and Pretender, and the turn and campaign tracks, in their box over the North Sea."""
    x0, y0, x1, y1 = THRONE_BOX
    d.rounded_rectangle(THRONE_BOX, radius=12, fill=BOX_BG, outline=INK, width=2)
    w = x1 - x0 - 20
    y = y0 + 8
    for i, (label, th) in enumerate((("King", scene.king), ("Pretender", scene.pretender))):
        crown(d, x0 + 24, y + 17, 28 if i == 0 else 22, fill=GOLD if i == 0 else (205, 205, 205))
        side = SIDE_NAME.get(th.side, "?") if th.side else "?"
        head = f"{label}: {side}"
        d.text((x0 + 44, y + 18), head, font=fit_font(head, w - 34, TEXT, True, 24), fill=INK, anchor="lm")
        who = th.title or th.heir or "(throne empty)"
        if font(TEXT - 2).getlength(who) > w - 34 and " (" in who:
            who = who.split(" (")[0]          # "Duke of Gloucester (Richard III)": the title alone
        d.text((x0 + 44, y + 50), who, font=fit_font(who, w - 34, TEXT - 2, False, 24), fill=INK, anchor="lm")
        y += 74
    # turn track: 7 boxes
    y += 4
    n = scene.turns
    cell = (w - 4) / n
    d.text((x0 + 10, y - 1), "Turn", font=font(24, True), fill=INK, anchor="lt")
    ty = y + 24
    track(d, x0 + 10, ty, [(str(t), t == scene.turn) for t in range(1, n + 1)], cell, 4, 34, 26)
    y = ty + 44
    first, last = scene.campaigns
    count = last - first + 1
    cw = (w - 4) / max(count, 1)
    d.text((x0 + 10, y - 1), "Campaign", font=font(24, True), fill=INK, anchor="lt")
    cy = y + 24
    # the year alone (the title strip numbers the campaign), large enough to read on a phone
    campaigns = [(str(YEARS.get(c, c)), c == scene.campaign) for c in range(first, last + 1)]
    track(d, x0 + 10, cy, campaigns, cw, 4, 34, 26, min_size=24)


YEARS = {1: 1460, 2: 1470, 3: 1483}


def _side_chip(d: ImageDraw.ImageDraw, x: float, cy: float, side: str, text: str, room: float = 560) -> float:
    return chip(d, x, cy, f"{SIDE_NAME[side]}: {text}", SIDE_FILL[side], SIDE_INK[side], room, TEXT, 22)


def _draw_panel(d: ImageDraw.ImageDraw, scene: Scene, panel: PanelText) -> None:
    y = MAP_BOTTOM + PANEL_PAD
    x0 = PANEL_PAD
    # this turn's cards
    cy = y + CARDS_H / 2 - 4
    head = "Cards:"
    d.text((x0, cy), head, font=font(TEXT, True), fill=INK, anchor="lm")
    x = x0 + font(TEXT, True).getlength(head) + 14
    for side in ("york", "lancaster"):
        card = scene.revealed_cards.get(side)
        if card is not None:
            text = _card_text(card)
        elif side == scene.role and scene.my_card is not None:
            text = _card_text(scene.my_card) + " (face down)"
        else:
            text = "chosen" if scene.chosen.get(side) else "not yet"
        if scene.player1 == side:
            text += " · Player 1"
        w = _side_chip(d, x, cy, side, text, WIDTH - PANEL_PAD - x if side == "lancaster" else 560)
        x += w + 14
    y += CARDS_H
    d.line([(PANEL_PAD, y - 6), (WIDTH - PANEL_PAD, y - 6)], fill=(210, 200, 180), width=2)
    # pools: heads side by side, the viewer's own pool across, then each side's column
    for i, side in enumerate(("york", "lancaster")):
        x = x0 + i * (WIDTH // 2)
        draw_block(d, x, y + 4, 30, BlockFace(side))
        d.text((x + 42, y + LINE / 2 + 2), panel.heads[side], font=fit_font(panel.heads[side], WIDTH // 2 - 70, TEXT,
                                                                           True, 22), fill=INK, anchor="lm")
    y += LINE
    for line in panel.pool:
        d.text((x0 + 20, y + LINE / 2), line, font=font(TEXT), fill=INK, anchor="lm")
        y += LINE
    for i, side in enumerate(("york", "lancaster")):
        yy = y
        for line in panel.columns[side]:
            d.text((x0 + i * (WIDTH // 2) + 20, yy + LINE / 2), line, font=font(TEXT), fill=INK, anchor="lm")
            yy += LINE
    y += LINE * max(len(panel.columns["york"]), len(panel.columns["lancaster"]))
    for line in panel.after:
        d.text((x0 + 20, y + LINE / 2), line, font=font(TEXT), fill=INK, anchor="lm")
        y += LINE


def _card_text(card) -> str:
    if card.event:
        return f"{card.name} ({card.ap} AP)" if card.ap is not None else card.name
    return f"{card.ap} AP" if card.ap is not None else card.name


def _other(side: str | None) -> str:
    return "lancaster" if side == "york" else "york" if side == "lancaster" else ""


def _pool_name(b: BlockFace) -> str:
    name = short_name(b.name or "?")
    bits = [name]
    if b.rating:
        bits.append(b.rating)
    if b.strength is not None and b.max:
        bits.append(f"{b.strength}/{b.max}")
    return " ".join(bits)


# ---- legends --------------------------------------------------------------------------------------
def _public_legend(with_stack: bool = True, with_captive: bool = True):
    def border(kind):
        def sym(d, cx, cy, s):
            colour, width, dash, gap, limit = BORDER_STYLE[kind]
            draw_border(d, (cx - 30, cy), (cx + 30, cy), kind)
            limit_badge(d, (cx, cy), kind, r=15)
        return sym

    def symbol(kind, side=""):
        return lambda d, cx, cy, s: draw_symbol(d, kind, cx, cy, 30, side=side, text="2" if kind == "seat" else "")

    def cities(d, cx, cy, s):
        city_tower(d, cx - 16, cy, 30, "york")
        city_tower(d, cx + 16, cy, 30, "lancaster")

    def contested(d, cx, cy, s):
        d.rounded_rectangle([cx - 30, cy - 16, cx + 30, cy + 16], radius=6, outline=CONTEST, width=5)
        _swords(d, cx, cy, 20)

    def moved(side, style):
        def sym(d, cx, cy, s):   # a sample of the map's own arrow (land on the land colour)
            d.rounded_rectangle([cx - 38, cy - 17, cx + 38, cy + 17], radius=6,
                                fill=SEA_COLOURS["north-sea"] if style == "sea" else LAND)
            move_arrow(d, [(cx - 34, cy), (cx + 34, cy)], side, style, scale=0.8)
        return sym

    def seas(d, cx, cy, s):
        sea_badge(d, cx - 18, cy, "irish-sea", r=15)
        sea_badge(d, cx + 18, cy, "north-sea", r=15)

    def recruit(d, cx, cy, s):
        d.rounded_rectangle([cx - 24, cy - 16, cx + 24, cy + 16], radius=9, fill=MOVE_COLOUR["lancaster"],
                            outline=INK, width=3)
        d.text((cx, cy + 1), "+1", font=font(24, True), fill=WHITE, anchor="mm")

    def used(d, cx, cy, s):
        d.rounded_rectangle([cx - 28, cy - 15, cx + 28, cy + 15], radius=8, fill=MOVE_COLOUR["lancaster"],
                            outline=WHITE, width=2)
        d.text((cx, cy + 1), "2/3", font=font(24, True), fill=WHITE, anchor="mm")

    def exile(d, cx, cy, s):
        d.rectangle([cx - 30, cy - 15, cx + 30, cy + 15], fill=(226, 216, 232), outline=(110, 70, 130), width=2)
        for k in range(-30, 30, 10):
            d.line([(cx + k, cy - 15), (cx + k + 12, cy + 15)], fill=(200, 186, 212), width=3)

    def wales(d, cx, cy, s):
        d.rectangle([cx - 30, cy - 15, cx + 30, cy + 15], fill=(212, 228, 186), outline=(150, 150, 120), width=2)

    def ruler(d, cx, cy, s):
        draw_block(d, cx - 15, cy - 15, 30, BlockFace("york", ruler=True))

    def stack(d, cx, cy, s):
        draw_block(d, cx - 30, cy - 13, 30, BlockFace("lancaster"))
        count_badge(d, cx + 6, cy - 8, "×5")

    def captive(d, cx, cy, s):
        captive_tag(d, (cx - 30, cy - 15, cx + 30, cy + 15), "", font(20, True))

    items = [
        LegendItem(legend_block("york"), "York block (rose)"),
        LegendItem(legend_block("lancaster"), "Lancaster block (star)"),
        LegendItem(legend_block("rebel"), "Rebel block (cross)"),
        LegendItem(border("yellow"), "Major border: 4 cross"),
        LegendItem(border("blue"), "River border: 3 cross"),
        LegendItem(border("red"), "Minor border: 2, stop"),
        LegendItem(symbol("crown"), "Crown area"),
        LegendItem(cities, "City of York / Lanc."),
        LegendItem(symbol("cathedral"), "Cathedral (church)"),
        LegendItem(symbol("seat"), "Nobles seated here"),
        LegendItem(symbol("port"), "Major port"),
        LegendItem(seas, "Coast: Irish/North/Ch."),
        LegendItem(exile, "Exile area"),
        LegendItem(wales, "Wales"),
        LegendItem(ruler, "King / Pretender"),
        LegendItem(moved("york", "land"), "York moved by land"),
        LegendItem(moved("york", "sea"), "York moved by sea"),
        LegendItem(moved("lancaster", "land"), "Lanc. moved by land"),
        LegendItem(moved("lancaster", "sea"), "Lanc. moved by sea"),
        LegendItem(moved("lancaster", "retreat"), "Retreat / regroup"),
        LegendItem(recruit, "Mustered this turn"),
        LegendItem(used, "Crossings used/limit"),
        LegendItem(contested, "Battle here"),
        LegendItem(lambda d, cx, cy, s: d.text((cx, cy), "AP", font=font(28, True), fill=INK, anchor="mm"),
                   "Action points"),
    ] + ([LegendItem(stack, "Stack of 5 blocks")] if with_stack else []) + \
        ([LegendItem(captive, "Captive (Kingmaker)")] if with_captive else [])
    return items, 3


def _private_legend(side: str):
    """The marks on the viewer's own blocks, drawn as the viewer's side's blocks."""
    def sample(d, cx, cy, s):
        draw_block(d, cx - 22, cy - 22, 44, BlockFace(side, name="Warwick", kind="noble", strength=2, max=3,
                                                      rating="B3"), strength_only=True)

    def moved(d, cx, cy, s):
        draw_block(d, cx - 20, cy - 20, 40, BlockFace(side, name="Warwick", strength=3, max=3, moved=True),
                   strength_only=True)

    def ruler(d, cx, cy, s):
        draw_block(d, cx - 18, cy - 18, 36, BlockFace(side, ruler=True))

    def code(text):
        return lambda d, cx, cy, s: d.text((cx, cy), text, font=font(28, True), fill=INK, anchor="mm")

    items = [
        LegendItem(sample, "Your block: strength"),
        LegendItem(moved, "Moved this turn"),
        LegendItem(ruler, "King / Pretender"),
        LegendItem(code("AP"), "Action points"),
        LegendItem(code("A-D"), "Fires 1st A, B, C, D last"),
        LegendItem(code("B3"), "B: hits on 1, 2 or 3"),
    ]
    return items, 3

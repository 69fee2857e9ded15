"""What a Richard III picture needs, read from ONE role's view (rules/richard3/VIEW.md).

The drawing code never sees the view itself: ``read_view`` turns it into a :class:`Scene` holding only
what the view states. A face-down block is a :class:`BlockFace` with only its side, so nothing hidden can
reach a picture. Unknown or missing keys degrade to "not shown", never to a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .board import load_board
from .pieces import BlockFace

SIDES = ("york", "lancaster")


@dataclass
class Move:
    frm: str
    to: str
    side: str
    count: int = 1
    kind: str = "land"          # land, sea, recruit (from the pool), retreat, regroup


@dataclass
class CardFace:
    name: str
    ap: Optional[int] = None
    event: str = ""
    id: str = ""
    text: str = ""


@dataclass
class BattleSide:
    side: str
    blocks: list[BlockFace] = field(default_factory=list)      # in the battle now (revealed faces)
    reserves: list[BlockFace] = field(default_factory=list)    # not yet in (face down, or known to owner)
    gone: list[BlockFace] = field(default_factory=list)        # eliminated / retreated this battle
    role: str = ""                                             # attacker / defender


@dataclass
class Battle:
    area: str
    round: Optional[int] = None
    sides: dict[str, BattleSide] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    step: str = ""


@dataclass
class Scene:
    role: Optional[str]
    scenario: str = ""
    campaign: Optional[int] = None
    campaigns: tuple[int, int] = (1, 3)
    year: Optional[int] = None
    turn: Optional[int] = None
    turns: int = 7
    phase: str = ""
    active: list[str] = field(default_factory=list)
    waiting: str = ""
    king: str = ""
    king_heir: str = ""
    pretender_heir: str = ""
    areas: dict[str, list[BlockFace]] = field(default_factory=dict)
    contested: set[str] = field(default_factory=set)
    battle_areas: set[str] = field(default_factory=set)
    moves: list[Move] = field(default_factory=list)
    pool_counts: dict[str, int] = field(default_factory=dict)
    pool: dict[str, list[BlockFace]] = field(default_factory=dict)
    minors: dict[str, list[str]] = field(default_factory=dict)
    dead: dict[str, list[str]] = field(default_factory=dict)
    revealed_cards: dict[str, CardFace] = field(default_factory=dict)
    chosen: dict[str, bool] = field(default_factory=dict)
    hand: Optional[list[CardFace]] = None
    hand_counts: dict[str, int] = field(default_factory=dict)
    discards: list[CardFace] = field(default_factory=list)
    player1: str = ""
    border_use: dict[str, dict[str, int]] = field(default_factory=dict)   # side -> "a|b" -> crossings
    ap_left: Optional[int] = None
    battle: Optional[Battle] = None
    result: str = ""
    result_reason: str = ""
    captive: Optional[tuple[str, str]] = None      # (name, area) of a captive King (Kingmaker)
    my_card: Optional[CardFace] = None              # the card this player chose, not yet revealed


def _get(d: Any, *keys, default=None):
    for k in keys:
        if isinstance(d, dict) and k in d and d[k] is not None:
            return d[k]
    return default


def block_face(raw: Any, side_hint: str = "") -> BlockFace:
    """A block as the view gives it: an id string (known), or a dict with at least a side."""
    board = load_board()
    if isinstance(raw, str):
        raw = {"id": raw}
    if not isinstance(raw, dict):
        return BlockFace(side_hint or "rebel")
    bid = raw.get("id") or raw.get("block")
    info = board.blocks.get(bid, {}) if bid else {}
    side = raw.get("side") or raw.get("colour") or info.get("side") or side_hint or "rebel"
    if raw.get("hidden") or (not bid and "name" not in raw):
        return BlockFace(side)
    name = raw.get("name") or info.get("name")
    letter, fire = raw.get("letter") or info.get("letter"), raw.get("fire") or info.get("fire")
    rating = raw.get("rating") or (f"{letter}{fire}" if letter and fire else None)
    return BlockFace(side=side, id=bid, name=name, kind=raw.get("type") or info.get("type"),
                     strength=raw.get("strength", raw.get("steps")), max=raw.get("max") or info.get("max"),
                     rating=rating, rank=info.get("rank") if (raw.get("type") or info.get("type")) == "heir" else None,
                     ruler=bool(raw.get("ruler") or raw.get("king") or raw.get("pretender")),
                     moved=bool(raw.get("moved")))


def card_face(raw: Any) -> CardFace:
    board = load_board()
    if isinstance(raw, str):
        info = board.cards.get(raw, {"name": raw})
        return CardFace(name=info.get("name", raw), ap=info.get("ap"), event=info.get("event") or "", id=raw)
    if isinstance(raw, dict):
        cid = raw.get("id", "")
        info = board.cards.get(cid, {})
        return CardFace(name=raw.get("name") or info.get("name") or cid, ap=raw.get("ap", info.get("ap")),
                        event=raw.get("event") or info.get("event") or "", id=cid, text=raw.get("text", ""))
    return CardFace(name=str(raw))


def read_view(view: dict[str, Any]) -> Scene:
    """The Scene of one role's view (see view_reader.py)."""
    from .view_reader import read
    return read(view)

"""What a Richard III picture needs, read from ONE role's view (rules/richard3/VIEW.md).

The drawing code never sees the view itself: ``read_view`` turns it into a :class:`Scene` holding only
what the view states. A face-down block is a :class:`BlockFace` with only its side, so nothing hidden can
reach a picture. Unknown or missing keys degrade to "not shown", never to a crash.

Static public facts the view names by id (a block's printed name, title, seats; a card's name) are
completed from the game's data files (rules/richard3/data/*.json), never from a state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from .pieces import BlockFace

SIDES = ("york", "lancaster")
DATA_DIR = Path(__file__).resolve().parents[2] / "rules" / "richard3" / "data"


@dataclass
class StaticData:
    blocks: dict[str, dict]
    cards: dict[str, dict]
    area_names: dict[str, str]


@lru_cache(maxsize=1)
def static_data() -> StaticData:
    blocks = {b["id"]: b for b in json.loads((DATA_DIR / "blocks.json").read_text())}
    try:
        cards = {c["id"]: c for c in json.loads((DATA_DIR / "cards.json").read_text())}
    except FileNotFoundError:
        cards = {}
    areas = {a["id"]: a["name"] for a in json.loads((DATA_DIR / "map.json").read_text())["areas"]}
    return StaticData(blocks, cards, areas)


@dataclass
class Move:
    frm: str
    to: str
    side: str
    count: int = 1
    kind: str = "land"          # land, sea, recruit (from the pool), retreat, regroup
    via: list[str] = field(default_factory=list)   # areas passed through, or the sea zone of a sea move


@dataclass
class CardFace:
    name: str
    ap: Optional[int] = None
    event: str = ""
    id: str = ""
    text: str = ""


@dataclass
class Departed:
    """A block that left the battle under way (view ``battle.out``)."""

    face: BlockFace
    fate: str                  # eliminated, retreated, defected
    to: str = ""               # area name, for a retreat
    round: Optional[int] = None


@dataclass
class BattleSide:
    side: str
    blocks: list[BlockFace] = field(default_factory=list)      # in the battle now (revealed faces)
    reserves: list[BlockFace] = field(default_factory=list)    # not yet in (revealed in the battle area)
    gone: list[Departed] = field(default_factory=list)         # eliminated / retreated / defected
    role: str = ""                                             # attacker / defender


@dataclass
class Battle:
    area: str
    round: Optional[int] = None
    sides: dict[str, BattleSide] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    step: str = ""
    actor: str = ""
    winner: str = ""


@dataclass
class Throne:
    side: str = ""
    heir: str = ""             # the block's short name ("York")
    title: str = ""            # its title ("Duke of York")


@dataclass
class Scene:
    role: Optional[str]
    scenario: str = ""
    scenario_name: str = ""
    campaign: Optional[int] = None
    campaigns: tuple[int, int] = (1, 3)     # the scenario's first and last campaign
    year: Optional[int] = None
    turn: Optional[int] = None
    turns: int = 7
    step: str = ""
    phase: str = ""
    active: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    whose: str = ""                          # "whose move" line for the title strip
    king: Throne = field(default_factory=Throne)
    pretender: Throne = field(default_factory=Throne)
    areas: dict[str, list[BlockFace]] = field(default_factory=dict)
    contested: set[str] = field(default_factory=set)
    battle_areas: set[str] = field(default_factory=set)
    moves: list[Move] = field(default_factory=list)
    pool_counts: dict[str, int] = field(default_factory=dict)
    pool: dict[str, list[BlockFace]] = field(default_factory=dict)
    minors: dict[str, list[str]] = field(default_factory=dict)
    dead: dict[str, list[str]] = field(default_factory=dict)
    off_map: list[str] = field(default_factory=list)
    revealed_cards: dict[str, CardFace] = field(default_factory=dict)
    chosen: dict[str, bool] = field(default_factory=dict)
    hand: Optional[list[CardFace]] = None
    hand_counts: dict[str, int] = field(default_factory=dict)
    card_history: list[tuple[int, dict[str, CardFace]]] = field(default_factory=list)   # (turn, side -> card)
    player1: str = ""
    border_use: dict[str, dict[str, int]] = field(default_factory=dict)   # side -> "a|b" -> crossings
    ap_left: Optional[int] = None
    battle: Optional[Battle] = None
    result: str = ""
    result_reason: str = ""
    captive: Optional[tuple[str, str]] = None      # (name, area) of a captive King (Kingmaker)
    my_card: Optional[CardFace] = None              # the card this player chose, not yet revealed

    @property
    def king_side(self) -> str:
        return self.king.side


def block_face(raw: Any, side_hint: str = "") -> BlockFace:
    """A block as the view gives it: a dict with at least a side (hidden) or an id (known)."""
    data = static_data()
    if isinstance(raw, str):
        raw = {"id": raw}
    if not isinstance(raw, dict):
        return BlockFace(side_hint or "rebel")
    bid = raw.get("id") or raw.get("block")
    info = data.blocks.get(bid, {}) if bid else {}
    side = raw.get("side") or info.get("side") or side_hint or "rebel"
    if raw.get("hidden") or (not bid and "name" not in raw):
        return BlockFace(side)
    name = raw.get("name") or info.get("name")
    letter, fire = info.get("letter"), info.get("fire")
    rating = raw.get("rating") or (f"{letter}{fire}" if letter and fire else None)
    kind = raw.get("type") or info.get("type")
    return BlockFace(side=side, id=bid, name=name, kind=kind, title=raw.get("title") or info.get("title") or "",
                     strength=raw.get("strength"), max=raw.get("max") or info.get("max"),
                     rating=rating, rank=raw.get("rank") or (info.get("rank") if kind == "heir" else None),
                     ruler=bool(raw.get("king") or raw.get("pretender")), moved=bool(raw.get("moved")),
                     seats=list(info.get("seats") or []))


def card_face(raw: Any) -> CardFace:
    data = static_data()
    if isinstance(raw, str):
        info = data.cards.get(raw, {"name": raw})
        return CardFace(name=info.get("name", raw), ap=info.get("ap"), event=info.get("event") or "", id=raw)
    if isinstance(raw, dict):
        cid = raw.get("id", "")
        info = data.cards.get(cid, {})
        return CardFace(name=raw.get("name") or info.get("name") or cid, ap=raw.get("ap", info.get("ap")),
                        event=raw.get("event") or info.get("event") or "", id=cid, text=raw.get("text", ""))
    return CardFace(name=str(raw))


def read_view(view: dict[str, Any]) -> Scene:
    """The Scene of one role's view (see view_reader.py)."""
    from .view_reader import read
    return read(view)

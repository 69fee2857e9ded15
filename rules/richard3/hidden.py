"""Secrecy by invariance for Richard III (rules/core/secrecy.py): positions that differ from a given one
only in what one side keeps hidden, so the fuzzer can require that nothing the other side (or a spectator)
sees or reads changes.

A side's hidden data (F §2 "Fog-of-War", 1.1, 6.1, VIEW.md):

- its **hand**: which cards it holds (the number is public); the undealt cards are known to nobody, so one
  hand card traded for an undealt one is the variant (there is no stored deck order: each deal is a fresh
  shuffle by the seeded generator);
- its **card played face down** and not yet revealed (1.1);
- its **blocks standing face down**: their strengths, and which block stands where, on the map outside the
  battle being fought and in its pool (only the pool's size is public).

Blocks whose identity the rules have made known are left alone (and see ``_names_its_blocks``): those in the battle being fought (6.1), those
that left it with their fate announced, blocks in areas still to be fought over (their entries and borders are
recorded by id), the captive Henry VI, pirates at sea. Identities are exchanged only between blocks of one
kind (two nobles, two heirs, ...): mercenaries are left out because their home exile changes the supply limit
(7.2) the opponent sees applied, and blocks removed from the game unseen (``hidden_dead``) are left out too.
"""

from __future__ import annotations

from typing import Iterator

from rules.core.contract import copy_state

from .data import AREAS, BLOCKS, CARDS, CARD_IDS, SIDES
from .state import pretender_side

SWAPPED_KINDS = ("noble", "heir", "church", "levy", "bombard")


def _label(cid: str) -> tuple:
    c = CARDS[cid]
    return c["name"], c["ap"], bool(c.get("event"))


def _change_hand(state, variant, side) -> bool:
    """One card of the hand (not the one played face down) traded for an undealt card that reads otherwise."""
    seen = {c for s in SIDES for c in state["hands"][s]} | set(state["discards"])
    undealt = [c for c in CARD_IDS if c not in seen]
    played = state["played"][side]
    for i, card in enumerate(state["hands"][side]):
        if card == played:
            continue
        swap = next((u for u in undealt if CARDS[u]["ap"] != CARDS[card]["ap"]),
                    next((u for u in undealt if _label(u) != _label(card)), None))
        if swap is not None:
            hand = variant["hands"][side]
            hand[i] = swap
            hand.sort()   # hands are kept sorted
            return True
    return False


def _change_played(state, variant, side) -> bool:
    """The card played face down, not yet revealed, replaced by another card of the hand."""
    played = state["played"][side]
    if played is None or state.get("revealed"):
        return False
    other = next((c for c in variant["hands"][side] if c != played and _label(c) != _label(played)), None)
    if other is None:
        return False
    variant["played"][side] = other
    return True


def _face_down(state, side) -> list[str]:
    """The side's blocks whose identity and strength the opponent does not know, on the map or in the pool."""
    battle = state.get("battle")
    battle_area = battle["area"] if battle else None
    announced = {o["id"] for o in (battle or {}).get("out", [])}
    skip = set(state["contest"]) | {battle_area}
    known = announced | set(state["pirates"]) | set(state.get("hidden_dead") or ()) | {state.get("captive")}
    blocks = state["blocks"]
    out = []
    serving = _PRINTED_FOR[side] + (_REBELS if side == pretender_side(state) else [])   # the Rebel: the Pretender's
    for bid in serving:
        where = blocks[bid]["loc"]
        if bid not in known and (where == "pool" or (where in AREAS and where not in skip)):
            out.append(bid)
    return sorted(out)


_PRINTED_FOR = {side: [bid for bid, info in BLOCKS.items() if info["side"] == side] for side in SIDES}
_REBELS = [bid for bid, info in BLOCKS.items() if info["side"] == "rebel"]


def _change_strength(state, variant, blocks, touched: set) -> bool:
    """A face-down block on the map at another strength."""
    for bid in blocks:
        b = state["blocks"][bid]
        if b["loc"] != "pool" and BLOCKS[bid]["max"] > 1:
            variant["blocks"][bid]["str"] = b["str"] - 1 if b["str"] > 1 else 2
            touched.add(bid)
            return True
    return False


def _exchange(state, variant, blocks, pool: bool, touched: set) -> bool:
    """Two face-down blocks of one kind exchange places: two map areas, or (``pool``) a map area and the
    pool (a block in the pool is at full strength; one eliminated this campaign, face down there, is left
    alone). Each keeps its own strength otherwise. Blocks in ``touched`` were exchanged already."""
    blocks = [b for b in blocks if b not in touched]
    of_kind: dict = {}   # each kind's blocks in this order: a block's partners are those after it, then before
    for bid in blocks:
        of_kind.setdefault(BLOCKS[bid]["type"], []).append(bid)
    for a in blocks:
        kind = BLOCKS[a]["type"]
        where_a = state["blocks"][a]["loc"]
        if kind not in SWAPPED_KINDS or where_a == "pool":
            continue
        same = of_kind[kind]
        i = same.index(a)
        for b in same[i + 1:] + same[:i]:
            where_b = state["blocks"][b]["loc"]
            if where_b == where_a or (where_b == "pool") != pool:
                continue
            if pool and state["blocks"][b]["down"]:
                continue
            va, vb = variant["blocks"][a], variant["blocks"][b]
            va["loc"], vb["loc"] = where_b, where_a
            if pool:
                va["str"], vb["str"] = BLOCKS[a]["max"], BLOCKS[b]["max"]
            touched.update((a, b))
            return True
    return False


def hidden_variants(state) -> Iterator[tuple[str | None, str, dict]]:
    """One variant per side with every kind of its hidden data changed at once (one position to compare
    instead of five: the check runs at every step of every fuzzed game); ``what`` lists the changes."""
    if state.get("result"):   # every block and card is revealed at the end (9.0)
        return
    for side in SIDES:
        variant = copy_state(state, ("blocks",))
        changed = change_side(variant, side)
        if changed:
            yield side, ", ".join(changed), variant


def change_side(state, side) -> list[str]:
    """Every kind of ``side``'s hidden data changed in ``state`` itself (a hidden change: each reads the
    state as the changes before it left it); the kinds changed."""
    if state.get("result"):
        return []
    blocks = _face_down(state, side)
    touched: set = set()   # a block changed once is left alone by the later changes
    changed = [what for what, done in (
        ("hand", _change_hand(state, state, side)),
        ("card played face down", _change_played(state, state, side)),
        ("a face-down block's strength", _change_strength(state, state, blocks, touched)),
    ) if done]
    if not _names_its_blocks(state, side):
        if _exchange(state, state, blocks, False, touched):
            changed.append("two face-down blocks' places")
        if _exchange(state, state, blocks, True, touched):
            changed.append("a block in its pool")
    return changed


def _names_its_blocks(state, side) -> bool:
    """Whether exchanging ``side``'s blocks would not be hidden data at all: in the political turn blocks go
    home to their own seats in the open (8.3), and while ``side`` itself is moving, recruiting or taking
    supply losses its action ids name its blocks, so the same id would be another move in the variant."""
    step = state["step"]
    if step == "political":
        return True
    if step == "action":
        return state["act"]["role"] == side
    if step == "supply":
        pending = state["supply"]["pending"] or {}
        return side in pending.get("by_side", ()) or pending.get("side") == side
    return False

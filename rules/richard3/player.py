"""Herald's own Richard III player (issue 31; the search is rules.core.players.SearchPlayer).

``determinise`` makes a world the side cannot tell from the real position (F §2 fog of war, VIEW.md):

- the opponent's **hand** is redrawn from the cards the side has not seen (the deck and the opponent's
  hand; the discards are public), and a card it played face down is redrawn from that hand (1.1);
- the opponent's **face-down blocks** (on the map outside the battles in hand, and in its pool) change
  places: the same places, filled by a random order of the same blocks, each on the map at a random
  strength. Mercenaries keep their places (their home exile changes the supply limit the side sees applied,
  7.2), as do the blocks the rules have named (``hidden._face_down``); while the opponent's own action ids
  name its blocks (``hidden._names_its_blocks``) only strengths are redrawn;
- blocks the opponent moved this turn are forgotten (the side saw moves, not which blocks made them);
- the generator is reseeded, so dice and deals ahead are unknown too.

``evaluate`` is the game knowledge the rollouts end on: the throne goes, at the Political Turn, to the
side with more nobles, churches and heirs on the map and London (8.2), and a side with no heir left
loses at once (9.0); strength on the map wins the battles that change both.

Measured on the shared 2-core machine (load about 8; wall time is inflated by the other work, CPU time
is the player's own), ``herald match richard3 --players veteran,random --games 12 --seed 101``: the
veteran won 12/12 (95% CI 75.7–100%), per decision median 948 ms wall / 272 ms CPU, p99 2.6 s / 0.38 s;
``--seed 113``: 11/12 (the loss: 1470 as the Pretender); ``--players veteran,novice --games 10 --seed
201``: 7/10 (39.7–89.2%). 200-game runs are still to do.
"""

from __future__ import annotations

import math
import random

from rules.core.contract import copy_state
from rules.core.players import SearchPlayer
from rules.core.rng import new_rng

from .data import AREAS, BLOCKS, CARD_IDS, EXILES
from .hidden import _face_down, _names_its_blocks
from .political import votes
from .state import occupancy, other, side_of

KEPT_KINDS = ("mercenary", "rebel")


def determinise(state, side, rng: random.Random):
    world = copy_state(state, ("blocks",))
    world["rng"] = new_rng(rng.getrandbits(63))
    if state.get("result"):
        return world
    foe = other(side)
    _redraw_hand(state, world, side, foe, rng)
    _redraw_blocks(state, world, foe, rng)
    world["moved"] = [b for b in state["moved"] if side_of(state, b) != foe]
    return world


def _redraw_hand(state, world, side, foe, rng):
    seen = set(state["hands"][side]) | set(state["discards"])
    unseen = [c for c in CARD_IDS if c not in seen]
    rng.shuffle(unseen)
    hand = sorted(unseen[:len(state["hands"][foe])])
    world["hands"][foe] = hand
    if state["played"].get(foe) is not None and not state.get("revealed"):
        world["played"][foe] = rng.choice(hand)


def _redraw_blocks(state, world, foe, rng):
    face_down = _face_down(state, foe)
    hidden = [b for b in face_down if BLOCKS[b]["type"] not in KEPT_KINDS]
    if not _names_its_blocks(state, foe):
        places = sorted((state["blocks"][b]["loc"], state["blocks"][b]["down"]) for b in hidden)
        order = sorted(hidden)
        rng.shuffle(order)
        for bid, (where, down) in zip(order, places):
            world["blocks"][bid]["loc"] = where
            world["blocks"][bid]["down"] = down
            world["blocks"][bid]["str"] = BLOCKS[bid]["max"]
    for bid in face_down:
        if world["blocks"][bid]["loc"] != "pool":
            world["blocks"][bid]["str"] = rng.randint(1, BLOCKS[bid]["max"])


# ---- the evaluation ------------------------------------------------------------------------------

def _strength(state):
    total = {"york": 0, "lancaster": 0}
    for bid, b in state["blocks"].items():
        if b["loc"] in AREAS and b["loc"] not in EXILES and bid != state.get("captive"):
            total[side_of(state, bid)] += b["str"]
    return total


def _heirs(state):
    alive = {"york": 0, "lancaster": 0}
    for bid, b in state["blocks"].items():
        if BLOCKS[bid]["type"] == "heir" and b["loc"] != "dead":
            alive[BLOCKS[bid]["side"]] += 1
    return alive


def _battles_ahead(state, side):
    """Strength against strength in the areas both sides hold (battles still to fight, 6.0)."""
    edge = 0
    for area, sides in occupancy(state).items():
        mine, theirs = sides[side], sides[other(side)]
        if mine and theirs:
            edge += sum(state["blocks"][b]["str"] for b in mine) - sum(state["blocks"][b]["str"] for b in theirs)
    return edge


def evaluate(state, side) -> float:
    """A logistic score in (0, 1): the usurpation count (8.2) weighs most, and more as the campaign's
    Political Turn nears, then heirs left (9.0), map strength, and holding the throne, which counts for
    more as the last campaign nears its end."""
    foe = other(side)
    count, strength, heirs = votes(state), _strength(state), _heirs(state)
    remaining = (state["last_campaign"] - state["campaign"]) * 7 + (8 - state["turn"])
    # the count is taken at every campaign's end (8.2): nearer it, each vote counts for more
    to_count = max(8 - state["turn"], 1)
    lead = (count[side] - count[foe]) * (0.45 + 1.0 / to_count) + (strength[side] - strength[foe]) * 0.08 \
        + (min(heirs[side], 3) - min(heirs[foe], 3)) * 0.5 + _battles_ahead(state, side) * 0.06
    if heirs[foe] == 0:
        lead += 5
    throne = 1 if state["king_side"] == side else -1
    lead += throne * (0.4 + 2.0 / max(remaining, 1))
    return 1 / (1 + math.exp(-lead))


def _prefer(turn, legal):
    """Never "back" (it returns to the question before, where the search would choose the same again)."""
    kept = [a for a in legal if a.id != "back"]
    return kept or list(legal)


LEVELS = {
    "novice": lambda: SearchPlayer("novice", evaluate, budget=150, depth=6, width=16, prefer=_prefer),
    "veteran": lambda: SearchPlayer("veteran", evaluate, budget=1200, depth=12, width=32, prefer=_prefer),
}
LEVELS["strong"] = LEVELS["veteran"]

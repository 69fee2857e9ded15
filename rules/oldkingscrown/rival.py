"""The automated rival (RIVAL.md): a faction that answers its own decisions by a fixed scoring procedure,
reading only its own view (public facts, its own hand and face-down cards) and breaking ties and adding
noise with the game's seeded generator. Levels differ in noise and a starting handicap."""

from __future__ import annotations

from rules.core import rng

from .data import CARDS

#: level -> (noise in score points, starting lore, bid bonus note)
LEVELS = {"novice": {"noise": 6.0, "lore": 0, "influence": 0},
          "veteran": {"noise": 0.6, "lore": 0, "influence": 0},
          "tyrant": {"noise": 0.6, "lore": 2, "influence": 2}}

LOCATION_VALUE = {"battlefield": 2.0, "harvest_field": 1.8, "castle": 1.2, "wilderness": 1.0, "shrine": 0.4,
                  "necropolis": 0.6}


def apply_handicap(state):
    """Tyrant: the rival starts with 2 lore and 2 influence."""
    for f, p in state["factions"].items():
        if p["rival"]:
            p["lore"] += LEVELS[p["rival"]]["lore"]
            p["influence"] += LEVELS[p["rival"]]["influence"]


def _strength(view, cid):
    for c in view["me"]["hand"]:
        if c["id"] == cid:
            return c["strength"]
    return CARDS[cid]["strength"] or 0


def score(view, decision, action_id) -> float:
    """How much the procedure likes an action; the best (after noise) is taken. Reads only ``view``."""
    me = view["role"]
    mine = view["players"][me]
    head, _, rest = action_id.partition(":")
    hand = view["me"]["hand"]
    if decision == "bid":
        s = _strength(view, rest)
        return 3 - abs(s - 7) * 0.6 - (4 if CARDS[rest].get("archetype") == "Heir" else 0)
    if decision == "bid_use":
        if head == "steal":
            return 4.0
        if head == "take":
            space = int(rest.split(":")[1])
            return 3.0 + (1.0 if mine["spaces"][space] is None else -0.5)
        return 0.5
    if decision == "herald":
        return LOCATION_VALUE.get(rest, 0)
    if decision == "regions":
        region, cid = rest.split(":")
        return _strength(view, cid) * 0.1
    if decision == "clash_order":
        return 0.0
    if decision == "actions":
        if head == "done":
            return 0.0
        if head in ("supporters", "tactic", "kingdom", "favour", "govern", "journey", "oaths", "secrets",
                    "havens", "bank", "cove", "wall", "bringer", "door"):
            return 2.0 + (0.5 if head == "supporters" else 0)
        if head == "ambush":
            return 1.5 if any(c["strength"] >= 6 for c in hand) else -1
        if head in ("retreat", "flank", "embassy", "court"):
            return -0.5
        if head == "deploy":
            return 1.0
        if head == "rally":
            return 1.0 if view["players"][me]["hand_count"] < view["players"][me]["hand_size"] else -1
        return 0.5
    if decision == "supporters":
        if head == "done":
            return 1.0 if mine["supporters_home"] <= 2 else -1.0
        return 1.5
    if decision in ("ambush_card", "tie"):
        if head == "pass":
            return 1.0
        return _strength(view, rest) * 0.3
    if decision == "location":
        value = LOCATION_VALUE.get(rest, 0)
        if mine["herald"] == rest:
            value += 1.0
        return value
    if decision == "buy":
        return 3.0 if head == "buy" else 0.0
    if decision in ("discard_down", "necro_discard"):
        if head == "done":
            return 1.0
        return -_strength(view, rest) * 0.1 if decision == "discard_down" else -2
    if decision == "retreat":
        return 1.0 if head == "done" else 0.0
    if decision in ("castle", "wilderness"):
        return 0.0 if head == "skip" else 1.5
    if decision == "shrine":
        return 1.0 if head == "done" else 0.0
    if decision == "necropolis":
        return int(rest) * 0.5
    if decision == "advanced":
        if head == "occupy":
            return _strength(view, rest) * 0.2 - (4 if CARDS[rest].get("archetype") == "Heir" else 0)
        return 0.0
    if decision == "effect_choice":
        return 0.0
    if decision == "oaths":                     # the engine's rival takes this as a fixed rule (choose)
        return 1.0 if head == "lost" else 0.0
    return 0.0


def choose(state, f, decision, legal, view) -> str:
    """The rival's choice at ``decision`` (its name): the best-scored legal action plus seeded noise
    (DECISIONS: no hidden facts)."""
    if decision == "oaths":         # a fixed rule, no noise: map supporters go to the Lost Pile in winter anyway
        return next((a.id for a in legal if a.id == "lost"), legal[0].id)
    p = state["factions"][f]
    if decision == "council_removed" and len(p["hand"]) < p["hand_size"] and any(a.id == "hand" for a in legal):
        return "hand"               # a fixed rule, no noise: a removed card back into a hand with room
    noise = LEVELS[state["factions"][f]["rival"]]["noise"]
    return pick(state, decision, legal, view, noise)


def pick(state, kind, legal, view, noise) -> str:
    best, best_score = None, None
    for a in legal:
        s = score(view, kind, a.id) + noise * rng.randbelow(state, 1000) / 1000.0
        if best_score is None or s > best_score:
            best, best_score = a.id, s
    return best


def safe_default(legal):
    """For a missed deadline: finish, skip, keep or pass when offered, else the first choice."""
    for a in legal:
        if a.id in ("done", "skip", "keep", "pass", "return"):
            return a.id
    return legal[0].id if legal else None

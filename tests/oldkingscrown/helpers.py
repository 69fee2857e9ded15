"""Building positions for The Old King's Crown tests: a real setup, then the zones arranged by hand and
procedures or decisions put on the flow stack, run exactly as the engine runs it."""

from __future__ import annotations

from rules.core import SetupArgs
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown import state as S
from rules.oldkingscrown.procedures import pending as pending_decision


def new_game(factions=("clans", "nobility"), seed=1, **options):
    return ENGINE.setup(SetupArgs("standard", tuple((f,) for f in factions), seed, options))


def blank(factions=("clans", "nobility"), seed=1, **options):
    """A game with nothing pending: every faction's 19 cards in its deck or Site of Power, order as given."""
    state = new_game(factions, seed, **options)
    state["flow"] = []
    state["order"] = list(factions)
    for f in factions:
        p = S.fx(state, f)
        p["deck"] = p["deck"] + p["hand"]
        p["hand"] = []
    state["season"] = "summer"
    return state


def cid(f, slot):
    return f"{f}.{slot}"


def give(state, f, *slots):
    """Move cards (by slot) from the deck into the hand."""
    p = S.fx(state, f)
    for slot in slots:
        c = cid(f, slot)
        for zone in ("deck", "discard", "site"):
            if c in p[zone]:
                p[zone].remove(c)
                break
        p["hand"].append(c)


def place(state, f, region, slot, up=False, clash=None):
    """Put a card (from the deck) beside a region, face down unless ``up``."""
    p = S.fx(state, f)
    c = cid(f, slot)
    for zone in ("deck", "hand", "site"):
        if c in p[zone]:
            p[zone].remove(c)
            break
    state["regions"][region]["cards"].append({"id": c, "owner": f, "up": up, "clash": clash})
    return c


def run(state, *frames):
    """Run procedures or decisions, in the order given, on top of the flow stack, to the next decision;
    ``{"task": name, **local}`` names a procedure, ``{"kind": name, "roles": [...], ...}`` a decision.
    Returns the log lines."""
    for frame in reversed(frames):
        local = dict(frame)
        name = local.pop("task") if "task" in local else local.pop("kind")
        state["flow"].append({"name": name, "at": 0, "local": local, "ret": None})
    AUTOMATIC.clear()
    ctx = ENGINE.run(state)
    _note_automatic(ctx.entries)
    return [e.text for e in ctx.entries]


#: (role, action id) the engine took itself as the only choice since the role's own last move (issue 33)
AUTOMATIC: set[tuple[str, str]] = set()


def _note_automatic(entries):
    AUTOMATIC.update((e.data["role"], e.data["action"]) for e in entries if e.kind == "automatic")


def do(state, role, action_id):
    """Apply one action through the contract; returns (new state, log lines). A move the engine has
    just made itself, as the only choice (issue 33), is accepted as made: the script's intent holds."""
    if (role, action_id) in AUTOMATIC:
        AUTOMATIC.discard((role, action_id))
        return state, []
    out = ENGINE.apply(state, role, action_id)
    AUTOMATIC.difference_update({m for m in AUTOMATIC if m[0] == role})
    _note_automatic(out.log)
    return out.state, [e.text for e in out.log]


def pending(state):
    return pending_decision(state)[0]


def ids(state, role):
    return [a.id for a in ENGINE.legal_actions(state, role)]

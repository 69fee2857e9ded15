"""Crown of Roses: the public record of the impulse being played (`state["impulse_record"]`, VIEW.md).

Every stack that moved this impulse (a land move leg, a sea move, a forced march, an interception, an
avoidance, a retreat, a move out after battle) and every battle fought, in order, so pictures can draw the
impulse's arrows and battles. The house, the places and the number of blocks are public on the board; which
blocks moved is not (blocks stand face down, VIEW.md), so the state keeps the block ids and the view shows them
to their owner only. Cleared when the next impulse starts (and when Operations start); so it holds at most
one impulse's actions (plus any battle fought after the last impulse, until the next one).
"""

from __future__ import annotations

KEY = "impulse_record"


def entries(state) -> list[dict]:
    return state.setdefault(KEY, [])


def clear(state) -> None:
    state[KEY] = []


def note_move(state, kind: str, house: str, origin: str | None, dest: str, blocks: list[str]) -> None:
    """kind: move, sea, forced, intercept, avoid, retreat or move_out; origin None when unknown."""
    if origin == dest or not blocks:
        return
    entries(state).append({"kind": kind, "house": house, "from": origin, "to": dest, "blocks": list(blocks)})


def note_battle(state, shire: str, houses: list[str], winner: str | None) -> None:
    """RB 20: the houses in the battle (first attacker first) and the winner (None: nobody left)."""
    entries(state).append({"kind": "battle", "shire": shire, "houses": list(houses), "winner": winner})


def view(state, role: str | None) -> list[dict]:
    """Moves show their number of blocks to all; the moving house's own view adds the block ids."""
    shown = []
    for e in state.get(KEY, []):
        if e["kind"] == "battle":
            shown.append(dict(e, houses=list(e["houses"])))
            continue
        seen = {k: v for k, v in e.items() if k != "blocks"}
        seen["count"] = len(e["blocks"])
        if role is not None and role == e["house"]:
            seen["blocks"] = list(e["blocks"])
        shown.append(seen)
    return shown

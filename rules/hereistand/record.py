"""Here I Stand: the public record of the impulse being played (`state["impulse_record"]`, VIEW.md).

Every land move, naval transport, interception and avoidance that moved pieces, naval move, field battle,
naval battle and assault of the impulse, in order, so pictures can draw this impulse's arrows and the last
battle's dice after it is over. Everything here is public on the board (rule 2: only hands and the deck are
hidden). Cleared when the next impulse's card is played or its power passes, and at Spring Deployment (each
deployment is a move of that phase); so it holds at most one impulse's actions.
"""

from __future__ import annotations

from . import state as st

KEY = "impulse_record"


def entries(s: st.State) -> list[dict]:
    return s.setdefault(KEY, [])


def clear(s: st.State) -> None:
    s[KEY] = []
    s[BEATEN] = []


# ---- units that lost a field battle this impulse (13.3 step 4: they avoid battle again without a roll) ----
BEATEN = "beaten"       # [power, space, {kind: count}]: where this impulse's beaten units stand now


def note_beaten(s: st.State, power: str, space: str, units: dict[str, int]) -> None:
    """14.1: units of `power` that lost a field battle now stand in `space` (after their retreat)."""
    beaten = s.setdefault(BEATEN, [])
    entry = next((e for e in beaten if e[0] == power and e[1] == space), None)
    if entry is None:
        beaten.append([power, space, {}])
        entry = beaten[-1]
    for kind, n in units.items():
        if n:
            entry[2][kind] = entry[2].get(kind, 0) + n


def forget_beaten(s: st.State, power: str, space: str, units: dict[str, int]) -> dict[str, int]:
    """Take these units off the beaten record of `space`; returns how many of each kind were on it."""
    entry = next((e for e in s.get(BEATEN, []) if e[0] == power and e[1] == space), None)
    if entry is None:
        return {}
    taken = {kind: min(n, entry[2].get(kind, 0)) for kind, n in units.items()}
    entry[2] = {kind: n - taken.get(kind, 0) for kind, n in entry[2].items() if n > taken.get(kind, 0)}
    return taken


def shift_beaten(s: st.State, power: str, origin: str, dest: str, units: dict[str, int]) -> None:
    """Beaten units that avoided battle again are still beaten where they went."""
    note_beaten(s, power, dest, forget_beaten(s, power, origin, units))


def all_beaten(s: st.State, power: str, space: str, units: dict[str, int]) -> bool:
    """13.3 step 4: every one of these units of `power` in `space` lost a field battle this impulse."""
    entry = next((e for e in s.get(BEATEN, []) if e[0] == power and e[1] == space), None)
    return entry is not None and all(n <= entry[2].get(kind, 0) for kind, n in units.items())


def _units(units: dict[str, int]) -> int:
    return sum(units.values())


def note_move(s: st.State, m: dict) -> None:
    """A land move (13.1) or a naval transport (16.3) paid for, as the formation leaves."""
    entries(s).append({"kind": "transport" if m.get("by_sea") else "move", "power": m["power"],
                       "from": m["origin"], "to": m["dest"], "units": _units(m["units"]),
                       "leaders": list(m["leaders"])})


def note_shift(s: st.State, kind: str, power: str, origin: str, dest: str, units: dict[str, int],
               leaders: list[str]) -> None:
    """A stack that intercepted (13.2) or avoided battle (13.3) successfully."""
    entries(s).append({"kind": kind, "power": power, "from": origin, "to": dest, "units": _units(units),
                       "leaders": list(leaders)})


def note_naval_move(s: st.State, m: dict) -> None:
    """16.1: one entry per (from, to) leg of the plan, its ships counted; leaders follow their ships."""
    legs: dict[tuple[str, str], int] = {}
    for _owner, _kind, origin, dest, n in m["plan"]:
        legs[(origin, dest)] = legs.get((origin, dest), 0) + n
    for (origin, dest), n in sorted(legs.items()):
        entries(s).append({"kind": "naval_move", "power": m["power"], "from": origin, "to": dest, "units": n,
                           "leaders": sorted(l for l, to in m["leaders"].items() if to == dest)})


def note_battle(s: st.State, kind: str, b: dict, where: str, defenders: list[str],
                attacker_leaders: list[str], defender_leaders: list[str], **extra) -> None:
    """A field battle (14), naval battle (16.2) or assault (15.1) once the dice are rolled: sides, leaders,
    dice, rolls, hits and the winner (an assault's result is added by `note_assault_result`)."""
    entry = {"kind": kind, "space": where, "attacker": b["attacker"], "defenders": list(defenders),
             "attacker_leaders": list(attacker_leaders), "defender_leaders": list(defender_leaders)}
    for key in ("origin", "attacker_dice", "defender_dice", "attacker_roll", "defender_roll", "attacker_hits",
                "defender_hits", "winner"):
        if key in b:
            entry[key] = b[key]
    entry.update(extra)
    entries(s).append(entry)


def note_assault_result(s: st.State, space: str, attacker: str) -> None:
    """15.1 steps 10–11, 15.3: the fortress taken, the siege going on, or the siege broken."""
    last = next((e for e in reversed(entries(s)) if e["kind"] == "assault" and e["space"] == space), None)
    if last is None:
        return
    if space in s["sieges"]:
        last["result"], last["winner"] = "siege goes on", "defender"
    elif st.controller(s, space) == attacker:
        last["result"], last["winner"] = "taken", "attacker"
    else:
        last["result"], last["winner"] = "siege broken", "defender"


def last_battle(record: list[dict], kinds: tuple[str, ...]) -> dict | None:
    return next((e for e in reversed(record or []) if e.get("kind") in kinds), None)

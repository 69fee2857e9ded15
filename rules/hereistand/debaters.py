"""Here I Stand: the debaters as pieces (rule 8.2 arrival, 18.2 committed and uncommitted, 19 step 8).

`state["debaters"][id]` = {"side", "zone", "value", "status"}; side, zone and value are the counter's (kept in
the state so every view and picture reads one place), the status is one of STATUSES. A Papal debater may
debate in any zone ("any"); a Protestant one only in its own.
"""

from __future__ import annotations

from typing import Any

from rules.core.flow import Game

from .data import load

State = dict[str, Any]

WAITING, UNCOMMITTED, COMMITTED = "waiting", "uncommitted", "committed"
BURNED, DISGRACED, EXCOMMUNICATED, REMOVED = "burned", "disgraced", "excommunicated", "removed"
EXPELLED = "expelled"
STATUSES = (WAITING, UNCOMMITTED, COMMITTED, BURNED, DISGRACED, EXCOMMUNICATED, EXPELLED, REMOVED)
AWAY = (EXCOMMUNICATED, EXPELLED)        # off the map until the next card draw, committed meanwhile
STATUS_WORDS = {WAITING: "not yet arrived", UNCOMMITTED: "uncommitted", COMMITTED: "committed",
                BURNED: "burned", DISGRACED: "disgraced", EXCOMMUNICATED: "excommunicated (off the map until "
                "the next card draw)", EXPELLED: "expelled (off the map until the next card draw)",
                REMOVED: "out of the game"}
IN_PLAY = (UNCOMMITTED, COMMITTED)
WITH_CRANMER = "cranmer"          # the reformer whose arrival brings the debaters with no entry turn (8.2)


def start_debaters(scenario_id: str) -> dict[str, dict]:
    """Rule 8.2 / the scenario: the starting debaters uncommitted, the rest waiting for their turn."""
    data = load()
    sc = data.scenario(scenario_id)
    present = {d for side in sc.debaters.values() for d in side}
    out = {}
    for d in data.debaters.values():
        status = UNCOMMITTED if d.id in present else REMOVED if d.id in sc.debaters_removed else WAITING
        out[d.id] = {"side": d.side, "zone": d.zone, "value": d.value, "status": status}
    return out


def name(debater: str) -> str:
    return load().debater(debater).name


def surname(debater: str) -> str:
    return name(debater).split()[-1]


def status(s: State, debater: str) -> str:
    return s["debaters"][debater]["status"]


def set_status(s: State, debater: str, new: str) -> None:
    s["debaters"][debater]["status"] = new


def side_of(s: State, debater: str) -> str:
    return s["debaters"][debater]["side"]


def value(s: State, debater: str) -> int:
    return s["debaters"][debater]["value"]


def of_side(s: State, side: str, zone: str | None = None, statuses=IN_PLAY) -> list[str]:
    """`side`'s debaters with one of `statuses`; for the Protestant with a zone, only that zone's (18.5)."""
    return [d for d, info in s["debaters"].items() if info["side"] == side and info["status"] in statuses
            and (zone is None or side == "papacy" or info["zone"] == zone)]


def uncommitted(s: State, side: str, zone: str | None = None) -> list[str]:
    return of_side(s, side, zone, (UNCOMMITTED,))


def committed(s: State, side: str, zone: str | None = None) -> list[str]:
    return of_side(s, side, zone, (COMMITTED,))


def commit(s: State, debater: str) -> None:
    """18.2: a debater used (an ability, a debate, an event's prerequisite) turns to its committed side."""
    if status(s, debater) == UNCOMMITTED:
        set_status(s, debater, COMMITTED)


def label(s: State, debater: str) -> str:
    """"Johann Eck (Papacy, 3)" — a debater as players read it."""
    side = load().power(side_of(s, debater)).name
    return f"{name(debater)} ({side}, {value(s, debater)})"


# ---- arrivals and Winter ---------------------------------------------------------------------------------
def arrivals(g: Game) -> None:
    """8.2: at each Card Draw the debaters of this turn arrive uncommitted, and those excommunicated last
    turn come back. Cranmer, Latimer and Coverdale arrive once the Cranmer reformer is on the map."""
    s, data = g.state, load()
    cranmer = WITH_CRANMER in s["reformers"] or WITH_CRANMER in s["reformers_away"]
    came = [d for d, info in s["debaters"].items() if info["status"] == WAITING
            and (cranmer if data.debater(d).entry_turn is None else data.debater(d).entry_turn <= s["turn"])]
    back = [d for d, info in s["debaters"].items() if info["status"] in AWAY]
    for d in came + back:
        set_status(s, d, UNCOMMITTED)
    for reformer, space in sorted(s["reformers_away"].items()):     # 8.2: to the same space
        s["reformers"][reformer] = space
        g.log(f"The reformer {name(reformer)} returns to {load().space(space).name}.")
    s["reformers_away"] = {}
    if came:
        g.log("Debaters arrive: " + ", ".join(label(s, d) for d in came) + ".")
    if back:
        g.log("Debaters back on the map: " + ", ".join(label(s, d) for d in back) + ".")


def uncommit_all(g: Game) -> None:
    """19 step 8: every committed debater turns back to its uncommitted side."""
    s = g.state
    turned = [d for d, info in s["debaters"].items() if info["status"] == COMMITTED]
    for d in turned:
        set_status(s, d, UNCOMMITTED)
    if turned:
        g.log("Every committed debater is uncommitted again.")


def debate_vp(s: State, power: str) -> int:
    """23.2 bonus VP: the Papacy scores its burned Protestant debaters, the Protestant its disgraced Papal
    ones, each for its value."""
    wanted = {"papacy": BURNED, "protestant": DISGRACED}.get(power)
    return sum(info["value"] for info in s.get("debaters", {}).values() if info["status"] == wanted)

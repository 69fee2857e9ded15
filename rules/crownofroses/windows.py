"""Reaction windows for the cards and abilities that interrupt (RB 10.4.4 Surprises, 14.2.2 alliance discard
abilities, 10.5 office abilities), opened at the trigger points the rules name:

| point | when | what may answer |
|---|---|---|
| ``step_start`` | before each action step (RB 13.2) | Surprises "playable at any time", alliance abilities, office abilities of the active house |
| ``round_start`` | before each combat round's main bodies (20.4) | round-1 and round Surprises, battle dice, +1 CR |
| ``after_rolls`` | after the line-battle roll (20.5.2) | the Earl Marshal's re-roll |
| ``before_elimination`` | before the Elimination Chart (20.6.1) | Escape, Blackjack and Deepwood |
| ``intercepted`` | a moving stack was intercepted (16.5) | Evade |
| ``influence_start`` | before income (23.0) | alliance discards for IP |
| ``before_votes`` | before the King's election (24.2.3) | alliance discards for votes |

Every window asks every house still in the game at once (core ReactionWindow): who is asked never depends
on a hand. The answers are revealed together as "responds"/"pass", then each response is carried out in
impulse order; one still possible is carried out, one no longer possible is skipped. Response ids are
``use:<card or office>:<args>`` so the secrecy check leaves the named card alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from rules.core.choices import ReactionWindow
from rules.core.flow import Game, act
from rules.crownofroses.common import FLOW, STEP_HOOKS, hname
from rules.crownofroses.reactions import impulse_order


@dataclass(frozen=True)
class Ability:
    key: str                                                   # a card id, or "office_<office>"
    points: tuple[str, ...]
    options: Callable[[Game, str, str], Iterable[tuple[tuple, str]]]   # (g, role, point) -> (args, label)
    resolve: Callable[..., None]                               # (g, role, *args); may call one procedure


ABILITIES: dict[str, Ability] = {}


def ability(key: str, *points: str, options):
    """Decorator on the resolve function: ``@ability("op63", "step_start", options=fn)``."""
    def register(fn):
        ABILITIES[key] = Ability(key, points, options, fn)
        return fn
    return register


def responses_at(g: Game, role: str, point: str) -> list:
    found = []
    for ab in ABILITIES.values():
        if point not in ab.points:
            continue
        for args, label in ab.options(g, role, point):
            found.append(act("use", ab.key, *args, label=label))
    return found


def open_window(g: Game, point: str) -> None:
    roles = [h for h in impulse_order(g.state) if h in g.roles]
    if len(roles) < 1 or g.state.get("pending_result"):
        return
    if point == "influence_start" and g.state.get("affairs_of_state"):
        return
    if point == "intercepted" and not g.local.get("intercepted"):
        return
    if point == "after_rolls":
        from rules.crownofroses.offices import marshal_available
        if not marshal_available(g.state):
            return                   # only the Earl Marshal answers here (a public fact)
    if point == "round_start" and love_day(g):
        return
    g.call("window", roles=roles, point=point)


for _point in ("step_start", "round_start", "after_rolls", "before_elimination", "intercepted",
               "influence_start", "before_votes"):
    STEP_HOOKS[_point] = open_window


def love_day(g: Game) -> bool:
    """L8 Queen Margaret Proclaims a Love Day: no dice this impulse; each attacker retreats in turn."""
    if not any(m["name"] == "love_day" for m in g.state.get("modifiers", ())):
        return False
    b = next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "battle")
    attacker = b["attacker"]
    b.update(over=True, retreated=attacker, winner=b["defender"])
    side = b["sides"][attacker]
    g.log(f"Love Day: no dice are rolled; {hname(attacker)} must retreat.")
    g.call("retreat", role=attacker, house=attacker, blocks=side["engaged"] + side["reinf"], why="retreats (Love Day)")
    return True


@FLOW.decision("window")
class Window(ReactionWindow):
    text = "You may play a Surprise, an alliance's discard ability or an office ability now, or pass."

    def responses(self, g, role):
        return responses_at(g, role, g.local["point"])

    def resolve(self, g, role, response):
        if response not in {a.id for a in responses_at(g, role, g.local["point"])}:
            return                       # no longer possible after an earlier response
        _, key, *args = response.split(":")
        ABILITIES[key].resolve(g, role, *args)

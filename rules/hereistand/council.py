"""Here I Stand: the Council of Trent (#17, mandatory event; discarded after play, so it may come back).

    council_of_trent › council_pick (the Papacy, up to 4 uncommitted debaters) › council_pick (the Protestant,
    up to 2, any zone) › dice › debate_flips (the side with more hits flips the difference, any zone)
"""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import debaters as dbt
from .events import EVENTS
from .turn import FLOW, power_name

COUNCIL = "17"
LIMITS = {"papacy": 4, "protestant": 2}
POLE = "pole"               # his ability: +1 die for the Papacy at the Council of Trent


@EVENTS.on(COUNCIL, "event")
def council_of_trent(g, power, card):
    g.call("council_of_trent")


def ask_papacy(g: Game) -> None:
    g.log("The Council of Trent meets: the Papacy picks up to 4 uncommitted debaters, then the Protestant up to 2.")
    g.call("council_pick", role="papacy", picked=[])


def ask_protestant(g: Game) -> None:
    g.local["papacy"], g.frame["ret"] = g.returned or [], None
    g.call("council_pick", role="protestant", picked=[])


def council_dice(s, side: str, picked: list[str]) -> tuple[int, list[str]]:
    """Dice = the picked debaters' values added up (Pole's ability: +1 for the Papacy)."""
    parts = [f"{dbt.surname(d)} {dbt.value(s, d)}" for d in picked]
    count = sum(dbt.value(s, d) for d in picked)
    if side == "papacy" and POLE in picked:
        parts.append("Pole's ability +1")
        count += 1
    return count, parts


def roll_council(g: Game) -> None:
    s = g.state
    picks = {"papacy": g.local["papacy"], "protestant": g.returned or []}
    g.frame["ret"] = None
    hits = {}
    for side, picked in picks.items():
        count, parts = council_dice(s, side, picked)
        rolled = rng.roll(s, count) if count else []
        hits[side] = sum(1 for d in rolled if d >= 5)
        shown = f": {', '.join(map(str, rolled))}" if rolled else ""
        g.log(f"{power_name(side)} rolls {plural(count, 'die', 'dice')} ({', '.join(parts) or 'no debaters'}){shown} "
              f"— {plural(hits[side], 'hit')} (5 or 6 hits).")
        for d in picked:
            dbt.commit(s, d)
    if hits["papacy"] == hits["protestant"]:
        g.log("Equal hits: the Council of Trent changes nothing.")
        return
    winner = max(hits, key=hits.get)
    diff = abs(hits["papacy"] - hits["protestant"])
    g.log(f"{power_name(winner)} prevails at the Council by {plural(diff, 'hit')}.")
    g.goto("debate_flips", role=winner, zone=None, left=diff)


FLOW.procedure("council_of_trent", ask_papacy, ask_protestant, roll_council)


@FLOW.decision("council_pick")
class CouncilPick(Decision):
    def choices(self, g, role):
        return sorted(d for d in dbt.uncommitted(g.state, role) if d not in g.local["picked"])

    def active(self, g):
        role = g.local["role"]
        return super().active(g) if len(g.local["picked"]) < LIMITS[role] and self.choices(g, role) else []

    def proceed(self, g):
        g.end(g.local["picked"])

    def prompt(self, g, role):
        chosen = ", ".join(dbt.name(d) for d in g.local["picked"]) or "none yet"
        return (f"Council of Trent: pick up to {LIMITS[role]} of your uncommitted debaters (any zone); each rolls "
                f"as many dice as his value, and all are committed. Picked: {chosen}.")

    def actions(self, g, role):
        for d in self.choices(g, role):
            yield act("pick", d, label=f"Send {dbt.label(g.state, d)}")
        yield act("done", label="Send no more")

    def on_pick(self, g, role, debater):
        g.local["picked"].append(debater)
        g.log(f"{power_name(role)} sends {dbt.label(g.state, debater)} to the Council.")

    def on_done(self, g, role):
        g.end(g.local["picked"])

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

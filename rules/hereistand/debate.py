"""Here I Stand: the theological debate (rule 18.5), called for 3 CP (18.1) or by an event.

    debate › (Leipzig Debate's choice) › attacking debater › defender's pool › defending debater
    debate_round › (round 2: Bullinger, new debaters) › (Here I Stand) › dice › outcome › debate_flips

The caller (the Papacy or the Protestant) attacks. `local` carries the debate: caller, zone, the debaters of
the round, the modifiers of the card that called it (Leipzig Debate, Papal Inquisition).
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import debaters as dbt
from . import state as st
from .data import load
from .turn import FLOW, power_name

ZONES = ("german", "french", "english")
ZONE_NAMES = {"german": "German", "french": "French", "english": "English"}
DEBATE_CP = 3
HERE_I_STAND = "7"
SIDES = ("papacy", "protestant")
PICKING_DEBATERS = ("leipzig_choice", "council_pick", "marburg")   # decisions naming uncommitted debaters


def other(side: str) -> str:
    return "protestant" if side == "papacy" else "papacy"


def zone_name(zone: str) -> str:
    return f"{ZONE_NAMES[zone]} zone"


# ---- calling a debate (18.1) -------------------------------------------------------------------------------
def call_refusal(s: st.State, caller: str, zone: str) -> str | None:
    """18.1: why `caller` may not call a debate in `zone` now (None when it may)."""
    if zone not in ZONES:
        return "debates are held in the German, French or English zone"
    if not dbt.of_side(s, "protestant", zone):
        return f"the Protestant has no debater in the {zone_name(zone)}, so nobody may debate there"
    if caller == "protestant" and cards.modifiers(s, "wartburg"):
        return "The Wartburg was played this turn: the Protestant calls no debate until the next turn"
    if caller == "protestant" and not dbt.uncommitted(s, "protestant", zone):
        return f"every Protestant debater of the {zone_name(zone)} is committed"
    if caller == "papacy" and not dbt.uncommitted(s, "papacy"):
        return "every Papal debater is committed"
    if caller == "protestant" and not dbt.of_side(s, "papacy"):
        return "the Papacy has no debater in play"
    return None


def debate_refusal(s: st.State, power: str, action_id: str, decision: str | None) -> str | None:
    """Why `debate:<zone>` is refused, in words (None when it is not such an action)."""
    verb, _, zone = action_id.partition(":")
    if decision in PICKING_DEBATERS and verb in ("name", "pick", "pair"):
        named = [d for d in zone.split(":") if d in s["debaters"]]
        busy = [d for d in named if dbt.status(s, d) != dbt.UNCOMMITTED]
        if busy:
            return "; ".join(f"{dbt.name(d)} is {dbt.STATUS_WORDS[dbt.status(s, d)]}" for d in busy) + "."
        return None
    if verb != "debate":
        return None
    if decision != "spend" or power not in SIDES:
        return "Only the Papacy or the Protestant calls a theological debate, with 3 CP of its own impulse."
    if s["impulse"]["cp"] < DEBATE_CP:
        return f"A theological debate costs {DEBATE_CP} CP; {s['impulse']['cp']} are left."
    why = call_refusal(s, power, zone)
    return f"No debate can be called there: {why}." if why else None


def debate_actions(s: st.State, power: str, cp: int):
    """The CP action of 18.1 for the Papacy and the Protestant (3 CP)."""
    if power not in SIDES or cp < DEBATE_CP:
        return
    for zone in ZONES:
        if call_refusal(s, power, zone) is None:
            yield act("debate", zone, label=f"Theological debate in the {zone_name(zone)} ({DEBATE_CP} CP)",
                      group="Religion")


def start_debate(g: Game, caller: str, zone: str, *, leipzig: bool = False, inquisition: bool = False,
                 tail: bool = False) -> None:
    """Run a debate now (`tail`: in place of the running frame, from a decision that is done)."""
    g.log(f"{power_name(caller)} calls a theological debate in the {zone_name(zone)}.")
    (g.goto if tail else g.call)("debate", caller=caller, zone=zone, leipzig=leipzig, inquisition=inquisition,
                                 barred=None, attacker=None, defender=None, round=1, luther_for=None)


def callable_zones(s: st.State, caller: str, zones=ZONES) -> list[str]:
    return [z for z in zones if call_refusal(s, caller, z) is None]


@FLOW.decision("debate_zone")
class DebateZone(Decision):
    """An event's debate (Leipzig Debate, Papal Bull, the Inquisitions): the caller picks the zone among
    `zones` (or, where the event says "may", declines)."""

    def active(self, g):
        return super().active(g) if callable_zones(g.state, g.local["role"], g.local["zones"]) else []

    def proceed(self, g):
        g.log("No debate can be called: " + "; ".join(call_refusal(g.state, g.local["role"], z)
                                                      for z in g.local["zones"]) + ".")
        g.end()

    def prompt(self, g, role):
        why = g.local.get("why", "the event")
        return f"{why}: choose the zone of the theological debate" + \
            (" (or call none)." if g.local.get("optional") else ".")

    def actions(self, g, role):
        for zone in callable_zones(g.state, role, g.local["zones"]):
            yield act("zone", zone, label=f"Debate in the {zone_name(zone)}")
        if g.local.get("optional"):
            yield act("none", label="Call no debate")

    def on_zone(self, g, role, zone):
        start_debate(g, role, zone, leipzig=g.local.get("leipzig", False),
                     inquisition=g.local.get("inquisition", False), tail=True)

    def on_none(self, g, role):
        g.log(f"{power_name(role)} calls no debate.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def ask_debate(g: Game, caller: str, why: str, zones=ZONES, *, optional: bool = False, **options) -> None:
    """Call the zone choice of an event's debate (a zone with no legal debate is never offered)."""
    g.call("debate_zone", role=caller, zones=list(zones), why=why, optional=optional, **options)


# ---- round 1: the debaters (18.5 steps 2–3) -----------------------------------------------------------------
def leipzig_step(g: Game) -> None:
    """18.5 exception (Leipzig Debate): the Papacy names its debater or bars one Protestant debater."""
    if g.local["leipzig"] and g.local["caller"] == "papacy":
        g.call("leipzig_choice", role="papacy", zone=g.local["zone"])


def pick_attacker(g: Game) -> None:
    s, local = g.state, g.local
    answer, g.frame["ret"] = g.returned, None
    if answer and answer[0] == "name":
        local["attacker"] = answer[1]
    elif answer and answer[0] == "bar":
        local["barred"] = answer[1]
        g.log(f"Leipzig Debate: {dbt.name(answer[1])} may not be drawn in this debate.")
    if local["attacker"] is None:
        local["attacker"] = rng.choice(s, sorted(dbt.uncommitted(s, local["caller"], local["zone"])))
        g.log(f"The attacking debater, drawn at random: {dbt.label(s, local['attacker'])}.")
    else:
        g.log(f"Leipzig Debate: the Papacy names {dbt.label(s, local['attacker'])} to attack.")


def defender_pools(s: st.State, local: dict) -> dict[str, list[str]]:
    side = other(local["caller"])
    pools = {"uncommitted": dbt.uncommitted(s, side, local["zone"]),
             "committed": dbt.committed(s, side, local["zone"])}
    return {k: sorted(d for d in v if d != local["barred"]) for k, v in pools.items()
            if any(d != local["barred"] for d in v)}


def choose_pool(g: Game) -> None:
    """18.5 step 3: the attacker chooses whether the defender comes from the committed or the uncommitted."""
    pools = defender_pools(g.state, g.local)
    if len(pools) > 1:
        g.call("debate_pool", role=g.local["caller"], caller=g.local["caller"], zone=g.local["zone"],
               barred=g.local["barred"], attacker=g.local["attacker"])


def pick_defender(g: Game) -> None:
    s, local = g.state, g.local
    answer, g.frame["ret"] = g.returned, None
    pools = defender_pools(s, local)
    pool = answer if answer in pools else next(iter(pools))
    local["defender"] = rng.choice(s, pools[pool])
    g.log(f"The defending debater, drawn at random from the {pool}: {dbt.label(s, local['defender'])}.")


def to_round(g: Game) -> None:
    g.goto("debate_round", **g.local)


FLOW.procedure("debate", leipzig_step, pick_attacker, choose_pool, pick_defender, to_round)


@FLOW.decision("leipzig_choice")
class LeipzigChoice(Decision):
    def prompt(self, g, role):
        return ("Leipzig Debate: name the Papal debater who attacks, or bar one Protestant debater of the "
                f"{zone_name(g.local['zone'])} from this debate (your debater is then drawn at random).")

    def actions(self, g, role):
        s, zone = g.state, g.local["zone"]
        for d in sorted(dbt.uncommitted(s, "papacy")):
            yield act("name", d, label=f"Attack with {dbt.label(s, d)}", group="Name your debater")
        everyone = dbt.of_side(s, "protestant", zone)
        for d in sorted(everyone):
            if len(everyone) > 1:
                yield act("bar", d, label=f"Bar {dbt.label(s, d)}", group="Bar a Protestant debater")

    def on_name(self, g, role, debater):
        g.end(["name", debater])

    def on_bar(self, g, role, debater):
        g.end(["bar", debater])

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


@FLOW.decision("debate_pool")
class DebatePool(Decision):
    def prompt(self, g, role):
        return (f"Debate in the {zone_name(g.local['zone'])}: {dbt.label(g.state, g.local['attacker'])} attacks "
                "(value + 3 dice). Draw the defending debater from the opponent's committed debaters (they roll "
                "value + 1 dice) or its uncommitted ones (value + 2)?")

    def actions(self, g, role):
        pools = defender_pools(g.state, g.local)
        for pool, members in pools.items():
            names = ", ".join(dbt.label(g.state, d) for d in members)
            yield act("pool", pool, label=f"From the {pool}: {names}")

    def on_pool(self, g, role, pool):
        g.end(pool)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: the religious home cards as events — Leipzig Debate (#6), Here I Stand (#7, taking a card
from the discards; its debate use is in `debate_round.py`) and Papal Bull (#5, excommunication of a reformer
or a ruler, rule 21.5).

    papal_bull › (reformer: debate_zone) | (ruler: bull_unrest)
    here_i_stand_take › here_i_stand_now (play the card at once, or keep it)
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, act

from . import debaters as dbt
from . import state as st
from .data import load, space_name
from .debate import ZONES, ask_debate, call_refusal, callable_zones, zone_name
from .events import EVENTS, playable_events
from .pick_events import PickEvent, pick_event
from .turn import FLOW, power_name

RULER_POWERS = ("hapsburg", "england", "france")          # 21.5: the rulers Papal Bull may excommunicate
FRENCH_RULERS = ("francis-i", "henry-ii")                 # only one of them, ever


# ---- #6 Leipzig Debate --------------------------------------------------------------------------------------
@EVENTS.on("6", "prerequisite")
def leipzig_ok(s, power, card):
    if not callable_zones(s, "papacy"):
        return "no debate can be called (" + "; ".join(call_refusal(s, "papacy", z) for z in ZONES) + ")"
    return None


@EVENTS.on("6", "event")
def leipzig_debate(g, power, card):
    ask_debate(g, "papacy", "Leipzig Debate", leipzig=True)


# ---- #7 Here I Stand, event use (a) ----------------------------------------------------------------------------
def luther_lives(s: st.State) -> bool:
    return s["rulers"]["protestant"] == "luther" and dbt.status(s, "luther") not in (dbt.BURNED, dbt.REMOVED)


def discard_choices(s: st.State) -> list[str]:
    """Any discarded card but a mandatory event (card #7)."""
    return sorted((c for c in cards.zone(s, "discard") if load().card(int(c)).type != "mandatory"), key=int)


@pick_event
class HereIStandTake(PickEvent):
    card, name, verb, asks = "7", "here_i_stand_take", "take", "protestant"
    unplayable = "the discard pile holds no card it may take"

    def refusal(self, s, power, card):
        return super().refusal(s, power, card) if luther_lives(s) else "Luther is no longer alive"

    def candidates(self, s, role):
        return discard_choices(s)

    def prompt(self, g, role):
        return "Here I Stand: take one card from the discard pile (not a mandatory event)."

    def label(self, g, role, c):
        return f"Take {st.card_label(c)}: {load().card(int(c)).reminder}"

    def take(self, g, role, card):
        cards.move(g.state, card, "discard", cards.hand(role))
        g.log(f"The Protestant takes {st.card_label(card)} from the discard pile.")
        picks = {role: [f"take:{card}"]}               # taken in public: hidden variants leave it in the hand
        return "here_i_stand_now", {"role": role, "card": card, "picks": picks}


@FLOW.decision("here_i_stand_now")
class HereIStandNow(Decision):
    """Card #7: the card taken may be played at once (this impulse) or kept in hand."""

    def prompt(self, g, role):
        return f"Here I Stand: play {st.card_label(g.local['card'])} at once, or keep it in your hand?"

    def actions(self, g, role):
        card = g.local["card"]
        c = load().card(int(card))
        if c.cp:
            yield act("cp", card, label=f"Play {st.card_label(card)} now for {c.cp} CP")
        if card in playable_events(g.state, role):
            yield act("event", card, label=f"Play {st.card_label(card)} now as its event: {c.reminder}")
        yield act("keep", label="Keep it in hand")

    def on_cp(self, g, role, card):
        from .actions import Impulse
        Impulse().on_cp(g, role, card)

    def on_event(self, g, role, card):
        from .actions import Impulse
        Impulse().on_event(g, role, card)

    def on_keep(self, g, role):
        g.end()

    def default(self, g, role):
        return "keep"


# ---- #5 Papal Bull (21.5) ---------------------------------------------------------------------------------
def bull_reformers(s: st.State) -> list[str]:
    """Reformers on the map never excommunicated before (each only once a game)."""
    return sorted(r for r in s.get("reformers", {}) if r not in s["excommunication_record"])


def ruler_grounds(s: st.State, power: str) -> str | None:
    """21.5: the grounds to excommunicate `power`'s ruler (None: none, or he may not be)."""
    ruler = s["rulers"][power]
    if ruler in s["excommunication_record"]:
        return None
    if power == "france" and any(r in s["excommunication_record"] for r in FRENCH_RULERS):
        return None
    if power == "england" and ruler != "henry-viii":
        return None                                            # never Henry VIII's successors
    if st.at_war(s, power, "papacy"):
        return "at war with the Papacy"
    if st.allied(s, power, "ottoman"):
        return "allied with the Ottoman"
    if ruler == "henry-viii" and any(sp in s["religion"] for sp in load().home_spaces("england")):
        return "an English home space is Protestant"
    return None


def bull_rulers(s: st.State) -> list[str]:
    return [p for p in RULER_POWERS if ruler_grounds(s, p)]


@EVENTS.on("5", "prerequisite")
def papal_bull_ok(s, power, card):
    if not bull_reformers(s) and not bull_rulers(s):
        return "no reformer on the map may be excommunicated and no ruler has grounds"
    return None


@EVENTS.on("5", "event")
def papal_bull(g, power, card):
    g.call("papal_bull", role="papacy")


def excommunicate_reformer(s: st.State, reformer: str) -> None:
    """21.5: the reformer and his debater leave the map until the next card draw (the debater committed)."""
    s["excommunication_record"] = sorted([*s["excommunication_record"], reformer])
    s["reformers_away"][reformer] = s["reformers"].pop(reformer)
    if dbt.status(s, reformer) in dbt.IN_PLAY:
        dbt.set_status(s, reformer, dbt.EXCOMMUNICATED)


@FLOW.decision("papal_bull")
class PapalBull(Decision):
    def prompt(self, g, role):
        return "Papal Bull: excommunicate a reformer or a ruler (each only once a game)."

    def actions(self, g, role):
        s = g.state
        for r in bull_reformers(s):
            zone = s["debaters"][r]["zone"]
            yield act("reformer", r, group="Excommunicate a reformer", label=(
                f"{dbt.name(r)} in {space_name(s['reformers'][r])}: he and his debater leave the map until the "
                f"next card draw; then you may call a debate in the {zone_name(zone)}"))
        for p in bull_rulers(s):
            yield act("ruler", p, group="Excommunicate a ruler", label=(
                f"{st.ruler(s, p).name} of {power_name(p)} ({ruler_grounds(s, p)}): one card fewer each turn; "
                "unrest in up to 2 of its Catholic home spaces with no units"))

    def on_reformer(self, g, role, reformer):
        s = g.state
        where = s["reformers"][reformer]
        excommunicate_reformer(s, reformer)
        g.log(f"Papal Bull: {dbt.name(reformer)} is excommunicated and leaves {space_name(where)} (and the debates) "
              "until the next card draw.")
        g.goto("debate_zone", role="papacy", zones=[s["debaters"][reformer]["zone"]], why="Papal Bull",
               optional=True)

    def on_ruler(self, g, role, power):
        s = g.state
        ruler, grounds = s["rulers"][power], ruler_grounds(s, power)
        s["excommunication_record"] = sorted([*s["excommunication_record"], ruler])
        s["excommunicated"] = sorted([*s["excommunicated"], ruler])
        g.log(f"Papal Bull: {st.ruler(s, power).name} of {power_name(power)} is excommunicated ({grounds}): "
              f"{power_name(power)} draws one card fewer until the excommunication is lifted.")
        g.goto("bull_unrest", role="papacy", power=power, left=2)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def unrest_choices(s: st.State, power: str) -> list[str]:
    """21.5: the excommunicated power's Catholic home spaces with no land units, not yet in unrest."""
    return [sp for sp in load().home_spaces(power) if sp not in s["religion"] and sp not in s["unrest"]
            and s["control"].get(sp) is not None and load().space(sp).faith == "catholic"
            and not any(st.land_units_at(s, sp, p) for p in s["units"].get(sp, {}))]


@FLOW.decision("bull_unrest")
class BullUnrest(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] and unrest_choices(g.state, g.local["power"]) else []

    def prompt(self, g, role):
        return (f"Papal Bull: put unrest on {g.local['left']} more of {power_name(g.local['power'])}'s Catholic home "
                "spaces with no units, or stop.")

    def actions(self, g, role):
        for sp in unrest_choices(g.state, g.local["power"]):
            yield act("unrest", sp, label=f"Unrest in {space_name(sp)}")
        yield act("stop", label="No more unrest")

    def on_unrest(self, g, role, space):
        g.state["unrest"] = sorted([*g.state["unrest"], space])
        g.local["left"] -= 1
        g.log(f"Papal Bull: {space_name(space)} falls into unrest.")

    def on_stop(self, g, role):
        g.end()

    def default(self, g, role):
        return "stop"

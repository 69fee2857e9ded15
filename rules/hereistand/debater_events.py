"""Here I Stand: the card events about debaters (18.2: a debater named as a prerequisite is committed, whoever
plays the card, and that is no use of his ability) — Katharina Bora (#85), Marburg Colloquy (#41), Papal
Inquisition (#56), Calvin (#16), Calvin Expelled (#45), Zwingli Dons Armor (#43). (Augsburg Confession, #39,
is with the attempt events in `religious_events.py`; its −1 is read here by the debate dice.)
"""

from __future__ import annotations

from collections import deque

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import debaters as dbt
from . import religion as rel
from . import state as st
from .data import load, space_name
from .debate import ZONES, callable_zones
from .events import EVENTS
from .turn import FLOW, power_name


def needs_uncommitted(s: st.State, *names: str) -> str | None:
    """A prerequisite: every named debater uncommitted (an excommunicated one is not, 21.5)."""
    missing = [n for n in names if dbt.status(s, n) != dbt.UNCOMMITTED]
    if missing:
        return " and ".join(f"{dbt.name(n)} is {dbt.STATUS_WORDS[dbt.status(s, n)]}" for n in missing)
    return None


def commit_for_event(g: Game, debater: str, card: str) -> None:
    dbt.commit(g.state, debater)
    g.log(f"{dbt.name(debater)} is committed for #{card} {load().card(int(card)).name}.")


def reformation_attempts(g: Game, count: int, source: str) -> None:
    """The Protestant makes `count` reformation attempts in any zone (`reformation.py`, 18.3)."""
    g.call("attempts", side="reformation", count=count, zone=None, actor="protestant", source=source)


# ---- #85 Katharina Bora, #41 Marburg Colloquy (18.3) ----------------------------------------------------------
@EVENTS.on("85", "prerequisite")
def bora_ok(s, power, card):
    return needs_uncommitted(s, "luther")


@EVENTS.on("85", "event")
def katharina_bora(g, power, card):
    commit_for_event(g, "luther", card)
    reformation_attempts(g, 5, "Katharina Bora")


MARBURG_GERMANS, MARBURG_SWISS = ("luther", "melanchthon"), ("zwingli", "oekolampadius")


def marburg_pairs(s: st.State) -> list[tuple[str, str]]:
    return [(a, b) for a in MARBURG_GERMANS for b in MARBURG_SWISS
            if dbt.status(s, a) == dbt.UNCOMMITTED and dbt.status(s, b) == dbt.UNCOMMITTED]


@EVENTS.on("41", "prerequisite")
def marburg_ok(s, power, card):
    if not marburg_pairs(s):
        return "it needs Luther or Melanchthon and Zwingli or Oekolampadius uncommitted"
    return None


@EVENTS.on("41", "event")
def marburg_colloquy(g, power, card):
    g.call("marburg", role="protestant", card=card)


@FLOW.decision("marburg")
class Marburg(Decision):
    def prompt(self, g, role):
        return ("Marburg Colloquy: commit one of Luther and Melanchthon and one of Zwingli and Oekolampadius; you "
                "make as many reformation attempts (any zone) as their values add up to.")

    def actions(self, g, role):
        s = g.state
        for a, b in marburg_pairs(s):
            total = dbt.value(s, a) + dbt.value(s, b)
            yield act("pair", a, b, label=f"{dbt.label(s, a)} and {dbt.label(s, b)}: {total} attempts")

    def on_pair(self, g, role, a, b):
        s = g.state
        for d in (a, b):
            commit_for_event(g, d, g.local["card"])
        g.goto("attempts", side="reformation", count=dbt.value(s, a) + dbt.value(s, b), zone=None,
               actor="protestant", source="Marburg Colloquy")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #56 Papal Inquisition ------------------------------------------------------------------------------------
@EVENTS.on("56", "prerequisite")
def inquisition_ok(s, power, card):
    return needs_uncommitted(s, "caraffa")


@EVENTS.on("56", "event")
def papal_inquisition(g, power, card):
    commit_for_event(g, "caraffa", card)
    g.call("papal_inquisition")


def zone_protestant_spaces(s: st.State, zone: str) -> list[str]:
    return sorted(sp for sp in s["religion"] if rel.zone_of(sp) == zone)


def inquisition_convert(g: Game) -> None:
    g.call("zone_convert", role="papacy", zone="italian", left=2, why="Papal Inquisition")


def inquisition_target(g: Game) -> None:
    g.call("inquisition_target", role="papacy")


FLOW.procedure("papal_inquisition", inquisition_convert, inquisition_target)


@FLOW.decision("zone_convert")
class ZoneConvert(Decision):
    """An Inquisition: the Papacy turns up to `left` Protestant spaces of `zone` Catholic, one at a time."""

    def active(self, g):
        return super().active(g) if g.local["left"] and zone_protestant_spaces(g.state, g.local["zone"]) else []

    def prompt(self, g, role):
        return (f"{g.local['why']}: make up to {g.local['left']} more Protestant spaces of the "
                f"{rel.zone_name(g.local['zone'])} zone Catholic.")

    def actions(self, g, role):
        for sp in zone_protestant_spaces(g.state, g.local["zone"]):
            yield act("convert", sp, label=f"Make {space_name(sp)} Catholic")
        yield act("stop", label="Convert no more")

    def on_convert(self, g, role, space):
        for line in rel.flip(g.state, space, rel.CATHOLIC):
            g.log(line)
        g.local["left"] -= 1

    def on_stop(self, g, role):
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def random_draw_cards(s: st.State, power: str) -> list[str]:
    """The cards a random draw may take: any but a home card (as for every random draw, papacy.py)."""
    return sorted((c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "home"), key=int)


@FLOW.decision("inquisition_target")
class InquisitionTarget(Decision):
    def prompt(self, g, role):
        return "Papal Inquisition: look at the hand of England or of the Protestant."

    def actions(self, g, role):
        for p in ("england", "protestant"):
            yield act("look", p, label=f"Look at {power_name(p)}'s hand")

    def on_look(self, g, role, power):
        hand = sorted(cards.zone(g.state, cards.hand(power)), key=int)
        g.reveal()
        g.log(f"The Papacy looks at {power_name(power)}'s hand.")
        g.log(f"{power_name(power)}'s hand: " + (", ".join(map(st.card_label, hand)) or "no cards") + ".",
              to=["papacy"])
        g.goto("inquisition_choice", role="papacy", target=power)

    def default(self, g, role):
        return "look:protestant"


@FLOW.decision("inquisition_choice")
class InquisitionChoice(Decision):
    def prompt(self, g, role):
        return ("Papal Inquisition: draw a card at random from that hand, take a card from the discard pile, or "
                "call a debate in any zone with 2 extra dice for your debater.")

    def actions(self, g, role):
        s, target = g.state, g.local["target"]
        if random_draw_cards(s, target):
            yield act("draw", label=f"Draw a card at random from {power_name(target)}'s hand")
        for c in sorted(cards.zone(s, "discard"), key=int):
            yield act("take", c, label=f"Take {st.card_label(c)} from the discard pile", group="Discard pile")
        if callable_zones(s, "papacy"):
            yield act("debate", label="Call a debate in any zone (+2 dice for your debater)")
        yield act("none", label="Do none of these")

    def on_draw(self, g, role):
        s, target = g.state, g.local["target"]
        card = rng.choice(s, random_draw_cards(s, target))
        cards.move(s, card, cards.hand(target), cards.hand("papacy"))
        g.log(f"The Papacy draws a card at random from {power_name(target)}'s hand.")
        g.log(f"You draw {st.card_label(card)}.", to=["papacy"])
        g.log(f"The Papacy takes {st.card_label(card)} from you.", to=[target])
        g.end()

    def on_take(self, g, role, card):
        cards.move(g.state, card, "discard", cards.hand("papacy"))
        g.log(f"The Papacy takes {st.card_label(card)} from the discard pile.")
        g.end()

    def on_debate(self, g, role):
        g.goto("debate_zone", role="papacy", zones=list(ZONES), why="Papal Inquisition", inquisition=True)

    def on_none(self, g, role):
        g.end()

    def default(self, g, role):
        return "none"


# ---- #16 Calvin, #45 Calvin Expelled, #43 Zwingli Dons Armor --------------------------------------------------
def remove_reformer(g: Game, who: str, status: str, why: str) -> None:
    """A reformer and his debater leave: for good (`REMOVED`) or until the next card draw (`EXPELLED`)."""
    s = g.state
    space = s["reformers"].pop(who, None) or s["reformers_away"].pop(who, None)
    if status == dbt.EXPELLED and space:
        s["reformers_away"][who] = space
    else:
        s["reformers_gone"] = sorted({*s.get("reformers_gone", []), who})     # never placed again (8.2)
    if dbt.status(s, who) not in (dbt.BURNED, dbt.DISGRACED, dbt.REMOVED):
        dbt.set_status(s, who, status)
    g.log(f"{why}: {dbt.name(who)} leaves " + ("the game." if status == dbt.REMOVED else
                                                "the map until the next card draw."))


@EVENTS.on("16", "event")
def calvin(g, power, card):
    remove_reformer(g, "luther", dbt.REMOVED, "Luther dies")
    g.state["rulers"]["protestant"] = "calvin"
    g.log("Calvin becomes the Protestant ruler; Here I Stand can no longer be played for Luther.")


@EVENTS.on("45", "event")
def calvin_expelled(g, power, card):
    if "calvin" in g.state["reformers"]:
        remove_reformer(g, "calvin", dbt.EXPELLED, "Calvin Expelled")
    else:
        g.log("Calvin Expelled: Calvin is not on the map; the event has no effect.")


ZURICH_REACH = 3


def near_zurich(s: st.State) -> list[str]:
    """Spaces no more than 3 spaces from Zurich (passes count as connections)."""
    seen, todo = {"zurich": 0}, deque(["zurich"])
    while todo:
        here = todo.popleft()
        for n in load().adjacent(here):
            if n not in seen and seen[here] < ZURICH_REACH:
                seen[n] = seen[here] + 1
                todo.append(n)
    return sorted(seen)


def catholic_units_near_zurich(s: st.State) -> list[tuple[str, str, str]]:
    return [(sp, p, kind) for sp in near_zurich(s) for p, kinds in sorted(s["units"].get(sp, {}).items())
            if rel.unit_faith(s, p) == rel.CATHOLIC for kind in sorted(kinds) if kind in st.LAND_TYPES]


@EVENTS.on("43", "event")
def zwingli_dons_armor(g, power, card):
    if catholic_units_near_zurich(g.state):
        g.call("zwingli_armor", role="protestant")
    else:
        zwingli_leaves(g)


def zwingli_leaves(g: Game) -> None:
    remove_reformer(g, "zwingli", dbt.REMOVED, "Zwingli dons armor")


@FLOW.decision("zwingli_armor")
class ZwingliArmor(Decision):
    def prompt(self, g, role):
        return "Zwingli Dons Armor: destroy one Catholic land unit within 3 spaces of Zurich."

    def actions(self, g, role):
        for sp, p, kind in catholic_units_near_zurich(g.state):
            yield act("kill", sp, p, kind, label=f"A {power_name(p)} {kind} in {space_name(sp)}")

    def on_kill(self, g, role, space, power, kind):
        s = g.state
        st.add_units(s, space, power, kind, -1)
        g.log(f"Zwingli Dons Armor: a {power_name(power)} {kind} in {space_name(space)} is destroyed.")
        zwingli_leaves(g)
        g.goto("sieges_left", queue=[[power, space]])     # 15.3: a besieger lost may leave the rest outnumbered

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: Henry VIII's marriages (rule 21.3) — the marital status track, the pregnancy chart and its VP,
the wives' benefits, Henry's infidelity (a "3"), Cranmer's arrival after Anne Boleyn, the home card #3 Six
Wives of Henry VIII (both uses) and the Papal divorce (9.1 clause 8, in `deals.py`).

State: `henry` = {"status": 0 Catherine of Aragon, 1 divorce asked, 2.. the wives below; "chart": result ->
wife; "strife": a "3" waits for England's next pass; "boleyn_turn": the turn of the Anne Boleyn marriage;
"divorce_turn": the turn the Papacy granted the divorce}.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import load
from .events import EVENTS
from .turn import FLOW, power_name

WIVES = {2: "Anne Boleyn", 3: "Jane Seymour", 4: "Anne of Cleves", 5: "Kathryn Howard", 6: "Katherine Parr"}
STATUS = {0: "married to Catherine of Aragon", 1: "asking for a divorce", **{n: f"married to {w}"
                                                                              for n, w in WIVES.items()}}
RESULTS = {1: "the marriage fails", 2: "the wife is barren", 3: "the wife is executed for infidelity",
           4: "Elizabeth is born", 5: "a sickly Edward is born", 6: "a healthy Edward is born"}
LAST = 6


def edward_born(s: st.State) -> str | None:
    chart = s["henry"]["chart"]
    return "healthy" if "6" in chart else "sickly" if "5" in chart else None


def elizabeth_born(s: st.State) -> bool:
    return "4" in s["henry"]["chart"]


def heirs_vp(s: st.State) -> int:
    """23.2: an Edward is worth 5 VP to England (in place of Elizabeth's 2)."""
    return 5 if edward_born(s) else 2 if elizabeth_born(s) else 0


def marriage_words(view: dict) -> str:
    """The marital status and the pregnancy chart in words (England's power card)."""
    h = view["henry"]
    chart = h.get("chart") or {}
    born = "; ".join(f"{wife}: {RESULTS[int(r)]}" for r, wife in sorted(chart.items())) or "no roll yet"
    heirs = heirs_vp(view)
    return (f"Henry VIII is {STATUS[h['status']]}. Pregnancy chart: {born}."
            + (f" Heirs: {heirs} VP." if heirs else ""))


def marriage_refusal(s: st.State) -> str | None:
    """21.3: why the marital status marker may not move now (None: it may)."""
    if s["rulers"]["england"] != "henry-viii":
        return "Henry VIII no longer rules"
    where = s["leaders"].get("henry-viii", "off")
    if where.startswith("captured:"):
        return "Henry VIII is captured"
    siege = s["sieges"].get(where)
    if siege and siege.get("besieger") != "england":
        return "Henry VIII is besieged"
    if s["henry"]["status"] >= LAST:
        return "Henry VIII is married to Katherine Parr, his last wife"
    if edward_born(s) and elizabeth_born(s):
        return "Edward and Elizabeth are both born"
    return None


def advance(g: Game, why: str) -> None:
    """Move the marker one box; a new wife means a roll on the pregnancy chart and her benefit."""
    s = g.state
    h = s["henry"]
    h["status"] += 1
    if h["status"] == 1:
        g.log(f"{why}: Henry VIII asks the Pope to annul his marriage to Catherine of Aragon.")
        return
    wife = WIVES[h["status"]]
    g.log(f"{why}: Henry VIII marries {wife}.")
    if h["status"] == 2:
        h["boleyn_turn"] = s["turn"]
        g.log("The Catherine of Aragon marker goes to the Hapsburg (its declarations of war on England cost 2 CP "
              "less); next turn the English Reformation begins: Cranmer arrives in London with his debaters and "
              "three English cards join the deck.")
    roll_chart(g, wife, h["status"] == 3)
    if h["status"] == 4 and st.allied(s, "england", "protestant"):
        for power in ("england", "protestant"):
            drawn = cards.draw(g, cards.hand(power), 1)
            g.log(f"Anne of Cleves: {power_name(power)}, allied with "
                  f"{power_name('protestant' if power == 'england' else 'england')}, draws a card.")
            if drawn:
                g.log(f"You draw {st.card_label(drawn[0])}.", to=[power])
    if h["status"] == 5:
        drawn = cards.draw(g, cards.hand("england"), 1)
        g.log("Kathryn Howard: England draws a card.")
        if drawn:
            g.log(f"You draw {st.card_label(drawn[0])}.", to=["england"])


def roll_chart(g: Game, wife: str, seymour: bool) -> None:
    """21.3: 1d6 (+1 for Jane Seymour); a box already taken sends the wife up the chart to the first free one
    (DECISIONS 606: none free above, no child)."""
    s = g.state
    chart = s["henry"]["chart"]
    die = rng.roll(s, 1)[0]
    total = min(die + (1 if seymour else 0), LAST)
    words = f"1d6 = {die}" + (f", +1 Jane Seymour = {total}" if seymour else "")
    box = next((r for r in range(total, LAST + 1) if str(r) not in chart), None)
    if box is None:
        g.log(f"Pregnancy chart for {wife}: {words}; every box from {total} up is taken: no child.")
        return
    chart[str(box)] = wife
    moved = f", moved up to {box} (the box was taken)" if box != total else ""
    g.log(f"Pregnancy chart for {wife}: {words}{moved}: {RESULTS[box]}.")
    if box == 3:
        s["henry"]["strife"] = True
        g.log("The first time England passes later this turn, Henry VIII marries again (21.3).")
    elif box >= 4:
        g.log(f"England now has {heirs_vp(s)} VP for Henry VIII's heirs.")


def strife_on_pass(g: Game) -> None:
    """21.3 result 3: the first pass of England later in the turn advances the marker."""
    h = g.state["henry"]
    if h["strife"]:
        h["strife"] = False
        why = marriage_refusal(g.state)
        if why:
            g.log(f"Henry VIII's infidelity would move his marital status, but {why}.")
        else:
            advance(g, "England passes after Henry VIII's infidelity")


def card_draw(g: Game) -> None:
    """8.2: a "3" waits only until the end of its turn; the turn after Anne Boleyn, Cranmer arrives in London
    (his debaters with him, `debaters.arrivals`) and the late cards join the deck (6.2)."""
    s = g.state
    s["henry"]["strife"] = False
    boleyn = s["henry"]["boleyn_turn"]
    if boleyn is not None and boleyn < s["turn"] and "cranmer" not in s["reformers"] \
            and "cranmer" not in s["reformers_away"] and "cranmer" not in s.get("reformers_gone", []):
        from .religion import place_reformer
        for line in place_reformer(s, "cranmer"):
            g.log(line)
    from .rulers import enter_late_cards
    enter_late_cards(g)


# ---- #3 Six Wives of Henry VIII (21.3) --------------------------------------------------------------------------
WAR_TARGETS = ("france", "hapsburg", "scotland")


def war_targets(s: st.State) -> list[str]:
    from .diplomacy import dow_refusal
    return [t for t in WAR_TARGETS if dow_refusal(s, "england", t, []) is None]


def marriage_offered(s: st.State) -> str | None:
    if s["turn"] < 2:
        return "Henry VIII's marriages start on turn 2"
    return marriage_refusal(s)


@EVENTS.on("3", "prerequisite")
def six_wives_ok(s, power, card):
    if s["phase"] != "action":
        return "it is played in the Action phase"
    why = marriage_offered(s)
    if why and not war_targets(s):
        return f"no declaration of war is open and {why}"
    return None


@EVENTS.on("3", "event")
def six_wives(g, power, card):
    g.call("six_wives", role="england")


@FLOW.decision("six_wives")
class SixWives(Decision):
    def prompt(self, g, role):
        return "Six Wives of Henry VIII: declare war (then 5 CP) or move Henry VIII's marital status."

    def actions(self, g, role):
        s = g.state
        for target in war_targets(s):
            yield act("war", target, label=f"Declare war on {power_name(target)} at no cost, then spend 5 CP",
                      group="Declare war")
        if marriage_offered(s) is None:
            status = s["henry"]["status"]
            step = "ask the Pope for a divorce" if status == 0 else \
                f"marry {WIVES[status + 1]} and roll on the pregnancy chart"
            yield act("marry", label=f"Henry VIII's marital status: {step} (no CP)", group="Marriage")

    def on_war(self, g, role, target):
        s = g.state
        s["wars"] = sorted(s["wars"] + [st.pair("england", target)])
        s["impulse"]["cp"] = 5
        g.log(f"Six Wives of Henry VIII: England declares war on {power_name(target)}.")
        if target == "scotland" and not st.allied(s, "france", "england") \
                and st.pair("england", "france") not in s["peace_this_turn"]:
            g.goto("scotland_defended", role="france")
        else:
            g.goto("sea_clashes", power="england", enemies=[target], activate=None)

    def on_marry(self, g, role):
        advance(g, "Six Wives of Henry VIII")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


@FLOW.decision("scotland_defended")
class ScotlandDefended(Decision):
    """21.3: France may defend Scotland against Six Wives' declaration without paying a card."""

    def prompt(self, g, role):
        return "England declares war on Scotland: France may defend it at no cost (war with England; Scotland " \
               "becomes France's ally)."

    def actions(self, g, role):
        yield act("defend", label="Defend Scotland: go to war with England, Scotland becomes your ally")
        yield act("decline", label="Leave Scotland alone")

    def on_defend(self, g, role):
        s = g.state
        if not st.at_war(s, "england", "france"):
            s["wars"] = sorted(s["wars"] + [st.pair("england", "france")])
        g.log("France defends Scotland: France and England are at war.")
        g.goto("sea_clashes", power="england", enemies=["scotland", "france"], activate=["scotland", "france"])

    def on_decline(self, g, role):
        g.log("France leaves Scotland alone.")
        g.goto("sea_clashes", power="england", enemies=["scotland"], activate=None)

    def default(self, g, role):
        return "decline"


# ---- 9.1 clause 8: the Papal divorce -----------------------------------------------------------------------
def divorce_refusal(s: st.State, a: str, b: str) -> str | None:
    if {a, b} != {"papacy", "england"}:
        return "only the Papacy grants Henry VIII's divorce, to England"
    if s["henry"]["status"] != 1:
        return "Henry VIII is not asking for a divorce"
    if st.allied(s, "papacy", "hapsburg"):
        return "the Papacy is allied with the Hapsburg this turn"
    return marriage_refusal(s)


def grant_divorce(g: Game) -> None:
    g.state["henry"]["divorce_turn"] = g.state["turn"]
    advance(g, "The Papacy grants Henry VIII's divorce")

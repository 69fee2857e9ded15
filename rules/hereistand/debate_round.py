"""Here I Stand: one round of a theological debate and its outcome (rule 18.5 steps 4–9).

    debate_round › (round 2: Bullinger?, new debaters) › (German zone: Here I Stand?) › dice › outcome
    debate_flips: the winner flips its spaces one at a time
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import debaters as dbt
from . import religion as rel
from . import state as st
from .data import load
from .debate import HERE_I_STAND, other, zone_name
from .turn import FLOW, power_name, religious_victory

AUGSBURG = rel.AUGSBURG
BURNED_REFORMERS = ("luther", "zwingli", "calvin", "cranmer")      # 18.5 step 8: their reformer leaves too


# ---- round 2's debaters (18.5 step 7 ①) --------------------------------------------------------------------
def offer_bullinger(g: Game) -> None:
    """Round 2: before the draw, the Protestant may bring in uncommitted Bullinger (any zone)."""
    s, local = g.state, g.local
    if local["round"] == 2 and local["barred"] != "bullinger" and dbt.status(s, "bullinger") == dbt.UNCOMMITTED:
        g.call("bullinger", role="protestant")


def draw_round_two(g: Game) -> None:
    """Round 2: each side draws an uncommitted debater (the Protestant of the zone), else a committed one."""
    s, local = g.state, g.local
    answer, g.frame["ret"] = g.returned, None
    if local["round"] != 2:
        return
    picked = {}
    for side in ("papacy", "protestant"):
        if side == "protestant" and answer == "bullinger":
            picked[side] = "bullinger"
            g.log(f"Bullinger's ability: {dbt.label(s, 'bullinger')} debates in round 2.")
            continue
        pool = [d for d in dbt.uncommitted(s, side, local["zone"]) if d != local["barred"]] or \
            [d for d in dbt.committed(s, side, local["zone"]) if d != local["barred"]] or \
            dbt.of_side(s, side, local["zone"])
        picked[side] = rng.choice(s, sorted(pool))
        g.log(f"Round 2: {power_name(side)} draws {dbt.label(s, picked[side])} "
              f"({dbt.STATUS_WORDS[dbt.status(s, picked[side])]}).")
    local["attacker"], local["defender"] = picked[local["caller"]], picked[other(local["caller"])]


def protestant_debater(local: dict) -> str:
    return local["attacker"] if local["caller"] == "protestant" else local["defender"]


def offer_here_i_stand(g: Game) -> None:
    """18.5 steps 2–3 exception, step 7 ①: in a German debate the Protestant may play Here I Stand to debate
    with Luther (even committed, barred or excommunicated)."""
    s, local = g.state, g.local
    if local["zone"] == "german" and protestant_debater(local) != "luther" \
            and HERE_I_STAND in cards.zone(s, cards.hand("protestant")) and not cards.modifiers(s, "wartburg") \
            and dbt.status(s, "luther") in (dbt.UNCOMMITTED, dbt.COMMITTED, dbt.EXCOMMUNICATED):
        g.call("here_i_stand", role="protestant", replaced=protestant_debater(local))


def luther_steps_in(g: Game) -> None:
    s, local = g.state, g.local
    answer, g.frame["ret"] = g.returned, None
    if answer != "luther":
        return
    replaced = protestant_debater(local)
    local["luther_for"] = replaced
    key = "attacker" if local["caller"] == "protestant" else "defender"
    local[key] = "luther"
    cards.move(s, HERE_I_STAND, cards.hand("protestant"), st.home_used("protestant"))
    g.log(f"The Protestant plays #7 Here I Stand: Martin Luther debates instead of {dbt.name(replaced)}, who "
          "is committed all the same, and the Protestant draws a card.")
    drawn = cards.draw(g, cards.hand("protestant"), 1)
    if drawn:
        g.log(f"You draw {st.card_label(drawn[0])}.", to=["protestant"])


# ---- the dice (18.5 steps 4–6) --------------------------------------------------------------------------------
def debate_dice(s: st.State, local: dict, debater: str, attacking: bool) -> tuple[int, list[str]]:
    """Dice for one debater with each part named: value (doubled for the Papacy in English debates under
    Mary I), +3 attacking, +2 / +1 defending uncommitted / committed, Eck's and Gardiner's +1 as attackers,
    Papal Inquisition +2, Augsburg Confession −1 for the Papacy's debater in a debate it called."""
    value, papal = dbt.value(s, debater), dbt.side_of(s, debater) == "papacy"
    if papal and local["zone"] == "english" and s["rulers"]["england"] == "mary-i":
        parts, count = [f"value {value} doubled under Mary I"], 2 * value
    else:
        parts, count = [f"value {value}"], value
    if attacking:
        parts.append("attacking +3")
        count += 3
    elif dbt.status(s, debater) == dbt.UNCOMMITTED:
        parts.append("uncommitted defender +2")
        count += 2
    else:
        parts.append("committed defender +1")
        count += 1
    if attacking and (debater == "eck" or (debater == "gardiner" and local["zone"] == "english")):
        parts.append(f"{dbt.surname(debater)}'s ability +1")
        count += 1
    if papal and local.get("inquisition"):
        parts.append("Papal Inquisition +2")
        count += 2
    if papal and local["caller"] == "papacy" and cards.modifiers(s, AUGSBURG):
        parts.append("Augsburg Confession −1")
        count -= 1
    return max(1, count), parts


def roll_debate(g: Game) -> None:
    s, local = g.state, g.local
    hits = []
    g.log(f"Round {local['round']} in the {zone_name(local['zone'])}: {dbt.label(s, local['attacker'])} "
          f"attacks, {dbt.label(s, local['defender'])} defends.")
    for debater, attacking in ((local["attacker"], True), (local["defender"], False)):
        count, parts = debate_dice(s, local, debater, attacking)
        rolled = rng.roll(s, count)
        scored = sum(1 for d in rolled if d >= 5)
        hits.append(scored)
        g.log(f"{dbt.name(debater)} rolls {plural(count, 'die', 'dice')} ({', '.join(parts)}): "
              f"{', '.join(map(str, rolled))} — {plural(scored, 'hit')} (5 or 6 hits).")
    local["hits"] = hits
    for debater in (local["attacker"], local["defender"], local["luther_for"]):   # step 6
        if debater:
            dbt.commit(s, debater)


# ---- the outcome (18.5 steps 7–9) -----------------------------------------------------------------------------
def settle(g: Game) -> None:
    s, local = g.state, g.local
    a_hits, d_hits = local["hits"]
    if a_hits == d_hits:
        if local["round"] == 1:
            g.log("Equal hits: a second round with new debaters.")
            g.goto("debate_round", **{**local, "round": 2, "attacker": None, "defender": None,
                                      "luther_for": None, "hits": None})
        else:
            g.log("Equal hits again: the debate ends with no result.")
        return
    winner_debater = local["attacker"] if a_hits > d_hits else local["defender"]
    winner, diff = dbt.side_of(s, winner_debater), abs(a_hits - d_hits)
    papal = local["attacker"] if local["caller"] == "papacy" else local["defender"]
    protestant = protestant_debater(local)
    g.log(f"{power_name(winner)} wins the debate by {plural(diff, 'hit')}.")
    if winner == "protestant" and papal == "campeggio":
        die = rng.roll(s, 1)[0]
        if die >= 5:
            g.log(f"Campeggio's ability: he rolls {die} — the result is ignored.")
            return
        g.log(f"Campeggio's ability: he rolls {die} — the result stands (5 or 6 needed).")
    loser_debater, loser_value = (protestant, dbt.value(s, protestant)) if winner == "papacy" else \
        (papal, dbt.value(s, papal))
    if diff > loser_value:
        burn_or_disgrace(g, loser_debater)
    else:
        fate = "burned" if winner == "papacy" else "disgraced"
        g.log(f"{dbt.name(loser_debater)} is not {fate} ({diff} is not more than his value {loser_value}).")
    flips = diff
    if papal == "aleander":
        flips += 1
        g.log("Aleander's ability: the winner flips one more space.")
    g.goto("debate_flips", role=winner, zone=local["zone"], left=flips)


def burn_or_disgrace(g: Game, debater: str) -> None:
    """18.5 steps 8–9: the loser goes to the winner's bonus-VP box for its value (debaters.debate_vp)."""
    s = g.state
    if dbt.side_of(s, debater) == "protestant":
        dbt.set_status(s, debater, dbt.BURNED)
        g.log(f"{dbt.name(debater)} is burned at the stake: the Papacy gains {dbt.value(s, debater)} VP.")
        if debater in BURNED_REFORMERS and debater in s["reformers"]:
            del s["reformers"][debater]
            g.log(f"The reformer {dbt.name(debater)} is removed from the map.")
        s["reformers_away"].pop(debater, None)            # an excommunicated Luther brought in by Here I Stand
        if debater in BURNED_REFORMERS:
            s["reformers_gone"] = sorted({*s.get("reformers_gone", []), debater})   # never placed again
    else:
        dbt.set_status(s, debater, dbt.DISGRACED)
        g.log(f"{dbt.name(debater)} is disgraced: the Protestant gains {dbt.value(s, debater)} VP.")


FLOW.procedure("debate_round", offer_bullinger, draw_round_two, offer_here_i_stand, luther_steps_in,
               roll_debate, settle)


@FLOW.decision("bullinger")
class Bullinger(Decision):
    def prompt(self, g, role):
        return ("Round 2 of the debate: use Bullinger's ability to debate with him (value 2, uncommitted), or "
                "draw your debater at random?")

    def actions(self, g, role):
        yield act("use", label="Debate with Bullinger")
        yield act("draw", label="Draw at random")

    def on_use(self, g, role):
        g.end("bullinger")

    def on_draw(self, g, role):
        g.end("draw")

    def default(self, g, role):
        return "draw"


@FLOW.decision("here_i_stand")
class HereIStandChoice(Decision):
    def prompt(self, g, role):
        s = g.state
        return (f"German debate: {dbt.label(s, g.local['replaced'])} is to debate. Play #7 Here I Stand to debate "
                f"with Martin Luther instead ({dbt.STATUS_WORDS[dbt.status(s, 'luther')]}; you draw a card and "
                f"{dbt.name(g.local['replaced'])} is committed)?")

    def actions(self, g, role):
        yield act("play", label="Play Here I Stand: Luther debates")
        yield act("keep", label=f"Keep the card: {dbt.name(g.local['replaced'])} debates")

    def on_play(self, g, role):
        g.end("luther")

    def on_keep(self, g, role):
        g.end("keep")

    def default(self, g, role):
        return "keep"


# ---- flipping the spaces (18.5 step 7 ③) ----------------------------------------------------------------------
def flip_targets(s: st.State, winner: str, zone: str) -> list[str]:
    """Spaces the winner may flip: legal targets of its attempts (18.3 / 18.4 step 1) in the debate zone; only
    when every space of that zone already has the winner's religion, targets in other zones (DECISIONS 553).
    A debate flip is no attempt: spaces targeted this impulse may be flipped."""
    targeted, s["targeted"] = s.get("targeted", []), []
    try:
        side = "reformation" if winner == "protestant" else "counter"
        every = rel.targets(s, side)
        if zone is None:                                     # the Council of Trent: any zone
            return every
        in_zone = [sp for sp in every if rel.zone_of(sp) == zone]
        zone_done = all((sp in s["religion"]) == (winner == "protestant")
                        for sp in load().spaces if rel.zone_of(sp) == zone and s["control"].get(sp) is not None
                        and load().space(sp).faith == rel.CATHOLIC)
        return in_zone if in_zone or not zone_done else every
    finally:
        s["targeted"] = targeted


@FLOW.decision("debate_flips")
class DebateFlips(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and flip_targets(g.state, g.local["role"],
                                                                         g.local["zone"]) else []

    def proceed(self, g):
        if g.local["left"] > 0:
            g.log(f"No space is left for {power_name(g.local['role'])} to flip: "
                  f"{plural(g.local['left'], 'flip')} lost.")
        g.end()

    def prompt(self, g, role):
        faith = "Protestant" if role == "protestant" else "Catholic"
        where = f", {zone_name(g.local['zone'])} first" if g.local["zone"] else ", any zone"
        return f"You won: choose a space to make {faith} ({plural(g.local['left'], 'space')} to flip{where})."

    def actions(self, g, role):
        for sp in flip_targets(g.state, role, g.local["zone"]):
            yield act("flip", sp, label=f"Flip {rel.space_name(sp)}", group=f"{rel.zone_name(rel.zone_of(sp))} "
                      "zone" if rel.zone_of(sp) else "Other spaces")

    def on_flip(self, g, role, space):
        for line in rel.flip(g.state, space, rel.PROTESTANT if role == "protestant" else rel.CATHOLIC):
            g.log(line)
        g.local["left"] -= 1
        religious_victory(g, at_once=True)                   # 23.1: checked at once

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: series of reformation and counter-reformation attempts (18.3, 18.4) and turn 1's religious
phases — Luther's 95 Theses (phase 1) and the Diet of Worms (phase 4, 18.1).

    attempts › religious_zone (when the zone is the player's) › attempt_target (each attempt)
    theses › attempts          diet_of_worms › worms_cards (secret, three powers) › worms_flip

A series is called with its local: `side` ("reformation" / "counter"), `count`, `zone` (a zone, None for
every zone, or "choose"), `actor` (who picks the targets: the Protestant, England for its treatise, the
Papacy), `source` (its name for the log), `bonus` ([name, dice]), `die_plus` (name of a +1-per-die
source), `only` (the spaces it may target), `carlstadt`, `tetzel`.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.choices import SecretChoice
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import religion as rl
from . import state as st
from .data import load
from .turn import FLOW, THESES, power_name, religious_victory


# ---- a series of attempts ----------------------------------------------------------------------------------
def attempt_of(local: dict) -> rl.Attempt:
    return rl.Attempt(local["side"], local.get("zone"), bonus=[tuple(b) for b in local.get("bonus", [])],
                      die_plus=local.get("die_plus"), carlstadt=local.get("carlstadt", False),
                      tetzel=local.get("tetzel", False))


def series_targets(s: st.State, local: dict) -> list[str]:
    return rl.targets(s, local["side"], tuple(local.get("only", ())))


def begin_series(g: Game) -> None:
    loc = g.local
    loc.setdefault("done", 0)
    what = "reformation" if loc["side"] == "reformation" else "counter-reformation"
    where = "" if loc.get("zone") == "choose" else f" in {zone_words(loc.get('zone'))}"
    g.log(f"{loc['source']}: {plural(loc['count'], what + ' attempt')}{where}.")
    if loc.get("zone") == "choose":
        g.call("religious_zone", role=loc["actor"], zones=loc.get("zones", list(rl.ZONES)))


def zone_words(zone: str | None) -> str:
    return "any zone" if zone is None else f"the {rl.zone_name(zone)} zone"


def take_zone(g: Game) -> None:
    loc = g.local
    if loc.get("zone") == "choose":
        loc["zone"] = g.returned
        g.frame["ret"] = None
        g.log(f"{power_name(loc['actor'])} chooses {zone_words(loc['zone'])}.")


def next_attempt(g: Game) -> None:
    """One attempt at a time until the series is spent, stopped, or has no target left."""
    loc = g.local
    answer, g.frame["ret"] = g.returned, None
    if answer == "stop":
        return
    if answer == "attempted":
        loc["done"] += 1
    if g.state.get("pending_result") or g.state.get("result"):
        return
    left = loc["count"] - loc["done"]
    if left <= 0:
        return
    if not series_targets(g.state, loc):
        g.log(f"No space may be targeted: {plural(left, 'attempt')} of {loc['source']} "
              f"{'is' if left == 1 else 'are'} lost.")
        return
    g.again()
    g.call("attempt_target", role=loc["actor"], series=dict(loc))


FLOW.procedure("attempts", begin_series, take_zone, next_attempt)


@FLOW.decision("religious_zone")
class ReligiousZone(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: choose the language zone of these attempts (ties and bonuses count there)."

    def actions(self, g, role):
        for zone in g.local["zones"]:
            yield act("zone", zone, label=f"The {rl.zone_name(zone)} zone")

    def on_zone(self, g, role, zone):
        g.end(zone)


def target_label(s: st.State, attempt: rl.Attempt, space: str) -> str:
    mine, theirs = rl.dice_for(s, attempt, space)
    n, m = sum(x for _, x in mine), sum(x for _, x in theirs)
    zone = rl.zone_of(space)
    where = f"{rl.zone_name(zone)} zone" if zone else "no language zone"
    if attempt.side == "reformation":
        edge = "ties and 6s win" if rl.in_zone(attempt, space) else "ties lose"
    else:
        edge = "ties and 6s win" if rl.in_zone(attempt, space) and rl.papal_wins_ties(s) else "ties lose"
    plus = ", +1 on each die" if attempt.die_plus and rl.in_zone(attempt, space) else ""
    return f"{rl.space_name(space)} ({where}): {n} {'die' if n == 1 else 'dice'}{plus} against {m}; {edge}"


def target_refusal(s: st.State, action_id: str, decision: str | None) -> str | None:
    """Why `target:<space>` is refused in an attempt (the specific reason of 18.3 / 18.4 step 1)."""
    verb, _, space = action_id.partition(":")
    if decision != "attempt_target" or verb != "target":
        return None
    if space not in load().spaces:
        return f"There is no space '{space}'."
    ser = s["flow"][-1]["local"]["series"]
    if ser["side"] == "reformation":
        why = rl.reformation_target_refusal(s, space, tuple(ser.get("only", ())))
    else:
        why = rl.counter_target_refusal(s, space)
    return f"Not a legal target: {why}." if why else None


@FLOW.decision("attempt_target")
class AttemptTarget(Decision):
    """18.3 / 18.4 step 1: the actor picks the target of the next attempt (each space once per impulse);
    the dice each side would roll are shown with the choice."""

    def prompt(self, g, role):
        ser = g.local["series"]
        left = ser["count"] - ser["done"]
        what = "reformation" if ser["side"] == "reformation" else "counter-reformation"
        return (f"{power_name(role)}: {ser['source']} — choose the target of the next {what} attempt "
                f"({plural(left, 'attempt')} left, {zone_words(ser.get('zone'))}).")

    def actions(self, g, role):
        ser = g.local["series"]
        attempt = attempt_of(ser)
        for space in series_targets(g.state, ser):
            zone = rl.zone_of(space)
            yield act("target", space, label=target_label(g.state, attempt, space),
                      group=f"{rl.zone_name(zone)} zone" if zone else "Outside the language zones")
        yield act("stop", label=f"Make no more attempts ({ser['count'] - ser['done']} left are lost)")

    def on_target(self, g, role, space):
        s, ser = g.state, g.local["series"]
        _, lines = rl.resolve(s, attempt_of(ser), space)
        for line in lines:
            g.log(line)
        religious_victory(g, at_once=True)
        g.end("attempted")

    def on_stop(self, g, role):
        g.log(f"{power_name(role)} makes no more attempts.")
        g.end("stop")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- phase 1: Luther's 95 Theses (18.1) -------------------------------------------------------------------
def post_theses(g: Game) -> None:
    s = g.state
    s["phase"] = "Luther's 95 Theses"
    g.log("Turn 1: Luther's 95 Theses.", kind="heading")
    if str(THESES) in cards.zone(s, "aside"):
        cards.move(s, str(THESES), "aside", "removed")          # 18.1: removed after its event, no CP
    s["reformers"]["luther"] = "wittenberg"
    g.log("The Protestant plays #8 Luther's 95 Theses: Martin Luther is placed in Wittenberg.")
    s["targeted"] = []
    if rl.is_catholic(s, "wittenberg"):
        for line in rl.flip(s, "wittenberg", rl.PROTESTANT):
            g.log(line)
    g.call("attempts", side="reformation", count=5, zone="german", actor="protestant",
           source="Luther's 95 Theses", bonus=[["95 Theses", 1]])


def end_theses(g: Game) -> None:
    g.state["targeted"] = []


FLOW.procedure("theses", post_theses, end_theses)


# ---- phase 4: the Diet of Worms (18.1) --------------------------------------------------------------------
DIET = ("protestant", "papacy", "hapsburg")


def diet_cards(s: st.State, power: str) -> list[str]:
    """Any card but a mandatory event (home cards allowed)."""
    return [c for c in sorted(cards.zone(s, cards.hand(power)), key=int) if load().card(int(c)).type != "mandatory"]


def open_diet(g: Game) -> None:
    g.state["phase"] = "Diet of Worms"
    g.log("Turn 1: the Diet of Worms.", kind="heading")
    g.call("worms_cards", roles=list(DIET))


@FLOW.decision("worms_cards")
class WormsCards(SecretChoice):
    text = ("The Diet of Worms: choose one card, face down, to commit (its CP give the dice: the Protestant "
            "rolls CP + 4, the Papacy and the Hapsburg CP each, hits on 5–6). Mandatory events may not be chosen.")

    def options(self, g, role, picks):
        held = diet_cards(g.state, role)
        for c in held:
            yield act("card", c, label=st.card_label(c))
        if not held:                      # only mandatory events in hand: the power commits nothing (0 CP)
            yield act("none", label="Commit no card (you hold none you may commit)")

    def label(self, g, role, pick):
        return st.card_label(pick.partition(":")[2]) if pick.startswith("card:") else "no card"

    def protects_secret(self, g, role):
        # with two cards or more, whether all but one are mandatory events is the hand's secret (VIEW.md)
        return len(cards.zone(g.state, cards.hand(role))) >= 2


def worms_dice(g: Game) -> None:
    s = g.state
    chosen = {p: (a or "").partition(":")[2] for p, a in (g.returned or {}).items() if a and a.startswith("card:")}
    g.frame["ret"] = None
    hits: dict[str, int] = {}
    for power in DIET:
        card = chosen.get(power)
        cp = (load().card(int(card)).cp or 0) if card else 0
        if card:
            from .actions import spend_card
            spend_card(g, power, card)
        count = cp + 4 if power == "protestant" else cp
        rolled = rng.roll(s, count) if count else []
        hits[power] = sum(1 for d in rolled if d >= 5)
        why = f"{cp} CP + 4" if power == "protestant" else f"{cp} CP"
        g.log(f"The {power_name(power)} rolls {plural(count, 'die')} ({why}): "
              f"{', '.join(map(str, rolled)) or 'none'} — {plural(hits[power], 'hit')}.")
    protestant, catholic = hits["protestant"], hits["papacy"] + hits["hapsburg"]
    g.log(f"The Diet of Worms: {plural(protestant, 'Protestant hit')} against {plural(catholic, 'Catholic hit')}.")
    if protestant == catholic:
        g.log("A tie: the Diet reaches no agreement.")
    elif protestant > catholic:
        g.call("worms_flip", role="protestant", religion=rl.PROTESTANT, left=protestant - catholic)
    else:
        g.call("worms_flip", role="papacy", religion=rl.CATHOLIC, left=catholic - protestant)


FLOW.procedure("diet_of_worms", open_diet, worms_dice)


def worms_targets(s: st.State, religion: str) -> list[str]:
    """18.1 steps 5–6: German-zone spaces of the other religion adjacent to one of the winner's (spaces
    flipped in this step count; passes allowed, as for attempts — DECISIONS.md 504)."""
    data = load()
    if religion == rl.PROTESTANT:
        return [sp for sp in data.spaces if rl.zone_of(sp) == "german" and rl.is_catholic(s, sp)
                and any(rl.is_protestant(s, n) for n in data.adjacent(sp))]
    return [sp for sp in data.spaces if rl.zone_of(sp) == "german" and rl.is_protestant(s, sp)
            and any(rl.is_catholic(s, n) for n in data.adjacent(sp))]


@FLOW.decision("worms_flip")
class WormsFlip(Decision):
    def active(self, g):
        loc = g.local
        if loc["left"] <= 0 or not worms_targets(g.state, loc["religion"]) or g.state.get("pending_result"):
            return []
        return super().active(g)

    def proceed(self, g):
        if g.local["left"] > 0 and not g.state.get("pending_result"):
            g.log(f"No more German space may be flipped: {plural(g.local['left'], 'flip')} lost.")
        g.end()

    def prompt(self, g, role):
        faith = "Protestant" if g.local["religion"] == rl.PROTESTANT else "Catholic"
        return (f"{power_name(role)}: the Diet of Worms — choose a German-zone space to turn {faith} "
                f"({plural(g.local['left'], 'space')} left; each must be adjacent to a {faith} space).")

    def actions(self, g, role):
        for sp in worms_targets(g.state, g.local["religion"]):
            yield act("flip", sp, label=rl.space_name(sp))

    def on_flip(self, g, role, space):
        for line in rl.flip(g.state, space, g.local["religion"]):
            g.log(line)
        g.local["left"] -= 1
        religious_victory(g, at_once=True)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

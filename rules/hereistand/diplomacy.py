"""Here I Stand: the Diplomacy phase (rule 9) — the negotiation segment's binding deals as Proposals
(9.1: announced in impulse order, accepted or refused by the powers named), and declarations of war (9.6:
declared in impulse order, then paid with cards). Turn 1 is England's offers only (rule 7).

Binding deal clauses built so far: ending a war (9.1 clause 1) and a one-turn alliance (9.1 clause 2, 9.2).
"""

from __future__ import annotations

from rules.core import cards
from rules.core.choices import Proposal
from rules.core.flow import Decision, Game, act

from . import deals, peace
from . import state as st
from .actions import spend_card
from .data import MAJORS, MINORS, load
from .turn import FLOW, power_name


def begin_diplomacy(g: Game) -> None:
    g.state["phase"] = "diplomacy"
    g.log(f"Turn {g.state['turn']}: Diplomacy phase.", kind="heading")
    g.local.update(next=0)


def negotiation(g: Game) -> None:
    """9.1: each power in impulse order announces its deals (turn 1: England offers the Hapsburg, then
    France, one offer each, rule 7)."""
    answer, g.frame["ret"] = g.returned, None
    turn_one = g.state["turn"] == 1
    order = [("england", "hapsburg"), ("england", "france")] if turn_one else [(p, None) for p in MAJORS]
    if answer == "done":
        g.local["next"] += 1
    if g.local["next"] >= len(order):
        return
    power, only = order[g.local["next"]]
    g.again()
    g.call("announce", role=power, only=only)


def schmalkaldic(s: st.State, a: str, b: str) -> bool:
    """9.1 clause 1 / 9.3: the League's wars (Protestant against Hapsburg or Papacy) never end."""
    return "protestant" in (a, b) and {a, b} & {"hapsburg", "papacy"} != set()


def may_ally(s: st.State, a: str, b: str) -> str | None:
    """9.2: why `a` and `b` may not ally (None when they may)."""
    if st.at_war(s, a, b):
        return "they are at war"
    if {a, b} == {"papacy", "ottoman"}:
        return "the Papacy and the Ottoman never ally"
    if st.pair(a, b) in s["alliances"]:
        return "they are already allied"
    return None


@FLOW.decision("announce")
class Announce(Decision):
    def prompt(self, g, role):
        only = g.local.get("only")
        if only:
            return f"England offers {power_name(only)} terms it will accept (rule 7), or makes no offer."
        return f"{power_name(role)}: announce a binding deal, or announce nothing more."

    def actions(self, g, role):
        s, only = g.state, g.local.get("only")
        for other in ([only] if only else MAJORS):
            if other == role or any(o[:2] == [role, other] for o in s["offers"]):
                continue   # one announcement per partner each phase (DECISIONS.md, 9.1)
            if may_ally(s, role, other) is None:
                yield act("ally", other, label=f"Propose an alliance with {power_name(other)}", group="Alliance")
            if st.at_war(s, role, other) and not schmalkaldic(s, role, other):
                yield act("peace", other, label=f"Propose to end the war with {power_name(other)}", group="Peace")
            yield act("deal", other, label=f"Compose a deal with {power_name(other)}", group="Deals")
        yield act("done", label="Make no offer" if only else "Announce nothing more")

    def on_ally(self, g, role, other):
        g.log(f"{power_name(role)} proposes an alliance to {power_name(other)}.")
        g.goto("deal", proposer=role, other=other, clause="alliance", then="done" if g.local.get("only") else None)

    def on_peace(self, g, role, other):
        g.log(f"{power_name(role)} proposes to {power_name(other)} to end their war.")
        g.goto("deal", proposer=role, other=other, clause="peace", then="done" if g.local.get("only") else None)

    def on_deal(self, g, role, other):                 # announced (`offers`) only when its terms are (ask)
        g.state["deal"] = {"proposer": role, "partner": other, "clauses": []}
        g.goto("compose", role=role, then="done" if g.local.get("only") else None)

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"


def ask(g: Game) -> None:
    offer = [g.local["proposer"], g.local["other"], g.local["clause"]]
    if offer not in g.state["offers"]:
        g.state["offers"].append(offer)
    g.call("proposal", roles=[g.local["other"]], proposer=g.local["proposer"], clause=g.local["clause"])


def settle(g: Game) -> None:
    """9.1 steps 4–5: one refusal voids the deal; accepted, it takes effect at once."""
    s, a, b = g.state, g.local["proposer"], g.local["other"]
    if g.returned.get(b) != "accept":
        g.log(f"{power_name(b)} refuses: the deal is void.")
    elif g.local["clause"] == "deal":
        after = deals.carry_out(g)
        if any(after.values()):
            g.call("deal_aftermath", **after)
            return
    elif g.local["clause"] == "alliance":
        s["alliances"] = sorted(s["alliances"] + [st.pair(a, b)])
        s["allied_this_turn"].append(st.pair(a, b))
        g.log(f"{power_name(a)} and {power_name(b)} are allied for this turn.")
    else:
        s["wars"] = [w for w in s["wars"] if w != st.pair(a, b)]
        s["peace_this_turn"].append(st.pair(a, b))
        g.log(f"{power_name(a)} and {power_name(b)} make peace.")
        from .peace import lift_on_peace
        lift_on_peace(g, a, b)


def close_deal(g: Game) -> None:
    g.state["deal"] = None
    g.end(g.local["then"])


FLOW.procedure("deal", ask, settle, close_deal)


@FLOW.decision("proposal")
class Deal(Proposal):
    def prompt(self, g, role):
        what = {"alliance": "a one-turn alliance", "peace": "an end to your war"}.get(g.local["clause"])
        if what is None:
            what = "a deal: " + "; ".join(deals.describe(c) for c in g.state["deal"]["clauses"])
        prompt = super().prompt(g, role)
        if prompt.committed:
            return prompt
        return type(prompt)(f"{power_name(g.local['proposer'])} proposes {what}: accept or refuse.", prompt.kind)


# ---- 9.6 declarations of war -----------------------------------------------------------------------------
PROTECTORS = {"scotland": "france", "venice": "papacy"}     # 9.6 steps 4–5: who may intervene (2 CP)
INTERVENTION_CP = 2


def dow_price(power: str, target: str, s: st.State | None = None) -> int | None:
    """9.6: a major power's price from the Diplomatic Status display; a minor power always 1 CP (the display
    still says which declarations are forbidden outright). 21.3: the Hapsburg holding the Catherine of
    Aragon marker (Henry VIII married Anne Boleyn) pays 2 CP less against England."""
    cost = load().dow_cost(power, target)
    if cost is not None and s is not None and (power, target) == ("hapsburg", "england") \
            and s["henry"]["boleyn_turn"] is not None:
        cost = max(cost - 2, 0)
    return None if cost is None else (1 if target in MINORS else cost)


def dow_refusal(s: st.State, power: str, target: str, declared: list[str]) -> str | None:
    """Why `power` may not declare war on `target` now (9.6 and its Diplomacy-phase restrictions), or None."""
    if target == "hungary" or dow_price(power, target) is None:
        return "the Diplomatic Status display forbids it"
    if st.at_war(s, power, target) or target in declared:
        return "already at war"
    if target in MINORS and s["minor_allies"].get(target):
        return "it is allied to a major power: declare war on that power instead"
    if st.pair(power, target) in s["alliances"] or st.pair(power, target) in s["allied_this_turn"]:
        return "they are allies this turn"
    if st.pair(power, target) in s["peace_this_turn"]:
        return "they made peace this phase"
    if "protestant" in (power, target) and not s["league_formed"]:
        return "no war involves the Protestant before the Schmalkaldic League"
    protector = PROTECTORS.get(target)
    if protector and (st.pair(power, protector) in s["allied_this_turn"] + s["alliances"]
                      or st.pair(power, protector) in s["peace_this_turn"]):
        return f"allied with, or at peace this phase with, {power_name(protector)}"
    return None


def payable_cp(s: st.State, power: str) -> int:
    """9.6 step 3: mandatory events never pay for a declaration."""
    data = load()
    return sum(data.card(int(c)).cp or 0 for c in cards.zone(s, cards.hand(power))
               if data.card(int(c)).type != "mandatory")


def declarations(g: Game) -> None:
    """9.6 step 1: each power in impulse order declares (or passes); step 2 follows once all have."""
    if g.state["turn"] == 1:
        return
    g.local.setdefault("declared", {p: [] for p in MAJORS})
    answer, g.frame["ret"] = g.returned, None
    if isinstance(answer, list):
        g.local["declared"][MAJORS[g.local["dow_next"] - 1]] = answer
    step = g.local.setdefault("dow_next", 0)
    if step >= len(MAJORS):
        return
    g.local["dow_next"] += 1
    g.again()
    g.call("declare", role=MAJORS[step], declared=[])


def interventions(g: Game) -> None:
    """9.6 steps 4–5: France may defend an attacked Scotland, the Papacy an attacked Venice, for 2 CP."""
    if g.state["turn"] == 1:
        return
    g.local.setdefault("interventions", {})
    answer, g.frame["ret"] = g.returned, None
    if answer is not None:
        minor, protector = answer
        g.local["interventions"][minor] = protector
    asked = g.local.setdefault("intervention_asked", [])
    for minor, protector in PROTECTORS.items():
        declarers = [p for p in MAJORS if minor in g.local["declared"][p]]
        if minor in asked or not declarers or protector in declarers:
            continue
        asked.append(minor)
        owed = sum(dow_price(protector, t, g.state) for t in g.local["declared"][protector])
        if payable_cp(g.state, protector) - owed >= INTERVENTION_CP:
            g.again()
            g.call("intervene", role=protector, minor=minor, declarers=declarers)
            return


def payments(g: Game) -> None:
    """9.6 step 2: each declarer (and intervener), in impulse order, plays cards covering its total cost."""
    if g.state["turn"] == 1:
        return
    g.frame["ret"] = None
    helping = g.local["interventions"]
    pending = [p for p in MAJORS if (g.local["declared"][p] or p in helping.values())
               and p not in g.local.setdefault("paid", [])]
    if not pending:
        return
    power = pending[0]
    g.local["paid"].append(power)
    cost = sum(dow_price(power, t, g.state) for t in g.local["declared"][power])
    protects = [m for m, p in helping.items() if p == power]
    cost += INTERVENTION_CP * len(protects)
    g.again()
    g.call("pay_war", role=power, owed=cost, targets=g.local["declared"][power], protects=protects,
           declared=g.local["declared"])


FLOW.procedure("diplomacy", begin_diplomacy, negotiation, peace.sue_segment, peace.ransom_segment,
               peace.excommunication_segment, declarations, interventions, payments)


@FLOW.decision("declare")
class Declare(Decision):
    def prompt(self, g, role):
        owed = self.owed(g, role)
        return f"{power_name(role)}: declare war (you owe {owed} CP so far), or declare nothing more."

    def owed(self, g, role):
        return sum(dow_price(role, t, g.state) for t in g.local["declared"])

    def actions(self, g, role):
        budget = payable_cp(g.state, role) - self.owed(g, role)
        for target in (*MAJORS, *MINORS):
            if target != role and dow_refusal(g.state, role, target, g.local["declared"]) is None:
                cost = dow_price(role, target, g.state)
                if cost <= budget:
                    yield act("war", target, label=f"Declare war on {power_name(target)} ({cost} CP)", group="War")
        from .diplomatic_marriage import diplomacy_action          # #73 (a) in the Diplomacy phase (DECISIONS 975)
        yield from diplomacy_action(g.state, role, budget)
        yield act("done", label="Declare nothing more")

    def protects_secret(self, g, role):
        # what a war costs is public, the CP a hand can pay is not: with a war open but for its cost, a lone
        # "nothing more" would tell the others the hand's CP (VIEW.md)
        data = load()
        hidden = any(data.card(int(c)).type != "home" for c in cards.zone(g.state, cards.hand(role)))
        from .diplomatic_marriage import may_hold_for_diplomacy         # #73 (a) offered here (DECISIONS 975)
        return hidden and (any(target != role and dow_refusal(g.state, role, target, g.local["declared"]) is None
                               for target in (*MAJORS, *MINORS)) or may_hold_for_diplomacy(g.state, role))

    def on_war(self, g, role, target):
        g.local["declared"].append(target)
        g.log(f"{power_name(role)} declares war on {power_name(target)}.")

    def on_done(self, g, role):
        g.end(list(g.local["declared"]))

    def on_event(self, g, role, card):
        from .diplomatic_marriage import play_in_diplomacy
        play_in_diplomacy(g, role, payable_cp(g.state, role) - self.owed(g, role))

    def default(self, g, role):
        return "done"


@FLOW.decision("intervene")
class Intervene(Decision):
    def prompt(self, g, role):
        names = ", ".join(power_name(p) for p in g.local["declarers"])
        return (f"{power_name(role)}: {power_name(g.local['minor'])} is attacked by {names}. Intervene for "
                f"{INTERVENTION_CP} CP (it becomes your ally and you go to war with its attackers)?")

    def actions(self, g, role):
        yield act("intervene", label=f"Intervene ({INTERVENTION_CP} CP)")
        yield act("decline", label="Do not intervene")

    def on_intervene(self, g, role):
        g.log(f"{power_name(role)} intervenes for {power_name(g.local['minor'])}.")
        g.end([g.local["minor"], role])

    def on_decline(self, g, role):
        g.end()

    def default(self, g, role):
        return "decline"


@FLOW.decision("pay_war")
class PayWar(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: play cards to pay {g.local['owed']} CP for your declarations of war."

    def actions(self, g, role):
        for card in sorted(cards.zone(g.state, cards.hand(role)), key=int):
            c = load().card(int(card))
            if c.type != "mandatory" and c.cp:
                yield act("pay", card, label=f"Pay with {st.card_label(card)}", group="Cards")
        from .intervention_events import pay_actions                   # #69, #108 (DECISIONS 974)
        yield from pay_actions(g.state, role, g.local)

    def on_event(self, g, role, card):
        from .intervention_events import pay_with_event
        pay_with_event(g, role, card, INTERVENTION_CP)
        if g.local["owed"] <= 0:
            self.declare_wars(g, role)

    def protects_secret(self, g, role):
        # which cards can pay is hidden (a mandatory event in hand cannot): a lone payment left would show it
        return any(load().card(int(c)).type != "home" for c in cards.zone(g.state, cards.hand(role)))

    def on_pay(self, g, role, card):
        spend_card(g, role, card)
        g.local["owed"] -= load().card(int(card)).cp
        g.log(f"{power_name(role)} pays with {st.card_label(card)}.")
        if g.local["owed"] <= 0:
            self.declare_wars(g, role)

    def declare_wars(self, g, role):
        """9.6: the wars the payment opens (an intervention also with the declarers on its minor)."""
        s = g.state
        enemies = [s["minor_allies"].get(t) or t for t in g.local["targets"]]   # an ally's minor: its patron
        protects = g.local.get("protects", [])
        for minor in protects:                                # 9.6 steps 4–5
            enemies += [p for p in MAJORS if minor in g.local["declared"][p]]
        for target in dict.fromkeys(enemies):      # both may have declared on each other: one war
            if target != role and not st.at_war(s, role, target):
                s["wars"] = sorted(s["wars"] + [st.pair(role, target)])
        g.log(f"{power_name(role)} is now at war with {', '.join(power_name(t) for t in dict.fromkeys(enemies))}.")
        # 9.6: fleets sharing a sea zone fight at once; then a protected minor joins its ally (22.2)
        then = dict(power=role, enemies=list(dict.fromkeys(enemies)),
                    activate=[protects[0], role] if protects else None)
        if g.local.get("event_paid"):                       # the alliance card's event follows (#69, #108)
            g.goto("intervention_paid", card=g.local["event_paid"], **then)
        else:
            g.goto("sea_clashes", **then)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: binding deals of several clauses (9.1), composed by the announcing power and put to its
partner as one Proposal.

Clauses built: end the war (1), a one-turn alliance (2), return a captured leader (4), transfer control of
a space (5), up to 2 random cards (6). A deal is void if any clause no longer holds when it is accepted.

    announce › compose (add clauses, then announce or cancel) › proposal › settle
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import forces as fx
from . import state as st
from .data import load, space_name
from .turn import FLOW, power_name


AT_WAR = "they are at war (end the war in the same deal)"


def other(deal: dict, power: str) -> str:
    return deal["partner"] if power == deal["proposer"] else deal["proposer"]


def describe(clause: list) -> str:
    kind = clause[0]
    if kind == "alliance":
        return "an alliance for this turn"
    if kind == "peace":
        return "an end to the war"
    if kind == "cards":
        return f"{power_name(clause[1])} gives {plural(clause[2], 'random card')}"
    if kind == "control":
        return f"{power_name(clause[1])} hands {space_name(clause[2])} over"
    if kind == "mercenaries":
        return f"{power_name(clause[1])} gives {plural(clause[2], 'mercenary')}"
    if kind == "divorce":
        return "the Papacy grants Henry VIII's divorce"
    if kind == "absolve":
        return f"the Papacy lifts the excommunication of {power_name(clause[1])}'s ruler"
    if kind == "loan":
        from .harbours import describe_loan
        return describe_loan(clause)
    if kind == "lend_leader":
        return f"{power_name(clause[1])} lends {load().leader(clause[2]).name} with the squadrons"
    return f"{power_name(clause[1])} returns {load().leader(clause[2]).name}"


def clause_refusal(s: st.State, deal: dict, clause: list) -> str | None:
    """Why a clause cannot be part of the deal now (9.1 list, 9.2), or None."""
    a, b = deal["proposer"], deal["partner"]
    kinds = [c[0] for c in deal["clauses"]]
    if clause[0] == "alliance":
        if {a, b} == {"papacy", "ottoman"}:
            return "the Papacy and the Ottoman never ally"
        if st.pair(a, b) in s["alliances"]:
            return "they are already allied"
        if st.at_war(s, a, b) and "peace" not in kinds:
            return AT_WAR
        if {a, b} == {"papacy", "hapsburg"} and s["henry"]["divorce_turn"] == s["turn"]:
            return "the Papacy granted Henry VIII's divorce this turn"      # 9.2
        return None
    if clause[0] == "divorce":                                    # 9.1 clause 8 (21.3)
        from .marriages import divorce_refusal
        return divorce_refusal(s, a, b)
    if clause[0] == "peace":
        from .diplomacy import schmalkaldic
        if not st.at_war(s, a, b):
            return "they are not at war"
        return "the League's wars never end" if schmalkaldic(s, a, b) else None
    if clause[0] == "absolve":                                    # 9.1 clause 9
        if "papacy" not in (a, b) or clause[1] == "papacy":
            return "only the Papacy lifts an excommunication"
        return None if st.ruler_excommunicated(s, clause[1]) else "that ruler is not excommunicated"
    giver = clause[1]
    receiver = other(deal, giver)
    if clause[0] == "mercenaries":                                # 9.1 clause 7
        return mercenary_refusal(s, giver, receiver, clause[2])
    if clause[0] == "loan":
        from .harbours import loan_refusal
        return loan_refusal(s, deal, clause, receiver)
    if clause[0] == "lend_leader":                                # 9.1 clause 3: naval leaders too
        from .harbours import leader_loan_refusal
        return leader_loan_refusal(s, deal, clause)
    if clause[0] == "cards":
        if [receiver, giver] in s["card_gifts"]:
            return "cards go one way only between two powers each turn"
        hand = [c for c in cards.zone(s, cards.hand(giver)) if load().card(int(c)).type != "home"]
        return None if len(hand) >= clause[2] else f"{power_name(giver)} has too few cards"
    if clause[0] == "control":
        space = clause[2]
        if st.controller(s, space) != giver:
            return f"{power_name(giver)} does not control it"
        if space in load().power(giver).capitals:
            return "a capital cannot be given"
        return "it is under siege" if space in s["sieges"] else None
    leader = clause[2]
    return None if s["leaders"].get(leader) == f"captured:{giver}" and fx.leader_power(leader, s) == receiver \
        else "the leader is not held"


def deal_refusal(s: st.State, deal: dict) -> str | None:
    if not deal["clauses"]:
        return "the deal is empty"
    for i, clause in enumerate(deal["clauses"]):
        why = clause_refusal(s, {**deal, "clauses": deal["clauses"][:i] + deal["clauses"][i + 1:]}, clause)
        if why:
            return f"{describe(clause)}: {why}"
    return None


def terms(s: st.State, d: dict, kind: str | None = None, only: str | None = None, space: str | None = None):
    """The "add" actions: each term that may join the deal now (9.1), in menu order; only the ``kind`` of
    term given by ``only`` (handing over ``space``) when they are named (finding one chosen term)."""
    def wanted(k):
        return kind in (None, k)
    present = [c[0] for c in d["clauses"]]
    for k in ("peace", "alliance"):
        if wanted(k) and k not in present and clause_refusal(s, d, [k]) in (None, AT_WAR):
            yield act("add", k, label=f"Add: {describe([k])}", group="Terms")
    if wanted("divorce") and "divorce" not in present and clause_refusal(s, d, ["divorce"]) is None:
        yield act("add", "divorce", label=f"Add: {describe(['divorce'])} (Henry marries Anne Boleyn)",
                  group="Terms")
    for giver in (d["proposer"], d["partner"]):
        if only not in (None, giver):
            continue
        given = next((c[2] for c in d["clauses"] if c[0] == "cards" and c[1] == giver), 0)
        if wanted("cards") and given < 2 and clause_refusal(s, d, ["cards", giver, given + 1]) is None:
            yield act("add", "cards", giver, label=f"Add: {power_name(giver)} gives a random card", group="Cards")
        lent = next((c[2] for c in d["clauses"] if c[0] == "mercenaries" and c[1] == giver), 0)
        if wanted("mercenaries") and lent < MAX_MERCENARIES and \
                clause_refusal(s, d, ["mercenaries", giver, lent + 1]) is None:
            yield act("add", "mercenaries", giver, label=f"Add: {power_name(giver)} gives a mercenary",
                      group="Mercenaries")
        excommunicated = other(d, giver)
        if wanted("absolve") and giver == "papacy" and ["absolve", excommunicated] not in d["clauses"] and \
                clause_refusal(s, d, ["absolve", excommunicated]) is None:
            yield act("add", "absolve", excommunicated, label=f"Add: {describe(['absolve', excommunicated])}",
                      group="Excommunication")
        for leader, where in sorted(s["leaders"].items()) if wanted("leader") else ():
            clause = ["leader", giver, leader]
            if where == f"captured:{giver}" and clause not in d["clauses"] and clause_refusal(s, d, clause) is None:
                yield act("add", "leader", giver, leader, label=f"Add: {describe(clause)}", group="Leaders")
        from .harbours import leader_loan_clauses, loan_clauses
        for clause in loan_clauses(s, d, giver, other(d, giver)) if wanted("loan") else ():
            yield act("add", *clause, label=f"Add: {describe(clause[:4] + [1])}", group="Loans")
        for clause in leader_loan_clauses(s, d, giver) if wanted("lend_leader") else ():
            yield act("add", *clause, label=f"Add: {describe(clause)}", group="Loans")
        held = sorted(sp for sp, who in s["control"].items() if who == giver) if space is None else \
            [space] if s["control"].get(space) == giver else []
        for sp in held if wanted("control") else ():
            clause = ["control", giver, sp]
            if clause not in d["clauses"] and clause_refusal(s, d, clause) is None:
                yield act("add", "control", giver, sp, label=f"Add: {describe(clause)}", group="Spaces")


@FLOW.decision("compose")
class Compose(Decision):
    def prompt(self, g, role):
        d = g.state["deal"]
        terms = "; ".join(describe(c) for c in d["clauses"]) or "nothing yet"
        return f"{power_name(role)}'s deal with {power_name(d['partner'])}: {terms}. Add terms, announce or cancel."

    def actions(self, g, role):
        for verb in ("add", "announce", "cancel"):
            yield from self.actions_of(g, role, verb)

    def actions_of(self, g, role, verb):
        s, d = g.state, g.state["deal"]
        if verb == "add":
            yield from terms(s, d)
        elif verb == "announce" and deal_refusal(s, d) is None:
            yield act("announce", label="Announce the deal")
        elif verb == "cancel":
            yield act("cancel", label="Cancel the deal")

    def find(self, g, role, verb, args):
        """An added term is checked alone: only its own kind (and giver) of terms is built."""
        if verb != "add" or not args:
            return super().find(g, role, verb, args)
        action_id = ":".join([verb, *args])
        d = g.state["deal"]
        giver = args[1] if len(args) > 1 and args[0] != "absolve" else None   # absolve names the ruler
        if giver is not None and giver not in (d["proposer"], d["partner"]):
            return None
        space = args[2] if args[0] == "control" and len(args) == 3 else None
        return next((a for a in terms(g.state, d, args[0], giver, space) if a.id == action_id), None)

    def on_add(self, g, role, kind, *args):
        clauses = g.state["deal"]["clauses"]
        if kind in ("cards", "mercenaries"):
            for c in clauses:
                if c[0] == kind and c[1] == args[0]:
                    c[2] += 1
                    return
            clauses.append([kind, args[0], 1])
        elif kind == "loan":
            same = next((c for c in clauses if c[:4] == [kind, *args]), None)
            if same:
                same[4] += 1
            else:
                clauses.append([kind, *args, 1])
        else:
            clauses.append([kind, *args])

    def on_announce(self, g, role):
        d = g.state["deal"]
        g.log(f"{power_name(role)} proposes to {power_name(d['partner'])}: "
              + "; ".join(describe(c) for c in d["clauses"]) + ".")
        g.goto("deal", proposer=role, other=d["partner"], clause="deal", then=g.local.get("then"))

    def on_cancel(self, g, role):
        g.state["deal"] = None
        g.end(g.local.get("then"))

    def default(self, g, role):
        return "cancel"


def carry_out(g: Game) -> dict:
    """9.1 step 5: an accepted deal takes effect at once, clause by clause (void if one no longer holds).
    Returns what its owners still choose: the stacks leaving spaces handed over (`queue`, [power, space])
    the mercenaries given ([giver, receiver, count]) and the fleets putting to sea from ports handed over
    (`port_exits`, 12.2), the leaders returned ([power, leader], 9.4) and the lent ships whose nearest ports
    tie (`loans`, 9.2 effect 2), for the `deal_aftermath` procedure."""
    s, d = g.state, g.state["deal"]
    why = deal_refusal(s, d)
    if why:
        g.log(f"The deal is void: {why}.")
        return {"queue": [], "mercenaries": [], "port_exits": [], "leaders": [], "loans": []}
    queue, later, exits, leaders, loans = [], [], [], [], []
    for clause in sorted(d["clauses"], key=lambda c: c[0] != "peace"):
        a, b = d["proposer"], d["partner"]
        if clause[0] == "peace":
            s["wars"] = [w for w in s["wars"] if w != st.pair(a, b)]
            s["peace_this_turn"].append(st.pair(a, b))
            from .peace import lift_on_peace
            lift_on_peace(g, a, b)                              # 21.5: the war with the Papacy ends
        elif clause[0] == "alliance":
            s["alliances"] = sorted(s["alliances"] + [st.pair(a, b)])
            s["allied_this_turn"].append(st.pair(a, b))
        elif clause[0] == "cards":
            give_cards(g, clause[1], other(d, clause[1]), clause[2])
        elif clause[0] == "control":
            s["control"][clause[2]] = other(d, clause[1])
            from .harbours import displace
            exits += displace(g, clause[2])                  # 12.2: the giver's ships there put to sea
            queue.append([clause[1], clause[2]])
        elif clause[0] == "divorce":
            from .marriages import grant_divorce
            grant_divorce(g)
        elif clause[0] == "absolve":
            s["excommunicated"] = [r for r in s["excommunicated"] if r != s["rulers"][clause[1]]]
        elif clause[0] == "mercenaries":
            later.append(clause)
        elif clause[0] == "loan":
            from .harbours import lend, loan_sailing
            if not loan_sailing(s, clause[1], other(d, clause[1]), clause, loans):   # a tie: the borrower's choice
                lend(g, clause[1], other(d, clause[1]), clause[2], clause[3], clause[4])
        elif clause[0] == "lend_leader":
            from .harbours import lend_leader, loan_sailing
            if not loan_sailing(s, clause[1], other(d, clause[1]), clause, loans):
                lend_leader(g, clause[1], other(d, clause[1]), clause[2])
        else:
            leaders.append([fx.leader_power(clause[2], s), clause[2]])     # 9.4: home where its power chooses
        g.log(f"Done: {describe(clause)}.")
    for clause in later:        # 9.1 clause 7: one way per pair and turn
        s.setdefault("mercenary_gifts", []).append([clause[1], other(d, clause[1])])
    return {"queue": queue, "mercenaries": [[c[1], other(d, c[1]), c[2]] for c in later], "port_exits": exits,
            "leaders": leaders, "loans": loans}


def displace_given(g: Game) -> None:
    if g.local["queue"]:
        g.call("displace", queue=g.local["queue"])      # 9.1 clause 5: the giver's forces leave, its choice where


def hand_over_mercenaries(g: Game) -> None:
    """9.1 clause 7: the giver removes the mercenaries from spaces of its choice; the receiver places as
    many of its own in its capital (the Protestant: an electorate it controls)."""
    if not g.local["mercenaries"]:
        return
    giver, receiver, count = g.local["mercenaries"][0]
    g.again()
    if not g.local.get("removed"):
        g.local["removed"] = True
        g.call("remove_units", role=giver, count=count, kinds=["mercenary"], why="given in a deal, rule 9.1")
        return
    g.local["removed"] = False
    g.local["mercenaries"].pop(0)
    sites = mercenary_sites(g.state, receiver)
    count = min(count, st.land_pool_left(g.state, receiver))
    if len(sites) > 1:
        g.call("place_mercenaries", role=receiver, count=count, sites=sites)
    elif sites and count:
        place_mercenaries(g, receiver, sites[0], count)


def place_mercenaries(g: Game, power: str, space: str, count: int) -> None:
    st.add_units(g.state, space, power, "mercenary", count)
    g.log(f"{power_name(power)} places {count} mercenar{'ies' if count > 1 else 'y'} in {space_name(space)}.")


def fleets_put_to_sea(g: Game) -> None:
    if g.local.get("port_exits"):
        g.call("port_exits", port_exits=g.local["port_exits"])      # 12.2: their owners choose the zone


def leaders_go_home(g: Game) -> None:
    if g.local.get("leaders"):
        g.call("leader_homes", queue=g.local["leaders"])             # 9.4: their powers choose where


def loans_sail(g: Game) -> None:
    if g.local.get("loans"):
        g.call("loan_ports", queue=g.local["loans"])                # 9.2 effect 2: the borrower picks the port


FLOW.procedure("deal_aftermath", displace_given, hand_over_mercenaries, fleets_put_to_sea, leaders_go_home,
               loans_sail)


@FLOW.decision("place_mercenaries")
class PlaceMercenaries(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: where do your {g.local['count']} new mercenaries go?"

    def actions(self, g, role):
        for space in g.local["sites"]:
            yield act("place", space, label=f"In {space_name(space)}")

    def on_place(self, g, role, space):
        place_mercenaries(g, role, space, g.local["count"])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- 9.1 clause 7: mercenaries ---------------------------------------------------------------------------------
MAX_MERCENARIES = 4


def mercenary_sites(s: st.State, receiver: str) -> list[str]:
    """Where the receiver places them: its controlled capital(s); the Protestant a Protestant-controlled
    electorate."""
    data = load()
    if receiver == "protestant":
        return sorted(e for e in data.electorates if st.controller(s, e) == "protestant")
    return [c for c in data.power(receiver).capitals if st.controller(s, c) == receiver]


def mercenary_refusal(s: st.State, giver: str, receiver: str, count: int) -> str | None:
    if receiver == "ottoman":
        return "the Ottoman never receives mercenaries"
    if [receiver, giver] in s.get("mercenary_gifts", []):
        return "mercenaries go one way only between two powers each turn"
    have = sum(st.units_at(s, sp, giver).get("mercenary", 0) for sp in s["units"])
    if have < count:
        return f"{power_name(giver)} has too few mercenaries"
    if not mercenary_sites(s, receiver):
        return f"{power_name(receiver)} has nowhere to place them"
    pool = load().power(receiver).force_pool
    if "mercenary" not in pool.land_types or st.land_pool_left(s, receiver) < count:
        return f"{power_name(receiver)} has too few mercenary counters"
    return None


def give_cards(g: Game, giver: str, receiver: str, count: int) -> None:
    s = g.state
    s["card_gifts"].append([giver, receiver])
    for _ in range(count):
        hand = sorted((c for c in cards.zone(s, cards.hand(giver)) if load().card(int(c)).type != "home"), key=int)
        card = rng.choice(s, hand)
        cards.move(s, card, cards.hand(giver), cards.hand(receiver))
        g.log(f"{power_name(receiver)} receives {st.card_label(card)}.", to=[giver, receiver])


def nearest_first(s: st.State, power: str, options: list[str]) -> list[str]:
    """9.3 step 3: the nearest fortified space, else the capital (the owner's choice is not yet asked)."""
    capitals = load().power(power).capitals
    return [o for o in options if o not in capitals] + [o for o in options if o in capitals]

"""The battle step (RB 20): after the action steps, a battle in every shire holding blocks of two or more
houses, in impulse order of the first attackers (20.0); engagements "last in, first out" (20.1–20.2);
rounds with reinforcements one group a round (20.3.1), a hidden choice of main body (20.4), the charge
(20.5.1), line battle (20.5.2), hits to the strongest block with attached blocks absorbing (20.5.3), the
Tower garrison (9.6), the Elimination Chart after each engagement (20.6.1) and +1 support to the winner
(20.7.1). Retreat, pursuit and the move out after a battle are in retreat.py.

The battle's bookkeeping lives in the "battle" frame's local (so the secrecy check leaves its blocks
alone): per house, ``engaged`` (main body and reserve), ``reinf`` (not yet arrived), ``main``,
``eliminated``; the engagement's ``attacker``, ``defender``, ``round`` and ``retreated``.
"""

from __future__ import annotations

from rules.core.wording import plural, possessive

from itertools import combinations

from rules.core import rng
from rules.core import cards
from rules.core.choices import SecretChoice
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board, record
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import (FLOW, add_support, check_houses, decider, eliminate, heirs_left, hname,
                                       hook_step, rank_by, remove_heir, removed_together, take_off_map)
from rules.crownofroses.options import exeter_suspected
from rules.crownofroses.scenario_rules import heir_kill_card

RIDERS = ("henry_vi", "margaret")       # never count against a command limit (RB 20.4.4)
GARRISON = "garrison"                   # the Tower of London garrison, fighting as a block (RB 9.6)


def _garrison(state) -> dict | None:
    frame = next((f["local"] for f in reversed(state["flow"]) if f["name"] == "battle"), None)
    return frame.get("garrison") if frame else None


def strength(state, x: str) -> int:
    return _garrison(state)["strength"] if x == GARRISON else state["blocks"][x]["strength"]


def dice_now(state, x: str) -> str:
    if x == GARRISON:
        steps = data().garrison.steps
        return steps[len(steps) - strength(state, x)]
    return data().block(x).dice(state["blocks"][x]["strength"])


def label(x: str) -> str:
    return data().garrison.name if x == GARRISON else name(x)


def host_of(state, x: str) -> str | None:
    return None if x == GARRISON else state["blocks"][x]["host"]


# ---- which battles, in which order (RB 20.0, 20.1) ---------------------------------------------------------
def arrivals(state, shire: str) -> list[tuple[str, list[str], str | None, str | None]]:
    """(house, blocks still there, leader, came from) per entry into the shire, oldest first."""
    found = []
    for e in state.get("entries", {}).get(shire, []):
        here = [b for b in e["blocks"] if _here(state, b, shire, e["house"])]
        if here:
            found.append((e["house"], here, e["leader"] if e["leader"] in here else None, e["from"]))
    return found


def _here(state, block: str, shire: str, house: str) -> bool:
    s = state["blocks"][block]
    return s["status"] == "map" and s["at"] == shire and s["house"] == house


def recency(state, shire: str, stayers: list[str] | None = None) -> list[str]:
    """Houses in the shire, the most recent to move blocks in first; houses that moved nothing in last, in
    the order ``stayers`` the tie-breaker gave them (by default the Winter attacker or the tie-breaker's
    house first, then seat order: only the first attacker is read from that default)."""
    present = board.houses_at(state, shire)
    last: dict[str, int] = {}
    for i, (house, _, _, _) in enumerate(arrivals(state, shire)):
        last[house] = i
    first = state.get("winter_attackers", {}).get(shire) or (None if stayers else board.tiebreaker(state))
    given = stayers or []
    return sorted(present, key=lambda h: (-last.get(h, -1), h != first, given.index(h) if h in given else 9,
                                          state["houses"].index(h) if h in state["houses"] else 9))


def order_stayers(g: Game) -> bool:
    """RB 20.1, 10.5.1: houses that moved nothing into the shire this impulse come after those that did;
    "last in, first out" cannot order them among themselves, so that tie is the tie-breaker's to break.
    True when the tie-breaker is asked (the ordered houses come back in ``g.returned``)."""
    state, shire = g.state, g.local["shire"]
    entered = {a[0] for a in arrivals(state, shire)}
    first = state.get("winter_attackers", {}).get(shire)
    stayers = [h for h in g.roles if h in board.houses_at(state, shire) and h not in entered and h != first]
    if len(stayers) < 2:
        return False
    g.local["stayers_asked"] = True
    g.again()
    rank_by(g, {h: 0 for h in stayers}, f"the order in which the houses that moved nothing into "
            f"{place_name(shire)} are engaged (RB 20.1)")
    return True


def battle_order(state) -> list[tuple[str, str]]:
    """(first attacker, shire) for every contested shire, in impulse order of the first attackers."""
    order = list(state.get("order", [])) + [h for h in state["houses"] if h not in state.get("order", [])]
    found = []
    for shire in sorted(data().board.shires):
        if board.contested(state, shire):
            found.append((recency(state, shire)[0], shire))
    return sorted(found, key=lambda p: order.index(p[0]) if p[0] in order else 99)


def battle_step(g: Game) -> None:
    if g.state.get("pending_result"):
        return
    for shire in sorted(data().board.shires):
        if board.contested(g.state, shire) and not arrivals(g.state, shire) \
                and shire not in g.state.get("winter_attackers", {}):
            g.again()                          # RB 20.1: battles made by Winter placement: the King decides
            g.call("winter_attacker", role=decider(g), shire=shire,
                   houses=[h for h in g.state["houses"] if h in board.houses_at(g.state, shire)])
            return
    pending = battle_order(g.state)
    if not pending:
        g.state["entries"], g.state["winter_attackers"] = {}, {}
        return
    house = pending[0][0]
    mine = [s for h, s in pending if h == house]
    g.again()
    if len(mine) == 1 or house not in g.roles:
        g.call("battle", shire=mine[0])
    else:
        g.call("choose_battle", role=house, shires=mine)


@FLOW.decision("choose_battle")
class ChooseBattle(Decision):
    def prompt(self, g, role):
        return "Battle step (RB 20.0): choose the next shire where you are the first attacker."

    def actions(self, g, role):
        return [act("fight", s, label=place_name(s)) for s in g.local["shires"]]

    def on_fight(self, g, role, shire):
        g.goto("battle", shire=shire)

    def default(self, g, role):
        return self.actions(g, role)[0].id


@FLOW.decision("winter_attacker")
class WinterAttacker(Decision):
    def prompt(self, g, role):
        return (f"RB 20.1: Winter placement made a battle in {place_name(g.local['shire'])}; as the King (or "
                f"tie-breaker) you decide who attacks.")

    def actions(self, g, role):
        return [act("attacker", h, label=f"{hname(h)} attacks") for h in g.local["houses"]]

    def on_attacker(self, g, role, house):
        g.state.setdefault("winter_attackers", {})[g.local["shire"]] = house
        g.log(f"{hname(role)} decides: {hname(house)} attacks in {place_name(g.local['shire'])} (RB 20.1).",
              kind="battle")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- a battle: engagements until one house is left (RB 20.2, 20.6.2, 20.7) ------------------------------------
def open_battle(g: Game) -> None:
    state, shire = g.state, g.local["shire"]
    if "stayers_asked" not in g.local and order_stayers(g):
        return
    houses = recency(state, shire, g.returned if g.local.get("stayers_asked") else None)
    g.local["houses"] = houses
    g.local["heirs"] = [h for h in houses if any(board.is_heir(state, b) for b in board.blocks_at(state, shire, h))]
    g.local["sides"] = {h: initial_force(state, shire, h, attacking=(h == houses[0])) for h in houses}
    g.local["attacker"], g.local["defender"] = houses[0], next(h for h in houses if not board.partners(state, h, houses[0]))
    g.log(f"Battle in {place_name(shire)} (RB 20): " + ", ".join(hname(h) for h in houses)
          + f". First engagement: {hname(houses[0])} attacks {hname(g.local['defender'])}.", kind="battle")
    if shire == "london" and state.get("garrison") in houses:
        tower_with(g, houses[-1])
    start_engagement(g)


def tower_with(g: Game, final_defender: str) -> None:
    """RB 20.2 example 2: in a battle in London the garrison fights for the final defender (the house
    last in the order of engagements), not necessarily its holder: a holder that intercepts into London
    has "sallied out of the fortress". After the battle RB 9.6 gives it to the house left (end_battle)."""
    g.local["garrison"] = {"house": final_defender, "strength": len(data().garrison.steps), "out": False}
    g.log(f"The {data().garrison.name} fights for {hname(final_defender)}, the final defender (RB 20.2).",
          kind="battle")


def initial_force(state, shire: str, house: str, attacking: bool) -> dict:
    """RB 20.1, 20.3.1: the house's last-entered stack (or, having entered none, all its blocks there) is
    its initial force; its other blocks there are reinforcements."""
    mine = [a for a in arrivals(state, shire) if a[0] == house]
    everyone = board.blocks_at(state, shire, house)
    if mine:
        _, force, leader, came = mine[-1]
    else:
        force, leader, came = everyone, None, None
    return {"engaged": list(force), "reinf": [b for b in everyone if b not in force], "main": [],
            "eliminated": [], "leader": leader if attacking else None, "from": came}


def start_engagement(g: Game) -> None:
    g.local.update(round=0, retreated=None, winner=None, over=False)
    g.log(f"Engagement: {hname(g.local['attacker'])} (attacker) against {hname(g.local['defender'])} "
          f"(defender) in {place_name(g.local['shire'])}.", kind="battle")
    from rules.crownofroses.team_battle import offer_joint
    offer_joint(g)                                     # PB 1.5: partners may commit blocks


def fight(g: Game) -> None:
    """One combat round after another until the engagement is decided; then the next engagement."""
    if g.state.get("pending_result"):
        return
    staged = g.local.pop("next_defender", None)
    if staged:                                         # the winner has chosen its group (RB 20.6.2)
        next_engagement(g, staged)
        return
    if not g.local["over"]:
        g.again()
        g.call("round")
        return
    joined = [x for x in g.local.pop("merc_hosts", []) if g.state["blocks"][x]["status"] == "map"]
    # asked even with one possible host: how many of the winner's face-down blocks could host is hidden
    if joined and mercenary_hosts(g.state, g.local["sides"][g.local["winner"]]):
        g.again()
        g.call("mercenary_host", role=g.local["winner"], blocks=joined)
        return
    if not g.local.get("elimination_window") and any(s["eliminated"] for s in g.local["sides"].values()):
        g.local["elimination_window"] = True       # Escape, Blackjack and Deepwood (surprise.py)
        g.again()
        hook_step("before_elimination")(g)
        return
    g.local.pop("elimination_window", None)
    after_engagement(g)
    rest = [h for h in g.local["houses"] if board.blocks_at(g.state, g.local["shire"], h)]
    if len(rest) > 1 and not board.one_side(g.state, rest):
        winner = g.local["winner"] if g.local["winner"] in rest else None
        if winner is None or board.one_side(g.state, [winner] + [h for h in rest if h != winner]):
            winner = next(h for h in rest if not board.one_side(g.state, [h] + rest))
        others = [h for h in rest if not board.partners(g.state, h, winner)]     # PB 1.5: partners never fight
        g.local["attacker"], g.local["defender"] = winner, others[0]
        side = g.local["sides"][winner]
        side.update(main=[], eliminated=[], leader=None)
        side["reinf"] = [x for x in side["reinf"] if _here(g.state, x, g.local["shire"], winner)]
        if winner in g.roles and side["reinf"]:       # RB 20.6.2: the winner "may" bring one group
            g.local["next_defender"] = others[0]
            g.again()
            g.call("reinforce", role=winner, group=[], optional=True)
            return
        bring_reinforcements(g, winner, "before the next engagement (RB 20.6.2)")
        next_engagement(g, others[0])


def next_engagement(g: Game, defender_house: str) -> None:
    """RB 20.6.2: the winner of the last engagement attacks the next house in the shire."""
    g.local["sides"][defender_house].update(main=[], eliminated=[])
    defender = g.local["sides"][defender_house]
    defender["engaged"] = [x for x in defender["engaged"] if g.state["blocks"][x]["status"] == "map"
                           and g.state["blocks"][x]["at"] == g.local["shire"]]
    if not defender["engaged"] and defender["reinf"]:   # nothing left of its initial force (DECISIONS.md)
        bring_reinforcements(g, defender_house, "as its initial force (RB 20.1)")
    start_engagement(g)
    g.again()


def end_battle(g: Game) -> None:
    """RB 20.7.1: the house left is the winner; +1 support if any enemy force contained an heir."""
    shire = g.local["shire"]
    left = board.houses_at(g.state, shire)
    winner = None
    if left and board.one_side(g.state, left):       # PB 1.5: partners left together win together
        winner = g.local.get("winner") if g.local.get("winner") in left else sorted(left, key=g.state["houses"].index)[0]
        g.log(f"{' and '.join(hname(h) for h in sorted(left, key=g.state['houses'].index))} "
              f"win{'s' if len(left) == 1 else ''} the battle in {place_name(shire)}.", kind="battle")
        if any(not board.partners(g.state, h, winner) for h in g.local["heirs"]) and winner in g.roles:
            add_support(g, winner, 1, "won a battle against an heir (RB 20.7.1)")
    else:
        g.log(f"Nobody is left in {place_name(shire)}: the battle has no winner.", kind="battle")
    record.note_battle(g.state, shire, g.local["houses"], winner)
    if shire == "london":
        g.state["garrison"] = winner
    if winner is not None:
        if winner in g.roles and len(board.blocks_at(g.state, shire, winner)) > board.stacking_limit(shire) \
                and _move_out_places(g.state, winner, shire):
            g.goto("move_out", role=winner, shire=shire)
            return
    g.end()


FLOW.procedure("battle", open_battle, fight, end_battle)


# ---- a combat round (RB 20.4) ---------------------------------------------------------------------------------
def sides(g: Game) -> tuple[str, str]:
    b = battle(g)
    return b["attacker"], b["defender"]


def battle(g: Game) -> dict:
    return next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "battle")


def possible_leaders(state, blocks: list[str], fixed: str | None = None) -> list[str]:
    """RB 20.4.1: the attacker's entering leader (round 1), else the highest-priority heir, else the
    highest-ranking nobles able to lead — "any one if tied", the side's choice (DECISIONS.md #59)."""
    if fixed in blocks:
        return [fixed]
    able = [b for b in blocks if board.is_noble(b) and (data().block(b).command_rating or 0) >= 1]
    if not able:
        return []
    best = max(board.precedence(state, b) for b in able)
    return sorted(b for b in able if board.precedence(state, b) == best)


def leader_of(state, blocks: list[str], fixed: str | None = None) -> str | None:
    """The leader when nobody chooses (a house that left, a group formed automatically): the first of the
    possible leaders by id; None when no block can lead (DECISIONS.md)."""
    return next(iter(possible_leaders(state, blocks, fixed)), None)


def counts_in_combat(block: str) -> bool:
    return block not in RIDERS


def begin_round(g: Game) -> None:
    if release_round_removals(g):                    # the last round was cut short after its charges
        check_houses(g)
    b = battle(g)
    b["round"] += 1
    b["to_reinforce"] = list(sides(g)) if b["round"] > 1 else []
    from rules.crownofroses.combat_options import mark_round
    mark_round(g)


def reinforce(g: Game) -> None:
    """RB 20.3.1, 20.4.2: from round 2 each side with reinforcements commits one group (the attacker
    first; neither sees the other's blocks, only their number)."""
    b = battle(g)
    while b["to_reinforce"]:
        h = b["to_reinforce"].pop(0)
        side = b["sides"][h]
        side["reinf"] = [x for x in side["reinf"] if _here(g.state, x, b["shire"], h)]
        if not side["reinf"]:
            continue
        if h not in g.roles:
            bring_reinforcements(g, h, f"round {b['round']} (RB 20.3.1)")
            continue
        g.again()
        g.call("reinforce", role=h, group=[])
        return


def choose_bodies(g: Game) -> None:
    b = battle(g)
    attacker, defender = sides(g)
    for h in (defender, attacker):
        side = b["sides"][h]
        fixed = side["leader"] if b["round"] == 1 and h == attacker else None
        side["leaders"] = possible_leaders(g.state, side["engaged"], fixed)
        side["leader"] = next(iter(side["leaders"]), None)
        side["main"] = []
    g.log(f"Round {b['round']} in {place_name(b['shire'])}: both sides choose their main body.", kind="battle")
    g.call("main_body", roles=[h for h in (defender, attacker) if h in g.roles])


@FLOW.decision("reinforce")
class Reinforce(Decision):
    """One leader and up to his CR blocks from the reinforcements, in any combination (RB 20.3.1); with no
    noble able to lead among them, one block (DECISIONS.md)."""

    def prompt(self, g, role):
        if g.local.get("optional"):
            return ("RB 20.6.2: before the next engagement you may bring in one group of reinforcements "
                    "(a leader and up to his CR), or none.")
        return f"RB 20.3.1: round {battle(g)['round']}: commit one group of reinforcements (a leader and up to his CR)."

    def actions(self, g, role):
        side = battle(g)["sides"][role]
        group, state = g.local["group"], g.state
        waiting = [x for x in side["reinf"] if x not in group]
        if not group:
            leaders = [x for x in waiting if board.is_noble(x) and (data().block(x).command_rating or 0) >= 1]
            for x in leaders or waiting:
                yield act("lead", x, label=(f"{name(x)} leads the group" if leaders else f"{name(x)} joins"))
            if g.local.get("optional"):
                yield act("none", label="Bring no reinforcements now")
            return
        yield act("done", label=f"Commit the group ({plural(len(group), 'block')})")
        if not board.is_noble(group[0]) or (data().block(group[0]).command_rating or 0) < 1:
            return
        room = board.command_rating(state, group[0]) - sum(1 for x in group[1:] if counts_in_combat(x))
        for x in waiting:
            host = state["blocks"][x]["host"]
            if host and host in side["reinf"] and host not in group:
                continue
            if counts_in_combat(x) and room <= 0:
                continue
            yield act("add", x, label=f"Add {name(x)}")

    def on_lead(self, g, role, block):
        g.local["group"].append(block)
        if not board.is_noble(block) or (data().block(block).command_rating or 0) < 1:
            self.on_done(g, role)

    def on_add(self, g, role, block):
        g.local["group"].append(block)

    def on_none(self, g, role):
        g.log(f"{hname(role)} brings no reinforcements into the next engagement (RB 20.6.2).", kind="battle")
        g.end()

    def on_done(self, g, role):
        side = battle(g)["sides"][role]
        group = g.local["group"]
        side["engaged"] += group
        side["reinf"] = [x for x in side["reinf"] if x not in group]
        when = "the next engagement (RB 20.6.2)" if g.local.get("optional") else f"round {battle(g)['round']} (RB 20.3.1)"
        g.log(f"{hname(role)} brings {plural(len(group), 'reinforcement block')} into {when}.", kind="battle")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def bring_reinforcements(g: Game, house: str, when: str) -> None:
    """RB 20.3.1, 20.6.2: one group joins — its best leader and up to his CR other reinforcements, at
    least one block (formed automatically before a later engagement and for a house that left: DECISIONS.md)."""
    side = battle(g)["sides"][house]
    waiting = [x for x in side["reinf"] if _here(g.state, x, battle(g)["shire"], house)]
    side["reinf"] = waiting
    if not waiting:
        return
    leader = leader_of(g.state, waiting)
    group = [leader] if leader else [waiting[0]]
    room = board.command_rating(g.state, leader) if leader else 0
    for x in sorted(waiting, key=lambda x: (g.state["blocks"][x]["host"] != leader, x)):
        if x in group:
            continue
        host = g.state["blocks"][x]["host"]
        if host and host not in group:
            continue
        if not counts_in_combat(x):
            group.append(x)
        elif room > 0:
            group.append(x)
            room -= 1
    side["engaged"] += group
    side["reinf"] = [x for x in waiting if x not in group]
    g.log(f"{hname(house)} brings {plural(len(group), 'reinforcement block')} into the engagement, {when}.", kind="battle")


def bodies(state, side: dict, leaders: list[str] | None = None) -> list[list[str]]:
    """Every main body the side may form (RB 20.4.1, 20.4.3–20.4.4): one of its possible leaders (first in
    the body) and up to his CR other engaged blocks, an attached block only with its host; Henry VI and
    Margaret, never counted, go where their host goes. Without a leader every engaged block fights
    (DECISIONS.md)."""
    if side["leader"] is None:
        return [list(side["engaged"])]
    if leaders is None:
        leaders = side.get("leaders") or [side["leader"]]
    return [body for leader in leaders for body in _bodies_led_by(state, side, leader)]


def _bodies_led_by(state, side: dict, leader: str) -> list[list[str]]:
    room = board.command_rating(state, leader)
    counted = [x for x in side["engaged"] if x != leader and counts_in_combat(x)]
    if exeter_suspected(state, leader):                   # PB 1.3: he commands office blocks only
        counted = [x for x in counted if data().block(x).kind == "office"]
    found = []
    for size in range(min(room, len(counted)) + 1):
        for combo in combinations(counted, size):
            body = [leader, *combo]
            if any(state["blocks"][x]["host"] and state["blocks"][x]["host"] in side["engaged"]
                   and state["blocks"][x]["host"] not in body for x in combo):
                continue
            body += [x for x in side["engaged"] if not counts_in_combat(x) and state["blocks"][x]["host"] in body]
            found.append(body)
    return found


@FLOW.decision("main_body")
class MainBody(SecretChoice):
    """RB 20.4.1–20.4.2: the leader and up to his CR blocks form the main body, chosen hidden (the defender
    first, then the attacker: asked together, as neither sees the other's choice before the reveal). One
    pick names the whole body, so the number of blocks chosen never shows before the reveal."""

    text = "Choose your main body (RB 20.4): the leader and up to his CR blocks; the rest stay in reserve."

    def options(self, g, role, picks):
        side = battle(g)["sides"][role]
        for body in bodies(g.state, side):
            yield act("body", "+".join(body), label=body_label(side, body))

    def label(self, g, role, pick):
        return body_label(battle(g)["sides"][role], pick.split(":", 1)[1].split("+"))


def body_label(side: dict, body: list[str]) -> str:
    """The body's blocks; its leader named first when the side could choose among tied leaders."""
    blocks = ", ".join(name(x) for x in body)
    if len(side.get("leaders") or ()) > 1:
        return f"{name(body[0])} leads: {blocks}"
    return blocks


def settle_main_body(g: Game) -> None:
    b = battle(g)
    for h, pick in (g.returned or {}).items():
        if pick:
            side = b["sides"][h]
            side["main"] = pick.split(":", 1)[1].split("+")
            if side["leader"] is not None:
                side["leader"] = side["main"][0]            # RB 20.4.1: the tied leader the side chose
    for h in sides(g):
        side = b["sides"][h]
        if not side["main"]:
            side["main"] = bodies(g.state, side, [side["leader"]])[-1]
        tower = b.get("garrison")
        if tower and tower["house"] == h and not tower["out"] and side["main"] and GARRISON not in side["main"]:
            side["main"].append(GARRISON)      # RB 9.6: with its host (the leader), never counted in the CR
        g.log(f"{possessive(hname(h))} main body: " + ", ".join(f"{label(x)} ({strength(g.state, x)})"
                                                     for x in side["main"]) + ".", kind="battle")


# ---- RB 20.5.1 the Battle Charge ---------------------------------------------------------------------------
def chargers(state, side: dict) -> list[str]:
    """The house's heirs in the main body (a noble whose heir card is not played is no heir; Henry VI never
    charges)."""
    return [x for x in side["main"] if x not in ("henry_vi", GARRISON)
            and x in board.heir_blocks(state, state["blocks"][x]["house"])
            and state["blocks"][x]["house"] not in side.get("partners", ())]     # PB 1.5: DECISIONS.md


def declare_charges(g: Game) -> None:
    """The attacker declares first, then the defender: at most one heir each, naming one enemy block."""
    b = battle(g)
    b.setdefault("charges", {})
    declared = b.setdefault("declared", [])
    for h in sides(g):
        if h in declared:
            continue
        declared.append(h)
        if h in g.roles and chargers(g.state, b["sides"][h]):
            g.again()
            g.call("charge", role=h)
            return


@FLOW.decision("charge")
class Charge(Decision):
    def prompt(self, g, role):
        return "RB 20.5.1: may one of your heirs in the main body charge an enemy block?"

    def actions(self, g, role):
        b = battle(g)
        enemy = next(h for h in sides(g) if h != role)
        yield act("none", label="No charge")
        for heir in chargers(g.state, b["sides"][role]):
            for target in b["sides"][enemy]["main"]:
                if target == GARRISON:
                    continue
                yield act("charge", heir, target, label=f"{name(heir)} charges {name(target)}", group=name(heir))

    def on_none(self, g, role):
        g.end()

    def on_charge(self, g, role, heir, target):
        battle(g)["charges"][role] = [heir, target]
        g.log(f"{hname(role)}: {name(heir)} charges {name(target)} (RB 20.5.1).", kind="battle")
        g.end()

    def default(self, g, role):
        return "none"


COLOURS = {"R": "red", "B": "blue", "G": "green"}


def dice_words(dice: str, rolls: list[int], bonuses: list[tuple[str, int]]) -> str:
    """Coloured dice, each modifier by name and what hits: "red 5, blue 2 (+1 the charge; red hits on
    4+, blue on 5+)"."""
    bonus = sum(n for _, n in bonuses)
    shown = ", ".join(f"{COLOURS[d]} {r}" + (f"+{bonus}" if bonus else "") for d, r in zip(dice, rolls))
    needs = data().components.dice_hits
    rule = ", ".join(f"{COLOURS[d]} on {min(needs[d])}+" for d in dict.fromkeys(dice))
    mods = "; ".join(f"+{n} {why}" for why, n in bonuses)
    return f"{shown} ({mods + '; ' if mods else ''}hits: {rule})" if dice else "no dice"


def roll_hits(g: Game, block: str, bonus: int = 0, why: str = "") -> int:
    """Roll ``block``'s dice (plus ``bonus`` for ``why``, and its battle bonuses) and log them."""
    dice = dice_now(g.state, block)
    bonuses = ([(why, bonus)] if bonus else []) + battle_bonuses(g, block)
    total = sum(n for _, n in bonuses)
    rolls = rng.roll(g.state, len(dice))
    hits = sum(1 for d, r in zip(dice, rolls) if min(6, r + total) in data().components.dice_hits[d])
    g.log(f"{label(block)} rolls {dice_words(dice, rolls, bonuses)} — {plural(hits, 'hit')}.", kind="battle")
    return hits


def resolve_charges(g: Game) -> None:
    """Each charging heir rolls at +1 on each die against its target; a target not itself charging
    counter-rolls unmodified. Hits go to those blocks only and apply together; a block reduced below
    base strength rolls on the Elimination Chart at once, at −2."""
    b = battle(g)
    charges = b.pop("charges", {})
    b.pop("declared", None)
    b["charging"] = [heir for heir, _ in charges.values()]
    if not charges:
        return
    hits: dict[str, int] = {}
    for h in sides(g):
        if h not in charges:
            continue
        heir, target = charges[h]
        hits[target] = hits.get(target, 0) + roll_hits(g, heir, bonus=1, why="the charge")
        if target not in b["charging"]:
            hits[heir] = hits.get(heir, 0) + roll_hits(g, target)
    hold_round_removals(g)                    # RB 6.1: the round's eliminations fall together
    for x, n in hits.items():
        if n <= 0:
            continue
        s = g.state["blocks"][x]
        owner = s["house"]
        if s["status"] != "map" or owner not in b["sides"]:
            continue                       # already gone with a host eliminated by the other charge
        g.log(f"The charge: {name(x)} takes {plural(n, 'hit')}.", kind="battle")
        if n < s["strength"]:
            s["strength"] -= n
            continue
        s["strength"] = 1
        side = b["sides"][owner]
        gone = [x] + [o for o in side["engaged"] if g.state["blocks"][o]["host"] == x
                      and data().block(o).kind == "office"]
        for o in gone:
            for key in ("main", "engaged"):
                if o in side[key]:
                    side[key].remove(o)
        eliminate_now(g, x, -2, "the charge")


def hold_round_removals(g: Game) -> None:
    """RB 6.1: heirs lost in one combat round (to the charges or the line battle) are lost together, so the
    houses are checked only at the round's end (``round_removals``)."""
    if not g.state.get("removals_together"):
        g.state["removals_together"] = "round"


def release_round_removals(g: Game) -> bool:
    if g.state.get("removals_together") != "round":
        return False
    g.state.pop("removals_together")
    return True


def round_removals(g: Game) -> None:
    """The end of a round with charges (RB 6.1): if a charge took a house's last heir, the game is decided
    now, so the heirs the line battle eliminated this engagement take their Elimination Chart roll first
    (20.6.1) and fall at the same moment; then the houses are checked."""
    if g.state.get("removals_together") != "round":
        return
    if any(h in g.roles and not heirs_left(g.state, h) for h in sides(g)):
        for house in roll_eliminated(g, heirs_only=True):
            heir_kill_card(g, house)
    release_round_removals(g)
    check_houses(g)


def eliminate_now(g: Game, x: str, modifier: int, why: str = "") -> None:
    henry = "henry_vi" in board.attached_to(g.state, x)
    if x == "henry_vi":
        remove_heir(g, x)
    elif board.is_noble(x):
        result = eliminate(g, x, modifier=modifier, why=why)
        if result == "killed" and henry and g.state["blocks"]["henry_vi"]["status"] != "out":
            remove_heir(g, "henry_vi")
    else:
        take_off_map(g, x, "unavailable", None)
        g.log(f"{name(x)} becomes Unavailable (RB 20.6.1).", kind="battle")


def line_battle(g: Game) -> None:
    """RB 20.5.2: every main-body block rolls its dice (charging heirs do not); the attacker first, hits
    applied together."""
    b = battle(g)
    attacker, defender = sides(g)
    hits = {}
    b["rolled"] = {}
    for h in (attacker, defender):
        total = 0
        for x in b["sides"][h]["main"]:
            if x not in b.get("charging", []):
                b["rolled"][x] = roll_hits(g, x)
                total += b["rolled"][x]
        total += extra_hits(g, h)
        hits[h] = total
        g.log(f"{hname(h)} scores {plural(total, 'hit')} in all.", kind="battle")
    b["hits"] = {defender: hits[attacker], attacker: hits[defender]}   # hits to take, per house


def battle_bonuses(g: Game, block: str) -> list[tuple[str, int]]:
    """A Warwick! A Warwick! (W3), Glorious Sun of York (Y4): +1 to every die of the main body that the
    named leader commands in this battle; Lord Thomas Scales (#26) for the garrison defending London."""
    b = next((f["local"] for f in reversed(g.state["flow"]) if f["name"] == "battle"), None)
    if b is None:
        return []
    if block == GARRISON:
        return [("Lord Thomas Scales", 1) for m in g.state.get("modifiers", ()) if m["name"] == "garrison_bonus"]
    house = g.state["blocks"][block]["house"]
    main = b["sides"].get(house, {}).get("main", [])
    return [("A Warwick! A Warwick!" if "warwick" in m["leaders"] else "Glorious Sun of York", 1)
            for m in g.state.get("modifiers", ()) if m["name"] == "roll_bonus" and m["shire"] == b["shire"]
            and m["house"] == house and any(x in main for x in m["leaders"])]


def extra_hits(g: Game, house: str) -> int:
    """Alliance dice for this round (#1–#27 discard abilities), rolled with the main body."""
    b = battle(g)
    dice = b.setdefault("extra_dice", {}).pop(house, "")
    rolls = rng.roll(g.state, len(dice)) if dice else []
    hits = sum(1 for d, r in zip(dice, rolls) if r in data().components.dice_hits[d])
    if dice:
        g.log(f"{possessive(hname(house))} alliance dice: {dice_words(dice, rolls, [])} — {plural(hits, 'hit')}.",
              kind="battle")
    return hits


def take_hits(g: Game) -> None:
    """RB 20.5.3: one hit at a time to the strongest block (most dice), the owner choosing among equals
    and between a host and its attached blocks in the main body."""
    b = battle(g)
    for h in sides(g):
        if b["hits"].get(h, 0) <= 0:
            continue
        choices = hit_choices(g.state, b["sides"][h])
        if not choices:
            b["hits"][h] = 0
            continue
        g.again()
        if len(choices) == 1 or h not in g.roles:
            apply_hit(g, h, choices[0])
        else:
            g.call("take_hit", role=h, choices=choices, left=b["hits"][h])
        return


def hit_choices(state, side: dict) -> list[str]:
    main = side["main"]
    if not main:
        return []
    size = {x: len(dice_now(state, x)) for x in main}
    best = max(size.values())
    strongest = [x for x in main if size[x] == best]
    absorb = [x for x in main if host_of(state, x) in strongest and x not in strongest]
    hosts = [host_of(state, x) for x in strongest if host_of(state, x) in main]
    return strongest + absorb + [h for h in dict.fromkeys(hosts) if h not in strongest]


def apply_hit(g: Game, house: str, block: str) -> None:
    b = battle(g)
    side = b["sides"][house]
    b["hits"][house] -= 1
    if block == GARRISON:                  # RB 9.6: set aside until the end of the battle step
        b["garrison"]["strength"] -= 1
        if b["garrison"]["strength"] < 1:
            b["garrison"].update(strength=1, out=True)
            side["main"].remove(GARRISON)
            g.log(f"{label(block)} is eliminated and set aside (RB 9.6).", kind="battle")
        else:
            g.log(f"{label(block)} loses a step.", kind="battle")
        return
    s = g.state["blocks"][block]
    if s["strength"] > 1:
        s["strength"] -= 1
        g.log(f"{name(block)} loses a step ({s['strength']} left).", kind="battle")
        return
    g.log(f"{name(block)} is eliminated (RB 20.5.3).", kind="battle")
    gone = [block] + [x for x in side["engaged"] if g.state["blocks"][x]["host"] == block
                      and data().block(x).kind == "office"]      # office blocks go with their host (20.4.3)
    for x in gone:
        for key in ("main", "engaged"):
            if x in side[key]:
                side[key].remove(x)
    side["eliminated"].append(block)


@FLOW.decision("take_hit")
class TakeHit(Decision):
    sequence = True

    def sequence_default(self, g, role):
        """Losses by the book: the first of the blocks the rules let take the hit now (RB 20.5.3)."""
        return next((a.id for a in self.actions(g, role)), None)

    def prompt(self, g, role):
        return f"RB 20.5.3: {plural(g.local['left'], 'hit')} to take; which block takes the next one?"

    def actions(self, g, role):
        return [act("hit", x, label=f"{label(x)} ({plural(strength(g.state, x), 'step')})")
                for x in g.local["choices"]]

    def on_hit(self, g, role, block):
        apply_hit(g, role, block)
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def decide(g: Game) -> None:
    """RB 20.4.3, 20.5.5: a side with nothing left in main body and reserve loses (also a side of
    mercenaries alone); otherwise from round 2 the attacker, then the defender, may retreat."""
    from rules.crownofroses.combat_options import exhausted, offer_extension
    b = battle(g)
    attacker, defender = sides(g)
    if exhausted(g):                                   # PB 1.1
        return
    alive = {h: [x for x in b["sides"][h]["engaged"]] for h in (attacker, defender)}
    for h in (attacker, defender):
        if alive[h] and all(data().block(x).kind == "mercenary" for x in alive[h]):
            other = defender if h == attacker else attacker
            if alive[other]:
                defect(g, h, other)
                alive[h] = []
    if not alive[attacker] or not alive[defender]:
        b["over"] = True
        b["winner"] = attacker if alive[attacker] else defender if alive[defender] else None
        loser = defender if b["winner"] == attacker else attacker
        if b["winner"] and b["sides"][loser]["reinf"]:
            if offer_extension(g, loser):              # RB 20.5.5 "Where Art Thou?"
                return
            g.call("retreat", role=loser, house=loser, blocks=list(b["sides"][loser]["reinf"]),
                   why="un-arrived reinforcements of the loser (RB 20.5.5)")
        return
    if b["round"] >= 2:
        g.call("retreat_or_fight", role=attacker, order=[attacker, defender])


def skip_if_over(g: Game) -> None:
    """A Surprise at the round's start may end the engagement (Bad Weather, Cool Judgement, a retreat) or
    leave a side with no block engaged (Treachery, Wavering Nobles): then it is decided (RB 20.5.5)."""
    b = battle(g)
    for h in sides(g):                              # blocks that came back into the shire join at once
        side = b["sides"][h]
        known = set(side["engaged"] + side["reinf"] + side["eliminated"])
        side["engaged"] += [x for x in board.blocks_at(g.state, b["shire"], h) if x not in known]
    if b["over"]:
        g.end()
    elif any(not b["sides"][h]["engaged"] for h in sides(g)):
        g.again()
        decide(g)


FLOW.procedure("round", begin_round, hook_step("round_start"), skip_if_over, reinforce, choose_bodies, settle_main_body,
               declare_charges, resolve_charges, line_battle, hook_step("after_rolls"), take_hits, round_removals,
               decide)


def defect(g: Game, house: str, winner: str) -> None:
    """RB 20.4.3: mercenaries left alone abandon the field and swear to the winner (a host of the winning
    force), else become brigands: Inactive, a Plundered marker on the shire."""
    b = battle(g)
    hosts = mercenary_hosts(g.state, b["sides"][winner])
    if winner in g.roles and hosts:                    # the winner chooses the hosts once the engagement ends
        b.setdefault("merc_hosts", []).extend(b["sides"][house]["engaged"])
    for x in list(b["sides"][house]["engaged"]):
        if hosts:
            g.state["blocks"][x].update(house=winner, host=hosts[0])
            b["sides"][winner]["engaged"].append(x)
            for m in g.state.get("modifiers", ()):          # "the winner takes the mercenary card"
                if m["name"] == "mercenary" and m["block"] == x and m["card"] in g.state["zones"].get(f"play:{house}", ()):
                    cards.move(g.state, m["card"], f"play:{house}", f"play:{winner}")
            g.log(f"{name(x)} abandons {hname(house)} and joins {hname(winner)} (RB 20.4.3).", kind="battle")
        else:
            take_off_map(g, x, "inactive", None)
            g.state["markers"][b["shire"]] = "plundered"
            g.log(f"{name(x)} turns brigand: {place_name(b['shire'])} is Plundered (RB 20.4.3).", kind="battle")
    b["sides"][house].update(engaged=[], main=[])


def mercenary_hosts(state, side: dict) -> list[str]:
    return [x for x in side["engaged"] if board.is_noble(x) and (data().block(x).command_rating or 0) >= 1
            and state["blocks"][x]["status"] == "map"]


@FLOW.decision("mercenary_host")
class MercenaryHost(Decision):
    """RB 20.4.3: the mercenary swears to the winner, who attaches it to a suitable noble of its force."""

    def prompt(self, g, role):
        return f"RB 20.4.3: {name(g.local['blocks'][0])} swears allegiance to you: choose the noble who hosts it."

    def actions(self, g, role):
        x = g.local["blocks"][0]
        for host in mercenary_hosts(g.state, battle(g)["sides"][role]):
            yield act("host", host, label=f"{name(x)} attaches to {name(host)}")

    def on_host(self, g, role, host):
        x = g.local["blocks"].pop(0)
        g.state["blocks"][x]["host"] = host
        g.log(f"{name(x)} attaches to one of {possessive(hname(role))} nobles (RB 20.4.3).", kind="battle")
        g.log(f"{name(x)} attaches to {name(host)}.", to=[role], kind="battle")
        if not g.local["blocks"]:
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- after an engagement (RB 20.6.1) ------------------------------------------------------------------------
def after_engagement(g: Game) -> None:
    """Each eliminated noble rolls on the Elimination Chart (+1 when the enemy force retreated); office
    and other non-noble blocks become Unavailable; Henry VI eliminated, or with a killed host, is killed."""
    b = battle(g)
    release_round_removals(g)                         # a round cut short: its charges fall with these rolls
    for house in roll_eliminated(g):
        heir_kill_card(g, house)                       # PB 3.4.9 #3
    if b["winner"]:
        g.log(f"{hname(b['winner'])} wins the engagement.", kind="battle")
    elif b["retreated"]:
        g.log(f"{hname(b['retreated'])} has left the engagement.", kind="battle")


def roll_eliminated(g: Game, heirs_only: bool = False) -> list[str]:
    """The Elimination Chart for the blocks the line battle eliminated (+1 when the enemy force retreated),
    all as one moment (RB 6.1); returns the houses that killed an heir."""
    b = battle(g)
    attacker, defender = b["attacker"], b["defender"]
    killers = []
    with removed_together(g):
        for h in (attacker, defender):
            other = defender if h == attacker else attacker
            bonus = 1 if b["retreated"] == other else 0
            for x in list(b["sides"][h]["eliminated"]):
                if heirs_only and not board.is_heir(g.state, x):
                    continue
                b["sides"][h]["eliminated"].remove(x)
                if g.state["blocks"][x]["status"] != "map":
                    continue
                heir = board.is_heir(g.state, x)
                eliminate_now(g, x, bonus, "the enemy retreated")
                if heir and g.state["blocks"][x]["status"] == "out" and other not in killers:
                    killers.append(other)
    return killers


def _move_out_places(state, house: str, shire: str) -> list[str]:
    from rules.crownofroses.retreat import move_out_places
    return move_out_places(state, house, shire)


def public_battle(state) -> dict | None:
    """What everyone sees of the battle being fought (VIEW.md): the shire, the two sides, the round, the
    revealed main bodies with their strengths, and how many blocks each side has engaged and waiting."""
    frame = next((f["local"] for f in reversed(state["flow"]) if f["name"] == "battle"), None)
    if frame is None or "sides" not in frame:
        return None
    shown = {}
    for h in (frame["attacker"], frame["defender"]):
        side = frame["sides"][h]
        shown[h] = {"main": [[x, strength(state, x)] for x in side["main"]],
                    "engaged": len(side["engaged"]), "reinforcements": len(side["reinf"])}
    return {"shire": frame["shire"], "attacker": frame["attacker"], "defender": frame["defender"],
            "round": frame.get("round", 0), "sides": shown}

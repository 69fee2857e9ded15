"""Optional combat rules: Exhaustion (PB 1.1) and "Where Art Thou?" (RB 20.5.5)."""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import place_name
from rules.crownofroses.combat import FLOW, battle, sides
from rules.crownofroses.common import hname, take_off_map


def losses(g: Game) -> tuple:
    """What a hit changes in the engagement: the steps of both houses' blocks in the shire, the blocks
    eliminated, the Tower garrison."""
    b = battle(g)
    shire = b["shire"]
    steps = sum(g.state["blocks"][x]["strength"] for h in sides(g) for x in board.blocks_at(g.state, shire, h))
    gone = sum(len(b["sides"][h]["eliminated"]) for h in sides(g))
    tower = b.get("garrison") or {}
    return steps, gone, tower.get("strength"), tower.get("out")


def mark_round(g: Game) -> None:
    battle(g)["round_losses"] = list(losses(g))


# ---- PB 1.1 Exhaustion ----------------------------------------------------------------------------------------------
def exhausted(g: Game) -> bool:
    """PB 1.1: a round in which nobody scored a hit ends the engagement. The attacker retreats if it can;
    else the defender may; a defender that stays sends the attacker's blocks to its Undeclared pool.
    Returns True when it took over the end of the round."""
    b = battle(g)
    if not g.state["options"].get("exhaustion") or b.get("round_losses") != list(losses(g)):
        return False
    attacker, defender = sides(g)
    if not b["sides"][attacker]["engaged"] or not b["sides"][defender]["engaged"]:
        return False
    from rules.crownofroses.retreat import retreat_places
    g.log("Nobody scored a hit: both sides are exhausted (PB 1.1).", kind="battle")
    b["over"] = True
    if retreat_places(g.state, b, attacker):
        retreat(g, attacker, "is exhausted and retreats (PB 1.1)")
    elif defender in g.roles and retreat_places(g.state, b, defender):
        g.call("exhausted_defender", role=defender)
    else:
        stay(g)
    return True


def retreat(g: Game, house: str, why: str) -> None:
    b = battle(g)
    b["retreated"] = house
    b["winner"] = next(h for h in sides(g) if h != house)
    side = b["sides"][house]
    g.call("retreat", role=house, house=house, blocks=side["engaged"] + side["reinf"], why=why)


def stay(g: Game) -> None:
    """The defender holds: the attacker's blocks in the shire go to its Undeclared pool (PB 1.1)."""
    b = battle(g)
    attacker, defender = sides(g)
    side = b["sides"][attacker]
    for x in sorted(set(board.blocks_at(g.state, b["shire"], attacker)) | set(side["engaged"] + side["reinf"])):
        s = g.state["blocks"][x]
        if s["status"] == "map" and s["at"] == b["shire"] and s["host"] is None:
            take_off_map(g, x, "undeclared", s["house"])     # a committed partner's blocks to its own pool
    side.update(engaged=[], main=[], reinf=[])
    b["winner"] = defender
    g.log(f"{hname(attacker)} cannot retreat from {place_name(b['shire'])}: its blocks go to its Undeclared "
          f"pool (PB 1.1).", kind="battle")


@FLOW.decision("exhausted_defender")
class ExhaustedDefender(Decision):
    def prompt(self, g, role):
        return "PB 1.1: both sides are exhausted and the attacker cannot retreat. Retreat, or hold the shire?"

    def actions(self, g, role):
        return [act("retreat", label="Retreat"), act("hold", label="Hold: the attacker goes to its Undeclared pool")]

    def on_retreat(self, g, role):
        side = battle(g)["sides"][role]
        battle(g).update(retreated=role, winner=next(h for h in sides(g) if h != role))
        g.goto("retreat", role=role, house=role, blocks=side["engaged"] + side["reinf"],
               why="is exhausted and retreats (PB 1.1)")

    def on_hold(self, g, role):
        stay(g)
        g.end()

    def default(self, g, role):
        return "hold"


# ---- RB 20.5.5 "Where Art Thou?" ---------------------------------------------------------------------------------------
def offer_extension(g: Game, loser: str) -> bool:
    """When a side won with nobody retreating and the loser still has reinforcements waiting, either side
    may fight on (the loser first, then the winner). Returns True when the question is asked."""
    b = battle(g)
    if not g.state["options"].get("where_art_thou") or b["retreated"] or not b["winner"]:
        return False
    asked = [h for h in (loser, b["winner"]) if h in g.roles]
    if not asked:
        return False
    g.call("extend_engagement", role=asked[0], asked=asked, loser=loser)
    return True


@FLOW.decision("extend_engagement")
class ExtendEngagement(Decision):
    def prompt(self, g, role):
        return (f"Where Art Thou? (RB 20.5.5): {hname(g.local['loser'])} still has reinforcements waiting. "
                f"Fight on with them, or let the engagement end?")

    def actions(self, g, role):
        return [act("extend", label="Fight on"), act("end", label="Let it end")]

    def on_extend(self, g, role):
        b = battle(g)
        b.update(over=False, winner=None)
        g.log(f"{hname(role)} calls for the reinforcements: the engagement goes on (RB 20.5.5).", kind="battle")
        g.end()

    def on_end(self, g, role):
        asked = g.local["asked"]
        if role != asked[-1]:
            g.goto("extend_engagement", role=asked[asked.index(role) + 1], asked=asked, loser=g.local["loser"])
            return
        loser = g.local["loser"]
        g.goto("retreat", role=loser, house=loser, blocks=list(battle(g)["sides"][loser]["reinf"]),
               why="un-arrived reinforcements of the loser (RB 20.5.5)")

    def default(self, g, role):
        return "end"

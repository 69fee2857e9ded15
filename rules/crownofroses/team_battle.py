"""Joint battles of team play (PB 1.5): before each engagement a partner with blocks in the shire may commit
any of them to its partner's side. The side's house then leads, chooses the main body (within the leader's
CR; the rest in reserve), reinforcements and where hits go; each block rolls its own dice and keeps its own
house. A retreat takes the partner's committed blocks too, each house choosing its own route."""

from __future__ import annotations

from rules.core.wording import possessive
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import name, place_name
from rules.crownofroses.combat import FLOW, battle
from rules.crownofroses.common import hname


def offer_joint(g: Game) -> None:
    """At the start of an engagement: each partner of the attacker or the defender with free blocks in the
    shire is asked, in turn, which of them it commits (PB 1.5)."""
    if not g.state.get("teams"):
        return
    b = battle(g)
    queue = []
    for h in (b["attacker"], b["defender"]):
        for p in sorted(board.houses_at(g.state, b["shire"]), key=g.state["houses"].index):
            if p != h and board.partners(g.state, p, h) and p in g.roles and free_blocks(g, p, h):
                queue.append([p, h])
    if queue:
        g.call("join_battle", role=queue[0][0], side=queue[0][1], queue=queue[1:])


def free_blocks(g: Game, partner: str, side: str) -> list[str]:
    """The partner's blocks in the shire not yet on its partner's side, hosts only (attached blocks go with
    their host)."""
    b = battle(g)
    on_side = set(b["sides"][side]["engaged"]) | set(b["sides"][side]["reinf"])
    return [x for x in board.blocks_at(g.state, b["shire"], partner)
            if x not in on_side and not g.state["blocks"][x]["host"]]


@FLOW.decision("join_battle")
class JoinBattle(Decision):
    def prompt(self, g, role):
        return (f"PB 1.5 joint battle: {hname(g.local['side'])} fights in {place_name(battle(g)['shire'])}. "
                f"Commit your blocks there to its side, one at a time, then finish.")

    def actions(self, g, role):
        for x in free_blocks(g, role, g.local["side"]):
            yield act("commit", x, label=f"Commit {name(x)}")
        yield act("done", label="Finish committing")

    def on_commit(self, g, role, block):
        b = battle(g)
        side = b["sides"][g.local["side"]]
        moving = [block, *board.attached_to(g.state, block)]
        side["engaged"] += [x for x in moving if x not in side["engaged"]]
        side.setdefault("partners", [])
        if role not in side["partners"]:
            side["partners"].append(role)
        own = b["sides"].get(role)
        if own:                                   # never on two sides at once
            for key in ("engaged", "reinf", "main"):
                own[key] = [x for x in own[key] if x not in moving]
        g.log(f"{hname(role)} commits a block to {possessive(hname(g.local['side']))} side (PB 1.5).", kind="battle")

    def on_done(self, g, role):
        queue = g.local["queue"]
        if queue:
            g.goto("join_battle", role=queue[0][0], side=queue[0][1], queue=queue[1:])
        else:
            g.end()

    def default(self, g, role):
        return "done"


def partner_retreat(g: Game, blocks: list[str]) -> bool:
    """After a house retreated, its partner's committed blocks still in the shire retreat too, by a route
    of the partner's choice (PB 1.5). Returns True when that retreat was called."""
    b = battle(g)
    left = [x for x in blocks if g.state["blocks"][x]["status"] == "map" and g.state["blocks"][x]["at"] == b["shire"]]
    houses = [h for h in g.state["houses"] if any(g.state["blocks"][x]["house"] == h for x in left) and h in g.roles]
    if not houses or not g.state.get("teams"):
        return False
    h = houses[0]
    g.goto("retreat", role=h, house=h, blocks=left, why="retreats with its partner (PB 1.5)")
    return True

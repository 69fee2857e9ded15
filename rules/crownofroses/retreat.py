"""Leaving a battle (RB 20.5.4): the retreat decision from round 2, pursuit of a retreating heir with
3-OPS cards, retreat routes; and after a battle the winner's move out over the stacking limit (20.7.2)."""

from __future__ import annotations

from rules.core.wording import plural

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board, record
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.combat import _here, arrivals, battle
from rules.crownofroses.common import FLOW, attrition, hname, take_off_map
from rules.crownofroses.team_battle import partner_retreat


@FLOW.decision("retreat_or_fight")
class RetreatOrFight(Decision):
    def prompt(self, g, role):
        return "RB 20.5.4: retreat from the engagement, or fight another round?"

    def actions(self, g, role):
        yield act("fight", label="Fight on")
        if retreat_places(g.state, battle(g), role):
            yield act("retreat", label="Retreat")

    def on_fight(self, g, role):
        order = g.local["order"]
        if order.index(role) + 1 < len(order) and order[order.index(role) + 1] in g.roles:
            g.goto("retreat_or_fight", role=order[order.index(role) + 1], order=order)
        else:
            g.end()

    def on_retreat(self, g, role):
        b = battle(g)
        enemy = next(h for h in (b["attacker"], b["defender"]) if h != role)
        side = b["sides"][role]
        if any(x in board.heir_blocks(g.state, role) for x in side["engaged"] + side["reinf"]) and enemy in g.roles:
            g.goto("pursuit", role=enemy, retreating=role, pursuer=enemy)
            return
        start_retreat(g, role)


def start_retreat(g: Game, role: str) -> None:
    b = battle(g)
    b["retreated"], b["over"] = role, True
    b["winner"] = next(h for h in (b["attacker"], b["defender"]) if h != role)
    side = b["sides"][role]
    g.goto("retreat", role=role, house=role, blocks=side["engaged"] + side["reinf"], why="retreats (RB 20.5.4)")


def three_ops_cards(state, house: str) -> list[str]:
    from rules.crownofroses.phases import card_ops
    return [c for c in state["zones"][f"hand:{house}"] if card_ops(c) == 3]


@FLOW.decision("pursuit")
class Pursuit(Decision):
    """RB 20.5.4 pursuit: a retreat with an heir may be cancelled by the enemy discarding a 3-OPS card (house
    cards too); the retreating house may discard one to go on; and so on. No cards are drawn for them. The
    house asked is fixed by public facts and may always decline, so being asked tells nothing."""

    def prompt(self, g, role):
        if role == g.local["pursuer"]:
            return "RB 20.5.4: the enemy retreats with an heir. Discard a 3-OPS card to pursue (cancel the retreat)?"
        return "RB 20.5.4: the enemy pursues. Discard a 3-OPS card to go on retreating?"

    def actions(self, g, role):
        from rules.crownofroses.phases import card_title
        stop = "Let them go" if role == g.local["pursuer"] else "Stay and fight"
        yield act("stop", label=stop)
        for c in three_ops_cards(g.state, role):
            yield act("discard", c, label=f"Discard {card_title(c)}")

    def protects_secret(self, g, role):
        """Whether the house holds a 3-OPS card is hidden: asked while its hand holds any (issue 33)."""
        return bool(g.state["zones"][f"hand:{role}"])

    def on_stop(self, g, role):
        if role == g.local["pursuer"]:
            start_retreat(g, g.local["retreating"])
        else:
            g.log(f"{hname(role)} is caught: the retreat is cancelled and the engagement goes on.", kind="battle")
            g.end()

    def on_discard(self, g, role, card):
        from rules.crownofroses.phases import card_title
        cards.move(g.state, card, f"hand:{role}", "removed" if card in data().house_cards else "discard")
        g.log(f"{hname(role)} discards {card_title(card)} "
              + ("to pursue (RB 20.5.4)." if role == g.local["pursuer"] else "to go on retreating."), kind="battle")
        other = g.local["retreating"] if role == g.local["pursuer"] else g.local["pursuer"]
        if other not in g.roles:
            if role == g.local["pursuer"]:
                g.end()
            else:
                start_retreat(g, role)
            return
        g.goto("pursuit", role=other, retreating=g.local["retreating"], pursuer=g.local["pursuer"])

    def default(self, g, role):
        return "stop"

    def default(self, g, role):
        return "fight"


def retreat_places(state, b: dict, house: str) -> list[str]:
    """RB 20.5.4: an adjacent shire by land (not the Wash, which is no border), free of enemy blocks, not
    across a border by which an enemy entered; the attacker must use the shire it came from if it can."""
    shire = b["shire"]
    barred = {a[3] for a in arrivals(state, shire) if not board.partners(state, a[0], house) and a[3]}
    barred |= {e["from"] for e in state.get("entries", {}).get(shire, [])
               if not board.partners(state, e["house"], house) and e["from"]}
    found = [s for s, _ in data().board.neighbours(shire)
             if s not in barred and not board.enemy_houses_at(state, s, house)
             and not board.embassy_barred(state, house, s)]
    came = b["sides"][house].get("from")
    if house == b["attacker"] and came in found:
        return [came]
    return found


@FLOW.decision("retreat")
class Retreat(Decision):
    def prompt(self, g, role):
        return f"RB 20.5.4: {hname(g.local['house'])} {g.local['why']}: choose the shire to go to."

    def actions(self, g, role):
        places = retreat_places(g.state, battle(g), g.local["house"])
        if not places:
            return [act("undeclared", label="No valid route: to the Undeclared pool")]
        return [act("to", s, label=place_name(s)) for s in places]

    def on_to(self, g, role, shire):
        b = battle(g)
        fens = data().board.border(b["shire"], shire).kind == "fens"
        moving = [x for x in g.local["blocks"] if _here(g.state, x, b["shire"], g.local["house"])]
        record.note_move(g.state, "retreat", g.local["house"], b["shire"], shire, moving)
        for x in moving:
            g.state["blocks"][x]["at"] = shire
        drop_from_sides(b, moving)
        b["sides"][g.local["house"]]["main"] = []
        g.log(f"{hname(g.local['house'])} retreats {plural(len(moving), 'block')} to {place_name(shire)}.", kind="battle")
        if fens:                                             # RB 16.2.2, 22.0: attrition at −1
            for x in moving:
                attrition(g, x, modifier=-1)
        if not partner_retreat(g, g.local["blocks"]):
            g.end()

    def on_undeclared(self, g, role):
        b = battle(g)
        side = b["sides"][g.local["house"]]
        for x in g.local["blocks"]:
            if _here(g.state, x, b["shire"], g.local["house"]) and g.state["blocks"][x]["host"] is None:
                take_off_map(g, x, "undeclared", g.local["house"])
        drop_from_sides(b, g.local["blocks"])
        side.update(engaged=[], main=[], reinf=[])
        g.log(f"{hname(g.local['house'])} has no route: its blocks go to the Undeclared pool.", kind="battle")
        if not partner_retreat(g, g.local["blocks"]):
            g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def drop_from_sides(b: dict, gone: list[str]) -> None:
    """Blocks that left the shire leave every side's lists (a partner's committed blocks too, PB 1.5)."""
    for side in b["sides"].values():
        for key in ("engaged", "main", "reinf"):
            side[key] = [x for x in side[key] if x not in gone]


def move_out_places(state, house: str, shire: str) -> list[str]:
    """RB 20.7.2: adjacent shires by land (not the Wash, no sea), free of enemy blocks."""
    return [s for s, _ in data().board.neighbours(shire) if not board.enemy_houses_at(state, s, house)]


@FLOW.decision("move_out")
class MoveOut(Decision):
    """RB 20.7.2: a winner over the stacking limit may move blocks out, down to the limit and not below
    (the Fens with an attrition roll); or keep them and face the stacking check (21.1)."""

    def prompt(self, g, role):
        shire = g.local["shire"]
        return (f"RB 20.7.2: you have {len(board.blocks_at(g.state, shire, role))} blocks in {place_name(shire)}, "
                f"over its limit of {board.stacking_limit(shire)}. Move blocks out, or keep them.")

    def actions(self, g, role):
        shire = g.local["shire"]
        yield act("keep", label="Keep the rest here")
        over = len(board.blocks_at(g.state, shire, role)) - board.stacking_limit(shire)
        for x in board.blocks_at(g.state, shire, role):
            if g.state["blocks"][x]["host"] or 1 + len(board.attached_to(g.state, x)) > over:
                continue
            for s in move_out_places(g.state, role, shire):
                yield act("out", x, s, label=f"{name(x)} to {place_name(s)}", group=name(x))

    def on_keep(self, g, role):
        g.end()

    def on_out(self, g, role, block, to):
        shire = g.local["shire"]
        moving = [block, *board.attached_to(g.state, block)]
        record.note_move(g.state, "move_out", role, shire, to, moving)
        for x in moving:
            g.state["blocks"][x]["at"] = to
        g.log(f"{hname(role)} moves {plural(len(moving), 'block')} out of {place_name(shire)} to {place_name(to)} "
              f"(RB 20.7.2).", kind="battle")
        if data().board.border(shire, to).kind == "fens":
            for x in moving:
                attrition(g, x)
        if len(board.blocks_at(g.state, shire, role)) <= board.stacking_limit(shire):
            g.end()

    def default(self, g, role):
        return "keep"

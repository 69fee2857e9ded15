"""Reactions to a stack entering a shire (RB 16.5 interception, 16.6 avoid battle), run by movement.py after
each arrival: first one interception attempt by one house among those that answer the window (several:
the tie-breaker chooses, RB 10.5.1), then one avoid attempt per house that may avoid. Attempts and their
rolls are public; a stack is announced by its number of blocks and its leader's CR (the roll is judged
against it)."""

from __future__ import annotations

from rules.core.wording import plural

from rules.core.choices import ReactionWindow
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board, record
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, attrition, d6, decider, hname, hook_step


def impulse_order(state) -> list[str]:
    order = list(state.get("order", []))
    return order + [h for h in state["houses"] if h not in order]


class TieBrokenWindow(ReactionWindow):
    """A window where only one answer can be carried out: when several houses answer, the tie-breaker
    (RB 10.5.1: "the King breaks all ties"; else the highest office, else the turn's decider) chooses whose
    answer comes first. ``tie_purpose`` names what is decided."""

    tie_purpose = "which answer is carried out"

    def after_reveal(self, g):
        queue = g.local["queue"]
        if g.local.get("tie") == "asked":
            first = g.returned
            g.frame["ret"], g.local["tie"] = None, "settled"
            queue.sort(key=lambda answer: answer[0] != first)
        elif len(queue) > 1 and not g.local.get("tie"):
            g.local["tie"] = "asked"
            g.call("choose_first", role=decider(g), tied=[r for r, _ in queue], purpose=self.purpose(g))
            return
        super().after_reveal(g)

    def purpose(self, g) -> str:
        return self.tie_purpose


def needs_reaction(state, house: str, place: str) -> bool:
    if place.startswith("exile/"):
        return False
    return bool(board.enemy_houses_at(state, place, house)) or bool(interceptors(state, house, place))


def interceptors(state, mover: str, place: str) -> list[str]:
    """Houses with blocks alone in a shire adjacent to ``place`` by land (the Wash is no border): public."""
    found = set()
    for other, _ in data().board.neighbours(place):
        present = board.houses_at(state, other)
        if len(present) == 1 and not board.partners(state, mover, next(iter(present))):
            found |= present
    return [h for h in impulse_order(state) if h in found]


def march_frame(g: Game) -> dict:
    return next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "march")


def approach_frame(g: Game) -> dict:
    return next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "approach")


# ---- RB 16.5 interception ----------------------------------------------------------------------------------
def open_interception(g: Game) -> None:
    houses = [h for h in interceptors(g.state, g.local["role"], g.local["place"]) if h in g.roles]
    g.local.update(intercepted=None, before=set_of(g.state, g.local["place"]))
    if houses:
        g.call("intercept", roles=houses, place=g.local["place"])


def set_of(state, place: str) -> list[str]:
    return board.blocks_at(state, place)


def intercept_leaders(state, house: str, place: str) -> list[str]:
    found = []
    for other, _ in data().board.neighbours(place):
        if board.houses_at(state, other) == {house}:
            found += [b for b in board.blocks_at(state, other, house) if board.is_noble(b)
                      and state["blocks"][b]["host"] is None and board.command_rating(state, b) >= 1]
    return found


@FLOW.decision("intercept")
class Intercept(TieBrokenWindow):
    text = "RB 16.5: an enemy stack enters a shire next to your blocks. Try to intercept, or pass."

    def purpose(self, g):
        return f"the one interception into {place_name(g.local['place'])} (RB 16.5)"

    def could_answer(self, g, role):
        """Only a house with a leader next to the shire may intercept: the blocks' places are public."""
        return bool(intercept_leaders(g.state, role, g.local["place"]))

    def responses(self, g, role):
        for leader in intercept_leaders(g.state, role, g.local["place"]):
            yield act("intercept", leader, label=f"Intercept with {name(leader)} from "
                      f"{place_name(g.state['blocks'][leader]['at'])}")

    def resolve(self, g, role, response):
        if approach_frame(g).get("attempted"):
            return                  # one attempt per shire entered: the first after the tie-break
        approach_frame(g)["attempted"] = True
        leader = response.split(":")[1]
        g.call("form_stack", role=role, leader=leader, stack=_carried(g.state, leader), purpose="intercept",
               place=g.local["place"], limit=None)


def _carried(state, block: str) -> list[str]:
    return [block, *board.attached_to(state, block)]


@FLOW.decision("form_stack")
class FormStack(Decision):
    """Form the intercepting or avoiding stack like a moving stack (RB 16.1): leader and up to his CR."""

    def prompt(self, g, role):
        what = "intercepting" if g.local["purpose"] == "intercept" else "avoiding"
        return f"Form the {what} stack led by {name(g.local['leader'])}, then roll."

    def actions(self, g, role):
        from rules.crownofroses.movement import counts_against_cr, may_follow, stack_size
        state, leader, stack = g.state, g.local["leader"], g.local["stack"]
        room = board.command_rating(state, leader) - stack_size(state, stack, leader)
        for b in board.blocks_at(state, state["blocks"][leader]["at"], role):
            if b in stack or state["blocks"][b]["host"] or not may_follow(state, leader, b):
                continue
            extra = [x for x in _carried(state, b) if counts_against_cr(x)]
            if len(extra) <= room and (g.local["limit"] is None or len(stack) + len(extra) <= g.local["limit"]):
                yield act("add", b, label=f"Add {name(b)}")
        yield act("roll", label=f"Roll (success on {board.command_rating(state, leader)} or less)")

    def on_add(self, g, role, block):
        g.local["stack"].extend(_carried(g.state, block))

    def on_roll(self, g, role):
        state, leader = g.state, g.local["leader"]
        cr = board.command_rating(state, leader)
        roll = d6(g)
        ok = roll <= cr
        verb = "intercept" if g.local["purpose"] == "intercept" else "avoid battle"
        g.log(f"{hname(role)} tries to {verb} with {plural(len(g.local['stack']), 'block')} led by a CR {cr} noble: "
              f"rolls {roll} — {'success' if ok else 'failure'} (RB 16.{5 if verb == 'intercept' else 6}).",
              data={"roll": roll})
        if not ok:
            g.end()
            return
        if g.local["purpose"] == "intercept":
            arrive_interceptors(g, role)
            g.end()
        else:
            g.goto("avoid_to", role=role, stack=g.local["stack"], place=g.local["place"])

    def default(self, g, role):
        return "roll"


def arrive_interceptors(g: Game, house: str) -> None:
    """RB 16.5, 20.1: the interceptors enter as if immediately before the intercepted stack, and defend."""
    place, stack = g.local["place"], g.local["stack"]
    came = g.state["blocks"][g.local["leader"]]["at"]
    record.note_move(g.state, "intercept", house, came, place, stack)
    for b in stack:
        g.state["blocks"][b]["at"] = place
    entries = g.state.setdefault("entries", {}).setdefault(place, [])
    entries.insert(max(0, len(entries) - 1), {"house": house, "blocks": list(stack), "leader": g.local["leader"],
                                             "from": came})
    approach_frame(g)["intercepted"] = house
    g.log(f"{hname(house)} intercepts: {plural(len(stack), 'block')} move from {place_name(came)} into "
          f"{place_name(place)}; the moving stack stops there.")
    from rules.crownofroses.movement import _garrison
    _garrison(g, house, place)


# ---- RB 16.6 avoid battle ------------------------------------------------------------------------------------
def avoiders(g: Game) -> dict[str, int]:
    """House -> how many blocks may avoid. An uncontested shire: its owner, every block. An already
    contested one: only the enemy with most blocks, with its blocks beyond the opposing ones already there."""
    state, mover, place = g.state, g.local["role"], g.local["place"]
    entering = set(g.local["stack"])
    interceptor = g.local.get("intercepted")
    before = [b for b in g.local["before"] if b not in entering and state["blocks"][b]["status"] == "map"
              and state["blocks"][b]["at"] == place]
    houses = {state["blocks"][b]["house"] for b in before}
    counts = {h: sum(1 for b in before if state["blocks"][b]["house"] == h) for h in houses}
    enemies = [h for h in houses if h != interceptor and not board.partners(state, h, mover)]
    if not houses or board.one_side(state, houses):
        return {h: counts[h] for h in enemies}
    if not enemies:
        return {}
    top = most_enemies(g, counts, enemies)[:1]     # tied enemies: neither exceeds the other (DECISIONS 56)
    return {h: counts[h] - (sum(counts.values()) - counts[h]) for h in top if counts[h] > sum(counts.values()) - counts[h]}


def most_enemies(g: Game, counts: dict[str, int], enemies: list[str]) -> list[str]:
    most = max(counts[h] for h in enemies)
    return [h for h in impulse_order(g.state) if h in enemies and counts[h] == most]


def avoid_places(state, house: str, place: str) -> list[str]:
    """RB 16.6: an adjacent shire by land free of enemy blocks, not across a border enemies entered by."""
    barred = {e["from"] for e in state.get("entries", {}).get(place, [])
              if not board.partners(state, e["house"], house) and e["from"]}
    return [s for s, _ in data().board.neighbours(place)
            if s not in barred and not board.enemy_houses_at(state, s, house)
            and not board.embassy_barred(state, house, s)]


def open_avoid(g: Game) -> None:
    if g.local.get("evaded"):
        return                     # card #74 Evade: the stack went back where it came from
    allowed = {h: n for h, n in avoiders(g).items() if h in g.roles and n > 0}
    g.local["avoid_limits"] = allowed
    if allowed:
        g.call("avoid", roles=[h for h in impulse_order(g.state) if h in allowed], place=g.local["place"])


@FLOW.decision("avoid")
class Avoid(ReactionWindow):
    text = "RB 16.6: an enemy stack enters your shire. Try to avoid battle, or pass."

    def could_answer(self, g, role):
        """Who may avoid follows from the blocks' places and the shires around (public)."""
        return any(True for _ in self.responses(g, role))

    def responses(self, g, role):
        place = g.local["place"]
        if not avoid_places(g.state, role, place):
            return
        for b in board.blocks_at(g.state, place, role):
            if board.is_noble(b) and g.state["blocks"][b]["host"] is None and board.command_rating(g.state, b) >= 1 \
                    and b in approach_frame(g)["before"]:
                yield act("avoid", b, label=f"Avoid battle with {name(b)}")

    def resolve(self, g, role, response):
        leader = response.split(":")[1]
        limit = approach_frame(g)["avoid_limits"].get(role)
        g.call("form_stack", role=role, leader=leader, stack=_carried(g.state, leader), purpose="avoid",
               place=g.local["place"], limit=limit)


@FLOW.decision("avoid_to")
class AvoidTo(Decision):
    def prompt(self, g, role):
        return "RB 16.6: the avoiding stack goes to one adjacent shire (the Fens: attrition at −1)."

    def actions(self, g, role):
        return [act("to", s, label=place_name(s)) for s in avoid_places(g.state, role, g.local["place"])]

    def on_to(self, g, role, shire):
        fens = data().board.border(g.local["place"], shire).kind == "fens"
        record.note_move(g.state, "avoid", role, g.local["place"], shire, g.local["stack"])
        for b in g.local["stack"]:
            g.state["blocks"][b]["at"] = shire
        g.log(f"{hname(role)} avoids battle: {plural(len(g.local['stack']), 'block')} go to {place_name(shire)}.")
        if fens:
            for b in g.local["stack"]:
                attrition(g, b, modifier=-1)
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def settle(g: Game) -> None:
    """The moving stack stops when intercepted (RB 16.5) or when it is not larger than the enemy (16.4)."""
    from rules.crownofroses.movement import enemies_at
    march = march_frame(g)
    stack = [b for b in march["stack"] if g.state["blocks"][b]["status"] == "map"]
    if g.local.get("intercepted") or len(stack) <= enemies_at(g.state, g.local["role"], g.local["place"]):
        march["mp"] = 0
    if g.local.get("intercepted"):
        march["intercepted"] = True


FLOW.procedure("approach", open_interception, hook_step("intercepted"), open_avoid, settle)

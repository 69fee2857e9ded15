"""Moving a stack (RB 16–17): a leader with CR >= 1 and up to CR other blocks, 4 MP, border costs
halved on safe roads (16.2.1), the Fens (16.2.2), the Wash (16.2.3), exile boxes (16.2.4), forced march
(16.3), pick-up and drop-off (16.1), sea moves (17.0). MP are counted in half points.

Entering a shire holding enemy blocks records the entry for the battle step (RB 20.1, combat.py) and
pins (16.4): a stack may leave a contested shire only leaving behind as many blocks as the enemy has
there, so it stops at once when it is not larger than them. Exile boxes stay closed to enemies (16.2.4).
"""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core.flow import Decision, Game, act
from rules.crownofroses import board, record
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, add_support, attrition, hname, run_hooks
from rules.crownofroses.options import exeter_suspected
from rules.crownofroses.scenario_rules import activation_fails, stays_put, unescorted

FULL_MP = 8                                       # 4 MP in halves
COST = {"clear": 2, "rough": 4, "fens": 4}        # normal crossings, halves
EXILE_COST = 4
SPECIAL = 2                                       # Fens special crossing and the Wash: 1 MP, never halved
EXILE_OFFICE = {"scotland": "warden", "ireland": "lt_ireland", "france": "captain_of_calais"}


def carried(state, block: str) -> list[str]:
    """A block and everything attached to it."""
    return [block, *board.attached_to(state, block)]


def counts_against_cr(block: str) -> bool:
    return block != "margaret"                    # RB 10.3.4: Margaret never counts; Henry VI does in moves


def stack_size(state, stack: list[str], leader: str) -> int:
    return sum(1 for b in stack if b != leader and counts_against_cr(b))


def may_follow(state, leader: str, block: str) -> bool:
    """RB 8.3.1: never led by a lower-ranking noble (heirs outrank non-heirs, the King everyone); PB 1.3."""
    if exeter_suspected(state, leader):
        return data().block(block).kind == "office"
    if stays_put(state, block):                  # PB 3.3.9 #1: not even as part of a stack
        return False
    if not board.is_noble(block):
        return True
    return board.precedence(state, block) <= board.precedence(state, leader)


def sea_leaders(state, house: str) -> list[str]:
    from rules.crownofroses.operations import movers
    if any(m["name"] == "no_sea" for m in state.get("modifiers", ())):
        return []                                              # card #68 Stormy Seas
    return [b for b in movers(state, house) if sea_zones_of(state["blocks"][b]["at"])]


def sea_zones_of(at: str) -> tuple[str, ...]:
    if at.startswith("exile/"):
        return data().board.exile_boxes[at[6:]].sea_zones
    return data().shire(at).coastal_seas


def start_march(g: Game, house: str, leader: str, sea: bool) -> None:
    if activation_fails(g, house, leader):       # PB 3.3.9 #1: the OPS are spent all the same
        return
    at = g.state["blocks"][leader]["at"]
    g.call("march", role=house, leader=leader, stack=carried(g.state, leader), at=at, start=at,
           mp=FULL_MP, sea=sea, dropped=[], entered_enemy=False, forced=False)


def destinations(g: Game) -> list[tuple[str, int, str]]:
    """(place, cost in halves, how) reachable from the stack's place now."""
    state, house, at, mp = g.state, g.local["role"], g.local["at"], g.local["mp"]
    found = []
    if g.local["sea"]:
        if at != g.local["start"]:
            return []
        zones = set(sea_zones_of(at))
        near = set(zones)
        for z in zones:
            near |= set(data().board.sea_zones[z].adjacent_zones)
        places = [s for s in data().board.shires if set(data().shire(s).coastal_seas) & near]
        places += [f"exile/{x}" for x, box in data().board.exile_boxes.items() if set(box.sea_zones) & near]
        for p in sorted(places):
            if p != at and open_to(state, house, p):
                found.append((p, 0, "sea" if set(sea_zones_of(p)) & zones else "sea+"))
        return found
    if mp <= 0 or at.startswith("exile/") and at != g.local["start"]:
        return []
    if pinned(state, house, at, g.local.get("stack", [])):
        return []                                              # RB 16.4: drop blocks to leave
    if at.startswith("exile/"):
        for s in data().board.exile_boxes[at[6:]].land_adjacent:
            if EXILE_COST <= mp and open_to(state, house, s):
                found.append((s, EXILE_COST, "land"))
        return found
    for other, kind in data().board.neighbours(at):
        if not open_to(state, house, other):
            continue
        cost = COST[kind]
        if board.friendly(state, at, house) and board.friendly(state, other, house):
            cost //= 2                                         # RB 16.2.1 safe road
        if any(m["name"] == "bad_roads" for m in state.get("modifiers", ())):
            cost += 2                                          # card #63 Bad Roads: +1 MP per land border
        if cost <= mp:
            found.append((other, cost, "land"))
        if kind == "fens" and SPECIAL <= mp:
            found.append((other, SPECIAL, "fens"))             # RB 16.2.2 special crossing
    wash = data().board.wash.shires
    if at in wash and SPECIAL <= mp:
        other = wash[1] if at == wash[0] else wash[0]
        if open_to(state, house, other):
            found.append((other, SPECIAL, "wash"))             # RB 16.2.3
    for box_id, box in data().board.exile_boxes.items():
        if at in box.land_adjacent and EXILE_COST <= mp and open_to(state, house, f"exile/{box_id}"):
            found.append((f"exile/{box_id}", EXILE_COST, "land"))
    return found


def open_to(state, house: str, place: str) -> bool:
    """Exile boxes hold one house only (RB 16.2.4); any shire may be entered (combat follows, RB 20)."""
    if board.embassy_barred(state, house, place):
        return False
    return not place.startswith("exile/") or not board.enemy_houses_at(state, place, house)


def enemies_at(state, house: str, place: str) -> int:
    return sum(1 for b in board.blocks_at(state, place) if not board.partners(state, state["blocks"][b]["house"], house))


def pinned(state, house: str, place: str, leaving: list[str]) -> bool:
    """RB 16.4: blocks may leave a shire holding enemy blocks only if at least as many stay behind."""
    enemies = enemies_at(state, house, place)
    if not enemies:
        return False
    staying = [b for b in board.blocks_at(state, place, house) if b not in leaving]
    return len(staying) < enemies


def record_entry(state, house: str, place: str, blocks: list[str], leader: str, came_from: str | None) -> None:
    """RB 20.1 'last in, first out': every arrival in a shire, in order (cleared after the battle step)."""
    state.setdefault("entries", {}).setdefault(place, []).append(
        {"house": house, "blocks": list(blocks), "leader": leader, "from": came_from})


@FLOW.decision("march")
class March(Decision):
    sequence = True        # picking up blocks and marching on until someone else may answer (issue 33)

    def sequence_default(self, g, role):
        """Take all: the next block that may join the stack, while any may; then the way is the player's."""
        return next((a.id for a in self.actions_of(g, role, "pickup")), None)

    def prompt(self, g, role):
        mp = g.local["mp"] / 2
        where = place_name(g.local["at"])
        if g.local["sea"]:
            return f"Sea move (RB 17.0) from {where}: pick up blocks, then choose the destination."
        return f"Move (RB 16): {possessive(name(g.local['leader']))} stack is in {where} with {mp:g} MP left."

    def actions(self, g, role):
        state, leader, stack = g.state, g.local["leader"], g.local["stack"]
        if g.local.get("rebel_hits"):                         # RB 14.2.1 #6: first the rebels' hits
            from rules.crownofroses.uprisings import rebel_hit_choices
            for b in rebel_hit_choices(g):
                yield act("rebel_hit", b, label=f"The rebels' next hit on {name(b)} "
                          f"({state['blocks'][b]['strength']} steps)", group="Rebels")
            return
        if g.local.get("rebel_steps"):                        # RB 14.2.1 #6: first the rebels' steps
            for b in stack:
                if state["blocks"][b]["strength"] < data().block(b).max_steps:
                    yield act("rebel", b, label=f"Rebels' step to {name(b)} ({state['blocks'][b]['strength']} steps)",
                              group="Rebels")
            yield act("rebel_done", label="Stop adding the rebels' steps (the rest is lost)", group="Rebels")
            return
        at_start = g.local["at"] == g.local["start"]
        if not g.local["sea"] or at_start:
            room = board.command_rating(state, leader) - stack_size(state, stack, leader)
            for b in board.blocks_at(state, g.local["at"], role):
                s = state["blocks"][b]
                # a block dropped off this move has moved (RB 16.1) or chose to stay: no second pick-up (#233)
                if b in stack or s["host"] or b in state["moved"] or b in state["step"]["muster_nobles"] \
                        or b in state["step"]["returned"] or b in g.local["dropped"] \
                        or not may_follow(state, leader, b):
                    continue
                extra = [x for x in carried(state, b) if counts_against_cr(x)]
                if len(extra) <= room:
                    yield act("pickup", b, label=f"Pick up {name(b)}", group="Stack")
            for b in stack:
                if b != leader and state["blocks"][b]["host"] is None:
                    yield act("drop", b, label=f"Drop off {name(b)}", group="Stack")
        for place, cost, how in (destinations(g) if not unescorted(state, stack) else []):
            verb = "sail" if g.local["sea"] else "go"
            extra = {"fens": " by the Fens crossing (attrition)", "wash": " across the Wash (attrition)",
                     "sea+": " (adjacent sea zone: attrition)"}.get(how, "")
            yield act(verb, place, how, label=f"To {place_name(place)}{extra}" +
                      (f" ({cost / 2:g} MP)" if cost else ""), group="Move")
        if g.local["mp"] == 0 and not g.local["sea"] and not g.local["forced"] and not g.local["entered_enemy"] \
                and not unescorted(state, stack) \
                and not g.local["at"].startswith("exile/") and not pinned(state, role, g.local["at"], stack):
            for other, kind in data().board.neighbours(g.local["at"]):
                if open_to(state, role, other) and not any(b in state["forced"] for b in stack):
                    yield act("force", other, label=f"Forced march to {place_name(other)} (attrition)", group="Move")
        if not g.local["sea"] or not at_start:
            yield act("stop", label="Stop here")

    def on_rebel(self, g, role, block):
        g.state["blocks"][block]["strength"] += 1
        g.local["rebel_steps"] -= 1
        g.local["rebel_added"] = g.local.get("rebel_added", 0) + 1
        if not g.local["rebel_steps"]:
            self.on_rebel_done(g, role)

    def on_rebel_hit(self, g, role, block):
        from rules.crownofroses.uprisings import allot_rebel_hits, take_rebel_hit
        take_rebel_hit(g, block)
        allot_rebel_hits(g)
        if not g.local.get("rebel_hits"):
            self._after_arrival(g, role, g.local.pop("arrived_by"))

    def on_rebel_done(self, g, role):
        # whether the blocks could take the steps is hidden: the count goes to the player only
        g.log(f"You add {plural(g.local.pop('rebel_added', 0), 'step')} from the rebels.", to=[role])
        g.local.pop("rebel_steps", None)
        if g.local.pop("finish_after_rebels", False):        # a sea move or forced march ends here
            self._finish(g)

    def on_pickup(self, g, role, block):
        g.local["stack"].extend(carried(g.state, block))

    def on_drop(self, g, role, block):
        for b in carried(g.state, block):
            g.local["stack"].remove(b)
            g.local["dropped"].append(b)

    def _arrive(self, g, role, place, kind="move"):
        came_from = None if g.local["sea"] else g.local["at"]
        record.note_move(g.state, "sea" if g.local["sea"] else kind, role, g.local["at"], place, g.local["stack"])
        for b in g.local["stack"]:
            g.state["blocks"][b]["at"] = place
        g.local["at"] = place
        g.log(f"{hname(role)} moves {plural(len(g.local['stack']), 'block')} to {place_name(place)}.")
        record_entry(g.state, role, place, g.local["stack"], g.local["leader"], came_from)
        run_hooks(g, "arrive", house=role, place=place, stack=list(g.local["stack"]))   # rebels (uprisings.py)
        enemies = enemies_at(g.state, role, place)
        if enemies:
            g.local["entered_enemy"] = True                    # RB 16.3: no forced march after this
            g.log(f"{place_name(place)} holds {plural(enemies, 'enemy block')}: as many of the stack are pinned (RB 16.4).")
        if place.startswith("exile/"):
            enter_exile(g, role, place, g.local["stack"], g.local["leader"])
            g.local["mp"] = 0
        _garrison(g, role, place)

    def on_go(self, g, role, place, how):
        cost = next(c for p, c, h in destinations(g) if p == place and h == how)
        g.local["mp"] -= cost
        self._arrive(g, role, place)
        self._after_arrival(g, role, how)

    def _after_arrival(self, g, role, how):
        """Attrition of the way taken, then reactions (or the end of a sea move or forced march); held back
        while the owner allots the rebels' hits (RB 14.2.1 #6)."""
        if g.local.get("rebel_hits"):
            g.local["arrived_by"] = how
            return
        self._survivors(g)
        if g.frame.get("finished"):
            return
        if how in ("fens", "wash", "sea+", "forced"):
            for b in list(g.local["stack"]):
                attrition(g, b, modifier=1 if b == g.local["leader"] else 0)
            self._survivors(g)
        if not self._react(g, role) and (g.local["sea"] or how == "forced"):
            self._finish(g)

    def _react(self, g, role) -> bool:
        """RB 16.5–16.6: interception and avoid battle after an arrival (reactions.py)."""
        from rules.crownofroses.reactions import needs_reaction
        place = g.local["at"]
        if g.frame.get("finished") or not needs_reaction(g.state, role, place):
            return False
        g.call("approach", role=role, place=place, stack=list(g.local["stack"]))
        return True

    def on_sail(self, g, role, place, how):
        self._arrive(g, role, place)
        self._after_arrival(g, role, how)

    def on_force(self, g, role, place):
        g.local["forced"] = True
        g.state["forced"].extend(g.local["stack"])
        self._arrive(g, role, place, kind="forced")
        self._after_arrival(g, role, "forced")

    def _survivors(self, g):
        gone = [b for b in g.local["stack"] if g.state["blocks"][b]["status"] != "map"]
        for b in gone:
            g.local["stack"].remove(b)
        if g.local["leader"] in gone:
            self._finish(g)

    def on_stop(self, g, role):
        self._finish(g)

    def _finish(self, g):
        if g.frame is not g.state["flow"][-1] or g.frame.get("finished"):
            return
        if g.local.get("rebel_steps"):                        # the rebels' steps are asked first
            g.local["finish_after_rebels"] = True
            return
        g.frame["finished"] = True
        g.state["moved"].extend(b for b in g.local["stack"] + g.local["dropped"] if b not in g.state["moved"])
        g.end()

    def default(self, g, role):
        if g.local.get("rebel_hits"):
            return self.actions(g, role).__next__().id
        if g.local.get("rebel_steps"):
            return "rebel_done"
        return "stop" if not g.local["sea"] else self.actions(g, role).__next__().id


def enter_exile(g: Game, house: str, place: str, stack: list[str], leader: str) -> None:
    """RB 16.2.4, 7.3.2–7.3.3: −1 support; blocks drop to base strength unless led by the right office or
    with Margaret (who is set to full strength, 10.3.4)."""
    add_support(g, house, -1, "enters exile (RB 16.2.4)")
    box = place[6:]
    spared = "margaret" in stack or EXILE_OFFICE[box] in board.offices_of(g.state, leader)
    for b in stack:
        if b == "margaret":
            g.state["blocks"][b]["strength"] = data().block(b).max_steps
        elif not spared:
            g.state["blocks"][b]["strength"] = 1


def _garrison(g: Game, house: str, place: str) -> None:
    if place == "london" and g.state.get("garrison") is None:
        g.state["garrison"] = house
        g.log(f"{hname(house)} takes the Tower of London garrison (RB 9.6).")

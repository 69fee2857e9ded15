"""Here I Stand: the naval move (16.1) with the other powers' reactions nested in it.

    spend › naval_move: plan (the mover sends its naval units one step each) › execute (all at once)
          › interception windows, one target zone at a time (16.1 step 4) › avoid-battle windows, one power
          at a time (step 5) › naval battles (step 7, `naval_battle` in `seafight.py`)

`state["naval"]["move"]` (public) holds the move: the mover, its planned steps, the sea zones its units newly
entered where it had none ("vertical", the only ones that can be intercepted), and who intercepted where.
"""

from __future__ import annotations

from rules.core import rng
from rules.core.choices import ReactionWindow
from rules.core.flow import Decision, Game, act

from . import fleets as nv
from . import record
from . import state as st
from .data import MAJORS, load
from .turn import FLOW, power_name

INTERCEPT_AT, AVOID_AT = 9, 9        # 16.1 steps 4–5: 2d6 + the naval leader's battle rating


def planned(m: dict, owner: str, kind: str, origin: str) -> int:
    return sum(n for o, k, frm, _, n in m["plan"] if (o, k, frm) == (owner, kind, origin))


def movable(s: st.State, power: str) -> dict[str, dict[tuple[str, str], int]]:
    """Location → the power's naval units there not yet planned to move (16.1 restriction 4: not a stack
    that lost a naval battle this impulse)."""
    m, out = nv.naval(s)["move"], {}
    locks = nv.naval(s)["locks"]
    for location in sorted(s["units"]):
        if [power, location] in locks:
            continue
        left = {}
        for (owner, kind), n in nv.pieces(s, location, power).items():
            n -= planned(m, owner, kind, location) if m else 0
            if n > 0:
                left[(owner, kind)] = n
        if left:
            out[location] = left
    return out


def may_move(s: st.State, power: str) -> bool:
    """Whether a naval move (1 CP) has anything to move."""
    for location, found in movable(s, power).items():
        for dest in nv.neighbours(location):
            if any(nv.may_enter(s, power, owner, dest) for owner, _ in found):
                return True
    return False


def start_naval_move(g: Game, power: str) -> None:
    nv.naval(g.state)["move"] = {"power": power, "plan": [], "leaders": {}, "vertical": [], "intercepted": {},
                                 "tried": []}
    g.call("naval_move")


# ---- 1. the plan ----------------------------------------------------------------------------------------------
def choose_moves(g: Game) -> None:
    g.call("naval_plan", role=nv.naval(g.state)["move"]["power"])


def describe_plan(m: dict) -> str:
    moves: dict[tuple[str, str], int] = {}
    for _, _, frm, to, n in m["plan"]:
        moves[(frm, to)] = moves.get((frm, to), 0) + n
    parts = [f"{n} from {nv.location_name(a)} to {nv.location_name(b)}" for (a, b), n in sorted(moves.items())]
    return "; ".join(parts) or "nothing"


@FLOW.decision("naval_plan")
class NavalPlan(Decision):
    """16.1 step 1: every naval unit of the mover may move one step; leaders go with squadrons."""

    def prompt(self, g, role):
        m = nv.naval(g.state)["move"]
        return f"{power_name(role)}'s naval move (1 CP): {describe_plan(m)}. Send more units, or move."

    def actions(self, g, role):
        s, m = g.state, nv.naval(g.state)["move"]
        for location, found in movable(s, role).items():
            for dest in nv.neighbours(location):
                allowed = [(o, k) for o, k in found if nv.may_enter(s, role, o, dest)]
                if not allowed:
                    continue
                here, there = nv.location_name(location), nv.location_name(dest)
                yield act("all", location, dest, label=f"Send every unit in {here} to {there}", group="Fleets")
                for owner, kind in allowed:
                    what = "corsair" if kind == "corsair" else "squadron"
                    whose = load().power(nv.lender(kind) or owner).name
                    yield act("one", location, dest, owner, kind, label=f"Send a {whose} {what} from {here} to "
                              f"{there}", group="Single units")
        for leader in self.leaders(g, role):
            for dest in self.leader_dests(g, leader):
                yield act("lead", leader, dest, label=f"{load().leader(leader).name} goes to "
                          f"{nv.location_name(dest)}", group="Leaders")
        if m["plan"]:
            yield act("go", label=f"Move: {describe_plan(m)}")
        yield act("cancel", label="Cancel the naval move (no CP spent)")

    @staticmethod
    def leaders(g, role):
        m = nv.naval(g.state)["move"]
        return [l for l, where in sorted(g.state["leaders"].items()) if where in g.state["units"]
                and l in nv.naval_leaders(g.state, where, role) and l not in m["leaders"]
                and NavalPlan.leader_dests(g, l)]

    @staticmethod
    def leader_dests(g, leader):
        m, where = nv.naval(g.state)["move"], g.state["leaders"][leader]
        return sorted({to for o, k, frm, to, _ in m["plan"] if frm == where
                       and nv.may_enter(g.state, m["power"], leader, to)})

    def on_all(self, g, role, location, dest):
        s, m = g.state, nv.naval(g.state)["move"]
        for (owner, kind), n in movable(s, role).get(location, {}).items():
            if nv.may_enter(s, role, owner, dest):
                m["plan"].append([owner, kind, location, dest, n])

    def on_one(self, g, role, location, dest, owner, kind):
        nv.naval(g.state)["move"]["plan"].append([owner, kind, location, dest, 1])

    def on_lead(self, g, role, leader, dest):
        nv.naval(g.state)["move"]["leaders"][leader] = dest

    def on_go(self, g, role):
        g.end("go")

    def on_cancel(self, g, role):
        g.end("cancel")

    def default(self, g, role):
        m = nv.naval(g.state)["move"]
        return "go" if m["plan"] else "cancel"


def weather(g: Game) -> None:
    """16.1 step 3: Foul Weather (responses.py), once a plan is made."""
    if "plan_answer" not in g.local:
        g.local["plan_answer"] = g.returned
    if g.local["plan_answer"] != "cancel":
        from .responses import naval_announced
        naval_announced(g)


def hindered(g: Game) -> None:
    from .responses import hindered as stopped
    s = g.state
    if stopped(s):                                   # the move does not happen; its 1 CP is lost
        s["impulse"]["cp"] -= 1
        nv.naval(s)["move"] = None
        g.end()


def execute(g: Game) -> None:
    """16.1 step 2: every planned step at once; leaders follow their squadrons (restriction 3)."""
    s = g.state
    m = nv.naval(s)["move"]
    if g.local.pop("plan_answer", None) == "cancel":
        nv.naval(s)["move"] = None
        g.end()
        return
    power = m["power"]
    s["impulse"]["cp"] -= 1
    before = {loc: nv.squadrons(nv.pieces(s, loc, power)) + nv.corsairs(nv.pieces(s, loc, power))
              for loc in s["units"]}
    leaving: dict[str, int] = {}
    for owner, kind, frm, to, n in m["plan"]:
        leaving[frm] = leaving.get(frm, 0) + n
    for leader, where in sorted(s["leaders"].items()):          # restriction 3: not left behind alone
        if leader in m["leaders"] or where not in before or leader not in nv.naval_leaders(s, where, power):
            continue
        if before[where] - leaving.get(where, 0) <= 0:
            dests = NavalPlan.leader_dests(g, leader)
            if dests:
                m["leaders"][leader] = dests[0]
    for owner, kind, frm, to, n in m["plan"]:
        nv.shift(s, owner, kind, frm, to, n)
    for leader, dest in m["leaders"].items():
        s["leaders"][leader] = dest
    arrived = sorted({to for *_, to, _ in m["plan"]})
    m["vertical"] = [z for z in arrived if nv.is_sea(z) and before.get(z, 0) - leaving.get(z, 0) <= 0]
    g.log(f"{power_name(power)} moves its fleets: {describe_plan(m)}.")
    record.note_naval_move(s, m)
    g.local["targets"] = list(m["vertical"])


# ---- 2. interception (16.1 step 4) ------------------------------------------------------------------------------
def interception_sources(s: st.State, power: str, zone: str) -> list[str]:
    m = nv.naval(s)["move"]
    if power not in MAJORS or not nv.at_war(s, power, m["power"]) or m["intercepted"].get(zone) not in (None, power):
        return []
    return [loc for loc in nv.neighbours(zone) if nv.pieces(s, loc, power)
            and [power, loc, zone] not in m["tried"]]


def intercept_next(g: Game) -> None:
    """Each newly entered sea zone in turn; the enemies adjacent answer together, then roll in impulse order."""
    s = g.state
    while g.local["targets"]:
        zone = g.local["targets"].pop(0)
        roles = [p for p in MAJORS if interception_sources(s, p, zone)]
        if roles:
            g.again()
            g.call("naval_intercept", roles=roles, zone=zone)
            return


@FLOW.decision("naval_intercept")
class NavalIntercept(ReactionWindow):
    text = "An enemy fleet enters a sea zone next to your naval units: intercept, or pass."

    def prompt(self, g, role):
        p = super().prompt(g, role)
        if p.committed:
            return p
        m = nv.naval(g.state)["move"]
        return type(p)(f"{power_name(m['power'])}'s fleet enters {nv.location_name(g.local['zone'])}: intercept "
                       "with an adjacent stack (2d6 + naval leader's battle rating, 9 or more), or pass.", p.kind)

    def responses(self, g, role):
        for loc in interception_sources(g.state, role, g.local["zone"]):
            yield act("intercept", loc, label=f"Intercept from {nv.location_name(loc)}")

    def resolve(self, g, role, response):
        s, zone = g.state, g.local["zone"]
        m = nv.naval(s)["move"]
        source = response.split(":")[1]
        if m["intercepted"].get(zone) not in (None, role):
            g.log(f"{power_name(role)} may no longer intercept: {power_name(m['intercepted'][zone])} already has.")
            return
        if not nv.pieces(s, source, role):
            return
        m["tried"].append([role, source, zone])
        m["intercept"] = {"power": role, "source": source, "zone": zone, "units": []}
        g.call("naval_intercept_attempt", role=role)


@FLOW.decision("naval_intercept_force")
class NavalInterceptForce(Decision):
    """16.1 step 4: any number of the stack's units may try (its naval leaders go with them)."""

    def prompt(self, g, role):
        i = nv.naval(g.state)["move"]["intercept"]
        return (f"{power_name(role)}: which units intercept from {nv.location_name(i['source'])} into "
                f"{nv.location_name(i['zone'])}?")

    def actions(self, g, role):
        s, i = g.state, nv.naval(g.state)["move"]["intercept"]
        found = nv.pieces(s, i["source"], role)
        if not i["units"]:
            yield act("whole", label="The whole stack")
        for (owner, kind), n in sorted(found.items()):
            taken = sum(u[2] for u in i["units"] if u[:2] == [owner, kind])
            if taken < n:
                whose = load().power(nv.lender(kind) or owner).name
                what = "corsair" if kind == "corsair" else "squadron"
                yield act("unit", owner, kind, label=f"Take a {whose} {what} ({taken + 1} of {n})", group="Units")
        if i["units"]:
            yield act("go", label="Intercept with these units")

    def on_whole(self, g, role):
        i = nv.naval(g.state)["move"]["intercept"]
        i["units"] = [[o, k, n] for (o, k), n in sorted(nv.pieces(g.state, i["source"], role).items())]
        g.end()

    def on_unit(self, g, role, owner, kind):
        units = nv.naval(g.state)["move"]["intercept"]["units"]
        same = next((u for u in units if u[:2] == [owner, kind]), None)
        if same:
            same[2] += 1
        else:
            units.append([owner, kind, 1])

    def on_go(self, g, role):
        g.end()

    def default(self, g, role):
        return "whole"


def choose_interceptors(g: Game) -> None:
    g.call("naval_intercept_force", role=g.local["role"])


def interception_dice(g: Game) -> None:
    """13.2 / 16.1: the interceptor's 2 dice, shown before Professional Rowers may change the roll."""
    s = g.state
    i = nv.naval(s)["move"]["intercept"]
    g.local["rolled"] = rng.roll(s, 2)
    g.local["bonus"] = nv.best_naval(nv.naval_leaders(s, i["source"], i["power"]))


def rowers_on_interception(g: Game) -> None:
    from .responses import naval_roll
    i = nv.naval(g.state)["move"]["intercept"]
    naval_roll(g, i["power"], "intercept in " + nv.location_name(i["zone"]), INTERCEPT_AT)


def roll_interception(g: Game) -> None:
    """2d6 + the stack's best naval leader (± Professional Rowers) ≥ 9: the units and leaders enter the zone."""
    s = g.state
    m = nv.naval(s)["move"]
    i = m.pop("intercept")
    role, source, zone = i["power"], i["source"], i["zone"]
    leaders = nv.naval_leaders(s, source, role)
    rolled, bonus = g.local["rolled"], g.local["bonus"]
    shift = rowers_shift(s)
    total = sum(rolled) + bonus + shift
    ok = total >= INTERCEPT_AT
    best = max(leaders, key=lambda l: load().leader(l).battle, default=None)
    mods = (f" +{bonus} {load().leader(best).name}'s battle rating" if bonus and best else "") + rowers_words(shift)
    g.log(f"{power_name(role)} tries to intercept in {nv.location_name(zone)} from {nv.location_name(source)} "
          f"({INTERCEPT_AT} or more on 2 dice succeeds): rolls {rolled[0]}+{rolled[1]}{mods} = {total}, "
          f"{'success' if ok else 'failure'}.")
    if ok:
        for owner, kind, n in i["units"]:
            nv.shift(s, owner, kind, source, zone, n)
        for leader in leaders:
            s["leaders"][leader] = zone
        m["intercepted"][zone] = role
    if interception_sources(s, role, zone):              # its other stacks roll separately, in its order
        g.call("naval_intercept", roles=[role], zone=zone)


def rowers_shift(s: st.State) -> int:
    """Professional Rowers' change to the roll just made (responses.py), cleared as it is read."""
    return s.pop("rowers_shift", 0)


def rowers_words(shift: int) -> str:
    return f" {'+' if shift > 0 else '-'}{abs(shift)} Professional Rowers" if shift else ""


FLOW.procedure("naval_intercept_attempt", choose_interceptors, interception_dice, rowers_on_interception,
               roll_interception)


# ---- 3. avoid battle (16.1 step 5) -------------------------------------------------------------------------------
def avoid_queue(g: Game) -> None:
    s = g.state
    m = nv.naval(s)["move"]
    g.local["avoiders"] = [[zone, p] for zone in m["vertical"] if zone not in m["intercepted"]
                           for p in nv.naval_sides(s, zone) if p in MAJORS and nv.at_war(s, p, m["power"])]


def avoid_destinations(s: st.State, power: str, zone: str) -> list[str]:
    """An adjacent port the power controls, or an adjacent sea zone with no naval units at war with it."""
    out = []
    for loc in nv.neighbours(zone):
        if nv.is_sea(loc):
            if not nv.enemy_naval_at(s, power, loc):
                out.append(loc)
        elif nv.own_port(s, power, loc) and not nv.enemy_naval_at(s, power, loc):
            out.append(loc)
    return out


def avoid_next(g: Game) -> None:
    s = g.state
    while g.local["avoiders"]:
        zone, power = g.local["avoiders"].pop(0)
        if nv.pieces(s, zone, power) and avoid_destinations(s, power, zone):
            g.again()
            g.call("naval_avoid", roles=[power], zone=zone)
            return


@FLOW.decision("naval_avoid")
class NavalAvoid(ReactionWindow):
    text = "An enemy fleet enters your sea zone: avoid battle, or stay."

    def responses(self, g, role):
        for loc in avoid_destinations(g.state, role, g.local["zone"]):
            yield act("avoid", loc, label=f"Avoid battle into {nv.location_name(loc)} (all your units here)")

    def resolve(self, g, role, response):
        g.call("naval_avoid_attempt", role=role, zone=g.local["zone"], dest=response.split(":")[1],
               rolled=rng.roll(g.state, 2))


def rowers_on_avoid(g: Game) -> None:
    from .responses import naval_roll
    naval_roll(g, g.local["role"], "avoid battle into " + nv.location_name(g.local["dest"]), AVOID_AT)


def avoid_result(g: Game) -> None:
    """2d6 + the best naval leader (± Professional Rowers) ≥ 9: the whole side leaves for `dest`."""
    s, zone, dest, role, rolled = g.state, g.local["zone"], g.local["dest"], g.local["role"], g.local["rolled"]
    leaders = nv.naval_leaders(s, zone, role)
    bonus = nv.best_naval(leaders)
    shift = rowers_shift(s)
    total = sum(rolled) + bonus + shift
    ok = total >= AVOID_AT
    best = max(leaders, key=lambda l: load().leader(l).battle, default=None)
    mods = (f" +{bonus} {load().leader(best).name}'s battle rating" if bonus and best else "") + rowers_words(shift)
    g.log(f"{power_name(role)} tries to avoid battle from {nv.location_name(zone)} into "
          f"{nv.location_name(dest)} ({AVOID_AT} or more on 2 dice succeeds): rolls {rolled[0]}+{rolled[1]}"
          f"{mods} = {total}, {'success' if ok else 'failure'}.")
    if ok:
        nv.shift_side(s, role, zone, dest)


FLOW.procedure("naval_avoid_attempt", rowers_on_avoid, avoid_result)


# ---- 4. naval battles (16.1 step 7) --------------------------------------------------------------------------------
def battle_queue(g: Game) -> None:
    s = g.state
    power = nv.naval(s)["move"]["power"]
    g.local["fights"] = [[loc, enemy] for loc in sorted(s["units"]) if nv.pieces(s, loc, power)
                         for enemy in nv.naval_sides(s, loc) if nv.at_war(s, power, enemy)]


def fight_next(g: Game) -> None:
    """The mover chooses the order of its battles (locations, and enemies at one location: allies are fought
    separately); at a location the fighting stops once it has lost there or has no units left."""
    s = g.state
    power = nv.naval(s)["move"]["power"]
    choice, g.frame["ret"] = g.returned, None
    fights = [f for f in g.local["fights"] if nv.pieces(s, f[0], power) and nv.pieces(s, f[0], f[1])]
    g.local["fights"] = fights
    if not fights:
        return
    if isinstance(choice, list) and choice in fights:
        pick = choice
    elif len(fights) == 1:
        pick = fights[0]
    else:
        g.again()
        g.call("naval_order", role=power, options=fights)
        return
    fights.remove(pick)
    g.again()
    g.call("naval_battle", location=pick[0], attacker=power, defender=pick[1])


@FLOW.decision("naval_order")
class NavalOrder(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: several naval battles are to be fought. Which comes next?"

    def actions(self, g, role):
        for loc, enemy in g.local["options"]:
            yield act("fight", loc, enemy, label=f"Fight {load().power(enemy).name} in {nv.location_name(loc)}")

    def on_fight(self, g, role, loc, enemy):
        g.end([loc, enemy])

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def end_naval_move(g: Game) -> None:
    nv.naval(g.state)["move"] = None


FLOW.procedure("naval_move", choose_moves, weather, hindered, execute, intercept_next, avoid_queue, avoid_next,
               battle_queue, fight_next, end_naval_move)

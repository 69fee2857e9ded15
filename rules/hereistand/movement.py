"""Here I Stand: land movement (rule 13) as a procedure with the other powers' reactions nested in it.

    spend › move_land: formation (the mover picks units and leaders) › pay › interception window (13.2)
          › enter › avoid-battle windows, one power at a time (13.3) › withdrawal (13.4) › field_battle (14)

`state["move"]` holds the move being resolved (public): power, origin, destination, the formation.
"""

from __future__ import annotations

from rules.core import rng
from rules.core.choices import ReactionWindow
from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import minor_units as mu
from . import record
from . import state as st
from .data import MAJORS, load, space_name
from .siege import leave_siege
from .turn import FLOW, power_name

INTERCEPT_AT, AVOID_AT = 9, 9     # 13.2, 13.3: 2d6 + best battle rating, success on 9 or more


def locked(s: st.State, power: str, space: str) -> bool:
    """13.1 restrictions 4–5: a formation that lost a battle, or laid a siege, this impulse stays put;
    units inside a besieged fortification cannot march out."""
    if [power, space] in s["impulse_locks"]:
        return True
    siege = s["sieges"].get(space)
    return bool(siege) and power in siege["inside"]


def move_options(s: st.State, power: str, cp: int) -> list[tuple[str, str, int]]:
    """(origin, destination, cost) for every stack of `power` that may move now (13.1, 11.1 costs)."""
    if power == "protestant" and not s["league_formed"]:
        return []                                            # 21.6: no Protestant land moves before the League
    data, out = load(), []
    origins = {sp for sp in s["units"] if st.land_units_at(s, sp, power)}
    origins |= {sp for sp in s["units"] for mi in mu.minors_of(s, power)          # 22.3 ①
                if st.land_units_at(s, sp, mi) and not locked(s, mi, sp)}
    origins |= {where for l, where in s["leaders"].items() if where in data.spaces and fx.leader_power(l, s) == power
                and data.leader(l).kind == "army"}
    for origin in sorted(origins):
        if locked(s, power, origin) and not any(st.land_units_at(s, origin, mi) and not locked(s, mi, origin)
                                                 for mi in mu.minors_of(s, power)):
            continue
        only_leaders = mu.side_land_units(s, origin, power) == 0
        for dest, is_pass in data.neighbours[origin]:
            cost = 2 if is_pass else 1
            if cost <= cp and fx.may_enter(s, power, dest, leaders_only=only_leaders) is None:
                out.append((origin, dest, cost))
    return out


def start_move(g: Game, power: str, origin: str, dest: str, cost: int) -> None:
    g.state["move"] = {"power": power, "origin": origin, "dest": dest, "cost": cost, "units": {},
                       "leaders": [], "intercepted_by": None, "tried": [], "allies": {}}
    g.call("move_land")


# ---- 1. the formation --------------------------------------------------------------------------------
def choose_formation(g: Game) -> None:
    g.call("formation", role=g.state["move"]["power"])


@FLOW.decision("formation")
class Formation(Decision):
    """5.1 / 13.1: the mover adds units and leaders one at a time, within the leaders' command."""

    def prompt(self, g, role):
        m = g.state["move"]
        how = f"{m['cost']} CP" if m["cost"] else "Spring Deployment"
        return (f"{power_name(role)} moves from {space_name(m['origin'])} to {space_name(m['dest'])} "
                f"({how}): choose the formation.")

    def actions(self, g, role):
        s, m = g.state, g.state["move"]
        here = fx.land_of(st.units_at(s, m["origin"], role))
        chosen = mu.formation_size(m)
        own_locked = locked(s, role, m["origin"])          # 13.1: its own stay put; its minors' may still go
        if own_locked:
            here = {}
        stuck = (s.get("impulse") or {}).get("gout", [])        # #32 Gout: he stays this impulse
        for leader in () if own_locked else fx.army_leaders_at(s, m["origin"], role):
            if leader not in m["leaders"] and leader not in stuck:
                yield act("leader", leader, label=f"Take {load().leader(leader).name}", group="Leaders")
        limit = fx.formation_limit(m["leaders"])
        if m.get("limit"):                                 # 10: at most 5 units across a sea zone
            limit = min(limit, m["limit"])
        for kind, n in sorted(here.items()):
            if n > m["units"].get(kind, 0) and chosen < limit:
                yield act("unit", kind, label=f"Take a {kind} ({m['units'].get(kind, 0) + 1} of {n})", group="Units")
        for minor in mu.minors_of(s, role) if "allies" in m else ():     # 22.3 ①: the active minors' units
            if locked(s, minor, m["origin"]):
                continue
            taken = m["allies"].get(minor, {})
            for kind, n in sorted(fx.land_of(st.units_at(s, m["origin"], minor)).items()):
                if n > taken.get(kind, 0) and chosen < limit:
                    yield act("ally", minor, kind, group="Units", label=f"Take a {power_name(minor)} {kind} "
                              f"({taken.get(kind, 0) + 1} of {n})")
        if chosen or m["leaders"]:
            leaders_only = not chosen
            if fx.may_enter(s, role, m["dest"], leaders_only=leaders_only) is None:
                yield act("go", label=f"Move {self.describe(m)} to {space_name(m['dest'])}")
        yield act("cancel", label="Cancel this move (no CP spent)")

    @staticmethod
    def describe(m):
        parts = [f"{n} {k}{'s' if n > 1 else ''}" for k, n in sorted(m["units"].items())]
        parts += mu.describe(m) + [load().leader(l).name for l in m["leaders"]]
        return ", ".join(parts) or "nothing"

    def on_leader(self, g, role, leader):
        g.state["move"]["leaders"].append(leader)

    def on_unit(self, g, role, kind):
        units = g.state["move"]["units"]
        units[kind] = units.get(kind, 0) + 1

    def on_ally(self, g, role, minor, kind):
        units = g.state["move"]["allies"].setdefault(minor, {})
        units[kind] = units.get(kind, 0) + 1

    def on_go(self, g, role):
        g.end("go")

    def on_cancel(self, g, role):
        g.end("cancel")

    def default(self, g, role):
        return "cancel"


def pay(g: Game) -> None:
    s, m = g.state, g.state["move"]
    if g.returned == "cancel":
        s["move"] = None
        g.end()
        return
    s["impulse"]["cp"] -= m["cost"]
    record.note_move(s, m)
    g.log(f"{power_name(m['power'])} moves {Formation.describe(m)} from {space_name(m['origin'])} to "
          f"{space_name(m['dest'])}.")


# ---- 2. interception (13.2) -----------------------------------------------------------------------------
def interception_sources(s: st.State, power: str) -> list[str]:
    """Spaces from which `power` may try to intercept the current move (13.2 restrictions 2–8)."""
    m, data = s["move"], load()
    mover, dest = m["power"], m["dest"]
    if power == mover or not st.enemies(s, power, mover):
        return []
    owner = st.controller(s, dest)
    if owner == mover and st.fortified(s, dest) and dest not in s["sieges"]:
        return []                                                   # restriction 6
    present = [p for p in fx.powers_with_land_units(s, dest) if p != mover]
    if present and not any(p == power or st.allied(s, power, p) for p in present):
        return []                                                   # restriction 7
    if dest in s["sieges"] and any(p in s["sieges"][dest]["inside"] for p in present):
        return []
    if owner not in (power, mover, "independent") and not (st.enemies(s, power, owner) or st.allied(s, power, owner)):
        return []                                                   # restriction 8
    return [sp for sp in data.adjacent(dest, passes=False) if [power, sp] not in s["intercept_tried"]
            and any(st.land_units_at(s, sp, p) and not locked(s, p, sp)          # 22.3 ①: its minors' too
                    for p in [power] + mu.minors_of(s, power))]


def open_interception(g: Game) -> None:
    s = g.state
    roles = [p for p in MAJORS if interception_sources(s, p)]
    if roles:
        g.call("intercept", roles=roles)


DECLARED = "declared"      # the action closing a declaration of interceptions from several spaces


@FLOW.decision("intercept")
class Intercept(ReactionWindow):
    """13.2: every attempt is declared first (a power may name several adjacent spaces, one at a time,
    then close its declaration), then each is rolled in impulse order and the order declared."""

    text = "An enemy formation is moving next to your units: intercept, or pass."
    count = 2                 # several picks: the choices come back as lists

    def options(self, g, role, picks):
        if not picks:
            return super().options(g, role, picks)
        rest = [a for a in self.responses(g, role) if a.id not in picks]
        return [*rest, act(DECLARED, label="That is all: roll the interceptions declared")]

    def complete(self, g, role, picks):
        return bool(picks) and (picks[0] == "pass" or picks[-1] == DECLARED or
                                not any(a.id not in picks for a in self.responses(g, role)))

    def label(self, g, role, pick):
        return "pass" if pick == "pass" else "responds"

    def reveal(self, g):
        super().reveal(g)
        g.local["queue"] = [[r, p] for r, ps in g.local["choices"].items() for p in ps
                            if p not in ("pass", DECLARED)]
        g.local["answers"] = list(g.local["queue"])

    def default(self, g, role):
        if role in g.local.get("done", []):
            return None
        return DECLARED if g.local.get("picks", {}).get(role) else "pass"

    def prompt(self, g, role):
        m = g.state["move"]
        p = super().prompt(g, role)
        if p.committed:
            return p
        return type(p)(f"{power_name(m['power'])} moves into {space_name(m['dest'])}: intercept from an adjacent "
                       "space (2d6 + best battle rating, 9 or more), or pass.", p.kind)

    def responses(self, g, role):
        for space in interception_sources(g.state, role):
            yield act("intercept", space, label=f"Intercept from {space_name(space)}")

    def resolve(self, g, role, response):
        s, m = g.state, g.state["move"]
        space = response.split(":")[1]
        if m["intercepted_by"] not in (None, role):                   # 13.2: one power only
            g.log(f"{power_name(role)} may no longer intercept: {power_name(m['intercepted_by'])} already has.")
            return
        s["intercept_tried"].append([role, space])
        m["intercept"] = {"power": role, "space": space, "units": {}, "leaders": [], "allies": {}}
        g.call("intercept_attempt", role=role)


@FLOW.decision("intercept_formation")
class InterceptFormation(Decision):
    """13.2 step 1: the interceptor picks its formation (part of the stack may stay behind)."""

    def prompt(self, g, role):
        i = g.state["move"]["intercept"]
        return f"{power_name(role)}: choose the formation intercepting from {space_name(i['space'])}."

    def actions(self, g, role):
        s, i = g.state, g.state["move"]["intercept"]
        own_locked = locked(s, role, i["space"])
        here = {} if own_locked else fx.land_of(st.units_at(s, i["space"], role))
        chosen = mu.formation_size(i)
        if not chosen and not i["leaders"]:
            yield act("strongest", label="The strongest formation the leaders here can command")
        for leader in () if own_locked else fx.army_leaders_at(s, i["space"], role):
            if leader not in i["leaders"]:
                yield act("leader", leader, label=f"Take {load().leader(leader).name}", group="Leaders")
        if chosen < fx.formation_limit(i["leaders"]):
            for kind, n in sorted(here.items()):
                if n > i["units"].get(kind, 0):
                    yield act("unit", kind, label=f"Take a {kind} ({i['units'].get(kind, 0) + 1} of {n})",
                              group="Units")
            for minor, units in self.ally_units(s, role, i["space"]).items():
                taken = i["allies"].get(minor, {})
                for kind, n in sorted(units.items()):
                    if n > taken.get(kind, 0):
                        yield act("ally", minor, kind, group="Units", label=f"Take a {power_name(minor)} {kind} "
                                  f"({taken.get(kind, 0) + 1} of {n})")
        if chosen:
            yield act("go", label="Intercept with this formation")

    @staticmethod
    def ally_units(s, role, space):
        """22.3 ①: the role's active minors' units there that may move."""
        return {mi: fx.land_of(st.units_at(s, space, mi)) for mi in mu.minors_of(s, role)
                if st.land_units_at(s, space, mi) and not locked(s, mi, space)}

    def on_strongest(self, g, role):
        s, i = g.state, g.state["move"]["intercept"]
        if not locked(s, role, i["space"]):
            i["units"], i["leaders"] = fx.take_formation(s, role, i["space"])
        room = fx.formation_limit(i["leaders"]) - sum(i["units"].values())
        for minor, units in self.ally_units(s, role, i["space"]).items():    # then its minors' units
            for kind in ("cavalry", "regular", "mercenary"):
                n = min(units.get(kind, 0), room)
                if n:
                    i["allies"].setdefault(minor, {})[kind] = n
                    room -= n
        g.end()

    def on_ally(self, g, role, minor, kind):
        units = g.state["move"]["intercept"]["allies"].setdefault(minor, {})
        units[kind] = units.get(kind, 0) + 1

    def on_leader(self, g, role, leader):
        g.state["move"]["intercept"]["leaders"].append(leader)

    def on_unit(self, g, role, kind):
        units = g.state["move"]["intercept"]["units"]
        units[kind] = units.get(kind, 0) + 1

    def on_go(self, g, role):
        g.end()

    def default(self, g, role):
        return "strongest"


def choose_interceptors(g: Game) -> None:
    g.call("intercept_formation", role=g.local["role"])


def roll_modifiers(leaders: list[str], own_cavalry, enemy_cavalry) -> list[tuple[int, str]]:
    """13.2, 13.3: each modifier of an interception or avoidance roll, by name."""
    out = []
    best = max(leaders, key=lambda l: load().leader(l).battle, default=None)
    if best is not None and load().leader(best).battle:
        out.append((load().leader(best).battle, f"{load().leader(best).name}'s battle rating"))
    if own_cavalry:
        out.append((1, "Ottoman cavalry"))
    if enemy_cavalry:
        out.append((-1, "against Ottoman cavalry"))
    return out


def roll_words(dice: list[int], parts: list[tuple[int, str]], total: int) -> str:
    """ "4+3 +1 Ferdinand's battle rating −1 against Ottoman cavalry = 7"."""
    mods = "".join(f" {n:+d} {why}" for n, why in parts)
    return f"{dice[0]}+{dice[1]}{mods} = {total}"


def roll_interception(g: Game) -> None:
    """13.2 steps 2–3: 2d6 + the best battle rating (Ottoman cavalry +1 intercepting, −1 against an Ottoman
    mover with cavalry); 9 or more moves the interceptors into the destination."""
    s, m = g.state, g.state["move"]
    i = m.pop("intercept")
    role, space, units, leaders = i["power"], i["space"], i["units"], i["leaders"]
    parts = roll_modifiers(leaders, role == "ottoman" and units.get("cavalry"),
                           m["power"] == "ottoman" and m["units"].get("cavalry"))
    bonus = sum(n for n, _ in parts)
    dice = rng.roll(s, 2)
    total = sum(dice) + bonus
    ok = total >= INTERCEPT_AT
    g.log(f"{power_name(role)} tries to intercept from {space_name(space)} ({INTERCEPT_AT} or more on 2 dice "
          f"succeeds): rolls {roll_words(dice, parts, total)}, {'success' if ok else 'failure'}.")
    if ok:
        fx.move_pieces(s, role, space, m["dest"], units, leaders)
        record.note_shift(s, "intercept", role, space, m["dest"], units, leaders)
        mu.move_allies(s, i, space, m["dest"])
        leave_siege(g, role, space)                       # 15.3: interceptors may leave a siege outnumbered
        m["intercepted_by"] = role
        m.setdefault("interceptors", []).append(role)


FLOW.procedure("intercept_attempt", choose_interceptors, roll_interception)


# ---- 3. entering, avoiding battle (13.3), withdrawing (13.4) --------------------------------------------------
def enter(g: Game) -> None:
    s, m = g.state, g.state["move"]
    fx.move_pieces(s, m["power"], m["origin"], m["dest"], m["units"], m["leaders"])
    mu.move_allies(s, m, m["origin"], m["dest"])
    leave_siege(g, m["power"], m["origin"])            # 15.3: the besiegers left behind may be outnumbered
    fx.capture_lone_leaders(g, m["dest"], m["power"])
    inside = s["sieges"].get(m["dest"], {}).get("inside", [])
    present = [s["minor_allies"].get(p) or p for p in fx.enemy_land_powers(s, m["dest"], m["power"])
               if p not in inside]                    # 22.3 ①: an active minor's units avoid with its patron
    g.local["avoiders"] = [] if m["intercepted_by"] else [p for p in MAJORS if p in present]


def avoid_destinations(s: st.State, power: str) -> list[str]:
    """13.3 restrictions 1–4."""
    m = s["move"]
    out = []
    for sp in load().adjacent(m["dest"]):
        owner = st.controller(s, sp)
        if sp == m["origin"] or sp in s["unrest"] or owner in (None, "independent"):
            continue
        if owner != power and not st.allied(s, power, owner):
            continue
        if any(fx.hostile(s, power, p) for p in fx.powers_with_land_units(s, sp) if p != power):
            continue
        out.append(sp)
    return out


def avoid_battles(g: Game) -> None:
    """13.3: each power in the destination declares and rolls in impulse order, one at a time."""
    if g.local["avoiders"]:
        power = g.local["avoiders"].pop(0)
        g.again()
        if avoid_destinations(g.state, power):
            g.call("avoid", roles=[power])


@FLOW.decision("avoid")
class Avoid(ReactionWindow):
    text = "An enemy formation enters your space: avoid battle, or stay."

    def responses(self, g, role):
        for space in avoid_destinations(g.state, role):
            yield act("avoid", space, label=f"Avoid battle into {space_name(space)}")

    def resolve(self, g, role, response):
        g.state["move"]["avoid"] = {"power": role, "dest": response.split(":")[1], "units": {}, "leaders": [],
                                    "allies": {}}
        g.call("avoid_attempt", role=role)


@FLOW.decision("avoid_formation")
class AvoidFormation(Decision):
    """13.3 step 3: the units that avoid (any number, beyond formation limits; the stack may split)."""

    def prompt(self, g, role):
        a = g.state["move"]["avoid"]
        return f"{power_name(role)}: which units avoid battle into {space_name(a['dest'])}?"

    def actions(self, g, role):
        s, a = g.state, g.state["move"]["avoid"]
        here = g.state["move"]["dest"]
        if not mu.formation_size(a) and not a["leaders"]:
            yield act("all", label="The whole stack")
        for leader in fx.army_leaders_at(s, here, role):
            if leader not in a["leaders"]:
                yield act("leader", leader, label=f"Take {load().leader(leader).name}", group="Leaders")
        for kind, n in sorted(fx.land_of(st.units_at(s, here, role)).items()):
            if n > a["units"].get(kind, 0):
                yield act("unit", kind, label=f"Take a {kind} ({a['units'].get(kind, 0) + 1} of {n})", group="Units")
        for minor, units in self.ally_units(s, role, here).items():
            taken = a["allies"].get(minor, {})
            for kind, n in sorted(units.items()):
                if n > taken.get(kind, 0):
                    yield act("ally", minor, kind, group="Units", label=f"Take a {power_name(minor)} {kind} "
                              f"({taken.get(kind, 0) + 1} of {n})")
        if mu.formation_size(a):
            yield act("go", label="Avoid battle with these")

    @staticmethod
    def ally_units(s, role, here):
        """22.3 ①: the role's active minors' units in the space (not besieged inside)."""
        inside = s["sieges"].get(here, {}).get("inside", [])
        return {mi: fx.land_of(st.units_at(s, here, mi)) for mi in mu.minors_of(s, role)
                if mi not in inside and st.land_units_at(s, here, mi)}

    def on_all(self, g, role):
        s, a = g.state, g.state["move"]["avoid"]
        here = g.state["move"]["dest"]
        a["units"], a["leaders"] = fx.land_of(st.units_at(s, here, role)), fx.army_leaders_at(s, here, role)
        a["allies"] = self.ally_units(s, role, here)
        g.end()

    def on_leader(self, g, role, leader):
        g.state["move"]["avoid"]["leaders"].append(leader)

    def on_unit(self, g, role, kind):
        units = g.state["move"]["avoid"]["units"]
        units[kind] = units.get(kind, 0) + 1

    def on_ally(self, g, role, minor, kind):
        units = g.state["move"]["avoid"]["allies"].setdefault(minor, {})
        units[kind] = units.get(kind, 0) + 1

    def on_go(self, g, role):
        g.end()

    def default(self, g, role):
        return "all"


def choose_avoiders(g: Game) -> None:
    g.call("avoid_formation", role=g.local["role"])


def roll_avoid(g: Game) -> None:
    """13.3 step 4: 2d6 + the best battle rating among those avoiding; 9 or more moves them."""
    s, m = g.state, g.state["move"]
    a = m.pop("avoid")
    role, dest, here = a["power"], a["dest"], m["dest"]
    units, leaders = a["units"], a["leaders"]
    parts = roll_modifiers(leaders, role == "ottoman" and units.get("cavalry"),
                           m["power"] == "ottoman" and m["units"].get("cavalry"))
    bonus = sum(n for n, _ in parts)
    if all_beaten(s, a, here):
        ok = True
        g.log(f"{power_name(role)} avoids battle into {space_name(dest)} without a roll: all its units there "
              "lost a field battle this impulse.")
    else:
        dice = rng.roll(s, 2)
        total = sum(dice) + bonus
        ok = total >= AVOID_AT
        g.log(f"{power_name(role)} tries to avoid battle into {space_name(dest)} ({AVOID_AT} or more on 2 dice "
              f"succeeds): rolls {roll_words(dice, parts, total)}, {'success' if ok else 'failure'}.")
    if ok:
        fx.move_pieces(s, role, here, dest, units, leaders)
        record.note_shift(s, "avoid", role, here, dest, units, leaders)
        record.shift_beaten(s, role, here, dest, units)
        for minor, theirs in a.get("allies", {}).items():
            record.shift_beaten(s, minor, here, dest, theirs)
        mu.move_allies(s, a, here, dest)
        leave_siege(g, role, here, relief_units(s, here))   # 15.3: besiegers avoiding a relief force


def relief_units(s: st.State, space: str) -> int:
    """The land units of the move just made into `space` that belong to a power besieged there (a relief
    force, 15.2): they stand in the space but are not inside."""
    m, inside = s["move"], s["sieges"].get(space, {}).get("inside", [])
    mine = sum(m["units"].values()) if m["power"] in inside else 0
    return mine + sum(sum(u.values()) for minor, u in m.get("allies", {}).items() if minor in inside)


def all_beaten(s: st.State, a: dict, here: str) -> bool:
    """13.3 step 4: every unit avoiding (the power's and its minors') lost a field battle this impulse."""
    groups = [(a["power"], a["units"])] + list(a.get("allies", {}).items())
    return any(sum(u.values()) for _, u in groups) and \
        all(record.all_beaten(s, power, here, units) for power, units in groups if sum(units.values()))


FLOW.procedure("avoid_attempt", choose_avoiders, roll_avoid)


def offer_withdrawal(g: Game) -> None:
    """13.4: into a fortified destination its controller (or an ally of it) may withdraw ≤ 4 units."""
    s, m = g.state, g.state["move"]
    dest = m["dest"]
    if m["intercepted_by"] or not st.fortified(s, dest) or dest in s["sieges"]:
        return
    owner = st.controller(s, dest)
    defenders = fx.enemy_land_powers(s, dest, m["power"])
    if not defenders or owner not in defenders and not any(st.allied(s, owner, p) for p in defenders):
        return
    if sum(st.land_units_at(s, dest, p) for p in defenders) > 4:
        return
    if owner in MAJORS:
        g.call("withdraw", role=owner)
    else:
        withdraw_inside(g, defenders)         # minors and independents always shelter (DECISIONS.md 13.4)


def withdraw_inside(g: Game, defenders: list[str]) -> None:
    s, m = g.state, g.state["move"]
    inside = sum(st.land_units_at(s, m["dest"], p) for p in defenders)
    names = ", ".join(load().power(p).name for p in defenders)
    g.log(f"{names} withdraw{'s' if len(defenders) == 1 else ''} into the fortifications of {space_name(m['dest'])}.")
    m["withdrawn"] = defenders
    if mu.formation_size(m) > inside:
        s["sieges"][m["dest"]] = {"besieger": m["power"], "inside": defenders, "new": True}
        s["impulse_locks"].append([m["power"], m["dest"]])
        g.log(f"{power_name(m['power'])} lays siege to {space_name(m['dest'])}.")
    else:                                         # 13.4: move on (choice 1) or go back (choice 2)
        m["blocked"] = True


@FLOW.decision("withdraw")
class Withdraw(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: withdraw into the fortifications of {space_name(g.state['move']['dest'])}, or fight in the field?"

    def actions(self, g, role):
        yield act("inside", label="Withdraw into the fortifications")
        yield act("field", label="Stay in the field and fight")

    def on_inside(self, g, role):
        withdraw_inside(g, fx.enemy_land_powers(g.state, g.state["move"]["dest"], g.state["move"]["power"]))
        g.end()

    def on_field(self, g, role):
        g.end()

    def default(self, g, role):
        return "inside"


def battle_or_siege(g: Game) -> None:
    s, m = g.state, g.state["move"]
    dest = m["dest"]
    if m.pop("blocked", False):
        g.call("blocked", role=m["power"])
        return
    if m.get("withdrawn"):
        return
    from .battle import defenders
    if defenders(s, dest, m["power"]):            # enemies besieged inside are no field battle (15)
        g.call("field_battle", space=dest, attacker=m["power"], origin=m["origin"])
        return
    owner = st.controller(s, dest)
    if st.fortified(s, dest) and owner != m["power"] and fx.hostile(s, m["power"], owner) \
            and dest not in s["sieges"] and mu.side_land_units(s, dest, m["power"]):
        s["sieges"][dest] = {"besieger": m["power"], "inside": [], "new": True}   # an empty fortress (15)
        s["impulse_locks"].append([m["power"], dest])
        g.log(f"{power_name(m['power'])} lays siege to {space_name(dest)}.")


def end_move(g: Game) -> None:
    s, m = g.state, g.state["move"]
    if m and (s.get("impulse") or {}).get("foul_weather"):       # #31: one space of movement each
        s["impulse_locks"].append([m["power"], m["dest"]])
    s["move"] = None


def weather(g: Game) -> None:
    from .responses import move_announced
    move_announced(g)                      # 13.1 step 4: Foul Weather, Gout (responses.py)


def hindered(g: Game) -> None:
    """The move stopped by Foul Weather or Gout: it costs 1 CP (the rest of its cost comes back)."""
    from .responses import hindered as stopped
    s = g.state
    if stopped(s):
        s["impulse"]["cp"] += s["move"]["cost"] - 1
        s["move"] = None
        moves = record.entries(s)
        if moves and moves[-1]["kind"] in ("move", "transport"):
            moves.pop()                    # it did not happen
        g.end()


FLOW.procedure("move_land", choose_formation, pay, weather, hindered, open_interception, enter, avoid_battles,
               offer_withdrawal, battle_or_siege, end_move)


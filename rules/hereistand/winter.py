"""Here I Stand: Winter (rule 19) — land forces return to fortified spaces (19.3, with attrition off a safe
path), alliances end (19.4), replacements in the capitals (19.5).

    winter: begin › return_home (per power in impulse order; a choice where the owner has one) › end
"""

from __future__ import annotations

from collections import deque

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .turn import FLOW, power_name

STACK_LIMIT = 4            # 19.3: at most 4 units in a fortified space other than the capital
MOVE_ORDER = ("mercenary", "cavalry", "regular")   # which units leave an over-full space first


def winter_owner(s: st.State, power: str) -> str:
    """Whose spaces a power winters in: its own, or an active minor's patron's (22.3 ①)."""
    return s["minor_allies"].get(power) or power


def own_fortress(s: st.State, power: str, space: str) -> bool:
    return st.fortified(s, space) and st.controller(s, space) == winter_owner(s, power)


def capitals(s: st.State, power: str) -> list[str]:
    """19.3; 22.3 ②: an active minor's units also treat its own home keys as capitals (not the patron's)."""
    patron = s["minor_allies"].get(power)
    if patron:
        return list(load().power(patron).capitals) + list(load().keys_of(power))
    return list(load().power(power).capitals)


def wintering_powers(s: st.State) -> list[str]:
    """The majors, then the active minors (their patrons move them, 22.3 ①). Before the Schmalkaldic League
    the Protestant's regulars never move (21.6): they stay where the electorates placed them."""
    majors = [p for p in MAJORS if p != "protestant" or s["league_formed"]]
    return majors + sorted(m for m, ally in s["minor_allies"].items() if ally)


def _steps(space: str):
    """Land neighbours and, from a port, the ports reached through one sea zone (each zone 1 step)."""
    data = load()
    for nxt in data.adjacent(space):
        yield nxt, 1
    for zone in data.space(space).ports:
        for port in data.sea_zone(zone).ports:
            if port != space:
                yield port, 2


def distances(start: str) -> dict[str, int]:
    """Shortest physical distance from `start` (19.3: not the path used), sea zones counting 1."""
    best = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt, cost in _steps(here):
            d = best[here] + cost
            if d < best.get(nxt, 1 << 30):
                best[nxt] = d
                queue.append(nxt)
    return best


def safe_reach(s: st.State, power: str, start: str) -> set[str]:
    """19.3 safe path: friendly-controlled spaces not in unrest (enemy units ignored), sea zones free of
    charge; the Hapsburg may not pass through electorates before the Schmalkaldic League."""
    data = load()
    seen, queue = {start}, [start]
    while queue:
        here = queue.pop()
        for nxt, _ in _steps(here):
            if nxt in seen or not st.friendly(s, winter_owner(s, power), nxt) or nxt in s["unrest"]:
                continue
            if power == "hapsburg" and not s["league_formed"] and nxt in data.electorates:
                continue
            seen.add(nxt)
            queue.append(nxt)
    return seen


def arriving(s: st.State, power: str, space: str, count: int, dest: str, safe: set[str] | None = None) -> int:
    """Units reaching `dest`: all of them on a safe path, otherwise half, rounded down (19.3 attrition)."""
    safe = safe_reach(s, power, space) if safe is None else safe
    return count if dest in safe else count // 2


def destinations(s: st.State, power: str, space: str, count: int) -> list[str]:
    """19.3: units over the limit in an own fortified space go to the capital; any other stack to a capital
    the power controls or to the nearest own fortified space with room for those who arrive."""
    options = [c for c in capitals(s, power) if st.controller(s, c) == winter_owner(s, power) and c != space]
    if own_fortress(s, power, space):
        return options
    dist, safe = distances(space), safe_reach(s, power, space)
    room = [sp for sp in dist if sp != space and own_fortress(s, power, sp) and sp not in capitals(s, power)
            and st.land_units_at(s, sp, power) + arriving(s, power, space, count, sp, safe) <= STACK_LIMIT]
    if room:
        nearest = min(dist[sp] for sp in room)
        options += sorted(sp for sp in room if dist[sp] == nearest)
    return options


def begin_winter(g: Game) -> None:
    s = g.state
    s["phase"] = "winter"
    g.log(f"Turn {s['turn']}: Winter.", kind="heading")
    from .events_leaders import renegade_leaves
    renegade_leaves(g)                                  # 19.2: Charles Bourbon goes, his units stay
    queue = []
    for power in wintering_powers(s):
        if volunteer_sources(s, power):
            queue.append([power, "", 0, "voluntary"])     # 19.3 step 1: first, so the room they leave counts
        for space in sorted(s["units"]):
            n = st.land_units_at(s, space, power)
            if not n:
                continue
            if not own_fortress(s, power, space):
                queue.append([power, space, n])
            elif space not in capitals(s, power) and n > STACK_LIMIT:
                queue.append([power, space, n - STACK_LIMIT])
        for leader, where in sorted(s["leaders"].items()):
            if where in load().spaces and fx.leader_power(leader, s) == power and load().leader(leader).kind == "army" \
                    and not st.land_units_at(s, where, power) and not own_fortress(s, power, where):
                queue.append([power, where, 0])
    g.local["queue"] = queue


def partial_destinations(s: st.State, power: str, space: str, count: int) -> dict[str, int]:
    """19.3 step 2 and exception 2: the nearest own fortified spaces that have room for part of a stack
    but not all of it, with how many may go there (the rest go to the capital, or are eliminated when no
    capital is held). Off a safe path half are lost on the way, so more may set out than there is room."""
    if not count or own_fortress(s, power, space):
        return {}
    dist, safe = distances(space), safe_reach(s, power, space)
    room = {sp: STACK_LIMIT - st.land_units_at(s, sp, power) for sp in dist
            if sp != space and own_fortress(s, power, sp) and sp not in capitals(s, power)}
    room = {sp: r for sp, r in room.items() if r > 0}
    if not room:
        return {}
    nearest = min(dist[sp] for sp in room)
    out = {}
    for sp in sorted(sp for sp in room if dist[sp] == nearest):
        most = room[sp] if sp in safe else 2 * room[sp] + 1
        if most < count:
            out[sp] = most
    return out


def capital_destinations(s: st.State, power: str, space: str) -> list[str]:
    return [c for c in capitals(s, power) if st.controller(s, c) == winter_owner(s, power) and c != space]


def return_home(g: Game) -> None:
    """19.3: each stack that must move goes to its capital or the nearest own fortified space, or splits
    between them; a part that must go to a capital held by the enemy is eliminated (exception 2)."""
    s = g.state
    rest = g.returned
    if rest:                                          # the rest of a split stack: to the capital only
        g.frame["ret"] = None
        g.local["queue"].insert(0, rest)
    while g.local["queue"]:
        power, space, count, *tag = g.local["queue"].pop(0)
        capital_only = tag == ["capital"]
        if tag == ["voluntary"]:
            if volunteer_sources(s, power):
                g.again()
                g.call("winter_volunteers", role=power, picked=[])
                return
            continue
        if count and st.land_units_at(s, space, power) == 0:
            continue
        if count and not capital_only and own_fortress(s, power, space) and space not in capitals(s, power):
            # an over-full fortress: step 1's volunteers may since have taken some of its units away
            count = min(count, st.land_units_at(s, space, power) - STACK_LIMIT)
            if count <= 0:
                continue
        if not count and not fx.army_leaders_at(s, space, power):
            continue
        if capital_only:
            options, parts = capital_destinations(s, power, space), {}
        else:
            options, parts = destinations(s, power, space, count), partial_destinations(s, power, space, count)
        if len(options) + len(parts) > 1 or (parts and leaders_choose_part(s, power, space)):
            g.again()
            g.call("winter_move", role=winter_owner(s, power), power=power, space=space, count=count,
                   options=options, parts=parts)
            return
        from .winter_choice import start_relocation
        if options:
            if start_relocation(g, power, space, count, options[0]):
                g.again()
                return
        elif parts:
            dest, most = next(iter(parts.items()))
            if start_relocation(g, power, space, most, dest, split=True):
                g.again()
                return
            g.local["queue"].insert(0, rest_of(s, power, space))
        else:
            eliminate_stack(g, power, space, count, capital_lost=capital_only)


def volunteer_sources(s: st.State, power: str) -> list[str]:
    """19.3 step 1: a major power's own fortified spaces, other than its capitals, holding its land units,
    from which units may go to a capital it controls."""
    if power not in MAJORS or not capital_destinations(s, power, ""):
        return []
    return [sp for sp in sorted(s["units"]) if st.land_units_at(s, sp, power) and own_fortress(s, power, sp)
            and sp not in capitals(s, power)]


def leaders_choose_part(s: st.State, power: str, space: str) -> bool:
    """19.3 step 3: "leaders left without units must go with one of the stacks they were with" — when a
    stack splits and its rest has a held capital to go to, the owner chooses which part its leaders join."""
    return bool(fx.army_leaders_at(s, space, power)) and bool(capital_destinations(s, power, space))


def rest_of(s: st.State, power: str, space: str) -> list:
    """The queue entry of what is left of a split stack: it may only go to a capital (19.3 step 2)."""
    return [power, space, st.land_units_at(s, space, power), "capital"]


def relocate(g: Game, power: str, space: str, count: int, dest: str, chosen: dict | None = None,
             losses: dict | None = None, leaders_stay: bool = False) -> None:
    """Move the stack (or, from an over-full fortress, `count` units: `chosen`, else mercenaries first)
    with attrition off a safe path (`losses`, else mercenaries first). The owner's picks come from the
    `winter_units` decision (winter_choice.py). `leaders_stay`: the first part of a split stack goes
    without the leaders, who follow the rest (19.3 step 3, the owner's choice)."""
    s = g.state
    whole = not own_fortress(s, power, space) and not leaders_stay   # leaders go with the stack or a part
    here = fx.land_of(st.units_at(s, space, power))
    units: dict[str, int] = dict(chosen) if chosen else {}
    left = 0 if chosen else count
    for kind in MOVE_ORDER:
        n = min(here.get(kind, 0), left)
        if n:
            units[kind] = n
            left -= n
    leaders = fx.army_leaders_at(s, space, power) if whole else []
    lost = 0
    if count and dest not in safe_reach(s, power, space):       # attrition: half, rounded up
        lost = to_lose = (count + 1) // 2
        for kind, n in (losses or {}).items():
            units[kind] -= n
            st.add_units(s, space, power, kind, -n)
            to_lose -= n
        for kind in MOVE_ORDER:
            take = min(units.get(kind, 0), to_lose)
            if take:
                units[kind] -= take
                st.add_units(s, space, power, kind, -take)
                to_lose -= take
        units = {k: n for k, n in units.items() if n}
    fx.move_pieces(s, power, space, dest, units, leaders)
    moved = sum(units.values())
    what = f"{moved} unit{'s' if moved != 1 else ''}" if count else "its leaders"
    tail = f" ({lost} lost to attrition on the way)" if lost else ""
    g.log(f"{power_name(power)} returns {what} from {space_name(space)} to {space_name(dest)}{tail}.")
    end_siege_left(g, power, space)


def eliminate_stack(g: Game, power: str, space: str, count: int, capital_lost: bool = False) -> None:
    """19.3 exception 2 (and no fortress left at all): the units are eliminated; lone leaders stay."""
    s = g.state
    if count:
        for kind, n in fx.land_of(st.units_at(s, space, power)).items():
            st.add_units(s, space, power, kind, -n)
        if capital_lost:
            g.log(f"{power_name(power)}'s units left at {space_name(space)} would have to winter in a capital it "
                  "does not hold: they are eliminated.")
        else:
            g.log(f"{power_name(power)} has no fortified space to winter in: its units at {space_name(space)} "
                  "are lost.")
    end_siege_left(g, power, space)


def end_siege_left(g: Game, power: str, space: str) -> None:
    from .minor_units import siege_abandoned
    if siege_abandoned(g.state, space, power):
        del g.state["sieges"][space]
        g.log(f"The siege of {space_name(space)} ends for the winter.")


def send_volunteers(g: Game, power: str, groups: list) -> None:
    """Move step 1's picks, group by group ([space, capital, units]). Off a safe path with several unit
    types the owner first picks the units attrition takes ("the owner decides", 19.3: `winter_units`),
    the groups left following after; then this frame ends."""
    s = g.state
    while groups:
        space, capital, chosen = groups.pop(0)
        count = sum(chosen.values())
        if len(chosen) > 1 and capital not in safe_reach(s, power, space):
            g.goto("winter_units", role=power, space=space, count=count, dest=capital, leave=chosen, then=groups)
            return
        relocate(g, power, space, count, capital, chosen=chosen)
    g.end()


@FLOW.decision("winter_volunteers")
class WinterVolunteers(Decision):
    """19.3 step 1: units in the power's own fortified spaces may go to its capital, picked one at a time;
    each space's picks for one capital move together as one stack (attrition off a safe path)."""

    def prompt(self, g, role):
        return (f"{power_name(role)}: Winter — units in your fortified spaces may go to your capital "
                "(rule 19.3). Pick them, or keep them where they are.")

    def actions(self, g, role):
        s = g.state
        for space in volunteer_sources(s, role):
            safe = safe_reach(s, role, space)
            here = fx.land_of(st.units_at(s, space, role))
            for capital in capital_destinations(s, role, space):
                risk = "" if capital in safe else " (no safe path: half are lost)"
                for kind, n in sorted(here.items()):
                    if n > self.picked(g, space, capital).get(kind, 0) + self.picked_elsewhere(g, space, capital, kind):
                        yield act("send", space, kind, capital, group=space_name(space),
                                  label=f"A {kind} from {space_name(space)} to {space_name(capital)}{risk}")
        yield act("done", label="Done" if g.local["picked"] else "Keep them all where they are")

    @staticmethod
    def picked(g, space, capital) -> dict[str, int]:
        out: dict[str, int] = {}
        for sp, kind, cap in g.local["picked"]:
            if (sp, cap) == (space, capital):
                out[kind] = out.get(kind, 0) + 1
        return out

    @staticmethod
    def picked_elsewhere(g, space, capital, kind) -> int:
        return sum(1 for sp, k, cap in g.local["picked"] if sp == space and k == kind and cap != capital)

    def on_send(self, g, role, space, kind, capital):
        g.local["picked"].append([space, kind, capital])

    def on_done(self, g, role):
        groups = sorted({(sp, cap) for sp, _, cap in g.local["picked"]})
        send_volunteers(g, role, [[space, capital, self.picked(g, space, capital)] for space, capital in groups])

    def default(self, g, role):
        return "done"


@FLOW.decision("winter_move")
class WinterMove(Decision):
    def prompt(self, g, role):
        n = g.local["count"]
        what = ("does 1 unit" if n == 1 else f"do {n} units") if n else "do your leaders"
        whose = "" if g.local.get("power", role) == role else f" ({power_name(g.local['power'])}'s)"
        return f"{power_name(role)}: Winter — where {what}{whose} at {space_name(g.local['space'])} go?"

    def actions(self, g, role):
        s, power = g.state, g.local.get("power", role)
        safe = safe_reach(s, power, g.local["space"])
        for dest in g.local["options"]:
            risk = "" if dest in safe or not g.local["count"] else " (no safe path: half are lost)"
            yield act("to", dest, label=f"To {space_name(dest)}{risk}")
        capital = capital_destinations(s, power, g.local["space"])
        choose = leaders_choose_part(s, power, g.local["space"])
        for dest, most in g.local.get("parts", {}).items():
            risk = "" if dest in safe else " (no safe path: half of them are lost)"
            rest = ("the rest go to " + " or ".join(space_name(c) for c in capital)) if capital else \
                "the rest are eliminated (no capital held)"
            if not choose:
                yield act("part", dest, label=f"{most} to {space_name(dest)}{risk}; {rest}")
                continue
            yield act("part", dest, label=f"{most} to {space_name(dest)}{risk} with your leaders; {rest}")
            yield act("part", dest, "capital", label=f"{most} to {space_name(dest)}{risk}; {rest} with your "
                      "leaders")

    def on_to(self, g, role, dest):
        from .winter_choice import needs_choice
        role = g.local.get("power", role)                 # an active minor's units (22.3 ①): the patron moves them
        if needs_choice(g.state, role, g.local["space"], g.local["count"], dest):
            g.goto("winter_units", role=role, space=g.local["space"], count=g.local["count"], dest=dest)
            return
        relocate(g, role, g.local["space"], g.local["count"], dest)
        g.end()

    def on_part(self, g, role, dest, leaders=None):
        from .winter_choice import needs_choice
        power, space, most = g.local.get("power", role), g.local["space"], g.local["parts"][dest]
        stay = leaders == "capital"
        if needs_choice(g.state, power, space, most, dest, split=True):
            g.goto("winter_units", role=power, space=space, count=most, dest=dest, split=True, leaders_stay=stay)
            return
        relocate(g, power, space, most, dest, leaders_stay=stay)
        g.end(rest_of(g.state, power, space))

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def end_winter(g: Game) -> None:
    """19.4 alliances between major powers end; 19.5 a regular in each controlled capital."""
    s = g.state
    if s["alliances"]:
        g.log("Every alliance between major powers ends.")
    s["alliances"] = []
    for power in MAJORS:
        for capital in load().power(power).capitals:
            if st.controller(s, capital) == power and st.land_pool_left(s, power) > 0:
                st.add_units(s, capital, power, "regular")
                g.log(f"{power_name(power)} gains a regular in {space_name(capital)}.")


def naval_return(g: Game) -> None:
    """19.1, 19.3: naval units go home before the land units (harbours.py)."""
    from .harbours import winter_return
    winter_return(g)


def uncommit_debaters(g: Game) -> None:
    from .debaters import uncommit_all
    uncommit_all(g)                                  # 19 step 8


def deadlines(g: Game) -> None:
    from .events import mandatory_deadlines
    mandatory_deadlines(g)


FLOW.procedure("winter", begin_winter, naval_return, return_home, end_winter, uncommit_debaters, deadlines)

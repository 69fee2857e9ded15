"""Here I Stand: naval units between impulses — Winter's return to port (19.1, 19.3), the next turn's box
at Card Draw (8.2), squadrons in a port that changes hands (12.2, 15.1 step 10) and loans of squadrons
(9.1 clause 3, 9.2 effect 2).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import fleets as nv
from . import state as st
from .data import MAJORS, load
from .turn import FLOW, power_name


# ---- Winter (19.1, 19.3, 19 step 7) -------------------------------------------------------------------------
def end_loans(g: Game) -> None:
    """19.1: loan markers come off; the squadrons are their lenders' again (sent home with the rest)."""
    s = g.state
    for loc in sorted(s["units"]):
        for owner, kinds in sorted(s["units"].get(loc, {}).items()):
            for kind, n in sorted(kinds.items()):
                if nv.lender(kind):
                    st.add_units(s, loc, owner, kind, -n)
                    st.add_units(s, loc, nv.lender(kind), "squadron", n)
                    g.log(f"{n} {load().power(nv.lender(kind)).name} squadron{'s' if n > 1 else ''} lent to "
                          f"{power_name(owner)} return{'s' if n == 1 else ''} to {load().power(nv.lender(kind)).name}.")


def end_leader_loans(g: Game) -> None:
    """19.1: lent naval leaders are their own power's again (they go home with its ships)."""
    for leader in sorted(nv.naval(g.state).pop("leader_loans", {})):
        g.log(f"{load().leader(leader).name} returns to {power_name(load().leader(leader).power)}'s command.")


def winter_return(g: Game) -> None:
    """19.3: naval units at sea (and lent squadrons in another power's port) go to the nearest port their
    commanding power controls — its choice among equally near ones (it may split the stack among them);
    no interception, no attrition; a besieged port will do. Leaders at sea go with their side's ships.
    Nowhere to go: lost (to the box). Then the piracy markers come off (19 step 7)."""
    s = g.state
    if "naval_queue" not in g.local:
        end_loans(g)
        end_leader_loans(g)
        g.local["naval_queue"] = [[loc, owner] for loc in sorted(s["units"]) for owner in sorted(s["units"][loc])]
    queue = g.local["naval_queue"]
    while queue:
        loc, owner = queue.pop(0)
        kinds = {k: n for k, n in s["units"].get(loc, {}).get(owner, {}).items() if nv.is_naval(k)}
        side = nv.side_of(s, owner)
        if not kinds or (not nv.is_sea(loc) and nv.own_port(s, side, loc)):
            continue
        ports = nv.nearest_ports(s, side, loc)
        if len(ports) > 1 and side in MAJORS:
            g.again()
            g.call("naval_winter", role=side, location=loc, owner=owner, options=ports)
            return
        winter_to(g, loc, owner, ports[0] if ports else None)
    for zone in load().sea_zones:
        for leader in nv.strand_leaders(s, zone):
            g.log(f"{load().leader(leader).name} has no ship to winter with and returns next turn.")
    nv.naval(s)["pirated"] = []
    nv.naval(s)["locks"] = []
    del g.local["naval_queue"]


def winter_to(g: Game, loc: str, owner: str, port: str | None) -> None:
    s = g.state
    kinds = {k: n for k, n in s["units"].get(loc, {}).get(owner, {}).items() if nv.is_naval(k)}
    side = nv.side_of(s, owner)
    for kind, n in sorted(kinds.items()):
        if port:
            nv.shift(s, owner, kind, loc, port, n)
        else:
            nv.to_box(s, owner, kind, loc, n)
    if port:
        g.log(f"{load().power(owner).name}'s naval units in {nv.location_name(loc)} return to "
              f"{load().space(port).name}.")
        for leader in nv.naval_leaders(s, loc, side):
            s["leaders"][leader] = port
    else:
        g.log(f"{load().power(owner).name}'s naval units in {nv.location_name(loc)} have no port to return to "
              "and are lost.")


@FLOW.decision("naval_winter")
class NavalWinter(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: Winter — which of the nearest ports do the "
                f"{load().power(g.local['owner']).name} ships in {nv.location_name(g.local['location'])} go to?")

    def actions(self, g, role):
        ships = self.ships(g)
        whole = "All of them to" if sum(ships.values()) > 1 else "To"
        for port in g.local["options"]:
            yield act("to", port, label=f"{whole} {load().space(port).name}")
        if sum(ships.values()) > 1:                       # 19.3: the owner "may split stacks"
            for port in g.local["options"]:
                for kind in sorted(ships):
                    yield act("one", port, kind, label=f"One {kind} to {load().space(port).name}",
                              group="Split the fleet")

    def ships(self, g) -> dict[str, int]:
        return {k: n for k, n in g.state["units"].get(g.local["location"], {}).get(g.local["owner"], {}).items()
                if nv.is_naval(k) and n}

    def on_to(self, g, role, port):
        winter_to(g, g.local["location"], g.local["owner"], port)
        g.end()

    def on_one(self, g, role, port, kind):
        loc, owner = g.local["location"], g.local["owner"]
        nv.shift(g.state, owner, kind, loc, port)
        g.log(f"A {load().power(owner).name} {kind} in {nv.location_name(loc)} returns to {load().space(port).name}.")
        if not self.ships(g):                             # the last one: the leaders went with it
            for leader in nv.naval_leaders(g.state, loc, nv.side_of(g.state, owner)):
                g.state["leaders"][leader] = port
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- Card Draw (8.2) -------------------------------------------------------------------------------------------
def return_from_box(g: Game) -> None:
    """8.2: naval leaders in the box come back to "any friendly port" — their power's choice when it has
    several (asked after the Card Draw's other steps; none: they wait); the squadrons lost last turn may be
    rebuilt again."""
    s = g.state
    nv.naval(s)["box"] = {}
    asked = []
    for leader, where in sorted(s["leaders"].items()):
        if where != nv.BOX:
            continue
        ports, side = box_ports(s, leader), nv.leader_side(s, leader)
        if ports and side not in MAJORS:          # an inactive minor's: where its ships are, else the first
            land_leader(g, leader, next((p for p in ports if nv.pieces(s, p, side)), ports[0]))
        elif len(ports) == 1:
            land_leader(g, leader, ports[0])
        elif ports:
            asked.append(leader)
    if asked:
        g.call("leader_returns", queue=asked)


def box_ports(s: st.State, leader: str) -> list[str]:
    return [p for p in nv.ports() if nv.own_port(s, nv.leader_side(s, leader), p)]


def land_leader(g: Game, leader: str, port: str) -> None:
    g.state["leaders"][leader] = port
    g.log(f"{load().leader(leader).name} returns to {load().space(port).name}.")


def next_leader_return(g: Game) -> None:
    if g.local["queue"]:
        leader = g.local["queue"].pop(0)
        g.again()
        g.call("leader_return", role=nv.leader_side(g.state, leader), leader=leader)


FLOW.procedure("leader_returns", next_leader_return)


@FLOW.decision("leader_return")
class LeaderReturn(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: {load().leader(g.local['leader']).name} returns from the box: to which port?"

    def actions(self, g, role):
        for port in box_ports(g.state, g.local["leader"]):
            yield act("to", port, label=f"To {load().space(port).name}")

    def on_to(self, g, role, port):
        land_leader(g, g.local["leader"], port)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- a port changing hands -------------------------------------------------------------------------------------
def displace(g: Game, port: str) -> list[list]:
    """12.2: naval units in a port whose control changes leave at once for an adjacent sea zone free of enemy
    naval units, as after a naval battle (16.2 step 9); with none they are lost. Where a major power has
    several such zones the choice is its own: those exits are returned ([side, port]) for the caller to ask
    through `port_exits` (one call per step, so the caller makes it)."""
    s = g.state
    asked = []
    if port not in load().spaces or not load().space(port).is_port:
        return asked
    for side in nv.naval_sides(s, port):
        if nv.own_port(s, side, port):
            continue
        zones = exit_zones(s, side, port)
        if len(zones) > 1 and side in MAJORS:
            asked.append([side, port])
        elif zones:
            put_to_sea(g, side, port, zones[0])
        else:
            for (owner, kind), n in nv.pieces(s, port, side).items():
                nv.to_box(s, owner, kind, port, n)
            nv.strand_leaders(s, port)
    return asked


def exit_zones(s: st.State, side: str, port: str) -> list[str]:
    return sorted(z for z in load().space(port).ports if not nv.enemy_naval_at(s, side, z))


def put_to_sea(g: Game, side: str, port: str, zone: str) -> None:
    nv.shift_side(g.state, side, port, zone)
    g.log(f"{load().power(side).name}'s naval units leave {load().space(port).name} for the "
          f"{nv.location_name(zone)}.")


def port_exit_queue(g: Game) -> None:
    """Each side asked by `displace` chooses its sea zone in turn (the exits still open when it is asked)."""
    s = g.state
    while g.local.get("port_exits"):
        side, port = g.local["port_exits"].pop(0)
        if not nv.pieces(s, port, side) or nv.own_port(s, side, port):
            continue
        zones = exit_zones(s, side, port)
        if len(zones) > 1:
            g.again()
            g.call("port_exit", role=side, port=port, zones=zones)
            return
        if zones:
            put_to_sea(g, side, port, zones[0])
        else:
            for (owner, kind), n in nv.pieces(s, port, side).items():
                nv.to_box(s, owner, kind, port, n)
            nv.strand_leaders(s, port)


FLOW.procedure("port_exits", port_exit_queue)


@FLOW.decision("port_exit")
class PortExit(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: {load().space(g.local['port']).name} is no longer yours: your ships there "
                "put to sea (rule 12.2). Into which sea zone?")

    def actions(self, g, role):
        for zone in g.local["zones"]:
            yield act("to", zone, label=f"Into the {nv.location_name(zone)}")

    def on_to(self, g, role, zone):
        put_to_sea(g, role, g.local["port"], zone)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def capture_port(g: Game, port: str, captor: str) -> None:
    """15.1 step 10: the defenders' naval units and naval leaders in a port taken by assault go to the box."""
    s = g.state
    for side in nv.naval_sides(s, port):
        if side == captor or not nv.at_war(s, side, captor):
            continue
        for (owner, kind), n in nv.pieces(s, port, side).items():
            nv.to_box(s, owner, kind, port, n)
        for leader in nv.naval_leaders(s, port, side):
            s["leaders"][leader] = nv.BOX
        g.log(f"{load().power(side).name}'s naval units in {load().space(port).name} are lost.")


# ---- loans (9.1 clause 3, 9.2 effect 2) -------------------------------------------------------------------------
def loanable(s: st.State, lender: str, borrower: str) -> list[tuple[str, str]]:
    """(location, owner) of the lender's squadrons (its own and its allied minors'; never corsairs) that could
    reach a port of the borrower's without passing through another port; never to the Protestant."""
    if borrower == "protestant" or borrower not in MAJORS:
        return []
    data = load()
    ports = [p for p in nv.ports() if nv.own_port(s, borrower, p)]
    seas = {z for p in ports for z in data.space(p).ports}      # zones reached from them without a port
    queue = list(seas)
    while queue:
        for nxt in data.sea_zone(queue.pop()).adjacent:
            if nxt not in seas:
                seas.add(nxt)
                queue.append(nxt)
    out = []
    for loc in sorted(s["units"]):
        if loc not in seas and not (loc in data.spaces and set(data.space(loc).ports) & seas):
            continue
        for (owner, kind) in nv.pieces(s, loc, lender):
            if kind == "squadron":
                out.append((loc, owner))
    return out


def loan_ports(s: st.State, borrower: str, loc: str) -> list[str]:
    """9.2 effect 2: the borrower's nearest ports from `loc` (a sea zone counting one, not through a port)."""
    return nv.nearest_ports(s, borrower, loc, through_ports=False)


def lend(g: Game, lender: str, borrower: str, loc: str, owner: str, count: int, port: str | None = None) -> None:
    """The squadrons are marked as lent and moved to the borrower's nearest port (`port`: the one chosen among
    several equally near)."""
    s = g.state
    ports = loan_ports(s, borrower, loc)
    n = min(count, s["units"].get(loc, {}).get(owner, {}).get("squadron", 0))
    if not ports or not n:
        return
    port = port if port in ports else ports[0]
    st.add_units(s, loc, owner, "squadron", -n)
    st.add_units(s, port, borrower, f"loan-{owner}", n)
    g.log(f"{n} {load().power(owner).name} squadron{'s' if n > 1 else ''} from {nv.location_name(loc)} "
          f"{'are' if n > 1 else 'is'} lent to {power_name(borrower)} and sail{'s' if n == 1 else ''} to "
          f"{load().space(port).name}.")


def loan_sailing(s: st.State, lender: str, borrower: str, clause: list, pending: list[list]) -> bool:
    """A loan clause (squadrons or a naval leader) whose nearest ports tie is kept in `pending` for the
    borrower to choose (grouped by where they sail from: [lender, borrower, loc, squadrons, leaders]);
    True when it was kept."""
    loc = clause[2] if clause[0] == "loan" else s["leaders"][clause[2]]
    if borrower not in MAJORS or len(loan_ports(s, borrower, loc)) < 2:
        return False
    entry = next((e for e in pending if e[:3] == [lender, borrower, loc]), None)
    if entry is None:
        pending.append([lender, borrower, loc, [], []])
        entry = pending[-1]
    if clause[0] == "loan":
        entry[3].append([clause[3], clause[4]])
    else:
        entry[4].append(clause[2])
    return True


def loan_queue(g: Game) -> None:
    while g.local["queue"]:
        lender, borrower, loc, squadrons, leaders = g.local["queue"].pop(0)
        g.again()
        g.call("loan_port", role=borrower, lender=lender, location=loc, squadrons=squadrons, leaders=leaders)
        return


FLOW.procedure("loan_ports", loan_queue)


@FLOW.decision("loan_port")
class LoanPort(Decision):
    """9.2 effect 2: lent ships go to the borrower's nearest port; among equally near ones the borrower, who
    commands them from now on, chooses."""

    def active(self, g):
        # the deal's other clauses may have taken the ports computed before: then, as in `lend`, none sail
        return super().active(g) if loan_ports(g.state, g.local["role"], g.local["location"]) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        n = sum(c for _, c in g.local["squadrons"])
        what = f"{n} squadron{'s' if n != 1 else ''}" if n else "the naval leader"
        return (f"{power_name(role)}: the {what} lent by {power_name(g.local['lender'])} from "
                f"{nv.location_name(g.local['location'])} sail to which of your nearest ports?")

    def actions(self, g, role):
        for port in loan_ports(g.state, role, g.local["location"]):
            yield act("to", port, label=f"To {load().space(port).name}")

    def on_to(self, g, role, port):
        lender, loc = g.local["lender"], g.local["location"]
        for owner, count in g.local["squadrons"]:
            lend(g, lender, role, loc, owner, count, port)
        for leader in g.local["leaders"]:
            lend_leader(g, lender, role, leader, port)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def describe_loan(clause: list) -> str:
    _, lender, loc, owner, n = clause
    whose = "" if owner == lender else f" {load().power(owner).name}"
    return f"{power_name(lender)} lends {n}{whose} squadron{'s' if n > 1 else ''} from {nv.location_name(loc)}"


def loan_refusal(s: st.State, deal: dict, clause: list, borrower: str, options: list | None = None) -> str | None:
    """9.2 effect 2: only with the alliance announced in the same deal, one way between two powers a turn,
    never to the Protestant, the squadrons there and able to reach a port of the borrower's."""
    _, lender, loc, owner, n = clause
    kinds = [c[0] for c in deal["clauses"]]
    if "alliance" not in kinds:
        return "squadrons are lent only with the alliance announced in the same deal"
    if any(c[0] == "loan" and c[1] == borrower for c in deal["clauses"]):
        return "squadrons are lent one way only between two powers each turn"
    if (loc, owner) not in (loanable(s, lender, borrower) if options is None else options):
        return "those squadrons cannot be lent"
    have = s["units"].get(loc, {}).get(owner, {}).get("squadron", 0)
    return None if n <= have else "there are not that many squadrons there"


def loan_clauses(s: st.State, deal: dict, lender: str, borrower: str) -> list[list]:
    """Clauses that may be added now: one more squadron from a location (the count grows one at a time)."""
    out = []
    options = loanable(s, lender, borrower)
    for loc, owner in options:
        lent = next((c[4] for c in deal["clauses"] if c[:4] == ["loan", lender, loc, owner]), 0)
        clause = ["loan", lender, loc, owner, lent + 1]
        rest = [c for c in deal["clauses"] if c[:4] != clause[:4]]
        if loan_refusal(s, {**deal, "clauses": rest + [["alliance"]]}, clause, borrower, options) is None:
            out.append(clause[:4])
    return out


# ---- naval leaders lent with squadrons (9.1 clause 3) -----------------------------------------------------------
def lendable_leaders(s: st.State, deal: dict, lender: str) -> list[str]:
    """The lender's naval leaders standing where the deal lends squadrons from (they sail with them)."""
    data = load()
    froms = {c[2] for c in deal["clauses"] if c[0] == "loan" and c[1] == lender}
    return [l for l, where in sorted(s["leaders"].items()) if where in froms and data.leader(l).kind == "naval"
            and nv.leader_side(s, l) == lender]


def leader_loan_refusal(s: st.State, deal: dict, clause: list) -> str | None:
    _, lender, leader = clause
    if leader not in lendable_leaders(s, deal, lender):
        return "a naval leader is lent only with squadrons lent from where it stands"
    return None


def leader_loan_clauses(s: st.State, deal: dict, lender: str) -> list[list]:
    return [["lend_leader", lender, l] for l in lendable_leaders(s, deal, lender)
            if ["lend_leader", lender, l] not in deal["clauses"]]


def lend_leader(g: Game, lender: str, borrower: str, leader: str, port: str | None = None) -> None:
    """The leader sails with the lent squadrons to the borrower's nearest port (`port`: the one chosen) and
    is the borrower's to command until Winter (9.1 clause 3, 9.2 effect 2)."""
    s = g.state
    ports = loan_ports(s, borrower, s["leaders"][leader])
    if not ports:
        return
    port = port if port in ports else ports[0]
    s["leaders"][leader] = port
    nv.naval(s).setdefault("leader_loans", {})[leader] = borrower
    g.log(f"{load().leader(leader).name} is lent to {power_name(borrower)} and sails to {load().space(port).name}.")

"""Winter placement (RB 27.0–27.4), also the scenarios' starting placement (PB 3.1.6: "as in Winter").

Blocks waiting to be placed have status ``attending``. Order: the given house order (votes received,
ties by the King). Exiles first choose to stay or return (27.2); then the houses alternate placing one
non-office noble at a time at full strength on a seat, or pass (27.2); office holders follow from office
rank 8 to 1 (27.3); Henry VI and Margaret last with a Lancastrian host (27.4).
"""

from __future__ import annotations

from rules.core.wording import possessive
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, hname, take_off_map

RIDERS = ("henry_vi", "margaret")   # placed with a host (RB 10.3.3, 10.3.4, 27.4)


def start_winter(g: Game, order: list[str], exiles: bool = True) -> None:
    g.call("winter", order=order, exiles=exiles, turn=0, passed=[], exile_done=[])


def unplaced(state, house: str) -> list[str]:
    """The house's attending nobles still to place that are not office holders nor riders."""
    return [b for b in board.blocks_of(state, house, "attending")
            if board.is_noble(b) and b not in RIDERS and not board.offices_of(state, b)]


def _exiles(g: Game) -> None:
    """RB 27.2: each house in order decides for each exiled noble whether it returns."""
    if not g.local["exiles"]:
        return
    for house in g.local["order"]:
        if house in g.local["exile_done"] or house not in g.roles:
            continue
        exiled = [b for b in board.blocks_of(g.state, house) if board.in_exile(g.state, b)
                  and board.is_noble(b) and b not in RIDERS and g.state["blocks"][b]["host"] is None]
        g.local["exile_done"].append(house)
        if exiled:
            g.again()
            g.call("exile_return", role=house, exiled=exiled, decided=[])
            return


@FLOW.decision("exile_return")
class ExileReturn(Decision):
    def prompt(self, g, role):
        return "Winter (RB 27.2): does each exiled noble stay in exile or return?"

    def actions(self, g, role):
        b = next(x for x in g.local["exiled"] if x not in g.local["decided"])
        return [act("return", b, label=f"{name(b)} returns from exile"),
                act("stay", b, label=f"{name(b)} stays in {place_name(g.state['blocks'][b]['at'])}")]

    def _next(self, g, b):
        g.local["decided"].append(b)
        if len(g.local["decided"]) == len(g.local["exiled"]):
            g.end()

    def on_return(self, g, role, b):
        take_off_map(g, b, "attending", role)
        g.log(f"{name(b)} returns from exile.")
        self._next(g, b)

    def on_stay(self, g, role, b):
        d = data().block(b)
        s = g.state["blocks"][b]
        if b != "margaret" and "margaret" not in board.attached_to(g.state, b):
            s["strength"] = 1     # RB 7.3.2–7.3.3: staying exiles drop to base strength
        g.log(f"{name(b)} stays in exile.")
        _ = d
        self._next(g, b)

    def default(self, g, role):
        return self.actions(g, role)[0].id


def _nobles(g: Game) -> None:
    """RB 27.2: alternate one block at a time until every house has passed or placed all."""
    order = [h for h in g.local["order"] if h in g.roles]
    for _ in range(len(order)):
        house = order[g.local["turn"] % len(order)]
        g.local["turn"] += 1
        if house in g.local["passed"]:
            continue
        if not unplaced(g.state, house):
            g.local["passed"].append(house)
            continue
        g.again()
        g.call("place_noble", role=house)
        return


def seats_for(g: Game, block: str, house: str) -> list[str]:
    return board.winter_seats(g.state, block, house)


def place(g: Game, block: str, shire: str, house: str) -> None:
    s = g.state["blocks"][block]
    s.update(status="map", at=shire, strength=data().block(block).max_steps, house=house)
    for other in board.attached_to(g.state, block):
        g.state["blocks"][other].update(status="map", at=shire, house=house,
                                         strength=data().block(other).max_steps)
    g.log(f"{hname(house)} places {name(block)} in {place_name(shire)}.")


@FLOW.decision("place_noble")
class PlaceNoble(Decision):
    sequence = True

    def prompt(self, g, role):
        return "Winter (RB 27.2): place one noble on one of its seats at full strength, or pass."

    def actions(self, g, role):
        for b in unplaced(g.state, role):
            for shire in seats_for(g, b, role):
                yield act("place", b, shire, label=f"{name(b)} to {place_name(shire)}", group=name(b))
            for riders in riders_for(g.state, b, role):
                who = " and ".join(name(r) for r in riders)
                seats = sorted({sh for r in riders for sh in board.winter_seats(g.state, b, role, host=r)})
                for shire in seats:
                    yield act("place_with", b, shire, "+".join(riders),
                              label=f"{name(b)} to {place_name(shire)}, hosting {who}", group=name(b))
        heirs = set(board.heir_blocks(g.state, role))
        if not any(b in heirs and seats_for(g, b, role) for b in unplaced(g.state, role)):
            yield act("pass", label="Pass (the rest go to your Undeclared pool)")

    def on_place(self, g, role, block, shire):
        place(g, block, shire, role)
        g.end()

    def on_place_with(self, g, role, block, shire, riders):
        """RB 27.2: Henry VI and Margaret may be placed now with their host, on his seats or theirs."""
        place(g, block, shire, role)
        for r in riders.split("+"):
            g.state["blocks"][r].update(status="map", at=shire, host=block, house=role,
                                        strength=data().block(r).max_steps)
            g.log(f"{name(r)} joins {name(block)} in {place_name(shire)}.")
        g.end()

    def on_pass(self, g, role):
        for b in unplaced(g.state, role):
            g.state["blocks"][b]["status"] = "undeclared"
        g.log(f"{hname(role)} passes; its unplaced nobles go to its Undeclared pool.")
        g.end()

    def default(self, g, role):
        legal = list(self.actions(g, role))
        return legal[-1].id if legal[-1].id == "pass" else legal[0].id


def riders_for(state, host: str, house: str) -> list[list[str]]:
    """RB 27.2: the attending riders (Henry VI, Margaret) of ``house`` that the non-office noble ``host``
    may take along now (27.4's host conditions), alone or together."""
    if host in RIDERS or board.offices_of(state, host):
        return []
    able = [r for r in RIDERS if state["blocks"][r]["status"] == "attending" and state["blocks"][r]["house"] == house
            and host_may_carry(host, r)]
    return [[r] for r in able] + ([able] if len(able) > 1 else [])


def host_may_carry(host: str, rider: str) -> bool:
    blk = data().block(host)
    return rider == "henry_vi" and (blk.rank or 0) >= 2 or rider == "margaret" and (blk.command_rating or 0) >= 2


def _heir_without_seat(g: Game) -> None:
    """An heir with no seat left (every seat held by enemies) goes to the Undeclared pool (DECISIONS.md)."""
    for house in g.roles:
        for b in unplaced(g.state, house):
            if not seats_for(g, b, house):
                g.state["blocks"][b]["status"] = "undeclared"
                g.log(f"{name(b)} has no free seat and goes to {possessive(hname(house))} Undeclared pool.")


def _offices(g: Game) -> None:
    """RB 27.3: office holders from rank 8 to 1, each at the turn of his highest office; no passing."""
    for office in reversed(board.office_ranked()):
        holder = g.state["offices"].get(office)
        if not holder or g.state["blocks"][holder]["status"] != "attending" or holder in RIDERS:
            continue
        if min(data().office(o).rank for o in board.offices_of(g.state, holder)) != data().office(office).rank:
            continue
        house = g.state["blocks"][holder]["house"]
        seats = seats_for(g, holder, house)
        if not seats:
            take_off_map(g, holder, "undeclared", house)
            g.log(f"{name(holder)} has no free seat and goes to the Undeclared pool.")
            continue
        g.again()
        g.call("place_office", role=house, holder=holder)
        return


@FLOW.decision("place_office")
class PlaceOffice(Decision):
    sequence = True

    def prompt(self, g, role):
        return f"Winter (RB 27.3): place {name(g.local['holder'])} with his office blocks."

    def actions(self, g, role):
        b = g.local["holder"]
        return [act("place", b, s, label=f"{name(b)} to {place_name(s)}") for s in seats_for(g, b, role)]

    def on_place(self, g, role, block, shire):
        place(g, block, shire, role)
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def _riders(g: Game) -> None:
    """RB 27.4: Henry VI (host of rank >= 2) and Margaret (host CR >= 2) join a Lancastrian host, else
    the Undeclared pool."""
    for rider in RIDERS:
        s = g.state["blocks"][rider]
        if s["status"] != "attending":
            continue
        hosts = rider_hosts(g.state, rider, s["house"])
        if not hosts:
            s.update(status="undeclared", host=None)
            g.log(f"{name(rider)} has no host and goes to the Undeclared pool.")
            continue
        g.again()
        g.call("place_rider", role=s["house"], rider=rider)
        return


def rider_hosts(state, rider: str, house: str) -> list[str]:
    found = []
    for b in board.blocks_of(state, house):
        if b in RIDERS or not board.is_noble(b) or board.in_exile(state, b):
            continue
        if host_may_carry(b, rider):
            found.append(b)
    return found


@FLOW.decision("place_rider")
class PlaceRider(Decision):
    def prompt(self, g, role):
        return f"Winter (RB 27.4): choose the host {name(g.local['rider'])} joins."

    def actions(self, g, role):
        r = g.local["rider"]
        return [act("host", r, h, label=f"{name(r)} joins {name(h)} in {place_name(g.state['blocks'][h]['at'])}")
                for h in rider_hosts(g.state, r, role)]

    def on_host(self, g, role, rider, host):
        at = g.state["blocks"][host]["at"]
        g.state["blocks"][rider].update(status="map", at=at, host=host,
                                        strength=data().block(rider).max_steps)
        g.log(f"{name(rider)} joins {name(host)} in {place_name(at)}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def _london_garrison(g: Game) -> None:
    """RB 9.6: the first house with a block in London takes the Tower garrison."""
    if g.state.get("garrison") is None:
        here = board.houses_at(g.state, "london")
        if len(here) == 1:
            g.state["garrison"] = next(iter(here))
            g.log(f"{hname(g.state['garrison'])} takes the Tower of London garrison.")


FLOW.procedure("winter", _exiles, _nobles, _heir_without_seat, _offices, _riders, _london_garrison)

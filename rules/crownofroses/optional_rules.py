"""Optional rules that hook into the phases (options.py lists them): the Woodville rule (PB 1.2), vote IP
(PB 1.6), the occupation of London (PB 1.7) and the Kingmaker random draft (PB 3.4.9 #4)."""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Game
from rules.crownofroses import board
from rules.crownofroses.board import data, name
from rules.crownofroses.common import add_support, hname, lose_office_of, take_off_map


# ---- PB 1.2 the Woodville rule -----------------------------------------------------------------------------------
def woodville_check(g: Game) -> None:
    """At the start of the Royal phase, while March is York's Senior heir: without Rivers York loses 1
    support; with Rivers its bids on Warwick's (blue) nobles lose the turn number this Parliament."""
    g.state["woodville"] = 0
    if not g.state["options"].get("woodville") or "york" not in g.roles:
        return
    if board.senior_heir(g.state, "york") != "march":
        return
    rivers = g.state["blocks"]["rivers"]
    if rivers["house"] != "york" or rivers["status"] in ("inactive", "unavailable", "out"):
        add_support(g, "york", -1, "March is Senior heir without Rivers (PB 1.2)")
        return
    g.state["woodville"] = g.state["turn"]
    g.log(f"York holds Rivers while March is Senior heir: York's bids on Warwick's nobles count "
          f"−{g.state['turn']} this Parliament (PB 1.2).")


def woodville_nobles(state) -> list[str]:
    """Blue nobles York controls (not heirs of a house in play): checked even with no markers (PB 1.2)."""
    if not state.get("woodville"):
        return []
    return sorted(b for b, s in state["blocks"].items() if s["house"] == "york" and board.is_noble(b)
                  and data().block(b).label_colour == "blue" and not board.is_heir(state, b)
                  and s["status"] in ("map", "attending", "undeclared"))


def woodville_bid(state, noble: str, bids: dict[str, int]) -> dict[str, int]:
    """York's effective bid on a blue noble it bid on or controls, less the turn number (PB 1.2)."""
    if not state.get("woodville") or data().block(noble).label_colour != "blue":
        return bids
    markers = state["rop"].get(noble, {}).get("york", [])
    controls = noble in woodville_nobles(state)
    if not markers and not controls:
        return bids
    roses = data().block(noble).rop_roses.get(board.COLOUR_OF_HOUSE["york"], 0)
    bids = dict(bids)
    bids["york"] = sum(markers) + roses - state["woodville"]
    return bids


def woodville_loss(g: Game, noble: str, bids: dict[str, int]) -> dict[str, int]:
    """A negative York total on a noble York controls: the noble becomes Inactive beside the board; the
    other bids are then resolved as usual (PB 1.2). Returns the bids left to resolve."""
    if bids.get("york", 0) >= 0:
        return bids
    if g.state["blocks"][noble]["house"] == "york":
        lose_office_of(g, noble)                  # his offices go with York's control of him
        take_off_map(g, noble, "inactive", None)
        g.log(f"York's support for {name(noble)} is {bids['york']}: York loses him, he is Inactive (PB 1.2).")
    return {h: v for h, v in bids.items() if h != "york"}


# ---- PB 1.6 vote IP -------------------------------------------------------------------------------------------------
def take_up_to(markers, value):
    from rules.crownofroses.phases import take_up_to as take
    return take(markers, value)


def vote_ip(state) -> bool:
    return bool(state["options"].get("vote_ip"))


def take_vote_ip(g: Game) -> None:
    """PB 1.6 #2: after the votes are counted, each house takes markers equal to its votes from its
    unclaimed pool as vote IP, kept apart from the stock."""
    if not vote_ip(g.state):
        return
    g.state["vote_ip"] = {}
    for house in g.roles:
        taken, rest = take_up_to(g.state["ip"][house]["pool"], g.state["votes"][house])
        g.state["ip"][house]["pool"] = rest
        g.state["vote_ip"][house] = taken
        g.log(f"{hname(house)} takes {sum(taken)} vote IP (PB 1.6).")


def bid_markers(state, house: str) -> list[int]:
    """The markers an office bid is paid from: the stock, or with PB 1.6 the vote IP."""
    if vote_ip(state):
        return state.get("vote_ip", {}).get(house, [])
    return state["ip"][house]["stock"]


def return_vote_ip(g: Game) -> None:
    """PB 1.6 #4: after the Offices phase unused vote IP goes back to the pool, then the recorded income
    is collected."""
    if not vote_ip(g.state):
        return
    from rules.crownofroses.phases import collect_income
    for house, markers in g.state.pop("vote_ip", {}).items():
        g.state["ip"][house]["pool"] = sorted(g.state["ip"][house]["pool"] + markers)
    if not g.state.get("affairs_of_state"):
        for house in g.roles:
            collect_income(g, house, g.state["income"][house])


# ---- PB 1.7 the occupation of London -------------------------------------------------------------------------------
def london_occupation(g: Game) -> None:
    """After the battle step (and the moves out after it): mercenaries newly in London cost their house
    1 support per die at their strength (PB 1.7)."""
    if not g.state["options"].get("london_occupation"):
        return
    inside = [b for b in board.blocks_at(g.state, "london") if data().block(b).kind == "mercenary"]
    seen = set(g.state.get("mercenaries_in_london", []))
    for b in inside:
        if b not in seen:
            s = g.state["blocks"][b]
            dice = len(data().block(b).dice(s["strength"]))
            add_support(g, s["house"], -dice, f"{name(b)} occupies London (PB 1.7)")
    g.state["mercenaries_in_london"] = inside


# ---- PB 3.4.9 #4 the random draft -------------------------------------------------------------------------------------
def draft_order(state) -> list[str]:
    """Houses without offices in the scenario's order, then office holders by their highest office in
    the scenario's office order (PB 3.4.9 #4)."""
    rules = data().scenario(state["scenario"]).rules
    by_office = list(rules["draft_order_by_office"])
    playing = [h for h in state["houses"] if h not in state.get("left", [])]
    held = {h: [by_office.index(o) for o, holder in state["offices"].items()
                if holder and state["blocks"][holder]["house"] == h and o in by_office] for h in playing}
    first = [h for h in rules["draft_order_without_office"] if h in playing and not held[h]]
    later = sorted((h for h in playing if held[h]), key=lambda h: max(held[h]))
    return first + later


def draft(g: Game) -> None:
    """PB 3.4.9 #4 (DECISIONS.md): the Inactive noble blocks are mixed face down; each house in the draft
    order draws one at random, which joins it at Parliament; when they run out the rest draw nothing."""
    if not g.state["options"].get("draft"):
        return
    pool = [b for b in sorted(g.state["blocks"]) if draftable(g.state, b)]
    for house in draft_order(g.state):
        if not pool:
            break
        block = pool.pop(rng.randbelow(g.state, len(pool)))
        g.state["blocks"][block].update(status="attending", house=house, at=None, host=None,
                                        strength=data().block(block).max_steps)
        g.log(f"Draft (PB 3.4.9 #4): {hname(house)} draws {name(block)}.")


def draftable(state, block: str) -> bool:
    """An Inactive noble with a Roll-of-Parliament box that is not waiting for its heir card and is no
    heir of a house in play."""
    d = data().block(block)
    if state["blocks"][block]["status"] != "inactive" or not d.rop_box or block in state.get("heir_only", []):
        return False
    if d.heir and data().house_card(d.heir.card).house in state["houses"]:
        return False
    return d.kind in ("noble", "heir")

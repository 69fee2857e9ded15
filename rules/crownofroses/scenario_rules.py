"""Scenario special rules that act during play (the set-up ones are in setup.py): the captive Henry VI of
PB 3.2.9 #1, Disaffected Northumberland (PB 3.3.9 #1), Rivers' free entry (PB 3.3.9 #3) and the card drawn
for killing an heir in Kingmaker (PB 3.4.9 #3)."""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name
from rules.crownofroses.common import FLOW, d6, hname


def rules(state) -> dict:
    return data().scenario(state["scenario"]).rules


# ---- PB 3.2.9 #1 the captive King ------------------------------------------------------------------------------
def release_captive(g: Game) -> None:
    """When the keeper's March dies or goes into exile, Henry VI and his heir card return to Lancaster;
    he waits at Parliament (attending) and is placed with a host in this turn's Winter (DECISIONS.md)."""
    captive = g.state.get("captive")
    if not captive:
        return
    march = g.state["blocks"][captive["until_out"]]
    if march["status"] != "out" and not board.in_exile(g.state, captive["until_out"]):
        return
    block, card = captive["block"], captive["card"]
    owner = data().house_card(card).house
    g.state["captive"] = None
    if owner not in g.roles:
        g.state["blocks"][block].update(status="out", house=None)
        return
    g.state["blocks"][block].update(status="attending", house=owner, at=None, host=None)
    g.state["zones"][f"play:{owner}"].append(card)
    g.state["heir_cards"].setdefault(owner, []).append(card)
    g.log(f"{name(captive['until_out'])} is gone: {name(block)} is freed and returns to {hname(owner)} "
          f"(PB 3.2.9 #1).")


def execute_captive(g: Game) -> None:
    """PB 3.2.9 #1: a King still captive at the end of the scenario is executed."""
    captive = g.state.get("captive")
    if captive:
        g.state["blocks"][captive["block"]].update(status="out", house=None)
        g.state["captive"] = None
        g.log(f"{name(captive['block'])}, still a prisoner, is executed (PB 3.2.9 #1).")


# ---- PB 3.3.9 #1 Disaffected Northumberland ---------------------------------------------------------------------
def disaffected(state, house: str, leader: str) -> bool:
    """Whether the activation roll applies: York leading with Northumberland in PB 3.3."""
    needed = rules(state).get("northumberland_activation_roll")
    return bool(needed) and leader == "northumberland" and house == "york"


def activation_fails(g: Game, house: str, leader: str) -> bool:
    """PB 3.3.9 #1: York must roll 4+ each time it activates Northumberland as a leader."""
    if not disaffected(g.state, house, leader):
        return False
    roll = d6(g)
    needed = rules(g.state)["northumberland_activation_roll"]
    if roll >= needed:
        g.log(f"Northumberland answers York's call: {roll} (PB 3.3.9 #1).")
        return False
    g.log(f"Northumberland ignores York's orders: {roll}, he stays put (PB 3.3.9 #1).")
    g.state.setdefault("disaffected", []).append(leader)
    return True


def stays_put(state, block: str) -> bool:
    """Northumberland after a failed activation cannot move this impulse, not even in a stack."""
    return block in state.get("disaffected", [])


# ---- PB 3.3.9 #3 Rivers --------------------------------------------------------------------------------------------
def rivers_enters(g: Game) -> None:
    """On the scenario's turn 7 Lancaster may bring Rivers into play although nobody bid on him: asked at the
    start of that turn's Royal phase while Rivers is Inactive, he joins Lancaster at Parliament (DECISIONS.md)."""
    turn = rules(g.state).get("rivers_free_entry_turn")
    rivers = g.state["blocks"].get("rivers")
    if turn != g.state["turn"] or not rivers or rivers["status"] != "inactive" or "lancaster" not in g.roles:
        return
    g.call("rivers_entry", role="lancaster")


@FLOW.decision("rivers_entry")
class RiversEntry(Decision):
    def prompt(self, g, role):
        return "PB 3.3.9 #3: you may bring Rivers into play now, though nobody bid on him (he attends Parliament)."

    def actions(self, g, role):
        yield act("bring", label="Bring Rivers into play")
        yield act("leave", label="Leave Rivers Inactive")

    def on_bring(self, g, role):
        g.state["blocks"]["rivers"].update(status="attending", house="lancaster")
        g.log("Rivers joins Lancaster (PB 3.3.9 #3).")
        g.end()

    def on_leave(self, g, role):
        g.log("Lancaster leaves Rivers Inactive (PB 3.3.9 #3).")
        g.end()

    def default(self, g, role):
        return "bring"


# ---- PB 3.4.9 #3 -------------------------------------------------------------------------------------------------------
def heir_kill_card(g: Game, house: str) -> None:
    """A house that removed an enemy heir in an engagement draws one operations card, winner or not."""
    if not rules(g.state).get("heir_kill_draws_card") or house not in g.roles:
        return
    drawn = cards.draw(g, f"hand:{house}", 1)
    if drawn:
        g.log(f"{hname(house)} removed an enemy heir and draws a card (PB 3.4.9 #3).")


def unescorted(state, stack: list[str]) -> bool:
    """PB 3.3.9 #1: Gloucester and Northumberland move together only with another non-office block."""
    if not rules(state).get("northumberland_activation_roll") or not {"gloucester", "northumberland"} <= set(stack):
        return False
    return not any(b not in ("gloucester", "northumberland") and data().block(b).kind != "office" for b in stack)


def end_of_impulse(g: Game) -> None:
    """After the battle step: the occupation of London (PB 1.7), the captive's release (PB 3.2.9 #1);
    Northumberland's refusal lasts one impulse."""
    from rules.crownofroses.optional_rules import london_occupation
    london_occupation(g)
    release_captive(g)
    g.state.pop("disaffected", None)

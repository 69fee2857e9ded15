"""The mercenary cards (card list #49, #52, #55, #56; RB 8.1, 24.1.2): the Burgundian, French, Scots or Welsh
block joins a noble in the card's area at full strength; card and block stay until the block leaves play or
the next Royal phase (Royal phase: parliament.py makes the block Inactive, events.py discards the card)."""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, can_host, hname, on_hook
from rules.crownofroses.events import add_lasting, event, leave_play
from rules.crownofroses.phases import card_title

MERCENARY_CARDS = {"op49": "burgundians", "op52": "french", "op55": "scots", "op56": "welsh"}


# ---- #49, #52, #55, #56 the mercenaries (RB 8.1, 24.1.2) ------------------------------------------------------
def mercenary_area(card: str, shire: str) -> bool:
    s = data().shire(shire)
    if card in ("op49", "op52"):
        return "english_channel" in s.coastal_seas
    if card == "op55":
        return s.region == "north_marches"
    return s.region == "wales_and_marches"


def mercenary_hosts(state, house: str, card: str) -> list[str]:
    return [b for b in board.blocks_of(state, house) if can_host(state, b) and not board.in_exile(state, b)
            and mercenary_area(card, state["blocks"][b]["at"])]


def mercenary_playable(card: str):
    def check(state, house):
        block = MERCENARY_CARDS[card]
        barred = block != "welsh" and cards.modifiers(state, "no_foreigners")
        return state["blocks"][block]["status"] != "map" and not barred and bool(mercenary_hosts(state, house, card))
    return check


def _hire(g: Game, house: str, card: str) -> None:
    g.call("hire", role=house, card=card, hosts=mercenary_hosts(g.state, house, card))


for _card in MERCENARY_CARDS:
    event(_card, playable=mercenary_playable(_card), keep="persist")(_hire)


@FLOW.decision("hire")
class Hire(Decision):
    def prompt(self, g, role):
        return f"{card_title(g.local['card'])}: attach the block at full strength to one of your nobles."

    def actions(self, g, role):
        return [act("host", b, label=f"{name(b)} in {place_name(g.state['blocks'][b]['at'])}")
                for b in g.local["hosts"]]

    def on_host(self, g, role, host):
        block = MERCENARY_CARDS[g.local["card"]]
        g.state["blocks"][block].update(status="map", house=role, at=g.state["blocks"][host]["at"], host=host,
                                        strength=data().block(block).max_steps)
        add_lasting(g, "mercenary", "royal", card=g.local["card"], block=block)
        g.log(f"{name(block)} join {hname(role)} in {place_name(g.state['blocks'][host]['at'])}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


@on_hook("impulse_end")
def mercenaries_gone(g: Game) -> None:
    """A mercenary card ends when its block is eliminated (or sent away by England for the English)."""
    for m in list(cards.modifiers(g.state, "mercenary")):
        if g.state["blocks"][m["block"]]["status"] != "map":
            g.state["modifiers"].remove(m)
            leave_play(g, m["card"], f"{name(m['block'])} left play")

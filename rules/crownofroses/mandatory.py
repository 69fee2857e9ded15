"""The Mandatory Events Embassy (#58, #59; RB 14.1.1) and Plague (#60–#62; RB 14.1.2), and the Writs
(RB 10.5.1) an Embassy or a Raid may call for (uprisings.py uses them too)."""

from __future__ import annotations

from rules.core.wording import possessive
from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, d6, hname, take_off_map
from rules.crownofroses.events import add_lasting, event, start_losses
from rules.crownofroses.phases import card_title


# ---- #58, #59 Embassy (RB 14.1.1) -----------------------------------------------------------------------------
def envoy_of_king(state) -> str | None:
    king = state["offices"].get("king")
    if not king or state["blocks"][king]["status"] != "map" or board.in_exile(state, king):
        return None
    return state["blocks"][king]["host"] if king == "henry_vi" else king


@event("op58", "op59", ops=1)
def embassy(g: Game, house: str, card: str) -> None:
    roll = d6(g)
    shire = data().card(int(card[2:])).embassy_table[roll]
    g.log(f"Embassy: the die shows {roll} — {place_name(shire)}.", data={"roll": roll})
    king_house = board.king_house(g.state)
    if king_house not in g.roles:
        g.log("There is no King to receive the embassy.")
        return
    g.call("embassy_envoy", role=king_house, shire=shire, card=card)


def writ_cards(state, house: str) -> list[str]:
    """Any 3-OPS card in hand pays for a Writ (RB 10.5.1): operations cards first (a house card used so
    leaves the game, RB 10.2)."""
    from rules.crownofroses.phases import card_ops
    found = [c for c in state["zones"][f"hand:{house}"] if card_ops(c) == 3]
    extra = set(sum(state.get("extra_house", {}).values(), []))
    return sorted(found, key=lambda c: (not c.startswith("op") or c in extra, c))


def pay_card(g: Game, house: str, card: str) -> None:
    """A card discarded to pay for something: house cards leave the game instead (RB 10.2)."""
    house_card = not card.startswith("op") or card in g.state.get("extra_house", {}).get(house, [])
    cards.move(g.state, card, f"hand:{house}", "removed" if house_card else "discard")


def writ_targets(state, house: str) -> list[str]:
    """Nobles a Writ may name, from public facts only: in play (on the map), not heirs, not the King, and
    for a non-Lancastrian not Edward, Henry VI nor Margaret. Whether the named noble stands in a contested
    shire, in exile or hosts Henry VI or Margaret is checked when the Writ is carried out."""
    found = []
    for b, s in sorted(state["blocks"].items()):
        if s["status"] != "map" or not board.is_noble(b) or board.is_heir(state, b) or state["offices"]["king"] == b:
            continue
        if house != "lancaster" and b in ("lancaster", "henry_vi", "margaret"):
            continue
        if b == "margaret":
            continue
        found.append(b)
    return found


def writ_fails(state, house: str, target: str) -> str | None:
    s = state["blocks"][target]
    if s["status"] != "map":
        return "not in play"
    if board.in_exile(state, target):
        return "in exile"
    if board.contested(state, s["at"]):
        return "in a contested shire"
    if s["host"]:
        return "attached to another block"
    if house != "lancaster" and {"henry_vi", "margaret"} & set(board.attached_to(state, target)):
        return "the host of Henry VI or Margaret"
    return None


@FLOW.decision("embassy_envoy")
class EmbassyEnvoy(Decision):
    def prompt(self, g, role):
        return (f"Embassy to {place_name(g.local['shire'])} (RB 14.1.1): the King goes, or name another noble by "
                "Writ (discard a 3-OPS card).")

    def actions(self, g, role):
        if envoy_of_king(g.state):
            yield act("king", label=f"{name(envoy_of_king(g.state))} goes")
        else:
            yield act("none", label="Nobody goes (the King is not on the map)")
        pay = writ_cards(g.state, role)
        if pay:
            for b in writ_targets(g.state, role):
                yield act("writ", pay[0], b, label=f"Writ: {name(b)} goes (discard {card_title(pay[0])})",
                          group="Writ")

    def protects_secret(self, g, role):
        """A Writ needs a 3-OPS card from the hidden hand: asked while the hand holds any (issue 33)."""
        return bool(g.state["zones"][f"hand:{role}"])

    def on_king(self, g, role):
        send_envoy(g, role, envoy_of_king(g.state))

    def on_none(self, g, role):
        g.end()

    def on_writ(self, g, role, pay, target):
        pay_card(g, role, pay)
        g.log(f"{hname(role)} issues a Writ (discarding {card_title(pay)}): {name(target)} is to go.")
        why = writ_fails(g.state, role, target)
        if why:
            g.log(f"The Writ fails: {name(target)} is {why}.")
            if envoy_of_king(g.state):
                send_envoy(g, role, envoy_of_king(g.state))
            else:
                g.end()
            return
        send_envoy(g, g.state["blocks"][target]["house"], target)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def send_envoy(g: Game, house: str, envoy: str) -> None:
    """The envoy and his attached blocks go straight there, revealed; enemies there leave (adjacent shire
    or the Undeclared pool); no enemy may enter until after the battle step."""
    shire = g.local["shire"]
    moving = [envoy, *board.attached_to(g.state, envoy)]
    for b in moving:
        g.state["blocks"][b]["at"] = shire
    g.log(f"{name(envoy)} goes to {place_name(shire)} for the Embassy; no enemy may enter it this impulse.")
    add_lasting(g, "embassy", "impulse", card=None, shire=shire, house=house, envoy=envoy)
    enemies = sorted(board.houses_at(g.state, shire) - {house})
    if enemies:
        g.goto("embassy_clear", shire=shire, houses=enemies)
    else:
        g.end()


def _clear_embassy(g: Game) -> None:
    shire = g.local["shire"]
    while g.local["houses"]:
        h = g.local["houses"].pop(0)
        places = [s for s, _ in data().board.neighbours(shire) if not (board.houses_at(g.state, s) - {h})
                  and not board.embassy_barred(g.state, h, s)]
        if not places or h not in g.roles:
            for b in board.blocks_at(g.state, shire, h):
                if g.state["blocks"][b]["status"] == "map" and g.state["blocks"][b]["at"] == shire:
                    noble = board.is_noble(b)
                    take_off_map(g, b, "undeclared" if noble else "inactive", h if noble else None)
            g.log(f"{possessive(hname(h))} blocks in {place_name(shire)} have nowhere to go: the Undeclared pool (RB 14.1.1).")
            continue
        g.again()
        g.call("embassy_leave", role=h, shire=shire, places=places)
        return


FLOW.procedure("embassy_clear", _clear_embassy)


@FLOW.decision("embassy_leave")
class EmbassyLeave(Decision):
    def prompt(self, g, role):
        return f"The Embassy in {place_name(g.local['shire'])}: your blocks there must leave to an adjacent shire."

    def actions(self, g, role):
        return [act("to", s, label=place_name(s)) for s in g.local["places"]]

    def on_to(self, g, role, shire):
        for b in board.blocks_at(g.state, g.local["shire"], role):
            g.state["blocks"][b]["at"] = shire
        g.log(f"{possessive(hname(role))} blocks leave {place_name(g.local['shire'])} for {place_name(shire)}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- #60–#62 Plague (RB 14.1.2) -------------------------------------------------------------------------------
@event("op60", "op61", "op62", ops=2)
def plague(g: Game, house: str, card: str) -> None:
    drawn = cards.draw(g, "discard", 1)
    if not drawn:
        g.log("Plague: no card left to draw; nothing happens.")
        return
    shown = drawn[0]
    where = data().card(int(shown[2:])).plague_location if shown.startswith("op") else None
    if not where:
        return
    g.log(f"Plague: {card_title(shown)} is drawn and discarded; the plague strikes {place_name(where)}.")
    queue = []
    sv = data().shire(where).sv
    for h in sorted(board.houses_at(g.state, where)):
        queue.append([h, where, sv])
    for other, _ in data().board.neighbours(where):
        loss = data().shire(other).sv if other == "london" else max(1, data().shire(other).sv - 1)
        for h in sorted(board.houses_at(g.state, other)):
            queue.append([h, other, loss])
    g.call("plague_losses", queue=queue, shire=where)


def _plague_step(g: Game) -> None:
    while g.local["queue"]:
        h, shire, loss = g.local["queue"].pop(0)
        if start_losses(g, h, board.blocks_at(g.state, shire, h), loss, f"Plague in {place_name(shire)}"):
            g.again()
            return
    g.state["markers"][g.local["shire"]] = "devastated"
    g.log(f"{place_name(g.local['shire'])} is Devastated (RB 14.1.2).")


FLOW.procedure("plague_losses", _plague_step)

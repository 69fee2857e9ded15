"""Playing a card as its event (RB 14): the action step's choice between event and OPS (13.2), the event
registry, the OPS some events grant (14.0), where the card goes afterwards (14.2: discarded, removed, or
left in play while persistent, 10.4) and the step losses and gains several events share.

Each card's event lives in event_cards.py (operations events), uprisings.py (Raids and Planned Uprisings),
alliances.py, house_events.py and surprise.py; they register here with :func:`event`.
"""

from __future__ import annotations

from rules.core.wording import plural, possessive

from dataclasses import dataclass
from typing import Callable

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, hname, on_hook, take_off_map
from rules.crownofroses.operations import finish_card
from rules.crownofroses.phases import card_ops, card_title, card_type


@dataclass(frozen=True)
class Event:
    start: Callable[[Game, str, str], None]      # carries the event out; may g.call one procedure/decision
    playable: Callable[[dict, str], bool] = lambda state, house: True
    ops: int = 0                                 # OPS the event grants afterwards (RB 14.0)
    keep: str = "discard"                        # "discard", "play" (in front of the owner) or "persist"


EVENTS: dict[str, Event] = {}


def event(*cards_: str, playable=None, ops: int = 0, keep: str = "discard"):
    """Decorator: ``@event("op28", "op29")`` registers ``fn(g, house, card)`` as those cards' event."""
    def register(fn):
        for c in cards_:
            EVENTS[c] = Event(fn, playable or (lambda state, house: True), ops, keep)
        return fn
    return register


def playable(state, house: str, card: str) -> bool:
    ev = EVENTS.get(card)
    return ev is not None and ev.playable(state, house)


def event_choice(g: Game, role: str, card: str):
    """The action playing ``card``'s event, if it can be played now."""
    if card in EVENTS and (card_type(card) == "mandatory" or playable(g.state, role, card)):
        text = data().card(int(card[2:])).text if card.startswith("op") else data().house_card(card).text
        yield act("event", label=f"Event: {text}"[:300], group="Event")


# ---- RB 13.2 event or OPS --------------------------------------------------------------------------------
@FLOW.decision("event_or_ops")
class EventOrOps(Decision):
    sequence = True        # "use for OPS" then spending them: the house's own run (issue 33)

    def prompt(self, g, role):
        card = g.local["card"]
        return f"{card_title(card)}: play its event, or use it for {card_ops(card)} OPS (RB 13.2)."

    def actions(self, g, role):
        card = g.local["card"]
        mandatory = card_type(card) == "mandatory"
        if card in EVENTS and mandatory:
            yield from event_choice(g, role, card)
        if not mandatory or card not in EVENTS:
            yield act("ops", label=f"Use for {card_ops(card)} OPS")


    def on_event(self, g, role):
        g.goto("play_event", role=role, card=g.local["card"])

    def on_ops(self, g, role):
        from rules.crownofroses.operations import ops_bonus
        g.goto("spend", role=role, ops=card_ops(g.local["card"]) + ops_bonus(g.state, role), card=g.local["card"])

    def default(self, g, role):
        return "ops" if card_type(g.local["card"]) != "mandatory" else "event"


def _run(g: Game) -> None:
    house, card = g.local["role"], g.local["card"]
    g.log(f"{hname(house)} plays the event of {card_title(card)}.")
    EVENTS[card].start(g, house, card)


def _spend(g: Game) -> None:
    from rules.crownofroses.operations import ops_bonus
    ev = EVENTS[g.local["card"]]
    ops = ev.ops + g.local.get("extra_ops", 0) + ops_bonus(g.state, g.local["role"])
    if ops > 0 and g.local["role"] in g.roles:
        g.log(f"{hname(g.local['role'])} gains {ops} OPS from the event (RB 14.0).")
        g.call("spend", role=g.local["role"], ops=ops, card=g.local["card"])


def _finish(g: Game) -> None:
    house, card = g.local["role"], g.local["card"]
    keep = EVENTS[card].keep
    zone = f"command:{house}"
    if card not in g.state["zones"].get(zone, []):
        return
    if keep in ("play", "persist"):
        cards.move(g.state, card, zone, f"play:{house}")
        g.state["command"].get(house, {})["done"] = True
    else:
        finish_card(g, house, card, event=True)


FLOW.procedure("play_event", _run, _spend, _finish)


def leave_play(g: Game, card: str, why: str = "") -> None:
    """A card in front of a house ends: operations cards to the discard pile, house cards out of the game
    (RB 10.1: mercenary and Embassy cards are discarded)."""
    for zone, held in g.state["zones"].items():
        if card in held and (zone.startswith("play:") or zone.startswith("command:")):
            target = "removed" if card in data().house_cards or card in sum(
                g.state.get("extra_house", {}).values(), []) else "discard"
            cards.move(g.state, card, zone, target)
            if why:
                g.log(f"{card_title(card)} ends ({why}).")
            return


def in_play(state, card: str) -> str | None:
    """The house with ``card`` face up in front of it, or None."""
    return next((z.split(":", 1)[1] for z, held in state["zones"].items() if z.startswith("play:") and card in held),
                None)


def lasting(state, name_: str, **match) -> list[dict]:
    return cards.modifiers(state, name_, **match)


def add_lasting(g: Game, name_: str, until: str, card: str | None = None, **data_) -> None:
    """A persistent effect (RB 10.4) until "impulse", "operations" or "royal"; its card (if any) stays in
    front of the player and is discarded when the effect ends."""
    cards.add_modifier(g.state, name_, until, card=card, **data_)


def _expire(g: Game, until: str) -> None:
    for m in cards.expire_modifiers(g.state, until):
        if m.get("card"):
            leave_play(g, m["card"])


on_hook("impulse_end")(lambda g: _expire(g, "impulse"))
on_hook("operations_end")(lambda g: _expire(g, "operations"))
on_hook("royal_start")(lambda g: _expire(g, "royal"))


# ---- step losses and gains shared by Plague, Desertions, Reinforcements... --------------------------------
def lose_step(g: Game, block: str) -> bool:
    """One step lost outside combat; a block at base strength leaves for its owner's Undeclared pool (a
    noble) or becomes Inactive (any other block). Returns True if the block left the map."""
    s = g.state["blocks"][block]
    if s["strength"] > 1:
        s["strength"] -= 1
        return False
    house = s["house"]
    g.reveal()     # leaving the map shows the block was down to its last step
    if board.is_noble(block):
        take_off_map(g, block, "undeclared", house)
        g.log(f"{name(block)} goes to {possessive(hname(house))} Undeclared pool.")
    else:
        take_off_map(g, block, "inactive", None)
        g.log(f"{name(block)} becomes Inactive.")
    return True


def start_losses(g: Game, house: str, blocks: list[str], steps: int, why: str, tail: bool = False) -> bool:
    """Ask ``house`` to allocate ``steps`` losses among ``blocks`` one at a time (a block that leaves takes
    no more; losses left over are lost). Returns False when there is nothing to ask. With ``tail`` the
    current decision frame is ended (or replaced by the question)."""
    blocks = [b for b in blocks if g.state["blocks"][b]["status"] == "map"]
    if steps > 0 and blocks:
        g.log(f"{hname(house)} loses {plural(steps, 'step')} ({why}).")
    if steps <= 0 or not blocks or house not in g.roles or len(blocks) == 1:
        _auto_losses(g, blocks, steps)
        if tail:
            g.end()
        return False
    (g.goto if tail else g.call)("lose_steps", role=house, blocks=blocks, left=steps, why=why)
    return True


def _auto_losses(g: Game, blocks: list[str], steps: int) -> None:
    blocks = list(blocks)
    while steps and blocks:
        b = max(blocks, key=lambda x: (g.state["blocks"][x]["strength"], x))
        steps -= 1
        if lose_step(g, b):
            blocks.remove(b)
        blocks = [x for x in blocks if g.state["blocks"][x]["status"] == "map"]


@FLOW.decision("lose_steps")
class LoseSteps(Decision):
    sequence = True

    def sequence_default(self, g, role):
        """Losses by the book: the first block listed."""
        return next((a.id for a in self.actions(g, role)), None)

    def prompt(self, g, role):
        return f"{g.local['why']}: {plural(g.local['left'], 'step')} to lose; which block loses the next one?"

    def actions(self, g, role):
        return [act("step", b, label=f"{name(b)} ({g.state['blocks'][b]['strength']} steps) in "
                    f"{place_name(g.state['blocks'][b]['at'])}") for b in g.local["blocks"]]

    def protects_secret(self, g, role):
        """Which blocks survive a lost step hangs on face-down strengths: always asked (issue 33)."""
        return True

    def on_step(self, g, role, block):
        g.local["left"] -= 1
        if lose_step(g, block):
            g.local["blocks"].remove(block)
        g.local["blocks"] = [b for b in g.local["blocks"] if g.state["blocks"][b]["status"] == "map"]
        if not g.local["left"] or not g.local["blocks"]:
            g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def damaged(state, blocks: list[str]) -> list[str]:
    return [b for b in blocks if state["blocks"][b]["status"] == "map"
            and state["blocks"][b]["strength"] < data().block(b).max_steps]


def start_gains(g: Game, house: str, blocks: list[str], steps: int, why: str, tail: bool = False) -> bool:
    """Let ``house`` add ``steps`` steps one at a time to ``blocks`` (never above full strength; any
    excess is lost). Returns False when nothing can be added. ``tail`` as for start_losses."""
    # Asked even when every block is at full strength: whether one is damaged is hidden from the others, so
    # skipping the question (or saying "they are lost" in public) would tell them.
    if steps <= 0 or house not in g.roles:
        if tail:
            g.end()
        return False
    (g.goto if tail else g.call)("gain_steps", role=house, blocks=list(blocks), left=steps, why=why)
    return True


@FLOW.decision("gain_steps")
class GainSteps(Decision):
    def prompt(self, g, role):
        if not damaged(g.state, g.local["blocks"]):
            return f"{g.local['why']}: no block of yours there can take a step; the steps are lost."
        return f"{g.local['why']}: {plural(g.local['left'], 'step')} to add; which block gains the next one?"

    def actions(self, g, role):
        for b in damaged(g.state, g.local["blocks"]):
            yield act("step", b, label=f"{name(b)} ({g.state['blocks'][b]['strength']} steps)")
        yield act("done", label="Stop (the rest is lost)")

    def protects_secret(self, g, role):
        """Which blocks can take a step is hidden (face-down strengths, DECISIONS 129): always asked."""
        return True

    def on_step(self, g, role, block):
        g.state["blocks"][block]["strength"] += 1
        g.local["left"] -= 1
        g.local["added"] = g.local.get("added", 0) + 1
        if not g.local["left"]:
            self.on_done(g, role)

    def on_done(self, g, role):
        # how many steps a face-down force could take is hidden: the count goes to the owner only
        g.log(f"{hname(role)} strengthens its blocks ({g.local['why']}).")
        g.log(f"You add {plural(g.local.get('added', 0), 'step')} ({g.local['why']}).", to=[role])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

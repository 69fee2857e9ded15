"""The house cards' events (card list B2–B7, L2, L6, L8, W4, W6, W7, Y3, Y6; the heir cards are played in
operations.py, the Raids and Uprisings B2, W6, Y3 in uprisings.py, the Surprises B3, L3, W3, Y4 in
surprise.py). Used house cards leave the game (RB 10.2)."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core import cards
from rules.core.flow import Game
from rules.crownofroses import board
from rules.crownofroses.board import name
from rules.crownofroses.common import add_support, d6, hname, on_hook, take_off_map
from rules.crownofroses.influence_events import pool_to_stock, take_upto
from rules.crownofroses.events import add_lasting, event, start_gains
from rules.crownofroses.operations import influence_targets
from rules.crownofroses.windows import ability

SIX_STEPS = {"B6": (("buckingham", "stafford"), ("buckingham", "stafford")),
             "L6": (("margaret",), ("henry_vi", "margaret", "lancaster")),
             "W4": (("warwick",), None),
             "Y6": (("march",), ("york", "march"))}


def in_england(state, block: str) -> bool:
    s = state["blocks"][block]
    return s["status"] == "map" and not s["at"].startswith("exile/")


def six_step_shires(state, card: str, house: str) -> list[str]:
    needed, around = SIX_STEPS[card]
    if not any(in_england(state, b) for b in needed):
        return []
    around = around or tuple(board.heir_blocks(state, "warwick"))
    return sorted({state["blocks"][b]["at"] for b in around if in_england(state, b)})


def six_step_nobles(state, card: str, house: str) -> list[str]:
    places = six_step_shires(state, card, house)
    return [b for b in board.blocks_of(state, house) if board.is_noble(b) and state["blocks"][b]["at"] in places]


def _six_playable(card):
    return lambda state, house: bool(six_step_shires(state, card, house))


for _card in SIX_STEPS:
    @event(_card, playable=_six_playable(_card))
    def _six_steps(g, house, card):
        """B6, L6, W4, Y6: 6 steps on the house's nobles in the same shire as the named blocks."""
        start_gains(g, house, six_step_nobles(g.state, card, house), 6, "six steps")


@event("B7")
def katherine_and_anne(g: Game, house: str, card: str) -> None:
    """10 IP from the unclaimed pool: half (rounded down) on Oxford's box, the rest on Shrewsbury's. A box
    that cannot take influence (an heir, Unavailable...) leaves its share in the stock."""
    ip = g.state["ip"][house]
    first, ip["pool"] = take_upto(ip["pool"], 5)
    second, ip["pool"] = take_upto(ip["pool"], 10 - sum(first))
    open_ = influence_targets(g.state, house)
    for noble, markers in (("oxford", first), ("shrewsbury", second)):
        if noble in open_ and markers:
            box = g.state["rop"].setdefault(noble, {})
            box.setdefault(house, []).extend(markers)
            box[house].sort()
            g.log(f"{hname(house)} places {plural(len(markers), 'marker')} on {possessive(name(noble))} box.")
            g.log(f"You place {'+'.join(map(str, markers))} IP on {name(noble)}.", to=[house])
        else:
            ip["stock"] = sorted(ip["stock"] + markers)
            if markers:
                g.log(f"{possessive(name(noble))} box cannot take influence: the markers go to {possessive(hname(house))} stock.")


@event("W7")
def kingmaker(g: Game, house: str, card: str) -> None:
    """1d6 + 4 IP from the unclaimed pool into the stock; then any influence on one noble's box."""
    roll = d6(g)
    g.log(f"Kingmaker: the die shows {roll}.", data={"roll": roll})
    pool_to_stock(g, house, roll + 4, "Kingmaker")
    if influence_targets(g.state, house) and g.state["ip"][house]["stock"]:
        g.call("alliance_ip", role=house, left=100, spread=False, noble=None, placed=[])


def margaret_in_play(state, house: str) -> bool:
    return state["blocks"]["margaret"]["status"] == "map"


@event("L8", playable=margaret_in_play)
def love_day(g: Game, house: str, card: str) -> None:
    add_lasting(g, "love_day", "impulse")
    add_support(g, house, 1, "Queen Margaret proclaims a Love Day")
    g.log("Love Day: in this impulse's battles no dice are rolled and every attacker must retreat.")


# ---- L2 Queen Margaret d'Anjou ---------------------------------------------------------------------------
def _margaret_options(g, role, point):
    from rules.crownofroses.offices import active_house
    if "L2" in g.state["zones"].get(f"play:{role}", []) and active_house(g) == role \
            and not cards.modifiers(g.state, "margaret_down") and g.state["blocks"]["henry_vi"]["status"] != "out":
        yield (), "Turn Queen Margaret's card face down: +1 OPS this impulse"


@ability("L2", "step_start", options=_margaret_options)
def margaret_card(g, role):
    cards.add_modifier(g.state, "margaret_down", "turn")
    g.state.setdefault("ops_bonus", {})[role] = 1
    g.log(f"{hname(role)} turns Queen Margaret's card face down: +1 OPS this impulse (no longer keeps 2 cards).")


@on_hook("impulse_end")
def margaret_leaves(g: Game) -> None:
    """L2: with Henry VI and Edward (the Lancaster block) both removed, Margaret goes into exile for good."""
    s = g.state["blocks"]
    if s["henry_vi"]["status"] == "out" and s["lancaster"]["status"] == "out" and s["margaret"]["status"] != "out":
        take_off_map(g, "margaret", "out", None) if s["margaret"]["status"] == "map" else s["margaret"].update(
            status="out", house=None, at=None, host=None)
        for zone, held in g.state["zones"].items():
            if "L2" in held and zone != "removed":
                cards.move(g.state, "L2", zone, "removed")
                break
        g.log("Henry VI and Edward are gone: Queen Margaret retires to France for good (L2).")
    g.state.pop("ops_bonus", None)

"""The office cards' once-per-turn abilities (RB 10.5): the Lord Chancellor's unseen swap of two stacks in
Parliament (10.5.2, in his own action step), the Lord Treasurer's extra noble when a card's OPS all went
to influence (10.5.3), the Earl Marshal's re-roll (10.5.4, after a line-battle roll), the Lord Admiral's
2-OPS sea move (10.5.5); the King may once per turn use one of these instead of its holder (10.5.1, not
when the King is Henry VI). The raid dice of the Admiral, Captain of Calais and Warden are in
uprisings.py, their exile rule in movement.py, the Writs in uprisings.py and event_cards.py."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from itertools import combinations

from rules.core import cards
from rules.core.flow import Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name
from rules.crownofroses.common import hname
from rules.crownofroses.windows import ability

PER_TURN = ("chancellor", "treasurer", "marshal", "admiral")


def used(state, office: str) -> bool:
    return bool(cards.modifiers(state, "office_used", office=office))


def king_may_borrow(state, house: str) -> bool:
    king = state["offices"].get("king")
    return board.king_house(state) == house and king != "henry_vi" and not used(state, "king")


def user(state, house: str, office: str) -> str | None:
    """How ``house`` may use ``office``'s ability now: "holder", "king" (borrowed) or None."""
    if used(state, office):
        return None
    if board.office_house(state, office) == house:
        return "holder"
    if king_may_borrow(state, house):
        return "king"
    return None


def mark_used(g: Game, house: str, office: str) -> None:
    how = user(g.state, house, office)
    cards.add_modifier(g.state, "office_used", "turn", office=office)
    if how == "king":
        cards.add_modifier(g.state, "office_used", "turn", office="king")
    g.log(f"{hname(house)} uses the {data().office(office).name}'s ability"
          + (" through the King (RB 10.5.1)." if how == "king" else "."))


def active_house(g: Game) -> str | None:
    frame = next((f["local"] for f in reversed(g.state["flow"]) if f["name"] == "action_step"), None)
    return frame["house"] if frame else None


# ---- RB 10.5.2 Lord Chancellor ----------------------------------------------------------------------------
def stacks(state) -> list[tuple[str, str]]:
    return sorted((n, h) for n, bids in state["rop"].items() for h, m in bids.items() if m)


def _chancellor_options(g, role, point):
    if active_house(g) != role or not user(g.state, role, "chancellor"):
        return
    for (n1, h1), (n2, h2) in combinations(stacks(g.state), 2):
        if n1 != n2:
            yield (n1, h1, n2, h2), (f"Lord Chancellor: swap {possessive(hname(h1))} stack on {name(n1)} with "
                                     f"{possessive(hname(h2))} on {name(n2)}")


@ability("office_chancellor", "step_start", options=_chancellor_options)
def chancellor(g, role, n1, h1, n2, h2):
    mark_used(g, role, "chancellor")
    rop = g.state["rop"]
    a, b = rop[n1].pop(h1), rop[n2].pop(h2)
    rop[n2].setdefault(h1, []).extend(a)
    rop[n1].setdefault(h2, []).extend(b)
    for n in (n1, n2):
        for h in rop[n]:
            rop[n][h].sort()
    g.log(f"The stacks are swapped unseen: {possessive(hname(h1))} markers go to {name(n2)}, {possessive(hname(h2))} to {name(n1)}.")


# ---- RB 10.5.4 Earl Marshal ----------------------------------------------------------------------------------
def marshal_available(state) -> bool:
    return any(user(state, h, "marshal") for h in state["houses"] if h not in state.get("left", []))


def _marshal_options(g, role, point):
    from rules.crownofroses.surprise import current_battle
    b = current_battle(g)
    if not b or not user(g.state, role, "marshal"):
        return
    for x in sorted(b.get("rolled", {})):
        if x != "garrison" and board.is_noble(x) and x not in ("henry_vi", "margaret") and g.state["blocks"][x]["status"] == "map":
            yield (x,), f"Earl Marshal: {name(x)} re-rolls all its dice"


@ability("office_marshal", "after_rolls", options=_marshal_options)
def marshal(g, role, block):
    from rules.crownofroses.combat import battle, roll_hits
    mark_used(g, role, "marshal")
    b = battle(g)
    house = g.state["blocks"][block]["house"]
    enemy = b["defender"] if house == b["attacker"] else b["attacker"]
    group = [block] + [x for x in b["sides"][house]["main"] if x in b["rolled"] and x not in (block, "garrison")
                       and g.state["blocks"][x]["host"] == block and data().block(x).kind == "office"]
    before = sum(b["rolled"][x] for x in group)
    for x in group:
        b["rolled"][x] = roll_hits(g, x)
    after = sum(b["rolled"][x] for x in group)
    b["hits"][enemy] = max(0, b["hits"][enemy] - before + after)
    g.log(f"{name(block)} re-rolls: {plural(before, 'hit')} become {after}.")


# ---- RB 10.5.3 Lord Treasurer, 10.5.5 Lord Admiral (in the Spend decision) -------------------------------
def spend_extras(g: Game, role: str):
    from rules.crownofroses.movement import sea_leaders
    from rules.crownofroses.operations import influence_targets
    from rules.crownofroses.phases import card_ops
    left, card = g.local["ops"], g.local.get("card")
    admiral = g.state["offices"].get("admiral")
    if 2 <= left and user(g.state, role, "admiral") and admiral in sea_leaders(g.state, role) \
            and g.state["blocks"][admiral]["house"] == role:
        yield act("office", "admiral", admiral, label=f"Lord Admiral: sea move with {name(admiral)} (2 OPS)",
                  group="Sea move")
    influenced = g.state["step"].get("influenced", 0)
    if left == 0 and card and influenced and influenced == card_ops(card) and user(g.state, role, "treasurer") \
            and g.state["ip"][role]["stock"]:
        for noble in influence_targets(g.state, role):
            yield act("office", "treasurer", noble, label=f"Lord Treasurer: influence {name(noble)} too",
                      group="Influence")


def use_in_spend(g: Game, role: str, office: str, target: str) -> None:
    mark_used(g, role, office)
    if office == "admiral":
        from rules.crownofroses.movement import start_march
        g.local["ops"] -= 2
        start_march(g, role, target, sea=True)
    else:
        g.call("place_ip", role=role, noble=target, picked=[])

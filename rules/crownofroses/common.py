"""Shared by the phases: the flow registry, ties broken by the King (RB 10.5.1), dice, support, IP markers,
block status changes and the Elimination Chart (20.6.1), attrition (22.0) and the military victory (6.1)."""

from __future__ import annotations

from rules.core.wording import possessive
from contextlib import contextmanager
from typing import Any, Iterator

from rules.core import Result, rng
from rules.core.flow import Decision, Flow, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, house_name, name

FLOW = Flow()


def hname(house: str) -> str:
    return house_name(house)


# ---- RB 10.5.1 ties -------------------------------------------------------------------------------
def decider(g: Game) -> str:
    """The tie-breaker; with no office held, the highest IP income decides (a die between equals), and
    keeps the role until the end of the turn."""
    found = board.tiebreaker(g.state)
    if found in g.roles:
        return found
    best = max(g.state["income"][h] for h in g.roles)
    tied = [h for h in g.roles if g.state["income"][h] == best]
    chosen = tied[0] if len(tied) == 1 else rng.choice(g.state, tied)
    if len(tied) > 1:
        g.log(f"No office is held and IP incomes tie: a die gives {hname(chosen)} the tie-breaks this turn.")
    g.state["tiebreaker"] = chosen
    return chosen


def rank_by(g: Game, values: dict[str, int], then: str, **local: Any) -> None:
    """Call ``order_ties`` to sort houses by ``values`` (highest first), the tie-breaker ordering equals;
    the ordered list comes back in ``g.returned``."""
    g.call("order_ties", values=values, order=[], purpose=then, **local)


def _order_step(g: Game) -> None:
    values, order = g.local["values"], g.local["order"]
    rest = [h for h in values if h not in order]
    if not rest:
        g.end(order)
        return
    best = max(values[h] for h in rest)
    tied = [h for h in rest if values[h] == best]
    if len(tied) == 1:
        order.append(tied[0])
        g.again()
        return
    g.again()
    g.call("choose_first", role=decider(g), tied=tied, purpose=g.local["purpose"])


def _order_loop(g: Game) -> None:
    if g.returned is not None:
        g.local["order"].append(g.returned)
        g.frame["ret"] = None
    _order_step(g)


FLOW.procedure("order_ties", _order_loop)


@FLOW.decision("choose_first")
class ChooseFirst(Decision):
    sequence = True

    def prompt(self, g, role):
        return f"You break the tie (RB 10.5.1) for {g.local['purpose']}: who goes first?"

    def actions(self, g, role):
        return [act("first", h, label=hname(h)) for h in g.local["tied"]]

    def on_first(self, g, role, house):
        g.log(f"{hname(role)} breaks the tie: {hname(house)} first ({g.local['purpose']}).")
        g.end(house)

    def default(self, g, role):
        return f"first:{g.local['tied'][0]}"


# ---- dice -------------------------------------------------------------------------------------------
def d6(g: Game) -> int:
    return rng.roll(g.state, 1)[0]


# ---- popular support (RB 7.1.2) ------------------------------------------------------------------------
def add_support(g: Game, house: str, amount: int, why: str) -> None:
    low, high = data().board.support_range
    before = g.state["support"][house]
    g.state["support"][house] = max(low, min(high, before + amount))
    if g.state["support"][house] != before:
        g.log(f"{hname(house)} support {before} → {g.state['support'][house]} ({why}).")


# ---- IP markers (RB 9.1) ---------------------------------------------------------------------------------
def return_rop(g: Game, noble: str) -> None:
    """RB 19.0: every marker on the noble's box goes back to its owner's unclaimed pool."""
    for house, markers in g.state["rop"].pop(noble, {}).items():
        g.state["ip"][house]["pool"].extend(markers)
        g.state["ip"][house]["pool"].sort()


def pay(g: Game, house: str, markers: list[int]) -> None:
    """Markers from the stock to the unclaimed pool (office bids are spent, RB 26.2)."""
    for m in markers:
        g.state["ip"][house]["stock"].remove(m)
        g.state["ip"][house]["pool"].append(m)
    g.state["ip"][house]["pool"].sort()


# ---- block status ------------------------------------------------------------------------------------------
def take_off_map(g: Game, block: str, status: str, house: str | None) -> None:
    """A block leaves the map (or Parliament): office blocks go with it; other attached blocks re-attach
    to a friendly host in the same place, else go to the owner's Undeclared pool (RB 8.3.3)."""
    s = g.state["blocks"][block]
    at, old_house = s["at"], s["house"]
    s.update(status=status, house=house, at=None, host=None)
    for other in board.attached_to(g.state, block):
        o = g.state["blocks"][other]
        if data().block(other).kind == "office":
            o.update(status=status if status in ("attending", "undeclared") else "inactive",
                     house=house if status in ("attending", "undeclared") else None, at=None)
            continue
        hosts = [b for b in board.blocks_at(g.state, at, old_house) if b != other and can_host(g.state, b)] if at else []
        if hosts:
            o["host"] = hosts[0]
        else:
            o.update(status="undeclared", at=None, host=None)


def can_host(state, block: str) -> bool:
    return board.is_noble(block) and (data().block(block).command_rating or 0) >= 1


def lose_office_of(g: Game, block: str) -> None:
    """RB 10.5: a holder eliminated, killed or wounded loses his offices (support bonus lost at once)."""
    for office in board.offices_of(g.state, block):
        house = g.state["blocks"][block]["house"]
        g.state["offices"][office] = None
        if office == "king" and house:
            g.state["previous_king"] = house      # RB 25.0: "the player who last controlled the King"
        ob = f"{office}_office"
        if ob in g.state["blocks"]:
            g.state["blocks"][ob].update(status="inactive", house=None, at=None, host=None)
        if house in g.state["houses"]:
            add_support(g, house, -data().office(office).support, f"loses the {data().office(office).name}")
        g.log(f"The office of {data().office(office).name} falls vacant.")


ELIMINATION = ((3, "killed"), (5, "wounded"), (99, "fled"))


def eliminate(g: Game, block: str, modifier: int = 0, why: str = "") -> str:
    """RB 8.3, 20.6.1: a block losing a step at base strength. Non-nobles leave the map; nobles and heirs
    roll on the Elimination Chart. Returns the result."""
    s = g.state["blocks"][block]
    house = s["house"]
    if not board.is_noble(block):
        take_off_map(g, block, "inactive", None)
        g.log(f"{name(block)} is eliminated.")
        return "gone"
    heir = board.is_heir(g.state, block)
    die = d6(g)
    roll = die + modifier + (1 if heir else 0)
    result = next(r for limit, r in ELIMINATION if roll <= limit)
    mods = (f" {modifier:+d} {why or 'modifier'}" if modifier else "") + (" +1 heir" if heir else "")
    total = f"{die}{mods} = {roll}" if mods else f"{die}"
    g.log(f"{name(block)} is eliminated: Elimination Chart, die {total} — {result}.")
    if result == "killed" and block == "henry_vi" or (result == "killed" and heir):
        remove_heir(g, block)
    elif result == "killed":
        lose_office_of(g, block)
        return_rop(g, block)
        take_off_map(g, block, "unavailable", None)
    elif result == "wounded":
        if not heir:
            lose_office_of(g, block)          # RB 20.6.1: a wounded heir keeps his offices
        take_off_map(g, block, "undeclared" if heir else "inactive", house if heir else None)
    else:
        take_off_map(g, block, "undeclared", house)
    return result


def remove_heir(g: Game, block: str) -> None:
    """RB 6.1, 10.3: an heir's block and card leave the game together."""
    house = g.state["blocks"][block]["house"]
    lose_office_of(g, block)
    take_off_map(g, block, "out", None)
    card = data().block(block).heir.card if data().block(block).heir else None
    for h, cards in g.state["heir_cards"].items():
        if card in cards:
            cards.remove(card)
            g.state["zones"][f"play:{h}"].remove(card)
            g.state["zones"]["removed"].append(card)
    for zone in list(g.state["zones"]):
        if card in g.state["zones"][zone] and zone.startswith("hand:"):
            g.state["zones"][zone].remove(card)
            g.state["zones"]["removed"].append(card)
    g.log(f"{name(block)} is removed from the game.")
    if house:
        g.state["eliminated_this_turn"] = sorted(set(g.state.get("eliminated_this_turn", [])) | {house})
    check_houses(g)


def attrition(g: Game, block: str, modifier: int = 0) -> None:
    """RB 22.0: 1d6 per block, 1–2 loses a step (+1 heir or leader, given as modifier; −1 in the fens)."""
    die = d6(g)
    heir = board.is_heir(g.state, block) and modifier < 1
    roll = die + modifier + (1 if heir else 0)
    mods = "".join(f" {n:+d} {why}" for n, why in ((modifier, "leader" if modifier > 0 else "fens"), (int(heir), "heir"))
                   if n)
    dice = f"die {die}{mods} = {roll}" if mods else f"die {die}"
    s = g.state["blocks"][block]
    if roll > 2:
        g.log(f"Attrition (a step lost on 1–2): {possessive(hname(s['house']))} block rolls {dice}, no loss.",
              data={"roll": roll})
        return
    if s["strength"] > 1:
        s["strength"] -= 1
        g.log(f"Attrition (a step lost on 1–2): {possessive(hname(s['house']))} block rolls {dice} and loses a "
              "step.", data={"roll": roll})
    else:
        g.log(f"Attrition (a step lost on 1–2): {name(block)} rolls {dice} at base strength.")
        eliminate(g, block, modifier=2, why="attrition at base strength")


# ---- RB 6.1 military victory and drop-out ---------------------------------------------------------------
def heirs_left(state, house: str) -> bool:
    """Heir cards in hand or in play whose block is not out of the game, exiles not counting (RB 6.1)."""
    d = data()
    cards = [c for c in state["zones"].get(f"hand:{house}", []) + state["heir_cards"].get(house, [])
             if c in d.house_cards and d.house_card(c).type == "heir"]
    for c in cards:
        block = d.house_card(c).block
        s = state["blocks"][block]
        if s["status"] == "out":
            continue
        if c in state["heir_cards"].get(house, []) and board.in_exile(state, block):
            continue
        return True
    return False


@contextmanager
def removed_together(g: Game) -> Iterator[None]:
    """Eliminations resolved as one (a round's charges, an engagement's Elimination Chart rolls): houses are
    checked once they are all done, so two houses losing their last heirs together both lose (RB 6.1)."""
    outer = g.state.get("removals_together")
    g.state["removals_together"] = outer or True      # an outer hold (a combat round's) stays as it was
    try:
        yield
    finally:
        if not outer:
            g.state.pop("removals_together", None)
            check_houses(g)


def check_houses(g: Game) -> None:
    """A house with no heir card left whose block is still in the game drops out (RB 10.3.2); when only
    one house still has heirs (exiles counting as eliminated), it wins at once (RB 6.1). The result is
    recorded and the engine ends the game before the next step."""
    if g.state.get("result") or g.state.get("pending_result") or g.state.get("removals_together"):
        return
    g.reveal()              # whether a house still holds heir cards in hand is shown (RB 6.1, 10.3.2)
    d = data()
    for h in g.roles:
        cards = [c for c in g.state["zones"].get(f"hand:{h}", []) + g.state["heir_cards"].get(h, [])
                 if c in d.house_cards and d.house_card(c).type == "heir"]
        if not any(g.state["blocks"][d.house_card(c).block]["status"] != "out" for c in cards):
            g.leave(h, "every heir has been removed (RB 10.3.2)")
    with_heirs = [h for h in g.roles if heirs_left(g.state, h)]
    from rules.crownofroses.victory import target_winners, team_heirs_winner
    targets = target_winners(g.state)               # RB 6.4: the scenario's military targets
    team = team_heirs_winner(g.state, with_heirs)   # PB 1.5: the other team has no heir left
    if targets:
        winner = targets[0]
        g.conclude(Result((winner,), "military victory: the scenario's targets removed (RB 6.4)",
                          ((winner,), tuple(h for h in g.state["houses"] if h != winner)),
                          {h: g.state["vp"][h] for h in g.state["houses"]}))
    elif team and len(team) > 1:
        g.conclude(Result(tuple(team), "team military victory: every enemy heir removed (PB 1.5, RB 6.1)",
                          (tuple(team), tuple(h for h in g.state["houses"] if h not in team)),
                          {h: g.state["vp"][h] for h in g.state["houses"]}))
    elif len(with_heirs) == 1 and len(g.state["houses"]) > 1:
        winner = with_heirs[0]
        g.conclude(Result((winner,), "military victory: every enemy heir removed (RB 6.1)",
                          ((winner,), tuple(h for h in g.state["houses"] if h != winner)),
                          {h: g.state["vp"][h] for h in g.state["houses"]}))
    elif not with_heirs:
        g.conclude(Result((), "the last houses lost their heirs together: no military victory (RB 6.1)",
                          (tuple(g.state["houses"]),), {h: g.state["vp"][h] for h in g.state["houses"]}))


# ---- hooks: effects that end at a point of the sequence (events.py registers them) ------------------------
HOOKS: dict[str, list] = {}


def on_hook(point: str):
    """Register ``fn(g)`` to run (automatically, without decisions) at ``point``: "impulse_end" (after the
    battle step), "operations_end", "royal_start"."""
    def register(fn):
        HOOKS.setdefault(point, []).append(fn)
        return fn
    return register


def run_hooks(g: Game, point: str, **data_: Any) -> None:
    for fn in HOOKS.get(point, []):
        fn(g, **data_)


# ---- steps where other modules open a window (windows.py registers the opener) --------------------------
STEP_HOOKS: dict[str, Any] = {}


def hook_step(point: str):
    """A flow step that runs the opener registered for ``point`` (it may call one procedure or decision)."""
    def step(g: Game) -> None:
        opener = STEP_HOOKS.get(point)
        if opener is not None:
            opener(g, point)
    step.__name__ = f"hook_{point}"
    return step

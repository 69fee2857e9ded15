"""Build Richard III positions for rule tests: a bare board, chosen blocks, chosen cards, fixed dice."""

from __future__ import annotations

from rules.core import Context, SetupArgs
from rules.core.contract import copy_state
from rules.richard3 import ENGINE
from rules.richard3 import actions, battle
from rules.richard3.data import AREAS, BLOCKS, CARDS

SEATS = (("york",), ("lancaster",))


def new_game(scenario="1460", seed=1):
    state = ENGINE.setup(SetupArgs(scenario, SEATS, seed))
    if state["step"] == "mulligan":
        ENGINE._start_card_phase(state)
    return state


def bare(placements: dict[str, str], king_side="lancaster", scenario="1460", seed=1):
    """A 1460 game whose board holds only ``placements`` (block id -> area); everything else is in the pool."""
    state = new_game(scenario, seed)
    for bid, b in state["blocks"].items():
        if b["loc"] in AREAS:
            b["loc"] = "pool"
    for bid, where in placements.items():
        twin = BLOCKS[bid].get("twin")
        if twin and state["blocks"][twin]["loc"] not in ("dead",):
            state["blocks"][twin]["loc"] = "off"
        state["blocks"][bid].update(loc=where, str=BLOCKS[bid]["max"], down=False)
    state["king_side"] = king_side
    state["captive"] = None
    ENGINE.update_pretender(state)
    from rules.richard3.state import senior_heir
    state["king"] = senior_heir(state, king_side)
    return state


def card_id(name: str, taken=()) -> str:
    for cid, c in CARDS.items():
        if c["name"] == name and cid not in taken:
            return cid
    raise KeyError(name)


def play_cards(state, york: str, lancaster: str):
    """Give each side the named card (plus fillers), play both, and return the state after the reveal."""
    y = card_id(york)
    l = card_id(lancaster, taken=(y,))
    used = {y, l}
    fill = [c for c in CARDS if c not in used]
    n = 8 - state["turn"]
    state["hands"] = {"york": [y] + fill[:n - 1], "lancaster": [l] + fill[n - 1:2 * n - 2]}
    state["step"] = "card"
    state["played"] = {"york": None, "lancaster": None}
    state = ENGINE.apply(state, "york", f"play:{y}").state
    if state["played"]["lancaster"] == l:   # a last card is played by the engine (issue 33)
        return state
    return ENGINE.apply(state, "lancaster", f"play:{l}").state


def do(state, role, *action_ids):
    for aid in action_ids:
        state = ENGINE.apply(state, role, aid).state
    return state


def ids(state, role):
    return [a.id for a in ENGINE.legal_actions(state, role)]


def older_ids(state, role):
    """The action phase's choices in the older area-first order (``move:<area>``, ``sea:<area>``,
    ``recruit``; every route ``go:<path>``; the muster's ``blk:``), which stored logs hold and the engine
    still accepts. Rules tests about where blocks may go read the full route lists this way."""
    if state["step"] == "action" and state["act"]["mode"] in ("menu", "block", "muster"):
        mode = state["act"]["mode"]
        extra = {"block": ["back"], "muster": ["done"]}.get(mode, [])
        return [a.id for a in actions._legacy(state, role)] + extra
    return ids(state, role)


def start_battle(state, area, attacker, entered: dict[str, str], main: str, p1=None):
    """Put the game in the combat phase with a battle in ``area``; ``entered`` maps the attacking (and
    reinforcing) blocks to the border key they used."""
    state = copy_state(state)
    borders: dict[str, list[str]] = {}
    from rules.richard3.state import side_of
    for bid, key in entered.items():
        used = borders.setdefault(side_of(state, bid), [])
        if key not in used:
            used.append(key)
    state["contest"] = {area: {"attacker": attacker, "main": main, "borders": borders, "entered": dict(entered)}}
    state["p1"] = p1 or attacker
    state["step"] = "combat"
    state["battle"] = None
    battle.begin(ENGINE, state, area, Context())
    return state


class Dice:
    """Replace the dice with a fixed sequence (monkeypatched into rules.core.rng.roll)."""

    def __init__(self, monkeypatch, values):
        self.values = list(values)
        import rules.core.rng as rng_module
        original = rng_module.roll

        def roll(state, dice, sides=6):
            original(state, dice, sides)     # keep the generator's draw count moving
            out, self.values = self.values[:dice], self.values[dice:]
            assert len(out) == dice, "test ran out of fixed dice"
            return out

        monkeypatch.setattr(rng_module, "roll", roll)


__all__ = ["ENGINE", "bare", "play_cards", "do", "ids", "older_ids", "start_battle", "Dice", "new_game", "card_id",
           "actions", "battle"]

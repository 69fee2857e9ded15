"""Richard III: The Wars of the Roses (Columbia Games) as a Herald engine.

The sequence of play is a flow on the core (sequence.py: the campaign and the game turn as procedures, one
decision per phase). ``state["step"]`` names the phase for the views, and each phase keeps its own small
sub-state (``act``, ``battle``, ``supply``, ``political``) saying which decision is pending; the phase is
over when its module clears it. Large choices are split into steps (area, then block, then destination).
Section numbers in comments refer to the English rules v1.02.
"""

from __future__ import annotations

import functools

from rules.core import Result, Scenario, Summary
from rules.core.flow import FlowEngine
from rules.core import rng

from .data import CAMPAIGN_YEARS, CARD_IDS, DEFECTED_HEIR_NOBLES, DISPLAY, SCENARIOS, SIDES, BLOCKS, \
    BLOCK_IDS, area_name
from .state import blocks_at, heirs_gone, occupancy, other, pretender_side, senior_heir, side_of
from . import hidden, sequence
from . import view as _view
from . import words as _words

ROLES = ["york", "lancaster"]


def _name(bid: str) -> str:
    return DISPLAY[bid]


_side_name, _hand_ap, _card_label = sequence.side_name, sequence.hand_ap, sequence.card_label


class RichardIII(FlowEngine):
    """The sequence of play is a flow (sequence.py); the phases' rules are in actions, battle, supply and
    political; this class holds the deal, the card play and the rules several phases share."""

    id = "richard3"
    title = "Richard III: The Wars of the Roses"
    runaway_actions = 10_000
    flat_tables = ("blocks",)   # each block is {loc, str, down}
    flow = sequence.FLOW
    start = "campaign"
    answers_forced = True    # issue 33: one-answer questions are not asked (VIEW.md lists the exceptions)

    # ---- catalogue -------------------------------------------------------------------------------
    def scenarios(self):
        return [Scenario(k, v["name"], v["description"], 2, 2) for k, v in SCENARIOS.items()]

    def roles(self, scenario):
        return list(ROLES)

    # ---- setup -----------------------------------------------------------------------------------
    def _setup(self, scenario, seats, options):
        sc = SCENARIOS[scenario]
        blocks = {bid: {"loc": sc["placement"][bid], "str": BLOCKS[bid]["max"], "down": False}
                  for bid in BLOCK_IDS}
        state = {
            "scenario": scenario, "campaign": sc["first_campaign"], "last_campaign": sc["last_campaign"],
            "turn": 1, "step": "mulligan", "king_side": sc["king"], "king": None, "pretender": None,
            "captive": sc.get("captive"), "blocks": blocks, "killed": {"york": 0, "lancaster": 0},
            "hands": {"york": [], "lancaster": []}, "played": {"york": None, "lancaster": None},
            "revealed": None, "discards": [], "p1": None, "mulligan": None,
            "moved": [], "moves": [], "border_use": {"york": {}, "lancaster": {}}, "contest": {},
            "pirates": {}, "treason": None, "treason_used": False, "surprise": None,
            "act": None, "battle": None, "supply": None, "political": None, "result": None,
            "battles_done": [], "hidden_dead": {},
        }
        state["king"] = senior_heir(state, state["king_side"])
        state["pretender"] = senior_heir(state, pretender_side(state))
        return state

    # ---- cards (1.1, 5.1) --------------------------------------------------------------------------
    def _deal(self, state, ctx):
        deck = list(CARD_IDS)
        rng.shuffle(state, deck)
        state["hands"] = {"york": sorted(deck[:7]), "lancaster": sorted(deck[7:14])}
        state["discards"] = []
        for side in SIDES:
            ctx.log("Your hand: " + ", ".join(_card_label(c) for c in state["hands"][side]) + ".", to=[side])
        pret = pretender_side(state)
        asked = [s for s in (pret, state["king_side"]) if _hand_ap(state, s) <= 13]
        if asked:
            state["mulligan"] = {"asked": asked, "requester": None}
            state["step"] = "mulligan"
        else:
            self._start_card_phase(state)

    def _start_card_phase(self, state):
        state["step"] = "card"
        state["mulligan"] = None
        state["played"] = {"york": None, "lancaster": None}
        state["revealed"] = None
        state["p1"] = None
        state["moved"] = []
        state["moves"] = []
        state["border_use"] = {"york": {}, "lancaster": {}}
        state["contest"] = {}
        state["pirates"] = {}
        state["treason"] = None
        state["treason_used"] = False
        state["surprise"] = None
        state["battles_done"] = []

    def result(self, state):
        r = state.get("result")
        return Result(tuple(r["winners"]), r["reason"]) if r else None

    def summary(self, state):
        c, t = state["campaign"], state["turn"]
        year = CAMPAIGN_YEARS.get(c, "")
        if state["step"] == "political":
            return Summary(f"c{c}p", f"Campaign {c}, political turn ({year})", "Political turn")
        if state["step"] == "over":   # the game ends inside the turn it was decided in: same key
            key = state.get("final_key") or f"c{c}t{t}"
            return Summary(key, f"Campaign {c}, game over ({year})", "Game over")
        if state["step"] == "mulligan":
            return Summary(f"c{c}t{t}", f"Campaign {c}, turn {t} ({year})", "Deal")
        phase = {"card": "Card phase", "action": "Action phase", "combat": "Combat phase",
                 "supply": "Supply phase"}[state["step"]]
        return Summary(f"c{c}t{t}", f"Campaign {c}, turn {t} ({year})", phase)

    # ---- the flow: a position built without it gets its stack from its phase -------------------------
    def _decision(self, state):
        if not sequence.in_step(state):
            state = {**state, "flow": sequence.stack_for(state)}
        return super()._decision(state)

    # ---- apply ---------------------------------------------------------------------------------------
    def _apply(self, state, role, action, ctx):
        if not sequence.in_step(state):
            state["flow"] = sequence.stack_for(state)
        super()._apply(state, role, action, ctx)
        self.check_captive(state, ctx)
        if state.get("result"):   # this action ended the game (apply refuses once it is over)
            from .final import reveal_all
            reveal_all(state, ctx)

    # ---- shared rules used by several phases ---------------------------------------------------------
    def update_pretender(self, state):
        state["pretender"] = senior_heir(state, pretender_side(state))

    def check_victory(self, state, ctx):
        if state.get("result"):
            return True
        for side in SIDES:
            if heirs_gone(state, other(side)):
                state["result"] = {"winners": [side], "reason": f"{_side_name(side)} eliminated every "
                                   f"{_side_name(other(side))} heir"}
                state["final_key"] = self.summary(state).turn_key
                state["step"] = "over"
                ctx.log(f"{_side_name(side)} wins: no {_side_name(other(side))} heir is left.",
                        kind="result")
                return True
        return False

    def eliminate(self, state, bid, ctx, public=True):
        """6.8: send an eliminated block where the rules say (pool face down, home, or out of the game)."""
        info = BLOCKS[bid]
        side = side_of(state, bid)
        b = state["blocks"][bid]
        b["str"] = info["max"]
        kind = info["type"]
        if kind == "heir" or bid in DEFECTED_HEIR_NOBLES:
            public = True   # heir deaths are always announced: succession and 9.0 depend on them
        text = _name(bid) if public else f"a {_side_name(side)} block"
        ctx.reveal()   # a block leaving the map is seen by both players
        if kind == "heir":
            b["loc"] = "dead"
            twin = info.get("twin")
            if twin:
                state["blocks"][twin]["loc"] = "dead"
            state["killed"][side] += 1
            ctx.log(f"{text} is slain.", kind="death")
            if state["king"] == bid:
                state["king"] = None
                ctx.log("The King is dead! His successor is named in the Supply Phase.")
            self.update_pretender(state)
        elif bid in DEFECTED_HEIR_NOBLES:
            heir = DEFECTED_HEIR_NOBLES[bid]
            b["loc"] = "dead"
            state["blocks"][heir]["loc"] = "dead"
            state["killed"][BLOCKS[heir]["side"]] += 1
            ctx.log(f"{text} is slain.", kind="death")
        elif kind == "noble" and (info.get("rose") or info.get("neville")):
            b["loc"] = "dead"
            twin = info.get("twin")
            if twin and state["blocks"][twin]["loc"] == "off":
                state["blocks"][twin]["loc"] = "dead"
            if not public:   # removed unseen (supply, Plague): only the owner knows who it was
                hidden = state.setdefault("hidden_dead", {})
                hidden[bid] = side
                if twin and state["blocks"][twin]["loc"] == "dead":
                    hidden[twin] = side
            ctx.log(f"{text} is eliminated and removed from the game.", kind="death")
        else:
            b["loc"] = "pool"
            b["down"] = True
            ctx.log(f"{text} is eliminated.", kind="death")
        if bid in state["moved"]:
            state["moved"].remove(bid)
        self.check_victory(state, ctx)

    def lose_step(self, state, bid, ctx, public=True):
        b = state["blocks"][bid]
        if b["str"] <= 1:
            self.eliminate(state, bid, ctx, public)
            return True
        b["str"] -= 1
        return False

    def check_captive(self, state, ctx):
        """Kingmaker: Henry VI is freed as soon as Lancaster alone holds London, and becomes Pretender. Only a red
        (Lancastrian) block rescues him: the black Rebel serves Lancaster but is no Lancastrian."""
        cap = state.get("captive")
        if not cap or state["step"] == "over":
            return
        occ = occupancy(state)
        area = state["blocks"][cap]["loc"]
        red = [x for x in blocks_at(occ, area, "lancaster") if BLOCKS[x]["side"] == "lancaster"]
        if red and not blocks_at(occ, area, "york"):
            state["captive"] = None
            ctx.log(f"Henry VI is rescued in {area_name(area)}!")
            if state["king_side"] == "york":
                self.update_pretender(state)

    # ---- reading -------------------------------------------------------------------------------------
    def describe(self, view, role):
        return _words.describe(view, role)

    def view(self, state, role):
        active = self.active_roles(state)
        waiting = [r for r in active if not self._prompt(state, r).committed]
        return _view.build(state, role, active, waiting)

    def view_parts(self, state, readers):
        """The static map and the public keys are shared, and the block entries built once, for all readers."""
        active = self.active_roles(state)
        waiting = [r for r in active if not self._prompt(state, r).committed]
        return _view.parts(state, readers, active, waiting)

    def invariant_errors(self, state):
        return _view.invariant_errors(state)

    def secrets(self, state, role):
        return _view.secrets(state, role)

    def hidden_variants(self, state):
        return hidden.hidden_variants(state)

    def hidden_changes(self, state):
        """Each side's hidden data changed in place (``hidden_variants`` names what each variant changed)."""
        if not state.get("result"):
            for side in SIDES:
                yield side, "hidden cards and blocks", functools.partial(hidden.change_side, side=side)


ENGINE = RichardIII()

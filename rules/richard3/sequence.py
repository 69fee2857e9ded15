"""The sequence of play (1.0, 8.0) on the core's flow (rules/core/flow.py): procedures for the campaign and the
game turn, and one decision per phase holding its prompt, its legal actions and what they do.

    campaign:  deal the hands (5.1) › redeal? › game turns › Political Turn (8.0) › next campaign
    game turn: card phase (1.1) › action phase, Player 1 then Player 2 (1.2) › combat phase (1.3)
               › supply phase (1.4) › next turn, or after the seventh the campaign goes on

Each phase's own rules stay in its module (actions, battle, supply, political); a phase is over when its
module has nothing left to ask (``state["act"]``, ``["battle"]``, ``["supply"]``, ``["political"]`` cleared),
and the flow goes on to the next step. ``state["step"]`` still names the phase for the views, and a position
built without the flow (a stored game from before it, a test's hand-made position) gets its stack rebuilt
from the phase (:func:`stack_for`).
"""

from __future__ import annotations

from rules.core import Action, Prompt, rng
from rules.core.flow import Decision, Flow, Game, calls

from .actions import EVENT_NAMES
from .data import CARD_IDS, CARDS, DISPLAY, SIDES, area_name
from .state import contested_areas, occupancy, other, pretender_side
from .words import EVENT_EFFECTS
from . import actions, battle, political, supply

FLOW = Flow()
TURNS = 7   # game turns in a campaign (1.0)


def over(g: Game) -> bool:
    """The game was won (9.0): nothing more happens, the flow is emptied."""
    if g.state.get("result"):
        g.state["flow"].clear()
        return True
    return False


# ---- the campaign -------------------------------------------------------------------------------------------
def deal_hands(g: Game) -> None:                                    # 5.1
    g.engine._start_card_phase(g.state)
    g.engine._deal(g.state, g.ctx)


def political_turn(g: Game) -> None:                                # 8.1-8.2, and 9.0 after the last campaign
    political.start(g.engine, g.state, g.ctx)
    if not over(g):
        g.call("political")


def next_campaign(g: Game) -> None:
    g.state["campaign"] += 1
    g.state["turn"] = 1
    g.goto("campaign")


REDEAL, TURN = calls("mulligan"), calls("turn")
FLOW.procedure("campaign", deal_hands, REDEAL, TURN, political_turn, next_campaign)


# ---- the game turn ------------------------------------------------------------------------------------------
def card_phase(g: Game) -> None:                                    # 1.1
    g.engine._start_card_phase(g.state)


def action_phase(g: Game) -> None:                                  # 1.2: Player 1 acts, then Player 2
    done = g.local.get("players", 0)
    if done == 2:
        del g.local["players"]
    if done == 2 or over(g):
        return
    p1 = g.state["p1"]
    role = p1 if done == 0 else other(p1)
    g.local["players"] = done + 1
    actions.start_player(g.engine, g.state, role, g.ctx)
    g.again()
    g.call("actions", role=role)


def combat_phase(g: Game) -> None:                                  # 1.3
    if not over(g):
        battle.start_combat(g.engine, g.state, g.ctx)


def supply_phase(g: Game) -> None:                                  # 1.4
    if not over(g):
        supply.start(g.engine, g.state, g.ctx)


def next_turn(g: Game) -> None:
    if over(g):
        return
    if g.state["turn"] >= TURNS:
        g.end()                                                     # on to the Political Turn
        return
    g.state["turn"] += 1
    g.goto("turn")


CARDS_PLAYED, COMBAT, SUPPLY = calls("cards"), calls("combat"), calls("supply")
FLOW.procedure("turn", card_phase, CARDS_PLAYED, action_phase, combat_phase, COMBAT, supply_phase, SUPPLY,
               next_turn)


# ---- the decisions of each phase ----------------------------------------------------------------------------
class Phase(Decision):
    """A phase's decision: nobody is asked once the game is won; the phase ends when nobody is left to ask."""

    def active(self, g):
        return [] if g.state.get("result") else self.asked(g)

    def asked(self, g) -> list[str]:
        raise NotImplementedError

    def proceed(self, g):
        if not over(g):
            g.end()

    def default(self, g, role):
        """At a missed deadline: end, be done or pass where the rules allow, else fire or retreat, else the
        first choice."""
        ids = [a.id for a in self.actions(g, role)]
        for pref in ("end", "done", "pass", "nosecond", "spare"):
            if pref in ids:
                return pref
        return next((a for a in ids if a.startswith("fire:") or a.startswith("retreat:")), ids[0] if ids else None)


@FLOW.decision("mulligan")
class Redeal(Phase):                                                # 5.1, once per campaign
    def asked(self, g):
        m = g.state["mulligan"]
        if m is None:
            return []
        return [m["asked"][0]] if m["requester"] is None else [other(m["requester"])]

    def prompt(self, g, role):
        if g.state["mulligan"]["requester"] is None:
            return (f"Your hand totals {hand_ap(g.state, role)} AP (13 or less): show it and redeal "
                    "(once per campaign), or keep it?")
        return "Your opponent showed a weak hand and redeals. Redeal your own hand too, or keep it?"

    def actions(self, g, role):
        # keeping first: a careless first pick must not show one's hand to the opponent
        if g.state["mulligan"]["requester"] is None:
            return [Action("keep", "Keep this hand", "Deal"), Action("redeal", "Show hand and redeal", "Deal")]
        return [Action("keep", "Keep my hand", "Deal"), Action("redeal", "Redeal my hand too", "Deal")]

    def on_keep(self, g, role):
        m = g.state["mulligan"]
        if m["requester"] is None:
            g.log(f"{side_name(role)} keeps the hand dealt.")
            m["asked"].pop(0)
            if not m["asked"]:
                g.state["mulligan"] = None
            return
        self.redeal(g, role, [m["requester"]])

    def on_redeal(self, g, role):
        state, m = g.state, g.state["mulligan"]
        if m["requester"] is None:   # the hand is shown; the opponent may redeal too
            m["requester"] = role
            shown = ", ".join(card_label(c) for c in state["hands"][role])
            g.log(f"{side_name(role)} shows a hand of {hand_ap(state, role)} AP ({shown}) and redeals.")
            g.reveal()
            return
        self.redeal(g, role, [m["requester"], role])

    def redeal(self, g, role, redealers):
        state = g.state
        g.log(f"{side_name(role)} {'also redeals' if role in redealers else 'keeps its hand'}.")
        kept = [c for s in SIDES if s not in redealers for c in state["hands"][s]]
        deck = [c for c in CARD_IDS if c not in kept]
        rng.shuffle(state, deck)
        for s in redealers:
            state["hands"][s] = sorted(deck[:7])
            deck = deck[7:]
            g.log("Your new hand: " + ", ".join(card_label(c) for c in state["hands"][s]) + ".", to=[s])
        state["mulligan"] = None

    def default(self, g, role):
        return "keep"


@FLOW.decision("cards")
class PlayCards(Phase):                                             # 1.1: both choose at once, face down
    kind = "secret"

    def asked(self, g):
        state = g.state
        if state["revealed"]:
            return []
        return [s for s in SIDES if state["played"][s] is None or len(state["hands"][s]) > 1]

    def prompt(self, g, role):
        mine = g.state["played"][role]
        if mine is None:
            return Prompt("Play one card face down (both players choose at once).", "secret")
        return Prompt(f"You played {card_label(mine)}; you may change it until your opponent plays.",
                      "secret", committed=True)

    def actions(self, g, role):
        mine = g.state["played"][role]
        verb = "Play" if mine is None else "Change to"
        return [Action(f"play:{c}", f"{verb} {card_label(c)}", "Cards", card_hint(c))
                for c in g.state["hands"][role] if c != mine]

    def on_play(self, g, role, card):
        state = g.state
        changed = state["played"][role] is not None
        state["played"][role] = card
        g.log(f"You play {card_label(card)} face down.", to=[role])
        if not all(state["played"][s] for s in SIDES):
            if not changed:
                g.log(f"{side_name(role)} has played a card face down.")
            return
        # both revealed at once; events first, then AP, the Pretender wins ties
        pret = pretender_side(state)

        def score(side):
            c = CARDS[state["played"][side]]
            return (10 if c.get("event") else 0) + 2 * c["ap"] + (1 if side == pret else 0)

        p1 = max(SIDES, key=score)
        state["p1"] = p1
        for s in SIDES:
            state["hands"][s].remove(state["played"][s])
            state["discards"].append(state["played"][s])
        state["revealed"] = dict(state["played"])
        g.reveal()
        y, lanc = state["played"]["york"], state["played"]["lancaster"]
        g.log(f"Cards revealed: York {card_label(y)}, Lancaster {card_label(lanc)}. "
              f"{side_name(p1)} is Player 1.", kind="reveal")

    def default(self, g, role):
        """The lowest card (an Action card before an event of the same AP); none once one is played."""
        if g.state["played"][role] is not None:
            return None
        ids = [a.id for a in self.actions(g, role)]
        return min(ids, key=lambda i: (CARDS[i[5:]]["ap"], bool(CARDS[i[5:]].get("event")), i)) if ids else None


@FLOW.decision("actions")
class Actions(Phase):                                               # 5.0-5.4 and the event cards
    def asked(self, g):
        act = g.state["act"]
        return [act["role"]] if act and act["role"] == g.local["role"] else []

    def prompt(self, g, role):
        return action_prompt(g.state["act"])

    def actions(self, g, role):
        return actions.legal(g.engine, g.state, role)

    def find(self, g, role, verb, args):   # without listing the whole menu; older ids of stored logs too
        return actions.find(g.engine, g.state, role, ":".join([verb, *args]))

    def apply(self, g, role, action):
        actions.apply(g.engine, g.state, role, action.id, g.ctx)


@FLOW.decision("combat")
class Combat(Phase):                                                # 6.0-6.9
    def asked(self, g):
        b = g.state["battle"]
        if b is None:   # Player 1 orders the battles (1.3) while any area is contested
            return [g.state["p1"]] if contested_areas(occupancy(g.state)) else []
        return [b["actor"]]

    def prompt(self, g, role):
        return battle_prompt(g.state["battle"])

    def actions(self, g, role):
        return battle.legal(g.engine, g.state, role)

    def apply(self, g, role, action):
        battle.apply(g.engine, g.state, role, action.id, g.ctx)


@FLOW.decision("supply")
class Supply(Phase):                                                # 7.0, 6.81-6.82, 9.1
    def asked(self, g):
        sup = g.state["supply"]
        if sup is None:
            return []
        p = sup["pending"]
        return [s for s in SIDES if s in p["by_side"]] if p["kind"] == "limit" else [p["side"]]

    def prompt(self, g, role):
        p = g.state["supply"]["pending"]
        if p["kind"] == "minor":
            return f"Supply phase: where does the heir {block_name(p['block'])} enter?"
        if p["kind"] == "execute":
            return f"Supply phase: execute the defector {block_name(p['block'])}?"
        mine = p["by_side"][role]
        return (f"Supply phase: {area_name(mine['area'])} is over its limit; choose a block to lose a "
                f"step ({mine['need']} more).")

    def actions(self, g, role):
        return supply.legal(g.engine, g.state, role)

    def apply(self, g, role, action):
        supply.apply(g.engine, g.state, role, action.id, g.ctx)


@FLOW.decision("political")
class PoliticalTurn(Phase):                                         # 8.3-8.5
    def asked(self, g):
        pol = g.state["political"]
        return [pol["pending"]["side"]] if pol else []

    def prompt(self, g, role):
        p = g.state["political"]["pending"]
        if p["kind"] == "disband":
            return f"{area_name(p['area'])} is over its exile limit: choose a block to send to the pool."
        return f"Political turn: where does {block_name(p['block'])} go home?"

    def actions(self, g, role):
        return political.legal(g.engine, g.state, role)

    def apply(self, g, role, action):
        political.apply(g.engine, g.state, role, action.id, g.ctx)


# ---- prompts ------------------------------------------------------------------------------------------------
def card_hint(card: str) -> str:
    """What playing ``card`` does (shown where it is chosen): its event, or its action points alone."""
    c = CARDS[card]
    event = EVENT_EFFECTS.get(c.get("event") or "")
    if event:
        return event[0].upper() + event[1:]
    return f"{c['ap']} action point{'s' if c['ap'] != 1 else ''}: each moves a group, recruits or goes to sea."


def card_label(cid: str) -> str:
    c = CARDS[cid]
    return f"{c['name']} (AP {c['ap']})" if c.get("event") else f"Action {c['ap']}"


def block_name(bid: str) -> str:
    return DISPLAY[bid]


def side_name(side: str) -> str:
    return side.title()


def hand_ap(state, side) -> int:
    return sum(CARDS[c]["ap"] for c in state["hands"][side])


def action_prompt(act) -> str:
    mode = act["mode"]
    head = f"{act['ap']} AP left" + (f" ({EVENT_NAMES[act['event']]})" if act["event"] else "")
    if not act["ap"] and act["event"]:   # an event card (Plague, Muster): no AP to spend
        head = EVENT_NAMES[act["event"]]
    if mode == "menu":
        return f"Action phase, {head}: move a group, sea move, recruit, or end."
    if mode == "group":
        return f"Moving from {area_name(act['area'])} ({head}): pick a block to move, or done."
    if mode in ("block", "muster_block"):
        return f"Where does {block_name(act['block'])} go?"
    if mode == "route":
        return f"Which way does {block_name(act['block'])} go to {area_name(act['target'])}?"
    if mode == "muster":
        return f"Muster to {area_name(act['target'])}: pick a block, or done."
    if mode == "sea":
        return f"Sea move from {area_name(act['area'])}: pick a block."
    if mode == "sea_dest":
        return f"Where does {block_name(act['block'])} sail?"
    if mode == "sea_second":
        return f"Port to port: a second block may sail to {area_name(act['target'])} for free."
    if mode == "recruit":
        return "Recruit which block from your pool?"
    if mode == "recruit_at":
        return f"Recruit {block_name(act['block'])} where?"
    return "Wait."


def battle_prompt(b) -> str:
    if b is None:
        return "Choose the next battle (Player 1 orders the battles)."
    where = area_name(b["area"])
    if b["stage"] == "treason":
        return f"Battle of {where}: make your Treason roll before the battle, or pass."
    if b["stage"] == "hits":
        n = b['pending']['hits']
        return (f"Battle of {where}: {n} hit{'s' if n != 1 else ''} to take. Every hit of a shot goes to your "
                "strongest block; yours are equally strong, so choose which one takes the next hit.")
    if b["stage"] == "regroup":
        return f"Battle of {where} won: regroup blocks to adjacent areas, or done."
    if b["stage"] == "fireback":
        return f"Battle of {where}: your block survived the charge; it may fire back at once at the heir who charged."
    return f"Battle of {where}, round {b['round']}: choose a block's combat turn."


# ---- positions without a flow -------------------------------------------------------------------------------
DECISION_OF = {"mulligan": "mulligan", "card": "cards", "action": "actions", "combat": "combat",
               "supply": "supply", "political": "political"}


def _after(procedure: str, step) -> int:
    return FLOW.procedures[procedure].index(step) + 1


def _frame(name: str, at: int = 0, **local) -> dict:
    return {"name": name, "at": at, "local": local, "ret": None}


def in_step(state) -> bool:
    """Whether the flow stack stands where ``state["step"]`` says the game is."""
    stack = state.get("flow")
    wanted = DECISION_OF.get(state["step"])
    if not stack or wanted is None:
        return wanted is None and not stack
    top = stack[-1]
    if top["name"] != wanted:
        return False
    return wanted != "actions" or bool(state["act"]) and top["local"].get("role") == state["act"]["role"]


def stack_for(state) -> list[dict]:
    """The flow stack of a position known only by its phase (``state["step"]`` and the phase's sub-state)."""
    step = state["step"]
    if step not in DECISION_OF:
        return []
    if step == "mulligan":
        return [_frame("campaign", _after("campaign", REDEAL)), _frame("mulligan")]
    if step == "political":
        return [_frame("campaign", _after("campaign", political_turn)), _frame("political")]
    campaign = _frame("campaign", _after("campaign", TURN))
    if step == "card":
        return [campaign, _frame("turn", _after("turn", CARDS_PLAYED)), _frame("cards")]
    if step == "action":
        role = state["act"]["role"]
        turn = _frame("turn", _after("turn", action_phase) - 1, players=1 if role == state["p1"] else 2)
        return [campaign, turn, _frame("actions", role=role)]
    at = _after("turn", COMBAT if step == "combat" else SUPPLY)
    return [campaign, _frame("turn", at), _frame(DECISION_OF[step])]

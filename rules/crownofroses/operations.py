"""The Operations phase (RB 13): impulses, command cards chosen by all at once (13.1), action steps in
OPS order (13.2), heir cards (10.3), OPS actions (15–19; movement in movement.py) and the end-of-impulse
battle step (20, combat.py) and the stacking check (21.1). A card played as its event goes to
events.py (event_or_ops); the reaction windows open at the start of each action step (windows.py)."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from collections import Counter

from rules.core import cards
from rules.core.choices import SecretChoice
from rules.core.contract import Action
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board, record
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses import scenario_rules
from rules.crownofroses.combat import battle_step
from rules.crownofroses.common import (FLOW, add_support, attrition, hname, hook_step, rank_by, remove_heir,
                                      return_rop, run_hooks)
from rules.crownofroses.phases import (card_ops, card_title, card_type, card_words, operations_cards,
                                      phase)

AFFAIRS_OF_STATE = "op57"


def start(g: Game) -> None:
    phase(g, "operations")
    n = min(len(operations_cards(g.state, h)) for h in g.roles)
    g.state["impulses"], g.state["impulse"] = n, 0
    record.clear(g.state)
    g.log(f"{plural(n, 'impulse')} this turn (RB 13.0).")


def impulses(g: Game) -> None:
    if g.state["impulse"] >= g.state["impulses"] or g.state.get("affairs_of_state") or g.state.get("pending_result"):
        run_hooks(g, "operations_end")
        return
    g.state["impulse"] += 1
    record.clear(g.state)                          # the public record holds one impulse (record.py)
    g.again()
    g.call("impulse")


FLOW.procedure("operations", start, impulses)


# ---- RB 13.1 the command step ------------------------------------------------------------------------------
def playable_heirs(state, house: str, cards: list[str] | None = None, active: list[str] | None = None) -> list[str]:
    """Heir cards in hand (or ``cards``: the command card) that may be played as events now: entry turn
    reached (PB 3.4 ignores it), fewer than two active heirs, block still in the game (RB 10.3).
    ``active``: the house's active heirs (``board.heir_blocks``), when the caller has them."""
    d = data()
    if len(board.heir_blocks(state, house) if active is None else active) >= 2:
        return []
    ignore_turn = d.scenario(state["scenario"]).rules.get("ignore_heir_entry_turns")
    found = []
    for c in state["zones"][f"hand:{house}"] if cards is None else cards:
        if c in d.house_cards and d.house_card(c).type == "heir":
            blk = d.block(d.house_card(c).block)
            if state["blocks"][blk.id]["status"] in ("out", "captive"):
                continue
            if ignore_turn or state["turn"] >= blk.heir.entry_turn:
                found.append(c)
    return found


def undeclared_heirs(state, house: str) -> list[str]:
    return [b for b in board.heir_blocks(state, house) if state["blocks"][b]["status"] == "undeclared"]


def command_options(state, house: str) -> list[tuple[str, str]]:
    """(card, restriction) pairs the house may choose as its command card (RB 13.1, 13.3)."""
    hand = state["zones"][f"hand:{house}"]
    active = board.heir_blocks(state, house)                  # found once for the three questions below
    heirs = playable_heirs(state, house, active=active)
    if not any(state["blocks"][b]["status"] == "map" for b in active):   # RB 13.3 mandatory heir (heir_in_play)
        allowed = [(c, "heir") for c in heirs]
        if any(state["blocks"][b]["status"] == "undeclared" for b in active):   # undeclared_heirs
            allowed += [(c, "return") for c in hand if c not in heirs and card_ops(c) > 0]
        if allowed:
            return allowed
    ops = operations_cards(state, house)
    mandatory = [c for c in ops if card_type(c) == "mandatory"]   # Affairs of State too (13.1 example)
    left = state["impulses"] - state["impulse"] + 1
    choices = list(hand)
    if state["impulse"] == 1 and AFFAIRS_OF_STATE in choices:
        choices.remove(AFFAIRS_OF_STATE)                       # RB 13.1 (c)
    if mandatory and len(mandatory) >= left:                   # RB 13.1 (b)
        choices = [c for c in choices if c in mandatory] or choices
    return [(c, "") for c in choices]


def open_command(g: Game) -> None:
    for house in g.roles:                                      # RB 28.3.3 bookkeeping
        if board.junior_heir(g.state, house) is None and playable_heirs(g.state, house):
            if house not in g.state["heirless_with_card"]:
                g.state["heirless_with_card"].append(house)
    g.log(f"Impulse {g.state['impulse']} of {g.state['impulses']}: every house chooses a command card.")
    g.call("command", roles=list(g.roles))


_HEIR_SUFFIX = {"heir": " (mandatory heir: as the heir event)",
                "return": " (mandatory heir: first OPS returns your heir)"}


@FLOW.decision("command")
class Command(SecretChoice):
    text = "Command step (RB 13.1): choose your command card, face down."

    def options(self, g, role, picks):
        opts = command_options(g.state, role)
        hand = g.state["zones"][f"hand:{role}"]
        if not operations_cards(g.state, role) and not any(r for _, r in opts):
            yield act("pass", label="Pass (only house cards in hand)")   # RB 13.1: a dummy, then pass
        for card, why in opts:
            title, text, _ = card_words(card)
            yield Action(f"card:{card}:{why or 'free'}", title + _HEIR_SUFFIX.get(why, ""), "", text)
        if not opts and not hand:
            yield act("pass", label="Pass (no cards)")

    def label(self, g, role, pick):
        return "passes" if pick == "pass" else card_title(pick.split(":")[1])

    def protects_secret(self, g, role):
        """Which cards in hand can command (house cards, a mandatory heir) is the house's secret: asked
        while it holds any; with an empty hand the pass is forced in everyone's eyes (issue 33; VIEW.md)."""
        return bool(g.state["zones"][f"hand:{role}"])


def settle_command(g: Game) -> None:
    chosen = {h: p for h, p in g.returned.items() if p and p != "pass"}
    g.state["command"] = {h: {"card": p.split(":")[1], "must": p.split(":")[2]} for h, p in chosen.items()}
    for h, c in g.state["command"].items():
        cards.move(g.state, c["card"], f"hand:{h}", f"command:{h}")
    for h in g.roles:
        if h not in chosen:
            g.log(f"{hname(h)} passes this impulse, showing a hand of house cards only.")
    rank_by(g, {h: card_ops(c["card"]) for h, c in g.state["command"].items()}, "the impulse order (RB 13.2)")


def action_steps(g: Game) -> None:
    order = g.returned if g.local.get("order") is None else g.local["order"]
    g.local["order"] = order
    g.state["order"] = order
    done = g.local.setdefault("done", 0)
    if done >= len(order) or g.state.get("pending_result"):
        return
    g.local["done"] += 1
    house = order[done]
    g.again()
    if house not in g.roles:
        return
    g.call("action_step", house=house)


def end_of_impulse(g: Game) -> None:
    """RB 21.1: each block of a house over the stacking limit in a shire rolls attrition (no leader
    bonus); 21.2: revealed blocks are hidden again."""
    for shire in sorted(data().board.shires):
        for house in sorted(board.houses_at(g.state, shire)):
            here = board.blocks_at(g.state, shire, house)
            if len(here) > board.stacking_limit(shire):
                g.log(f"{hname(house)} has {len(here)} blocks in {place_name(shire)}, over its limit: attrition.")
                for b in here:
                    if g.state["blocks"][b]["status"] == "map" and g.state["blocks"][b]["at"] == shire:
                        attrition(g, b)   # +1 for an heir only (RB 21.1)
    g.state["moved"], g.state["forced"], g.state["command"] = [], [], {}
    run_hooks(g, "impulse_end")


FLOW.procedure("impulse", open_command, settle_command, action_steps, battle_step, scenario_rules.end_of_impulse,
               end_of_impulse)


# ---- RB 13.2 an action step ----------------------------------------------------------------------------------
def use_card(g: Game) -> None:
    house = g.local["house"]
    cc = g.state["command"][house]
    card = cc["card"]
    g.log(f"{possessive(hname(house))} action step: {card_title(card)}.")
    g.state["step"] = {"house": house, "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                       "must_return": cc["must"] == "return"}
    if card == AFFAIRS_OF_STATE:
        affairs_of_state(g, house)
        return
    if cc["must"] == "heir":
        play_heir(g, house, card)
        finish_card(g, house, card, event=True)
        choose_heir_seat(g)
        return
    if card_type(card) == "heir" and card in playable_heirs(g.state, house) + [card]:
        g.call("heir_or_ops", role=house, card=card)
        return
    if cc["must"] != "return" and card_type(card) != "surprise" and not optional_event(card):
        g.call("event_or_ops", role=house, card=card)       # events.py: forced openly (no event, or mandatory)
        return
    # RB 13.2: an optional event is offered at the first question of spending its OPS, so that an event
    # the house cannot play is not a question of its own with one answer (issue 33; DECISIONS 228)
    bonus = ops_bonus(g.state, house)
    offer = cc["must"] != "return" and card_type(card) != "surprise"
    g.call("spend", role=house, ops=card_ops(card) + bonus, card=card, **({"event": bonus} if offer else {}))


def optional_event(card: str) -> bool:
    """A card whose event its player may choose to play or not (RB 13.2)."""
    from rules.crownofroses.events import EVENTS
    return card in EVENTS and card_type(card) != "mandatory"


def ops_bonus(state, house: str) -> int:
    """Queen Margaret's card turned face down: +1 OPS this impulse (L2, house_events.py)."""
    return state.get("ops_bonus", {}).pop(house, 0)


def affairs_of_state(g: Game, house: str) -> None:
    """RB 14.1.3: the top card of the deck is the command card for its OPS; the phase ends after this
    impulse and the Influence phase is skipped."""
    g.state["affairs_of_state"] = True
    shown = cards.draw(g, f"command:{house}", 1)
    ops = card_ops(shown[0]) if shown else 0
    g.log(f"Affairs of State: the top card is {card_title(shown[0]) if shown else 'nothing'}; "
          f"{hname(house)} spends its {ops} OPS. The Operations phase ends after this impulse.")
    if shown and card_type(shown[0]) == "mandatory":       # RB 14.1.3: a revealed Embassy or Plague is resolved
        g.call("play_event", role=house, card=shown[0])
        return
    g.call("spend", role=house, ops=ops, card=shown[0] if shown else None)


def after_card(g: Game) -> None:
    house = g.local["house"]
    cc = g.state["command"].get(house)
    if cc is None:
        return
    for shire, steps in g.state["step"]["mustered"].items():     # RB 18.0
        if steps > 1:
            g.state["markers"][shire] = "depleted"
            g.log(f"{place_name(shire)} is Depleted after mustering {steps} steps.")
    card = cc["card"]
    heir_ops = g.local.get("heir_ops")
    finish_card(g, house, card, event=False)
    if heir_ops:
        remove_heir(g, data().house_card(card).block)
    for extra in list(g.state["zones"].get(f"command:{house}", [])):
        cards.move(g.state, extra, f"command:{house}", "discard")


def finish_card(g: Game, house: str, card: str, event: bool) -> None:
    zone = f"command:{house}"
    if card not in g.state["zones"].get(zone, []):
        return
    if event and card_type(card) == "heir":
        cards.move(g.state, card, zone, f"play:{house}")
    elif card in data().house_cards or card in g.state["extra_house"].get(house, []):
        cards.move(g.state, card, zone, "removed")            # RB 10.2: used house cards leave the game
    else:
        cards.move(g.state, card, zone, "discard")
    g.state["command"][house]["done"] = True


FLOW.procedure("action_step", hook_step("step_start"), use_card, after_card)


@FLOW.decision("heir_or_ops")
class HeirOrOps(Decision):
    def prompt(self, g, role):
        return f"Play {card_title(g.local['card'])} as its heir event, or for OPS (the heir then leaves the game)."

    def actions(self, g, role):
        if playable_heirs(g.state, role, [g.local["card"]]):   # the card is in the command zone now
            yield act("event", label="Heir event")
        yield act("ops", label=f"Use for {card_ops(g.local['card'])} OPS (heir removed, RB 10.3)")

    def on_event(self, g, role):
        play_heir(g, role, g.local["card"])
        finish_card(g, role, g.local["card"], event=True)
        if not choose_heir_seat(g, tail=True):
            g.end()

    def on_ops(self, g, role):
        g.state["flow"][-2]["local"]["heir_ops"] = True
        g.goto("spend", role=role, ops=card_ops(g.local["card"]), card=g.local["card"])

    def default(self, g, role):
        return self.actions(g, role).__next__().id


def play_heir(g: Game, house: str, card: str) -> None:
    """RB 10.3: the heir becomes active; its block enters on a seat (full strength, base if Unavailable),
    or changes to this house keeping its strength; the RoP box takes an Heir marker; a more senior heir of
    the King's house becomes King at once (10.3.2)."""
    block = data().house_card(card).block
    s = g.state["blocks"][block]
    g.state["heir_cards"][house].append(card)
    return_rop(g, block)
    king_before = board.senior_heir(g.state, house) if board.king_house(g.state) == house else None
    if s["status"] == "map" and s["house"] == house:
        pass
    else:
        was_unavailable = s["status"] == "unavailable"
        keep = s["strength"] if s["status"] == "map" else None
        from rules.crownofroses.common import take_off_map
        if s["status"] == "map":
            take_off_map(g, block, "undeclared", house)
        seats = board.winter_seats(g.state, block, house)
        if seats:
            s.update(status="map", at=seats[0], house=house, host=None,
                     strength=keep or (1 if was_unavailable else data().block(block).max_steps))
        else:
            s.update(status="undeclared", house=house, at=None, host=None)
        if len(seats) > 1:                     # RB 10.3: "in a seat" of the house's choice (heir_seat)
            g.state["heir_seat"] = {"house": house, "block": block, "seats": seats}
    choosing = bool(g.state.get("heir_seat"))
    g.log(f"{hname(house)} plays {card_title(card)}: {name(block)} becomes an heir"
          + (" and enters on a seat of its choice." if choosing else
             f" in {place_name(s['at'])}." if s["status"] == "map" else " (Undeclared: no free seat)."))
    if king_before and board.senior_heir(g.state, house) != king_before:
        from rules.crownofroses.parliament import make_king
        make_king(g, house)
        g.log(f"{name(board.senior_heir(g.state, house))} is now Senior heir and King (RB 10.3.2).")


def choose_heir_seat(g: Game, tail: bool = False) -> bool:
    """Ask the seat chosen for an heir entering play (set by play_heir); ``tail`` replaces the current frame."""
    pending = g.state.pop("heir_seat", None)
    if not pending:
        return False
    (g.goto if tail else g.call)("heir_seat", role=pending["house"], block=pending["block"], seats=pending["seats"])
    return True


@FLOW.decision("heir_seat")
class HeirSeat(Decision):
    def prompt(self, g, role):
        return f"RB 10.3: choose the seat where {name(g.local['block'])} enters play."

    def actions(self, g, role):
        for shire in g.local["seats"]:
            yield act("seat", shire, label=place_name(shire))

    def on_seat(self, g, role, shire):
        block = g.local["block"]
        for b in [block, *board.attached_to(g.state, block)]:
            g.state["blocks"][b]["at"] = shire
        g.log(f"{name(block)} enters play in {place_name(shire)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- RB 15 OPS ----------------------------------------------------------------------------------------------------
def movers(state, house: str) -> list[str]:
    """Leaders that may start a move now (RB 16.1): friendly nobles with CR >= 1 that have not moved this
    impulse, nor mustered or returned this action step."""
    step = state["step"]
    found = []
    for b in board.blocks_of(state, house):
        s = state["blocks"][b]
        if s["host"] or b in state["moved"] or b in step["muster_nobles"] or b in step["returned"] \
                or b in board.embassy_envoys(state) or b in state.get("disaffected", []):
            continue
        if board.is_noble(b) and board.command_rating(state, b) >= 1 and not _pinned_leader(state, house, b):
            found.append(b)
    return found


def _pinned_leader(state, house: str, leader: str) -> bool:
    from rules.crownofroses.movement import carried, pinned
    return pinned(state, house, state["blocks"][leader]["at"], carried(state, leader))


def influence_targets(state, house: str) -> list[str]:
    """RB 19.0: nobles with an RoP box, not heirs, not Unavailable (but see PB 3.1.6) or Out of Play;
    scenario bars."""
    d = data()
    rules = d.scenario(state["scenario"]).rules
    only = rules.get("loyal_only_to") or {}
    found = []
    for b, blk in d.blocks.items():
        s = state["blocks"][b]
        barred = ("out", "captive") if set_up_unavailable(state, b) else ("unavailable", "out", "captive")
        if not blk.rop_box or s["status"] in barred or board.is_heir(state, b):
            continue
        if b == "clarence" and not rules.get("clarence_open_to_influence") and "Y2" not in state["heir_cards"].get("york", []):
            continue
        if any(b in loyal_blocks(ids) and h != house for h, ids in only.items()):
            continue
        found.append(b)
    return found


def set_up_unavailable(state, block: str) -> bool:
    """PB 3.1.6: a noble the scenario makes Unavailable on its first turn (Shrewsbury) "may be influenced
    normally" that turn; he becomes Inactive at its Cleanup (RB 28.1)."""
    scenario = data().scenario(state["scenario"])
    return state["turn"] == scenario.first_turn and block in scenario.setups[len(state["houses"])].unavailable


def loyal_blocks(entry) -> list[str]:
    """PB 3.3.9 #2: a house's steadfast nobles (``{"blocks": [...], "cards": [...]}`` in the data)."""
    return list(entry.get("blocks", [])) if isinstance(entry, dict) else list(entry or [])


def muster_options(state, house: str) -> list[tuple[str, str]]:
    """RB 18.0: (noble, block) pairs: a noble in a friendly shire, not Depleted, Devastated or Plundered,
    gives a step to a damaged friendly block there (the King's noble: anywhere not in exile), up to SV
    (+1 loyal) steps per shire per action."""
    step = state["step"]
    found = []
    king = state["offices"].get("king")
    if cards.modifiers(state, "no_muster"):                    # Manpower Shortage (#34, #35)
        return []
    for noble in board.blocks_of(state, house):
        s = state["blocks"][noble]
        if not board.is_noble(noble) or board.in_exile(state, noble) or noble in step["returned"]:
            continue
        shire = s["at"]
        if not board.friendly(state, shire, house) or state["markers"].get(shire):
            continue
        cap = data().shire(shire).sv + (1 if board.loyal_to(shire, house, state) else 0)
        if step["mustered"].get(shire, 0) >= cap:
            continue
        targets = board.blocks_of(state, house) if noble == king else board.blocks_at(state, shire, house)
        for t in targets:
            if board.in_exile(state, t) or state["blocks"][t]["strength"] >= data().block(t).max_steps:
                continue
            found.append((noble, t))
    return found


@FLOW.decision("spend")
class Spend(Decision):
    sequence = True        # OPS spent one by one; nobody else is asked until a move meets them (issue 33)

    def prompt(self, g, role):
        left = g.local["ops"]
        if "event" in g.local:
            return (f"{card_title(g.local['card'])}: play its event, or spend its OPS (RB 13.2, 15.0): "
                    f"{left} left. Unused OPS are lost.")
        return f"Spend your OPS (RB 15.0): {left} left. Unused OPS are lost."

    def actions(self, g, role):
        left, state = g.local["ops"], g.state
        step = state["step"]
        if "event" in g.local:             # RB 13.2: the card's event instead, before any OPS is spent
            from rules.crownofroses.events import event_choice
            yield from event_choice(g, role, g.local["card"])
        if step["must_return"] and undeclared_heirs(state, role):    # RB 13.3: first OPS returns the heir
            for h in undeclared_heirs(state, role):
                yield act("return", h, label=f"Return {name(h)} to a seat (1 OPS)", group="Heir")
            return
        if left >= 1:
            for h in undeclared_heirs(state, role):
                yield act("return", h, label=f"Return {name(h)} to a seat (1 OPS)", group="Heir")
            for leader in movers(state, role):
                yield act("move", leader, label=f"Move with {name(leader)} from "
                          f"{place_name(state['blocks'][leader]['at'])} (1 OPS)", group="Move")
            for noble, target in muster_options(state, role):
                yield act("muster", noble, target, label=f"{name(noble)} musters a step for {name(target)} (1 OPS)",
                          group="Muster")
            for noble in influence_targets(state, role) if state["ip"][role]["stock"] else []:
                yield act("influence", noble, label=f"Place IP on {name(noble)} (1 OPS)", group="Influence")
        if left >= 3:
            from rules.crownofroses.movement import sea_leaders
            for leader in sea_leaders(state, role):
                yield act("sea", leader, label=f"Sea move with {name(leader)} (3 OPS)", group="Sea move")
        from rules.crownofroses.offices import spend_extras     # Lord Admiral, Lord Treasurer (RB 10.5.3, 10.5.5)
        extras = list(spend_extras(g, role))
        yield from extras
        influence = (left >= 1 and influence_targets(state, role)) or any(
            a.id.startswith("office:treasurer:") for a in extras)
        if influence and len(state["ip"][role]["stock"]) == 1:    # RB 9.1 before the last marker (#229)
            yield from change_actions(state["ip"][role], Counter(state["ip"][role]["stock"]))
        yield act("done", label="End the action step" if left == 0 else f"End the action step ({left} OPS lost)")

    def protects_secret(self, g, role):
        """With OPS left, whether a block can muster depends on face-down strengths: asked; with none
        left, ending the step is forced in everyone's eyes (issue 33; VIEW.md)."""
        return g.local["ops"] >= 1

    def apply(self, g, role, action):
        if not action.id.startswith("event"):
            g.local.pop("event", None)     # spending OPS (or ending the step) forgoes the event
        super().apply(g, role, action)

    def on_event(self, g, role):
        bonus = g.local.pop("event")
        if bonus:                          # Margaret's +1 OPS (L2) stays for the event's own OPS (RB 14.0)
            g.state.setdefault("ops_bonus", {})[role] = bonus
        g.goto("play_event", role=role, card=g.local["card"])

    def _pay(self, g, cost):
        g.local["ops"] -= cost
        g.state["step"]["must_return"] = False

    def on_change(self, g, role, value, combo):
        make_change(g, role, value, combo)

    def on_return(self, g, role, heir):
        seats = board.winter_seats(g.state, heir, role)
        self._pay(g, 1)
        if not seats:
            g.log(f"{name(heir)} has no free seat and stays Undeclared.")
            return
        g.call("return_heir", role=role, heir=heir, seats=seats)

    def on_move(self, g, role, leader):
        self._pay(g, 1)
        from rules.crownofroses.movement import start_march
        start_march(g, role, leader, sea=False)

    def on_sea(self, g, role, leader):
        self._pay(g, 3)
        from rules.crownofroses.movement import start_march
        start_march(g, role, leader, sea=True)

    def on_muster(self, g, role, noble, target):
        self._pay(g, 1)
        shire = g.state["blocks"][noble]["at"]
        g.state["blocks"][target]["strength"] += 1
        g.state["step"]["mustered"][shire] = g.state["step"]["mustered"].get(shire, 0) + 1
        if noble not in g.state["step"]["muster_nobles"]:
            g.state["step"]["muster_nobles"].append(noble)
        g.log(f"{hname(role)} musters a step in {place_name(shire)}.")

    def on_influence(self, g, role, noble):
        self._pay(g, 1)
        g.state["step"]["influenced"] = g.state["step"].get("influenced", 0) + 1
        g.call("place_ip", role=role, noble=noble, picked=[])

    def on_office(self, g, role, office, target):
        from rules.crownofroses.offices import use_in_spend
        use_in_spend(g, role, office, target)

    def on_done(self, g, role):
        g.end()

    def default(self, g, role):
        return "done"


@FLOW.decision("return_heir")
class ReturnHeir(Decision):
    sequence = True

    def prompt(self, g, role):
        return f"RB 15.1: place {name(g.local['heir'])} at base strength on one of its seats."

    def actions(self, g, role):
        return [act("seat", s, label=place_name(s)) for s in g.local["seats"]]

    def on_seat(self, g, role, shire):
        heir = g.local["heir"]
        g.state["blocks"][heir].update(status="map", at=shire, strength=1, host=None)
        g.state["step"]["returned"].append(heir)
        g.log(f"{hname(role)} returns {name(heir)} to {place_name(shire)} at base strength (RB 15.1).")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def change_for(pool: list[int], value: int) -> list[tuple[int, ...]]:
    """RB 9.1: every set of two or more non-zero pool markers (as values, largest first) totalling ``value``."""
    have = Counter(m for m in pool if m)
    found: list[tuple[int, ...]] = []

    def build(rest: int, values: list[int], taken: tuple[int, ...]) -> None:
        if rest == 0:
            if len(taken) > 1:
                found.append(taken)
            return
        for i, v in enumerate(values):
            if v <= rest and taken.count(v) < have[v]:
                build(rest - v, values[i:], taken + (v,))
    build(value, sorted(have, reverse=True), ())
    return found


def change_actions(ip: dict, left: Counter):
    """RB 9.1: making change with the unclaimed pool, one of the ``left`` stock markers at a time."""
    for value in sorted(left):
        for combo in change_for(ip["pool"], value):
            yield act("change", value, "+".join(map(str, combo)), group="Make change (RB 9.1)",
                      label=f"Change a {value} IP marker for {' + '.join(map(str, combo))} from your unclaimed pool")


def make_change(g: Game, role: str, value: str, combo: str) -> None:
    ip, given, taken = g.state["ip"][role], int(value), [int(m) for m in combo.split("+")]
    ip["stock"].remove(given)
    ip["pool"].append(given)
    for m in taken:
        ip["pool"].remove(m)
        ip["stock"].append(m)
    ip["stock"].sort()
    g.log(f"You change a {given} IP marker for {' + '.join(map(str, taken))}.", to=[role])
    g.log(f"{hname(role)} makes change: 1 IP marker for {len(taken)} from its unclaimed pool (RB 9.1).")


@FLOW.decision("place_ip")
class PlaceIP(Decision):
    """RB 19.0: any number (at least one) of stock markers, face down, on one noble's box."""

    sequence = True

    def sequence_default(self, g, role):
        """Having picked a marker: place them (a marker more is the player's own idea)."""
        return "done" if g.local["picked"] else None

    def prompt(self, g, role):
        return f"Place IP markers face down on {possessive(name(g.local['noble']))} box (at least one)."

    def actions(self, g, role):
        left = Counter(g.state["ip"][role]["stock"]) - Counter(g.local["picked"])
        for value in sorted(left):
            yield act("ip", value, label=f"Add a {value} IP marker")
        if not g.local["picked"] and sum(left.values()) > 1:   # one marker in one answer (issue 33; #227)
            for value in sorted(left):
                yield act("one", value, label=f"Place a single {value} IP marker")
        if g.local["picked"]:
            yield act("done", label="Place them")
        if g.local["picked"] or sum(left.values()) > 1:     # a lone marker's change is offered in spend (#229)
            yield from change_actions(g.state["ip"][role], left)

    def on_change(self, g, role, value, combo):
        make_change(g, role, value, combo)

    def protects_secret(self, g, role):
        """The stock's values are hidden, its size is not: with two markers or more left, whether only one
        value remains is the house's secret (issue 33; VIEW.md). So is whether a marker left after others
        were picked can be changed with the unclaimed pool (RB 9.1). A lone marker with nothing picked is
        placed openly: its change was offered at the spend question before (DECISIONS 229)."""
        ip = g.state["ip"][role]
        left = len(ip["stock"]) - len(g.local["picked"])
        return left > 1 or (left == 1 and bool(g.local["picked"]) and len(ip["pool"]) >= 2)

    def on_ip(self, g, role, value):
        g.local["picked"].append(int(value))
        if not Counter(g.state["ip"][role]["stock"]) - Counter(g.local["picked"]):
            self.on_done(g, role)

    def on_one(self, g, role, value):
        g.local["picked"].append(int(value))
        self.on_done(g, role)

    def on_done(self, g, role):
        for m in g.local["picked"]:
            g.state["ip"][role]["stock"].remove(m)
        box = g.state["rop"].setdefault(g.local["noble"], {})
        box.setdefault(role, []).extend(g.local["picked"])
        box[role].sort()
        g.log(f"You place {'+'.join(map(str, g.local['picked']))} IP on {name(g.local['noble'])}.", to=[role])
        g.log(f"{hname(role)} places {plural(len(g.local['picked']), 'IP marker')} on {name(g.local['noble'])}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role).__next__().id

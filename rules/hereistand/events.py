"""Here I Stand: card events — the registry every event module fills, and the refusals (rule 6.1).

`EVENTS` is the core's effect table keyed by card number (a string). A module that makes an event playable
registers two points for its card:

    @EVENTS.on("90", "prerequisite")
    def printing_press_ok(s, power, card) -> str | None: ...     # why it may not be played now (None: it may)

    @EVENTS.on("90", "event")
    def printing_press(g, power, card) -> None: ...              # carry it out (it may g.call procedures)

The impulse (`actions.py`) offers every card in hand whose event is registered and whose prerequisite
holds; a card played as an event whose event is not registered is refused with its reason. Mandatory
events join the deck at their entry turn (the conditional and variable ones when `rulers.late_entries`
says so), are played from hands (6.1: then 2 CP, except the 95 Theses) and resolve at their 19.8 deadline
when nobody played them (DECISIONS 600). Fallback: a mandatory card whose event no module registers waits
aside (it could be neither played nor kept), and at its deadline the log says so.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Game

from . import state as st
from .data import load
from .mary import reactions_barred
from .turn import FLOW, power_name

EVENT_VERB = "event"
REACTION_TYPES = ("combat", "response")


class EventTable(cards.Effects):
    """The core's effect table, counting in the state each event carried out (`events_played`, public:
    events are played face up), whichever way it comes (an impulse, a deadline, another card)."""

    def run(self, card, point, *args, **kwargs):
        if point == EVENT_VERB and args and isinstance(args[0], Game):
            played = args[0].state.setdefault("events_played", {})
            played[card] = played.get(card, 0) + 1
        return super().run(card, point, *args, **kwargs)


EVENTS = EventTable()


def count_reaction(s: st.State, card: str) -> None:
    """A combat or response card played in its window, for the fuzz report (`reactions_played`, public)."""
    used = s.setdefault("reactions_played", {})
    used[card] = used.get(card, 0) + 1


def has_event(card: str | int) -> bool:
    return EVENTS.has(str(card), "event")


def prerequisite_refusal(s: st.State, power: str, card: str) -> str | None:
    """Why `power` may not play `card` as its event now (None: it may), for a registered event."""
    c = load().card(int(card))
    if c.playable_by != "any" and power not in c.playable_by:
        names = " or ".join(load().power(p).name for p in c.playable_by)
        return f"only {names} may play #{c.number} {c.name} as an event"
    if c.type in REACTION_TYPES and reactions_barred(s, power):
        return "while Mary I rules, England plays response and combat cards only for their CP (21.3)"
    if EVENTS.has(card, "prerequisite"):
        return EVENTS.run(card, "prerequisite", s, power)
    return None


def playable_events(s: st.State, power: str) -> list[str]:
    return [c for c in sorted(cards.zone(s, cards.hand(power)), key=int)
            if has_event(c) and prerequisite_refusal(s, power, c) is None]


def event_label(card: str) -> str:
    c = load().card(int(card))
    return f"Play #{c.number} {c.name} as its event: {c.reminder}"


def unplayable_reason(s: st.State, role: str, card: str) -> str | None:
    """Why `role` may not play the held `card` as the event of its impulse now, in words (None: it may)."""
    if EVENTS.has(card, "refusal"):                       # a card played only at its moment (combat_cards.py)
        return EVENTS.run(card, "refusal")
    if has_event(card):
        return prerequisite_refusal(s, role, card)
    return "its event is not part of the game yet"


def event_refusal(s: st.State, role: str, action_id: str, decision: str | None) -> str | None:
    """Why `action_id` of the form `event:<card>` is refused (None when it is not such an action)."""
    verb, _, card = action_id.partition(":")
    if verb != EVENT_VERB:
        return None
    try:
        number = int(card)
        name = load().card(number).name
    except (KeyError, ValueError):
        return f"There is no card '{card}' (cards are numbered 1 to 110)."
    if decision != "impulse":
        return f"#{number} {name} can be played only in your own impulse of the Action phase."
    if str(number) not in cards.zone(s, cards.hand(role)):
        return f"{power_name(role)} does not hold #{number} {name}."
    cp = load().card(number).cp
    why = unplayable_reason(s, role, str(number))
    if EVENTS.has(str(number), "refusal"):                # a card played only at its moment (combat_cards.py)
        return f"#{number} {name} is not played as the event of an impulse: {why}."
    if has_event(number):
        return f"#{number} {name} cannot be played as its event now: {why}." if why else None
    return (f"The event of #{number} {name} is not part of the game yet (card events come in a later part): "
            f"play it for its {cp} CP instead.")


# ---- 6.1 response cards: between an event's declaration and its resolution ------------------------------------
DECLARED_HOOKS: list = []      # fn(g, player, card) -> True when it opened a window (responses.py: The Wartburg)


def declared(g: Game) -> None:
    """A step of `play_event`: the responses that may cancel the event declared are offered first."""
    for hook in DECLARED_HOOKS:
        if hook(g, g.local["role"], g.local["card"]):
            return


def run_unless_cancelled(g: Game) -> None:
    if not cancelled(g.state, g.local["card"]):
        EVENTS.run(g.local["card"], "event", g, g.local["role"])


# An event played outside an impulse (the Spring Deployment and victory windows): the declaration's
# responses (The Wartburg, #37), then the event unless cancelled (DECISIONS 972).
FLOW.procedure("declared_event", declared, run_unless_cancelled)


def cancelled(s: st.State, card: str) -> bool:
    """Whether the event just declared was cancelled (then it does nothing and its card is discarded)."""
    if s.get("event_cancelled") != card:
        return False
    s["event_cancelled"] = None
    if cards.where(s, card) == "removed":
        cards.move(s, card, "removed", "discard")
    return True


def deck_zone(number: int) -> str:
    """Where a card joining the game goes: the deck, but a mandatory event no module has registered waits aside
    (the fallback of DECISIONS 600)."""
    return "aside" if load().card(number).type == "mandatory" and not has_event(number) else "deck"


def mandatory_deadlines(g: Game) -> None:
    """19.8: a mandatory event not played by its deadline would resolve now. Those whose event is not
    enforced stay aside (DECISIONS.md 6.1) and the log says so; those with an event resolve (no CP)."""
    s, data = g.state, load()
    for card in sorted(cards.zone(s, "aside"), key=int):
        c = data.card(int(card))
        if c.type == "mandatory" and c.deadline_turn == s["turn"]:
            g.log(f"#{c.number} {c.name} reaches its deadline (rule 19.8), but its event is not part of the game "
                  "yet: the card stays out of play.")
    due = [str(c.number) for c in data.cards.values()
           if c.type == "mandatory" and c.deadline_turn == s["turn"] and has_event(c.number)
           and cards.where(s, str(c.number)) not in (None, "aside", "removed")]
    if due:
        g.call("deadline_events", cards=due)


def discard_played(s: st.State, power: str, card: str) -> None:
    """6.1 / 6.2: a card played as an event leaves the game when it says so, else goes to the discards
    (a home card waits beside the power card)."""
    c = load().card(int(card))
    target = "removed" if c.removed_after_event is True else (st.home_used(power) if c.type == "home" else "discard")
    cards.move(s, card, cards.where(s, card), target)


def deadline_actor(card: str) -> str:
    """Who resolves a due mandatory event nobody holds: the power its event registers ("deadline_actor"),
    else the first power allowed to play it, else the Protestant (the religious mandatory events' power)."""
    if EVENTS.has(card, "deadline_actor"):
        return EVENTS.run(card, "deadline_actor")
    allowed = load().card(int(card)).playable_by
    return allowed[0] if allowed != "any" else "protestant"


def resolve_deadline(g: Game) -> None:
    """19.8: each due mandatory event resolves as if its holder played it (no CP). A card still in the deck
    or the discards is resolved by the power its event names (its "deadline_actor")."""
    left = g.local["cards"]
    if not left:
        return
    card = left.pop(0)
    g.again()
    g.reveal()                                           # who held it (or that nobody did) becomes known
    where = cards.where(g.state, card)
    actor = where.partition(":")[2] if where and where.startswith("hand:") else deadline_actor(card)
    g.log(f"#{card} {load().card(int(card)).name} reaches its deadline (rule 19.8): it resolves now for "
          f"{power_name(actor)}.")
    discard_played(g.state, actor, card)
    EVENTS.run(card, "event", g, actor)


FLOW.procedure("deadline_events", resolve_deadline)

"""Four Harbours: a small four-role game written on the flow core, as its worked example (rules/core/README.md).

Rules (section numbers are this file's own, cited by the tests):

§1 Four harbours (north, east, south, west) start with 3 gold. 2–4 players: with fewer than four,
   players hold two harbours (the seatings name the pairings).
§2 A turn: every harbour draws up to 3 cards (§2.1); every harbour secretly bids one card from its hand,
   and may change its bid until all have bid (§2.2); the bids are revealed together, discarded, and the
   highest bid (ties: seat order) gains 1 gold and acts first; the others follow by bid (§2.3). Each
   harbour in that order raids another harbour or passes, and may first play Fair Winds (§2.4).
   §2.5 While the bids are being made, the harbours afloat may talk in private; nothing said binds.
§3 A raid: every other harbour may respond at once (§3.1): the target may play Shield (the raid fails),
   anyone may play Ambush. Each Ambush, in seat order, steals 1 gold from the raider unless someone
   other than the ambusher answers it with Counter (§3.2; a window inside the raid's window). An
   unshielded raid takes 2 gold from the target (§3.3), +1 for each Fair Winds the raider played this turn.
§4 Fair Winds (event): until the end of the turn, your raids take 1 more gold (§4.1).
§5 After the last turn (4; 2 in the short scenario) harbours are ranked by gold, equal gold sharing a rank.
   §5.1 A harbour with no gold at the end of a turn sinks: it leaves the game (its hand is discarded) and
   ranks below every harbour still afloat; the game ends early when one harbour is left.
"""

from __future__ import annotations

from rules.core import Result, Scenario, Summary, cards
from rules.core.contract import StandingAnswer, Unless
from rules.core.cards import Effects, add_modifier, modifiers
from rules.core.choices import ReactionWindow, SecretChoice
from rules.core.flow import Decision, Flow, FlowEngine, Game, act, calls
from rules.core.seats import Seating

ROLES = ["north", "east", "south", "west"]
VALUES = {"ship1": 1, "ship2": 2, "ship3": 3, "ambush": 2, "shield": 1, "counter": 1, "winds": 2}
COPIES = {"ship1": 4, "ship2": 4, "ship3": 3, "ambush": 3, "shield": 2, "counter": 2, "winds": 2}
NAMES = {"ship1": "Ship 1", "ship2": "Ship 2", "ship3": "Ship 3", "ambush": "Ambush", "shield": "Shield",
         "counter": "Counter", "winds": "Fair Winds"}
TURNS = {"standard": 4, "short": 2}

FLOW = Flow()
EFFECTS = Effects()


def kind(card: str) -> str:
    return card.split("#")[0]


def card_label(card: str) -> str:
    return f"{NAMES[kind(card)]} ({VALUES[kind(card)]})"


def name(role: str) -> str:
    return role.title()


def held(g: Game, role: str, card_kind: str) -> list[str]:
    return [c for c in cards.zone(g.state, cards.hand(role)) if kind(c) == card_kind]


# ---- §2 the turn ---------------------------------------------------------------------------------------
def deal(g: Game) -> None:
    deck = cards.zone(g.state, "deck")
    deck.extend(f"{k}#{n}" for k, copies in COPIES.items() for n in range(1, copies + 1))
    cards.shuffle(g.state, "deck")


def draw_up(g: Game) -> None:                                          # §2.1
    for role in g.roles:
        short = 3 - len(cards.zone(g.state, cards.hand(role)))
        if short > 0:
            drawn = cards.draw(g, cards.hand(role), short)
            g.log(f"You draw {', '.join(map(card_label, drawn)) or 'nothing'}.", to=[role])
    g.log(f"Turn {g.state['turn']}: every harbour draws up to 3 cards.")


def settle_bids(g: Game) -> None:                                       # §2.3
    bids = g.returned
    value = {}
    for role, pick in bids.items():
        card = pick.split(":")[1]
        value[role] = VALUES[kind(card)] if card != "none" else 0
        if card != "none":
            cards.move(g.state, card, cards.hand(role), "discard")
    order = sorted(bids, key=lambda r: (-value[r], g.roles.index(r)))
    g.state["order"], g.state["bids"] = order, value
    g.state["gold"][order[0]] += 1
    g.log(f"{name(order[0])} wins the bid and gains 1 gold; order: {', '.join(map(name, order))}.")


def impulses(g: Game) -> None:                                          # §2.4
    done = g.local.setdefault("done", 0)
    if done < len(g.state["order"]):
        g.local["done"] += 1
        g.again()
        g.call("act", role=g.state["order"][done])


def next_turn(g: Game) -> None:
    for role in g.roles:                                                # §5.1
        if g.state["gold"][role] == 0:
            for card in list(cards.zone(g.state, cards.hand(role))):
                cards.move(g.state, card, cards.hand(role), "discard")
            g.leave(role, "its harbour is out of gold")
    if g.state["turn"] >= TURNS[g.state["scenario"]] or len(g.roles) < 2:
        g.goto("score")
    else:
        g.state["turn"] += 1
        g.goto("turn")


FLOW.procedure("game", deal, calls("turn"))
FLOW.procedure("turn", draw_up, calls("bid"), settle_bids, impulses, next_turn, scope="turn")   # §2


@FLOW.decision("bid")
class Bid(SecretChoice):
    text = "Bid one card from your hand, face down."

    def options(self, g, role, picks):
        hand = cards.zone(g.state, cards.hand(role))
        bids = [act("bid", c, label=card_label(c)) for c in sorted(hand)]
        return bids or [act("bid", "none", label="Bid nothing")]

    def label(self, g, role, pick):
        card = pick.split(":")[1]
        return "nothing" if card == "none" else card_label(card)


@FLOW.decision("act")
class Act(Decision):
    def prompt(self, g, role):
        return "Raid another harbour or pass (you may play Fair Winds first)."

    def actions(self, g, role):
        for target in g.roles:
            if target != role:
                yield act("raid", target, label=f"Raid {name(target)}", group="Raid")
        for card in held(g, role, "winds"):
            yield act("event", card, label=f"Play {card_label(card)}", group="Cards")
        yield act("pass", label="Pass")

    def on_raid(self, g, role, target):
        g.log(f"{name(role)} raids {name(target)}.")
        g.goto("raid", raider=role, target=target)

    def on_event(self, g, role, card):
        cards.move(g.state, card, cards.hand(role), "discard")
        EFFECTS.run(card, "event", g, role)   # the harbour still raids or passes afterwards

    def on_pass(self, g, role):
        g.log(f"{name(role)} passes.")
        g.end()

    def default(self, g, role):
        return "pass"


@EFFECTS.on("winds", "event")
def fair_winds(g: Game, role: str, card: str) -> None:                  # §4.1
    add_modifier(g.state, "winds", until="turn", owner=role, card=card)
    g.log(f"{name(role)} plays Fair Winds: their raids take 1 more gold this turn.")


# ---- §3 a raid: a window, and a window inside it -----------------------------------------------------
def open_responses(g: Game) -> None:
    g.call("responses", exclude=[g.local["raider"]], raider=g.local["raider"], target=g.local["target"])


def take_gold(g: Game) -> None:                                        # §3.3
    raider, target = g.local["raider"], g.local["target"]
    if any(response.startswith("shield:") for _, response in g.returned):
        g.log(f"{name(target)}'s Shield turns the raid away.")
        return
    wanted = 2 + len(modifiers(g.state, "winds", owner=raider))
    taken = min(wanted, g.state["gold"][target])
    g.state["gold"][target] -= taken
    g.state["gold"][raider] += taken
    g.log(f"{name(raider)} takes {taken} gold from {name(target)}.")


FLOW.procedure("raid", open_responses, take_gold)


@FLOW.decision("responses")
class Responses(ReactionWindow):                                        # §3.1
    text = "A raid! Play Ambush (or Shield, if you are the target), or pass."

    def responses(self, g, role):
        for card in held(g, role, "ambush"):
            yield act("ambush", card, label=f"Ambush with {card_label(card)}")
        if role == g.local["target"]:
            for card in held(g, role, "shield"):
                yield act("shield", card, label=f"Shield with {card_label(card)}")

    def resolve(self, g, role, response):
        verb, card = response.split(":")
        cards.move(g.state, card, cards.hand(role), "discard")
        if verb == "ambush":
            g.log(f"{name(role)} springs an ambush!")
            g.call("ambush", ambusher=role, raider=g.local["raider"])
        else:
            g.log(f"{name(role)} raises a Shield.")


def open_counters(g: Game) -> None:
    g.call("counters", exclude=[g.local["ambusher"]])


def ambush_steals(g: Game) -> None:                                    # §3.2
    raider = g.local["raider"]
    if g.returned:
        g.log(f"The ambush by {name(g.local['ambusher'])} is countered.")
    elif g.state["gold"][raider] > 0:
        g.state["gold"][raider] -= 1
        g.state["gold"][g.local["ambusher"]] += 1
        g.log(f"{name(g.local['ambusher'])} steals 1 gold from {name(raider)}.")


FLOW.procedure("ambush", open_counters, ambush_steals)


@FLOW.decision("counters")
class Counters(ReactionWindow):
    text = "An ambush! Play Counter, or pass."

    def responses(self, g, role):
        return [act("counter", c, label=f"Counter with {card_label(c)}") for c in held(g, role, "counter")]

    def resolve(self, g, role, response):
        cards.move(g.state, response.split(":")[1], cards.hand(role), "discard")
        g.log(f"{name(role)} plays Counter.")


# ---- §5 the end ------------------------------------------------------------------------------------
def score(g: Game) -> None:
    gold, staying = g.state["gold"], g.roles
    ranks = [tuple(r for r in staying if gold[r] == amount)
             for amount in sorted({gold[r] for r in staying}, reverse=True)]
    if len(staying) < len(ROLES):
        ranks.append(tuple(r for r in ROLES if r not in staying))
    g.finish(Result(ranks[0], f"most gold ({gold[ranks[0][0]]})", tuple(ranks), dict(gold)))


FLOW.procedure("score", score)


class FourHarbours(FlowEngine):
    id = "harbours"
    title = "Four Harbours"
    flow = FLOW
    runaway_actions = 400

    def scenarios(self):
        return [Scenario("standard", "Standard", "Four turns.", 2, 4),
                Scenario("short", "Short", "Two turns.", 2, 4)]

    def roles(self, scenario):
        return list(ROLES)

    def seating_choices(self, scenario, players, options=None):          # §1
        if players == 4:
            return [Seating("one-each", "One harbour each", tuple((r,) for r in ROLES))]
        if players == 3:
            return [Seating("north-south", "North and South together", (("north", "south"), ("east",), ("west",))),
                    Seating("east-west", "East and West together", (("north",), ("east", "west"), ("south",)))]
        if players == 2:
            return [Seating("across", "North+South against East+West", (("north", "south"), ("east", "west"))),
                    Seating("neighbours", "North+East against South+West", (("north", "east"), ("south", "west")))]
        return super().seating_choices(scenario, players, options)

    def _setup(self, scenario, seats, options):
        return {"scenario": scenario, "turn": 1, "gold": {r: 3 for r in ROLES}, "order": [], "bids": {},
                "zones": {"deck": [], "discard": [], **{cards.hand(r): [] for r in ROLES}}}

    def view(self, state, role):
        seen = {"turn": state["turn"], "gold": dict(state["gold"]), "order": list(state["order"]),
                "bids": dict(state["bids"]), "zones": cards.zone_view(state, role),
                "modifiers": [dict(m) for m in state.get("modifiers", [])], "waiting": self.waiting(state),
                "raid": next(({"raider": f["local"]["raider"], "target": f["local"]["target"]}
                              for f in reversed(state["flow"]) if f["name"] == "raid"), None),
                "mine": {}}
        if role is not None:
            seen["mine"][role] = {"picks": self.picks(state, role)}
        return seen

    def standing_answers(self):                                         # issue 33
        return [StandingAnswer("never-ambush", "Never ambush (pass every raid window)", ("responses",),
                               unless=(Unless("ambush", "you hold an Ambush card", "ambush"),))]

    def negotiations(self, state):                                      # §2.5
        top = state["flow"][-1] if state["flow"] else None
        if top is None or top["name"] != "bid":
            return []
        return [tuple(r for r in ROLES if r not in state.get("left", ()))]

    def summary(self, state):
        return Summary(f"turn-{state['turn']}", f"Turn {state['turn']}", self.waiting(state)["decision"] or "over")

    def secrets(self, state, role):
        return set(cards.zone(state, cards.hand(role))) | {p for p in self.picks(state, role) if p != "pass"}

    def hidden_variants(self, state):
        """Another hand for each harbour (same count) and another order of the undrawn deck."""
        for role in ROLES:   # keep the cards its pending choices name (a revealed Shield still to resolve)
            picked = {p.partition(":")[2] for p in self.picks(state, role, every_frame=True)}
            variant = cards.swap_variant(state, cards.hand(role), "deck", avoid=picked)
            if variant is not None:
                yield role, "hand", variant
        variant = cards.reorder_variant(state, "deck")
        if variant is not None:
            yield None, "the undrawn deck order", variant
        yield from super().hidden_variants(state)


ENGINE = FourHarbours()

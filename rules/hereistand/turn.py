"""Here I Stand: the turn as procedures (rule 7), with card draw, Winter and Victory determination.

    game › turn › card_draw, diplomacy, spring_deployment, action_phase, winter, victory

Diplomacy is in `diplomacy.py`, the Action phase and its CP actions in `actions.py`. Section numbers are
the rulebook's (2006).
"""

from __future__ import annotations

from rules.core import Result, cards
from rules.core.flow import Flow, Game, calls

from . import state as st
from .data import MAJORS, load

FLOW = Flow()
THESES = 8          # Luther's 95 Theses: played in its own phase of turn 1 (18.1)


def power_name(power: str) -> str:
    return load().power(power).name


# ---- the game ------------------------------------------------------------------------------------------
def build_deck(g: Game) -> None:
    """Rule 6.2: the cards of the first turn (and every earlier turn of the scenario) form the deck; the
    later ones wait aside. Mandatory events wait aside too until their events are enforced (DECISIONS.md)."""
    data = load()
    sc = data.scenario(g.state["scenario"])
    deck = cards.zone(g.state, "deck")
    starting = [n for hand in sc.start_hands.values() for n in hand]   # 95 Theses (rule 18.1)
    from .events import deck_zone
    for number in [*data.new_cards(sc.first_turn, sc.id), *starting]:
        cards.zone(g.state, "aside" if number == THESES else deck_zone(number)).append(str(number))


FLOW.procedure("game", build_deck, calls("turn"))


def card_draw(g: Game) -> None:
    """Rule 8.2 / 6.2: new cards join, the discards and undrawn cards are shuffled, home cards return,
    and every power draws its count."""
    data, s = load(), g.state
    s["phase"] = "card draw"
    s["peace_this_turn"], s["allied_this_turn"], s["offers"], s["card_gifts"] = [], [], [], []
    s["mercenary_gifts"] = []
    g.log(f"Turn {s['turn']}: Card Draw phase.", kind="heading")
    if s["turn"] != data.scenario(s["scenario"]).first_turn:
        from .events import deck_zone
        for number in data.new_cards(s["turn"], s["scenario"]):
            cards.zone(s, deck_zone(number)).append(str(number))
    from .marriages import card_draw as english_succession
    english_succession(g)                               # 6.2 late cards, 21.3 Cranmer after Anne Boleyn
    deck = cards.zone(s, "deck")
    deck.extend(cards.zone(s, "discard"))
    cards.zone(s, "discard").clear()
    cards.shuffle(s, "deck")
    for power in MAJORS:
        for card in list(cards.zone(s, st.home_used(power))):
            cards.move(s, card, st.home_used(power), cards.hand(power))
        for number in data.power(power).home_cards:
            card = str(number)
            if card not in cards.zone(s, cards.hand(power)):
                cards.zone(s, cards.hand(power)).append(card)
    from .harbours import return_from_box
    return_from_box(g)                                  # 8.2: naval leaders and squadrons lost last turn
    from .religion import reformer_arrivals
    for line in reformer_arrivals(s):                   # 8.2 step 1: Zwingli, Calvin
        g.log(line)
    if s["turn"] != data.scenario(s["scenario"]).first_turn:
        from .debaters import arrivals
        arrivals(g)                                     # 8.2: this turn's debaters
    from .new_world import riches
    riches(g)                                           # 8.2 step 3, 20.4: New World riches before the hands
    for power in MAJORS:
        wanted = st.cards_to_draw(s, power)
        drawn = cards.draw(g, cards.hand(power), wanted)
        g.log(f"{power_name(power)} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
        if drawn:
            g.log(f"You draw {', '.join(map(st.card_label, drawn))}.", to=[power])
    s["card_minus"] = []                                # #79 Fuggers' marker is spent


def victory_cards(g: Game) -> None:
    """6.1: before victory is checked, Copernicus or Michael Servetus may stop it (events_victory.py)."""
    from .events_victory import open_victory_window
    open_victory_window(g)


def leader_arrivals(g: Game) -> None:
    """End of the Card Draw: Threat to Power's leaders come back, Maurice of Saxony arrives (8.2)."""
    from .events_leaders import leaders_at_card_draw
    leaders_at_card_draw(g)


def victory(g: Game) -> None:
    """Rule 23.3: record every VP total; standard victory at 25+, domination from turn 4, time limit."""
    s = g.state
    s["phase"] = "victory determination"
    vp = {p: st.victory_points(s, p) for p in MAJORS}
    s["vp_history"].append(vp)
    g.log("VP: " + ", ".join(f"{power_name(p)} {vp[p]}" for p in MAJORS) + ".")
    best = max(vp.values())
    if best >= 25:
        return finish(g, "standard victory (25 VP or more)")
    if s["turn"] >= 4:
        for p in MAJORS:
            if all(vp[p] - vp[q] >= 5 for q in MAJORS if q != p):
                return finish(g, "domination (5 VP ahead of every power from turn 4)")
    if s["turn"] >= s["last_turn"]:
        return finish(g, f"time limit (end of turn {s['last_turn']})")
    s["turn"] += 1
    g.goto("turn")


def ranking(s: st.State) -> list[tuple[str, ...]]:
    """Powers by VP, ties broken by the totals of earlier turns, most recent first (rule 23.3)."""
    history = s["vp_history"][::-1]
    key = {p: tuple(-h[p] for h in history) for p in MAJORS}
    ranks: list[tuple[str, ...]] = []
    for value in sorted(set(key.values())):
        ranks.append(tuple(p for p in MAJORS if key[p] == value))
    return ranks


def finish(g: Game, reason: str) -> None:
    ranks = ranking(g.state)
    vp = g.state["vp_history"][-1]
    g.log(f"{' and '.join(map(power_name, ranks[0]))} win{'s' if len(ranks[0]) == 1 else ''}: {reason}.")
    g.finish(Result(ranks[0], reason, tuple(ranks), {p: float(vp[p]) for p in MAJORS}))


def military_victory(g: Game) -> bool:
    """Rule 23.1: a power holding its military-victory number of keys (not in unrest) wins at once."""
    s = g.state
    for power in MAJORS:
        needed = load().power(power).military_victory_keys
        if needed and len(st.keys_controlled(s, power)) >= needed:
            s["vp_history"].append({p: st.victory_points(s, p) for p in MAJORS})
            winner = (power,)
            rest = [tuple(p for p in r if p != power) for r in ranking(s)]
            ranks = [winner] + [r for r in rest if r]
            g.log(f"{power_name(power)} wins a military victory with {needed} keys.")
            g.finish(Result(winner, "military victory", tuple(ranks),
                            {p: float(v) for p, v in s["vp_history"][-1].items()}))
            return True
    return False


def religious_victory(g: Game, *, at_once: bool = False) -> bool:
    """23.1: more than 50 Protestant spaces (not in unrest) win the game for the Protestant at once.
    `at_once`: found inside a step that still hands on control (an attempt or a flip during an effect)."""
    from .religion import protestant_count, religious_victory_reached
    s = g.state
    if s.get("result") or s.get("pending_result") or not religious_victory_reached(s):
        return False
    s["vp_history"].append({p: st.victory_points(s, p) for p in MAJORS})
    rest = [tuple(p for p in r if p != "protestant") for r in ranking(s)]
    ranks = [("protestant",)] + [r for r in rest if r]
    g.log(f"The Protestant wins a religious victory with {protestant_count(s, count_unrest=False)} Protestant "
          "spaces.")
    result = Result(("protestant",), "religious victory", tuple(ranks),
                    {p: float(v) for p, v in s["vp_history"][-1].items()})
    g.conclude(result) if at_once else g.finish(result)
    return True


def luther_phase(g: Game) -> None:
    """Phase 1 (turn 1 only): Luther's 95 Theses (18.1, `reformation.py`)."""
    if g.state["turn"] == 1:
        g.call("theses")


def worms_phase(g: Game) -> None:
    """Phase 4 (turn 1 only): the Diet of Worms (18.1, `reformation.py`)."""
    if g.state["turn"] == 1:
        g.call("diet_of_worms")


FLOW.procedure("turn", luther_phase, card_draw, leader_arrivals, calls("diplomacy"), worms_phase,
               calls("spring_deployment"), calls("action_phase"), calls("winter"), calls("new_world"), victory_cards,
               victory, scope="turn")

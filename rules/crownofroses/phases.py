"""The game and the turn's eight phases (RB 11.0, PB 7.0): Draw (12), Operations (13–22, in
operations.py), Influence (23), Royal (24, parliament.py), Victory Check (25), Offices (26,
parliament.py), Winter (27, winter.py), Cleanup (28)."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core import cards
from rules.core.flow import Decision, Game, act, calls
from rules.crownofroses import board
from rules.crownofroses.board import data
from rules.crownofroses.common import FLOW, add_support, hname, hook_step, rank_by
from rules.crownofroses.setup import shuffle_deck
from rules.crownofroses.scenario_rules import execute_captive
from rules.crownofroses.victory import team_economic, team_political
from rules.crownofroses.winter import start_winter


def operations_cards(state, house: str) -> list[str]:
    """Non-house cards in hand (RB 12.4: house cards never count)."""
    extra = set(state.get("extra_house", {}).get(house, []))
    return [c for c in state["zones"][f"hand:{house}"] if c.startswith("op") and c not in extra]


def phase(g: Game, name: str) -> None:
    g.state["phase"] = name
    g.log(f"Turn {g.state['turn']}: {name.replace('_', ' ')} phase.", kind="phase")


# ---- the game ------------------------------------------------------------------------------------------
def deal(g: Game) -> None:
    shuffle_deck(g.state)
    g.log(f"{data().scenario(g.state['scenario']).name}: the houses place their blocks as in Winter (PB 3.1.6).")
    order = [h for h in data().scenario(g.state["scenario"]).placement_order if h in g.state["houses"]]
    start_winter(g, order, exiles=False)


FLOW.procedure("game", deal, calls("turn"))


def next_turn(g: Game) -> None:
    if g.state["turn"] >= g.state["last_turn"]:
        return    # the final turn's Victory Check ended the game (RB 25.0)
    g.state["turn"] += 1
    g.goto("turn")


FLOW.procedure("turn", calls("draw"), calls("operations"), calls("influence"), calls("royal"),
               calls("victory"), calls("offices"), calls("winter_phase"), calls("cleanup"), next_turn,
               scope="turn")


# ---- RB 12 Draw ----------------------------------------------------------------------------------------
def draw_order(g: Game) -> None:
    phase(g, "draw")
    g.state["tiebreaker"] = None
    rank_by(g, {h: g.state["income"][h] for h in g.roles}, "the draw order (RB 12.0)")


def bonus_cards(state, house: str) -> int:
    """RB 12.3: support level, the King, London, Calais, the Warwick block in 2–3 players; at most 4."""
    bonus = data().board.support_levels[state["support"][house]].cards
    bonus += board.king_house(state) == house
    bonus += board.controller(state, "london") == house
    bonus += board.controller(state, "calais") == house
    if len(state["houses"]) < 4:
        bonus += state["blocks"]["warwick"]["house"] == house and state["blocks"]["warwick"]["status"] in (
            "map", "undeclared")
    return min(bonus, data().components.max_bonus_cards)


def draw_cards(g: Game) -> None:
    comp = data().components
    for house in g.returned:
        held = len(operations_cards(g.state, house))
        base = max(0, comp.base_draw - g.state["carried"].get(house, 0))
        wanted = min(base + bonus_cards(g.state, house), comp.max_operations_cards - held)
        drawn = cards.draw(g, f"hand:{house}", max(0, wanted))
        g.log(f"{hname(house)} draws {plural(len(drawn), 'card')}.")
        if drawn:
            g.log("You draw: " + ", ".join(card_title(c) for c in drawn) + ".", to=[house])


FLOW.procedure("draw", draw_order, draw_cards)


def card_title(card: str) -> str:
    return _words(card)[0]


def card_text(card: str) -> str:
    """What a card does, as a player reads it where the card is chosen: its kind and its effect."""
    return _words(card)[1]


_WORDS: dict[str, tuple[str, str, str]] = {}   # card: (title, text, type) from the data loaded (_WORDS_OF)
_WORDS_OF: list = [None]


def card_words(card: str) -> tuple[str, str, str]:
    """A card's title, text and type (as :func:`card_title`, :func:`card_text`, :func:`card_type`)."""
    return _words(card)


def _words(card: str) -> tuple[str, str, str]:
    """A card's title, text and type, worded once per data load (every listing of command cards shows
    them)."""
    d = data()
    if _WORDS_OF[0] is not d:
        _WORDS.clear()
        _WORDS_OF[0] = d
    found = _WORDS.get(card)
    if found is None:
        c = d.card(int(card[2:])) if card.startswith("op") else d.house_card(card)
        title = f"#{c.number} {c.title}" if card.startswith("op") else f"{c.id} {c.title}"
        found = _WORDS[card] = (title + (f" ({c.ops} OPS)" if c.ops else ""), f"{c.type.capitalize()}: {c.text}",
                                c.type)
    return found


def card_ops(card: str) -> int:
    d = data()
    return (d.card(int(card[2:])).ops if card.startswith("op") else d.house_card(card).ops) or 0


def card_type(card: str) -> str:
    return _words(card)[2]


# ---- RB 23 Influence -------------------------------------------------------------------------------------
def income(state, house: str) -> int:
    """RB 23.0: occupied controlled shires SV (+1 loyal), empty own-loyal shires 1, none for devastated or
    plundered; offices' IP; the support level's IP; optional 23.1.2: +1 per block in its own seat."""
    total = 0
    for shire, s in data().board.shires.items():
        if state["markers"].get(shire) in ("devastated", "plundered") or board.controller(state, shire) != house:
            continue
        here = board.blocks_at(state, shire, house)
        if here:
            total += s.sv + (1 if board.loyal_to(shire, house, state) else 0)
            if state["options"].get("seats_ip"):
                total += sum(1 for b in here if board.is_noble(b) and board.seat_reasons(state, b, house, shire))
        elif board.loyal_to(shire, house, state):
            total += 1
    for office, holder in state["offices"].items():
        if holder and state["blocks"][holder]["house"] == house:
            total += data().office(office).ip
    coppini = 1 if "op21" in state["zones"].get(f"play:{house}", []) else 0    # card #21 in play
    return total + data().board.support_levels[state["support"][house]].ip + coppini


def collect(g: Game) -> None:
    if g.state.get("affairs_of_state"):
        g.log("Affairs of State ended the Operations phase: no Influence phase this turn (RB 14.1.3).")
        return
    phase(g, "influence")
    bonus = g.state.pop("ip_bonus", {})                # alliance discards for IP (alliances.py)
    for house in g.roles:
        value = income(g.state, house) + bonus.get(house, 0)
        g.state["income"][house] = value
        if g.state["options"].get("vote_ip"):     # PB 1.6 #1: recorded now, collected after the Offices phase
            g.log(f"{possessive(hname(house))} IP income is {value}, collected after the Offices phase (PB 1.6).")
            continue
        collect_income(g, house, value)


def take_up_to(markers: list[int], value: int) -> tuple[list[int], list[int]]:
    """(taken, rest): markers totalling ``value`` exactly when some of them can, else the largest total
    below it (RB 9.1: change is made from the pool, which may lack the small markers), fewest markers."""
    best: dict[int, list[int]] = {0: []}
    for m in sorted((m for m in markers if m > 0), reverse=True):
        for total, used in list(best.items()):
            if total + m <= value and total + m not in best:
                best[total + m] = used + [m]
    taken = best[max(best)]
    rest = list(markers)
    for m in taken:
        rest.remove(m)
    return sorted(taken), sorted(rest)


def collect_income(g: Game, house: str, value: int) -> None:
    ip = g.state["ip"][house]
    taken, rest = take_up_to(ip["pool"], value)
    zeros = [m for m in rest if m == 0]        # RB 9.1: zeros join the stock in this phase only
    ip["stock"] = sorted(ip["stock"] + taken + zeros)
    ip["pool"] = sorted(m for m in rest if m != 0)
    g.log(f"{hname(house)} collects {sum(taken)} IP.")


FLOW.procedure("influence", hook_step("influence_start"), collect)


# ---- RB 25 Victory Check ------------------------------------------------------------------------------------
def victory(g: Game) -> None:
    phase(g, "victory_check")
    scen = data().scenario(g.state["scenario"])
    needed = scen.victory.kingships_needed
    for house in g.roles:
        count = g.state["streak"].get(house, 0) if scen.victory.kingships_consecutive else g.state["kingships"][house]
        if count >= needed:
            others = [h for h in g.state["houses"] if h != house]
            g.finish(_result([house], f"political victory: King {count} times (RB 6.2)", [[house], others], g))
            return
    team = team_political(g.state, needed)
    if team:
        g.finish(_result(team, f"team political victory: King {needed + 1} times between the partners (PB 1.5)",
                         [team, [h for h in g.state["houses"] if h not in team]], g))
        return
    if g.state["turn"] >= g.state["last_turn"]:
        execute_captive(g)
        team = team_economic(g.state)
        if team:
            g.finish(_result(team, "team economic victory: 50% more VP than the other team (PB 1.5)",
                             [team, [h for h in g.state["houses"] if h not in team]], g))
            return
        ranked = sorted(g.roles, key=lambda h: economic_key(g.state, h), reverse=True)
        ranks: list[list[str]] = []
        for h in ranked:
            if ranks and economic_key(g.state, ranks[-1][0]) == economic_key(g.state, h):
                ranks[-1].append(h)
            else:
                ranks.append([h])
        ranks += [[h for h in g.state["houses"] if h not in g.roles]] if len(g.roles) < len(g.state["houses"]) else []
        g.finish(_result(ranks[0], f"economic victory: {g.state['vp'][ranks[0][0]]} VP (RB 6.3, 25.0)", ranks, g))


def economic_key(state, house: str) -> tuple:
    """RB 25.0: VP, then turns as King, then IP in stock, then holding (or last holding) the King."""
    king = board.king_house(state) or state.get("previous_king")
    return (state["vp"][house], state["kingships"][house], sum(state["ip"][house]["stock"]), king == house)


def _result(winners, reason, ranks, g):
    from rules.core import Result
    return Result(tuple(winners), reason, tuple(tuple(r) for r in ranks if r), dict(g.state["vp"]))


FLOW.procedure("victory", victory)


# ---- RB 27 Winter -------------------------------------------------------------------------------------------
def winter_order(g: Game) -> None:
    phase(g, "winter")
    rank_by(g, {h: g.state["received"][h] for h in g.roles}, "the Winter placement order (RB 27.2)")


def winter_place(g: Game) -> None:
    start_winter(g, g.returned, exiles=True)


FLOW.procedure("winter_phase", winter_order, winter_place)


# ---- RB 28 Cleanup ------------------------------------------------------------------------------------------
def markers(g: Game) -> None:
    """RB 28.1: Depleted go; Plundered and Devastated become Depleted; Unavailable blocks become Inactive."""
    phase(g, "cleanup")
    g.state["markers"] = {s: "depleted" for s, m in g.state["markers"].items() if m in ("plundered", "devastated")}
    for s in g.state["blocks"].values():
        if s["status"] == "unavailable":
            s.update(status="inactive", house=None)


def carry_limit(state, house: str) -> int:
    """RB 28.2: the largest carry-over of the house's heir cards in play (not cumulative); Margaret's card 2."""
    d = data()
    limits = [d.block(d.house_card(c).block).heir.carry_over for c in state["heir_cards"].get(house, [])]
    if "L2" in state["zones"].get(f"play:{house}", []) and state["blocks"]["margaret"]["status"] != "out" \
            and not any(m["name"] == "margaret_down" for m in state.get("modifiers", ())):
        limits.append(2)
    return max(limits, default=0)


def carry_over(g: Game) -> None:
    """RB 28.2: Mandatory Events are kept and count towards the limit; the house chooses the rest. Whether
    it is asked follows from public facts alone (how many operations cards it holds and its limit), never
    from which cards they are (DECISIONS 232)."""
    for house in g.roles:
        if house in g.local.setdefault("done", []):
            continue
        g.local["done"].append(house)
        ops = operations_cards(g.state, house)
        mandatory = [c for c in ops if card_type(c) == "mandatory"]
        others = [c for c in ops if c not in mandatory]
        if ops and carry_limit(g.state, house) > 0:
            g.again()
            g.call("keep_cards", role=house, kept=list(mandatory))
            return
        for c in others:
            cards.move(g.state, c, f"hand:{house}", "discard")
        if others:
            g.reveal()                     # discards are face up: the hand's contents become known
            g.log(f"{hname(house)} discards {plural(len(others), 'card')}: " + ", ".join(map(card_title, others)) + ".")
        g.state["carried"][house] = len(mandatory)


@FLOW.decision("keep_cards")
class KeepCards(Decision):
    sequence = True

    def prompt(self, g, role):
        return f"Cleanup (RB 28.2): keep up to {plural(carry_limit(g.state, role), 'operations card')} for next turn."

    def actions(self, g, role):
        kept = g.local["kept"]
        if len(kept) < carry_limit(g.state, role):
            for c in operations_cards(g.state, role):
                if c not in kept:
                    yield act("keep", c, label=f"Keep {card_title(c)}")
        yield act("done", label="Discard the rest")

    def protects_secret(self, g, role):
        """How many of its operations cards are Mandatory Events (kept already) is the house's secret, so
        whether another card may be kept is too, until the cards it chose reach its limit or the number of
        its operations cards (public, RB 13.0) (DECISIONS 232)."""
        chosen = sum(1 for c in g.local["kept"] if card_type(c) != "mandatory")
        return chosen < min(carry_limit(g.state, role), len(operations_cards(g.state, role)))

    def on_keep(self, g, role, card):
        g.local["kept"].append(card)

    def on_done(self, g, role):
        g.reveal()                         # discards are face up: the hand's contents become known
        for c in operations_cards(g.state, role):
            if c not in g.local["kept"]:
                cards.move(g.state, c, f"hand:{role}", "discard")
                g.log(f"{hname(role)} discards {card_title(c)}.")
        g.state["carried"][role] = len(g.local["kept"])
        g.log(f"{hname(role)} carries {plural(len(g.local['kept']), 'card')} over.")
        g.end()

    def default(self, g, role):
        return "done"


def support_adjustments(g: Game) -> None:
    """RB 28.3: −1 with any block in exile; −OPS per carried Mandatory Event (not after Affairs of State);
    −1 with no Junior heir after an impulse holding a playable heir card."""
    for house in g.roles:
        if any(board.in_exile(g.state, b) for b in board.blocks_of(g.state, house)):
            add_support(g, house, -1, "blocks in exile (RB 28.3.1)")
        if not g.state.get("affairs_of_state"):
            loss = sum(card_ops(c) for c in operations_cards(g.state, house) if card_type(c) == "mandatory")
            if loss:
                add_support(g, house, -loss, "Mandatory Events carried over (RB 28.3.2)")
        if house in g.state["heirless_with_card"] and board.junior_heir(g.state, house) is None:
            add_support(g, house, -1, "no Junior heir (RB 28.3.3)")
    g.state["heirless_with_card"] = []
    g.state["affairs_of_state"] = False
    g.state["eliminated_this_turn"] = []


FLOW.procedure("cleanup", markers, carry_over, support_adjustments)

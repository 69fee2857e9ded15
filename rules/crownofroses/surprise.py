"""Surprise cards as events (RB 10.4.4, card list #63–#78 and B3, L3, W3, Y4), played in the reaction
windows of windows.py. A Surprise played as an event does not count as the house's card play; an
operations Surprise is replaced by a card drawn at once (a house Surprise is not, 10.2.1). Persistent ones
stay face up until their effect ends (10.4)."""

from __future__ import annotations

from rules.core.wording import possessive
from rules.core import cards, rng
from rules.core.flow import Game
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.combat import GARRISON, battle
from rules.crownofroses.common import add_support, can_host, d6, hname, take_off_map
from rules.crownofroses.event_cards import alliances_in_play
from rules.crownofroses.events import add_lasting, leave_play
from rules.crownofroses.movement import open_to
from rules.crownofroses.phases import card_title
from rules.crownofroses.windows import ability

PERSISTENT = {"op63", "op68", "op70"}
FOREIGNERS = ("burgundians", "scots", "french")


def held(g: Game, role: str, card: str) -> bool:
    return card in g.state["zones"].get(f"hand:{role}", [])


def play_surprise(g: Game, role: str, card: str) -> None:
    """The card leaves the hand (discarded, removed if a house card, or left in play if persistent), then an
    operations Surprise is replaced from the deck."""
    g.reveal()
    house_card = not card.startswith("op") or card in g.state.get("extra_house", {}).get(role, [])
    target = f"play:{role}" if card in PERSISTENT else "removed" if house_card else "discard"
    cards.move(g.state, card, f"hand:{role}", target)
    g.log(f"{hname(role)} plays the Surprise {card_title(card)}.")
    if not house_card:
        drawn = cards.draw(g, f"hand:{role}", 1)
        if drawn:
            g.log(f"You draw {card_title(drawn[0])} to replace it.", to=[role])


def current_battle(g: Game) -> dict | None:
    return next((f["local"] for f in reversed(g.state["flow"]) if f["name"] == "battle"), None)


def engaged_houses(g: Game) -> tuple[str, ...]:
    b = current_battle(g)
    return (b["attacker"], b["defender"]) if b and not b.get("over") else ()


def simple(card: str, *points: str, when=None):
    """A Surprise with no argument, offered to its holder at ``points`` when ``when(g, role)`` holds."""
    def options(g, role, point):
        if held(g, role, card) and (when is None or when(g, role)):
            yield (), card_title(card)
    return lambda fn: ability(card, *points, options=options)(fn)


# ---- #63 Bad Roads, #68 Stormy Seas, #70 England for the English ------------------------------------------
@simple("op63", "step_start")
def bad_roads(g, role):
    play_surprise(g, role, "op63")
    add_lasting(g, "bad_roads", "operations", card="op63")
    g.log("Bad Roads: for the rest of the Operations phase every land border costs 1 MP more.")


@simple("op68", "step_start")
def stormy_seas(g, role):
    play_surprise(g, role, "op68")
    add_lasting(g, "no_sea", "operations", card="op68")
    g.log("Stormy Seas: nobody may move by sea for the rest of the Operations phase.")


@simple("op70", "step_start")
def england_for_the_english(g, role):
    play_surprise(g, role, "op70")
    add_lasting(g, "no_foreigners", "operations", card="op70")
    for b in FOREIGNERS:
        if g.state["blocks"][b]["status"] == "map":
            take_off_map(g, b, "inactive", None)
            g.log(f"{name(b)} leave play (England for the English!).")


# ---- #64, #65 Bad Weather Delays Attack; B3 Cool Judgement; #69 Retreat Before Battle --------------------
def attacker_can_retreat(g) -> bool:
    from rules.crownofroses.retreat import retreat_places
    b = current_battle(g)
    return bool(b and not b.get("over") and retreat_places(g.state, b, b["attacker"]))


def call_off(g: Game, why: str) -> None:
    """The engagement ends at once and the attacker retreats (a valid path exists: checked before)."""
    b = battle(g)
    attacker = b["attacker"]
    b.update(over=True, retreated=attacker, winner=b["defender"])
    side = b["sides"][attacker]
    g.log(f"{why}: the engagement in {place_name(b['shire'])} ends and {hname(attacker)} must retreat.")
    g.call("retreat", role=attacker, house=attacker, blocks=side["engaged"] + side["reinf"], why="must retreat")


def _first_round(g, role):
    b = current_battle(g)
    return b is not None and b.get("round") == 1 and attacker_can_retreat(g)


for _card in ("op64", "op65"):
    @simple(_card, "round_start", when=_first_round)
    def bad_weather(g, role, _card=_card):
        play_surprise(g, role, _card)
        call_off(g, "Bad Weather Delays Attack")


@simple("B3", "round_start", when=lambda g, role: attacker_can_retreat(g))
def cool_judgement(g, role):
    play_surprise(g, role, "B3")
    call_off(g, "Cool Judgement")


def _own_retreat(g, role):
    from rules.crownofroses.retreat import retreat_places
    b = current_battle(g)
    return role in engaged_houses(g) and bool(retreat_places(g.state, b, role))


@simple("op69", "round_start", when=_own_retreat)
def retreat_before_battle(g, role):
    play_surprise(g, role, "op69")
    b = battle(g)
    other = b["defender"] if role == b["attacker"] else b["attacker"]
    b.update(over=True, retreated=role, winner=other)
    side = b["sides"][role]
    g.log(f"Retreat Before Battle: {hname(role)} leaves the engagement in {place_name(b['shire'])}.")
    g.call("retreat", role=role, house=role, blocks=side["engaged"] + side["reinf"], why="retreats before battle")


# ---- #66 False Friends, #73 Secret Plots, #75 Careful Planning ---------------------------------------------
def _alliance_options(card, mine: bool):
    def options(g, role, point):
        if not held(g, role, card):
            return
        for owner, c in alliances_in_play(g.state):
            if mine or owner != role:
                yield (c,), f"{card_title(card)}: {card_title(c)} ({hname(owner)})"
    return options


@ability("op66", "step_start", options=_alliance_options("op66", True))
def false_friends(g, role, target):
    play_surprise(g, role, "op66")
    leave_play(g, target)
    g.log(f"False Friends: {card_title(target)} is discarded without its ability.")


@ability("op73", "step_start", options=_alliance_options("op73", False))
def secret_plots(g, role, target):
    play_surprise(g, role, "op73")
    for z, held_ in g.state["zones"].items():
        if z.startswith("play:") and target in held_:
            cards.move(g.state, target, z, f"play:{role}")
            break
    g.log(f"Secret Plots: {hname(role)} takes {card_title(target)}.")


def _careful_options(g, role, point):
    if held(g, role, "op75"):
        for c in sorted(set(g.state["zones"]["discard"])):
            yield (c,), f"Careful Planning: take {card_title(c)}"


@ability("op75", "step_start", options=_careful_options)
def careful_planning(g, role, target):
    if target not in g.state["zones"]["discard"]:
        return
    cards.move(g.state, target, "discard", f"hand:{role}")
    play_surprise(g, role, "op75")
    g.log(f"Careful Planning: {hname(role)} takes {card_title(target)} from the discard pile.")


# ---- #72 Leadership --------------------------------------------------------------------------------------
def leaders(state, role: str) -> list[str]:
    return [b for b in board.blocks_of(state, role) if board.is_noble(b) and (data().block(b).command_rating or 0)]


def _leadership_options(g, role, point):
    if held(g, role, "op72"):
        for b in leaders(g.state, role):
            yield (b,), f"Leadership: +1 CR to {name(b)}"


@ability("op72", "step_start", "round_start", options=_leadership_options)
def leadership(g, role, block):
    play_surprise(g, role, "op72")
    give_cr(g, block, "Leadership")


def give_cr(g: Game, block: str, why: str) -> None:
    """+1 CR until the end of the impulse (which is also the end of a battle fought in it)."""
    add_lasting(g, "cr_bonus", "impulse", block=block)
    g.log(f"{why}: a {hname(g.state['blocks'][block]['house'])} leader gains +1 CR until the end of the impulse.")


# ---- #67 To the Standard ----------------------------------------------------------------------------------
def _standard_options(g, role, point):
    if held(g, role, "op67") and role in engaged_houses(g):
        for b in board.blocks_of(g.state, role, "undeclared"):
            if board.is_noble(b) and b not in ("henry_vi", "margaret"):
                yield (b,), f"To the Standard: {name(b)} joins your reserve"


@ability("op67", "round_start", options=_standard_options)
def to_the_standard(g, role, block):
    play_surprise(g, role, "op67")
    b = battle(g)
    g.state["blocks"][block].update(status="map", at=b["shire"], host=None, strength=data().block(block).max_steps)
    b["sides"][role]["engaged"].append(block)
    g.log(f"To the Standard: {name(block)} joins {possessive(hname(role))} reserve in {place_name(b['shire'])}.")


# ---- #76 Treachery; #77, #78 Wavering Nobles -----------------------------------------------------------------
def enemy_side(g: Game, role: str) -> tuple[str, dict]:
    b = battle(g)
    enemy = b["defender"] if role == b["attacker"] else b["attacker"]
    return enemy, b["sides"][enemy]


def _in_engagement(card):
    def options(g, role, point):
        if held(g, role, card) and role in engaged_houses(g) and enemy_side(g, role)[1]["engaged"]:
            yield (), card_title(card)
    return options


@ability("op76", "round_start", options=_in_engagement("op76"))
def treachery(g, role):
    """A random enemy noble; 1d6 ± modifiers > its rank: it and its office blocks join the player's reserve."""
    play_surprise(g, role, "op76")
    if cards.where(g.state, "op76") == "discard":             # "reshuffle after use": back into the deck
        cards.move(g.state, "op76", "discard", "deck")        # (unless the replacement draw took it)
    cards.shuffle(g.state, "deck")
    enemy, side = enemy_side(g, role)
    nobles = [x for x in side["engaged"] if x != GARRISON and board.is_noble(x)]
    if not nobles:
        g.log("Treachery: the enemy force holds no noble.")
        return
    target = rng.choice(g.state, nobles)
    if board.is_heir(g.state, target) or target in ("henry_vi", "margaret"):
        g.log("Treachery: the noble drawn is an heir and stays loyal.")
        return
    mine = battle(g)["sides"][role]["engaged"]
    colour = data().block(target).label_colour
    from rules.crownofroses.board import COLOUR_OF_HOUSE
    mod = (1 if any(board.is_heir(g.state, x) for x in mine if x != GARRISON) else 0) \
        + (1 if colour == COLOUR_OF_HOUSE.get(role) else 0) \
        - (1 if any(board.is_heir(g.state, x) for x in side["engaged"] if x != GARRISON) else 0) \
        - (1 if colour == COLOUR_OF_HOUSE.get(enemy) else 0)
    roll = d6(g)
    rank = data().block(target).rank or 0
    g.log(f"Treachery against {name(target)} (rank {rank}): {roll} {mod:+d}.", data={"roll": roll})
    if roll + mod <= rank:
        g.log(f"{name(target)} stays loyal to {hname(enemy)}.")
        return
    turn_coat(g, target, enemy, role)


def turn_coat(g: Game, target: str, enemy: str, role: str) -> None:
    b = battle(g)
    offices = [x for x in board.attached_to(g.state, target) if data().block(x).kind == "office"]
    others = [x for x in board.attached_to(g.state, target) if x not in offices]
    for x in [target, *offices]:
        g.state["blocks"][x]["house"] = role
        for key in ("engaged", "main", "reinf"):
            if x in b["sides"][enemy][key]:
                b["sides"][enemy][key].remove(x)
        b["sides"][role]["engaged"].append(x)
    hosts = [x for x in b["sides"][enemy]["engaged"] if x != GARRISON and can_host(g.state, x)]
    for x in others:
        g.state["blocks"][x]["host"] = hosts[0] if hosts else None
    for office in board.offices_of(g.state, target):
        support = data().office(office).support
        add_support(g, enemy, -support, f"loses the {data().office(office).name}")
        add_support(g, role, support, f"gains the {data().office(office).name}")
    g.log(f"{name(target)} turns his coat and joins {possessive(hname(role))} reserve (Treachery).")


for _card in ("op77", "op78"):
    @ability(_card, "round_start", options=_in_engagement(_card))
    def wavering_nobles(g, role, _card=_card):
        play_surprise(g, role, _card)
        enemy, side = enemy_side(g, role)
        pool = [x for x in side["engaged"] if x != GARRISON]
        if not pool:
            return
        target = rng.choice(g.state, pool)
        if board.is_heir(g.state, target) or target in ("henry_vi", "margaret"):
            g.log("Wavering Nobles: the block drawn is an heir (or the royal couple): nothing happens.")
            return
        kind = data().block(target).kind
        if kind != "mercenary":
            roll = d6(g)
            g.log(f"Wavering Nobles: {name(target)} (rank {data().block(target).rank}) rolls {roll}.",
                  data={"roll": roll})
            if roll <= (data().block(target).rank or 0):
                return
        waver(g, target, enemy, side, kind)


def waver(g: Game, target: str, enemy: str, side: dict, kind: str) -> None:
    from rules.crownofroses.retreat import retreat_places
    b = battle(g)
    for key in ("engaged", "main", "reinf"):
        if target in side[key]:
            side[key].remove(target)
    places = retreat_places(g.state, b, enemy) if kind == "noble" or kind == "heir" else []
    if kind == "mercenary":
        take_off_map(g, target, "inactive", None)
        g.log(f"{name(target)} waver and become Inactive.")
    elif places:
        for x in [target, *board.attached_to(g.state, target)]:
            g.state["blocks"][x]["at"] = places[0]
            for key in ("engaged", "main", "reinf"):
                if x in side[key]:
                    side[key].remove(x)
        g.log(f"{name(target)} wavers and retreats to {place_name(places[0])}.")
    else:
        take_off_map(g, target, "undeclared", enemy)
        g.log(f"{name(target)} wavers and goes to {possessive(hname(enemy))} Undeclared pool.")


# ---- W3 A Warwick! A Warwick!, Y4 Glorious Sun of York ------------------------------------------------------
def _rally_options(card, house, leaders_):
    def options(g, role, point):
        if role == house and held(g, role, card) and role in engaged_houses(g) and any(
                x in battle(g)["sides"][role]["engaged"] for x in leaders_):
            yield (), card_title(card)
    return options


@ability("W3", "round_start", options=_rally_options("W3", "warwick", ("warwick",)))
def a_warwick(g, role):
    play_surprise(g, role, "W3")
    add_lasting(g, "roll_bonus", "impulse", shire=battle(g)["shire"], house=role, leaders=["warwick"])
    g.log("A Warwick! A Warwick!: while Warwick is in the main body his force adds 1 to every roll this battle.")


@ability("Y4", "round_start", options=_rally_options("Y4", "york", ("march", "gloucester")))
def glorious_sun(g, role):
    play_surprise(g, role, "Y4")
    add_lasting(g, "roll_bonus", "impulse", shire=battle(g)["shire"], house=role, leaders=["march", "gloucester"])
    g.log("Glorious Sun of York: while March or Gloucester is in the main body his force adds 1 to every roll.")


# ---- #71 Escape, L3 Blackjack and Deepwood ------------------------------------------------------------------
def exile_boxes(state, role: str) -> list[str]:
    return [f"exile/{x}" for x in sorted(data().board.exile_boxes) if open_to(state, role, f"exile/{x}")]


def _escape_options(g, role, point):
    b = current_battle(g)
    if not held(g, role, "op71") or not b or role not in b["sides"]:
        return
    gone = [x for x in b["sides"][role]["eliminated"] if board.is_noble(x) and x not in ("henry_vi", "margaret")]
    heirs = [x for x in gone if board.is_heir(g.state, x)]
    for x in gone:
        for s in escape_seats(g.state, x, role, b["shire"]):
            yield (x, s), f"Escape: {name(x)} to {place_name(s)} at base strength"
        for box in exile_boxes(g.state, role):
            yield (x, box), f"Escape: {name(x)} to {place_name(box)}"
    if len(heirs) > 1:
        for box in exile_boxes(g.state, role):
            yield ("heirs", box), f"Escape: all your heirs to {place_name(box)}"


@ability("op71", "before_elimination", options=_escape_options)
def escape(g, role, who, where):
    play_surprise(g, role, "op71")
    b = battle(g)
    side = b["sides"][role]
    group = [x for x in side["eliminated"] if board.is_heir(g.state, x)] if who == "heirs" else [who]
    spirit_away(g, role, side, group, where, "Escape")


def escape_seats(state, block: str, role: str, shire: str) -> list[str]:
    """A seat away from the battle (DECISIONS #117)."""
    return [s for s in board.winter_seats(state, block, role) if s != shire]


def spirit_away(g: Game, role: str, side: dict, group: list[str], where: str, why: str) -> None:
    """The blocks make no Elimination roll: to a seat at base strength, or to the exile box."""
    for x in group:
        side["eliminated"].remove(x)
        target = where
        if not where.startswith("exile/"):
            seats = escape_seats(g.state, x, role, battle(g)["shire"])
            target = where if where in seats else (seats[0] if seats else None)
        if target is None:
            take_off_map(g, x, "undeclared", role)
            continue
        g.state["blocks"][x].update(at=target, strength=1, host=None)
        for o in board.attached_to(g.state, x):
            g.state["blocks"][o]["at"] = target
        g.log(f"{why}: {name(x)} escapes to {place_name(target)}.")


def _blackjack_options(g, role, point):
    b = current_battle(g)
    if not held(g, role, "L3") or not b or role not in b["sides"]:
        return
    red = [x for x in b["sides"][role]["eliminated"] if board.is_noble(x) and data().block(x).label_colour == "red"
           and x not in ("henry_vi",)]
    if red:
        yield ("seats",), "Blackjack and Deepwood: your Lancastrian nobles to their seats at base strength"
        for box in exile_boxes(g.state, role):
            yield (box,), f"Blackjack and Deepwood: your Lancastrian nobles to {place_name(box)}"


@ability("L3", "before_elimination", options=_blackjack_options)
def blackjack(g, role, where):
    play_surprise(g, role, "L3")
    side = battle(g)["sides"][role]
    red = [x for x in side["eliminated"] if board.is_noble(x) and data().block(x).label_colour == "red"
           and x != "henry_vi"]
    spirit_away(g, role, side, red, where, "Blackjack and Deepwood")


# ---- #74 Evade -----------------------------------------------------------------------------------------------
def _evade_options(g, role, point):
    approach = next((f["local"] for f in reversed(g.state["flow"]) if f["name"] == "approach"), None)
    if not approach or approach.get("role") != role or not approach.get("intercepted") or not held(g, role, "op74"):
        return
    entry = next((e for e in reversed(g.state.get("entries", {}).get(approach["place"], []))
                  if e["house"] == role), None)
    if entry and entry["from"] and not (board.houses_at(g.state, entry["from"]) - {role}):
        yield (), "Evade: go back where you came from"


@ability("op74", "intercepted", options=_evade_options)
def evade(g, role):
    play_surprise(g, role, "op74")
    approach = next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "approach")
    march = next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "march")
    entries = g.state["entries"][approach["place"]]
    entry = next(e for e in reversed(entries) if e["house"] == role)
    entries.remove(entry)
    back = entry["from"]
    for x in march["stack"]:
        if g.state["blocks"][x]["status"] == "map":
            g.state["blocks"][x]["at"] = back
    march.update(at=back, mp=0)
    approach["evaded"] = True
    g.log(f"Evade: {possessive(hname(role))} stack returns to {place_name(back)} and ends its move.")

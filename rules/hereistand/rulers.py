"""Here I Stand: rulers and their successions (rules 21.3, 21.5; the ruler cards #10 Clement VII, #14 Paul III,
#19 Edward VI, #20 Henry II, #21 Mary I, #22 Julius III, #23 Elizabeth I), the cards whose entry depends on
them (6.2: #19, #21 and #23 by condition, #62–#64 after Anne Boleyn) and #59 Lady Jane Grey.

A ruler's ratings are data (`data.Power.rulers`): changing `state["rulers"]` changes the administrative
rating (pass rule), the card bonus (6.2), the religion of English units (18.2) and every view.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import load
from .events import EVENTS
from .turn import FLOW, power_name

BOLEYN_CARDS = (62, 63, 64)              # 6.2 "variable": the turn after Henry VIII marries Anne Boleyn
EDWARD, MARY, ELIZABETH = "19", "21", "23"


def crown(g: Game, power: str, ruler: str) -> None:
    """`ruler` now rules `power`. 21.5: a "-1 card" marker sits on the power card, so it stays until the war
    with the Papacy ends or it is lifted (DECISIONS 603)."""
    s = g.state
    old = st.ruler(s, power).name
    if s["rulers"][power] in s["excommunicated"]:
        s["excommunicated"] = sorted(ruler if r == s["rulers"][power] else r for r in s["excommunicated"])
    s["rulers"][power] = ruler
    s["crowned"][power] = s["turn"]
    new = st.ruler(s, power)
    bonus = f", {new.card_bonus} extra card a turn" if new.card_bonus else ", no extra card"
    g.log(f"{power_name(power)}: {new.name} succeeds {old} (administrative rating {new.admin}{bonus}).")


def replace_leader(g: Game, old: str, new: str, power: str) -> None:
    """The new ruler's army leader takes the old one's space (or the capital, when the old one was captured
    or off the map); the old leader leaves the game."""
    s, data = g.state, load()
    where = s["leaders"].pop(old, None)
    if where is None or where.startswith("captured:") or where == "off" or where not in data.spaces:
        homes = [*data.power(power).capitals, *(sp for sp in data.home_spaces(power) if data.space(sp).type == "key")]
        where = next((sp for sp in homes if st.controller(s, sp) == power), "off")
    s["leaders"][new] = where
    g.log(f"{data.leader(old).name} leaves the game" + (f"; {data.leader(new).name} takes his place in "
                                                         f"{data.space(where).name}." if where != "off" else
                                                         f"; {data.leader(new).name} waits off the map."))


# ---- the Papacy (21.5, 18.4) ----------------------------------------------------------------------------------
def _pope(ruler: str, note: str):
    def event(g, power, card):
        crown(g, "papacy", ruler)
        if note:
            g.log(note)
    return event


for _card, _ruler, _note in (("10", "clement-vii", ""),
                             ("14", "paul-iii", "From now on the Papacy wins ties of counter-reformation attempts "
                                                "and rolls automatic successes (18.4)."),
                             ("22", "julius-iii", "The Papacy still wins ties of counter-reformation attempts "
                                                  "(18.4).")):
    EVENTS.on(_card, "event")(_pope(_ruler, _note))
    EVENTS.on(_card, "deadline_actor")(lambda card: "papacy")


# ---- France: #20 Henry II ---------------------------------------------------------------------------------------
@EVENTS.on("20", "event")
def henry_ii(g, power, card):
    crown(g, "france", "henry-ii")
    replace_leader(g, "francis-i", "henry-ii", "france")
    g.log("Patron of the Arts can no longer be played as an event (21.4: Francis I only).")


# ---- England: Henry VIII's heirs (21.3) -----------------------------------------------------------------------
def henry_dies(g: Game) -> None:
    if g.state["rulers"]["england"] == "henry-viii":
        g.log("Henry VIII dies.")
        replace_leader(g, "henry-viii", "dudley", "england")


def english_units(g: Game) -> None:
    from .religion import unit_faith
    faith = unit_faith(g.state, "england")
    g.log(f"English land units are now {faith.title()} (18.2)." if faith else
          "English land units have no religion (18.2).")


def edward_vi(g: Game) -> None:
    henry_dies(g)
    crown(g, "england", "edward-vi")
    english_units(g)
    for card in (EDWARD,):                     # a Mary I played as Edward VI: the Edward card has no more use
        where = cards.where(g.state, card)
        if where not in (None, "removed"):
            cards.move(g.state, card, where, "removed")
            g.log("#19 Edward VI leaves the game: Edward already rules.")


@EVENTS.on(EDWARD, "event")
def edward_card(g, power, card):
    edward_vi(g)


@EVENTS.on(MARY, "event")
def mary_card(g, power, card):
    """21.3: with an Edward born while Henry still rules, Mary I's card resolves as Edward VI; a sickly
    Edward's Mary I is discarded (she returns), a healthy one's leaves the game."""
    from .marriages import edward_born
    s = g.state
    edward = edward_born(s)
    if s["rulers"]["england"] == "henry-viii" and edward:
        g.log(f"An Edward was born ({edward}): #21 Mary I resolves as Edward VI (21.3).")
        edward_vi(g)
        if edward == "sickly":
            cards.move(s, MARY, cards.where(s, MARY), "discard")
            g.log("#21 Mary I is discarded: she may still come to the throne after the sickly Edward.")
        return
    if s["rulers"]["england"] == "edward-vi":
        g.log("Edward VI dies.")
    henry_dies(g)
    crown(g, "england", "mary-i")
    english_units(g)
    g.log("While Mary I rules, England's impulses follow her rule (21.3) and Papal debaters count double in "
          "English debates (18.5).")


@EVENTS.on(ELIZABETH, "event")
def elizabeth_card(g, power, card):
    if g.state["rulers"]["england"] == "mary-i":
        g.log("Mary I dies.")
    henry_dies(g)
    crown(g, "england", "elizabeth-i")
    english_units(g)


# ---- 6.2: cards that join by condition or after an event -----------------------------------------------------
def late_entries(s: st.State) -> list[int]:
    """The conditional (#19, #21: from turn 6) and variable cards (#23; #62–#64) whose condition now holds
    at this Card Draw and that have not joined the game before (21.3 successions table)."""
    from .marriages import edward_born, elizabeth_born
    turn, england = s["turn"], s["rulers"]["england"]
    since = s["crowned"].get("england")
    henry = s["henry"]
    wanted = []
    if turn >= 6 and england == "henry-viii":
        wanted.append(19 if edward_born(s) else 21)
    if england == "edward-vi" and edward_born(s) == "sickly" and since is not None and since < turn:
        wanted.append(21)
    if england == "mary-i" and elizabeth_born(s) and since is not None and since < turn:
        wanted.append(23)
    if henry["boleyn_turn"] is not None and henry["boleyn_turn"] < turn:
        wanted += BOLEYN_CARDS
    return [n for n in wanted if cards.where(s, str(n)) is None]


def enter_late_cards(g: Game) -> None:
    from .events import deck_zone
    for number in late_entries(g.state):
        zone = deck_zone(number)
        cards.zone(g.state, zone).append(str(number))
        if zone == "deck":
            g.log(f"#{number} {load().card(number).name} joins the deck (6.2).")


# ---- #59 Lady Jane Grey ------------------------------------------------------------------------------------
def english_cards(s: st.State) -> list[str]:
    return sorted((c for c in cards.zone(s, cards.hand("england")) if load().card(int(c)).type != "home"), key=int)


@EVENTS.on("59", "prerequisite")
def jane_grey_ok(s, power, card):
    if s["crowned"].get("england") != s["turn"]:
        return "England has not changed rulers this turn"
    if not [c for c in english_cards(s) if c != card]:
        return "England holds no card but its home card"
    return None


@EVENTS.on("59", "event")
def jane_grey(g, power, card):
    s = g.state
    g.reveal()
    taken = rng.choice(s, [c for c in english_cards(s)])
    cards.move(s, taken, cards.hand("england"), cards.hand(power))
    drawn = cards.draw(g, cards.hand(power), 1)
    pair = [taken, *drawn]
    g.log(f"Lady Jane Grey: {power_name(power)} takes a random card from England's hand and one from the deck.")
    g.log(f"You take {st.card_label(taken)} from England's hand" + (
        f" and draw {st.card_label(drawn[0])}." if drawn else " (the deck is empty)."), to=[power])
    g.log(f"Lady Jane Grey takes {st.card_label(taken)} from your hand.", to=["england"])
    g.call("jane_grey", role=power, cards=pair)


@FLOW.decision("jane_grey")
class JaneGrey(Decision):
    def prompt(self, g, role):
        return "Lady Jane Grey: keep one of the two cards and give the other to the Papacy or the Protestant."

    def actions(self, g, role):
        for card in g.local["cards"]:
            for to in ("papacy", "protestant"):
                if to != role:
                    yield act("give", card, to, label=f"Give {st.card_label(card)} to {power_name(to)}",
                              hint=f"Its event: {load().card(int(card)).reminder}")
        if len(g.local["cards"]) == 1:                   # the deck was empty: nothing to give
            yield act("keep", label=f"Keep {st.card_label(g.local['cards'][0])}")

    def protects_secret(self, g, role):
        return True                       # the two cards are seen by the player alone

    def on_keep(self, g, role):
        g.log(f"Lady Jane Grey: {power_name(role)} keeps the only card (the deck is empty).")
        g.end()

    def on_give(self, g, role, card, to):
        cards.move(g.state, card, cards.hand(role), cards.hand(to))
        g.log(f"Lady Jane Grey: {power_name(role)} keeps one card and gives the other to {power_name(to)}.")
        g.log(f"{power_name(role)} gives you {st.card_label(card)} (Lady Jane Grey).", to=[to])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

"""Here I Stand: the events that move cards, VP and St. Peter's (6.1, 21.5, 23.2): Copernicus, Michael
Servetus, Michelangelo, Jesuit Education, Philip of Hesse's Bigamy, Diplomatic Overture, Fuggers and the
Indulgence Vendor.

A card taken "at random" from a hand is never a home card (as for every random draw, `papacy.removal_cards`).
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import religion as rl
from . import state as st
from .data import MAJORS, load
from .events import EVENTS
from .papacy import add_st_peters, removal_cards
from .turn import FLOW, power_name


def score(g: Game, power: str, vp: int, source: str) -> None:
    g.state["bonus_vp"][power] += vp
    g.log(f"{source}: {power_name(power)} scores {plural(vp, 'VP', 'VP')}.")


def lose_random_card(g: Game, power: str, source: str) -> str | None:
    """`power` discards a random card of its hand other than its home card (the log names it: it is public)."""
    pool = removal_cards(g.state, power)
    if not pool:
        g.log(f"{source}: {power_name(power)} has no card to lose.")
        return None
    card = rng.choice(g.state, pool)
    cards.move(g.state, card, cards.hand(power), "discard")
    g.log(f"{source}: {power_name(power)} discards {st.card_label(card)}, drawn at random.")
    return card


def draw_for(g: Game, power: str, count: int, source: str) -> None:
    drawn = cards.draw(g, cards.hand(power), count)
    g.log(f"{source}: {power_name(power)} draws {plural(len(drawn), 'card')}.")
    if drawn:
        g.log(f"You draw {', '.join(map(st.card_label, drawn))}.", to=[power])


# ---- #47 Copernicus ----------------------------------------------------------------------------------------
def protestant_home_share(s: st.State, power: str) -> tuple[int, int]:
    homes = load().home_spaces(power)
    return sum(1 for sp in homes if rl.is_protestant(s, sp)), len(homes)


@EVENTS.on("47", "event")
def copernicus(g: Game, power: str, card: str) -> None:
    """2 VP when half or more of the player's home spaces are Protestant; else 1 VP and a choice."""
    protestant, homes = protestant_home_share(g.state, power)
    g.log(f"Copernicus: {protestant} of {power_name(power)}'s {homes} home spaces are Protestant.")
    if 2 * protestant >= homes:
        score(g, power, 2, "Copernicus")
        return
    score(g, power, 1, "Copernicus")
    g.call("copernicus_choice", role=power)


@FLOW.decision("copernicus_choice")
class CopernicusChoice(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: Copernicus — draw 1 card, or make the Protestant discard 1 card at random."

    def actions(self, g, role):
        yield act("draw", label="Draw 1 card from the deck")
        if removal_cards(g.state, "protestant"):
            yield act("discard", label="The Protestant discards 1 card at random")

    def on_draw(self, g, role):
        draw_for(g, role, 1, "Copernicus")
        g.end()

    def on_discard(self, g, role):
        lose_random_card(g, "protestant", "Copernicus")
        g.end()

    def default(self, g, role):
        return "draw"


# ---- #51 Michael Servetus, #52 Michelangelo, #81 Indulgence Vendor -----------------------------------------
@EVENTS.on("51", "event")
def servetus(g: Game, power: str, card: str) -> None:
    score(g, power, 1, "Michael Servetus")
    lose_random_card(g, "protestant", "Michael Servetus")


@EVENTS.on("52", "event")
def michelangelo(g: Game, power: str, card: str) -> None:
    dice = rng.roll(g.state, 2)
    vp = add_st_peters(g.state, sum(dice))
    g.log(f"Michelangelo: the dice show {dice[0]} + {dice[1]} = {sum(dice)} CP for St. Peter's"
          + (f" ({plural(vp, 'VP', 'VP')} for the Papacy)." if vp else "."))


@EVENTS.on("81", "event")
def indulgence_vendor(g: Game, power: str, card: str) -> None:
    taken = lose_random_card(g, "protestant", "Indulgence Vendor")
    if taken:
        cp = load().card(int(taken)).cp or 0
        vp = add_st_peters(g.state, cp)
        g.log(f"Indulgence Vendor: its {cp} CP go to St. Peter's" + (f" ({plural(vp, 'VP', 'VP')})." if vp else "."))


# ---- #55 Jesuit Education ----------------------------------------------------------------------------------
@EVENTS.on("55", "prerequisite")
def jesuit_education_ok(s, power, card):
    return None if s.get("society_of_jesus") else "the Society of Jesus has not been played"


@EVENTS.on("55", "event")
def jesuit_education(g: Game, power: str, card: str) -> None:
    g.call("university_site", role="papacy", count=2, source="#55 Jesuit Education")


# ---- #57 Philip of Hesse's Bigamy --------------------------------------------------------------------------
PHILIP = "philip-of-hesse"


def remove_leader(s: st.State, leader: str) -> None:
    """A leader leaves the game for good (he never enters again, not even with the League)."""
    s["leaders"].pop(leader, None)
    s["leaders_removed"] = sorted({*s.get("leaders_removed", []), leader})


@EVENTS.on("57", "event")
def bigamy(g: Game, power: str, card: str) -> None:
    g.call("bigamy_choice", role="protestant")


@FLOW.decision("bigamy_choice")
class BigamyChoice(Decision):
    def prompt(self, g, role):
        return ("Protestant: Philip of Hesse's Bigamy — Philip of Hesse leaves the game, or you discard 1 card at "
                "random.")

    def actions(self, g, role):
        if PHILIP not in g.state.get("leaders_removed", []):
            yield act("philip", label="Philip of Hesse leaves the game for good")
        if removal_cards(g.state, role):
            yield act("discard", label="Discard 1 card at random")

    def active(self, g):
        return super().active(g) if any(True for _ in self.actions(g, "protestant")) else []

    def proceed(self, g):
        g.log("Philip of Hesse's Bigamy: Philip of Hesse is gone and the Protestant has no card to lose.")
        g.end()

    def on_philip(self, g, role):
        remove_leader(g.state, PHILIP)
        g.log("Philip of Hesse's Bigamy: Philip of Hesse leaves the game.")
        g.end()

    def on_discard(self, g, role):
        lose_random_card(g, role, "Philip of Hesse's Bigamy")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #74 Diplomatic Overture ------------------------------------------------------------------------------
@EVENTS.on("74", "event")
def diplomatic_overture(g: Game, power: str, card: str) -> None:
    draw_for(g, power, 2, "Diplomatic Overture")
    g.call("overture_gift", role=power)


def giftable(s: st.State, power: str) -> list[str]:
    """Not the home card; a mandatory event only when nothing else is left (DECISIONS.md 752)."""
    data = load()
    hand = [c for c in cards.zone(s, cards.hand(power)) if data.card(int(c)).type != "home"]
    other = [c for c in hand if data.card(int(c)).type != "mandatory"]
    return sorted(other or hand, key=int)


@FLOW.decision("overture_gift")
class OvertureGift(Decision):
    def active(self, g):
        return super().active(g) if giftable(g.state, g.local["role"]) else []

    def proceed(self, g):
        g.log(f"Diplomatic Overture: {power_name(g.local['role'])} has no card it may give.")
        g.end()

    def protects_secret(self, g, role):
        return True                                  # which cards are held is hidden

    def prompt(self, g, role):
        return f"{power_name(role)}: Diplomatic Overture — give 1 card from your hand to another power."

    def actions(self, g, role):
        for card in giftable(g.state, role):
            for other in MAJORS:
                if other != role:
                    yield act("give", card, other, label=f"Give it to {power_name(other)}",
                              group=f"Give {st.card_label(card)}", hint=f"Its event: {load().card(int(card)).reminder}")

    def on_give(self, g, role, card, other):
        cards.move(g.state, card, cards.hand(role), cards.hand(other))
        g.log(f"Diplomatic Overture: {power_name(role)} gives a card to {power_name(other)}.")
        g.log(f"{power_name(role)} gives {st.card_label(card)} to {power_name(other)}.", to=[role, other])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #79 Fuggers ------------------------------------------------------------------------------------------
@EVENTS.on("79", "event")
def fuggers(g: Game, power: str, card: str) -> None:
    draw_for(g, power, 2, "Fuggers")
    g.state["card_minus"] = sorted([*g.state.get("card_minus", []), power])
    g.log(f"Fuggers: {power_name(power)} will draw 1 card fewer in the next Card Draw phase.")

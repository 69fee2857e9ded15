"""Here I Stand: the card events that are reformation or counter-reformation attempts (18.3, 18.4), the
Printing Press and Augsburg Confession markers (6.1) and the Society of Jesus (18.1).

Each registers its prerequisite (a reason when it fails) and its event in `events.EVENTS`. Whoever plays
the card, the Protestant picks the targets of reformation attempts and the Papacy those of
counter-reformation attempts (6.1: the power the event names acts). A debater an event names is
committed whoever plays it; that is no use of an ability (18.2).
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import religion as rl
from . import state as st
from .data import load
from .events import EVENTS
from .turn import FLOW, power_name

REFORM = {  # card: (attempts, zone, +1 per die, debater committed, only English home spaces)
    "65": (6, "german", None, "luther", False),          # A Mighty Fortress
    "44": (3, "french", None, "cop", False),             # Affair of the Placards (DECISIONS.md 510)
    "46": (5, "french", "Calvin's Institutes", "calvin", False),
    "62": (4, "english", None, "cranmer", True),         # Book of Common Prayer
    "63": (3, "english", None, None, False),             # Dissolution of the Monasteries
    "90": (3, None, None, None, False),                  # Printing Press
}
COUNTER = {"11": (3, None), "61": (3, "english")}        # Defender of the Faith, Mary Defies Council


def _card_name(card: str) -> str:
    c = load().card(int(card))
    return f"#{c.number} {c.name}"


def _needs(debater: str | None):
    def prerequisite(s, power, card):
        if debater and not rl.debater_ready(s, debater):
            return f"{rl.debater_name(debater)} is not an uncommitted debater"
        return None
    return prerequisite


def _english_home(s: st.State) -> tuple[str, ...]:
    return tuple(load().home_spaces("england"))


def _reform_event(card: str):
    count, zone, die_plus, debater, english_home = REFORM[card]

    def event(g: Game, power: str, card: str) -> None:
        s = g.state
        if debater:
            rl.commit_debater(s, debater)
            g.log(f"{rl.debater_name(debater)} is committed.")
        if card == "90":
            cards.add_modifier(s, rl.PRINTING_PRESS, until="turn")
            g.log("Printing Press: the Protestant rolls 1 more die in every reformation attempt this turn.")
        if card == "63":
            drawn = cards.draw(g, cards.hand("england"), 2)
            g.log(f"England draws {plural(len(drawn), 'card')}.")
            if drawn:
                g.log(f"You draw {', '.join(map(st.card_label, drawn))}.", to=["england"])
        series = dict(side="reformation", count=count, zone=zone, actor="protestant", source=_card_name(card),
                      die_plus=die_plus, **({"only": list(_english_home(s))} if english_home else {}))
        if english_home:
            g.call("common_prayer", role=power, series=series)
        else:
            g.call("attempts", **series)
    return event


for _card, (_n, _z, _p, _debater, _e) in REFORM.items():
    EVENTS.on(_card, "prerequisite")(_needs(_debater))
    EVENTS.on(_card, "event")(_reform_event(_card))


def _counter_event(card: str):
    count, zone = COUNTER[card]

    def event(g: Game, power: str, card: str) -> None:
        g.call("attempts", side="counter", count=count, zone=zone, actor="papacy", source=_card_name(card))
        if card == "11" and power == "england":
            drawn = cards.draw(g, cards.hand("england"), 1)
            g.log(f"England played the card: it draws {plural(len(drawn), 'card')}.")
            if drawn:
                g.log(f"You draw {', '.join(map(st.card_label, drawn))}.", to=["england"])
    return event


for _card in COUNTER:
    EVENTS.on(_card, "event")(_counter_event(_card))


@EVENTS.on("75", "event")
def erasmus(g: Game, power: str, card: str) -> None:
    """Turns 1–2: 4 reformation attempts in any zone; later 4 counter-reformation attempts."""
    if g.state["turn"] <= 2:
        g.call("attempts", side="reformation", count=4, zone=None, actor="protestant", source="#75 Erasmus")
    else:
        g.call("attempts", side="counter", count=4, zone=None, actor="papacy", source="#75 Erasmus")


@EVENTS.on("39", "prerequisite")
def augsburg_ok(s, power, card):
    return _needs("melanchthon")(s, power, card)


@EVENTS.on("39", "event")
def augsburg_confession(g: Game, power: str, card: str) -> None:
    rl.commit_debater(g.state, "melanchthon")
    cards.add_modifier(g.state, rl.AUGSBURG, until="turn")
    g.log("Melanchthon is committed. Augsburg Confession: this turn every Papal die in counter-reformation "
          "attempts gets −1, and the Papacy rolls 1 die fewer when it calls a debate.")


@EVENTS.on("15", "event")
def society_of_jesus(g: Game, power: str, card: str) -> None:
    """The Papacy founds 2 Jesuit universities and may found more from now on (18.1)."""
    g.state["society_of_jesus"] = True
    g.log("The Society of Jesus: the Papacy places 2 Jesuit universities and may found more from now on.")
    g.call("university_site", role="papacy", count=2, source="#15 Society of Jesus")


@EVENTS.on("15", "deadline_actor")
def society_actor(card: str) -> str:
    return "papacy"


@EVENTS.on("11", "deadline_actor")
def defender_actor(card: str) -> str:
    return "papacy"


# ---- Book of Common Prayer's unrest (after its attempts) -----------------------------------------------------
def prayer_unrest(g: Game) -> None:
    """Roll 1d6: 1–2 nothing; 3–4 unrest in 1 Catholic English home space; 5 in 2; 6 in all of them."""
    s = g.state
    die = rng.roll(s, 1)[0]
    catholic = [sp for sp in load().home_spaces("england") if rl.is_catholic(s, sp) and sp not in s["unrest"]]
    wanted = 0 if die <= 2 else 1 if die <= 4 else 2 if die == 5 else len(catholic)
    g.log(f"Book of Common Prayer: the die shows {die} — unrest in "
          f"{plural(min(wanted, len(catholic)), 'Catholic English home space')}.")
    if wanted and catholic:
        g.call("prayer_unrest_site", role=g.local["role"], count=min(wanted, len(catholic)))


def prayer_attempts(g: Game) -> None:
    g.call("attempts", **g.local["series"])


FLOW.procedure("common_prayer", prayer_attempts, prayer_unrest)


@FLOW.decision("prayer_unrest_site")
class PrayerUnrestSite(Decision):
    def active(self, g):
        return super().active(g) if g.local["count"] > 0 and self.sites(g) else []

    def proceed(self, g):
        g.end()

    @staticmethod
    def sites(g):
        return [sp for sp in load().home_spaces("england") if rl.is_catholic(g.state, sp)
                and sp not in g.state["unrest"]]

    def prompt(self, g, role):
        return (f"{power_name(role)}: Book of Common Prayer — choose a Catholic English home space to fall "
                f"into unrest ({plural(g.local['count'], 'space')} left).")

    def actions(self, g, role):
        for sp in self.sites(g):
            yield act("unrest", sp, label=rl.space_name(sp))

    def on_unrest(self, g, role, space):
        g.state["unrest"] = sorted([*g.state["unrest"], space])
        g.local["count"] -= 1
        g.log(f"{rl.space_name(space)} falls into unrest.")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

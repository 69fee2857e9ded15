"""Here I Stand: #95 Sack of Rome (1517 only) — a formation with more mercenaries than the Papal regulars in Rome
marches on Rome and fights them (a field battle, 14: the Papacy defends, combat cards allowed), then returns.
If the Papacy loses, St. Peter's loses 5 CP and the formation's owner takes 2 random Papal cards, keeping one;
the card then leaves the game. No war is made and no grounds for excommunication arise.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import battle
from . import combat_cards as cc
from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .papacy import removal_cards
from .pick_events import PickEvent, pick_event
from .turn import FLOW, power_name

ROME, SACK_CP = "rome", 5


def papal_regulars(s: st.State) -> int:
    return st.units_at(s, ROME, "papacy").get("regular", 0)


def sackers(s: st.State) -> list[tuple[str, str]]:
    """(space, power): an Italian-speaking space where a major power not allied with the Papacy has more
    mercenaries than the Papal regulars in Rome."""
    data = load()
    return sorted((sp, p) for sp, by_power in s["units"].items() if sp in data.spaces
                  and data.space(sp).language_zone == "italian"
                  and sp != ROME for p, kinds in by_power.items() if p in MAJORS and p != "papacy"
                  and not st.allied(s, p, "papacy") and kinds.get("mercenary", 0) > papal_regulars(s))


@pick_event
class SackPick(PickEvent):
    card, name, verb = "95", "sack_pick", "sack"
    unplayable = "no Italian space holds more mercenaries than there are Papal regulars in Rome"

    def candidates(self, s, role):
        return sackers(s)

    def prompt(self, g, role):
        return f"{power_name(role)}: Sack of Rome — choose the formation that marches on Rome."

    def label(self, g, role, sacker):
        sp, p = sacker
        n = st.units_at(g.state, sp, p)["mercenary"]
        return f"{power_name(p)}'s forces in {space_name(sp)} ({n} mercenaries)"

    def take(self, g, role, space, power):
        return "sack", {"space": ROME, "origin": space, "attacker": power}


def march(g: Game) -> None:
    s, origin, attacker = g.state, g.local["origin"], g.local["attacker"]
    units, leaders = fx.land_of(st.units_at(s, origin, attacker)), fx.army_leaders_at(s, origin, attacker)
    fx.move_pieces(s, attacker, origin, ROME, units, leaders)
    g.local.update(units=units, leaders=leaders)
    g.log(f"Sack of Rome: {power_name(attacker)}'s forces in {space_name(origin)} march on Rome.")
    if not st.land_units_at(s, ROME, "papacy"):
        g.log("Sack of Rome: no Papal unit stands in Rome — it is sacked.")
        g.local["winner"] = "attacker"
        return
    s["move"] = {"power": attacker, "origin": origin, "dest": ROME, "cost": 0, "units": units, "leaders": leaders,
                 "intercepted_by": None, "tried": [], "limit": None}
    s["battle"] = {"space": ROME, "attacker": attacker, "origin": origin, "defenders": ["papacy"],
                   "attackers": [attacker]}
    cc.begin(s, cc.FIELD, ROME, [attacker], ["papacy"])


def declare(g: Game) -> None:
    if "winner" not in g.local:
        cc.declare(g)                          # 14 steps 4–5: the combat cards, attacker first


def fight(g: Game) -> None:
    if "winner" not in g.local:
        battle.roll_battle(g)                  # a Surprise Attack calls for the surprised side's losses


def janissaries(g: Game) -> None:
    if "winner" not in g.local:
        cc.janissaries_window(g)


def decide(g: Game) -> None:
    if "winner" not in g.local:
        battle.decide_battle(g)
        g.local["winner"] = g.state["battle"]["winner"]


def losses(g: Game) -> None:
    if g.state["battle"]:
        battle.take_losses(g)


def aftermath(g: Game) -> None:
    s, origin, attacker = g.state, g.local["origin"], g.local["attacker"]
    if s["battle"]:
        battle.captures(g)
    s["battle"], s["move"] = None, None
    cc.end(s)
    units, leaders = fx.land_of(st.units_at(s, ROME, attacker)), fx.army_leaders_at(s, ROME, attacker)
    fx.move_pieces(s, attacker, ROME, origin, units, leaders)
    g.log(f"Sack of Rome: {power_name(attacker)}'s forces return to {space_name(origin)}.")
    if g.local["winner"] != "attacker":
        g.log("Sack of Rome: the Papacy holds; the card is discarded.")
        return
    tracks = s["tracks"]
    lost = min(SACK_CP, tracks.get("st_peters_cp", 0))
    tracks["st_peters_cp"] = tracks.get("st_peters_cp", 0) - lost
    cards.move(s, "95", cards.where(s, "95"), "removed")
    g.log(f"Sack of Rome: Rome is sacked — St. Peter's loses {lost} CP; the card leaves the game.")
    taken = []
    for _ in range(2):
        pool = removal_cards(s, "papacy")
        if pool:
            card = rng.choice(s, pool)
            cards.move(s, card, cards.hand("papacy"), cards.hand(attacker))
            taken.append(card)
    if not taken:
        g.log("Sack of Rome: the Papacy has no card to lose.")
        return
    g.reveal()
    g.log(f"Sack of Rome: {power_name(attacker)} takes {len(taken)} random Papal card{'s' if len(taken) > 1 else ''}.")
    g.log("You take " + ", ".join(map(st.card_label, taken)) + ".", to=[attacker])
    if len(taken) == 2:
        g.call("sack_keep", role=attacker, taken=taken, picks={attacker: [f"keep:{c}" for c in taken]})


FLOW.procedure("sack", march, declare, fight, janissaries, decide, losses, aftermath)


@FLOW.decision("sack_keep")
class SackKeep(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: Sack of Rome — keep one of the two Papal cards; the other is discarded."

    def actions(self, g, role):
        for card in g.local["taken"]:
            yield act("keep", card, label=f"Keep {st.card_label(card)}",
                      hint=f"Its event: {load().card(int(card)).reminder}")

    def on_keep(self, g, role, card):
        other = next(c for c in g.local["taken"] if c != card)
        cards.move(g.state, other, cards.hand(role), "discard")
        g.log(f"Sack of Rome: {power_name(role)} keeps one card and discards {st.card_label(other)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

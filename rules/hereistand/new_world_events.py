"""Here I Stand: the New World's card events (rule 20 and the cards): #48 Galleons, #49 Huguenot Raiders,
#50 Mercator's Map, #53 Plantations, #54 Potosi Silver Mines, #77 Fountain of Youth, #96 Sale of Moluccas,
#98 Search for Cibola, #99 Sebastian Cabot, #101 Smallpox.

The power playing a card makes its choice (which power gains a marker, which voyage is halted):
`new_world_card` asks it (`new_world_pick`), then carries the card out.
"""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import load
from .events import EVENTS
from .new_world import draw_cards, launch, launch_refusal
from .new_world_data import (KIND_WORDS, POTOSI, VOYAGERS, circumnavigated, explorer_name, explorers_available,
                             nw, nw_data)
from .turn import FLOW, power_name

MARKERS = {"48": ("galleons", "Galleons"), "53": ("plantations", "Plantations")}
RAIDERS = ("england", "france", "protestant")


def raider_ports(s: st.State, power: str) -> list[str]:
    """#49: home ports of Protestant religion (the Protestant's: German-speaking ports, DECISIONS.md 862)."""
    data = load()
    spaces = [sp for sp in data.spaces if data.space(sp).language_zone == "german"] if power == "protestant" \
        else data.home_spaces(power)
    return [sp for sp in spaces if data.space(sp).is_port and sp in s["religion"]]


def potosi_room(s: st.State, power: str) -> bool:
    held = nw(s)["colonies"][power]
    crossing = [v for v in nw(s)["underway"] if v["power"] == power and v["kind"] == "colonise"]
    return len(held) + len(crossing) < len(nw_data()["colonies"][power])


def candidates(s: st.State, card: str, power: str) -> list[str]:
    """The choices card `card` offers `power` now: powers, or voyages under way (their index)."""
    if card in MARKERS:
        return [p for p in VOYAGERS if p not in nw(s)[MARKERS[card][0]]]
    if card == "49":
        return [p for p in RAIDERS if p not in nw(s)["raiders"] and raider_ports(s, p)]
    if card == "50":
        return [p for p in VOYAGERS if launch_refusal(s, p, "explore") is None]
    if card == "54":
        return [p for p in VOYAGERS if potosi_room(s, p)]
    kinds = ("explore",) if card == "77" else ("explore", "conquer")
    return [str(i) for i, v in enumerate(nw(s)["underway"]) if v["kind"] in kinds]


REFUSALS = {"48": "England, France and the Hapsburg all have Galleons already",
            "53": "England, France and the Hapsburg all have Plantations already",
            "49": "no power may take a Raider (each needs a home port of Protestant religion and no Raider)",
            "50": "neither England, France nor the Hapsburg may explore this turn",
            "54": "neither England, France nor the Hapsburg has an empty colony box",
            "77": "no voyage of exploration is under way",
            "98": "no voyage of exploration or conquest is under way"}


def _choice_prerequisite(card: str):
    def prerequisite(s, power, card):
        return None if candidates(s, card, power) else REFUSALS[card]
    return prerequisite


def _choice_event(g: Game, power: str, card: str) -> None:
    g.call("new_world_card", role=power, card=card)


for _card in REFUSALS:
    EVENTS.on(_card, "prerequisite")(_choice_prerequisite(_card))
    EVENTS.on(_card, "event")(_choice_event)


def voyage_words(s: st.State, index: str) -> str:
    v = nw(s)["underway"][int(index)]
    by = {"start": " (there since the start)", "99": " (Sebastian Cabot)", "50": " (Mercator's Map)",
          "101": " (Smallpox)"}.get(v["by"], "")
    return f"{power_name(v['power'])}'s {KIND_WORDS[v['kind']]}{by}"


def ask(g: Game) -> None:
    g.call("new_world_pick", role=g.local["role"], card=g.local["card"])


def carry_out(g: Game) -> None:
    s, card, choice = g.state, g.local["card"], g.returned
    if card in MARKERS:
        key, name = MARKERS[card]
        nw(s)[key].append(choice)
        g.log(f"{power_name(choice)} gains {name}.")
    elif card == "49":
        nw(s)["raiders"].append(choice)
        g.log(f"{power_name(choice)} gains a Raider against the Hapsburg's New World riches.")
    elif card == "50":
        g.log(f"Mercator's Map: {power_name(choice)} explores at no cost, with +2 on its roll.")
        launch(g, choice, "explore", by="50")
    elif card == "54":
        nw(s)["markers_lost"][choice] += 1
        g.log(f"Potosi Silver Mines: {power_name(choice)} gives up a colony marker for good; the mines (+1 on "
              "their riches rolls) are founded like a colony.")
        launch(g, choice, "colonise", by="54", colony=POTOSI)
    else:
        _halt(g, card, choice)


def _halt(g: Game, card: str, index: str) -> None:
    """#77, #98: the voyage goes back (to the turn track, home next turn): no other of its kind this turn."""
    s = g.state
    voyage = nw(s)["underway"].pop(int(index))
    power = voyage["power"]
    if voyage["kind"] not in nw(s)["launched"][power]:
        nw(s)["launched"][power].append(voyage["kind"])
    name = load().card(int(card)).name
    g.log(f"{name}: {power_name(power)}'s {KIND_WORDS[voyage['kind']]} is halted; it may sail again next turn.")
    if card == "77":
        die = rng.roll(s, 1)[0]
        pool = explorers_available(s, power)
        if die >= 4 and pool:
            lost = rng.choice(s, pool)
            nw(s)["explorers"][lost] = "lost"
            g.log(f"Fountain of Youth: die {die} (4-6 costs an explorer) — {explorer_name(lost)} is lost.")
        else:
            g.log(f"Fountain of Youth: die {die} (4-6 costs an explorer) — "
                  f"{'no explorer is lost' if die < 4 else 'no explorer is left to lose'}.")


FLOW.procedure("new_world_card", ask, carry_out)


@FLOW.decision("new_world_pick")
class NewWorldPick(Decision):
    def prompt(self, g, role):
        c = load().card(int(g.local["card"]))
        what = "which voyage to halt" if g.local["card"] in ("77", "98") else "which power gains it"
        return f"{power_name(role)}: #{c.number} {c.name} — choose {what}. {c.reminder}"

    def actions(self, g, role):
        card = g.local["card"]
        for option in candidates(g.state, card, role):
            label = voyage_words(g.state, option) if card in ("77", "98") else power_name(option)
            yield act("pick", option, label=label, hint=load().card(int(card)).reminder)

    def on_pick(self, g, role, option):
        g.end(option)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- cards for the playing power ------------------------------------------------------------------------------
@EVENTS.on("99", "prerequisite")
def cabot_ok(s, power, card):
    if power not in VOYAGERS:
        return "only England, France or the Hapsburg may send Sebastian Cabot"
    if power in nw(s)["cabot"] or any(v.get("counter") == "cabot" and v["power"] == power
                                       for v in nw(s)["underway"]):
        return f"{power_name(power)} has already sent Sebastian Cabot (once a game)"
    return None


@EVENTS.on("99", "event")
def sebastian_cabot(g: Game, power: str, card: str) -> None:
    g.log(f"Sebastian Cabot (rating {nw_data()['cabot']['rating']}) explores for {power_name(power)}, at no cost "
          "and outside the once-a-turn limit.")
    launch(g, power, "explore", by="99", counter="cabot")


@EVENTS.on("101", "prerequisite")
def smallpox_ok(s, power, card):
    return launch_refusal(s, power, "conquer")


@EVENTS.on("101", "event")
def smallpox(g: Game, power: str, card: str) -> None:
    g.log(f"Smallpox: {power_name(power)} launches a conquest at no cost, with +2 on its roll.")
    launch(g, power, "conquer", by="101")


@EVENTS.on("96", "prerequisite")
def moluccas_ok(s, power, card):
    return None if circumnavigated(s) else "nobody has sailed round the world yet"


@EVENTS.on("96", "event")
def sale_of_moluccas(g: Game, power: str, card: str) -> None:
    draw_cards(g, circumnavigated(g.state), 2, "Sale of Moluccas, for the circumnavigation")

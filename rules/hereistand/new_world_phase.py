"""Here I Stand: the New World phase (rule 20, phase 8 after Winter): colonies reach the riches table,
explorers are picked at random and shown together, explorations resolve by rating (ties England, France,
Hapsburg), then conquests Hapsburg, England, France. The choices the tables leave (a lower entry, what to
do on 10+) are asked of the power.

    new_world › exploration (per voyage) › new_world_choice ; conquest (per voyage) › new_world_choice
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from .new_world import draw_cards, roll_words
from .new_world_data import (VOYAGERS, circumnavigated, civilisation_name, conquistador, conquistadors_available,
                             discovery_name, explorer_name, explorer_rating, explorers_available, nw, nw_data, table)
from .turn import FLOW, power_name

ONE_VP = ("st_lawrence", "great_lakes", "mississippi")
CABOT_CARD = "99"


def _result(g: Game, text: str) -> None:
    g.log(text)
    nw(g.state)["results"].append(text)


def begin(g: Game) -> None:
    s = g.state
    s["phase"] = "new world"
    g.log(f"Turn {s['turn']}: New World phase.", kind="heading")
    nw(s)["results"] = []
    if not nw(s)["underway"]:
        _result(g, "No voyage crossed the Atlantic this turn.")
    for voyage in [v for v in nw(s)["underway"] if v["kind"] == "colonise"]:
        nw(s)["underway"].remove(voyage)
        nw(s)["colonies"][voyage["power"]].append(voyage["colony"])
        _result(g, f"{power_name(voyage['power'])} founds the colony of {voyage['colony']}.")


def pick_explorers(g: Game) -> None:
    """20.2 step 1: each exploration gets a random available explorer of its power, all shown together."""
    s, picked = g.state, []
    for voyage in [v for v in nw(s)["underway"] if v["kind"] == "explore"]:
        if "counter" not in voyage:
            pool = explorers_available(s, voyage["power"])
            if not pool:
                nw(s)["underway"].remove(voyage)
                _result(g, f"{power_name(voyage['power'])} has no explorer left: its voyage does not sail.")
                continue
            voyage["counter"] = rng.choice(s, pool)
        picked.append(voyage)
    if picked:
        _result(g, "Explorers: " + ", ".join(f"{explorer_name(v['counter'])} ({power_name(v['power'])}, rating "
                                             f"{explorer_rating(v['counter'])})" for v in picked) + ".")
    order = sorted(picked, key=lambda v: (-explorer_rating(v["counter"]), VOYAGERS.index(v["power"])))
    g.local["queue"] = order


def explorations(g: Game) -> None:
    if g.local["queue"]:
        voyage = g.local["queue"].pop(0)
        g.again()
        g.call("exploration", voyage=voyage)


def pick_conquistadors(g: Game) -> None:
    """20.3: each Hapsburg conquest gets a random conquistador; conquests go Hapsburg, England, France."""
    s, order = g.state, []
    for power in ("hapsburg", "england", "france"):
        for voyage in [v for v in nw(s)["underway"] if v["kind"] == "conquer" and v["power"] == power]:
            pool = conquistadors_available(s, power)
            if not pool:
                nw(s)["underway"].remove(voyage)
                _result(g, f"{power_name(power)} has nobody left to lead its conquest: it does not sail.")
                continue
            voyage["counter"] = rng.choice(s, pool) if power == "hapsburg" else pool[0]
            order.append(voyage)
    g.local["queue"] = order


def conquests(g: Game) -> None:
    if g.local["queue"]:
        voyage = g.local["queue"].pop(0)
        g.again()
        g.call("conquest", voyage=voyage)


def close(g: Game) -> None:
    """The turn's limits end with the phase (the markers come back from the crossing box)."""
    nw(g.state)["launched"] = {p: [] for p in VOYAGERS}


FLOW.procedure("new_world", begin, pick_explorers, explorations, pick_conquistadors, conquests, close)


# ---- one exploration (20.2) ---------------------------------------------------------------------------------
def _mods(voyage: dict) -> list[tuple[str, int]]:
    mods = [(f"{explorer_name(voyage['counter'])}'s rating", explorer_rating(voyage["counter"]))]
    if voyage.get("by") == "50":
        mods.append(("Mercator's Map", 2))
    return mods


def _leave_crossing(s, voyage: dict) -> None:
    nw(s)["underway"] = [v for v in nw(s)["underway"] if v != voyage]


def explore_roll(g: Game) -> None:
    s, voyage = g.state, g.local["voyage"]
    _leave_crossing(s, voyage)
    total, words = roll_words(rng.roll(s, 2), _mods(voyage))
    result = table(nw_data()["exploration"], total)
    who = f"{explorer_name(voyage['counter'])} ({power_name(voyage['power'])}) explores: {words}"
    if result == "lost":
        _result(g, f"{who}: lost at sea.")
        return _explorer_gone(g, voyage, "lost")
    if result == "nothing":
        return _result(g, f"{who}: nothing found; the explorer comes home.")
    found = nw(s)["discoveries"]
    if result == "discovery":
        rolled = next(d for d in ONE_VP if nw_data()["discoveries"][d]["roll"] == total)
        if rolled not in found:
            _result(g, f"{who}.")
            g.local["choice"] = rolled
            return
        options = [d for d in ONE_VP if nw_data()["discoveries"][d]["roll"] < total and d not in found]
        _result(g, f"{who}: the {discovery_name(rolled)}, already discovered.")
    else:
        _result(g, f"{who}: deep into South America.")
        options = (["strait"] if not circumnavigated(s) else []) + \
            [d for d in ("amazon", *ONE_VP) if d not in found]
    if not options:
        _result(g, "Nothing is left to find there; the explorer comes home.")
        return
    g.call("new_world_choice", role=voyage["power"], options=options)


def explore_apply(g: Game) -> None:
    s, voyage = g.state, g.local["voyage"]
    choice = g.local.pop("choice", None) or g.returned
    if not choice:
        return
    if choice == "none":
        return _result(g, f"{power_name(voyage['power'])} declines: {explorer_name(voyage['counter'])} comes home.")
    if choice != "strait":
        return _discover(g, voyage, choice, stays=True)
    found_strait = "pacific_strait" not in nw(s)["discoveries"]
    if found_strait:
        _discover(g, voyage, "pacific_strait", stays=False)
    total, words = roll_words(rng.roll(s, 2), _mods(voyage))
    result = table(nw_data()["circumnavigation"], total)
    who = f"{explorer_name(voyage['counter'])} tries to sail round the world: {words}"
    if result == "failed":
        if found_strait:
            _result(g, f"{who}: he fails, and stays at the Pacific Strait.")
            return _explorer_gone(g, voyage, "pacific_strait")
        _result(g, f"{who}: he fails and is lost.")
        return _explorer_gone(g, voyage, "lost")
    _discover(g, voyage, "circumnavigation", stays=True)
    if result == "success_card":
        draw_cards(g, voyage["power"], 1, "circumnavigation on 12 or more")


def _discover(g: Game, voyage: dict, discovery: str, stays: bool) -> None:
    s = g.state
    nw(s)["discoveries"][discovery] = voyage["power"]
    vp = nw_data()["discoveries"][discovery]["vp"]
    _result(g, f"{power_name(voyage['power'])} discovers the {discovery_name(discovery)} ({vp} VP).")
    if stays:
        _explorer_gone(g, voyage, discovery)


def _explorer_gone(g: Game, voyage: dict, where: str) -> None:
    """A lost explorer leaves the game; one who discovered stays on that box. Cabot is each power's own:
    lost, #99 leaves the game (20.2 example)."""
    s = g.state
    if voyage["counter"] != "cabot":
        nw(s)["explorers"][voyage["counter"]] = where
        return
    nw(s)["cabot"][voyage["power"]] = "lost" if where == "lost" else "placed"
    if where == "lost" and cards.where(s, CABOT_CARD) not in (None, "removed"):
        cards.move(s, CABOT_CARD, cards.where(s, CABOT_CARD), "removed")
        _result(g, "#99 Sebastian Cabot leaves the game.")


FLOW.procedure("exploration", explore_roll, explore_apply)


# ---- one conquest (20.3) ----------------------------------------------------------------------------------
def conquest_roll(g: Game) -> None:
    s, voyage = g.state, g.local["voyage"]
    _leave_crossing(s, voyage)
    marker = conquistador(voyage["counter"])
    mods = [(f"{marker['name']}'s rating", marker["rating"])] + ([("Smallpox", 2)] if voyage.get("by") == "101" else [])
    total, words = roll_words(rng.roll(s, 2), mods)
    result = table(nw_data()["conquest"], total)
    who = f"{marker['name']} ({power_name(voyage['power'])}) sets out to conquer: {words}"
    if result == "killed":
        nw(s)["conquistadors"][voyage["counter"]] = "lost"
        return _result(g, f"{who}: killed; the {'conquistador' if voyage['power'] == 'hapsburg' else 'marker'} "
                          "leaves the game.")
    if result == "failed":
        return _result(g, f"{who}: the conquest fails; {marker['name']} comes home.")
    civs = nw_data()["civilisations"]
    rolled = max((c for c in civs if civs[c]["roll"] <= total), key=lambda c: civs[c]["roll"])
    if rolled not in nw(s)["conquests"]:
        _result(g, f"{who}.")
        g.local["choice"] = rolled
        return
    options = [c for c in civs if civs[c]["roll"] < civs[rolled]["roll"] and c not in nw(s)["conquests"]]
    _result(g, f"{who}: the {civilisation_name(rolled)} are already conquered.")
    if not options:
        return _result(g, f"Nobody is left to conquer; {marker['name']} comes home.")
    g.call("new_world_choice", role=voyage["power"], options=options)


def conquest_apply(g: Game) -> None:
    s, voyage = g.state, g.local["voyage"]
    choice = g.local.pop("choice", None) or g.returned
    if not choice:
        return
    marker = conquistador(voyage["counter"])
    if choice == "none":
        return _result(g, f"{power_name(voyage['power'])} declines: {marker['name']} comes home.")
    nw(s)["conquests"][choice] = {"power": voyage["power"], "riches": True}
    nw(s)["conquistadors"][voyage["counter"]] = choice
    vp = nw_data()["civilisations"][choice]["vp"]
    _result(g, f"{power_name(voyage['power'])} conquers the {civilisation_name(choice)} ({vp} VP); their riches "
               "are rolled for at each Card Draw.")


FLOW.procedure("conquest", conquest_roll, conquest_apply)


def voyage_under_way(state) -> dict | None:
    """The voyage being resolved (view `voyage`, for the New World picture sent with its choice)."""
    frame = next((f for f in reversed(state.get("flow") or []) if f["name"] in ("exploration", "conquest")), None)
    return frame["local"]["voyage"] if frame else None


def option_label(option: str) -> str:
    if option == "strait":
        return "The Pacific Strait (1 VP if not yet found), then try to sail round the world (3 VP)"
    if option == "none":
        return "Nothing: the voyager comes home, free to sail again"
    if option in nw_data()["civilisations"]:
        c = nw_data()["civilisations"][option]
        return f"Conquer the {c['name']} ({c['vp']} VP); the conquistador stays with them"
    d = nw_data()["discoveries"][option]
    return f"Discover the {d['name']} ({d['vp']} VP); the explorer stays there"


@FLOW.decision("new_world_choice")
class NewWorldChoice(Decision):
    """20.2, 20.3: what a voyage on a taken or 10+ result does (or nothing, keeping the voyager)."""

    def prompt(self, g, role):
        return f"{power_name(role)}: choose what your voyage achieves in the New World."

    def actions(self, g, role):
        for option in [*g.local["options"], "none"]:
            yield act("reach", option, label=option_label(option), group="New World")

    def on_reach(self, g, role, option):
        g.end(option)

    def default(self, g, role):
        return f"reach:{g.local['options'][0]}"

"""Here I Stand: cards that bring new units — #1 Janissaries (its event), #33 Landsknechts, #36 Swiss
Mercenaries — and the placement they ask for, one unit at a time (the power chooses each space).

    place_units: the player picks a space for each new unit (DECISIONS 710)
    remove_mercenaries: the Ottoman's Landsknechts eliminates 2 mercenaries anywhere
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import state as st
from .data import load, space_name
from .events import EVENTS
from .turn import FLOW, power_name


PLURALS = {"mercenary": "mercenaries"}


def janissary_spaces(s: st.State) -> list[str]:
    """#1 (b): Ottoman home spaces the Ottoman controls, never Algiers nor a pirate haven (and the Foreign War
    cards in play: `janissary_wars`)."""
    data = load()
    return sorted(sp for sp in data.home_spaces("ottoman") if st.controller(s, sp) == "ottoman"
                  and sp != "algiers" and not data.space(sp).pirate_haven)


def janissary_wars(s: st.State) -> list[str]:
    """#1 (b): the Ottoman's Foreign War cards in play (War in Persia, Revolt in Egypt: 21.7; DECISIONS 976)."""
    from .foreign_wars import wars
    return [card for card, war in sorted(wars(s).items(), key=lambda kv: int(kv[0])) if war["power"] == "ottoman"]


def mercenary_spaces(s: st.State, power: str) -> list[str]:
    """#33, #36: spaces already holding the power's land units, not a besieged stack."""
    return sorted(sp for sp in s["units"] if st.land_units_at(s, sp, power)
                  and power not in s["sieges"].get(sp, {}).get("inside", []))


def place(g: Game, power: str, kind: str, count: int, spaces: list[str], card: str,
          wars: list[str] = ()) -> None:
    """Ask `power` where each of `count` new units goes (its force pool permitting): `spaces`, or the
    Foreign War cards `wars`."""
    count = min(count, st.land_pool_left(g.state, power))
    if not (spaces or wars) or count <= 0:
        g.log(f"{power_name(power)} has nowhere to place new units (or none left in its force pool).")
        return
    g.call("place_units", role=power, kind=kind, left=count, spaces=spaces, card=card, wars=list(wars))


@FLOW.decision("place_units")
class PlaceUnits(Decision):
    def prompt(self, g, role):
        c = load().card(int(g.local["card"]))
        kind = g.local["kind"]
        many = PLURALS.get(kind, kind + "s")
        count = plural(g.local["left"], "new " + kind, "new " + many)
        return f"{power_name(role)}: #{c.number} {c.name} — place {count}, one at a time."

    def actions(self, g, role):
        for sp in g.local["spaces"]:
            yield act("place", sp, label=f"Place a {g.local['kind']} in {space_name(sp)}", group="Place")
        from .foreign_wars import war_name
        for card in g.local.get("wars", []):
            yield act("war", card, label=f"Place a {g.local['kind']} on the card of {war_name(card)}", group="Place")

    def on_war(self, g, role, card):
        from .foreign_wars import war_name, wars
        war = wars(g.state)[card]
        war["units"][g.local["kind"]] = war["units"].get(g.local["kind"], 0) + 1
        g.local["left"] -= 1
        g.log(f"{power_name(role)} places a new {g.local['kind']} on the card of {war_name(card)}.")
        if g.local["left"] <= 0 or st.land_pool_left(g.state, role) <= 0:
            g.end()

    def on_place(self, g, role, space):
        st.add_units(g.state, space, role, g.local["kind"], 1)
        g.local["left"] -= 1
        g.log(f"{power_name(role)} places a new {g.local['kind']} in {space_name(space)}.")
        if g.local["left"] <= 0 or st.land_pool_left(g.state, role) <= 0:
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


@FLOW.decision("remove_mercenaries")
class RemoveMercenaries(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and mercenaries_on_map(g.state) else []

    def prompt(self, g, role):
        count = plural(g.local["left"], "mercenary", "mercenaries")
        return f"Ottoman: #33 Landsknechts — eliminate {count} anywhere."

    def actions(self, g, role):
        for sp, power in mercenaries_on_map(g.state):
            yield act("remove", sp, power, label=f"Eliminate a {load().power(power).name} mercenary in "
                      f"{space_name(sp)}", group="Eliminate")

    def on_remove(self, g, role, space, power):
        st.add_units(g.state, space, power, "mercenary", -1)
        g.local["left"] -= 1
        g.log(f"Landsknechts: a {load().power(power).name} mercenary in {space_name(space)} is eliminated.")
        from .siege import leave_siege
        leave_siege(g, power, space)             # 15.3: at once (its retreat may ask where); then the next

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def mercenaries_on_map(s: st.State) -> list[tuple[str, str]]:
    return sorted((sp, p) for sp, by in s["units"].items() for p, kinds in by.items() if kinds.get("mercenary"))


# ---- the events -------------------------------------------------------------------------------------------
@EVENTS.on("1", "prerequisite")
def janissaries_ok(s, power, card=None):
    return None if janissary_spaces(s) or janissary_wars(s) else \
        "the Ottoman controls none of its home spaces where they may go and fights no foreign war"


@EVENTS.on("1", "event")
def janissaries(g, power, card="1"):
    place(g, "ottoman", "regular", 4, janissary_spaces(g.state), "1", janissary_wars(g.state))


def landsknechts_ok(s, power, card=None):
    if power == "ottoman":
        return None if mercenaries_on_map(s) else "there are no mercenaries on the map"
    return None if mercenary_spaces(s, power) else "you have no land units that are not besieged"


def landsknechts(g, power, card="33"):
    """#33: the Hapsburg places 4 mercenaries, the Ottoman eliminates 2 anywhere, any other power places 2."""
    if power == "ottoman":
        if mercenaries_on_map(g.state):
            g.call("remove_mercenaries", role="ottoman", left=min(2, len(mercenaries_on_map(g.state))))
        return
    place(g, power, "mercenary", 4 if power == "hapsburg" else 2, mercenary_spaces(g.state, power), "33")


def swiss_placer(power: str) -> str:
    """#36: played by France or the Ottoman, France places 4 French mercenaries; others place 2 of their own."""
    return "france" if power in ("france", "ottoman") else power


def swiss_ok(s, power, card=None):
    return None if mercenary_spaces(s, swiss_placer(power)) else \
        f"{power_name(swiss_placer(power))} has no land units that are not besieged"


def swiss(g, power, card="36"):
    placer = swiss_placer(power)
    place(g, placer, "mercenary", 4 if placer == "france" else 2, mercenary_spaces(g.state, placer), "36")


EVENTS.on("33", "prerequisite")(landsknechts_ok)
EVENTS.on("33", "event")(landsknechts)
EVENTS.on("36", "prerequisite")(swiss_ok)
EVENTS.on("36", "event")(swiss)

"""Here I Stand: #12 Master of Italy (mandatory), #67 Anabaptists, #71 City State Rebels."""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import listing, plural

from . import forces as fx
from . import religion as rl
from . import state as st
from .data import MAJORS, load, space_name
from .events import EVENTS
from .turn import FLOW, power_name

ITALIAN_KEYS = ("genoa", "milan", "venice", "florence", "naples")


# ---- #12 Master of Italy -------------------------------------------------------------------------------------
def italian_keys(s: st.State) -> dict[str, int]:
    """The five Italian keys each major controls, a minor's counting for its major ally (DECISIONS.md 665)."""
    count = {p: 0 for p in MAJORS}
    for key in ITALIAN_KEYS:
        owner = st.controller(s, key)
        owner = s["minor_allies"].get(owner) or owner
        if owner in count:
            count[owner] += 1
    return count


@EVENTS.on("12", "event")
def master_of_italy(g: Game, power: str, card: str) -> None:
    """4–5 keys: 2 bonus VP; exactly 3: 1 bonus VP; exactly 2: draw 1 card."""
    s = g.state
    held = italian_keys(s)
    parts = []
    for p in MAJORS:
        n = held[p]
        if n >= 3:
            vp = 2 if n >= 4 else 1
            s["bonus_vp"][p] += vp
            parts.append(f"{power_name(p)} holds {n} and gains {plural(vp, 'bonus VP')}")
        elif n == 2:
            drawn = cards.draw(g, cards.hand(p), 1)
            parts.append(f"{power_name(p)} holds 2 and draws {plural(len(drawn), 'card')}")
            if drawn:
                g.log(f"You draw {st.card_label(drawn[0])}.", to=[p])
    g.log("Master of Italy (Genoa, Milan, Venice, Florence, Naples): "
          + (listing(parts) if parts else "nobody holds 2 of them") + ".")


# ---- #67 Anabaptists -----------------------------------------------------------------------------------------
def anabaptist_sites(s: st.State) -> list[str]:
    """Protestant spaces with no units that are not electorates."""
    return sorted(sp for sp in s["religion"] if sp not in load().electorates and not s["units"].get(sp))


@EVENTS.on("67", "prerequisite")
def anabaptists_ok(s, power, card):
    return None if anabaptist_sites(s) else "no Protestant space without units (electorates aside) to turn"


@EVENTS.on("67", "event")
def anabaptists(g: Game, power: str, card: str) -> None:
    g.call("anabaptists", role="papacy", left=2)


@FLOW.decision("anabaptists")
class Anabaptists(Decision):
    """The Papacy turns up to 2 of them Catholic, anywhere (DECISIONS.md 666)."""

    def active(self, g):
        return super().active(g) if g.local["left"] and anabaptist_sites(g.state) else []

    def prompt(self, g, role):
        return (f"Papacy: Anabaptists — turn {plural(g.local['left'], 'more Protestant space')} with no units "
                "(not an electorate) Catholic.")

    def actions(self, g, role):
        for sp in anabaptist_sites(g.state):
            yield act("convert", sp, label=f"Turn {space_name(sp)} Catholic", group="Anabaptists")

    def on_convert(self, g, role, space):
        for line in rl.flip(g.state, space, rl.CATHOLIC):
            g.log(f"Anabaptists: {line}")
        g.local["left"] -= 1

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #71 City State Rebels -----------------------------------------------------------------------------------
def rebel_targets(s: st.State, player: str) -> list[str]:
    """Keys not besieged held by a major other than the player: an independent key, or another power's home
    key whose home power (or its major ally) is not allied to the holder."""
    data, out = load(), []
    for sp in sorted(data.spaces):
        holder, home = st.controller(s, sp), data.space(sp).home_power
        if data.space(sp).type != "key" or holder not in MAJORS or holder == player or sp in s["sieges"]:
            continue
        if home == holder:
            continue
        patron = s["minor_allies"].get(home) or home
        if home == "independent" or (patron != holder and not st.allied(s, holder, patron)):
            out.append(sp)
    return out


@EVENTS.on("71", "prerequisite")
def rebels_ok(s, power, card):
    return None if rebel_targets(s, power) else "no captured key held by another power is free of a siege"


@EVENTS.on("71", "event")
def city_state_rebels(g: Game, power: str, card: str) -> None:
    g.call("city_rebels", role=power)


def _units(s: st.State, space: str, power: str) -> dict[str, int]:
    return {k: n for k, n in st.units_at(s, space, power).items() if n > 0}


@FLOW.decision("city_rebels")
class CityRebels(Decision):
    def prompt(self, g, role):
        if "target" in g.local:
            return (f"{power_name(role)}: City State Rebels in {space_name(g.local['target'])} — remove "
                    f"{plural(g.local['left'], 'more unit')}.")
        return f"{power_name(role)}: City State Rebels — choose the captured key that rises."

    def active(self, g):
        if "target" in g.local:
            holder = g.local["holder"]
            return [holder] if g.local["left"] > 0 and _units(g.state, g.local["target"], holder) else []
        return super().active(g)

    def proceed(self, g):
        settle_rebels(g)
        g.end()

    def actions(self, g, role):
        if "target" in g.local:
            for kind in sorted(_units(g.state, g.local["target"], role)):
                yield act("lose", kind, label=f"Remove a {kind}")
            return
        for sp in rebel_targets(g.state, role):
            holder = st.controller(g.state, sp)
            there = sum(_units(g.state, sp, holder).values())
            yield act("rise", sp, label=f"{space_name(sp)} rises against {power_name(holder)}", group="Keys",
                      hint=f"5 dice, each 5 or 6 removes one of its {plural(there, 'unit')} there.")

    def on_rise(self, g, role, space):
        s = g.state
        holder = st.controller(s, space)
        roll = sorted(rng.roll(s, 5), reverse=True)
        hits = sum(d >= 5 for d in roll)
        g.log(f"City State Rebels: {space_name(space)} rises against {power_name(holder)} — 5 dice, hits on 5 "
              f"or 6: {' '.join(map(str, roll))} — {plural(hits, 'hit')}.")
        g.local.update(target=space, holder=holder, left=hits, player=role)

    def on_lose(self, g, role, kind):
        st.add_units(g.state, g.local["target"], role, kind, -1)
        g.local["left"] -= 1
        g.log(f"{power_name(role)} loses a {kind} in {space_name(g.local['target'])}.")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def settle_rebels(g: Game) -> None:
    """With no unit of the holder left, its leaders there are captured by the player, the key goes back to
    its home power (a minor's to its major ally) and 1 of the home power's regulars is placed there."""
    s = g.state
    space, holder, player = g.local["target"], g.local["holder"], g.local["player"]
    if _units(s, space, holder):
        g.log(f"{space_name(space)} stays in {power_name(holder)}'s hands.")
        return
    for leader in fx.army_leaders_at(s, space, holder):
        fx.capture(g, leader, player)
    home = load().space(space).home_power
    s["control"][space] = s["minor_allies"].get(home) or home
    room = load().power(home).force_pool.land_units - st.land_units_total(s, home)
    if room > 0:
        st.add_units(s, space, home, "regular")
    g.log(f"{space_name(space)} throws off {power_name(holder)}: it returns to {power_name(s['control'][space])}"
          + (f" with 1 {power_name(home)} regular." if room > 0 else f" ({power_name(home)} has no regular left to "
             "place there)."))

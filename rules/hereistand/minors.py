"""Here I Stand: minor powers (rule 22) — activation (22.2), the defeat of Hungary-Bohemia (22.5) and how
inactive minors and independents fight (22.1, 22.6). Active minors' units act as their patron's (22.3).

    activate(g, minor, patron): alliance, a free declaration of war on the patron (or leaving the minor's
    spaces) for each power at war with the minor, the patron's control of the minor's spaces, its wars
    ended (it now shares the patron's).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, MINORS, load, space_name
from .turn import FLOW, power_name

HUNGARY = "hungary"
HUNGARY_VP = 2          # 22.5 effect 5
HUNGARY_REGULARS = 4    # 22.5 condition 2: at most 4 Hungarian regulars left on the map


def patron(s: st.State, power: str) -> str | None:
    """The major power running `power`'s units: itself, or an active minor's ally (None when inactive)."""
    if power in MAJORS:
        return power
    return s["minor_allies"].get(power)


def inactive(s: st.State, power: str) -> bool:
    """22.1 / 22.6: an inactive minor or the independents (their units never move and only defend)."""
    return power == "independent" or (power in MINORS and not s["minor_allies"].get(power))


# ---- 22.2 activation -----------------------------------------------------------------------------------
def activate(g: Game, minor: str, ally: str) -> None:
    """22.2 step 1 now; step 2 (each power at war with the minor may declare war on the new patron for
    free, or its units leave the minor's spaces) and steps 3–5 in the `activation` procedure, called."""
    g.call("activation", **_activation(g, minor, ally))


def activate_in_place(g: Game, minor: str, ally: str) -> None:
    """As `activate`, ending the running decision (the activation runs in its place)."""
    g.goto("activation", **_activation(g, minor, ally))


def _activation(g: Game, minor: str, ally: str) -> dict:
    s = g.state
    s["minor_allies"][minor] = ally
    g.log(f"{power_name(minor)} becomes {power_name(ally)}'s ally (rule 22.2).")
    return {"minor": minor, "ally": ally,
            "queue": [p for p in MAJORS if p != ally and st.at_war(s, p, minor) and not st.at_war(s, p, ally)]}


def free_declarations(g: Game) -> None:
    """22.2 step 2, one power at a time in impulse order."""
    s = g.state
    while g.local["queue"]:
        power = g.local["queue"].pop(0)
        if declaration_refusal(s, power, g.local["ally"]) is None:
            g.again()
            g.call("activation_war", role=power, minor=g.local["minor"], ally=g.local["ally"])
            return
        queue = minor_space_stacks(s, power, g.local["minor"])
        if queue:
            g.again()
            g.call("displace", queue=queue, unbesieged=True)
            return


def declaration_refusal(s: st.State, power: str, target: str) -> str | None:
    """9.6's restrictions that apply at all times (not the Diplomacy-phase ones)."""
    if target == HUNGARY or load().dow_cost(power, target) is None and target in MAJORS:
        return "the Diplomatic Status display forbids it"
    if st.allied(s, power, target):
        return "they are allies"
    if "protestant" in (power, target) and not s["league_formed"]:
        return "no war involves the Protestant before the Schmalkaldic League"
    return None


def minor_space_stacks(s: st.State, power: str, minor: str) -> list[list[str]]:
    """22.2 step 2: a power that does not declare war moves its land units out of the minor's spaces to
    its nearest fortified space not under siege (as 9.3 step 3, its choice among the nearest)."""
    return [[power, sp] for sp, who in sorted(s["control"].items()) if who == minor
            and (st.land_units_at(s, sp, power) or fx.army_leaders_at(s, sp, power))]


def hand_over_minor(g: Game) -> None:
    """22.2 steps 3–5: the patron controls every space the minor controls; the minor's own wars end."""
    s, minor, ally = g.state, g.local["minor"], g.local["ally"]
    for space, who in sorted(s["control"].items()):
        if who == minor:
            s["control"][space] = ally
    s["wars"] = [w for w in s["wars"] if minor not in w]
    g.log(f"{power_name(ally)} now controls {power_name(minor)}'s spaces; {power_name(minor)} shares "
          f"{power_name(ally)}'s wars.")


FLOW.procedure("activation", free_declarations, hand_over_minor)


@FLOW.decision("activation_war")
class ActivationWar(Decision):
    def prompt(self, g, role):
        minor, ally = power_name(g.local["minor"]), power_name(g.local["ally"])
        return (f"{power_name(role)}: {minor}, your enemy, is now {ally}'s "
                f"ally. Declare war on {power_name(g.local['ally'])} for free, or withdraw your units from "
                f"{power_name(g.local['minor'])}'s spaces (rule 22.2)?")

    def actions(self, g, role):
        yield act("war", label=f"Declare war on {power_name(g.local['ally'])} (no CP)")
        yield act("decline", label="No war: my units leave its spaces")

    def on_war(self, g, role):
        s = g.state
        s["wars"] = sorted(s["wars"] + [st.pair(role, g.local["ally"])])
        g.log(f"{power_name(role)} declares war on {power_name(g.local['ally'])}.")
        g.end()

    def on_decline(self, g, role):
        g.goto("displace", queue=minor_space_stacks(g.state, role, g.local["minor"]), unbesieged=True)

    def default(self, g, role):
        return "decline"


# ---- 22.5 the defeat of Hungary-Bohemia ------------------------------------------------------------------
def hungary_defeated(s: st.State) -> bool:
    """22.5 conditions 1–2 (checked after an Ottoman field battle or assault)."""
    if s.get("hungary_defeated"):
        return False
    keys = [k for k in load().keys_of(HUNGARY) if st.controller(s, k) == "ottoman"]
    if s["minor_allies"].get(HUNGARY) == "hapsburg":
        return len(keys) >= 2
    regulars = sum(st.units_at(s, sp, HUNGARY).get("regular", 0) for sp in s["units"])
    return bool(keys) and regulars <= HUNGARY_REGULARS


def check_hungary(g: Game) -> None:
    """A step after every field battle and assault. 22.5 effects 1–5: the Hapsburg goes to war with the
    Ottoman (allied or not) and Hungary-Bohemia becomes its ally for good; Hungarian home spaces with
    Ottoman land units become Ottoman, besieged Hungarian units are eliminated, the Ottoman gains 2 VP."""
    s = g.state
    if s.get("result") or not hungary_defeated(s):
        return
    s["hungary_defeated"] = True
    g.log(f"The Ottoman Empire has defeated {power_name(HUNGARY)} (rule 22.5).")
    s["alliances"] = [a for a in s["alliances"] if a != st.pair("hapsburg", "ottoman")]
    if not st.at_war(s, "hapsburg", "ottoman"):
        s["wars"] = sorted(s["wars"] + [st.pair("hapsburg", "ottoman")])
        g.log("The Hapsburgs intervene: they are at war with the Ottoman Empire.")
    for space in load().home_spaces(HUNGARY):
        siege = s["sieges"].get(space)
        if siege and HUNGARY in siege["inside"]:
            n = st.land_units_at(s, space, HUNGARY)
            for kind, count in fx.land_of(st.units_at(s, space, HUNGARY)).items():
                st.add_units(s, space, HUNGARY, kind, -count)
            siege["inside"] = [p for p in siege["inside"] if p != HUNGARY]
            if not siege["inside"] or siege["besieger"] == "ottoman":
                del s["sieges"][space]
            g.log(f"The {n} besieged Hungarian unit{'s' if n != 1 else ''} in {space_name(space)} "
                  f"{'are' if n != 1 else 'is'} eliminated.")
        if st.land_units_at(s, space, "ottoman") and st.controller(s, space) != "ottoman":
            s["control"][space] = "ottoman"
            g.log(f"{space_name(space)} becomes Ottoman.")
    s["bonus_vp"]["ottoman"] += HUNGARY_VP
    g.log(f"The Ottoman Empire gains {HUNGARY_VP} VP.")
    activate(g, HUNGARY, "hapsburg")


# ---- 22.1 inactive minors and independents in battle ------------------------------------------------------
def stand_fast(g: Game, power: str, space: str) -> None:
    """22.1 ④ / 22.6: beaten inactive minor or independent units do not retreat: up to 4 go inside the
    fortifications, the rest are eliminated (all of them in an unfortified space)."""
    s = g.state
    here = fx.land_of(st.units_at(s, space, power))
    room = 4 if st.fortified(s, space) else 0
    keep = min(room, sum(here.values()))
    lost = sum(here.values()) - keep
    for kind in ("mercenary", "cavalry", "regular"):
        take = min(here.get(kind, 0), lost)
        if take:
            st.add_units(s, space, power, kind, -take)
            lost -= take
    if keep:
        b = s["battle"]
        siege = s["sieges"].setdefault(space, {"besieger": b["attacker"], "inside": [], "new": True})
        if power not in siege["inside"]:
            siege["inside"].append(power)
    g.log(f"{power_name(power)} does not retreat: {keep} unit{'s' if keep != 1 else ''} withdraw into "
          f"{space_name(space)}, {sum(here.values()) - keep} {'are' if sum(here.values()) - keep != 1 else 'is'} "
          "eliminated." if keep else f"{power_name(power)} does not retreat: its units at {space_name(space)} are "
          "eliminated.")

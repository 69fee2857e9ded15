"""Here I Stand: the home cards #2 Holy Roman Emperor (21.2) and #4 Patron of the Arts (21.4, the 2006 roll), and
#64 Pilgrimage of Grace (the English Reformation's unrest)."""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import MAJORS, load
from .events import EVENTS
from .turn import FLOW, power_name

CHATEAUX_MAX = 6


def leader_refusal(s: st.State, leader: str) -> str | None:
    """Why `leader` cannot act for an event (None: he can): off the map, captured or besieged."""
    name = load().leader(leader).name
    where = s["leaders"].get(leader, "off")
    if where == "off" or where not in load().spaces and not where.startswith("captured:"):
        return f"{name} is not on the map"
    if where.startswith("captured:"):
        return f"{name} is captured"
    siege = s["sieges"].get(where)
    if siege and siege.get("besieger") != load().leader(leader).power:
        return f"{name} is besieged"
    return None


# ---- #2 Holy Roman Emperor (21.2) -------------------------------------------------------------------------------
def emperor_sites(s: st.State) -> list[str]:
    here = s["leaders"].get("charles-v")
    return [sp for sp in load().home_spaces("hapsburg") if sp != here and st.controller(s, sp) == "hapsburg"
            and sp not in s["sieges"] and sp not in s["unrest"] and not st.enemy_units_at(s, sp, "hapsburg")]


@EVENTS.on("2", "prerequisite")
def emperor_ok(s, power, card):
    return leader_refusal(s, "charles-v")


@EVENTS.on("2", "event")
def holy_roman_emperor(g, power, card):
    g.state["impulse"]["cp"] = 5
    g.call("emperor_move", role="hapsburg")


@FLOW.decision("emperor_move")
class EmperorMove(Decision):
    def prompt(self, g, role):
        return "Holy Roman Emperor: Charles V may first move to a safe Hapsburg home space (the Duke of Alva may " \
               "go with him); then you spend 5 CP."

    def alva(self, s):
        return s["leaders"].get("duke-of-alva") == s["leaders"].get("charles-v")

    def actions(self, g, role):
        s = g.state
        for sp in emperor_sites(s):
            name = load().space(sp).name
            yield act("move", sp, label=f"Charles V to {name}", group="Charles V alone")
            if self.alva(s):
                yield act("move", sp, "alva", label=f"Charles V and the Duke of Alva to {name}",
                          group="Charles V with the Duke of Alva")
        yield act("stay", label="Charles V stays where he is")

    def on_move(self, g, role, space, alva=None):
        if alva and not self.alva(g.state):
            return
        g.log(f"Holy Roman Emperor: the Hapsburg announces Charles V's transfer to {load().space(space).name}.")
        g.goto("emperor_transfer", space=space, alva=bool(alva))

    def on_stay(self, g, role):
        g.log("Holy Roman Emperor: Charles V stays; the Hapsburg has 5 CP to spend.")
        g.end()

    def default(self, g, role):
        return "stay"


def emperor_gout(g: Game) -> None:
    """#32 Gout may cancel the transfer (the other powers in impulse order, DECISIONS 973)."""
    from .responses import ask_in_turn
    ask_in_turn(g, "emperor_announced", [p for p in MAJORS if p != "hapsburg"], player="hapsburg",
                space=g.local["space"], leaders=["charles-v"], hindered=None)


def emperor_arrives(g: Game) -> None:
    s, space, alva = g.state, g.local["space"], g.local["alva"]
    if s.pop("emperor_gout", False):
        g.log("Holy Roman Emperor: Charles V stays; the Hapsburg has 5 CP to spend.")
        return
    s["leaders"]["charles-v"] = space
    if alva:
        s["leaders"]["duke-of-alva"] = space
    g.log(f"Holy Roman Emperor: Charles V{' and the Duke of Alva' if alva else ''} move to "
          f"{load().space(space).name}; the Hapsburg has 5 CP to spend.")


FLOW.procedure("emperor_transfer", emperor_gout, emperor_arrives)


# ---- #4 Patron of the Arts (21.4, 2006: DECISIONS 610) -----------------------------------------------------------
@EVENTS.on("4", "prerequisite")
def patron_ok(s, power, card):
    if s["rulers"]["france"] != "francis-i":
        return "only Francis I is a patron of the arts"
    return leader_refusal(s, "francis-i")


@EVENTS.on("4", "event")
def patron_of_the_arts(g, power, card):
    s = g.state
    track = s["tracks"]
    if track["chateaux_vp"] >= CHATEAUX_MAX:
        g.log(f"Patron of the Arts: the chateaux track is full ({CHATEAUX_MAX} VP); nothing more to gain.")
        return
    if st.controller(s, "milan") == "france":
        g.log("Patron of the Arts: France controls Milan, no roll is needed.")
        won = True
    else:
        die = rng.roll(s, 1)[0]
        won = die >= 3
        g.log(f"Patron of the Arts: 1d6 = {die} (3 or more builds a chateau).")
    if won:
        track["chateaux_vp"] += 1
        g.log(f"France builds a chateau: +1 VP ({track['chateaux_vp']} chateau VP).")
    else:
        g.log("No chateau this time.")


# ---- #64 Pilgrimage of Grace ---------------------------------------------------------------------------------
def pilgrimage_sites(s: st.State) -> list[str]:
    """English home spaces in play with no units of anyone, not already in unrest."""
    return [sp for sp in load().home_spaces("england") if s["control"].get(sp) is not None
            and sp not in s["unrest"] and not any(sum(k.values()) for k in s["units"].get(sp, {}).values())]


@EVENTS.on("64", "prerequisite")
def pilgrimage_ok(s, power, card):
    return None if pilgrimage_sites(s) else "no English home space is empty of units and free of unrest"


@EVENTS.on("64", "event")
def pilgrimage_of_grace(g, power, card):
    g.call("pilgrimage", role=power, left=5)


@FLOW.decision("pilgrimage")
class Pilgrimage(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] and pilgrimage_sites(g.state) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        return f"Pilgrimage of Grace: put unrest on up to {g.local['left']} more English home spaces with no units."

    def actions(self, g, role):
        for sp in pilgrimage_sites(g.state):
            yield act("unrest", sp, label=f"Unrest in {load().space(sp).name}")
        yield act("stop", label="No more unrest")

    def on_unrest(self, g, role, space):
        g.state["unrest"] = sorted([*g.state["unrest"], space])
        g.local["left"] -= 1
        g.log(f"Pilgrimage of Grace: {load().space(space).name} falls into unrest ({power_name(role)}'s choice).")

    def on_stop(self, g, role):
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

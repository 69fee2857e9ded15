"""Here I Stand: #73 Diplomatic Marriage — (a) activate a minor power for oneself (22.2 method 4) or deactivate an
active one (22.4), (b) when suing for peace, every home space and captured leader back without paying
(9.3 note, in `peace.py`). Deactivation runs the 22.4 procedure `deactivation` (events_diplomacy.py), shared by
#68, #69, #73 and #108.
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import MINORS, load, space_name
from .events import EVENTS
from .turn import FLOW, power_name

CARD = "73"


# ---- (a) activation or deactivation ------------------------------------------------------------------------
def activations(s: st.State, power: str) -> list[str]:
    """22.2 method 4: an inactive minor the activation table pairs with `power`, not at war with it."""
    return [m for m in MINORS if not s["minor_allies"].get(m) and power in load().power(m).activated_by
            and not st.at_war(s, power, m) and not (m == "hungary" and s.get("hungary_defeated"))]


def deactivations(s: st.State) -> list[str]:
    """22.4 3: any active minor that may be deactivated (not Hungary-Bohemia)."""
    return [m for m in MINORS if s["minor_allies"].get(m) and load().power(m).can_be_deactivated]


@EVENTS.on(CARD, "prerequisite")
def marriage_ok(s, power, card):
    if not activations(s, power) and not deactivations(s):
        return "no minor power may be activated for you or deactivated"
    return None


@EVENTS.on(CARD, "event")
def diplomatic_marriage(g, power, card):
    g.call("diplomatic_marriage", role=power)


def diplomacy_action(s: st.State, power: str, spare_cp: int):
    """(a) in the Diplomacy phase, offered with the declarations of war (9.6 step 1; DECISIONS 975) while the
    rest of the hand still pays for the wars declared so far (`spare_cp`: the hand's CP less what they cost)."""
    if CARD in cards.zone(s, cards.hand(power)) and power in load().card(int(CARD)).playable_by \
            and marriage_ok(s, power, CARD) is None and spare_cp >= load().card(int(CARD)).cp:
        yield act("event", CARD, label="Play #73 Diplomatic Marriage as its event: activate or deactivate a minor "
                  "power", hint=load().card(int(CARD)).reminder)


def may_hold_for_diplomacy(s: st.State, power: str) -> bool:
    """By public facts, `power` might hold #73 and play (a) now: the card is not known to be out of play, the
    power may play it and a minor may be (de)activated. Then the declarations are asked even with no war open,
    so that being asked never shows the hand."""
    where = cards.where(s, CARD)
    return bool(where) and (where == "deck" or where.startswith("hand:")) \
        and power in load().card(int(CARD)).playable_by and marriage_ok(s, power, CARD) is None


def play_in_diplomacy(g: Game, power: str, spare_cp: int) -> None:
    if not any(a.id == f"event:{CARD}" for a in diplomacy_action(g.state, power, spare_cp)):
        return
    from .events import discard_played
    g.log(f"{power_name(power)} plays #73 Diplomatic Marriage as its event.")
    discard_played(g.state, power, CARD)
    g.call("declared_event", role=power, card=CARD)          # The Wartburg may cancel it (#37)


@FLOW.decision("diplomatic_marriage")
class DiplomaticMarriage(Decision):
    def prompt(self, g, role):
        return "Diplomatic Marriage: activate a minor power as your ally, or deactivate an active one."

    def actions(self, g, role):
        s = g.state
        for m in activations(s, role):
            yield act("activate", m, label=f"Activate {power_name(m)} as your ally", group="Activate")
        for m in deactivations(s):
            yield act("deactivate", m, label=f"Deactivate {power_name(m)} ({power_name(s['minor_allies'][m])}'s "
                      "ally): its spaces go back to it, other forces there leave", group="Deactivate")

    def on_activate(self, g, role, minor):
        from .minors import activate_in_place
        g.log(f"Diplomatic Marriage: {power_name(role)} activates {power_name(minor)}.")
        activate_in_place(g, minor, role)

    def on_deactivate(self, g, role, minor):
        g.log(f"Diplomatic Marriage: {power_name(role)} deactivates {power_name(minor)}.")
        g.goto("deactivation", minor=minor, ally=None)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- (b) suing for peace (9.3, note 1) ------------------------------------------------------------------------
def peace_offer(s: st.State, loser: str, wanted: dict) -> bool:
    """The loser may play Diplomatic Marriage to get everything back for nothing (not the Ottoman)."""
    return CARD in cards.zone(s, cards.hand(loser)) and loser in load().card(73).playable_by \
        and any(wanted.values())


def recover_all(g: Game, loser: str, winner: str, wanted: dict) -> None:
    """9.3 note 1: every home space and captured leader the winner took comes back at no cost (steps 5–7),
    in place of the running decision."""
    from .events import discard_played
    s = g.state
    discard_played(s, loser, CARD)
    g.log(f"{power_name(loser)} plays #73 Diplomatic Marriage: everything {power_name(winner)} took comes back "
          "at no cost.")
    queue = []
    for sp in wanted["key"] + wanted["space"]:
        s["control"][sp] = loser
        g.log(f"{space_name(sp)} returns to {power_name(loser)}.")
        if st.land_units_at(s, sp, winner):
            queue.append([winner, sp])
    g.goto("marriage_returns", loser=loser, leaders=list(wanted["leader"]), queue=queue)


def leaders_home(g: Game) -> None:
    """Each captured leader home, one at a time (the loser picks among its capitals, `peace.send_home`)."""
    from .peace import send_home
    if g.local["leaders"]:
        leader = g.local["leaders"].pop(0)
        g.again()
        send_home(g, g.local["loser"], leader, f"{load().leader(leader).name} returns to")


def winners_leave(g: Game) -> None:
    if g.local["queue"]:
        g.call("displace", queue=g.local["queue"])          # 9.3 step 5: as in step 3


FLOW.procedure("marriage_returns", leaders_home, winners_leave)

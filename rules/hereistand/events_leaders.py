"""Here I Stand: leaders who change hands — Charles Bourbon, the renegade (#70, removed in Winter, 19.2) and
Maurice of Saxony (#60; he arrives on turn 6, 8.2) — and the Card Draw's leader arrivals.

A leader fighting for a power other than his counter's is listed in `leader_sides` (public), which
`forces.leader_power` reads.
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural, plural_of

from . import forces as fx
from . import state as st
from .data import load, space_name
from .pick_events import PickEvent, pick_event
from .turn import FLOW, power_name

RENEGADE, MAURICE = "renegade", "maurice-of-saxony"
BOURBON_UNITS = 3
MAURICE_TURN = 6              # 8.2: Maurice of Saxony arrives in the Card Draw of turn 6


def set_side(s: st.State, leader: str, power: str | None) -> None:
    sides = dict(s.get("leader_sides", {}))
    if power is None or power == load().leader(leader).power:
        sides.pop(leader, None)
    else:
        sides[leader] = power
    s["leader_sides"] = dict(sorted(sides.items()))


# ---- #70 Charles Bourbon ----------------------------------------------------------------------------------
def bourbon_kind(power: str) -> str:
    return "cavalry" if power == "ottoman" else "mercenary"


def bourbon_sites(s: st.State, power: str) -> list[str]:
    """Spaces the player controls, not besieged and free of enemy units; at war with France also the
    unoccupied spaces next to Lyon (the player then controls it)."""
    data = load()
    own = [sp for sp, who in s["control"].items() if who == power and sp not in s["sieges"]
           and not st.enemy_units_at(s, sp, power)]
    lyon = [sp for sp in data.adjacent("lyon") if not s["units"].get(sp) and sp not in own] \
        if st.at_war(s, power, "france") else []
    return sorted(set(own) | set(lyon))


@pick_event
class BourbonSite(PickEvent):
    card, name, verb = "70", "bourbon_site", "arrive"
    unplayable = "you control no space free to receive him"

    def refusal(self, s, power, card):
        if power == "protestant" and not s["league_formed"]:
            return "the Protestant may play it only after the Schmalkaldic League"
        if RENEGADE in s["leaders"]:
            return "Charles Bourbon is already in play"
        return super().refusal(s, power, card)

    def candidates(self, s, role):
        return bourbon_sites(s, role)

    def prompt(self, g, role):
        return (f"{power_name(role)}: Charles Bourbon — choose where the renegade arrives with 3 "
                f"{'cavalry' if role == 'ottoman' else 'mercenaries'} (he leaves in Winter).")

    def label(self, g, role, sp):
        return space_name(sp) + ("" if st.controller(g.state, sp) == role else " (next to Lyon: you take control)")

    def group(self, g, role, sp):
        return "Your spaces" if st.controller(g.state, sp) == role else "Next to Lyon"

    def take(self, g, role, space):
        s = g.state
        if st.controller(s, space) != role:
            s["control"][space] = role
            g.log(f"Charles Bourbon: {power_name(role)} takes control of {space_name(space)}.")
        n = min(BOURBON_UNITS, st.land_pool_left(s, role))
        if n:
            st.add_units(s, space, role, bourbon_kind(role), n)
        s["leaders"][RENEGADE] = space
        set_side(s, RENEGADE, role)
        kind = bourbon_kind(role)
        g.log(f"Charles Bourbon, the renegade, joins {power_name(role)} in {space_name(space)} with "
              f"{plural(n, kind, plural_of(kind))}.")


def renegade_leaves(g: Game) -> None:
    """19.2: the renegade leader is removed in the Winter phase; the units with him stay."""
    s = g.state
    if RENEGADE in s["leaders"]:
        del s["leaders"][RENEGADE]
        set_side(s, RENEGADE, None)
        g.log("Winter: Charles Bourbon, the renegade, leaves; his troops stay.")


# ---- #60 Maurice of Saxony --------------------------------------------------------------------------------
def maurice_side(s: st.State) -> str:
    return fx.leader_power(MAURICE, s)


def maurice_sites(s: st.State, power: str) -> list[str]:
    return sorted(sp for sp, who in s["control"].items() if who == power and st.fortified(s, sp)
                  and sp not in s["sieges"] and not st.enemy_units_at(s, sp, power))


@pick_event
class MauriceSite(PickEvent):
    card, name, verb = "60", "maurice_site", "to"
    unplayable = "you control no fortified space free to receive him"

    def refusal(self, s, power, card):
        if MAURICE not in s["leaders"] or s["leaders"][MAURICE] == "off":
            return "Maurice of Saxony is not on the map"
        if maurice_side(s) == power:
            return "Maurice of Saxony already fights for you"
        return super().refusal(s, power, card)

    def candidates(self, s, role):
        return maurice_sites(s, role)

    def prompt(self, g, role):
        return (f"{power_name(role)}: Maurice of Saxony changes sides — choose the fortified space he goes to, "
                "with the mercenaries of his stack.")

    def label(self, g, role, sp):
        return space_name(sp)

    def take(self, g, role, dest):
        s = g.state
        old, where = maurice_side(s), s["leaders"][MAURICE]
        mercs = 0
        if where in load().spaces:
            mercs = st.units_at(s, where, old).get("mercenary", 0)
            if mercs:
                st.add_units(s, where, old, "mercenary", -mercs)
        new = min(mercs, st.land_pool_left(s, role))
        if new:
            st.add_units(s, dest, role, "mercenary", new)
        s["leaders"][MAURICE] = dest
        set_side(s, MAURICE, role)
        freed = " is freed," if where.startswith("captured:") else ""
        g.log(f"Maurice of Saxony{freed} changes sides: he joins {power_name(role)} in {space_name(dest)}"
              + (f" with {new} mercenar{'y' if new == 1 else 'ies'} from his old stack." if new else "."))
        if mercs:
            return "sieges_left", {"queue": [[old, where]]}     # 15.3: a siege his mercenaries leave may break
        return None


def maurice_electorates(s: st.State) -> list[str]:
    return sorted(sp for sp in load().electorates if st.controller(s, sp) == "protestant")


def maurice_due(s: st.State) -> bool:
    return s["turn"] >= MAURICE_TURN and MAURICE not in s["leaders"] and MAURICE not in s.get("leaders_removed", []) \
        and not s.get("maurice_arrived") and bool(maurice_electorates(s))


# ---- the Card Draw: leaders coming (back) ------------------------------------------------------------------
def leaders_at_card_draw(g: Game) -> None:
    """Called at the end of the Card Draw (turn.py): Threat to Power's leaders return, Maurice arrives."""
    from .events_military import leaders_away
    if leaders_away(g.state) or maurice_due(g.state):
        g.call("card_draw_leaders")


def return_threatened(g: Game) -> None:
    away = g.state.pop("leaders_away", [])
    if away:
        g.call("leader_homes", queue=[[fx.leader_power(l, g.state), l] for l in away])


def maurice_arrives(g: Game) -> None:
    """8.2: Maurice of Saxony enters on turn 6 in a Protestant-controlled electorate (the Protestant chooses;
    while it controls none he waits for a later Card Draw)."""
    s = g.state
    if not maurice_due(s):
        return
    options = maurice_electorates(s)
    if len(options) > 1:
        g.call("maurice_arrival", role="protestant", options=options)
        return
    place_maurice(g, options[0])


def place_maurice(g: Game, space: str) -> None:
    g.state["leaders"][MAURICE] = space
    g.state["maurice_arrived"] = True
    g.log(f"Maurice of Saxony enters in {space_name(space)} (rule 8.2).")


FLOW.procedure("card_draw_leaders", return_threatened, maurice_arrives)


@FLOW.decision("maurice_arrival")
class MauriceArrival(Decision):
    def prompt(self, g, role):
        return "Protestant: Maurice of Saxony arrives (rule 8.2) — choose the electorate he enters in."

    def actions(self, g, role):
        for sp in g.local["options"]:
            yield act("to", sp, label=space_name(sp))

    def on_to(self, g, role, space):
        place_maurice(g, space)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id

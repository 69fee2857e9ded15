"""Here I Stand: suing for peace (9.3) and ransoming leaders (9.4), two Diplomacy segments.

Each runs in impulse order; a power may act several times (one peace per war, one ransom per leader)
before it says it is done.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, load
from .turn import FLOW, power_name


def space_name(space: str) -> str:
    return load().space(space).name


def captives(s: st.State, holder: str, owner: str) -> list[str]:
    return sorted(l for l, where in s["leaders"].items() if where == f"captured:{holder}" and fx.leader_power(l) == owner)


def may_sue(s: st.State, power: str, enemy: str) -> bool:
    """9.3: at war, never a League war, and the enemy holds one of the power's spaces or leaders."""
    if enemy not in MAJORS or not st.at_war(s, power, enemy):
        return False
    if "protestant" in (power, enemy) and {power, enemy} & {"hapsburg", "papacy"}:
        return False
    holds_space = any(st.controller(s, sp) == enemy for sp in load().home_spaces(power))
    return holds_space or bool(captives(s, enemy, power))


def segment(name: str, decision: str, skip_last_turn: bool = False):
    """A step running `decision` for each power in impulse order (not on turn 1; 9.3 not on the last turn)."""
    def step(g: Game) -> None:
        s = g.state
        if s["turn"] == 1 or (skip_last_turn and s["turn"] >= s["last_turn"]):
            return
        key = f"{name}_next"
        answer, g.frame["ret"] = g.returned, None
        if answer == "done":
            g.local[key] += 1
        g.local.setdefault(key, 0)
        while g.local[key] < len(MAJORS):
            power = MAJORS[g.local[key]]
            if any(a for a in FLOW.decisions[decision].actions(g_for(g, power), power) if a.id != "done"):
                g.again()
                g.call(decision, role=power)
                return
            g.local[key] += 1
    step.__name__ = name
    return step


def g_for(g: Game, power: str) -> Game:
    """A read-only handle whose frame names `power`, to ask a decision what it would offer."""
    probe = Game(g.engine, g.state)
    probe.frame = {"local": {"role": power}}
    return probe


# ---- 9.3 suing for peace -------------------------------------------------------------------------------------
@FLOW.decision("sue")
class Sue(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: sue for peace in a war (the enemy wins it), or go on fighting."

    def actions(self, g, role):
        for enemy in MAJORS:
            if may_sue(g.state, role, enemy):
                yield act("sue", enemy, label=f"Sue {power_name(enemy)} for peace", group="Peace")
        yield act("done", label="Sue for no more peace")

    def on_sue(self, g, role, enemy):
        make_peace(g, loser=role, winner=enemy)

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"


def make_peace(g: Game, loser: str, winner: str) -> None:
    """9.3 steps 2–4 and 8 (the paid returns of steps 5–7 are not offered yet: DECISIONS.md)."""
    s = g.state
    vp = 2 if "ottoman" in (loser, winner) else 1
    s["war_winner_vp"][winner] += vp
    g.log(f"{power_name(loser)} sues {power_name(winner)} for peace: {power_name(winner)} gains {vp} VP.")
    from .deals import nearest_first
    from .winter import destinations
    for space in load().home_spaces(winner):
        if st.controller(s, space) != loser:
            continue
        s["control"][space] = winner
        from .harbours import displace
        displace(g, space)                       # 12.2: the loser's ships there put to sea
        g.log(f"{space_name(space)} returns to {power_name(winner)}.")
        n = st.land_units_at(s, space, loser)
        if n or fx.army_leaders_at(s, space, loser):
            options = nearest_first(s, loser, destinations(s, loser, space, n))
            units, leaders = fx.land_of(st.units_at(s, space, loser)), fx.army_leaders_at(s, space, loser)
            if options:
                fx.move_pieces(s, loser, space, options[0], units, leaders)
                g.log(f"{power_name(loser)}'s forces there go to {space_name(options[0])}.")
        s["sieges"].pop(space, None)
    remove_two_units(g, loser)
    s["wars"] = [w for w in s["wars"] if w != st.pair(loser, winner)]
    s["peace_this_turn"].append(st.pair(loser, winner))


def remove_two_units(g: Game, power: str) -> None:
    """9.3 step 4: the loser removes 2 land units (from its largest stacks; its choice is not yet asked)."""
    s = g.state
    for _ in range(2):
        stacks = sorted((sp for sp in s["units"] if st.land_units_at(s, sp, power)),
                        key=lambda sp: (-st.land_units_at(s, sp, power), sp))
        if not stacks:
            return
        here = fx.land_of(st.units_at(s, stacks[0], power))
        kind = next(k for k in ("mercenary", "cavalry", "regular") if k in here)
        st.add_units(s, stacks[0], power, kind, -1)
        g.log(f"{power_name(power)} removes a {kind} from {space_name(stacks[0])}.")


# ---- 9.4 ransom ------------------------------------------------------------------------------------------------
def ransom_home(s: st.State, power: str) -> str | None:
    """Returned leaders go to the capital, or a friendly home key when the capital is lost (9.3 step 6)."""
    data = load()
    for capital in data.power(power).capitals:
        if st.controller(s, capital) == power:
            return capital
    keys = [k for k in data.keys_of(power) if st.controller(s, k) == power]
    return keys[0] if keys else None


def payable(s: st.State, power: str) -> list[str]:
    return [c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "home"]


@FLOW.decision("ransom")
class Ransom(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: ransom a captured leader for 1 random card from your hand, or not."

    def actions(self, g, role):
        s = g.state
        if payable(s, role) and ransom_home(s, role):
            for leader, where in sorted(s["leaders"].items()):
                captor = where.partition(":")[2] if where.startswith("captured:") else None
                if captor in MAJORS and fx.leader_power(leader) == role:
                    yield act("ransom", leader, label=f"Ransom {load().leader(leader).name} from "
                              f"{power_name(captor)}", group="Ransom")
        yield act("done", label="Ransom no more leaders")

    def on_ransom(self, g, role, leader):
        s = g.state
        captor = s["leaders"][leader].partition(":")[2]
        card = rng.choice(s, sorted(payable(s, role), key=int))
        cards.move(s, card, cards.hand(role), cards.hand(captor))
        home = ransom_home(s, role)
        s["leaders"][leader] = home
        g.log(f"{power_name(role)} ransoms {load().leader(leader).name} from {power_name(captor)} with a random "
              f"card; the leader returns to {space_name(home)}.")
        g.log(f"{power_name(captor)} receives {st.card_label(card)}.", to=[role, captor])

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"


sue_segment = segment("peace", "sue", skip_last_turn=True)
ransom_segment = segment("ransom", "ransom")

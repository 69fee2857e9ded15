"""Here I Stand: foreign wars (rule 21.7) — #92 Revolt in Egypt, #93 Revolt in Ireland, #110 War in Persia.

    foreign_war_start: (#93 played by France or the Hapsburg: irish_aid › the siege its unit left, 15.3)
                       › war_units (a siege each unit leaves is lifted or broken at once, 15.3) › war_leader
    foreign_battle (1 CP, the war's power): roll › war_losses › the war won or going on

`state["foreign_wars"][card]` (public): the power at war, the foreign force left, the land units and the
leader on the card. Units on the card stay in the power's counter mix (`state.land_units_total`), cost it one
card a Card Draw (`state.cards_to_draw`) and never return until the war is won; while fewer than the card's
number stand there, the power's newly built land units go onto the card (`divert_build`).
"""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import forces as fx
from . import state as st
from .data import load, space_name
from .events import EVENTS
from .siege import leave_siege
from .turn import FLOW, power_name

FOREIGN = {  # card: (power at war, the foreign land, its force, the units the power must commit)
    "92": ("ottoman", "Egypt", 3, 3),
    "93": ("england", "Ireland", 3, 4),
    "110": ("ottoman", "Persia", 4, 5),
}
CAPITAL = {"ottoman": "istanbul", "england": "london"}
FIGHT_CP = 1


def wars(s: st.State) -> dict:
    return s.get("foreign_wars") or {}


def war_name(card: str) -> str:
    return f"the war in {FOREIGN[card][1]}" if card == "110" else f"the revolt in {FOREIGN[card][1]}"


def committed(war: dict) -> int:
    return sum(war["units"].values())


def _in_effect(s, power, card):
    return f"{war_name(card)} is already being fought" if card in wars(s) else None


def _unbesieged_stacks(s: st.State, power: str) -> list[str]:
    return sorted(sp for sp in s["units"] if sp in load().spaces and st.land_units_at(s, sp, power)
                  and power not in s["sieges"].get(sp, {}).get("inside", []))


def war_event(g: Game, power: str, card: str) -> None:
    side, land, force, need = FOREIGN[card]
    g.state.setdefault("foreign_wars", {})[card] = {"power": side, "enemy": force, "units": {}, "leader": None}
    g.log(f"#{card} {load().card(int(card)).name}: {power_name(side)} must fight {war_name(card)} — "
          f"{plural(force, 'foreign land unit')} against {need} of its own land units, which it moves onto the "
          f"card (rule 21.7).")
    g.call("foreign_war_start", card=card, player=power)


for _card in FOREIGN:
    EVENTS.on(_card, "prerequisite")(_in_effect)
    EVENTS.on(_card, "event")(war_event)


# ---- the war begins: the Irish raised by France or the Hapsburg, the units and the leader sent ----------------
def irish_aid(g: Game) -> None:
    player = g.local["player"]
    if g.local["card"] == "93" and player in ("france", "hapsburg") and _stacks(g.state, player):
        g.call("irish_aid", role=player, card="93")


def send_units(g: Game) -> None:
    card = g.local["card"]
    g.call("war_units", role=FOREIGN[card][0], card=card)


def send_leader(g: Game) -> None:
    card = g.local["card"]
    g.call("war_leader", role=FOREIGN[card][0], card=card)


def aid_siege(g: Game) -> None:
    """15.3: the siege the unit removed for the Irish came from may be lifted or broken (its retreat may ask
    where)."""
    if g.returned:
        leave_siege(g, g.local["player"], g.returned)


FLOW.procedure("foreign_war_start", irish_aid, aid_siege, send_units, send_leader)


def _stacks(s: st.State, power: str) -> list[str]:
    return sorted(sp for sp in s["units"] if sp in load().spaces and st.land_units_at(s, sp, power))


def _unit_actions(s: st.State, power: str, verb: str, group: str, stacks: list[str]):
    for sp in stacks:
        for kind in sorted(fx.land_of(st.units_at(s, sp, power))):
            yield act(verb, sp, kind, label=f"A {kind} from {space_name(sp)}", group=group)


@FLOW.decision("irish_aid")
class IrishAid(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: Revolt in Ireland — you may remove 1 of your land units from the map to "
                "raise the Irish to 4 units.")

    def actions(self, g, role):
        yield from _unit_actions(g.state, role, "aid", "Send a unit to the Irish", _stacks(g.state, role))
        yield act("decline", label="Keep your units (the Irish stay at 3)")

    def on_aid(self, g, role, space, kind):
        st.add_units(g.state, space, role, kind, -1)
        wars(g.state)[g.local["card"]]["enemy"] += 1
        g.log(f"{power_name(role)} removes a {kind} from {space_name(space)}: the Irish are 4 units.")
        g.end(space)

    def on_decline(self, g, role):
        g.log(f"{power_name(role)} sends nobody to Ireland.")
        g.end()

    def default(self, g, role):
        return "decline"


@FLOW.decision("war_units")
class WarUnits(Decision):
    """21.7: the power moves the card's number of land units from unbesieged stacks, one at a time."""

    def active(self, g):
        war = wars(g.state).get(g.local["card"])
        short = war and committed(war) < FOREIGN[g.local["card"]][3]
        return super().active(g) if short and _unbesieged_stacks(g.state, g.local["role"]) else []

    def proceed(self, g):
        war, card = wars(g.state)[g.local["card"]], g.local["card"]
        if committed(war) < FOREIGN[card][3]:
            g.log(f"{power_name(war['power'])} has only {plural(committed(war), 'land unit')} for "
                  f"{war_name(card)}: its next land units built go there.")
        g.end()

    def prompt(self, g, role):
        card = g.local["card"]
        left = FOREIGN[card][3] - committed(wars(g.state)[card])
        return f"{power_name(role)}: send {plural(left, 'more land unit')} to {war_name(card)} (rule 21.7)."

    def actions(self, g, role):
        yield from _unit_actions(g.state, role, "send", "Send a land unit", _unbesieged_stacks(g.state, role))

    def on_send(self, g, role, space, kind):
        war = wars(g.state)[g.local["card"]]
        st.add_units(g.state, space, role, kind, -1)
        war["units"][kind] = war["units"].get(kind, 0) + 1
        g.log(f"{power_name(role)} sends a {kind} from {space_name(space)} to {war_name(g.local['card'])}.")
        leave_siege(g, role, space)                          # 15.3: at once, as a move away would

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def leader_choices(s: st.State, power: str) -> list[str]:
    return sorted(l for l, where in s["leaders"].items() if where in load().spaces and fx.leader_power(l) == power
                  and load().leader(l).kind == "army" and power not in s["sieges"].get(where, {}).get("inside", []))


@FLOW.decision("war_leader")
class WarLeader(Decision):
    """21.7: the power may also send one army leader (not besieged)."""

    def active(self, g):
        return super().active(g) if leader_choices(g.state, g.local["role"]) else []

    def prompt(self, g, role):
        return f"{power_name(role)}: you may send one army leader to {war_name(g.local['card'])}."

    def actions(self, g, role):
        for leader in leader_choices(g.state, role):
            l = load().leader(leader)
            yield act("lead", leader, label=f"Send {l.name} (battle {l.battle}) from "
                      f"{space_name(g.state['leaders'][leader])}", group="Send a leader")
        yield act("alone", label="Send no leader")

    def on_lead(self, g, role, leader):
        wars(g.state)[g.local["card"]]["leader"] = leader
        g.state["leaders"][leader] = "off"
        g.log(f"{load().leader(leader).name} leaves for {war_name(g.local['card'])}.")
        g.end()

    def on_alone(self, g, role):
        g.end()

    def default(self, g, role):
        return "alone"


# ---- building during the war (21.7) ------------------------------------------------------------------------
def divert_build(g: Game, power: str, kind: str, space: str) -> None:
    """A land unit the power has just built goes onto a war's card while fewer than its number stand there
    (the Winter capital replacement is not built with CP and stays on the map)."""
    if kind not in st.LAND_TYPES:
        return
    for card, war in sorted(wars(g.state).items(), key=lambda kv: int(kv[0])):
        if war["power"] == power and committed(war) < FOREIGN[card][3]:
            st.add_units(g.state, space, power, kind, -1)
            war["units"][kind] = war["units"].get(kind, 0) + 1
            g.log(f"The new {kind} goes to {war_name(card)} ({committed(war)} of {FOREIGN[card][3]} there).")
            return


# ---- fighting it (1 CP): a field battle without the defender's die and without retreat ---------------------
def fight_actions(s: st.State, power: str, cp: int):
    if cp < FIGHT_CP:
        return
    for card, war in sorted(wars(s).items(), key=lambda kv: int(kv[0])):
        if war["power"] == power and committed(war):
            yield act("foreign", card, label=f"Fight {war_name(card)} ({FIGHT_CP} CP)", group="Foreign war",
                      hint=f"{plural(committed(war), 'unit')} of yours against {plural(war['enemy'], 'foreign unit')}"
                           "; hits on 5 or 6, no defender's die, no retreat (21.7).")


def start_fight(g: Game, power: str, card: str) -> None:
    g.state["impulse"]["cp"] -= FIGHT_CP
    g.call("foreign_battle", role=power, card=card)


def open_combat_cards(g: Game) -> None:
    """A field battle for the combat cards (DECISIONS 976): the war's power may add Arquebusiers or Field
    Artillery before the roll and Janissaries after it; the foreign force plays none."""
    from . import combat_cards as cc
    s, card = g.state, g.local["card"]
    power = wars(s)[card]["power"]
    cc.begin(s, cc.FIELD, CAPITAL[power], [power], [], foreign=True, where=war_name(card))


def roll_fight(g: Game) -> None:
    from . import combat_cards as cc
    s, card = g.state, g.local["card"]
    war = wars(s)[card]
    mine, theirs = committed(war), war["enemy"]
    leaders = [war["leader"]] if war["leader"] else []
    my_dice, their_dice = mine + fx.best_battle(leaders) + cc.card_dice(s, "attacker"), theirs
    my_roll, their_roll = sorted(rng.roll(s, my_dice), reverse=True), sorted(rng.roll(s, their_dice), reverse=True)
    g.local["fight"] = {"my_dice": my_dice, "their_dice": their_dice, "my_roll": my_roll, "their_roll": their_roll,
                        "leaders": leaders, "extras": cc.card_words(s, "attacker")}


def fight_result(g: Game) -> None:
    """The hits (with Janissaries' after the roll), then the losses."""
    from . import combat_cards as cc
    s, card, f = g.state, g.local["card"], g.local.pop("fight")
    war = wars(s)[card]
    mine, theirs = committed(war), war["enemy"]
    leaders, my_dice, their_dice, my_roll, their_roll = (f["leaders"], f["my_dice"], f["their_dice"], f["my_roll"],
                                                         f["their_roll"])
    extra_dice, extra_hits = cc.extra_hits(s, "attacker")
    extra_words = cc.extra_roll_words(s)
    cc.end(s)
    my_hits, their_hits = sum(d >= 5 for d in my_roll) + extra_hits, sum(d >= 5 for d in their_roll)
    my_dice += extra_dice
    my_loss, their_loss = min(their_hits, mine), min(my_hits, theirs)
    if my_loss == mine and their_loss == theirs:          # 14 step 8: the side with more dice keeps one unit
        if my_dice > their_dice:
            my_loss -= 1
        else:
            their_loss -= 1
    war["enemy"] -= their_loss
    words = fx.dice_words(f["my_dice"], plural(mine, "unit"), leaders, extras=f["extras"])
    g.log(f"Foreign war, {war_name(card)}: {power_name(war['power'])} rolls {words}: "
          f"{' '.join(map(str, my_roll))} — {plural(my_hits - extra_hits, 'hit')};{extra_words} The foreign force rolls "
          f"{their_dice} {'die' if their_dice == 1 else 'dice'} ({plural(theirs, 'unit')}, no defender's die), hits "
          f"on 5 or 6: {' '.join(map(str, their_roll))} — {plural(their_hits, 'hit')}. The foreign force loses "
          f"{plural(their_loss, 'unit')} ({war['enemy']} left).")
    g.local["left"] = my_loss


def take_war_losses(g: Game) -> None:
    war = wars(g.state)[g.local["card"]]
    if g.local["left"] <= 0:
        return
    if len(war["units"]) > 1:
        g.call("war_losses", role=war["power"], card=g.local["card"], left=g.local["left"])
        return
    kind = next(iter(war["units"]))
    _lose(g, war, kind, g.local["left"])


def _lose(g: Game, war: dict, kind: str, count: int) -> None:
    war["units"][kind] -= count
    if war["units"][kind] <= 0:
        del war["units"][kind]
    g.log(f"{power_name(war['power'])} loses {plural(count, kind)} in {war_name(g.local['card'])}.")


@FLOW.decision("war_losses")
class WarLosses(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: remove {plural(g.local['left'], 'more unit')} in {war_name(g.local['card'])}."

    def actions(self, g, role):
        for kind in sorted(wars(g.state)[g.local["card"]]["units"]):
            yield act("lose", kind, label=f"Remove a {kind}")

    def on_lose(self, g, role, kind):
        war = wars(g.state)[g.local["card"]]
        _lose(g, war, kind, 1)
        g.local["left"] -= 1
        if g.local["left"] <= 0 or not war["units"]:
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def after_fight(g: Game) -> None:
    """The foreign force destroyed ends the war: 1 War Winner VP and the survivors come home (DECISIONS.md
    656). A leader left with no units on the card comes home alone."""
    s, card = g.state, g.local["card"]
    war = wars(s)[card]
    power = war["power"]
    home = home_for(s, power)
    if war["enemy"] > 0:
        if not war["units"] and war["leader"]:
            s["leaders"][war["leader"]] = home or "off"
            g.log(f"{load().leader(war['leader']).name} has no units left in {war_name(card)} and returns to "
                  f"{space_name(home) if home else 'the power card'}.")
            war["leader"] = None
        return
    s["war_winner_vp"][power] += 1
    for kind, n in sorted(war["units"].items()):
        if home:
            st.add_units(s, home, power, kind, n)
    if war["leader"]:
        s["leaders"][war["leader"]] = home or "off"
    back = [plural(n, k) for k, n in sorted(war["units"].items())]
    back += [load().leader(war["leader"]).name] if war["leader"] else []
    g.log(f"{power_name(power)} wins {war_name(card)}: 1 War Winner VP"
          + (f"; back to {space_name(home)}: {', '.join(back)}." if back and home else "."))
    del s["foreign_wars"][card]


def home_for(s: st.State, power: str) -> str | None:
    """The capital, else the first fortified home space the power controls (DECISIONS.md 656)."""
    if st.controller(s, CAPITAL[power]) == power:
        return CAPITAL[power]
    return next((sp for sp in load().home_spaces(power) if load().space(sp).fortified
                 and st.controller(s, sp) == power), None)


def _combat_cards_declare(g: Game) -> None:
    from .combat_cards import declare
    declare(g)


def _janissaries(g: Game) -> None:
    from .combat_cards import janissaries_window
    janissaries_window(g)


FLOW.procedure("foreign_battle", open_combat_cards, _combat_cards_declare, roll_fight, _janissaries, fight_result,
               take_war_losses, after_fight)

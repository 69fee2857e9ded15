"""Here I Stand: suing for peace (9.3) and ransoming leaders (9.4), two Diplomacy segments.

Each runs in impulse order; a power may act several times (one peace per war, one ransom per leader)
before it says it is done.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import state as st
from .data import MAJORS, load, space_name
from .turn import FLOW, power_name


def captives(s: st.State, holder: str, owner: str) -> list[str]:
    return sorted(l for l, where in s["leaders"].items() if where == f"captured:{holder}" and fx.leader_power(l, s) == owner)


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
        g.call("peace_terms", loser=role, winner=enemy)

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"


def make_peace(g: Game) -> None:
    """9.3 steps 2–3: the winner's War Winner VP; the loser gives back the winner's home spaces and its
    forces there go to its capital or nearest fortified space (its choice among them)."""
    s, loser, winner = g.state, g.local["loser"], g.local["winner"]
    vp = 2 if "ottoman" in (loser, winner) else 1
    s["war_winner_vp"][winner] += vp
    g.log(f"{power_name(loser)} sues {power_name(winner)} for peace: {power_name(winner)} gains {vp} VP.")
    queue, exits = [], []
    for space in load().home_spaces(winner):
        if st.controller(s, space) != loser:
            continue
        s["control"][space] = winner
        from .harbours import displace
        exits += displace(g, space)              # 12.2: the loser's ships there put to sea
        g.log(f"{space_name(space)} returns to {power_name(winner)}.")
        s["sieges"].pop(space, None)
        queue.append([loser, space])
    g.call("displace", queue=queue, port_exits=exits)


def remove_two_units(g: Game) -> None:
    """9.3 step 4: the loser removes 2 units of its choice, land units or squadrons in any mix."""
    g.call("remove_units", role=g.local["loser"], count=2, why="peace, rule 9.3 step 4")


def offer_returns(g: Game) -> None:
    """9.3 steps 5–7: the loser may buy back its keys, leaders and other home spaces."""
    g.call("peace_returns", role=g.local["loser"], winner=g.local["winner"], credit=0)


def record_peace(g: Game) -> None:
    """9.3 step 8: the war ends; an excommunicated ruler's war with the Papacy ending lifts it (21.5)."""
    s, loser, winner = g.state, g.local["loser"], g.local["winner"]
    s["wars"] = [w for w in s["wars"] if w != st.pair(loser, winner)]
    s["peace_this_turn"].append(st.pair(loser, winner))
    lift_on_peace(g, loser, winner)


def lift_on_peace(g: Game, a: str, b: str) -> None:
    """21.5: the "-1 Card" marker stays until the power's war with the Papacy ends (or 9.5)."""
    if "papacy" in (a, b):
        power = b if a == "papacy" else a
        if st.ruler_excommunicated(g.state, power):
            lift_excommunication(g, power)


def lift_excommunication(g: Game, power: str) -> None:
    s = g.state
    s["excommunicated"] = [r for r in s["excommunicated"] if r != s["rulers"][power]]
    g.log(f"{power_name(power)}'s ruler is no longer excommunicated.")


FLOW.procedure("peace_terms", make_peace, remove_two_units, offer_returns, record_peace)


def returnable(s: st.State, loser: str, winner: str) -> dict[str, list[str]]:
    data = load()
    held = [sp for sp in data.home_spaces(loser) if st.controller(s, sp) == winner and sp not in s["sieges"]]
    return {"key": [sp for sp in held if data.space(sp).type == "key"],
            "space": [sp for sp in held if data.space(sp).type != "key"],
            "leader": captives(s, winner, loser)}


@FLOW.decision("peace_returns")
class PeaceReturns(Decision):
    """9.3 steps 5–7: each key or leader back costs the loser 1 more War Winner VP for the winner or 1
    random card from its hand; other home spaces cost as much for every two (the second of a pair is free)."""

    def prompt(self, g, role):
        return (f"{power_name(role)}: ask {power_name(g.local['winner'])} for your keys, leaders and spaces back "
                "(1 VP to the winner or 1 random card each; other spaces 1 per two), or ask for nothing more.")

    def actions(self, g, role):
        s, winner = g.state, g.local["winner"]
        wanted = returnable(s, role, winner)
        pays = ["vp"] + (["card"] if payable(s, role) else [])
        for kind, names in wanted.items():
            for thing in names:
                name = load().leader(thing).name if kind == "leader" else space_name(thing)
                if kind == "space" and g.local["credit"]:
                    yield act("back", kind, thing, "free", label=f"{name} (free: the second of a pair)",
                              group="Spaces")
                    continue
                for pay in pays:
                    price = f"1 VP to {power_name(winner)}" if pay == "vp" else "1 random card"
                    yield act("back", kind, thing, pay, label=f"{name} for {price}", group=kind.title() + "s")
        from .diplomatic_marriage import peace_offer
        if not g.local["credit"] and peace_offer(s, role, wanted):
            yield act("marriage", label="Play #73 Diplomatic Marriage: everything back at no cost",
                      hint=f"Its event: {load().card(73).reminder}")
        yield act("done", label="Ask for nothing more")

    def on_marriage(self, g, role):
        from .diplomatic_marriage import recover_all
        recover_all(g, role, g.local["winner"], returnable(g.state, role, g.local["winner"]))

    def on_back(self, g, role, kind, thing, pay):
        s, winner = g.state, g.local["winner"]
        if pay == "vp":
            s["war_winner_vp"][winner] += 1
            g.log(f"{power_name(role)} gives {power_name(winner)} another War Winner VP.")
        elif pay == "card":
            card = rng.choice(s, sorted(payable(s, role), key=int))
            cards.move(s, card, cards.hand(role), cards.hand(winner))
            g.log(f"{power_name(role)} gives {power_name(winner)} a random card.")
            g.log(f"{power_name(winner)} receives {st.card_label(card)}.", to=[role, winner])
        if kind == "space":
            g.local["credit"] = 0 if pay == "free" else 1
        if kind == "leader":
            send_home(g, role, thing, f"{load().leader(thing).name} returns to")
            return
        s["control"][thing] = role
        g.log(f"{space_name(thing)} returns to {power_name(role)}.")
        if st.land_units_at(s, thing, winner) or fx.army_leaders_at(s, thing, winner):
            g.call("displace", queue=[[winner, thing]])           # 9.3 step 5: as in step 3

    def on_done(self, g, role):
        g.end()

    def default(self, g, role):
        return "done"


# ---- 9.4 ransom ------------------------------------------------------------------------------------------------
def ransom_home(s: st.State, power: str) -> str | None:
    """Where a returned leader may go (9.3 step 6, 9.4): its capital, or a friendly home key when the capital
    is lost; the first of `ransom_homes`."""
    homes = ransom_homes(s, power)
    return homes[0] if homes else None


def ransom_homes(s: st.State, power: str) -> list[str]:
    data = load()
    capitals = [c for c in data.power(power).capitals if st.controller(s, c) == power]
    return capitals or [k for k in data.keys_of(power) if st.controller(s, k) == power]


def send_home(g: Game, power: str, leader: str, text: str) -> None:
    """The leader goes to its capital or home key; the power chooses when it has several (`leader_home`).
    `text` opens the log line ("… returns to <space>.")."""
    homes = ransom_homes(g.state, power)
    if len(homes) > 1 and power in MAJORS:
        g.call("leader_home", role=power, leader=leader, homes=homes, text=text)
        return
    arrive_home(g, leader, homes[0] if homes else None, text)


def arrive_home(g: Game, leader: str, home: str | None, text: str) -> None:
    g.state["leaders"][leader] = home or "off"
    g.log(f"{text} {space_name(home) if home else 'the reserve'}.")


def leader_home_queue(g: Game) -> None:
    """Leaders returned by a deal (9.1 clause 9), each to the home its power chooses, one at a time."""
    while g.local["queue"]:
        power, leader = g.local["queue"].pop(0)
        homes = ransom_homes(g.state, power)
        text = f"{load().leader(leader).name} returns to"
        if len(homes) > 1 and power in MAJORS:
            g.again()
            g.call("leader_home", role=power, leader=leader, homes=homes, text=text)
            return
        arrive_home(g, leader, homes[0] if homes else None, text)


FLOW.procedure("leader_homes", leader_home_queue)


@FLOW.decision("leader_home")
class LeaderHome(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: where does {load().leader(g.local['leader']).name} return?"

    def actions(self, g, role):
        for home in g.local["homes"]:
            yield act("to", home, label=f"To {space_name(home)}")

    def on_to(self, g, role, home):
        arrive_home(g, g.local["leader"], home, g.local["text"])
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


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
                if captor in MAJORS and fx.leader_power(leader, s) == role:
                    yield act("ransom", leader, label=f"Ransom {load().leader(leader).name} from "
                              f"{power_name(captor)}", group="Ransom")
        yield act("done", label="Ransom no more leaders")

    def on_ransom(self, g, role, leader):
        s = g.state
        captor = s["leaders"][leader].partition(":")[2]
        card = rng.choice(s, sorted(payable(s, role), key=int))
        cards.move(s, card, cards.hand(role), cards.hand(captor))
        g.log(f"{power_name(captor)} receives {st.card_label(card)}.", to=[role, captor])
        send_home(g, role, leader, f"{power_name(role)} ransoms {load().leader(leader).name} from "
                                   f"{power_name(captor)} with a random card; the leader returns to")

    def on_done(self, g, role):
        g.end("done")

    def default(self, g, role):
        return "done"


sue_segment = segment("peace", "sue", skip_last_turn=True)
ransom_segment = segment("ransom", "ransom")
excommunication_segment = segment("excommunication", "unexcommunicate")     # 9.5 (papacy.py)

"""Here I Stand: response cards (6.1) in the windows the rules give them, each power asked in turn.

    move_land: … pay › move_announced (13.1 step 4: Foul Weather, Gout — the other powers)
    assault: assault_announced (15.1 step 2: Foul Weather, Gout) › …
    naval_move: plan › naval_announced (16.1 step 3: Foul Weather) › …; piracy: piracy_announced › …
    field_battle: before_battle (14 step 1: Landsknechts, Swiss Mercenaries — the attacker, then the others)
    assault: before_assault (15.1 step 2: the active power's Landsknechts, Swiss Mercenaries)
             › … roll › assault_rolled (15.1 step 8: Siege Artillery, any power)
    naval_battle: … roll › naval_rolled (16.2 step 6: Professional Rowers, any power, for either side)
    naval interception and avoid battle: 2 dice › naval_roll (Professional Rowers: ±2) › the result
    play_event: event_declared (#37 The Wartburg: the Protestant cancels the event; events.py's hook)

A power is asked only when the public facts let it play one of the moment's cards (a card in hand, the card
not known to be out of play, the card's public conditions); then it is asked whether it holds the card or
not, so nobody learns its hand (DECISIONS 701, 720). A power that played is asked again.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.choices import ReactionWindow
from rules.core.flow import Game, act
from rules.core.wording import plural

from . import combat_cards as cc
from . import state as st
from .data import MAJORS, load, space_name
from .events import DECLARED_HOOKS, EVENTS, count_reaction, discard_played
from .mary import reactions_barred
from .turn import FLOW, power_name

MOMENTS = {"move_announced": ("31", "32"), "emperor_announced": ("32",), "assault_announced": ("31", "32"), "naval_announced": ("31",),
           "piracy_announced": ("31",),
           "before_battle": ("33", "36"), "before_assault": ("33", "36"), "assault_rolled": ("35",),
           "naval_rolled": ("34",), "naval_roll": ("34",), "event_declared": ("37",)}
MOMENT_WORDS = {"move_announced": "{player} announces a move to {space}",
                "emperor_announced": "{player} announces Charles V's transfer to {space} (Holy Roman Emperor)",
                "assault_announced": "{player} announces an assault on {space}",
                "naval_announced": "{player} announces a naval move",
                "piracy_announced": "{player} announces piracy in the {space}",
                "before_battle": "before the field battle at {space}",
                "before_assault": "before the assault on {space}",
                "assault_rolled": "the assault on {space} is rolled",
                "naval_rolled": "the naval battle in {space} is rolled",
                "naval_roll": "{player} rolls {roll} to {what} ({needed} or more on 2 dice succeeds)",
                "event_declared": "{player} plays #{card} {name} as its event"}
SIEGE_ARTILLERY_REACH = 4          # land spaces of line of communication to a fortified home space (#35)
# The Wartburg may not cancel mandatory events, combat or response cards, nor the non-Papal home cards.
NOT_CANCELLABLE_HOME = ("1", "2", "3", "4", "7")


def hidden(s: st.State, card: str) -> bool:
    where = cards.where(s, card)
    return bool(where) and (where == "deck" or where.startswith("hand:"))


def fits(s: st.State, moment: str, power: str, card: str, local: dict) -> bool:
    """The card's public conditions at this moment for this power (Mary I's England plays none, 21.3)."""
    if reactions_barred(s, power):
        return False
    if card in ("33", "36"):
        from .reinforcements import landsknechts_ok, swiss_ok
        return (landsknechts_ok if card == "33" else swiss_ok)(s, power) is None
    if card in ("31", "32"):         # against another power's announced action; Gout needs an army leader
        return power != local["player"] and not local.get("hindered") and (card == "31" or bool(local["leaders"]))
    if card == "35":
        return siege_artillery_reach(s, local["attacker"], local["space"])
    if card == "37":
        return power == "protestant" and local["player"] != "protestant" and wartburg_may_cancel(s, local["card"])
    return True


def may_be_asked(s: st.State, moment: str, power: str, local: dict) -> bool:
    if power not in MAJORS or not cards.zone(s, cards.hand(power)):
        return False
    return any(hidden(s, card) and fits(s, moment, power, card, local) for card in MOMENTS[moment])


def ask_in_turn(g: Game, moment: str, order: list[str], **local) -> bool:
    """Ask each power of `order` in turn whether it plays a response card of this moment (a power that
    played is asked again). True when a window was opened: the calling step then returns."""
    key, asked = f"responding:{moment}", f"asked:{moment}"
    if key not in g.local:
        g.local[key] = list(order)
    answered, g.frame["ret"] = g.returned, None
    if g.local.pop(asked, None) and answered and any(r != "pass" for _, r in answered):
        g.local[key].insert(0, answered[0][0])
    while g.local[key]:
        power = g.local[key].pop(0)
        if may_be_asked(g.state, moment, power, local):
            g.again()
            g.local[asked] = power
            g.call("responses", roles=[power], moment=moment, **local)
            return True
    g.local.pop(key)
    return False


@FLOW.decision("responses")
class Responses(ReactionWindow):
    def prompt(self, g, role):
        words = MOMENT_WORDS[g.local["moment"]]
        info = load().card(int(g.local["card"])) if "card" in g.local else None
        when = words.format(space=where_name(g.local), player=power_name(g.local.get("player", role)),
                            card=info.number if info else "", name=info.name if info else "",
                            roll=g.local.get("roll", ""), what=g.local.get("what", ""),
                            needed=g.local.get("needed", ""))
        return f"{power_name(role)}: {when}. Play a response card, or pass."

    def responses(self, g, role):
        for card in sorted(cards.zone(g.state, cards.hand(role)), key=int):
            if card in MOMENTS[g.local["moment"]] and fits(g.state, g.local["moment"], role, card, g.local):
                info = load().card(int(card))
                if card == "32":                                    # which leader is stuck
                    for leader in g.local["leaders"]:
                        yield act("card", card, leader, label=f"Play #32 Gout on {load().leader(leader).name}",
                                  hint=info.reminder)
                elif card == "34" and g.local["moment"] == "naval_roll":     # the roll up or down by 2
                    for way, sign in (("up", "+2"), ("down", "-2")):
                        yield act("card", card, way, label=f"Play #34 Professional Rowers: {sign} to the roll",
                                  hint=info.reminder)
                elif card == "34":                                  # which side gets the 3 dice
                    c = cc.combat(g.state)
                    for which in ("attacker", "defender"):
                        side = c["attackers"][0] if which == "attacker" else c["defenders"][0]
                        yield act("card", card, which, label=f"Play #34 Professional Rowers: 3 dice for the "
                                  f"{which} ({power_name(side)})", hint=info.reminder)
                else:
                    yield act("card", card, label=f"Play #{info.number} {info.name}", hint=info.reminder)

    def label(self, g, role, pick):
        return "pass" if pick == "pass" else "plays a response card"

    def resolve(self, g, role, response):
        _, card, *rest = response.split(":")
        info = load().card(int(card))
        discard_played(g.state, role, card)
        count_reaction(g.state, card)
        g.log(f"{power_name(role)} plays #{info.number} {info.name}.")
        RESOLVE[card](g, role, *rest)


def where_name(local: dict) -> str:
    from .fleets import location_name
    space = local.get("space")
    at_sea = local["moment"] in ("naval_rolled", "piracy_announced")
    return "" if space is None else (location_name(space) if at_sea else space_name(space))


# ---- the moments ------------------------------------------------------------------------------------------
def move_announced(g: Game) -> None:
    """13.1 step 4: once the CP are paid, the other powers in impulse order may play Foul Weather or Gout
    (a move of the Action phase: not Spring Deployment's)."""
    s, m = g.state, g.state["move"]
    if not m or not m["cost"] or s["phase"] != "action":
        return
    mover = m["power"]
    ask_in_turn(g, "move_announced", [p for p in MAJORS if p != mover], player=mover, space=m["dest"],
                leaders=list(m["leaders"]), hindered=s.get("hindered"))


def assault_announced(g: Game) -> None:
    """15.1 step 2: any other power may play Foul Weather or Gout (Gout with an army leader besieging)."""
    from . import forces as fx
    attacker, space = g.local["role"], g.local["space"]
    ask_in_turn(g, "assault_announced", [p for p in MAJORS if p != attacker], player=attacker, space=space,
                leaders=stuck_free(g.state, fx.army_leaders_at(g.state, space, attacker)),
                hindered=g.state.get("hindered"))


def stuck(s: st.State) -> list[str]:
    """Leaders Gout keeps from moving and assaulting for the rest of the impulse."""
    return list((s.get("impulse") or {}).get("gout", []))


def stuck_free(s: st.State, leaders: list[str]) -> list[str]:
    return [l for l in leaders if l not in stuck(s)]


def foul_weather_bars(s: st.State, power: str) -> bool:
    """#31: for the rest of the impulse, no assault, naval move, naval transport or piracy."""
    impulse = s.get("impulse") or {}
    return bool(impulse.get("foul_weather")) and impulse.get("power") == power


def naval_announced(g: Game) -> None:
    """16.1 step 3: once the naval move is planned, the other powers may play Foul Weather."""
    from .fleets import naval
    mover = naval(g.state)["move"]["power"]
    ask_in_turn(g, "naval_announced", [p for p in MAJORS if p != mover], player=mover, leaders=[],
                hindered=g.state.get("hindered"))


def piracy_announced(g: Game) -> None:
    """16.4: the other powers may play Foul Weather against the Ottoman's piracy once it is paid."""
    ask_in_turn(g, "piracy_announced", [p for p in MAJORS if p != "ottoman"], player="ottoman",
                space=g.local["zone"], leaders=[], hindered=g.state.get("hindered"))


def hindered(s: st.State) -> str | None:
    """The card (#31 or #32) that stopped the action just announced, cleared as it is read."""
    return s.pop("hindered", None)



def before_battle(g: Game) -> None:
    """14 step 1: the attacker first, then the others in impulse order."""
    attacker = g.local["attacker"]
    ask_in_turn(g, "before_battle", [attacker] + [p for p in MAJORS if p != attacker],
                space=g.local["space"], attacker=attacker)


def before_assault(g: Game) -> None:
    """15.1 step 2: the active power may play Landsknechts or Swiss Mercenaries."""
    ask_in_turn(g, "before_assault", [g.local["role"]], space=g.local["space"], attacker=g.local["role"])


def assault_rolled(g: Game) -> None:
    """15.1 step 8: any power (the attacker first, then impulse order) may play Siege Artillery."""
    attacker = g.local["role"]
    ask_in_turn(g, "assault_rolled", [attacker] + [p for p in MAJORS if p != attacker],
                space=g.local["space"], attacker=attacker)


def naval_rolled(g: Game) -> None:
    """16.2 step 6: any power may play Professional Rowers for either side."""
    attacker = g.local["attacker"]
    ask_in_turn(g, "naval_rolled", [attacker] + [p for p in MAJORS if p != attacker],
                space=g.local["location"], attacker=attacker)


# ---- the cards' effects -----------------------------------------------------------------------------------
def reinforce(g: Game, power: str, card: str) -> None:
    EVENTS.run(card, "event", g, power)


def siege_artillery_reach(s: st.State, attacker: str, space: str) -> bool:
    """#35: the assaulting power's line of communication reaches one of its fortified home spaces within 4
    land spaces (DECISIONS 722: counted through the spaces a line of communication may pass by land)."""
    from .siege import loc_network
    data, network = load(), loc_network(s, attacker)
    homes = {sp for sp in data.home_spaces(attacker) if data.space(sp).fortified and st.friendly(s, attacker, sp)}
    seen, frontier = {space}, [space]
    for _ in range(SIEGE_ARTILLERY_REACH):
        nxt = []
        for here in frontier:
            for n in data.adjacent(here):
                if n in homes:
                    return True
                if n not in seen and n in network:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return False


def siege_artillery(g: Game, power: str) -> None:
    roll = sorted(rng.roll(g.state, 2), reverse=True)
    hits = sum(1 for d in roll if d >= 3)
    c = cc.combat(g.state)
    c.setdefault("extra", []).append({"card": "35", "side": "attacker", "dice": 2, "roll": roll, "hits": hits})
    g.log(f"#35 Siege Artillery for the assault: 2 dice, hits on 3 to 6: {' '.join(map(str, roll))} — "
          f"{plural(hits, 'hit')}.")


def naval_roll(g: Game, power: str, what: str, needed: int) -> None:
    """16.1: after a naval interception or avoid-battle roll, any power may change it by 2 (#34)."""
    rolled = g.local["rolled"]
    ask_in_turn(g, "naval_roll", list(MAJORS), player=power, what=what, needed=needed,
                roll=f"{rolled[0]}+{rolled[1]}")


def professional_rowers(g: Game, power: str, which: str) -> None:
    if which in ("up", "down"):
        g.state["rowers_shift"] = 2 if which == "up" else -2
        return
    roll = sorted(rng.roll(g.state, 3), reverse=True)
    hits = sum(1 for d in roll if d >= 5)
    c = cc.combat(g.state)
    c.setdefault("extra", []).append({"card": "34", "side": which, "dice": 3, "roll": roll, "hits": hits})


def wartburg_may_cancel(s: st.State, card: str) -> bool:
    kind = load().card(int(card)).type
    return kind not in ("mandatory", "combat", "response") and card not in NOT_CANCELLABLE_HOME \
        and s["rulers"].get("protestant") == "luther"                    # "Luther is alive"


def wartburg(g: Game, power: str) -> None:
    """#37: the event is cancelled (discarded, the impulse ends); no Protestant debate this turn, Luther
    committed and not brought in by Here I Stand until the next turn."""
    from . import debaters as dbt
    s = g.state
    s["event_cancelled"] = g.local["card"]
    cards.add_modifier(s, "wartburg", until="turn", card="37")
    if "luther" in s["debaters"]:
        dbt.commit(s, "luther")
    ends = "" if g.local.get("outside_impulse") else " and the impulse ends"
    g.log(f"#37 The Wartburg cancels #{g.local['card']} {load().card(int(g.local['card'])).name}: the card is "
          f"discarded{ends}. The Protestant calls no debate this turn and Luther is committed.")


def foul_weather(g: Game, power: str) -> None:
    """#31: the announced action does not happen and costs its power 1 CP; until the impulse ends it may not
    assault, move or transport by sea, or pirate, and its land units move no further than one space."""
    g.state["impulse"]["foul_weather"] = True
    stop(g, "31")


def gout(g: Game, power: str, leader: str) -> None:
    """#32: the announced action does not happen and costs 1 CP; the leader moves and assaults no more
    this impulse."""
    g.state["impulse"].setdefault("gout", []).append(leader)
    if g.local["moment"] == "emperor_announced":        # #2's transfer: cancelled, no CP lost (DECISIONS 973)
        g.state["emperor_gout"] = True
        g.local["hindered"] = "32"
        g.log("#32 Gout: Charles V's transfer does not happen (no CP lost); he moves and assaults no more this "
              "impulse.")
        return
    stop(g, "32", f" {load().leader(leader).name} stays where he is for the rest of the impulse.")


def stop(g: Game, card: str, more: str = "") -> None:
    s = g.state
    s["hindered"] = card
    g.local["hindered"] = card
    what = {"move_announced": "move", "assault_announced": "assault", "naval_announced": "naval move",
            "piracy_announced": "piracy"}[g.local["moment"]]
    g.log(f"#{card} {load().card(int(card)).name}: {power_name(g.local['player'])}'s {what} does not happen and "
          f"costs it 1 CP.{more}")


RESOLVE = {"31": foul_weather, "32": gout, "33": lambda g, p: reinforce(g, p, "33"), "36": lambda g, p: reinforce(g, p, "36"),
           "35": siege_artillery, "34": professional_rowers, "37": wartburg}


def event_declared(g: Game, player: str, card: str) -> bool:
    """events.py's hook: the Protestant may cancel the event with The Wartburg (True: a window opened)."""
    return ask_in_turn(g, "event_declared", ["protestant"], player=player, card=card,
                       outside_impulse=g.frame["name"] != "play_event")


DECLARED_HOOKS.append(event_declared)

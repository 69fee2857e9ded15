"""Here I Stand: lines of communication (12.1), control of unfortified spaces (12.2) and assault (15.1, 15.3).

    spend › assault: response cards › formation › combat cards (combat_cards.py) › roll › Siege Artillery › losses › success (control, captures) or the siege holds
                     or breaks (15.3)
"""

from __future__ import annotations

from rules.core import rng
from rules.core.wording import plural
from rules.core.flow import Game

from . import combat_cards as cc
from . import forces as fx
from . import record
from . import state as st
from .battle import split_losses, take_losses
from .data import MAJORS, load, space_name
from . import minor_units as mu
from .assault_choice import choose_assault_formation
from .minor_units import side_land_units
from .turn import FLOW, military_victory, power_name


# ---- 12.1 line of communication ---------------------------------------------------------------------------
def loc_sources(s: st.State, power: str) -> list[str]:
    """Friendly-controlled fortified spaces in the power's or an ally's home."""
    data = load()
    homes = {power} | {p for p in data.powers if st.allied(s, power, p)}
    return [sp.id for sp in data.spaces.values() if st.fortified(s, sp.id) and sp.home_power in homes
            and st.friendly(s, power, sp.id) and sp.id not in s["unrest"]]


def _chain_ok(s: st.State, power: str, space: str) -> bool:
    if not st.friendly(s, power, space) or space in s["unrest"]:
        return False
    if not s["league_formed"] and space in load().electorates:
        return False
    return not any(fx.hostile(s, power, p) for p, kinds in s["units"].get(space, {}).items() if p != power)


def loc_network(s: st.State, power: str) -> set[str]:
    """Every space a line of communication can pass through (12.1: friendly, no enemy units, no unrest,
    no electorate before the League), and the sea zones it crosses: from a friendly port, through zones
    holding the power's squadrons (fleets.py: its own, its minors', lent to it)."""
    from .fleets import pieces, squadrons
    data = load()
    seen = {sp for sp in loc_sources(s, power) if _chain_ok(s, power, sp)}
    queue = list(seen)
    while queue:
        here = queue.pop()
        if here in data.sea_zones:
            steps = list(data.sea_zone(here).adjacent) + list(data.sea_zone(here).ports)
        else:
            steps = list(data.adjacent(here)) + list(data.space(here).ports)
        for nxt in steps:
            if nxt in seen:
                continue
            ok = squadrons(pieces(s, nxt, power)) > 0 if nxt in data.sea_zones else _chain_ok(s, power, nxt)
            if ok:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def has_loc(s: st.State, power: str, target: str, network: set[str] | None = None) -> bool:
    """12.1: the target itself need not qualify — next to the network by land, or a port on a zone of it."""
    network = loc_network(s, power) if network is None else network
    return target in network or any(n in network for n in load().adjacent(target)) or \
        any(z in network for z in load().space(target).ports)


# ---- 12.2 control of an unfortified space --------------------------------------------------------------------
def controllable(s: st.State, power: str) -> list[str]:
    """12.2: independent or enemy unfortified spaces with an LOC, holding the power's land units or next to
    them (not across a pass) with no enemy land units next to the target."""
    data = load()
    mine = [sp for sp in s["units"] if st.land_units_at(s, sp, power)]
    candidates = set(mine) | {n for sp in mine for n in data.adjacent(sp, passes=False)}
    network: set[str] | None = None
    out = []
    for target in sorted(candidates):
        owner = st.controller(s, target)
        if st.fortified(s, target) or owner is None or owner == power:
            continue
        if owner != "independent" and not st.enemies(s, power, owner):
            continue
        if not st.land_units_at(s, target, power):
            around = data.adjacent(target, passes=False)
            if fx.enemy_land_powers(s, target, power) or any(fx.enemy_land_powers(s, n, power) for n in around):
                continue
        network = loc_network(s, power) if network is None else network
        if has_loc(s, power, target, network):
            out.append(target)
    return out


def take_control(g: Game, power: str, space: str) -> None:
    from .harbours import displace
    g.state["control"][space] = power
    g.log(f"{power_name(power)} takes control of {space_name(space)}.")
    exits = displace(g, space)               # 12.2: naval units there put to sea
    if exits:
        g.call("port_exits", port_exits=exits)


# ---- 15.1 assault -----------------------------------------------------------------------------------------
def assault_refusal(s: st.State, power: str, space: str) -> str | None:
    from .responses import foul_weather_bars
    if foul_weather_bars(s, power):
        return "Foul Weather bars assaults for the rest of this impulse"
    siege = s["sieges"].get(space)
    if not siege or siege["besieger"] != power or not side_land_units(s, space, power):
        return "you are not besieging it"
    if siege.get("new"):
        return "the siege began this impulse"
    if space in s.get("assaulted", []):
        return "it has already been assaulted this impulse"
    if not has_loc(s, power, space):
        return "you have no line of communication to it"
    from .fleets import pieces, side_of, squadrons
    defender = side_of(s, st.controller(s, space))
    zones = load().space(space).ports
    if any(squadrons(pieces(s, z, defender)) for z in zones):
        return "the defender has squadrons in the adjacent sea"                          # restriction 3
    in_port = squadrons(pieces(s, space, defender))
    if in_port and sum(squadrons(pieces(s, z, power)) for z in zones) <= in_port:
        return "the defenders' squadrons in port outnumber yours at sea"                 # restriction 4
    return None


def assaults(s: st.State, power: str) -> list[str]:
    return sorted(sp for sp in s["sieges"] if assault_refusal(s, power, sp) is None)


def start_assault(g: Game, power: str, space: str) -> None:
    s = g.state
    s["impulse"]["cp"] -= 1
    s.setdefault("assaulted", []).append(space)
    g.call("assault", role=power, space=space)


def open_assault_cards(g: Game) -> None:
    """15.1 steps 5–6: the attacker, then each defending power, may play combat cards (combat_cards.py)."""
    s, space, attacker = g.state, g.local["space"], g.local["role"]
    cc.begin(s, cc.ASSAULT, space, mu.attacking_powers(s, space, attacker), list(s["sieges"][space]["inside"]),
             formation_mercenaries={p: k["mercenary"] for p, k in g.local["formation"]["units"].items()
                                    if k.get("mercenary")})


def roll_assault(g: Game) -> None:
    """15.1 steps 3–4, 7 (step 9, the losses, each power allocates as after a field battle): attacker 1 die per unit (per 2 units, rounded up, against defenders), cavalry
    excluded, + best battle rating; defender 1 per unit inside + best battle rating + 1."""
    s, space, attacker = g.state, g.local["space"], g.local["role"]
    inside = s["sieges"][space]["inside"]
    formation = g.local["formation"]                # assault_choice.py: own and minors' units (22.3 ①)
    leaders = formation["leaders"]
    cc.drop_restless(s, formation)
    if not cc.besiegers_outnumber(s, space, attacker):
        g.local["hits"], g.local["losses"] = 0, []   # Mercenaries Grow Restless: no roll, the siege breaks
        g.log(f"{power_name(attacker)} no longer outnumbers the defenders of {space_name(space)}: no assault.")
        return
    foot = sum(k.get("regular", 0) + k.get("mercenary", 0) for k in formation["units"].values())
    defenders_foot = sum(st.land_units_at(s, space, p) - st.units_at(s, space, p).get("cavalry", 0) for p in inside)
    a_dice = ((foot + 1) // 2 if defenders_foot else foot) + fx.best_battle(leaders) + cc.card_dice(s, "attacker")
    d_dice = (defenders_foot + fx.best_battle([l for p in inside for l in fx.army_leaders_at(s, space, p)]) + 1
              + cc.card_dice(s, "defender") if defenders_foot else 0)
    a_roll, d_roll = rng.roll(s, a_dice), rng.roll(s, d_dice) if d_dice else []
    a_hits, d_hits = sum(1 for d in a_roll if d >= 5), sum(1 for d in d_roll if d >= 5)
    halved = f"half of {plural(foot, 'unit')}, rounded up" if defenders_foot else plural(foot, "unit")
    a_words = fx.dice_words(a_dice, halved, leaders, extras=cc.card_words(s, "attacker"))
    d_leaders = [l for p in inside for l in fx.army_leaders_at(s, space, p)]
    d_words = fx.dice_words(d_dice, plural(defenders_foot, "unit"), d_leaders, defender=True) if d_dice else ""
    g.log(f"{power_name(attacker)} assaults {space_name(space)}: {a_words}: "
          f"{' '.join(map(str, sorted(a_roll, reverse=True)))} — {plural(a_hits, 'hit')}"
          + (f"; the defenders roll {d_words}: {' '.join(map(str, sorted(d_roll, reverse=True)))} — "
             f"{plural(d_hits, 'hit')}." if d_dice else "; the fortress is empty."))
    g.local["hits"], g.local["defender_hits"] = a_hits, d_hits
    record.note_battle(s, "assault", {"attacker": attacker, "attacker_dice": a_dice, "defender_dice": d_dice,
                                      "attacker_roll": sorted(a_roll, reverse=True), "defender_roll":
                                      sorted(d_roll, reverse=True), "attacker_hits": a_hits, "defender_hits": d_hits},
                       space, list(inside), leaders, [l for p in inside for l in fx.army_leaders_at(s, space, p)],
                       cards=cc.played_words(s))


def assault_losses(g: Game) -> None:
    """15.1 step 9: losses equal hits (Siege Artillery's hits added to the attacker's)."""
    s, space, attacker = g.state, g.local["space"], g.local["role"]
    if "defender_hits" not in g.local:                 # no roll (Mercenaries Grow Restless broke the siege)
        return
    g.local["hits"] += cc.extra_hits(s, "attacker")[1]
    entry = record.entries(s)[-1] if record.entries(s) else None
    if entry and entry["kind"] == "assault" and entry["space"] == space:
        entry["attacker_hits"] = g.local["hits"]
        entry["cards"] = cc.played_words(s)
    side = mu.attacking_powers(s, space, attacker)
    inside = s["sieges"][space]["inside"]
    g.local["losses"] = split_losses(s, space, side, min(g.local.pop("defender_hits"),
                                                         mu.side_land_units(s, space, attacker))) + \
        split_losses(s, space, inside, g.local["hits"])


def settle_assault(g: Game) -> None:
    """15.1 steps 10–11 and 15.3."""
    s, space, attacker = g.state, g.local["space"], g.local["role"]
    siege = s["sieges"][space]
    inside = siege["inside"]
    defenders_left = sum(st.land_units_at(s, space, p) for p in inside)
    attackers_left = mu.side_land_units(s, space, attacker)
    if g.local["hits"] and not defenders_left and attackers_left:
        from .harbours import capture_port
        capture_port(g, space, attacker)     # 15.1 step 10: naval units in the port to the box
        for power in inside + [st.controller(s, space)]:
            for leader in fx.army_leaders_at(s, space, power):
                fx.capture(g, leader, attacker)
            if power in s["units"].get(space, {}):
                s["units"][space].pop(power)
        del s["sieges"][space]
        take_control(g, attacker, space)
        military_victory(g)                 # 23.1: checked the moment it happens
        return
    if attackers_left > defenders_left:
        g.log(f"The siege of {space_name(space)} goes on.")
        return
    break_siege(g, space, attacker)


def outnumbered(s: st.State, space: str, power: str, relief: int = 0) -> bool:
    """15.3: `power` (or its patron) besieges `space` and that side's land units there no longer outnumber
    those inside (`relief`: units of a relief force standing there, not inside)."""
    siege = s["sieges"].get(space)
    if not siege or siege["besieger"] not in (power, s["minor_allies"].get(power)):
        return False
    inside = sum(st.land_units_at(s, space, p) for p in siege["inside"]) - relief
    return mu.side_land_units(s, space, siege["besieger"]) <= inside


def leave_siege(g: Game, power: str, space: str, relief: int = 0) -> bool:
    """15.3 once some of `power`'s units left `space` (a move, an interception, avoiding battle, an event):
    with no besieger left the siege is lifted; with besiegers no longer outnumbering those inside it is
    broken and they retreat. True when their retreat asks where (control has passed to that question)."""
    if mu.siege_abandoned(g.state, space, power):
        del g.state["sieges"][space]
        g.log(f"The siege of {space_name(space)} is lifted.")
    elif outnumbered(g.state, space, power, relief):
        return break_siege(g, space, g.state["sieges"][space]["besieger"])
    return False


def sieges_left(g: Game) -> None:
    """15.3 for each [power, space] of `queue` in turn, once an event took units away: each broken siege's
    retreat is asked before the next is looked at."""
    queue = g.local["queue"]
    while queue:
        power, space = queue.pop(0)
        if leave_siege(g, power, space):
            g.again()
            return


FLOW.procedure("sieges_left", sieges_left)


def break_siege(g: Game, space: str, attacker: str) -> bool:
    """15.3: the besiegers no longer outnumber the units inside: the siege ends and the besiegers left retreat
    at no cost where they choose (eliminated, their leaders captured, when nowhere qualifies). True when the
    besieger is asked where."""
    s = g.state
    del s["sieges"][space]
    g.log(f"The siege of {space_name(space)} is broken.")
    if not mu.side_land_units(s, space, attacker):
        return False
    from .battle import retreat_spaces
    options = retreat_spaces(s, attacker, space, attacker=False, origin="")
    if len(options) > 1 and attacker in MAJORS:            # 15.3: the besieger chooses where
        g.call("broken_siege_retreat", role=attacker, space=space, options=options)
        return True
    for power in mu.attacking_powers(s, space, attacker):   # its minors' units go with it (22.3 ①)
        units, leaders = fx.land_of(st.units_at(s, space, power)), fx.army_leaders_at(s, space, power)
        if options:
            fx.move_pieces(s, power, space, options[0], units, leaders)
        else:
            for kind, n in units.items():
                st.add_units(s, space, power, kind, -n)
            for leader in leaders:
                fx.capture(g, leader, st.controller(s, space))
    if options:
        g.log(f"{power_name(attacker)} falls back to {space_name(options[0])}.")
    return False


def after_assault(g: Game) -> None:
    from .minors import check_hungary
    record.note_assault_result(g.state, g.local["space"], g.local["role"])
    cc.end(g.state)
    check_hungary(g)                       # 22.5: checked after every assault


def before_assault(g: Game) -> None:
    from .responses import before_assault as ask
    ask(g)                                 # 15.1 step 2: Landsknechts, Swiss Mercenaries (responses.py)


def assault_rolled(g: Game) -> None:
    from .responses import assault_rolled as ask
    if "defender_hits" in g.local:
        ask(g)                                 # 15.1 step 8: Siege Artillery (responses.py)


def weather(g: Game) -> None:
    from .responses import assault_announced
    if not g.local.get("by_event"):        # an event's assault spends no CP: nothing to answer (#105)
        assault_announced(g)               # 15.1 step 2: Foul Weather, Gout (responses.py)


def hindered(g: Game) -> None:
    from .responses import hindered as stopped
    if stopped(g.state):                   # the assault's 1 CP is lost
        g.end()


FLOW.procedure("assault", weather, hindered, before_assault, choose_assault_formation, open_assault_cards, cc.declare, roll_assault,
               assault_rolled, assault_losses, take_losses, settle_assault, after_assault)

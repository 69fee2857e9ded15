"""Here I Stand: the field battle (rule 14) and retreat (14.1).

    field_battle: response cards (responses.py) › combat cards (combat_cards.py) › roll › Janissaries › result
                  › losses (each power allocates its own) › captures
                  › retreat of the loser › siege check

`state["battle"]` holds the battle being fought (public): the sides, their dice, rolls and hits.
"""

from __future__ import annotations

from rules.core import rng
from rules.core.wording import plural
from rules.core.flow import Decision, Game, act

from . import combat_cards as cc
from . import forces as fx
from . import minor_units as mu
from . import record
from . import state as st
from .data import MAJORS, load, space_name
from .turn import FLOW, power_name

LOSS_ORDER = ("mercenary", "cavalry", "regular")   # the automatic choice for powers nobody plays


def defenders(s: st.State, space: str, attacker: str) -> list[str]:
    inside = s["sieges"].get(space, {}).get("inside", [])
    return [p for p in fx.enemy_land_powers(s, space, attacker) if p not in inside]


def side_units(s: st.State, space: str, powers: list[str]) -> int:
    return sum(st.land_units_at(s, space, p) for p in powers)


def side_leaders(s: st.State, space: str, powers: list[str]) -> list[str]:
    return [l for p in powers for l in fx.army_leaders_at(s, space, p)]


def open_combat_cards(g: Game) -> None:
    """14 steps 4–5: the attacker, then each defending power, may play combat cards (combat_cards.py)."""
    s, space, attacker = g.state, g.local["space"], g.local["attacker"]
    sides = [p for p in defenders(s, space, attacker)]
    s["battle"] = {"space": space, "attacker": attacker, "origin": g.local["origin"], "defenders": sides,
                   "attackers": mu.attacking_powers(s, space, attacker)}      # 22.3 ①: with its minors' units
    cc.begin(s, cc.FIELD, space, s["battle"]["attackers"], sides)


def side_powers(b: dict, which: str) -> list[str]:
    return b.get("attackers", [b["attacker"]]) if which == "attacker" else b["defenders"]


def roll_side(s: st.State, b: dict, which: str) -> None:
    """14 steps 2–3, 6: units + best battle rating (defender +1) + the combat cards' dice; 5–6 hit. A side
    left without units (after a Surprise Attack) rolls nothing."""
    powers = side_powers(b, which)
    units = side_units(s, b["space"], powers)
    dice = max(units + fx.best_battle(side_leaders(s, b["space"], powers)) + (which == "defender")
               + cc.card_dice(s, which), 0) if units else 0
    roll, hits = cc.roll_side(s, which, dice) if units else ([], 0)
    b.update({f"{which}_units": units, f"{which}_dice": dice, f"{which}_roll": sorted(roll[:dice], reverse=True),
              f"{which}_hits": hits})


def roll_battle(g: Game) -> None:
    """14 step 6; with Surprise Attack the surprising side rolls first and the other removes its losses
    before it rolls (its own losses are then already taken)."""
    s, b = g.state, g.state["battle"]
    first = cc.surprise_side(s)
    if first and not g.local.get("surprised"):
        other = "defender" if first == "attacker" else "attacker"
        roll_side(s, b, first)
        g.local["surprised"] = other
        hits = min(b[f"{first}_hits"], side_units(s, b["space"], side_powers(b, other)))
        g.log(f"Surprise Attack: the {first} rolls first: {' '.join(map(str, b[f'{first}_roll']))} — "
              f"{plural(b[f'{first}_hits'], 'hit')}; the {other} removes its losses before it rolls.")
        g.again()
        g.call("surprise_losses", space=b["space"], losses=split_losses(s, b["space"], side_powers(b, other), hits))
        return
    for which in ("attacker", "defender"):
        if which != first:
            roll_side(s, b, which)


def decide_battle(g: Game) -> None:
    """14 steps 8–9: more hits win, ties to the defender; if both sides would be wiped out the side with
    more dice (ties: the defender) keeps one unit."""
    s, b = g.state, g.state["battle"]
    space, attacker, sides = b["space"], b["attacker"], b["defenders"]
    attackers = b.get("attackers", [attacker])
    a_units, d_units = b.pop("attacker_units"), b.pop("defender_units")
    a_words = fx.dice_words(b["attacker_dice"], plural(a_units, "unit"), side_leaders(s, space, attackers),
                            extras=cc.card_words(s, "attacker")) if a_units else cc.NO_UNITS_LEFT
    d_words = fx.dice_words(b["defender_dice"], plural(d_units, "unit"), side_leaders(s, space, sides),
                            defender=True, extras=cc.card_words(s, "defender")) if d_units else cc.NO_UNITS_LEFT
    a_shown, d_shown = cc.add_extra_hits(s, b)
    a_hits, d_hits, a_dice, d_dice = b["attacker_hits"], b["defender_hits"], b["attacker_dice"], b["defender_dice"]
    a_loss, d_loss = min(d_hits, a_units), min(a_hits, d_units)
    surprised = g.local.pop("surprised", None)
    if surprised:                                          # its losses were taken before it rolled
        a_loss, d_loss = (0, d_loss) if surprised == "attacker" else (a_loss, 0)
    elif a_loss == a_units and d_loss == d_units:
        if a_dice > d_dice:
            a_loss -= 1
        else:
            d_loss -= 1
    winner = "attacker" if a_hits > d_hits else "defender"
    b["winner"] = winner
    record.note_battle(s, "field_battle", b, space, sides, side_leaders(s, space, [attacker]),
                       side_leaders(s, space, sides), attacker_units=a_units, defender_units=d_units,
                       cards=cc.played_words(s))
    names = " and ".join(load().power(p).name for p in sides)
    extra = cc.extra_roll_words(s)
    g.log(f"Field battle at {space_name(space)}: {power_name(attacker)} rolls {a_words}: "
          f"{' '.join(map(str, b['attacker_roll']))} — {plural(a_shown, 'hit')}; {names} "
          f"roll{'s' if len(sides) == 1 else ''} {d_words}: {' '.join(map(str, b['defender_roll']))} — "
          f"{plural(d_shown, 'hit')}.{extra} The {winner} wins"
          f"{cc.tie_words(a_hits, d_hits, bool(extra))}.")
    g.local["losses"] = split_losses(s, space, attackers, a_loss) + split_losses(s, space, sides, d_loss)


def split_losses(s: st.State, space: str, powers: list[str], hits: int) -> list[list]:
    """9.2 effect 3: allied defenders share losses as evenly as possible; an odd hit goes by a die."""
    share = {p: 0 for p in powers}
    order = [p for p in MAJORS + tuple(q for q in powers if q not in MAJORS) if p in powers]
    if len(order) > 1 and hits % len(order):
        first = rng.randbelow(s, len(order))
        order = order[first:] + order[:first]
    left = hits
    while left > 0:
        progressed = False
        for p in order:
            if left and share[p] < st.land_units_at(s, space, p):
                share[p] += 1
                left -= 1
                progressed = True
        if not progressed:
            break
    return [[p, n] for p, n in share.items() if n]


def take_losses(g: Game) -> None:
    """14 step 9: each power removes its losses, choosing which units when it has a choice."""
    s, space = g.state, g.local["space"]
    while g.local["losses"]:
        power, count = g.local["losses"][0]
        here = fx.land_of(st.units_at(s, space, power))
        if count <= 0 or not here:
            g.local["losses"].pop(0)
            continue
        if power in MAJORS and len(here) > 1:
            g.local["losses"].pop(0)
            g.again()
            g.call("losses", role=power, space=space, count=count)
            return
        kind = next(k for k in LOSS_ORDER if k in here)
        st.add_units(s, space, power, kind, -1)
        g.local["losses"][0][1] -= 1
        g.log(f"{load().power(power).name} loses a {kind}.")


@FLOW.decision("losses")
class Losses(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: remove {g.local['count']} more unit{'s' if g.local['count'] != 1 else ''} " \
               f"at {space_name(g.local['space'])}."

    def actions(self, g, role):
        for kind in sorted(fx.land_of(st.units_at(g.state, g.local["space"], role))):
            yield act("lose", kind, label=f"Remove a {kind}")

    def on_lose(self, g, role, kind):
        st.add_units(g.state, g.local["space"], role, kind, -1)
        g.local["count"] -= 1
        g.log(f"{power_name(role)} loses a {kind}.")
        if g.local["count"] <= 0 or not fx.land_of(st.units_at(g.state, g.local["space"], role)):
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def captures(g: Game) -> None:
    """14 step 10: leaders of a side left without units are captured by the other side."""
    s, b = g.state, g.state["battle"]
    space = b["space"]
    sides = {"attacker": b.get("attackers", [b["attacker"]]), "defender": b["defenders"]}
    for side, powers in sides.items():
        other = sides["defender" if side == "attacker" else "attacker"]
        if side_units(s, space, powers) == 0:
            captor = next((p for p in MAJORS if p in other), other[0])
            for leader in side_leaders(s, space, powers):
                fx.capture(g, leader, captor)


# ---- 14.1 retreat ---------------------------------------------------------------------------------------
def retreat_spaces(s: st.State, power: str, space: str, *, attacker: bool, origin: str) -> list[str]:
    """14.1 conditions 1–5."""
    candidates = [origin] if attacker else [sp for sp in load().adjacent(space) if sp != origin]
    out = []
    for sp in candidates:
        owner = st.controller(s, sp)
        if sp in s["unrest"] or owner in (None, "independent"):
            continue
        if not s["league_formed"] and sp in load().electorates:     # 21.6: no retreat into electorates
            continue
        if owner != power and not st.allied(s, power, owner):
            continue
        if any(fx.hostile(s, power, p) for p in fx.powers_with_land_units(s, sp) if p != power):
            continue
        out.append(sp)
    return out


SHELTER_LIMIT = 4      # 14.1: up to 4 land units (and any leaders) may withdraw inside


def may_shelter(s: st.State, powers: list[str], space: str) -> bool:
    """14.1: a fortified space the losing side (or an ally of it) controls."""
    owner = st.controller(s, space)
    return st.fortified(s, space) and any(owner == p or st.allied(s, p, owner) for p in powers)


def retreats(g: Game) -> None:
    """14.1 / 9.2 effect 3: each power of the losing side, in impulse order, shelters up to 4 land units in
    all inside a fortification its side controls and retreats the rest to a legal space of its choice
    (allies may go their own ways); with nowhere to go its units are eliminated."""
    s, b = g.state, g.state["battle"]
    if "retreat_queue" not in g.local:
        from .relief import relief_retreat
        if relief_retreat(g):                                        # 15.2 outcomes 2-3
            g.local["retreat_queue"] = []
            from .relief import send_back
            for minor in b.get("attackers", [])[1:]:                 # 22.3 ①: the minors' relievers go back
                send_back(g, minor, fx.land_of(st.units_at(s, b["space"], minor)), [])
            return
        is_attacker = b["winner"] == "defender"
        losers = list(b.get("attackers", [b["attacker"]])) if is_attacker else list(b["defenders"])
        losers = [p for p in losers if st.land_units_at(s, b["space"], p) or fx.army_leaders_at(s, b["space"], p)]
        from .minors import inactive, stand_fast
        for power in [p for p in losers if inactive(s, p)]:        # 22.1 4, 22.6: they never retreat
            stand_fast(g, power, b["space"])
        losers = [p for p in losers if not inactive(s, p)]
        move = s["move"] or {}
        if is_attacker and (move.get("moved_on") or move.get("by_sea")):  # 13.4 choice 1, 16.3 step 4: no retreat
            for power in losers:
                eliminate(g, power)
            losers = []
        b["shelter_room"] = SHELTER_LIMIT if not is_attacker and may_shelter(s, losers, b["space"]) else 0
        g.local["retreat_queue"] = losers
    from .minors import patron
    is_attacker = b["winner"] == "defender"
    while g.local["retreat_queue"]:
        power = g.local["retreat_queue"].pop(0)
        options = retreat_spaces(s, power, b["space"], attacker=is_attacker, origin=b["origin"])
        chooser = patron(s, power)                                  # 22.3: an active minor's ally
        room = b["shelter_room"]
        if chooser and (len(options) > 1 or (options and room) or shelter_pick_needed(s, power, room)):
            g.again()
            g.call("retreat", role=chooser, power=power, options=options)
            return
        if room:
            rest = shelter_inside(g, power)
            if rest:
                settle_rest(g, power, options, rest)
        elif options:
            retreat_to(g, [power], options[0])
        else:
            eliminate(g, power)


def settle_rest(g: Game, power: str, options: list[str], rest: dict[str, int]) -> None:
    if options:
        retreat_to(g, [power], options[0], units=rest)
    else:
        eliminate(g, power, units=rest)


def retreat_to(g: Game, powers: list[str], dest: str, units: dict[str, int] | None = None) -> None:
    s, space = g.state, g.state["battle"]["space"]
    for power in powers:
        moving = units if units is not None else fx.land_of(st.units_at(s, space, power))
        leaders = fx.army_leaders_at(s, space, power) if units is None else []
        fx.move_pieces(s, power, space, dest, moving, leaders)
        s["impulse_locks"].append([power, dest])
        record.forget_beaten(s, power, space, moving)
        record.note_beaten(s, power, dest, moving)                 # 13.3 step 4
    names = " and ".join(load().power(p).name for p in powers)
    g.log(f"{names} retreat{'s' if len(powers) == 1 else ''} to {space_name(dest)}.")


SHELTER_ORDER = ("regular", "cavalry", "mercenary")    # the default pick (DECISIONS.md 431)


def shelter_pick_needed(s: st.State, power: str, room: int) -> bool:
    """14.1: the owner picks who goes inside when only some fit and they are of several types."""
    here = fx.land_of(st.units_at(s, s["battle"]["space"], power))
    return bool(room) and sum(here.values()) > room and len(here) > 1


def shelter_inside(g: Game, power: str, chosen: dict[str, int] | None = None) -> dict[str, int]:
    """Up to the room left (4 land units in all) go inside, with every leader; returns those left out
    (the owner's `chosen`, else regulars first, then cavalry, then mercenaries)."""
    s, b = g.state, g.state["battle"]
    here = fx.land_of(st.units_at(s, b["space"], power))
    room, rest = b["shelter_room"], {}
    for kind in SHELTER_ORDER:
        take = min(here.get(kind, 0), room if chosen is None else chosen.get(kind, 0))
        room -= take
        if here.get(kind, 0) - take:
            rest[kind] = here[kind] - take
    b["shelter_room"] = room
    siege = s["sieges"].setdefault(b["space"], {"besieger": b["attacker"], "inside": [], "new": True})
    if power not in siege["inside"]:
        siege["inside"].append(power)
    left = f" ({sum(rest.values())} left outside)" if rest else ""
    g.log(f"{load().power(power).name} withdraws into the fortifications of {space_name(b['space'])}{left}.")
    return rest


def eliminate(g: Game, power: str, units: dict[str, int] | None = None) -> None:
    """14.1: with no legal retreat the units are eliminated and the leaders captured."""
    s, b = g.state, g.state["battle"]
    space = b["space"]
    for kind, n in (units if units is not None else fx.land_of(st.units_at(s, space, power))).items():
        st.add_units(s, space, power, kind, -n)
    if units is not None:
        g.log(f"{load().power(power).name}'s units left outside {space_name(space)} have nowhere to retreat and "
              "are eliminated.")
        return
    captor = b["attacker"] if power != b["attacker"] else next((p for p in MAJORS if p in b["defenders"]),
                                                               b["defenders"][0])
    for leader in fx.army_leaders_at(s, space, power):
        fx.capture(g, leader, captor)
    g.log(f"{load().power(power).name} has nowhere to retreat: its units at {space_name(space)} are eliminated.")


@FLOW.decision("retreat")
class Retreat(Decision):
    def prompt(self, g, role):
        who = g.local["power"]
        whose = "" if who == role else f" ({power_name(who)}'s units)"
        return f"{power_name(role)} lost the battle at {space_name(g.state['battle']['space'])}: retreat{whose}."

    def actions(self, g, role):
        room = g.state["battle"]["shelter_room"]
        picks = g.local.get("sheltering")
        if picks is not None:                         # 14.1: which units go inside, one at a time
            here = fx.land_of(st.units_at(g.state, g.state["battle"]["space"], g.local["power"]))
            for kind in SHELTER_ORDER:
                if here.get(kind, 0) > picks.get(kind, 0):
                    yield act("in", kind, label=f"Put a {kind} inside ({sum(picks.values()) + 1} of {room})")
            return
        if room:
            yield act("inside", label=f"Withdraw into the fortifications (up to {room} more units; the rest retreat)")
        for sp in g.local["options"]:
            yield act("to", sp, label=f"Retreat to {space_name(sp)}")

    def on_inside(self, g, role):
        if shelter_pick_needed(g.state, g.local["power"], g.state["battle"]["shelter_room"]):
            g.local["sheltering"] = {}
            return
        self.sheltered(g, shelter_inside(g, g.local["power"]))

    def on_in(self, g, role, kind):
        picks = g.local["sheltering"]
        picks[kind] = picks.get(kind, 0) + 1
        if sum(picks.values()) >= g.state["battle"]["shelter_room"]:
            self.sheltered(g, shelter_inside(g, g.local["power"], chosen=g.local.pop("sheltering")))

    def sheltered(self, g, rest):
        if not rest:
            g.end()
        elif len(g.local["options"]) > 1:
            g.local["rest"] = rest                    # the units left outside still retreat: where?
        else:
            settle_rest(g, g.local["power"], g.local["options"], rest)
            g.end()

    def on_to(self, g, role, space):
        rest = g.local.get("rest")
        retreat_to(g, [g.local["power"]], space, units=rest)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def siege_check(g: Game) -> None:
    """14 step 12: after a won battle in a fortified space, besiege if the attacker outnumbers those
    inside; otherwise it goes back where it came from (15.3)."""
    s, b = g.state, g.state["battle"]
    space, attacker = b["space"], b["attacker"]
    siege = s["sieges"].get(space)
    owner = st.controller(s, space)
    side = b.get("attackers", [attacker])
    attackers = side_units(s, space, side)
    if b["winner"] == "attacker" and st.fortified(s, space) and owner != attacker and attackers \
            and not st.friendly(s, attacker, space):                 # a relieved ally's fortress is no siege
        inside = side_units(s, space, siege["inside"]) if siege else 0
        if attackers > inside:
            s["sieges"][space] = {"besieger": attacker, "inside": siege["inside"] if siege else [], "new": True}
            s["impulse_locks"].append([attacker, space])
            g.log(f"{power_name(attacker)} lays siege to {space_name(space)}.")
        else:
            for power in side:
                units, leaders = fx.land_of(st.units_at(s, space, power)), fx.army_leaders_at(s, space, power)
                fx.move_pieces(s, power, space, b["origin"], units, leaders)
            if siege and siege["besieger"] == attacker:
                del s["sieges"][space]
            g.log(f"{power_name(attacker)} cannot besiege {space_name(space)} and returns to "
                  f"{space_name(b['origin'])}.")
    for other, laid in list(s["sieges"].items()):       # 15.3: besiegers beaten off or destroyed
        if not mu.side_land_units(s, other, laid["besieger"]):
            del s["sieges"][other]
            g.log(f"The siege of {space_name(other)} is broken.")
    s["battle"] = None
    cc.end(s)


def after_battle(g: Game) -> None:
    from .minors import check_hungary
    check_hungary(g)                       # 22.5: checked after every field battle


def relief_choice(g: Game) -> None:
    from .relief import relief_choice as choose
    choose(g)                              # 15.2: a relief force's besieged comrades join or stay out


def relief_restore(g: Game) -> None:
    from .relief import restore
    restore(g)


FLOW.procedure("surprise_losses", take_losses)
def before_battle(g: Game) -> None:
    from .responses import before_battle as ask
    ask(g)                                 # 14 step 1: Landsknechts, Swiss Mercenaries (responses.py)


FLOW.procedure("field_battle", relief_choice, before_battle, open_combat_cards, cc.declare, roll_battle,
               cc.janissaries_window, decide_battle, take_losses, captures, relief_restore, retreats, siege_check, after_battle)

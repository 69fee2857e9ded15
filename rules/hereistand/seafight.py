"""Here I Stand: naval combat (16.2).

    naval_battle: combat cards (combat_cards.py) › roll › Janissaries › result › losses (each major power chooses which of its units go)
                  › retreat › leaders left without ships to the next turn's box

Called from a naval move (16.1 step 7) with `location`, `attacker` (the active power) and `defender`.
`state["naval"]["battle"]` (public) holds the dice, rolls, hits and winner while it is fought.
"""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, Game, act

from . import combat_cards as cc
from . import fleets as nv
from . import record
from . import state as st
from .data import MAJORS, load
from .turn import FLOW, power_name


def piece_name(owner: str, kind: str) -> str:
    if kind == "corsair":
        return "an Ottoman corsair"
    return f"a {load().power(nv.lender(kind) or owner).name} squadron"


def open_cards(g: Game) -> None:
    """16.2 steps 3–4: the attacker, then the defender, may declare combat cards (combat_cards.py)."""
    attacker, defender = g.local["attacker"], g.local["defender"]
    nv.naval(g.state)["battle"] = {"location": g.local["location"], "attacker": attacker, "defender": defender}
    cc.begin(g.state, cc.NAVAL, g.local["location"], [attacker], [defender])


def roll(g: Game) -> None:
    """16.2 steps 1–2, 5, 7: 1 die per corsair, 2 per squadron, + the best naval leader; the defender +1 in a
    port; 5–6 hit; more hits win, ties to the defender."""
    s, loc = g.state, g.local["location"]
    attacker, defender = g.local["attacker"], g.local["defender"]
    a_dice = nv.dice(s, loc, attacker) + cc.card_dice(s, "attacker")
    d_dice = nv.dice(s, loc, defender) + (0 if nv.is_sea(loc) else 1) + cc.card_dice(s, "defender")
    a_roll, d_roll = rng.roll(s, a_dice), rng.roll(s, d_dice)
    a_hits, d_hits = sum(1 for d in a_roll if d >= 5), sum(1 for d in d_roll if d >= 5)
    nv.naval(s)["battle"].update(attacker_dice=a_dice, defender_dice=d_dice, attacker_roll=sorted(a_roll, reverse=True),
                                 defender_roll=sorted(d_roll, reverse=True), attacker_hits=a_hits, defender_hits=d_hits)


def decide(g: Game) -> None:
    """16.2 steps 7–8: more hits win (with Janissaries' dice after the roll), ties to the defender."""
    s, loc = g.state, g.local["location"]
    attacker, defender = g.local["attacker"], g.local["defender"]
    b = nv.naval(s)["battle"]
    a_shown, d_shown = cc.add_extra_hits(s, b)
    a_hits, d_hits, a_dice, d_dice = b["attacker_hits"], b["defender_hits"], b["attacker_dice"], b["defender_dice"]
    winner = attacker if a_hits > d_hits else defender
    b["winner"] = winner
    record.note_battle(s, "naval_battle", b, loc, [defender], nv.naval_leaders(s, loc, attacker),
                       nv.naval_leaders(s, loc, defender), attacker_units=sum(nv.pieces(s, loc, attacker).values()),
                       defender_units=sum(nv.pieces(s, loc, defender).values()), cards=cc.played_words(s))
    hits = lambda n: f"{n} hit{'s' if n != 1 else ''}"   # noqa: E731
    extra = cc.extra_roll_words(s)
    a_words = nv.dice_words(s, loc, attacker, extras=cc.card_words(s, "attacker"), card_dice=cc.card_dice(s, "attacker"))
    d_words = nv.dice_words(s, loc, defender, not nv.is_sea(loc), extras=cc.card_words(s, "defender"),
                            card_dice=cc.card_dice(s, "defender"))
    g.log(f"Naval battle in {nv.location_name(loc)}: {power_name(attacker)} rolls {a_words}: "
          f"{' '.join(map(str, b['attacker_roll']))} — {hits(a_shown)}; "
          f"{load().power(defender).name} rolls {d_words}: "
          f"{' '.join(map(str, b['defender_roll']))} — {hits(d_shown)}.{extra} {load().power(winner).name} wins"
          f"{cc.tie_words(a_hits, d_hits, bool(extra))}.")
    drawn = g.local.get("clash") and a_hits == d_hits        # 9.6: nobody lost, both withdraw
    need = {attacker: loss_points(d_hits, winner == attacker or drawn),
            defender: loss_points(a_hits, winner == defender or drawn)}
    capacity = {p: capacity_of(nv.pieces(s, loc, p)) for p in (attacker, defender)}
    if need[attacker] >= capacity[attacker] and need[defender] >= capacity[defender]:
        keeper = attacker if a_dice > d_dice else defender                # step 8: one squadron survives
        found = nv.pieces(s, loc, keeper)
        need[keeper] = capacity[keeper] - (2 if nv.squadrons(found) else 1)
    g.local["losses"] = [[attacker, need[attacker]], [defender, need[defender]]]
    g.local["winner"] = winner


def loss_points(hits: int, won: bool) -> int:
    """Step 8: a squadron per 2 hits (a corsair per hit); the winner ignores an odd hit, the loser loses one
    more squadron for it (a corsair may take it)."""
    return hits - hits % 2 if won else hits


def capacity_of(found: dict) -> int:
    return 2 * nv.squadrons(found) + nv.corsairs(found)


def worth(kind: str) -> int:
    return 1 if kind == "corsair" else 2


def take_losses(g: Game) -> None:
    """Each side removes units until their worth covers its hits; a major power with more than one kind of
    unit there (its own, a minor's, a loaned squadron, corsairs) chooses."""
    s, loc = g.state, g.local["location"]
    while g.local["losses"]:
        power, need = g.local["losses"][0]
        found = nv.pieces(s, loc, power)
        if need <= 0 or not found:
            g.local["losses"].pop(0)
            continue
        if power in MAJORS and len(found) > 1:
            g.local["losses"].pop(0)
            g.again()
            g.call("naval_losses", role=power, location=loc, need=need)
            return
        (owner, kind), _ = next(iter(found.items()))
        lose(g, loc, owner, kind)
        g.local["losses"][0][1] -= worth(kind)


def lose(g: Game, loc: str, owner: str, kind: str) -> None:
    nv.to_box(g.state, owner, kind, loc)
    g.log(f"{piece_name(owner, kind).capitalize()} is lost.")


@FLOW.decision("naval_losses")
class NavalLosses(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: {g.local['need']} more hit{'s' if g.local['need'] != 1 else ''} to take in "
                f"{nv.location_name(g.local['location'])} (a squadron takes 2, a corsair 1).")

    def actions(self, g, role):
        for owner, kind in sorted(nv.pieces(g.state, g.local["location"], role)):
            yield act("lose", owner, kind, label=f"Remove {piece_name(owner, kind)}")

    def on_lose(self, g, role, owner, kind):
        lose(g, g.local["location"], owner, kind)
        g.local["need"] -= worth(kind)
        if g.local["need"] <= 0 or not nv.pieces(g.state, g.local["location"], role):
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- step 9: retreat ------------------------------------------------------------------------------------------
def retreat_options(s: st.State, power: str, loc: str) -> list[str]:
    """From a port: an adjacent sea zone with no enemy naval units. From a sea zone: also a port the side
    controls (with no enemy naval units in it)."""
    out = []
    for nxt in nv.neighbours(loc):
        if nv.enemy_naval_at(s, power, nxt):
            continue
        if nv.is_sea(nxt) or nv.own_port(s, power, nxt):
            out.append(nxt)
    return out


def retreat(g: Game) -> None:
    """In a port the attacker always leaves; at sea the loser does — both, on a tie in a clash at the outbreak
    of a war (9.6). Nowhere to go: the units are lost."""
    s, loc = g.state, g.local["location"]
    attacker, defender, winner = g.local["attacker"], g.local["defender"], g.local["winner"]
    if "movers" not in g.local:
        b = nv.naval(s)["battle"]
        if g.local.get("clash") and b["attacker_hits"] == b["defender_hits"]:
            g.local["movers"] = [attacker, defender]
        else:
            g.local["movers"] = [attacker if not nv.is_sea(loc) or winner == defender else defender]
    while g.local["movers"]:
        mover = g.local["movers"].pop(0)
        if not nv.pieces(s, loc, mover):
            continue
        options = retreat_options(s, mover, loc)
        if len(options) > 1 and mover in MAJORS:
            g.again()
            g.call("naval_retreat", role=mover, location=loc, options=options)
            return
        if options:
            withdraw(g, mover, loc, options[0])
        else:
            for (owner, kind), n in nv.pieces(s, loc, mover).items():
                nv.to_box(s, owner, kind, loc, n)
            g.log(f"{load().power(mover).name}'s fleet in {nv.location_name(loc)} has nowhere to retreat and is lost.")


def withdraw(g: Game, power: str, loc: str, dest: str) -> None:
    s = g.state
    nv.shift_side(s, power, loc, dest)
    if nv.naval(s)["battle"]["winner"] != power:
        nv.naval(s)["locks"].append([power, dest])          # 16.1 restriction 4
    g.log(f"{load().power(power).name}'s fleet retreats from {nv.location_name(loc)} to {nv.location_name(dest)}.")


@FLOW.decision("naval_retreat")
class NavalRetreat(Decision):
    def prompt(self, g, role):
        return f"{power_name(role)}: retreat your fleet from {nv.location_name(g.local['location'])}."

    def actions(self, g, role):
        for loc in g.local["options"]:
            yield act("to", loc, label=f"Retreat to {nv.location_name(loc)}")

    def on_to(self, g, role, dest):
        withdraw(g, role, g.local["location"], dest)
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def leaders_home(g: Game) -> None:
    """Step 10: naval leaders whose side has no units left there go to the next turn's box."""
    s, loc = g.state, g.local["location"]
    for leader in nv.strand_leaders(s, loc):
        g.log(f"{load().leader(leader).name} has lost every ship and returns next turn.")
    nv.naval(s)["battle"] = None
    cc.end(s)


def rowers(g: Game) -> None:
    from .responses import naval_rolled
    naval_rolled(g)                        # 16.2 step 6: Professional Rowers (responses.py)


FLOW.procedure("naval_battle", open_cards, cc.declare, roll, cc.janissaries_window, rowers, decide, take_losses,
               retreat, leaders_home)


# ---- 9.6: a war breaking out between fleets sharing a sea zone -------------------------------------------------------
def clash_queue(g: Game) -> None:
    """9.6: squadrons of powers newly at war in the same sea zone fight at once (the declarer attacks)."""
    s = g.state
    power = g.local["power"]
    g.local["clashes"] = [[zone, enemy] for zone in sorted(load().sea_zones) if nv.pieces(s, zone, power)
                          for enemy in g.local["enemies"] if nv.pieces(s, zone, enemy) and nv.at_war(s, power, enemy)]


def clash_next(g: Game) -> None:
    s = g.state
    while g.local["clashes"]:
        zone, enemy = g.local["clashes"].pop(0)
        if nv.pieces(s, zone, g.local["power"]) and nv.pieces(s, zone, enemy):
            g.again()
            g.call("naval_battle", location=zone, attacker=g.local["power"], defender=enemy, clash=True)
            return


def clash_then_activate(g: Game) -> None:
    """22.2 activation method 1 (DECISIONS 422): a minor the declaration protects joins its ally once the
    9.6 clashes are fought."""
    after = g.local.get("activate")
    if after:
        from .minors import activate_in_place
        activate_in_place(g, *after)


FLOW.procedure("sea_clashes", clash_queue, clash_next, clash_then_activate)

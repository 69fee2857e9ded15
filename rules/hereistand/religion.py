"""Here I Stand: the religious map (rules 2.3–2.5, 18.2–18.4, 21.6) — the base of every religious rule.

A space's religion (`state["religion"]` lists the Protestant spaces), its language zone, flipping a space
with everything that goes with it (electorate control and Protestant regulars before and after the
Schmalkaldic League, 21.6), the targets of reformation and counter-reformation attempts (18.3 / 18.4 step
1), the dice of each side with every modifier named, and one attempt resolved (steps 4–8). No flow here:
the procedures that ask players are in `reformation.py`.

State kept here: `religion`, `reformers` (reformer -> space, those on the map), `electorate_display`
(electorate -> Protestant regulars still waiting, 21.6), `universities` (Jesuit universities),
`translations` (language -> {"new_testament", "full_bible"} boxes), `targeted` (spaces targeted this
impulse, 18.3: once each).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import cards, rng

from . import state as st
from .data import load

ZONES = ("german", "french", "english")            # the zones of treatises, translations and debates
ZONE_NAMES = {"german": "German", "french": "French", "english": "English", "italian": "Italian",
              "spanish": "Spanish"}
PROTESTANT, CATHOLIC = "protestant", "catholic"
TIE_RULERS = ("paul-iii", "julius-iii")            # 18.4: the Papacy wins ties and rolls automatic successes
PRINTING_PRESS = "printing_press"                  # modifier name: +1 die on every reformation this turn
AUGSBURG = "augsburg_confession"                   # modifier name: -1 on each Papal die this turn


def space_name(space: str) -> str:
    return load().space(space).name


def zone_of(space: str) -> str | None:
    return load().space(space).language_zone


def zone_name(zone: str | None) -> str:
    return ZONE_NAMES[zone] if zone else "every"


def is_protestant(s: st.State, space: str) -> bool:
    return space in s["religion"]


def is_catholic(s: st.State, space: str) -> bool:
    """Catholic: in play, of Catholic faith (Ottoman home spaces never change, 2.3) and not Protestant."""
    return (load().space(space).faith == CATHOLIC and space not in s["religion"]
            and s["control"].get(space) is not None)


def protestant_count(s: st.State, *, count_unrest: bool = True) -> int:
    return sum(1 for sp in s["religion"] if count_unrest or sp not in s["unrest"])


def religious_victory_reached(s: st.State) -> bool:
    """23.1: more than 50 Protestant spaces, spaces in unrest not counted (DECISIONS.md 505)."""
    return protestant_count(s, count_unrest=False) > 50


def reformers_at(s: st.State, space: str) -> list[str]:
    return sorted(r for r, where in s.get("reformers", {}).items() if where == space)


def reformer_name(reformer: str) -> str:
    return load().reformers[reformer]["name"]


REFORMER_TURNS = {"zwingli": 2, "calvin": 4}      # 8.2: Luther comes with the 95 Theses, Cranmer with Anne Boleyn


def place_reformer(s: st.State, reformer: str) -> list[str]:
    """8.2 / 2.5: a reformer is placed in its home space, which turns Protestant (unless it already is)."""
    space = load().reformers[reformer]["space"]
    s.setdefault("reformers", {})[reformer] = space
    lines = [f"{reformer_name(reformer)} arrives in {space_name(space)}."]
    if is_catholic(s, space):
        lines += flip(s, space, PROTESTANT)
    return lines


def reformer_arrivals(s: st.State) -> list[str]:
    """8.2 step 1: the reformers whose turn has come (Zwingli on turn 2, Calvin on turn 4)."""
    lines: list[str] = []
    for reformer, turn in REFORMER_TURNS.items():
        if s["turn"] == turn and reformer not in s.get("reformers", {}) \
                and reformer not in s.get("reformers_gone", []):
            lines += place_reformer(s, reformer)
    return lines


# ---- flipping a space (18.3 step 8, 21.6) -----------------------------------------------------------------
def flip(s: st.State, space: str, religion: str) -> list[str]:
    """Make `space` Protestant or Catholic, keeping control, electorates and Protestant regulars exact.

    21.6: before the League an electorate's control follows its religion (Protestant when it turns
    Protestant, back to the Hapsburg when it turns Catholic; DECISIONS.md 500) and its waiting regulars
    enter from the electorate display; after the League they enter only when the Protestant also controls
    it. Returns the sentences for the log."""
    if religion not in (PROTESTANT, CATHOLIC):
        raise ValueError(f"unknown religion {religion!r}")
    name = space_name(space)
    if religion == PROTESTANT:
        if space in s["religion"] or not is_catholic(s, space):
            raise ValueError(f"{name} cannot become Protestant")
        s["religion"] = sorted([*s["religion"], space])
        lines = [f"{name} becomes Protestant."]
    else:
        if space not in s["religion"]:
            raise ValueError(f"{name} is not Protestant")
        s["religion"] = [sp for sp in s["religion"] if sp != space]
        lines = [f"{name} returns to the Catholic faith."]
    if space in load().electorates and not s["league_formed"]:
        owner = PROTESTANT if religion == PROTESTANT else "hapsburg"
        if s["control"][space] in (PROTESTANT, "hapsburg") and s["control"][space] != owner:
            s["control"][space] = owner
            lines.append(f"The {load().power(owner).name} now controls {name} (rule 21.6).")
    lines += enter_electorate_regulars(s, space)
    return lines


def enter_electorate_regulars(s: st.State, space: str) -> list[str]:
    """21.6: the Protestant regulars waiting for `space` enter when it is Protestant and (after the League)
    Protestant-controlled. Call it too when the Protestant takes control of an electorate."""
    waiting = s.get("electorate_display", {}).get(space, 0)
    if not waiting or space not in s["religion"]:
        return []
    if s["league_formed"] and s["control"][space] != PROTESTANT:
        return []
    room = max(0, load().power(PROTESTANT).force_pool.land_units - st.land_units_total(s, PROTESTANT))
    placed = min(waiting, room)
    if not placed:
        return []
    s["electorate_display"][space] = waiting - placed
    if not s["electorate_display"][space]:
        del s["electorate_display"][space]
    st.add_units(s, space, PROTESTANT, "regular", placed)
    noun = "regular" if placed == 1 else "regulars"
    return [f"{placed} Protestant {noun} enter{'s' if placed == 1 else ''} {space_name(space)} from the "
            "electorate display."]


# ---- who counts for which side (18.2) ---------------------------------------------------------------------
def unit_faith(s: st.State, power: str) -> str | None:
    """18.2: the religion land units count for. England's follows its ruler (Henry VIII: none); Scotland
    allied to England takes England's; the Ottoman's count for nobody."""
    if power == PROTESTANT:
        return PROTESTANT
    if power == "ottoman":
        return None
    if power == "scotland" and s["minor_allies"].get("scotland") == "england":
        power = "england"
    if power == "england":
        return {"edward-vi": PROTESTANT, "elizabeth-i": PROTESTANT, "mary-i": CATHOLIC}.get(s["rulers"]["england"])
    return CATHOLIC


def has_units_of(s: st.State, space: str, faith: str) -> bool:
    return any(unit_faith(s, p) == faith and st.land_units_at(s, space, p)
               for p in s["units"].get(space, {}))


def _counting_neighbours(s: st.State, space: str) -> list[str]:
    """18.3 step 2: neighbours across a pass or in unrest do not count."""
    return [n for n in load().adjacent(space, passes=False) if n not in s["unrest"]]


def _names(spaces: list[str]) -> str:
    return ", ".join(space_name(sp) for sp in spaces)


def _spaces(spaces: list[str]) -> str:
    return f"{'space' if len(spaces) == 1 else 'spaces'} {_names(spaces)}"


def side_dice(s: st.State, space: str, faith: str) -> list[tuple[str, int]]:
    """The base dice of one side for `space` (18.3 steps 2 and 6), each modifier named; at least 1 die."""
    near = _counting_neighbours(s, space)
    mods: list[tuple[str, int]] = []
    if faith == PROTESTANT:
        same = [n for n in near if is_protestant(s, n)]
        helpers = [(n, r) for n in near for r in reformers_at(s, n)]
        if same:
            mods.append((f"adjacent Protestant {_spaces(same)}", len(same)))
        for n, r in helpers:
            mods.append((f"{reformer_name(r)} adjacent in {space_name(n)}", 1))
    else:
        same = [n for n in near if is_catholic(s, n)]
        helpers = [n for n in near if n in s.get("universities", [])]
        if same:
            mods.append((f"adjacent Catholic {_spaces(same)}", len(same)))
        for n in helpers:
            mods.append((f"Jesuit university adjacent in {space_name(n)}", 1))
    stacks = [n for n in near if has_units_of(s, n, faith)]
    if stacks:
        mods.append((f"{faith.title()} units adjacent in {_names(stacks)}", len(stacks)))
    if faith == PROTESTANT:
        for r in reformers_at(s, space):
            mods.append((f"{reformer_name(r)} in the target", 2))
    elif space in s.get("universities", []):
        mods.append(("Jesuit university in the target", 2))
    if has_units_of(s, space, faith):
        mods.append((f"{faith.title()} units in the target", 2))
    if not mods:
        mods.append(("the minimum of 1 die", 1))
    return mods


# ---- targets (18.3 / 18.4 step 1) --------------------------------------------------------------------------
def _linked_by_sea(s: st.State, space: str, test) -> bool:
    ports = load().space(space).ports
    if not ports:
        return False
    return any(other != space and test(other) and set(load().space(other).ports) & set(ports)
               for zone in ports for other in load().sea_zone(zone).ports)


def _calm(s: st.State, space: str) -> bool:
    """12.4 effects 5–6: a neighbour in unrest does not open a space to attempts (DECISIONS.md 652)."""
    return space not in s["unrest"]


def reformation_target_refusal(s: st.State, space: str, only: tuple[str, ...] = ()) -> str | None:
    """Why `space` may not be the target of a reformation attempt now (None: it may)."""
    name = space_name(space)
    if space in s["religion"]:
        return f"{name} is already Protestant"
    if not is_catholic(s, space):
        return f"{name} never changes religion" if s["control"].get(space) else f"{name} is not in play"
    if only and space not in only:
        return f"{name} is not a space this attempt may target"
    if space in s.get("targeted", []):
        return f"{name} has already been targeted this impulse (rule 18.3)"
    if reformers_at(s, space) or any(is_protestant(s, n) and _calm(s, n) for n in load().adjacent(space)) \
            or _linked_by_sea(s, space, lambda o: is_protestant(s, o) and _calm(s, o)):
        return None
    return (f"{name} has no reformer, no adjacent Protestant space and no Protestant port on its sea (spaces in "
            "unrest do not count)")


def counter_target_refusal(s: st.State, space: str) -> str | None:
    name = space_name(space)
    if space not in s["religion"]:
        return f"{name} is not Protestant"
    if space in s.get("targeted", []):
        return f"{name} has already been targeted this impulse (rule 18.4)"
    if space in s.get("universities", []) or any(is_catholic(s, n) and _calm(s, n) for n in load().adjacent(space)) \
            or _linked_by_sea(s, space, lambda o: is_catholic(s, o) and _calm(s, o)):
        return None
    return (f"{name} has no Jesuit university, no adjacent Catholic space and no Catholic port on its sea (spaces "
            "in unrest do not count)")


def targets(s: st.State, side: str, only: tuple[str, ...] = ()) -> list[str]:
    """Every legal target of one attempt of `side` ("reformation" or "counter"), in map order (the same
    test as the refusals above, on sets: it runs for every menu of targets)."""
    data = load()
    protestant, done, unrest = set(s["religion"]), set(s.get("targeted", ())), set(s["unrest"])
    universities, with_reformer = set(s.get("universities", ())), set(s.get("reformers", {}).values())

    def catholic(sp: str) -> bool:
        return sp not in protestant and data.spaces[sp].faith == CATHOLIC and s["control"].get(sp) is not None

    if side == "reformation":
        mine, wanted, extra = (lambda sp: sp in protestant), catholic, with_reformer
    else:
        mine, wanted, extra = catholic, (lambda sp: sp in protestant), universities
    out = []
    for sp in only or data.spaces:
        if sp in done or not wanted(sp):
            continue
        ports = data.spaces[sp].ports
        if sp in extra or any(mine(n) and n not in unrest for n in data.adjacent(sp)) or any(
                o != sp and mine(o) and o not in unrest for z in ports for o in data.sea_zones[z].ports):
            out.append(sp)
    return out


# ---- one attempt (18.3 steps 2–8, 18.4) --------------------------------------------------------------------
@dataclass
class Attempt:
    """What an attempt carries besides its target: its zone (None: every language zone), bonus dice and
    +1-per-die sources by name, and the debaters' abilities it uses (Carlstadt's unrest, Tetzel's CP)."""
    side: str                                   # "reformation" or "counter"
    zone: str | None
    bonus: list[tuple[str, int]] = field(default_factory=list)
    die_plus: str | None = None                 # Calvin's Institutes / Full Bible: +1 on each die in zone
    carlstadt: bool = False
    tetzel: bool = False


def in_zone(attempt: Attempt, space: str) -> bool:
    z = zone_of(space)
    return z is not None and (attempt.zone is None or z == attempt.zone)


def papal_wins_ties(s: st.State) -> bool:
    return s["rulers"]["papacy"] in TIE_RULERS


def dice_for(s: st.State, attempt: Attempt, space: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(attacker's dice, defender's dice), each modifier named; bonus dice apply to the attacker only."""
    attacker = PROTESTANT if attempt.side == "reformation" else CATHOLIC
    defender = CATHOLIC if attacker == PROTESTANT else PROTESTANT
    mine = side_dice(s, space, attacker) + list(attempt.bonus)     # bonus dice come on top of the minimum
    if attempt.side == "reformation" and cards.modifiers(s, PRINTING_PRESS):
        mine.append(("Printing Press this turn", 1))
    return mine, side_dice(s, space, defender)


def _describe(who: str, mods: list[tuple[str, int]], rolled: list[int], plus: int, minus: int) -> str:
    parts = ", ".join(f"{what} +{n}" for what, n in mods)
    total = sum(n for _, n in mods)
    shown = ", ".join(map(str, rolled))
    adjust = (f", +{plus} on each die" if plus else "") + (f", −{minus} on each die" if minus else "")
    best = max(rolled) + plus - minus
    return f"{who} rolls {total} {'die' if total == 1 else 'dice'} ({parts}): {shown}{adjust} — highest {best}."


def resolve(s: st.State, attempt: Attempt, space: str) -> tuple[bool, list[str]]:
    """Resolve one attempt on a legal target: roll, compare, flip. Returns (success, log sentences)."""
    s.setdefault("targeted", []).append(space)
    zone_ok = in_zone(attempt, space)
    mine, theirs = dice_for(s, attempt, space)
    reform = attempt.side == "reformation"
    who, other = ("The Protestant", "The Papacy") if reform else ("The Papacy", "The Protestant")
    verb = "Reformation attempt" if reform else "Counter-reformation attempt"
    if attempt.zone:
        where = f"{'in' if zone_ok else 'outside'} the {zone_name(attempt.zone)} zone"
    else:
        where = "in a language zone" if zone_ok else "outside the language zones"
    lines = [f"{verb} in {space_name(space)} ({where})."]
    plus = 1 if attempt.die_plus and zone_ok else 0
    minus = 1 if not reform and cards.modifiers(s, AUGSBURG) else 0
    rolled = rng.roll(s, sum(n for _, n in mine))
    lines.append(_describe(who, mine, rolled, plus, minus) + (f" ({attempt.die_plus})" if plus else ""))
    best = max(rolled) + plus - minus
    if reform:
        wins_ties = automatic = zone_ok
    else:
        wins_ties = automatic = zone_ok and papal_wins_ties(s)
    if automatic and best >= 6:
        lines.append("A 6 or more in the target zone: automatic success.")
        success = True
    else:
        answer = rng.roll(s, sum(n for _, n in theirs))
        lines.append(_describe(other, theirs, answer, 0, 0))
        high = max(answer)
        success = best > high or (best == high and wins_ties)
        if best == high:
            lines.append("A tie: " + ("the attempt succeeds." if wins_ties else "the attempt fails."))
    if success:
        lines += flip(s, space, PROTESTANT if reform else CATHOLIC)
        if attempt.tetzel:
            from .papacy import add_st_peters
            vp = add_st_peters(s, 1)
            lines.append("Tetzel's indulgences: 1 CP to St. Peter's" + (" (1 VP)." if vp else "."))
    else:
        lines.append(f"The attempt on {space_name(space)} fails.")
        if attempt.carlstadt and zone_of(space) == "german" and space not in s["unrest"]:
            s["unrest"] = sorted([*s["unrest"], space])
            lines.append(f"Carlstadt's fervour: {space_name(space)} falls into unrest.")
    return success, lines


# ---- debaters' abilities (18.2) ----------------------------------------------------------------------------
# The debaters are kept by `debaters.py` (`state["debaters"][id]["status"]`). Where a state has no debater
# record (a position built before debaters existed), named debaters are not tracked: they count as ready
# and committing them changes nothing.
def debater_ready(s: st.State, debater: str) -> bool:
    if "debaters" not in s:
        return True
    info = s["debaters"].get(debater)
    return bool(info) and info["status"] == "uncommitted"


def commit_debater(s: st.State, debater: str) -> None:
    info = s.get("debaters", {}).get(debater)
    if info and info["status"] == "uncommitted":
        info["status"] = "committed"


def ability_ready(s: st.State, side: str, debater: str) -> bool:
    """18.2 (3): each side uses one debater's ability per impulse for reformation, counter-reformation or
    translation, and only an uncommitted debater's."""
    return side not in s.get("abilities_used", []) and debater_ready(s, debater)


def use_ability(s: st.State, side: str, debater: str) -> None:
    commit_debater(s, debater)
    s.setdefault("abilities_used", []).append(side)


def debater_name(debater: str) -> str:
    return load().debater(debater).name

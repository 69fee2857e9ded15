"""Here I Stand: the game state built from a scenario, and the questions rules ask of it.

The state is plain JSON. Board facts come from `data.py` (`load()`); only what changes is kept here:
control (`control[space]` = power, "independent", or None while out of play), `unrest`, Protestant
`religion` spaces, `units[space][power][type]` counts, `leaders[leader]` = space / "captured:<power>" /
"off", `wars` and `alliances` (sorted pairs), `rulers`, `minor_allies`, the VP tracks and the card zones
(`hand:<power>`, `deck`, `discard`, `removed`, `aside`, `home_used:<power>`). Section numbers are the
rulebook's (2006).
"""

from __future__ import annotations

from typing import Any

from rules.core import cards

from .data import MAJORS, MINORS, load
from .debaters import debate_vp, start_debaters
from .new_world_data import new_world_vp, start_new_world

State = dict[str, Any]
LAND_TYPES = ("regular", "mercenary", "cavalry")
NAVAL_TYPES = ("squadron", "corsair")


def pair(a: str, b: str) -> list[str]:
    return sorted((a, b))


# ---- setup (rule 22 scenarios, 6.2 deck) ----------------------------------------------------------------
def initial_state(scenario_id: str) -> State:
    data = load()
    sc = data.scenario(scenario_id)
    units: dict[str, dict[str, dict[str, int]]] = {}
    for space, by_power in sc.units.items():
        units[space] = {p: {t: n for t, n in kinds.items() if n} for p, kinds in by_power.items()}
    league = sc.league_formed
    return {
        "scenario": scenario_id,
        "turn": sc.first_turn,
        "last_turn": sc.last_turn,
        "phase": "setup",
        "control": {s: data.start_control(scenario_id, s) for s in data.spaces},
        "unrest": [],
        "religion": sorted(sc.protestant_spaces),
        "units": units,
        "leaders": dict(sc.leaders),
        "wars": sorted(pair(a, b) for a, b in sc.wars),
        "alliances": sorted(pair(a, b) for a, b in sc.alliances if a in MAJORS and b in MAJORS),
        "minor_allies": {m: next((a if b == m else b for a, b in sc.alliances if m in (a, b)), None)
                         for m in MINORS},
        "rulers": dict(sc.rulers),
        "league_formed": league,
        "excommunicated": sorted(sc.excommunicated),
        "excommunication_record": sorted(sc.excommunicated),   # 21.5 / #5: each one only once per game
        "crowned": {},            # power -> turn its ruler last changed (#59 Lady Jane Grey; 21.3 successions)
        "henry": {"status": 1 if sc.tracks.get("marital_status") == "ask_for_divorce" else 0,   # 21.3
                  "chart": {}, "strife": False, "boleyn_turn": None, "divorce_turn": None},
        "debaters": start_debaters(scenario_id),
        "reformers_away": {},     # reformer -> space: excommunicated or expelled until the next card draw (8.2)
        "reformers": dict(sc.reformers),              # reformer -> space, those on the map (18)
        "electorate_display": {e: n for e, n in sc.electorate_display.items() if n},   # 21.6
        "universities": [],                           # Jesuit universities (18.1)
        "translations": {z: {"new_testament": sc.tracks.get("new_testament", {}).get(z, 0),
                             "full_bible": sc.tracks.get("full_bible", {}).get(z, 0)}
                         for z in ("german", "french", "english")},
        "targeted": [],                               # spaces targeted by an attempt this impulse (18.3)
        "hungary_defeated": sc.hungary_defeated,   # 22.5: once defeated, Hungary-Bohemia is the Hapsburg's ally for good
        "war_winner_vp": {p: sc.tracks.get("war_winner_vp", {}).get(p, 0) for p in MAJORS},
        "bonus_vp": {p: 0 for p in MAJORS},
        "vp_history": [],
        "tracks": {k: sc.tracks.get(k, 0) for k in ("st_peters_cp", "st_peters_vp", "chateaux_vp", "piracy_vp")},
        "offers": [],
        "deal": None,             # the deal being composed or answered (9.1)
        "card_gifts": [],         # [giver, receiver] of cards given in deals this turn (9.1 clause 6)
        "mercenary_gifts": [],    # [giver, receiver] of mercenaries given in deals this turn (9.1 clause 7)
        "impulse": None,          # {"power", "cp"}: the CP of the impulse being played (11)
        "impulse_locks": [],      # [power, space]: formations that may not move again this impulse (13.1)
        "intercept_tried": [],    # [power, space]: stacks that tried to intercept this impulse (13.2)
        "move": None,
        "battle": None,
        "combat": None,           # the combat cards of the combat being fought (combat_cards.py)
        "assaulted": [],          # fortified spaces assaulted this impulse (15.1: once each)
        "sieges": {},             # space -> {"besieger", "inside": [powers]}
        "peace_this_turn": [],
        "allied_this_turn": [],
        "new_world": start_new_world(scenario_id),     # rule 20 (new_world_data.py)
        "zones": {"deck": [], "discard": [], "removed": [], "aside": [],
                  **{cards.hand(p): [] for p in MAJORS}, **{home_used(p): [] for p in MAJORS}},
    }


def home_used(power: str) -> str:
    """The zone beside the power card where a played home card waits for the next card draw (rule 6.1)."""
    return f"home_used:{power}"


# ---- control, keys and war -------------------------------------------------------------------------------
def controller(state: State, space: str) -> str | None:
    return state["control"][space]


def fortified(state: State, space: str) -> bool:
    """A key, electorate or fortress (2.1), or a space fortified by #104 Trace Italienne."""
    return load().space(space).fortified or space in state.get("fortified", ())


def keys_controlled(state: State, power: str, *, count_unrest: bool = False) -> list[str]:
    """Keys under `power`'s control (rule 6.2, 23.1: keys in unrest are not counted)."""
    data = load()
    return [s for s, who in state["control"].items()
            if who == power and data.spaces[s].type == "key" and (count_unrest or s not in state["unrest"])]


def electorates_controlled(state: State, power: str) -> list[str]:
    data = load()
    return [s for s in data.electorates if state["control"][s] == power and s not in state["unrest"]]


def at_war(state: State, a: str, b: str) -> bool:
    return pair(a, b) in state["wars"]


def allied(state: State, a: str, b: str) -> bool:
    if a == b:
        return False
    if pair(a, b) in state["alliances"]:
        return True
    return state["minor_allies"].get(a) == b or state["minor_allies"].get(b) == a


def enemies(state: State, a: str, b: str) -> bool:
    """At war, directly or through an allied minor (rule 22)."""
    return any(at_war(state, x, y) for x in _side(state, a) for y in _side(state, b))


def _side(state: State, power: str) -> set[str]:
    """A power with its active minors, or an active minor with its patron and the patron's minors (22.2
    step 5: an active minor shares its ally's diplomatic status)."""
    head = state["minor_allies"].get(power) or power
    return {power, head} | {m for m, ally in state["minor_allies"].items() if ally == head}


def friendly(state: State, power: str, space: str) -> bool:
    """Controlled by the power or an ally (rule 9.2 effect 1)."""
    owner = controller(state, space)
    return owner is not None and (owner == power or allied(state, power, owner))


# ---- units -----------------------------------------------------------------------------------------------
def units_at(state: State, space: str, power: str) -> dict[str, int]:
    return state["units"].get(space, {}).get(power, {})


def land_units_at(state: State, space: str, power: str) -> int:
    return sum(n for t, n in units_at(state, space, power).items() if t in LAND_TYPES)


def land_units_total(state: State, power: str) -> int:
    """On the map and on foreign war cards (21.7: still the power's counters)."""
    wars = (state.get("foreign_wars") or {}).values()
    on_cards = sum(sum(w["units"].values()) for w in wars if w["power"] == power)
    return sum(land_units_at(state, s, power) for s in state["units"]) + on_cards


def add_units(state: State, space: str, power: str, kind: str, count: int = 1) -> None:
    here = state["units"].setdefault(space, {}).setdefault(power, {})
    here[kind] = here.get(kind, 0) + count
    if here[kind] <= 0:
        del here[kind]
    if not here:
        del state["units"][space][power]
    if not state["units"][space]:
        del state["units"][space]


def enemy_units_at(state: State, space: str, power: str) -> bool:
    return any(enemies(state, power, other) for other in state["units"].get(space, {}) if other != power)


def land_pool_left(state: State, power: str) -> int:
    """Land units the counter mix still allows (rule 5: the counters are an absolute limit)."""
    return load().power(power).force_pool.land_units - land_units_total(state, power)


# ---- cards -----------------------------------------------------------------------------------------------
def card_number(card: str) -> int:
    return int(card)


def card_label(card: str) -> str:
    c = load().card(card_number(card))
    cp = "no CP" if c.cp is None else f"{c.cp} CP"
    return f"#{c.number} {c.name} ({cp})"


def ruler(state: State, power: str):
    return load().power(power).ruler(state["rulers"][power])


def cards_to_draw(state: State, power: str) -> int:
    """Rule 6.2: the key track (Protestant: 4, or 5 with 4+ electorates), the ruler's bonus, −1 when
    excommunicated, −1 per foreign war (21.7); the key-track base is never below 1."""
    data = load()
    if power == "protestant":
        base = 5 if len(electorates_controlled(state, power)) >= 4 else 4
    else:
        base = data.power(power).base_cards(len(keys_controlled(state, power)))
    bonus = ruler(state, power).card_bonus
    fuggers = state.get("card_minus", []).count(power)          # #79 Fuggers: 1 fewer at the next draw
    wars = sum(1 for w in (state.get("foreign_wars") or {}).values() if w["power"] == power)   # 21.7 "−1 Card"
    return max(0, base + bonus - (1 if ruler_excommunicated(state, power) else 0) - fuggers - wars)


def ruler_excommunicated(state: State, power: str) -> bool:
    """21.5: a ruler's excommunication puts a "-1 Card" marker on the power card. Luther's (the 1532
    set-up) is a reformer's excommunication, which costs the Protestant no card."""
    return power != "protestant" and state["rulers"][power] in state["excommunicated"]


# ---- victory points (rule 23.2) --------------------------------------------------------------------------
FULL_BIBLE_BOXES = 10


def victory_points(state: State, power: str) -> int:
    """23.2: base VP (key track; the Protestant 2 per Protestant electorate it controls), special VP
    (St. Peter's, chateaux, piracy; the Religious Struggle card for the Papacy and the Protestant; England
    1 per 2 Protestant English home spaces; the Hapsburg 1 per electorate after the League), full Bibles
    (1 VP each to the Protestant), war-winner and bonus VP."""
    return sum(vp_breakdown(state, power).values())


def vp_breakdown(state: State, power: str, *, every: bool = False) -> dict[str, int]:
    """A power's VP by source (the names are shown to players); `every` keeps the sources worth 0 now."""
    data = load()
    out: dict[str, int] = {}
    if power == "protestant":
        out["Protestant electorates"] = 2 * sum(1 for s in electorates_controlled(state, power)
                                                if s in state["religion"])
    else:
        out["keys"] = data.power(power).base_vp(len(keys_controlled(state, power)))
    special = {"papacy": "st_peters_vp", "france": "chateaux_vp", "ottoman": "piracy_vp"}.get(power)
    if special:
        out[{"papacy": "St. Peter's", "france": "chateaux", "ottoman": "piracy"}[power]] = state["tracks"][special]
    counted = [s for s in state["religion"] if s not in state["unrest"]]        # 12.4 effect 7
    papal, protestant = data.religious_struggle_vp(len(counted))
    if power == "papacy":
        out["Religious Struggle"] = papal
    elif power == "protestant":
        out["Religious Struggle"] = protestant
        out["full Bibles"] = sum(1 for t in state["translations"].values() if t["full_bible"] >= FULL_BIBLE_BOXES)
    elif power == "england":
        english = sum(1 for s in data.home_spaces("england") if s in counted)
        out["Protestant English spaces"] = english // 2
        from .marriages import heirs_vp
        out["Henry VIII's heirs"] = heirs_vp(state)
    elif power == "hapsburg" and state["league_formed"]:
        out["electorates"] = len(electorates_controlled(state, power))
    out["war winner"] = state["war_winner_vp"][power]
    out["bonus"] = state["bonus_vp"][power]
    out["debates"] = debate_vp(state, power)          # burned / disgraced debaters (23.2 bonus VP 1-2)
    out["new world"] = new_world_vp(state, power)     # discoveries and conquests (20.2, 20.3)
    return {k: v for k, v in out.items() if v or every}

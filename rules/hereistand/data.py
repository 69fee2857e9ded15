"""Here I Stand component data (map, powers, leaders, cards, scenarios), loaded once from data/*.json.

The files and every choice made in them are described in DATA.md beside this module. Everything here is
read-only: the engine keeps its own state and looks facts up by id (`GAME.space("vienna")`, `GAME.card(12)`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

_DIR = Path(__file__).parent / "data"

MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINORS = ("genoa", "hungary", "scotland", "venice")
LANGUAGE_ZONES = ("english", "french", "german", "italian", "spanish")
SPACE_TYPES = ("key", "electorate", "fortress", "unfortified")
CARD_TYPES = ("home", "mandatory", "response", "combat", "event")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    type: str                      # key / electorate / fortress / unfortified (rule 2.1)
    home_power: str                # a major, a minor or "independent"
    language_zone: str | None      # None: tan border, no zone (rule 2.5)
    faith: str                     # "catholic", or "other" for Ottoman home spaces (never change, rule 2.3)
    ports: tuple[str, ...]         # sea zones this space is a port on
    pos: tuple[int, int]           # centre on a 4950 x 3164 board
    capital_of: str | None = None
    island: bool = False           # no land connection at all
    pirate_haven: bool = False     # Algiers: an Ottoman home space once Barbary Pirates has been played
    may_become_pirate_haven: bool = False
    in_play_after: str | None = None

    @property
    def fortified(self) -> bool:
        return self.type != "unfortified"

    @property
    def is_port(self) -> bool:
        return bool(self.ports)


@dataclass(frozen=True)
class Connection:
    a: str
    b: str
    is_pass: bool


@dataclass(frozen=True)
class SeaZone:
    id: str
    name: str
    adjacent: tuple[str, ...]
    ports: tuple[str, ...]
    pos: tuple[int, int]


@dataclass(frozen=True)
class KeyBox:
    keys: int
    cards: int
    vp: int


@dataclass(frozen=True)
class Ruler:
    id: str
    name: str
    admin: int                     # cards that may be kept into the next turn (rule 3.3)
    card_bonus: int                # extra cards drawn each turn
    card: int | None = None        # the mandatory event that brings this ruler in
    permanent: bool = False


@dataclass(frozen=True)
class ForcePool:
    land_counters: dict[int, int]  # denomination -> number of counters (the absolute cap, rule 5)
    land_units: int
    land_types: tuple[str, ...]
    naval_types: tuple[str, ...]


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    force_pool: ForcePool
    capitals: tuple[str, ...] = ()
    home_cards: tuple[int, ...] = ()
    rulers: tuple[Ruler, ...] = ()
    key_track: tuple[KeyBox, ...] = ()
    military_victory_keys: int | None = None
    activated_by: tuple[str, ...] = ()
    can_be_deactivated: bool = False

    def ruler(self, ruler_id: str) -> Ruler:
        for r in self.rulers:
            if r.id == ruler_id:
                return r
        raise KeyError(f"{self.id} has no ruler {ruler_id!r}")

    def base_cards(self, keys: int) -> int:
        """Cards from the key track for `keys` keys not in unrest; never fewer than 1 (rule 6.2)."""
        return max(1, self._box(keys).cards if keys else 1)

    def base_vp(self, keys: int) -> int:
        """VP of the last uncovered box; 0 when every box is covered (rule 23.2)."""
        return self._box(keys).vp if keys else 0

    def _box(self, keys: int) -> KeyBox:
        if not self.key_track:
            raise ValueError(f"{self.id} has no key track")
        return self.key_track[min(keys, len(self.key_track)) - 1]


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    power: str                     # owner at entry; "card" for the renegade, "genoa" for Andrea Doria
    kind: str                      # "army" or "naval"
    battle: int
    command: int | None = None     # army leaders only
    piracy: int = 0
    ruler: bool = False
    entry: str = ""


@dataclass(frozen=True)
class Debater:
    id: str
    name: str
    side: str
    zone: str
    value: int
    entry_turn: int | None         # None: arrives with the Cranmer reformer (8.2)
    entry: str = ""
    ability: str = ""              # the counter's ability, in Herald's words (18.2)


@dataclass(frozen=True)
class Card:
    number: int
    name: str
    cp: int | None
    type: str
    playable_by: tuple[str, ...] | str          # "any" or the powers that may play the event
    removed_after_event: bool | str             # str: removed only under that condition
    entry_turn: int | None                      # None: home card or variable card
    reminder: str
    entry_condition: str | None = None          # cards 19 and 21 (rule 6.2)
    variable: str | None = None                 # the 4 variable cards (rule 6.2)
    marked_1517: bool = False                   # left out of the 1532 scenario
    deadline_turn: int | None = None            # rule 19.8
    out_of_phase: tuple[str, ...] = ()          # rule 6.1 table
    turn_marker: bool = False
    who: str | None = None
    starts_in_hand: str | None = None


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    first_turn: int
    last_turn: int
    wars: tuple[tuple[str, str], ...]
    alliances: tuple[tuple[str, str], ...]
    rulers: dict[str, str]
    league_formed: bool
    out_of_play: tuple[str, ...]
    control: dict[str, str]                     # only where it differs from the home power
    protestant_spaces: tuple[str, ...]
    units: dict[str, dict[str, dict[str, int]]]  # space -> power -> unit type -> count
    leaders: dict[str, str]                     # leader -> space
    reformers: dict[str, str]
    debaters: dict[str, tuple[str, ...]]
    cards_out: tuple[int, ...]
    start_hands: dict[str, tuple[int, ...]]
    tracks: dict
    electorate_display: dict[str, int]
    debaters_removed: tuple[str, ...] = ()
    excommunicated: tuple[str, ...] = ()
    new_world: dict = field(default_factory=dict)
    hungary_defeated: bool = False              # 22.5 already happened before the scenario starts (1532)


@dataclass(frozen=True)
class GameData:
    spaces: dict[str, Space]
    connections: tuple[Connection, ...]
    pass_regions: dict[str, tuple[tuple[str, str], ...]]
    through_port_links: tuple[tuple[tuple[str, str], str], ...]
    sea_zones: dict[str, SeaZone]
    impulse_order: tuple[str, ...]
    powers: dict[str, Power]                    # majors, minors and "independent"
    independent_keys: tuple[str, ...]
    electorates: dict[str, int]                 # electorate -> Protestant regulars on the display
    leaders: dict[str, Leader]
    debaters: dict[str, Debater]
    reformers: dict[str, dict]
    dow_costs: dict[str, dict[str, int]]
    master_of_italy_keys: tuple[str, ...]
    religious_struggle: dict
    cards: dict[int, Card]
    scenarios: dict[str, Scenario]
    seats: dict[int, tuple[tuple[str, ...], ...]]
    boxes: dict
    neighbours: dict[str, tuple[tuple[str, bool], ...]] = field(default_factory=dict)

    def space(self, space_id: str) -> Space:
        return _lookup(self.spaces, space_id, "space")

    def sea_zone(self, zone_id: str) -> SeaZone:
        return _lookup(self.sea_zones, zone_id, "sea zone")

    def power(self, power_id: str) -> Power:
        return _lookup(self.powers, power_id, "power")

    def leader(self, leader_id: str) -> Leader:
        return _lookup(self.leaders, leader_id, "leader")

    def debater(self, debater_id: str) -> Debater:
        return _lookup(self.debaters, debater_id, "debater")

    def card(self, number: int) -> Card:
        return _lookup(self.cards, number, "card")

    def scenario(self, scenario_id: str) -> Scenario:
        return _lookup(self.scenarios, scenario_id, "scenario")

    def adjacent(self, space_id: str, *, passes: bool = True) -> tuple[str, ...]:
        """Land neighbours of a space, optionally leaving out those across a pass."""
        return tuple(n for n, is_pass in self.neighbours[space_id] if passes or not is_pass)

    def is_pass(self, a: str, b: str) -> bool:
        for n, is_pass in self.neighbours[a]:
            if n == b:
                return is_pass
        raise KeyError(f"{a} and {b} are not connected")

    def dow_cost(self, declarer: str, target: str) -> int | None:
        """CP to declare war (Diplomatic Status display); None where 9.6 forbids the declaration outright."""
        return self.dow_costs.get(declarer, {}).get(target)

    def religious_struggle_vp(self, protestant_spaces: int) -> tuple[int, int]:
        """(Papal VP, Protestant VP) read off the Religious Struggle card for a Protestant-space count."""
        steps = sum(1 for t in self.religious_struggle["thresholds"] if protestant_spaces >= t)
        return self.religious_struggle["papacy_vp_at_zero"] - steps, steps

    def keys_of(self, power_id: str) -> tuple[str, ...]:
        """Key spaces whose home power is `power_id` (Algiers counts for the Ottoman)."""
        return tuple(s.id for s in self.spaces.values() if s.type == "key" and s.home_power == power_id)

    def home_spaces(self, power_id: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.home_power == power_id)

    def start_control(self, scenario_id: str, space_id: str) -> str | None:
        """Who controls a space at the start (a power id, "independent", or None while out of play)."""
        sc = self.scenario(scenario_id)
        if space_id in sc.out_of_play:
            return None
        return sc.control.get(space_id, self.space(space_id).home_power)

    def new_cards(self, turn: int, scenario_id: str) -> tuple[int, ...]:
        """Turn-numbered cards joining the deck in `turn`'s Card Draw (all of them up to the first turn)."""
        sc = self.scenario(scenario_id)
        out = []
        for c in self.cards.values():
            if c.entry_turn is None or c.entry_condition or c.number in sc.cards_out:
                continue
            if c.marked_1517 and sc.first_turn > 1:
                continue
            if any(c.number in hand for hand in sc.start_hands.values()):
                continue
            starts = c.entry_turn <= sc.first_turn if turn == sc.first_turn else c.entry_turn == turn
            if starts:
                out.append(c.number)
        return tuple(out)


def _lookup(table, key, what):
    try:
        return table[key]
    except KeyError:
        raise KeyError(f"unknown {what} {key!r}") from None


def _read(name: str) -> dict:
    with open(_DIR / name, encoding="utf-8") as f:
        return json.load(f)


def _pool(raw: dict) -> ForcePool:
    land = raw["land"]
    return ForcePool({int(d): n for d, n in land["counters"].items()}, land["units"],
                     tuple(raw["land_types"]), tuple(raw["naval_types"]))


def _power(pid: str, raw: dict) -> Power:
    return Power(
        id=pid, name=raw["name"], force_pool=_pool(raw["force_pool"]),
        capitals=tuple(raw.get("capitals", ())), home_cards=tuple(raw.get("home_cards", ())),
        rulers=tuple(Ruler(**r) for r in raw.get("rulers", ())),
        key_track=tuple(KeyBox(**b) for b in raw.get("key_track", ())),
        military_victory_keys=raw.get("military_victory_keys"),
        activated_by=tuple(raw.get("activated_by", ())), can_be_deactivated=raw.get("can_be_deactivated", False))


def _card(raw: dict) -> Card:
    entry = raw["entry"]
    playable = raw["playable_by"]
    return Card(
        number=raw["number"], name=raw["name"], cp=raw["cp"], type=raw["type"],
        playable_by=playable if isinstance(playable, str) else tuple(playable),
        removed_after_event=raw["removed_after_event"], entry_turn=entry.get("turn"), reminder=raw["reminder"],
        entry_condition=entry.get("condition"), variable=entry.get("variable"),
        marked_1517=raw.get("marked_1517", False), deadline_turn=raw.get("deadline_turn"),
        out_of_phase=tuple(raw.get("out_of_phase", ())), turn_marker=raw.get("turn_marker", False),
        who=raw.get("who"), starts_in_hand=entry.get("starts_in_hand"))


def _scenario(sid: str, raw: dict, all_raw: dict) -> Scenario:
    if "based_on" in raw:
        raw = {**all_raw[raw["based_on"]], **{k: v for k, v in raw.items() if k != "based_on"}}
    return Scenario(
        id=sid, name=raw["name"], first_turn=raw["first_turn"], last_turn=raw["last_turn"],
        wars=tuple(tuple(w) for w in raw["wars"]), alliances=tuple(tuple(a) for a in raw["alliances"]),
        rulers=dict(raw["rulers"]), league_formed=raw["league_formed"], out_of_play=tuple(raw["out_of_play"]),
        control=dict(raw["control"]), protestant_spaces=tuple(raw["protestant_spaces"]), units=raw["units"],
        leaders=dict(raw["leaders"]), reformers=dict(raw["reformers"]),
        debaters={k: tuple(v) for k, v in raw["debaters"].items()}, cards_out=tuple(raw["cards_out"]),
        start_hands={k: tuple(v) for k, v in raw["start_hands"].items()}, tracks=raw["tracks"],
        electorate_display=dict(raw["electorate_display"]), debaters_removed=tuple(raw.get("debaters_removed", ())),
        excommunicated=tuple(raw.get("excommunicated", ())), new_world=raw.get("new_world", {}),
        hungary_defeated=raw.get("hungary_defeated", False))


@cache
def load() -> GameData:
    """The whole component set, read once per process."""
    board = _read("map.json")
    powers_raw = _read("powers.json")
    cards_raw = _read("cards.json")
    scen_raw = _read("scenarios.json")

    spaces = {}
    for s in board["spaces"]:
        spaces[s["id"]] = Space(**{**s, "ports": tuple(s["ports"]), "pos": tuple(s["pos"])})
    connections = tuple(Connection(c["a"], c["b"], c["pass"]) for c in board["connections"])
    neighbours: dict[str, list[tuple[str, bool]]] = {sid: [] for sid in spaces}
    for c in connections:
        neighbours[c.a].append((c.b, c.is_pass))
        neighbours[c.b].append((c.a, c.is_pass))

    powers = {pid: _power(pid, raw) for pid, raw in powers_raw["majors"].items()}
    powers.update({pid: _power(pid, raw) for pid, raw in powers_raw["minors"].items()})
    powers["independent"] = _power("independent", powers_raw["independent"])

    return GameData(
        spaces=spaces,
        connections=connections,
        pass_regions={r: tuple(tuple(p) for p in pairs) for r, pairs in board["pass_regions"].items()},
        through_port_links=tuple((tuple(link["seas"]), link["port"]) for link in board["through_port_links"]),
        sea_zones={z["id"]: SeaZone(z["id"], z["name"], tuple(z["adjacent"]), tuple(z["ports"]), tuple(z["pos"]))
                   for z in board["sea_zones"]},
        impulse_order=tuple(powers_raw["impulse_order"]),
        powers=powers,
        independent_keys=tuple(powers_raw["independent"]["keys"]),
        electorates=dict(powers_raw["electorates"]),
        leaders={l["id"]: Leader(**l) for l in powers_raw["leaders"]},
        debaters={d["id"]: Debater(**d) for d in powers_raw["debaters"]},
        reformers={r["id"]: r for r in powers_raw["reformers"]},
        dow_costs=powers_raw["declaration_of_war_costs"],
        master_of_italy_keys=tuple(powers_raw["master_of_italy_keys"]),
        religious_struggle=powers_raw["religious_struggle"],
        cards={c["number"]: _card(c) for c in cards_raw["cards"]},
        scenarios={sid: _scenario(sid, raw, scen_raw["scenarios"]) for sid, raw in scen_raw["scenarios"].items()},
        seats={int(n): tuple(tuple(seat) for seat in seats) for n, seats in scen_raw["seats"].items()},
        boxes=board["boxes"],
        neighbours={sid: tuple(sorted(ns)) for sid, ns in neighbours.items()},
    )


def space_name(place: str) -> str:
    """The printed name of a land space or a sea zone (a place that may hold units)."""
    data = load()
    return data.spaces[place].name if place in data.spaces else data.sea_zone(place).name

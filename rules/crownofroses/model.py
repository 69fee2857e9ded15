"""Typed, immutable views of the Crown of Roses component data (built by data.py from the JSON files)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from rules.crownofroses.provenance import SourcedValue

BORDER_KINDS = ("clear", "rough", "fens")
LOYALTIES = ("black", "white", "red", "yellow", "blue")
HOUSE_OF_COLOUR = {"white": "york", "red": "lancaster", "yellow": "buckingham", "blue": "warwick"}
BLOCK_KINDS = ("heir", "noble", "mercenary", "office")
CARD_TYPES = ("alliance", "event", "mandatory", "surprise", "heir")
DIE_LETTERS = "RBG"


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    line_colour: str


@dataclass(frozen=True)
class SeaZone:
    id: str
    name: str
    adjacent_zones: tuple[str, ...]
    label_position: tuple[int, int]


@dataclass(frozen=True)
class ExileBox:
    id: str
    name: str
    land_adjacent: tuple[str, ...]
    sea_zones: tuple[str, ...]
    position: tuple[int, int]


@dataclass(frozen=True)
class Shire:
    id: str
    name: str
    region: str | None
    sv: int
    sl: str  # a loyalty colour: black (none), white, red, yellow, blue
    coastal_seas: tuple[str, ...]
    seats: tuple[str, ...]  # shield ids (Home Estates)
    office_seats: tuple[str, ...]  # office ids
    royal_demesne: bool
    position: tuple[int, int]

    @property
    def loyal_house(self) -> str | None:
        return HOUSE_OF_COLOUR.get(self.sl)

    @property
    def coastal(self) -> bool:
        return bool(self.coastal_seas)


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    kind: str  # clear, rough or fens

    def other(self, shire: str) -> str:
        return self.b if shire == self.a else self.a


@dataclass(frozen=True)
class Wash:
    shires: tuple[str, str]
    cost_mp: int
    attrition_roll: bool
    counts_as_border: bool


@dataclass(frozen=True)
class Estuary:
    shires: tuple[str, str]
    name: str


@dataclass(frozen=True)
class SupportLevel:
    level: int
    ip: int
    votes: int
    cards: int


@dataclass(frozen=True)
class Board:
    """The map: shires, borders by type, the Wash, estuaries, sea zones, exile boxes, regions, shields, support track."""

    canvas: tuple[int, int]
    regions: Mapping[str, Region]
    sea_zones: Mapping[str, SeaZone]
    exile_boxes: Mapping[str, ExileBox]
    shields: Mapping[str, str]  # shield id -> name
    shires: Mapping[str, Shire]
    borders: tuple[Border, ...]
    wash: Wash
    estuaries: tuple[Estuary, ...]
    not_in_play: tuple[str, ...]
    support_range: tuple[int, int]
    support_levels: Mapping[int, SupportLevel]
    _by_pair: Mapping[frozenset, Border] = field(repr=False, default_factory=dict)
    _neighbours: Mapping[str, tuple[tuple[str, str], ...]] = field(repr=False, default_factory=dict)

    def border(self, a: str, b: str) -> Border | None:
        """The land border between two shires, or None (the Wash is not a border)."""
        return self._by_pair.get(frozenset((a, b)))

    def neighbours(self, shire: str) -> tuple[tuple[str, str], ...]:
        """(neighbour, border kind) pairs across land borders, sorted by neighbour id."""
        return self._neighbours.get(shire, ())

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._by_pair

    def coast(self, sea: str) -> tuple[str, ...]:
        return tuple(sorted(s for s, v in self.shires.items() if sea in v.coastal_seas))


@dataclass(frozen=True)
class Heir:
    card: str
    succession: int  # H-#: the lower, the more senior (RB 10.3.2)
    entry_turn: int
    carry_over: int


@dataclass(frozen=True)
class Block:
    id: str
    name: str
    kind: str  # heir, noble, mercenary or office
    label_colour: str | None
    start_house: Mapping[int, str]  # player count -> house, "inactive" or "unavailable" (PB 3.1/3.4)
    rank: int | None
    command_rating: int | None
    steps: tuple[str, ...]  # dice per step, full strength first: "RRB" = two red dice and one blue
    person: str | None = None
    rop_box: bool = False
    rop_threshold: int | None = None
    rop_roses: Mapping[str, int] = field(default_factory=dict)
    shield: str | None = None
    heir: Heir | None = None
    office: str | None = None
    host_cr_bonus: int = 0

    @property
    def max_steps(self) -> int:
        return len(self.steps)

    def dice(self, strength: int) -> str:
        """The dice rolled at `strength` steps (1 = base strength)."""
        return self.steps[len(self.steps) - strength]


@dataclass(frozen=True)
class Garrison:
    name: str
    steps: tuple[str, ...]
    rules: str


@dataclass(frozen=True)
class OperationsCard:
    number: int
    title: str
    type: str
    ops: int | None
    plague_location: str
    text: str
    embassy_table: Mapping[int, str] | None = None  # die roll -> shire
    raid_dice: tuple[str, ...] | None = None


@dataclass(frozen=True)
class HouseCard:
    id: str
    house: str
    title: str
    type: str
    ops: int | None
    text: str
    block: str | None = None


@dataclass(frozen=True)
class ParliamentCard:
    office: str
    name: str
    rank: int
    ip: int
    votes: int
    support: int
    ability: str
    votes_without_king: int | None = None


@dataclass(frozen=True)
class House:
    id: str
    name: str
    colour: str
    card_prefix: str
    player_counts: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    houses: Mapping[str, House]
    ip_markers: Mapping[int, int]  # denomination -> markers per house
    support_markers: int
    dice_hits: Mapping[str, tuple[int, ...]]
    plundered_markers: int
    operations_cards: int
    base_draw: int
    max_operations_cards: int
    max_bonus_cards: int


@dataclass(frozen=True)
class CardsInPlay:
    house: tuple[str, ...]
    operations: tuple[int, ...]


@dataclass(frozen=True)
class Setup:
    """One scenario at one player count."""

    players: int
    houses: tuple[str, ...]
    support: Mapping[str, int]
    influence: Mapping[str, int]
    blocks: Mapping[str, tuple[str, ...]]  # house -> its starting blocks
    set_aside: tuple[str, ...]
    attached: Mapping[str, str | None]  # block -> host block (None = owner's choice)
    unavailable: tuple[str, ...]
    out_of_play: tuple[str, ...]
    removed_blocks: tuple[str, ...]
    cards_in_play: Mapping[str, CardsInPlay]
    house_cards_removed: Mapping[str, tuple[str, ...]]
    extra_house_cards: Mapping[str, tuple[int, ...]]
    offices: Mapping[str, str]  # office -> holder block
    captive: Mapping[str, str] | None

    def house_of(self, block: str) -> str | None:
        return next((h for h, ids in self.blocks.items() if block in ids), None)


@dataclass(frozen=True)
class Victory:
    military_targets: Mapping[str, tuple[str, ...]] | None  # None: every enemy heir (RB 6.1)
    kingships_needed: int
    kingships_consecutive: bool
    starting_kingship_counts: bool


@dataclass(frozen=True)
class Scenario:
    id: str
    section: str
    name: str
    first_turn: int
    last_turn: int
    player_counts: tuple[int, ...]
    starting_king: str
    victory: Victory
    placement_order: tuple[str, ...]
    setups: Mapping[int, Setup]
    special_rules: tuple[str, ...]
    rules: Mapping[str, Any]  # the scenario's own values (feud, short option, loyalties...) by key


@dataclass(frozen=True)
class GameData:
    """Everything the engine reads about the components, with every value's provenance."""

    directory: str
    board: Board
    blocks: Mapping[str, Block]
    garrison: Garrison
    operations: Mapping[int, OperationsCard]
    house_cards: Mapping[str, HouseCard]
    parliament: Mapping[str, ParliamentCard]
    components: Components
    general_setup: Mapping[str, Any]
    scenarios: Mapping[str, Scenario]
    methods: Mapping[str, str]
    values: tuple[SourcedValue, ...]

    def shire(self, shire_id: str) -> Shire:
        return self.board.shires[shire_id]

    def block(self, block_id: str) -> Block:
        return self.blocks[block_id]

    def card(self, number: int) -> OperationsCard:
        return self.operations[number]

    def house_card(self, card_id: str) -> HouseCard:
        return self.house_cards[card_id]

    def office(self, office_id: str) -> ParliamentCard:
        return self.parliament[office_id]

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[scenario_id]

    def heirs(self, house: str) -> tuple[Block, ...]:
        """The blocks named by a house's heir cards, most senior first (H-#)."""
        found = [self.blocks[c.block] for c in self.house_cards.values()
                 if c.house == house and c.type == "heir" and c.block]
        return tuple(sorted(found, key=lambda b: b.heir.succession if b.heir else 99))

    def provenance_of(self, file: str, path: str) -> SourcedValue | None:
        return next((v for v in self.values if v.file == file and v.path == path), None)

    def reconstructed(self) -> tuple[SourcedValue, ...]:
        return tuple(v for v in self.values if v.provenance.tag == "reconstructed")

    def provenance_counts(self) -> dict[str, Counter]:
        """file -> Counter of provenance tags (plus 'all')."""
        counts: dict[str, Counter] = {"all": Counter()}
        for v in self.values:
            counts.setdefault(v.file, Counter())[v.provenance.tag] += 1
            counts["all"][v.provenance.tag] += 1
        return counts

"""Crown of Roses component data, loaded from rules/crownofroses/data/*.json (format and sources in DATA.md).

`load()` returns one immutable GameData per data directory (cached). Every value is read from the files, so a
player who owns the game corrects the map, a block or a card by editing the JSON, with no code change; a
mistake in an edit raises DataError naming the file, the path and what is wrong.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from rules.crownofroses.model import (BLOCK_KINDS, BORDER_KINDS, CARD_TYPES, DIE_LETTERS, LOYALTIES, Block, Board,
                                      Border, Components, Estuary, ExileBox, GameData, Garrison, Heir, House, HouseCard,
                                      OperationsCard, ParliamentCard, Region, SeaZone, Shire, SupportLevel, Wash)
from rules.crownofroses.provenance import DataError, Reader, SourcedValue, one_of, read_ids
from rules.crownofroses.scenario_data import read_scenarios

DATA_DIR = Path(__file__).parent / "data"
FILES = ("map.json", "blocks.json", "cards.json", "scenarios.json", "components.json")
OPTIONAL = (type(None),)

__all__ = ["DATA_DIR", "DataError", "GameData", "SourcedValue", "clear_cache", "disclosure", "load",
           "provenance_summary", "reconstructed_values"]


def load(directory: str | Path | None = None) -> GameData:
    """The data in `directory` (default: the package's own data), read once per directory."""
    return _load(str(Path(directory or DATA_DIR).resolve()))


def clear_cache() -> None:
    """Forget loaded data (after editing files in a directory already loaded)."""
    _load.cache_clear()


def reconstructed_values(data: GameData | None = None) -> list[str]:
    """One line per reconstructed value, for a disclosure such as `/game info` (methods: `data.methods`)."""
    data = data or load()
    return [v.describe() for v in data.reconstructed()]


def disclosure(data: GameData | None = None) -> str:
    """The paragraph a game description shows: what is reconstructed and how a player corrects it."""
    data = data or load()
    counts = provenance_summary(data)["all"]
    total = sum(counts.values())
    return (f"No public source we could reach gives the map's values, the block labels or the card numbers: "
            f"of the {total} component values here, {counts['stated']} are stated by the rules, "
            f"{counts['inferred']} inferred from them and {counts['reconstructed']} reconstructed (proposals). "
            f"A player who owns the game can correct any value in rules/crownofroses/data/*.json (see "
            f"rules/crownofroses/DATA.md); the game then plays with the corrected values.")


def provenance_summary(data: GameData | None = None) -> dict[str, dict[str, int]]:
    """file -> {stated, inferred, reconstructed} counts, plus 'all'."""
    data = data or load()
    return {f: {t: c[t] for t in ("stated", "inferred", "reconstructed")}
            for f, c in data.provenance_counts().items()}


@functools.lru_cache(maxsize=8)
def _load(directory: str) -> GameData:
    raw = {}
    for name in FILES:
        path = Path(directory) / name
        try:
            raw[name] = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DataError(f"{name}: file not found in {directory}") from None
        except json.JSONDecodeError as e:
            raise DataError(f"{name}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    try:
        return _build(directory, raw)
    except DataError:
        raise
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
        raise DataError(f"data in {directory} has an unexpected shape ({type(e).__name__}: {e}); "
                        "compare the edited entry with the format in DATA.md") from None


def _build(directory: str, raw: dict) -> GameData:
    sink: list[SourcedValue] = []
    readers = {name: Reader(name, raw[name], sink) for name in FILES}
    components = _components(readers["components.json"])
    board = _board(readers["map.json"])
    blocks, garrison = _blocks(readers["blocks.json"], board, components)
    operations, house_cards, parliament = _cards(readers["cards.json"], board, blocks, components)
    _check_links(readers, board, blocks, house_cards, parliament)
    general, scenarios = read_scenarios(readers["scenarios.json"], blocks, house_cards, operations, parliament,
                                    components, board)
    methods = {k: v for r in readers.values() for k, v in r.methods.items()}
    return GameData(directory, board, blocks, garrison, operations, house_cards, parliament, components, general,
                    scenarios, methods, tuple(sink))


def _xy(r: Reader, node: dict, key: str, path: str) -> tuple[int, int]:
    v = r.get(node, key, path, list)
    if len(v) != 2 or not all(isinstance(c, (int, float)) for c in v):
        raise r.fail(f"{path}.{key}", f"expected [x, y], got {v!r}")
    return (v[0], v[1])


# ---------------------------------------------------------------------------------------------- components
def _components(r: Reader) -> Components:
    houses = {}
    for hid, h in r.node(r.raw, "houses", "houses").items():
        p = f"houses.{hid}"
        houses[hid] = House(hid, r.get(h, "name", p, str), r.get(h, "colour", p, str),
                            r.get(h, "card_prefix", p, str), tuple(r.get(h, "player_counts", p, list)))
    hand = r.node(r.raw, "hand", "hand")
    markers = r.get(r.raw, "ip_markers_per_house", "", dict)
    hits = r.get(r.raw, "dice_hits", "", dict)
    return Components(
        houses=houses,
        ip_markers={int(k): int(v) for k, v in markers.items()},
        support_markers=r.get(r.raw, "support_markers_per_house", "", int),
        dice_hits={k: tuple(v) for k, v in hits.items()},
        plundered_markers=r.get(r.raw, "plundered_markers", "", int),
        operations_cards=r.get(r.raw, "operations_cards", "", int),
        base_draw=r.get(hand, "base_draw", "hand", int),
        max_operations_cards=r.get(hand, "max_operations_cards", "hand", int),
        max_bonus_cards=r.get(hand, "max_bonus_cards", "hand", int),
    )


# ---------------------------------------------------------------------------------------------- map
def _board(r: Reader) -> Board:
    canvas = _xy(r, r.raw, "canvas", "")
    regions = {rid: Region(rid, r.get(v, "name", f"regions.{rid}", str), r.get(v, "line_colour", f"regions.{rid}", str))
               for rid, v in r.node(r.raw, "regions", "regions").items()}
    seas_raw = r.node(r.raw, "sea_zones", "sea_zones")
    seas = {}
    for sid, v in seas_raw.items():
        p = f"sea_zones.{sid}"
        seas[sid] = SeaZone(sid, r.get(v, "name", p, str), read_ids(r, v, "adjacent_zones", p, seas_raw, "sea zone"),
                            _xy(r, v, "label_position", p))
    shields = {sid: r.get(v, "name", f"shields.{sid}", str) for sid, v in r.node(r.raw, "shields", "shields").items()}
    shires_raw = r.node(r.raw, "shires", "shires")
    exiles = {}
    for eid, v in r.node(r.raw, "exile_boxes", "exile_boxes").items():
        p = f"exile_boxes.{eid}"
        exiles[eid] = ExileBox(eid, r.get(v, "name", p, str), read_ids(r, v, "land_adjacent", p, shires_raw, "shire"),
                               read_ids(r, v, "sea_zones", p, seas, "sea zone"), _xy(r, v, "position", p))
    shires = {sid: _shire(r, sid, v, regions, seas, shields) for sid, v in shires_raw.items()}

    borders, by_pair = [], {}
    for i, v in enumerate(r.node(r.raw, "borders", "borders")):
        p = f"borders[{i}]"
        pair = r.get(v, "shires", p, list)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise r.fail(f"{p}.shires", f"a border joins two different shires, got {pair!r}")
        for s in pair:
            if s not in shires:
                raise r.fail(f"{p}.shires", f"unknown shire {s!r}")
        kind = one_of(r, f"{p}.kind", r.get(v, "kind", p, str), BORDER_KINDS, "border kind")
        key = frozenset(pair)
        if key in by_pair:
            raise r.fail(f"{p}.shires", f"{pair[0]}–{pair[1]} is listed twice")
        border = Border(pair[0], pair[1], kind)
        borders.append(border)
        by_pair[key] = border
    neighbours = {s: [] for s in shires}
    for b in borders:
        neighbours[b.a].append((b.b, b.kind))
        neighbours[b.b].append((b.a, b.kind))

    w = r.node(r.raw, "wash", "wash")
    wash_pair = read_ids(r, w, "shires", "wash", shires, "shire")
    wash = Wash((wash_pair[0], wash_pair[1]), r.get(w, "cost_mp", "wash", int), r.get(w, "attrition_roll", "wash", bool),
                r.get(w, "counts_as_border", "wash", bool))
    estuaries = []
    for i, v in enumerate(r.node(r.raw, "estuaries", "estuaries")):
        pair = read_ids(r, v, "shires", f"estuaries[{i}]", shires, "shire")
        if frozenset(pair) in by_pair:
            raise r.fail(f"estuaries[{i}]", f"{pair[0]}–{pair[1]} is an estuary but also listed as a border")
        estuaries.append(Estuary((pair[0], pair[1]), r.get(v, "name", f"estuaries[{i}]", str)))
    if frozenset(wash.shires) in by_pair and not wash.counts_as_border:
        raise r.fail("wash", "the Wash shires are also listed as a land border")
    not_in_play = r.tagged_list(r.raw, "not_in_play", "")

    track = r.node(r.raw, "popular_support", "popular_support")
    lo, hi = r.get(track, "range", "popular_support", list)
    levels = {}
    for key, v in r.node(track, "levels", "popular_support.levels").items():
        p = f"popular_support.levels.{key}"
        levels[int(key)] = SupportLevel(int(key), r.get(v, "ip", p, int), r.get(v, "votes", p, int),
                                        r.get(v, "cards", p, int))
    if sorted(levels) != list(range(lo, hi + 1)):
        raise r.fail("popular_support.levels", f"needs exactly the levels {lo}..{hi}")
    return Board(canvas, regions, seas, exiles, shields, shires, tuple(borders), wash, tuple(estuaries), not_in_play,
                 (lo, hi), levels, by_pair, {s: tuple(sorted(n)) for s, n in neighbours.items()})


def _shire(r: Reader, sid: str, v: dict, regions, seas, shields) -> Shire:
    p = f"shires.{sid}"
    region = r.get(v, "region", p, (str, *OPTIONAL))
    if region is not None and region not in regions:
        raise r.fail(f"{p}.region", f"unknown region {region!r}")
    sv = r.get(v, "sv", p, int)
    if sv < 0:
        raise r.fail(f"{p}.sv", "a shire value cannot be negative")
    seats = r.tagged_list(v, "seats", p)
    for s in seats:
        if s not in shields:
            raise r.fail(f"{p}.seats", f"unknown shield {s!r} (add it under 'shields')")
    return Shire(
        id=sid,
        name=r.get(v, "name", p, str),
        region=region,
        sv=sv,
        sl=one_of(r, f"{p}.sl", r.get(v, "sl", p, str), LOYALTIES, "shire loyalty"),
        coastal_seas=read_ids(r, v, "coastal_seas", p, seas, "sea zone"),
        seats=seats,
        office_seats=r.tagged_list(v, "office_seats", p),
        royal_demesne=r.get(v, "royal_demesne", p, bool),
        position=_xy(r, v, "position", p),
    )


# ---------------------------------------------------------------------------------------------- blocks
def _steps(r: Reader, node: dict, path: str) -> tuple[str, ...]:
    steps = r.get(node, "steps", path, list)
    ok = steps and all(isinstance(s, str) and s and set(s) <= set(DIE_LETTERS) for s in steps)
    if not ok:
        raise r.fail(f"{path}.steps", f"expected dice strings of {DIE_LETTERS}, full strength first; got {steps!r}")
    if any(len(a) < len(b) for a, b in zip(steps, steps[1:])):
        raise r.fail(f"{path}.steps", "each step must roll no more dice than the one above it")
    return tuple(steps)


def _blocks(r: Reader, board: Board, components: Components) -> tuple[dict[str, Block], Garrison]:
    places = set(components.houses) | {"inactive", "unavailable"}
    blocks = {}
    for bid, v in r.node(r.raw, "blocks", "blocks").items():
        p = f"blocks.{bid}"
        kind = one_of(r, f"{p}.kind", r.get(v, "kind", p, str), BLOCK_KINDS, "block kind")
        start = r.get(v, "start_house", p, dict)
        if sorted(start) != ["2", "3", "4"]:
            raise r.fail(f"{p}.start_house", "needs the player counts \"2\", \"3\" and \"4\"")
        for count, house in start.items():
            one_of(r, f"{p}.start_house.{count}", house, places, "start house")
        heir = None
        if kind == "heir":
            heir = Heir(r.get(v, "heir_card", p, str), r.get(v, "succession", p, int), r.get(v, "entry_turn", p, int),
                        r.get(v, "carry_over", p, int))
        shield = r.get(v, "shield", p, (str, *OPTIONAL), optional=True)
        if shield is not None and shield not in board.shields:
            raise r.fail(f"{p}.shield", f"unknown shield {shield!r}")
        blocks[bid] = Block(
            id=bid,
            name=r.get(v, "name", p, str),
            kind=kind,
            label_colour=r.get(v, "label_colour", p, (str, *OPTIONAL)),
            start_house={int(k): h for k, h in start.items()},
            rank=r.get(v, "rank", p, (int, *OPTIONAL)),
            command_rating=r.get(v, "command_rating", p, (int, *OPTIONAL)),
            steps=_steps(r, v, p),
            person=r.get(v, "person", p, (str, *OPTIONAL), optional=True),
            rop_box=r.get(v, "rop_box", p, bool, optional=True, default=False),
            rop_threshold=r.get(v, "rop_threshold", p, (int, *OPTIONAL), optional=True),
            rop_roses=r.get(v, "rop_roses", p, dict, optional=True, default={}),
            shield=shield,
            heir=heir,
            office=r.get(v, "office", p, str, optional=True),
            host_cr_bonus=r.get(v, "host_cr_bonus", p, int, optional=True, default=0),
        )
    g = r.node(r.raw, "tower_garrison", "tower_garrison")
    garrison = Garrison(r.get(g, "name", "tower_garrison", str), _steps(r, g, "tower_garrison"),
                        r.get(g, "rules", "tower_garrison", str))
    return blocks, garrison


# ---------------------------------------------------------------------------------------------- cards
def _cards(r: Reader, board: Board, blocks, components: Components):
    operations = {}
    for key, v in r.node(r.raw, "operations", "operations").items():
        p = f"operations.{key}"
        plague = r.get(v, "plague_location", p, str)
        if plague not in board.shires:
            raise r.fail(f"{p}.plague_location", f"unknown shire {plague!r}")
        table = r.get(v, "embassy_table", p, dict, optional=True)
        if table is not None:
            if sorted(table) != [str(d) for d in range(1, 7)] or any(s not in board.shires for s in table.values()):
                raise r.fail(f"{p}.embassy_table", "needs rolls \"1\"..\"6\", each naming a shire")
            table = {int(k): s for k, s in table.items()}
        dice = r.get(v, "raid_dice", p, list, optional=True)
        operations[int(key)] = OperationsCard(
            number=int(key), title=r.get(v, "title", p, str),
            type=one_of(r, f"{p}.type", r.get(v, "type", p, str), CARD_TYPES, "card type"),
            ops=r.get(v, "ops", p, (int, *OPTIONAL)), plague_location=plague, text=r.get(v, "text", p, str),
            embassy_table=table, raid_dice=tuple(dice) if dice is not None else None)
    house_cards = {}
    for cid, v in r.node(r.raw, "house", "house").items():
        p = f"house.{cid}"
        house = one_of(r, f"{p}.house", r.get(v, "house", p, str), components.houses, "house")
        block = r.get(v, "block", p, str, optional=True)
        if block is not None and block not in blocks:
            raise r.fail(f"{p}.block", f"unknown block {block!r}")
        house_cards[cid] = HouseCard(cid, house, r.get(v, "title", p, str),
                                     one_of(r, f"{p}.type", r.get(v, "type", p, str), CARD_TYPES, "card type"),
                                     r.get(v, "ops", p, (int, *OPTIONAL)), r.get(v, "text", p, str), block)
    parliament = {}
    for oid, v in r.node(r.raw, "parliament", "parliament").items():
        p = f"parliament.{oid}"
        parliament[oid] = ParliamentCard(oid, r.get(v, "name", p, str), r.get(v, "rank", p, int), r.get(v, "ip", p, int),
                                         r.get(v, "votes", p, int), r.get(v, "support", p, int),
                                         r.get(v, "ability", p, str),
                                         r.get(v, "votes_without_king", p, int, optional=True))
    return operations, house_cards, parliament


def _check_links(readers, board: Board, blocks, house_cards, parliament) -> None:
    """References between files: office seats, office blocks, heir cards and their blocks."""
    m, b = readers["map.json"], readers["blocks.json"]
    for s in board.shires.values():
        for office in s.office_seats:
            if office not in parliament:
                raise m.fail(f"shires.{s.id}.office_seats", f"unknown office {office!r}")
    for blk in blocks.values():
        if blk.office is not None and blk.office not in parliament:
            raise b.fail(f"blocks.{blk.id}.office", f"unknown office {blk.office!r}")
        if blk.heir is not None:
            card = house_cards.get(blk.heir.card)
            if card is None or card.block != blk.id:
                raise b.fail(f"blocks.{blk.id}.heir_card",
                             f"card {blk.heir.card!r} must exist in cards.json and name this block")


def main(argv: list[str] | None = None) -> int:
    """`python -m rules.crownofroses.data [DIR] [--reconstructed]`: check edited data and summarise it."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    directory = next((a for a in args if not a.startswith("--")), None)
    try:
        data = load(directory)
    except DataError as e:
        print(f"error: {e}")
        return 1
    print(f"{data.directory}: {len(data.board.shires)} shires, {len(data.board.borders)} borders, "
          f"{len(data.blocks)} blocks, {len(data.operations)} operations cards, {len(data.house_cards)} house cards, "
          f"{len(data.parliament)} Parliament cards, {len(data.scenarios)} scenarios")
    for file, counts in provenance_summary(data).items():
        print(f"  {file}: " + ", ".join(f"{n} {tag}" for tag, n in counts.items()))
    if "--reconstructed" in args:
        print("\n".join(reconstructed_values(data)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

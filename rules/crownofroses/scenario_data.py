"""Reading scenarios.json: the PB 2.0 set-up and the scenarios' per-player-count set-ups and rules."""

from __future__ import annotations

from rules.crownofroses.model import CardsInPlay, Scenario, Setup, Victory
from rules.crownofroses.provenance import Reader, one_of, read_ids

OPTIONAL = (type(None),)


def read_scenarios(r: Reader, blocks, house_cards, operations, parliament, components, board):
    general = {k: r.get(r.raw["general_setup"], k, "general_setup") for k in r.node(r.raw, "general_setup", "")}
    core = {"section", "name", "first_turn", "last_turn", "player_counts", "starting_king", "victory",
            "placement_order", "setups", "special_rules"}
    scenarios = {}
    for sid, v in r.node(r.raw, "scenarios", "scenarios").items():
        p = f"scenarios.{sid}"
        vic = r.node(v, "victory", f"{p}.victory")
        targets = r.get(vic, "military_targets", f"{p}.victory", (dict, *OPTIONAL))
        for house, ids in (targets or {}).items():
            for t in ids:
                if t not in blocks:
                    raise r.fail(f"{p}.victory.military_targets", f"unknown block {t!r}")
        victory = Victory({h: tuple(ids) for h, ids in targets.items()} if targets is not None else None,
                          r.get(vic, "kingships_needed", f"{p}.victory", int),
                          r.get(vic, "kingships_consecutive", f"{p}.victory", bool),
                          r.get(vic, "starting_kingship_counts", f"{p}.victory", bool))
        setups = {int(c): _setup(r, f"{p}.setups.{c}", s, int(c), blocks, house_cards, operations, parliament,
                                 components) for c, s in r.node(v, "setups", f"{p}.setups").items()}
        counts = tuple(r.get(v, "player_counts", p, list))
        if sorted(setups) != sorted(counts):
            raise r.fail(f"{p}.setups", f"needs one setup for each player count {list(counts)}")
        extras = {k: r.get(v, k, p) for k in v if k not in core}
        _check_scenario_ids(r, p, extras, blocks, board)
        scenarios[sid] = Scenario(
            id=sid, section=r.get(v, "section", p, str), name=r.get(v, "name", p, str),
            first_turn=r.get(v, "first_turn", p, int), last_turn=r.get(v, "last_turn", p, int),
            player_counts=counts,
            starting_king=one_of(r, f"{p}.starting_king", r.get(v, "starting_king", p, str), components.houses,
                                  "house"),
            victory=victory, placement_order=tuple(_checked(r, f"{p}.placement_order", r.get(v, "placement_order", p, list), components.houses, "house")),
            setups=setups, special_rules=r.tagged_list(v, "special_rules", p), rules=extras)
    return general, scenarios


def _check_scenario_ids(r: Reader, p: str, extras: dict, blocks, board) -> None:
    """The scenario rules that name blocks or shires must name existing ones."""
    def names(key: str, known, what: str, ids) -> None:
        if not isinstance(ids, list) or any(i not in known for i in ids):
            raise r.fail(f"{p}.{key}", f"expected a list of {what} ids, got {ids!r}")

    if extras.get("heir_only_blocks") is not None:
        names("heir_only_blocks", blocks, "block", extras["heir_only_blocks"])
    if extras.get("plundered") is not None:
        names("plundered", board.shires, "shire", extras["plundered"])
    feud = extras.get("feud")
    if feud is not None:
        if not isinstance(feud, dict) or not {"blocks", "excludes", "until_end_of_turn"} <= set(feud):
            raise r.fail(f"{p}.feud", "expected {\"blocks\": [...], \"excludes\": block, \"until_end_of_turn\": n}")
        names("feud", blocks, "block", [*feud["blocks"], feud["excludes"]] if isinstance(feud["blocks"], list)
              else feud["blocks"])


def _setup(r: Reader, p: str, v: dict, players: int, blocks, house_cards, operations, parliament, components) -> Setup:
    houses = read_ids(r, v, "houses", p, components.houses, "house")
    if len(houses) != players:
        raise r.fail(f"{p}.houses", f"{players} players need {players} houses, got {list(houses)}")

    def per_house(key: str, kind=dict) -> dict:
        value = r.get(v, key, p, kind)
        if set(value) - set(houses):
            raise r.fail(f"{p}.{key}", f"names houses not in play: {sorted(set(value) - set(houses))}")
        return value

    own = {}
    for h, node in r.node(v, "blocks", f"{p}.blocks").items():
        if h not in houses:
            raise r.fail(f"{p}.blocks", f"house {h!r} is not in play")
        own[h] = tuple(_checked(r, f"{p}.blocks.{h}", r.tagged(node, f"{p}.blocks.{h}"), blocks, "block"))
    seen = [b for ids in own.values() for b in ids]
    if len(seen) != len(set(seen)):
        raise r.fail(f"{p}.blocks", "a block is listed for two houses")
    cards = {}
    for h, node in r.node(v, "cards_in_play", f"{p}.cards_in_play").items():
        c = r.tagged(node, f"{p}.cards_in_play.{h}")
        _checked(r, f"{p}.cards_in_play.{h}.house", c.get("house", []), house_cards, "house card")
        _checked(r, f"{p}.cards_in_play.{h}.operations", c.get("operations", []), operations, "operations card")
        cards[h] = CardsInPlay(tuple(c.get("house", [])), tuple(c.get("operations", [])))
    offices = r.get(v, "offices", p, dict)
    for office, holder in offices.items():
        if office not in parliament:
            raise r.fail(f"{p}.offices", f"unknown office {office!r}")
        if holder not in blocks:
            raise r.fail(f"{p}.offices.{office}", f"unknown block {holder!r}")
    attached = r.get(v, "attached", p, dict)
    _checked(r, f"{p}.attached", [*attached, *(h for h in attached.values() if h)], blocks, "block")
    removed = per_house("house_cards_removed")
    for h, ids in removed.items():
        _checked(r, f"{p}.house_cards_removed.{h}", ids, house_cards, "house card")
    extra = r.get(v, "extra_house_cards", p, dict, optional=True, default={})
    for h, ids in extra.items():
        _checked(r, f"{p}.extra_house_cards.{h}", ids, operations, "operations card")
    captive = r.get(v, "captive", p, dict, optional=True)
    return Setup(
        players=players, houses=houses,
        support=per_house("support"), influence=per_house("influence"), blocks=own,
        set_aside=tuple(_checked(r, f"{p}.set_aside", r.get(v, "set_aside", p, list), blocks, "block")),
        attached=attached,
        unavailable=tuple(_checked(r, f"{p}.unavailable", r.get(v, "unavailable", p, list), blocks, "block")),
        out_of_play=tuple(_checked(r, f"{p}.out_of_play", r.get(v, "out_of_play", p, list), blocks, "block")),
        removed_blocks=tuple(_checked(r, f"{p}.removed_blocks", r.get(v, "removed_blocks", p, list), blocks,
                                      "block")),
        cards_in_play=cards,
        house_cards_removed={h: tuple(ids) for h, ids in removed.items()},
        extra_house_cards={h: tuple(ids) for h, ids in extra.items()},
        offices=offices, captive=captive)


def _checked(r: Reader, path: str, ids, known, what: str):
    for i in ids:
        if i not in known:
            raise r.fail(path, f"unknown {what} {i!r}")
    return ids

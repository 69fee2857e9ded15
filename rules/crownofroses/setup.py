"""The starting state of a scenario at a player count, read from the data (PB 2.0, PB 3.1–3.4).

The state is plain JSON. Blocks: ``state["blocks"][id] = {house, status, at, strength, host}`` where
``status`` is one of ``map`` (``at`` = a shire id or ``exile/<box>``), ``undeclared``, ``attending``
(face-up at Parliament), ``inactive``, ``unavailable``, ``out`` or ``captive`` (PB 3.2.9 #1);
``strength`` counts steps (1 = base strength). Cards: ``op<n>`` operations cards, house cards by their
id (``Y3``); zones ``deck``, ``discard``, ``removed``, ``hand:<house>``, ``play:<house>`` (face-up in front
of the house: heir cards, Margaret, alliances). IP markers are individual integers: ``ip[h]["stock"]``
and ``ip[h]["pool"]`` and ``rop[noble][h]`` (face down, values private to h).
"""

from __future__ import annotations

from typing import Any

from rules.core import rng
from rules.crownofroses.data import load
from rules.crownofroses.options import teams_of

HOUSE_ORDER = ("lancaster", "york", "buckingham", "warwick")


def op(number: int) -> str:
    return f"op{number}"


def initial_state(scenario_id: str, houses: list[str], options: dict[str, Any]) -> dict[str, Any]:
    data = load()
    scenario = data.scenario(scenario_id)
    setup = scenario.setups[len(houses)]
    last = scenario.last_turn
    if options.get("short") and "short_option_last_turn" in scenario.rules:
        last = scenario.rules["short_option_last_turn"]
    blocks: dict[str, dict[str, Any]] = {}
    set_aside = set(setup.set_aside)
    for bid, block in data.blocks.items():
        house = setup.house_of(bid)
        status = "inactive"
        if bid in setup.out_of_play or bid in setup.removed_blocks:
            status = "out"
        elif bid in setup.unavailable:
            status = "unavailable"
        elif house and bid not in set_aside:
            status = "attending"   # placed as in Winter before the first turn (PB 3.1.6)
        if status != "attending":
            house = None
        blocks[bid] = {"house": house, "status": status, "at": None, "strength": block.max_steps, "host": None}
    heir_only = list(scenario.rules.get("heir_only_blocks") or [])
    offices: dict[str, str | None] = {o: None for o in data.parliament}
    offices.update(setup.offices)
    zones: dict[str, list[str]] = {"deck": [], "discard": [], "removed": []}
    extra = {n for ids in setup.extra_house_cards.values() for n in ids}
    zones["deck"] = [op(n) for n in sorted(data.operations) if n not in extra]
    for h in houses:
        removed = set(setup.house_cards_removed.get(h, ()))
        in_play = setup.cards_in_play.get(h)
        played = set(in_play.house if in_play else ()) | {op(n) for n in (in_play.operations if in_play else ())}
        own = [c.id for c in data.house_cards.values() if c.house == h and c.id not in removed | played]
        own += [op(n) for n in setup.extra_house_cards.get(h, ())]
        zones[f"hand:{h}"] = own
        zones[f"play:{h}"] = sorted(played)
        for n in (in_play.operations if in_play else ()):
            zones["deck"].remove(op(n))
    for card in data.house_cards.values():   # house cards of houses not in play go back to the box
        if card.house not in houses:
            zones["removed"].append(card.id)
    heirs = {h: [c for c in zones[f"play:{h}"] if c in data.house_cards and data.house_card(c).type == "heir"]
             for h in houses}
    captive = dict(setup.captive) if setup.captive else None
    if captive:
        blocks[captive["block"]].update(status="captive", house=captive["held_by"])
        heirs_of = heirs.get("lancaster", [])
        if captive["card"] in heirs_of:
            heirs_of.remove(captive["card"])
    for bid, host in setup.attached.items():
        if host:
            blocks[bid]["host"] = host
    ip_stock, ip_pool = {}, {}
    for h in houses:
        markers = sorted(v for v, n in data.components.ip_markers.items() for _ in range(n))
        ip_stock[h], ip_pool[h] = take_value(markers, setup.influence[h])
    what_if = scenario.rules.get("what_if_option")
    if options.get("stafford_joins") and what_if:      # PB 3.3.9 #6: Stafford fled to Lancaster
        blocks[what_if["adds_block"]].update(status="attending", house=what_if["house"])
    markers = {s: "plundered" for s in scenario.rules.get("plundered") or []}
    return {
        "scenario": scenario_id, "houses": list(houses), "options": dict(options),
        "teams": teams_of(list(houses), options.get("teams", "none")),
        "turn": scenario.first_turn, "last_turn": last, "phase": "setup",
        "blocks": blocks, "heir_only": heir_only, "heir_cards": heirs, "offices": offices,
        "king": _king_house(offices, blocks, setup), "previous_king": None,
        "support": {h: setup.support[h] for h in houses}, "income": {h: setup.influence[h] for h in houses},
        "vp": {h: 0 for h in houses}, "kingships": {h: 0 for h in houses},
        "votes": {h: 0 for h in houses}, "received": {h: 0 for h in houses},
        "ip": {h: {"stock": ip_stock[h], "pool": ip_pool[h]} for h in houses}, "rop": {},
        "markers": markers, "zones": zones, "captive": captive, "tiebreaker": None,
        "carried": {h: 0 for h in houses}, "impulse": 0, "impulses": 0, "order": [],
        "command": {}, "moved": [], "forced": [], "mustered": {}, "exiled_turn": [], "heirless_with_card": [],
        "affairs_of_state": False, "streak": {h: 0 for h in houses},
        "extra_house": {h: [op(n) for n in setup.extra_house_cards.get(h, ())] for h in houses}, "eliminated": [], "log_turn": [],
    }


def _king_house(offices, blocks, setup) -> str | None:
    holder = offices.get("king")
    if holder is None:
        return None
    return setup.house_of(holder) or (blocks[holder]["house"])


def take_value(markers: list[int], value: int) -> tuple[list[int], list[int]]:
    """Split ``markers`` into (taken, rest) with the taken ones totalling exactly ``value`` (greedy from the
    largest; the standard set of 100 IP can always make any value up to its total)."""
    rest = sorted(markers, reverse=True)
    taken: list[int] = []
    need = value
    for m in list(rest):
        if 0 < m <= need:
            taken.append(m)
            rest.remove(m)
            need -= m
    if need:
        raise ValueError(f"cannot make {value} IP from {markers}")
    return sorted(taken), sorted(rest)


def shuffle_deck(state: dict[str, Any]) -> None:
    rng.shuffle(state, state["zones"]["deck"])

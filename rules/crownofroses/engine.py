"""Crown of Roses on the Herald core: the engine class, the catalogue, views per role (VIEW.md) and the
hidden-data variants for the secrecy check."""

from __future__ import annotations

import functools
import marshal
from typing import Any

from rules.core import Result, Scenario, Summary, cards
from rules.core.contract import OptionSpec, StandingAnswer, Unless
from rules.core.flow import FlowEngine
from rules.core.seats import Seating
# importing the phase modules registers their procedures and decisions in the flow
from rules.crownofroses import board, operations, parliament, record, phases, reactions, retreat, winter  # noqa: F401
# every card's event, the reaction windows and the office abilities
from rules.crownofroses import (alliances, event_cards, house_events, influence_events, mandatory,  # noqa: F401
                                mercenaries, offices, surprise, uprisings)
from rules.crownofroses import combat_options  # noqa: F401  (registers its decisions)
from rules.crownofroses import options as game_options
from rules.crownofroses.combat import public_battle
from rules.crownofroses.common import FLOW
from rules.crownofroses.data import disclosure
from rules.crownofroses.board import data as load
from rules.crownofroses.setup import HOUSE_ORDER, initial_state

SCENARIOS = ("seeds_of_enmity", "entangled_branches", "cruel_thorns", "kingmaker")
#: off-map blocks whose house, status, strength and host everyone sees (VIEW.md)
_SHOWN_OFF_MAP = frozenset(("attending", "undeclared", "inactive", "unavailable", "out", "captive"))
_CATALOGUE: dict[str, Any] = {}


class CrownOfRoses(FlowEngine):
    id = "crownofroses"
    title = "Crown of Roses"
    flow = FLOW
    runaway_actions = 60_000
    answers_forced = True    # issue 33: one-answer questions are not asked (VIEW.md lists the exceptions)
    lists_outcome = True     # _apply ends with the flow's run

    def standing_answers(self):
        from rules.crownofroses.phases import card_title
        from rules.crownofroses.windows import ABILITIES
        unless = tuple(Unless(key.lower(), f"you can use {card_title(key)}", f"use:{key}")
                       for key in ABILITIES if not key.startswith("office_"))
        return [StandingAnswer("pass-windows", "Pass every Surprise and alliance window", ("window",),
                               unless=unless),
                StandingAnswer("never-respond", "Never volunteer a responder to a Raid or Planned Uprising, "
                               "nor issue a Writ", ("respond", "raid_writ"),
                               unless=(Unless("noble", "one of your nobles can respond", "noble"),
                                       Unless("stourton", "Lord John Stourton can respond", "stourton"),
                                       Unless("writ", "you can issue a Writ", "writ"))),
                StandingAnswer("never-intercept", "Never intercept", ("intercept",)),
                StandingAnswer("never-avoid", "Never avoid battle", ("avoid",))]
    # each block is {house, status, at, strength, host} and each zone a list of card ids: scalars only
    flat_tables = ("blocks", "zones")

    def _apply(self, state, role, action, ctx):
        g = self.game(state, ctx)
        g.top_decision().apply(g, role, action)
        g.run()

    def scenarios(self) -> list[Scenario]:
        data = load()
        if _CATALOGUE.get("data") is not data:     # the disclosure counts every value: once per data load
            text = disclosure()
            _CATALOGUE.update(data=data, scenarios=[
                Scenario(sid, s.name, f"{s.section}: turns {s.first_turn}–{s.last_turn}. " + text,
                         min(s.player_counts), max(s.player_counts))
                for sid, s in ((sid, data.scenario(sid)) for sid in SCENARIOS)])
        return list(_CATALOGUE["scenarios"])

    def options(self) -> list[OptionSpec]:
        return list(game_options.SPECS)

    def option_choices(self, scenario, players):
        return game_options.choices(scenario, players)

    def roles(self, scenario: str) -> list[str]:
        counts = load().scenario(scenario).setups
        return list(counts[max(counts)].houses)

    def role_name(self, role: str) -> str:
        return board.house_name(role)

    def seating_choices(self, scenario, players, options=None):
        setups = load().scenario(scenario).setups
        if players not in setups:
            return super().seating_choices(scenario, players, options)
        houses = sorted(setups[players].houses, key=HOUSE_ORDER.index)
        return [Seating("houses", " / ".join(board.house_name(h) for h in houses), tuple((h,) for h in houses))]

    def _setup(self, scenario, seats, options):
        houses = [r for seat in seats for r in seat]
        game_options.check(scenario, houses, options)
        return initial_state(scenario, houses, options)

    # ---- reading ------------------------------------------------------------------------------------------
    def describe(self, view, role):
        from . import words   # imported here: words reads the phases, which import the engine's modules
        return words.describe(view, role)

    def view(self, state, role):
        """VIEW.md: blocks on the map show house and place to all, identity and strength to the owner;
        IP marker values and hands are private, their counts public."""
        shared, own = self.view_parts(state, [role])
        return {**shared, **own[role]}

    def view_parts(self, state, readers):
        """What every reader sees is built once; the zones, the impulse record and ``mine`` per reader."""
        return self._shared_view(state), self.own_views(state, readers)

    def own_views(self, state, readers):
        readers = list(readers)
        zones = cards.zone_views(state, readers, counted=("deck",), owned=_zone_owner)
        on_map: dict[str, dict[str, dict]] = {}   # the readers' own blocks on the map, by id
        for b, s in sorted((b, s) for b, s in state["blocks"].items() if s["house"] in readers
                           and s["status"] == "map"):
            on_map.setdefault(s["house"], {})[b] = s
        return {r: self._own_view(state, r, zones[r], on_map) for r in readers}

    def _shared_view(self, state):
        blocks_public: dict[str, dict[str, int]] = {}
        public_blocks = {}
        blocks = state["blocks"]
        for b in sorted(blocks):
            s = blocks[b]
            status = s["status"]
            if status == "map":
                here = blocks_public.get(s["at"])
                if here is None:
                    blocks_public[s["at"]] = {s["house"]: 1}
                else:
                    here[s["house"]] = here.get(s["house"], 0) + 1
            else:
                public_blocks[b] = {"house": s["house"], "status": status, "strength": s["strength"],
                                    "host": s["host"]} if status in _SHOWN_OFF_MAP else None
        ip_public = {h: {"stock": len(v["stock"]), "pool": len(v["pool"])} for h, v in state["ip"].items()}
        for h, markers in state.get("vote_ip", {}).items():          # PB 1.6: their number is public
            ip_public[h]["vote_ip"] = len(markers)
        rop_public = {n: {h: len(m) for h, m in bids.items()} for n, bids in state["rop"].items()}
        return {
            "scenario": state["scenario"], "turn": state["turn"], "last_turn": state["last_turn"],
            "phase": state["phase"], "impulse": [state["impulse"], state["impulses"]],
            "map": blocks_public, "off_map": public_blocks, "offices": dict(state["offices"]),
            "heir_cards": {h: list(c) for h, c in state["heir_cards"].items()},
            "support": dict(state["support"]), "income": dict(state["income"]), "vp": dict(state["vp"]),
            "kingships": dict(state["kingships"]), "votes": dict(state["votes"]),
            "received": dict(state["received"]), "markers": dict(state["markers"]),
            "ip": ip_public, "rop": rop_public, "order": list(state["order"]),
            "command": {h: c["card"] for h, c in state["command"].items()     # until the card moves on (a
                        if c["card"] in state["zones"].get(f"command:{h}", [])},  # Surprise may redraw it)
            "control": board.controllers(state, blocks_public),
            "garrison": state.get("garrison"),
            "waiting": self.waiting(state), "battle": public_battle(state),
            # lasting card effects (events.py); a +1 CR names a face-down block, so only its house shows
            "lasting": [{k: v for k, v in m.items() if k != "block"} for m in state.get("modifiers", [])],
            "rebels": dict(state.get("rebels", {})),
        }

    def _own_view(self, state, role, zones, on_map):
        """``zones``: the zones as ``role`` sees them; ``on_map``: each house's blocks on the map."""
        seen = {"zones": zones, "mine": {}, "impulse_record": record.view(state, role)}
        if role is not None:
            frame = state["flow"][-1] if state["flow"] else {"local": {}}
            mine_blocks = {b: dict(s) for b, s in on_map.get(role, {}).items()}
            seen["mine"][role] = {"blocks": mine_blocks, "stock": list(state["ip"][role]["stock"]),
                                  "pool": list(state["ip"][role]["pool"]),
                                  "rop": {n: list(b.get(role, [])) for n, b in state["rop"].items() if b.get(role)},
                                  "picks": list(frame["local"].get("picks", {}).get(role, []))}
            if role in state.get("vote_ip", {}):
                seen["mine"][role]["vote_ip"] = list(state["vote_ip"][role])
            if frame["local"].get("role") == role and "picked" in frame["local"]:
                seen["mine"][role]["picked"] = list(frame["local"]["picked"])
        return seen

    def negotiations(self, state):
        """PB 1.5: partners may confer freely (public: the teams are chosen at setup)."""
        left = set(state.get("left", ()))
        return [tuple(t) for t in state.get("teams", ()) if len([h for h in t if h not in left]) > 1]

    def summary(self, state):
        return Summary(f"turn-{state['turn']}", f"Turn {state['turn']}", state["phase"].replace("_", " "))

    def secrets(self, state, role):
        return set(state["zones"].get(f"hand:{role}", []))

    def hidden_changes(self, state):
        """Another hand (same size), other IP values in a stock (same count), other values on an RoP box,
        another deck order, another strength for a face-down block on the map: each made in place."""
        quiet = not _flow_mentions_ip(state)      # pending picks name IP values: leave them alone then
        zones, rop, vote_ip = state["zones"], state["rop"], state.get("vote_ip", {})
        frames = _Frames(state)
        changeable = _changeable_blocks(state, frames=frames)
        for role in state["houses"]:
            if zones.get(f"hand:{role}"):
                yield role, "hand", functools.partial(_change_hand, role=role, frames=frames)
            if state["ip"][role]["stock"] and quiet:
                yield role, "IP stock values", functools.partial(_change_ip, table="ip", role=role)
            if vote_ip.get(role) and quiet:          # PB 1.6: vote IP values are private too
                yield role, "vote IP values", functools.partial(_change_ip, table="vote_ip", role=role)
            if quiet and any(bids.get(role) for bids in rop.values()):
                yield role, "IP on an RoP box", functools.partial(_change_rop, role=role)
            if role in changeable:
                yield role, "a block's strength", functools.partial(_change_block, role=role, frames=frames)
        if len(zones.get("deck", ())) > 1:
            yield None, "the undrawn deck order", functools.partial(cards.reverse_in, name="deck")
        yield from super().hidden_changes(state)

    def invariant_errors(self, state):
        errors = []
        for b, s in state["blocks"].items():
            top = load().block(b).max_steps
            if not 1 <= s["strength"] <= top:
                errors.append(f"{b} has strength {s['strength']} of {top}.")
            if s["status"] == "map" and not s["at"]:
                errors.append(f"{b} is on the map nowhere.")
            if s["status"] == "map" and s["house"] is None:
                errors.append(f"{b} is on the map with no house.")
        for h, ip in state["ip"].items():
            placed = sum(sum(bids.get(h, [])) for bids in state["rop"].values())
            if sum(ip["stock"]) + sum(ip["pool"]) + placed + _in_bids(state, h) != 100:
                errors.append(f"{h}'s IP markers do not total 100.")
        for s, v in state["support"].items():
            if not 1 <= v <= 9:
                errors.append(f"{s}'s support {v} is off the track.")
        return errors


@functools.lru_cache(maxsize=256)   # a handful of zone names, asked of in every view
def _zone_owner(zone: str) -> str | None:
    if zone.startswith("hand:"):
        return zone.split(":", 1)[1]
    return None


def _named_in_flow(state) -> set[str]:
    found = set()
    for f in state["flow"]:
        local = f["local"]
        for picks in local.get("picks", {}).values():
            found.update(p.split(":")[1] for p in picks if ":" in p)
        if "card" in local:
            found.add(local["card"])
    return found


class _Frames:
    """What the pending frames name (their text; the cards their picks name), worked out once for the
    hidden changes listed at a position and taken as it is in a target whose frames are still equal to
    the position's (the secrecy check makes each change in several combinations); else worked out there."""

    def __init__(self, state) -> None:
        self._frames = marshal.loads(marshal.dumps(state["flow"]))
        self._text: str | None = None
        self._cards: set[str] | None = None

    def text(self, target) -> str:
        if target["flow"] != self._frames:
            return _flow_text(target)
        if self._text is None:
            self._text = _flow_text(target)
        return self._text

    def cards(self, target) -> set[str]:
        if target["flow"] != self._frames:
            return _named_in_flow(target)
        if self._cards is None:
            self._cards = _named_in_flow(target)
        return set(self._cards)


def _change_hand(state, role, frames: _Frames | None = None) -> bool:
    """One operations card for another: the house cards a house holds are known to all (its set is fixed
    and used ones leave face up, RB 10.2), and so is how many operations cards it holds (RB 13.0). The
    first card of the hand not named by a pending frame trades places with the first such deck card."""
    hand, deck = state["zones"][f"hand:{role}"], cards.zone(state, "deck")
    extra = state.get("extra_house", {}).get(role, ())
    avoid = frames.cards(state) if frames is not None else _named_in_flow(state)
    avoid.update(c for c in hand if not c.startswith("op") or c in extra)   # not operations cards
    for i, card in enumerate(hand):
        if card in avoid:
            continue
        for j, swap in enumerate(deck):
            if swap != card and swap not in avoid:
                hand[i], deck[j] = swap, card
                return True
    return False


def _change_ip(state, table, role) -> bool:
    values = state.get(table, {}).get(role) if table == "vote_ip" else state[table][role]["stock"]
    if not values:
        return False
    values[0] = 10 if values[0] != 10 else 0
    return True


def _change_rop(state, role) -> bool:
    for _, bids in sorted(state["rop"].items()):
        if bids.get(role):
            bids[role][0] += 1
            return True
    return False


def _changeable_blocks(state, house: str | None = None, frames: _Frames | None = None) -> dict[str, str]:
    """Each house's (or only ``house``'s) block whose strength a hidden change lowers: the first by id of its
    face-down blocks on the map above strength 1 that no pending frame names. One pass over the blocks
    (the secrecy check asks at every position and in every combination of changes)."""
    candidates: dict[str, list[str]] = {}
    if house is not None:   # most blocks are another house's: asked first
        mine = [b for b, s in state["blocks"].items() if s["house"] == house and s["status"] == "map"
                and s["strength"] > 1]
        if mine:
            candidates[house] = mine
    else:
        for b, s in state["blocks"].items():
            if s["status"] == "map" and s["strength"] > 1:
                candidates.setdefault(s["house"], []).append(b)
    if not candidates:
        return {}
    named = frames.text(state) if frames is not None else _flow_text(state)
    found = {}
    for h, blocks in candidates.items():
        block = next((b for b in sorted(blocks) if b not in named), None)
        if block is not None:
            found[h] = block
    return found


def _change_block(state, role, frames: _Frames | None = None) -> bool:
    block = _changeable_blocks(state, role, frames).get(role)
    if block is None:
        return False
    state["blocks"][block]["strength"] -= 1
    return True


def _flow_mentions_ip(state) -> bool:
    return any("picked" in f["local"] or f["name"] == "office_bid" for f in state["flow"])


def _flow_text(state) -> str:
    """Every pending frame's locals as text: a block named there (as text) stays as it is."""
    return "\n".join(str(f["local"]) for f in state["flow"])


def _in_bids(state, house: str) -> int:
    """PB 1.6: vote IP taken for the Offices phase, kept apart from stock and pool."""
    return sum(state.get("vote_ip", {}).get(house, []))


ENGINE = CrownOfRoses()

"""Here I Stand (GMT, 2006) on the Herald core: scenarios, seats, views and secrecy checks.

The rules live in `turn.py` (the turn, Winter, victory), `diplomacy.py` and `actions.py`; the state in
`state.py`; the component data in `data.py`. What each view shows is in VIEW.md.
"""

from __future__ import annotations

import functools
import marshal

from rules.core import Scenario, Summary, cards, copy_state
from rules.core.contract import IllegalAction, StandingAnswer
from rules.core.flow import FlowEngine
from rules.core.seats import Seating

from . import (actions, battle, combat_cards, deals, diplomacy, displace, events, minors, move_on,  # noqa: F401  (they
               movement, papacy, relief, spring, winter, winter_choice)              # register their decisions)
from . import harbours, naval, piracy, seafight  # noqa: F401  (naval affairs, rule 16)
from . import reformation, religious_actions, religious_events  # noqa: F401  (the Reformation, rule 18)
from . import council, debate, debate_events, debate_round, debater_events, inquisitions, league  # noqa: F401
from . import diplomatic_marriage, home_events, marriages, mary, rulers  # noqa: F401  (rulers, successions, marriages: 21.2-21.5)
from . import intervention_events  # noqa: F401  (#69, #108 paying a 9.6 intervention)
from . import new_world, new_world_events, new_world_phase  # noqa: F401  (the New World, rule 20)
from . import halley, reinforcements, responses  # noqa: F401  (combat and response cards' events and windows)
# the other card events (rule 6.1): each module registers its cards in events.EVENTS
from . import events_building, events_cards, events_diplomacy, events_faith, events_leaders  # noqa: F401
from . import events_military, events_sack, events_sieges, events_spring, events_trade, events_victory  # noqa: F401
from . import events_italy, events_mediterranean, events_scotland, events_unrest, foreign_wars  # noqa: F401
from . import state as st
from .data import MAJORS, load
from .minor_units import side_land_units
from .religious_refusals import religious_refusal
from .turn import FLOW

NEGOTIATION_STEP = 1      # the "diplomacy" frame loops on its negotiation step (9.1) while deals are made
SEATING_NAMES = {"protestant": "Protestant", "papacy": "Papacy", "hapsburg": "Hapsburg", "england": "England",
                 "france": "France", "ottoman": "Ottoman"}


class HereIStand(FlowEngine):
    id = "hereistand"
    title = "Here I Stand"
    flow = FLOW
    runaway_actions = 20_000
    answers_forced = True    # issue 33: one-answer questions are not asked (VIEW.md lists the exceptions)

    def standing_answers(self):
        return [StandingAnswer("pass-combat-cards", "Pass every combat card window", ("combat_cards",)),
                StandingAnswer("pass-response-cards", "Pass every response card window", ("responses",)),
                StandingAnswer("pass-event-windows", "Pass the Spring Deployment and Victory Determination card "
                               "windows", ("spring_cards", "victory_cards")),
                StandingAnswer("never-intercept", "Never intercept", ("intercept", "naval_intercept")),
                StandingAnswer("never-avoid", "Never avoid battle", ("avoid", "naval_avoid"))]

    def scenarios(self):
        return [Scenario("1517", "1517 campaign", "The full game from Luther's theses: turns 1–9.", 3, 6),
                Scenario("1532", "1532", "The Schmalkaldic League has formed: turns 4–9.", 3, 6),
                Scenario("tournament", "Tournament", "The 1532 set-up, ending after turn 6.", 3, 6)]

    def roles(self, scenario):
        return list(MAJORS)

    def role_name(self, role):
        return load().power(role).name if role in load().powers else super().role_name(role)

    def seating_choices(self, scenario, players, options=None):
        """Rule 3.1: all six powers are always played; with fewer than six players some hold two (the
        pairings in DECISIONS.md, 'Scenarios')."""
        seats = load().seats.get(players)
        if seats is None:
            return super().seating_choices(scenario, players, options)
        ordered = tuple(tuple(sorted(seat, key=MAJORS.index)) for seat in seats)
        name = " / ".join(" + ".join(SEATING_NAMES[p] for p in seat) for seat in ordered)
        return [Seating(f"{players}-players", name, ordered)]

    def _setup(self, scenario, seats, options):
        return st.initial_state(scenario)

    def _find_action(self, state, role, action_id):
        """Rule 6.1: a card played as an event is refused with its reason until its event exists."""
        found = super()._find_action(state, role, action_id)
        if found is None:
            top = state["flow"][-1]["name"] if state.get("flow") else None
            why = events.event_refusal(state, role, action_id, top) or \
                reformation.target_refusal(state, action_id, top) or \
                debate.debate_refusal(state, role, action_id, top) or \
                new_world.voyage_refusal(state, role, action_id, top) or \
                religious_refusal(state, role, action_id, top)
            if why:
                raise IllegalAction(why)
        return found

    # ---- reading -------------------------------------------------------------------------------------
    def describe(self, view, role):
        from . import words   # imported here: it reads the data only when a text view is asked for
        return words.describe(view, role)

    def view(self, state, role):
        """Everything but the hands (another power's hand is a count) and the deck's order (VIEW.md)."""
        return {**_shared_view(self, _without_cards(state)), **self.own_views(state, [role])[role]}

    def view_parts(self, state, readers):
        """The board, the tracks and the points are copied and computed once for all readers; the zones
        (the reader's own hand) and ``mine`` per reader. The shared part is built from the state without its
        card zones (it shows no card) and taken again for a state equal to one of the latest but for its
        cards (read only: the secrecy check's hidden variants change hands and the deck, not the board)."""
        public = _without_cards(state)
        key = marshal.dumps(public, 2)   # version 2: equal data, equal bytes (no shared refs)
        shared = _SHARED.get(key)
        if shared is None:
            shared = _SHARED[key] = _shared_view(self, public)
            if len(_SHARED) > _SHARED_KEPT:
                _SHARED.pop(next(iter(_SHARED)), None)
        return shared, self.own_views(state, readers)

    def own_views(self, state, readers):
        """The zones (the reader's own hand) and ``mine``, without the costly board."""
        readers = list(readers)
        zones = cards.zone_views(state, readers)
        return {r: {"zones": zones[r], "mine": {r: {"picks": self.picks(state, r)}} if r is not None else {}}
                for r in readers}

    def negotiations(self, state):
        """9.1: during the negotiation segment any two powers may talk in private (turn 1: England with the
        Hapsburg and with France, rule 7). One talk per pair of seats, holding both seats' powers."""
        frame = next((f for f in state.get("flow") or [] if f["name"] == "diplomacy"), None)
        if frame is None or frame["at"] != NEGOTIATION_STEP:
            return []
        seats = [tuple(seat) for seat in state["seats"]]
        seat_of = {role: i for i, seat in enumerate(seats) for role in seat}
        if state["turn"] == 1:
            pairs = [("england", "hapsburg"), ("england", "france")]
        else:
            pairs = [(a, b) for i, a in enumerate(MAJORS) for b in MAJORS[i + 1:]]
        out = []
        for a, b in pairs:
            x, y = sorted((seat_of[a], seat_of[b]))
            talk = seats[x] + seats[y] if x != y else ()
            if talk and talk not in out:
                out.append(talk)
        return out

    def tallies(self, state):
        from .tallies import tallies
        return tallies(state)

    def summary(self, state):
        phase = state["phase"]
        return Summary(f"turn-{state['turn']}", f"Turn {state['turn']}", phase)

    # ---- checks -----------------------------------------------------------------------------------------
    def invariant_errors(self, state):
        errors = []
        data = load()
        for power in MAJORS:
            if st.land_units_total(state, power) > data.power(power).force_pool.land_units:
                errors.append(f"{power} has more land units than its counters allow")
        everywhere = [c for z in state["zones"].values() for c in z]
        if len(everywhere) != len(set(everywhere)):
            errors.append("a card is in two zones")
        for space, by_power in state["units"].items():
            for power, kinds in by_power.items():
                if any(n <= 0 for n in kinds.values()):
                    errors.append(f"{power} has an empty unit entry in {space}")
        for leader, where in state["leaders"].items():
            if where not in data.spaces and where not in data.sea_zones and where not in ("off", "box") \
                    and not where.startswith("captured:"):
                errors.append(f"leader {leader} is nowhere ({where!r})")
        for place, by_power in state["units"].items():           # rule 2.5: ships only in ports and at sea
            at_sea = place in data.sea_zones
            for power, kinds in by_power.items():
                if at_sea and any(k in st.LAND_TYPES for k in kinds):
                    errors.append(f"{power} has land units at sea in {place}")
                if not at_sea and not data.space(place).is_port and any(k not in st.LAND_TYPES for k in kinds):
                    errors.append(f"{power} has naval units in {place}, which is no port")
        for space, siege in state["sieges"].items():
            if not side_land_units(state, space, siege["besieger"]):
                errors.append(f"the siege of {space} has no besieger left")
        if state["move"] is None and state["battle"] is not None:
            errors.append("a battle is pending outside a move")
        return errors

    def secrets(self, state, role):
        return set()   # card ids are numbers shown as strings everywhere; hidden_variants does the work

    def hidden_changes(self, state):
        """Another hand for each power (same count: one card traded with the deck) and another deck order,
        each made in place."""
        for power in MAJORS:
            if power not in state.get("hands_shown", ()) and state["zones"].get(cards.hand(power)):
                yield power, "hand", functools.partial(self._change_hand, power=power)   # else looked at (#58)
        if len(state["zones"].get("deck", ())) > 1:
            yield None, "the undrawn deck order", functools.partial(cards.reverse_in, name="deck")
        yield from super().hidden_changes(state)

    def _change_hand(self, state, power) -> bool:
        picked = {p.partition(":")[2] for p in self.picks(state, power, every_frame=True)}
        picked |= {str(n) for n in load().power(power).home_cards}   # public: used or not (6.1)
        picked |= {str(f["local"]["card"]) for f in state["flow"]       # a card a pending step names (a
                   if isinstance(f.get("local"), dict) and f["local"].get("card")}   # discard taken back)
        return cards.swap_in(state, cards.hand(power), "deck", avoid=picked)


#: the procedures of the religious struggle (while one runs, its players need the religion picture)
RELIGIOUS_PROCEDURES = frozenset({"attempts", "theses", "diet_of_worms", "debate", "debate_round",
                                  "council_of_trent", "papal_inquisition", "spanish_inquisition",
                                  "common_prayer", "league"})


#: The shared part of the view by the state it was built from (without its card zones), for the latest
#: positions: a pure function of it (read only).
_SHARED: dict[bytes, dict] = {}
_SHARED_KEPT = 8


def _without_cards(state) -> dict:
    """The state without its card zones: what every reader sees alike is built from it alone."""
    return {k: v for k, v in state.items() if k != "zones"}


def _shared_view(engine, state) -> dict:
    """What every reader sees alike (VIEW.md): the board, the tracks and the points."""
    seen = {key: state[key] for key in ("scenario", "turn", "last_turn", "phase", "control", "unrest",
                                        "religion", "units", "leaders", "wars", "alliances",
                                        "minor_allies", "rulers", "league_formed", "excommunicated",
                                        "war_winner_vp", "bonus_vp", "vp_history", "tracks", "offers",
                                        "peace_this_turn", "allied_this_turn", "impulse", "hungary_defeated",
                                        "impulse_locks", "intercept_tried", "move", "battle", "sieges", "assaulted", "deal",
                                        "card_gifts", "reformers", "electorate_display", "universities",
                                        "translations", "targeted", "debaters", "excommunication_record",
                                        "reformers_away", "henry", "crowned")}
    seen["mercenary_gifts"] = state.get("mercenary_gifts", [])
    seen["impulse_record"] = state.get("impulse_record", [])
    seen["abilities_used"] = state.get("abilities_used", [])
    seen["modifiers"] = copy_state(state.get("modifiers", []))    # Printing Press, Augsburg Confession (6.1)
    seen["society_of_jesus"] = state.get("society_of_jesus", False)
    seen["new_world"] = state["new_world"]                       # rule 20: all public (VIEW.md)
    seen["voyage"] = new_world_phase.voyage_under_way(state)
    seen["religious_now"] = religious_now(state)
    seen["combat"] = state.get("combat")                          # combat cards played (combat_cards.py)
    seen["skip_impulse"] = state.get("skip_impulse", [])          # #38 Halley's Comet
    seen["card_minus"] = list(state.get("card_minus", []))          # #79 Fuggers' -1 card markers
    seen["leaders_removed"] = list(state.get("leaders_removed", []))
    seen["leaders_away"] = list(state.get("leaders_away", []))        # #103 Threat to Power
    seen["leader_sides"] = dict(state.get("leader_sides", {}))         # #70 the renegade, #60 Maurice
    seen["fortified"] = list(state.get("fortified", []))               # #104 Trace Italienne
    seen["foreign_wars"] = state.get("foreign_wars", {})          # 21.7: public
    seen["pirate_havens"] = state.get("pirate_havens", [])        # #89
    seen["knights_port"] = state.get("knights_port")              # #86
    seen = copy_state(seen)
    seen["naval"] = copy_state(state.get("naval", {}))
    sources = {p: st.vp_breakdown(state, p) for p in MAJORS}
    seen["vp"] = {p: sum(sources[p].values()) for p in MAJORS}   # st.victory_points, without a second pass
    seen["vp_sources"] = sources
    seen["cards_to_draw"] = {p: st.cards_to_draw(state, p) for p in MAJORS}
    seen["waiting"] = engine.waiting(state)
    return seen


def religious_now(state) -> bool:
    """Whether a religious procedure is under way or an attempt was made this impulse (both public)."""
    return bool(state.get("targeted")) or any(f["name"] in RELIGIOUS_PROCEDURES for f in state.get("flow") or [])


ENGINE = HereIStand()

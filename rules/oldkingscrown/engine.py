"""The Old King's Crown (Eerie Idol Games) as a Herald engine, after the August 2024 rulebook.

The flow runs on the core's frame stack (rules/core/flow.py): procedures and decisions registered in
procedures.py, and ``FlowEngine`` implements the contract hooks. Automated rivals
(the solo rival, or a rival in an empty seat) answer their own decisions inside ``_apply`` from their own view
and the game's seeded generator, so the contract only ever waits for seated players."""

from __future__ import annotations

from rules.core import Action, BadSetup, OptionSpec, Scenario, Summary
from rules.core import rng
from rules.core.flow import FlowEngine
from rules.core.seats import Seating

from .data import BASIC_IDS, BOARD, COUNCILS, FACTIONS, FACTION_NAMES, HEIR_ID, KINGDOM_IDS, LOCATIONS, \
    REGION_NAMES, REGIONS, SITE_IDS, TACTICS, TACTIC_IDS

from .procedures import FLOW
from . import flow, summer, actions, effects, advanced  # noqa: F401  (registers procedures and decisions)
from . import stored
from . import words as _words
from . import rival as _rival
from . import state as S
from . import view as _view

SCENARIO = "standard"


class OldKingsCrown(FlowEngine):
    id = "oldkingscrown"
    title = "The Old King's Crown"
    runaway_actions = 20_000
    flow = FLOW
    answers_forced = True    # issue 33: one-answer questions are not asked (VIEW.md lists the exceptions)

    # ---- catalogue -------------------------------------------------------------------------------------
    def scenarios(self):
        return [Scenario(SCENARIO, "The Old King's Crown",
                         "1–4 factions vie for influence over the kingdom; with one player an automated rival "
                         "takes a second faction.", 1, 4)]

    def options(self):
        return [
            OptionSpec("edition", "Rules edition", "2024: the August 2024 rulebook (default). 2025: the 2025 rules "
                       "reference's differences (5 rounds standard, Council of Secrets in spring with 4 tokens, "
                       "Relics and Oaths as in 2025, hand size up to 8).", "choice", "2024",
                       (("2024", "August 2024 rulebook"), ("2025", "2025 rules reference"))),
            OptionSpec("rounds", "Rounds", "standard (6 in 2024, 5 in 2025) or a Skirmish of 4 or 5 rounds.",
                       "choice", "standard", (("standard", "Standard"), ("4", "4"), ("5", "5"), ("6", "6"))),
            OptionSpec("advanced_setup", "Advanced setup", "Each player starts with a Kingdom card chosen from "
                       "five dealt in secret (Herald's own numbers: DECISIONS.md).", "bool", False),
            OptionSpec("rivals", "Automated rivals", "Factions played by the rival procedure: auto = one in a solo "
                       "game, none otherwise.", "choice", "auto",
                       (("auto", "auto"), ("0", "0"), ("1", "1"), ("2", "2"), ("3", "3"))),
            OptionSpec("rival_level", "Rival difficulty", "novice, veteran or tyrant (see RIVAL.md).", "choice",
                       "veteran", tuple((k, k) for k in _rival.LEVELS)),
        ]

    def option_choices(self, scenario, players):
        """Only rival counts that make two to four factions with ``players`` (the rest are refused at setup)."""
        found = super().option_choices(scenario, players)
        found["rivals"] = ["auto"] + [str(n) for n in range(4) if 2 <= players + n <= len(FACTIONS)]
        return found

    def roles(self, scenario):
        return list(FACTIONS)

    def role_name(self, role):
        return FACTION_NAMES.get(role, role)

    def seating_choices(self, scenario, players, options=None):
        """One faction a player; a solo player faces the automated rival (RIVAL.md)."""
        if not 1 <= players <= 4:
            raise BadSetup(f"{self.title} is for 1–4 players, not {players}.")
        return [Seating("one-each", "One faction each", tuple((f,) for f in FACTIONS[:players]))]

    # ---- setup ------------------------------------------------------------------------------------------
    def _setup(self, scenario, seats, options):
        humans = [r for seat in seats for r in seat]
        rivals = options["rivals"]
        n_rivals = (1 if len(humans) == 1 else 0) if rivals == "auto" else int(rivals)
        if len(humans) + n_rivals > 4:
            raise BadSetup(f"{len(humans)} players and {n_rivals} rivals are more than the four factions.")
        if len(humans) + n_rivals < 2:
            raise BadSetup("A game needs at least two factions: add a rival for a solo game.")
        edition = options["edition"]
        rounds = BOARD["standard_rounds"][edition] if options["rounds"] == "standard" else int(options["rounds"])
        return {"scenario": scenario, "options": {**options, "edition": edition}, "rounds": rounds, "round": 1,
                "season": "setup", "humans": humans, "rival_count": n_rivals, "order": [], "factions": {},
                "regions": {r: {"cards": [], "supporters": {}, "counted": {}} for r in REGIONS},
                "locations": {loc: {"tokens": {}} for loc in LOCATIONS},
                "councils": {c: [] for c in COUNCILS}, "favour": None, "road": [None] * BOARD["great_road_spaces"],
                "kdeck": [], "kdiscard": [], "lost": [], "burned": [], "mods": [], "used": [],
                "clash": None, "clash_order": [], "resolved": [], "storms": None, "skipped": {}, "bids": {},
                "result": None, "ranking": None}

    def _after_setup(self, state):
        """Setup (2025 reference steps A–P, DECISIONS): rivals take random free factions; the Kingdom deck
        is shuffled and the Great Road filled; each deck is shuffled and the Heir plus five cards drawn; the
        first Order Track is random."""
        free = [f for f in FACTIONS if f not in state["humans"]]
        rng.shuffle(state, free)
        rivals = free[:state["rival_count"]]
        level = state["options"]["rival_level"]
        for f in state["humans"] + rivals:
            deck = [c for c in BASIC_IDS[f] if c != HEIR_ID[f]]
            rng.shuffle(state, deck)
            tactics = {t: TACTICS[t]["uses"] for t in TACTIC_IDS[f]}
            state["factions"][f] = {
                "rival": level if f in rivals else None, "deck": deck, "hand": [HEIR_ID[f]], "discard": [],
                "hand_size": BOARD["starting_hand"], "attritions": 0, "influence": 0, "lore": 0, "site_lore": 0,
                "site": list(SITE_IDS[f]), "hq": [], "spaces": [None] * BOARD["kingdom_spaces"],
                "kingdom_supply": [], "herald": None, "supporters_home": BOARD["supporters"], "supporters_lost": 0,
                "tactics": tactics, "tactic_markers": {t: u for t, u in tactics.items() if u > 1},
                "door_markers": 0, "favour": 0, "governs": 0, "journeys": 0}
            S.draw(state, f)
        state["kdeck"] = list(KINGDOM_IDS)
        rng.shuffle(state, state["kdeck"])
        order = state["humans"] + rivals
        rng.shuffle(state, order)
        state["order"] = order
        if state["options"]["advanced_setup"]:
            advanced.deal(state)
        flow.slide_and_fill(state)
        _rival.apply_handicap(state)
        state["flow"], state["result"] = [], None
        g = self.game(state)
        g.call(self.start)
        opening = self.run(state, g.ctx).entries
        state["setup_log"] = [e.to_dict() for e in opening]
        return opening

    # ---- the flow ---------------------------------------------------------------------------------------
    def run(self, state, ctx=None):
        """Run the flow's automatic steps, then the rivals, until a seated player must decide."""
        g = self.game(state, ctx)
        g.run()
        self._rivals(state, g.ctx)
        return g.ctx

    def _decision(self, state):
        if stored.is_old(state.get("flow")):
            state = {**state, "flow": stored.rebuild(state["flow"])}
        return super()._decision(state)

    def _rivals(self, state, ctx):
        """Rivals answer their own decisions (from their own view) until a seated player must decide."""
        while True:
            summer.offer_removal(state)      # a "may" after a card left a council (summer.py)
            g = self.game(state, ctx)
            decision = g.top_decision()
            if decision is None:
                return
            rivals = [f for f in decision.active(g) if S.fx(state, f)["rival"]]
            if not rivals:
                return
            f = rivals[0]
            legal = {a.id: a for a in decision.actions(g, f)}
            choice = _rival.choose(state, f, g.frame["name"], list(legal.values()), self.view(state, f))
            decision.apply(g, f, legal[choice])
            g.run()

    def _active_roles(self, state):
        return [f for f in super()._active_roles(state) if not S.fx(state, f)["rival"]]

    def _apply(self, state, role, action: Action, ctx):
        if stored.is_old(state.get("flow")):
            state["flow"] = stored.rebuild(state["flow"])
            if state.pop("_revealed", False):   # the old flow's note of cards drawn (at setup, before advanced setup)
                ctx.reveal()
        super()._apply(state, role, action, ctx)
        self._rivals(state, ctx)

    def default_action(self, state, role):
        """A missed deadline: finish, skip, keep or pass when offered, else the first choice."""
        if role not in self.active_roles(state):
            return None
        return _rival.safe_default(self.legal_actions(state, role))

    # ---- reading ----------------------------------------------------------------------------------------
    def view(self, state, role):
        return _view.build(state, role, self.active_roles(state))

    def view_parts(self, state, readers):
        """The board every reader sees alike is built once for all readers, from the public facts alone
        (view.public_facts), and once for positions that differ only in hidden data."""
        return _view.parts(state, readers, self.active_roles(state))

    def own_views(self, state, readers):
        return _view.own_parts(state, readers, self.active_roles(state))

    def describe(self, view, role):
        return _words.describe(view, role)

    def summary(self, state):
        season = state["season"]
        if season == "over":
            return Summary(f"r{state['round']}-over", f"Round {state['round']}, game over", "Game over")
        key, label = f"r{state['round']}-{season}", f"Round {state['round']} of {state['rounds']}, {season}"
        clash = state.get("clash")
        if clash:   # each clash is a turn of its own: the table posts the board with each region's reveal
            key += f"-{clash['region']}-{clash['number']}"
            label += f", clash in {REGION_NAMES[clash['region']]}" + (" (tie-break)" if clash["number"] > 1 else "")
        return Summary(key, label, season.title())

    def invariant_errors(self, state):
        return _view.invariant_errors(state)

    def secrets(self, state, role):
        return _view.secrets(state, role)

    def hidden_changes(self, state):
        return _view.hidden_changes(state)

    def ranking(self, state):
        return list(state.get("ranking") or [])


ENGINE = OldKingsCrown()

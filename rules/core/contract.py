"""The one engine contract every Herald game implements (DESIGN.md §1).

A game is a pure function of (setup arguments, action log). Its state is plain JSON data holding the
random generator's state under ``state["rng"]``. Engines subclass :class:`Engine` and fill in the
underscore hooks; the public methods here add the checks every game shares (is the role active, is
the action legal, was randomness used) so no game can skip them.
"""

from __future__ import annotations

import marshal
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable, Literal

from . import rng as _rng
from .seats import Seating, merge_views

State = dict[str, Any]
#: Changes one owner's hidden data of one kind in the state given, in place; False when there is none
#: to change there (see :meth:`Engine.hidden_changes`).
HiddenChange = Callable[[State], bool]

PromptKind = Literal["turn", "secret", "reaction", "negotiation"]
"""``turn``: an ordinary move. ``secret``: a simultaneous hidden choice, revealed when all have chosen.
``reaction``: an optional response window offered to a role that is not moving (passing is always legal).
``negotiation``: a binding deal proposed by another role, to accept or refuse."""


class RulesError(Exception):
    """Anything the rules refuse. The message is written for the player who caused it."""


class IllegalAction(RulesError):
    """The action is not among the role's legal actions now; nothing changed."""


class BadSetup(RulesError):
    """Unknown scenario, wrong seats, or a malformed option."""


@dataclass(frozen=True)
class Action:
    """One legal choice. ``id`` is stable (the same choice in the same position has the same id) and is
    what the action log stores; ``label`` is what a player reads on a button; ``group`` gathers related
    choices into one select menu (for example "Cards" or "Move from Kent")."""

    id: str
    label: str
    group: str = ""
    hint: str = ""

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


@dataclass(frozen=True)
class Unless:
    """A condition a player may put on a standing answer: "… unless I can play Janissaries". It holds when
    one of the player's legal actions there is ``prefix`` or begins with ``prefix:``; then the player is asked
    instead."""

    id: str
    label: str
    prefix: str


@dataclass(frozen=True)
class StandingAnswer:
    """An answer a player may leave for a game (issue 33): ``action`` is taken for them whenever one of
    ``decisions`` asks them and it is legal ("pass every Surprise window"). Set by the player, it holds
    whatever they hold, so its instant answer tells the others nothing about their hand. ``unless`` lists
    the conditions the player may add; a conditional answer is the player's own opt-in, like auto-pass: its
    instant answer tells the others the condition did not hold."""

    id: str
    label: str
    decisions: tuple[str, ...]
    action: str = "pass"
    unless: tuple[Unless, ...] = ()


def standing_choice(answer: str, unless: Iterable[str] = ()) -> str:
    """How a player's chosen standing answer is handed to :meth:`Engine.standing_move`: its id, with the
    ids of its conditions after " unless " ("pass-windows unless op71,op74")."""
    unless = [u for u in unless if u]
    return f"{answer} unless {','.join(unless)}" if unless else answer


def read_standing_choice(choice: str) -> tuple[str, set[str]]:
    answer, _, unless = choice.partition(" unless ")
    return answer, {u for u in unless.split(",") if u}


@dataclass(frozen=True)
class Prompt:
    """What a role is being asked to do now. ``committed`` marks a role that has made its secret choice
    and may still change it until the reveal: it stays active, but nobody is waiting for it."""

    text: str
    kind: PromptKind = "turn"
    committed: bool = False


@dataclass(frozen=True)
class LogEntry:
    """A line of the game log. ``to`` is None for a public entry, else the roles that may read it."""

    text: str
    to: tuple[str, ...] | None = None
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, role: str | None) -> bool:
        return self.to is None or (role is not None and role in self.to)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "to": list(self.to) if self.to is not None else None,
                "kind": self.kind, "data": self.data}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "LogEntry":
        to = raw.get("to")
        return cls(raw["text"], tuple(to) if to is not None else None, raw.get("kind", "info"),
                   raw.get("data") or {})


@dataclass(frozen=True)
class Outcome:
    """The result of applying one action. ``irreversible`` is True when the action rolled dice, shuffled,
    or revealed hidden information: it (and everything before it) can no longer be undone."""

    state: State
    log: tuple[LogEntry, ...]
    irreversible: bool
    #: (role, decision) of every question the engine answered itself during the action (issue 33)
    automatic: tuple[tuple[str, str], ...] = ()
    #: legal actions at ``state`` by role, of the roles the engine listed there anyway (to see whether it
    #: answers a question itself; see ``Engine.lists_outcome``): what :meth:`Engine.legal_actions` gives
    #: them, for a reader (read only)
    listed: dict[str, list[Action]] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """A finished game: the winning roles (empty for a draw) and why. ``ranks`` orders every role from
    first place down, roles sharing a place together (empty when the game only names winners);
    ``scores`` holds each role's final score where the game has one."""

    winners: tuple[str, ...]
    reason: str
    ranks: tuple[tuple[str, ...], ...] = ()
    scores: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Summary:
    """Public headline of a position. ``turn_key`` changes exactly when a new game turn begins, which is
    when the table service stores a snapshot."""

    turn_key: str
    turn_label: str
    phase: str


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    description: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class OptionSpec:
    """A setup option. ``kind`` is ``bool``, ``int`` or ``choice``."""

    id: str
    label: str
    description: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class SetupArgs:
    """Everything :meth:`Engine.setup` needs; with the action log it rebuilds any game exactly."""

    scenario: str
    seats: tuple[tuple[str, ...], ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "seats": [list(s) for s in self.seats],
                "seed": self.seed, "options": dict(self.options)}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "SetupArgs":
        return cls(raw["scenario"], tuple(tuple(s) for s in raw["seats"]), int(raw["seed"]),
                   dict(raw.get("options") or {}))


class Context:
    """Handed to an engine's ``_apply``: collects log entries and marks reveals."""

    def __init__(self) -> None:
        self.entries: list[LogEntry] = []
        self.revealed = False
        self.automatic: list[tuple[str, str]] = []
        #: legal actions by role listed at the position the action ends at (see ``Outcome.listed``)
        self.listed: dict[str, list[Action]] = {}

    def log(self, text: str, to: Iterable[str] | None = None, kind: str = "info",
            data: dict[str, Any] | None = None) -> None:
        self.entries.append(LogEntry(text, tuple(to) if to is not None else None, kind, data or {}))

    def reveal(self) -> None:
        """Hidden information became known to someone: undo must stop here."""
        self.revealed = True

    def answered(self, role: str, decision: str) -> None:
        """The engine answered ``role``'s one-answer question at ``decision`` itself (issue 33)."""
        self.automatic.append((role, decision))


def copy_state(state: State, flat_tables: Iterable[str] = ()) -> State:
    """A deep copy of plain JSON data. ``marshal`` is the fastest stdlib deep copy for it (a quarter
    faster than pickle, and it refuses anything but plain data). ``flat_tables`` names top-level
    mappings whose values are flat records or lists (scalars only): each is copied with one ``copy()``,
    faster still (a hand of card ids: the ids are shared, not made again)."""
    flat = [t for t in flat_tables if t in state]
    if not flat:
        return marshal.loads(marshal.dumps(state))
    rest = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k not in flat}))
    return {k: ({i: r.copy() for i, r in v.items()} if k in flat else rest[k]) for k, v in state.items()}


def state_copier(state: State, flat_tables: Iterable[str] = ()) -> Callable[[], State]:
    """Copies of ``state`` as :func:`copy_state` makes them, for many copies of one state: it is serialised
    once (at the first copy), not once a copy. ``state`` must not change while the copies are made."""
    flat = [t for t in flat_tables if t in state]
    frozen: list[bytes] = []

    def copy() -> State:
        if not frozen:   # the flat tables as None, so that each copied table takes its key's place
            frozen.append(marshal.dumps({k: None if k in flat else v for k, v in state.items()} if flat else state))
        rest = marshal.loads(frozen[0])
        for k in flat:
            rest[k] = {i: r.copy() for i, r in state[k].items()}
        return rest
    return copy


class Engine:
    """Base class of every game engine. Subclasses set ``id``/``title`` and implement the ``_`` hooks."""

    id: str = ""
    title: str = ""
    #: Actions after which a random game is declared runaway by the fuzzer.
    runaway_actions: int = 100_000
    #: Top-level state keys holding ``{key: flat record}`` or ``{key: [scalars]}`` tables (see
    #: :func:`copy_state`).
    flat_tables: tuple[str, ...] = ()
    #: Issue 33: the engine answers one-answer questions itself (rules.core.flow). A game set up with it on
    #: carries ``state["answers_forced"]``; positions stored before play on as they were recorded.
    answers_forced: bool = False
    #: Whether ``_apply`` ends with the flow's run (rules.core.flow), nothing changing the state after it:
    #: then the legal actions the run listed to see whether it answers a question itself are those at
    #: the final position, and ``Outcome.listed`` carries them (the secrecy check reads them).
    lists_outcome: bool = False

    # ---- catalogue -------------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        raise NotImplementedError

    def options(self) -> list[OptionSpec]:
        return []

    def option_choices(self, scenario: str, players: int) -> dict[str, list[Any]]:
        """The values each option may take in a game of ``scenario`` at ``players`` seats, for random play
        (``herald fuzz --random-options``): any pick of one value per option must set up. By default every
        value a spec allows (both for ``bool``, every choice, an ``int``'s bounds); an engine whose options
        depend on the scenario or the player count narrows the lists."""
        found: dict[str, list[Any]] = {}
        for spec in self.options():
            if spec.kind == "bool":
                found[spec.id] = [False, True]
            elif spec.kind == "choice":
                found[spec.id] = [c[0] for c in spec.choices]
            else:
                found[spec.id] = sorted({v for v in (spec.minimum, spec.default, spec.maximum) if v is not None})
        return found

    def roles(self, scenario: str) -> list[str]:
        """Every role the scenario can have, in seat order."""
        raise NotImplementedError

    def role_name(self, role: str) -> str:
        return role.replace("_", " ").title()

    def seating_choices(self, scenario: str, players: int,
                        options: dict[str, Any] | None = None) -> list[Seating]:
        """The rulebook's named ways of sharing the scenario's roles among ``players`` seats, the usual
        one first. By default every role has its own seat."""
        roles = self.roles(scenario)
        if players != len(roles):
            raise BadSetup(f"{self.title} '{scenario}' needs {len(roles)} players, not {players}.")
        return [Seating("one-each", "One role each", tuple((r,) for r in roles))]

    def seatings(self, scenario: str, players: int, options: dict[str, Any] | None = None,
                 choice: str | None = None) -> list[tuple[str, ...]]:
        """How the scenario's roles are shared among ``players`` seats (one tuple of roles per seat):
        the seating ``choice`` names, else the first of :meth:`seating_choices`."""
        choices = self.seating_choices(scenario, players, options)
        for seating in choices:
            if choice is None or seating.id == choice:
                return list(seating.seats)
        raise BadSetup(f"No seating '{choice}' for {players} players. Choose one of: "
                       f"{', '.join(s.id for s in choices)}.")

    # ---- setup -----------------------------------------------------------------------------------
    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.scenarios():
            if s.id == scenario_id:
                return s
        known = ", ".join(s.id for s in self.scenarios())
        raise BadSetup(f"{self.title} has no scenario '{scenario_id}'. Choose one of: {known}.")

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in and every value checked; a bad option raises :class:`BadSetup`."""
        specs = {o.id: o for o in self.options()}
        options = dict(options or {})
        unknown = sorted(set(options) - set(specs))
        if unknown:
            raise BadSetup(f"Unknown option(s) for {self.title}: {', '.join(unknown)}. "
                           f"Known: {', '.join(specs) or 'none'}.")
        clean: dict[str, Any] = {}
        for spec in specs.values():
            value = options.get(spec.id, spec.default)
            if spec.kind == "bool":
                if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                    value = value.lower() in ("true", "yes", "on", "1")
                if not isinstance(value, bool):
                    raise BadSetup(f"Option '{spec.id}' must be true or false, not {value!r}.")
            elif spec.kind == "int":
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise BadSetup(f"Option '{spec.id}' must be a whole number, not {value!r}.") from None
                if (spec.minimum is not None and value < spec.minimum) or (
                        spec.maximum is not None and value > spec.maximum):
                    raise BadSetup(f"Option '{spec.id}' must be between {spec.minimum} and {spec.maximum}.")
            elif spec.kind == "choice":
                allowed = [c[0] for c in spec.choices]
                if value not in allowed:
                    raise BadSetup(f"Option '{spec.id}' must be one of {', '.join(allowed)}, not {value!r}.")
            clean[spec.id] = value
        return clean

    def setup(self, args: SetupArgs) -> State:
        return self.setup_logged(args)[0]

    def setup_logged(self, args: SetupArgs) -> tuple[State, tuple[LogEntry, ...]]:
        """The starting position and the log lines of the game's opening (what its first automatic steps
        said, "Round 1 of 6 begins."), which no action carries."""
        scenario = self.scenario(args.scenario)
        players = len(args.seats)
        if not scenario.min_players <= players <= scenario.max_players:
            span = (str(scenario.min_players) if scenario.min_players == scenario.max_players
                    else f"{scenario.min_players}–{scenario.max_players}")
            raise BadSetup(f"{scenario.name} is for {span} players, not {players}.")
        roles = [r for seat in args.seats for r in seat]
        known = set(self.roles(args.scenario))
        if len(set(roles)) != len(roles) or not set(roles) <= known:
            raise BadSetup(f"Seats must hold distinct roles from: {', '.join(self.roles(args.scenario))}.")
        options = self.validate_options(args.options)
        state = self._setup(args.scenario, [tuple(s) for s in args.seats], options)
        state["seats"] = [list(s) for s in args.seats]
        state["rng"] = _rng.new_rng(args.seed)
        if self.answers_forced:
            state["answers_forced"] = True
        opening = self._after_setup(state)
        return state, tuple(opening or ())

    # ---- play ------------------------------------------------------------------------------------
    def active_roles(self, state: State) -> list[str]:
        """Roles that must (or, in a reaction window, may) act now; empty when the game is over."""
        if self.result(state) is not None:
            return []
        return self._active_roles(state)

    def prompt(self, state: State, role: str) -> Prompt | None:
        if role not in self.active_roles(state):
            return None
        return self._prompt(state, role)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        return self._legal_actions(state, role)

    def apply(self, state: State, role: str, action_id: str, *, in_place: bool = False,
              listed: Action | None = None) -> Outcome:
        """Apply one action by one role. Raises :class:`IllegalAction` (state untouched) when the role is
        not active or the action is not among its legal actions. ``in_place``: ``state`` is a throwaway
        copy the caller gives up (the secrecy check's variants), changed instead of copied. ``listed``:
        the action as :meth:`legal_actions` listed it for ``role`` at this very ``state`` (the secrecy
        check trying every option of a secret choice), so it is not looked for again."""
        if self.result(state) is not None:
            raise IllegalAction("The game is over.")
        if role not in self._active_roles(state):
            raise IllegalAction(f"It is not {self.role_name(role)}'s turn to act.")
        found = listed is not None and listed.id == action_id
        action = listed if found else self._find_action(state, role, action_id)
        if action is None:
            raise IllegalAction(f"'{action_id}' is not a legal action for {self.role_name(role)} now.")
        new_state = state if in_place else copy_state(state, self.flat_tables)
        before = _rng.draws(new_state)
        ctx = Context()
        self._apply(new_state, role, action, ctx)
        return Outcome(new_state, tuple(ctx.entries), ctx.revealed or _rng.draws(new_state) != before,
                       tuple(ctx.automatic), ctx.listed if self.lists_outcome else {})

    def refusal_reason(self, state: State, role: str, action_id: str) -> str | None:
        """Why ``action_id`` is not legal for ``role`` now, when the engine can say more than "not legal"
        (e.g. a card whose event is not enforced yet), or None. Asked only for an id not in the legal list."""
        try:
            self._find_action(state, role, action_id)
        except IllegalAction as error:
            return str(error)
        return None

    def default_action(self, state: State, role: str) -> str | None:
        """The action taken for a role whose deadline passed under the "default" policy, or None."""
        return None

    def standing_answers(self) -> list[StandingAnswer]:
        """The standing answers a player may leave for a game of this engine (none by default)."""
        return []

    def standing_move(self, state: State, role: str, chosen: Iterable[str]) -> str | None:
        """The action one of ``role``'s chosen standing answers (ids) takes now, or None."""
        return None

    def in_sequence(self, state: State, role: str) -> bool:
        """Whether ``role``'s pending question belongs to a run of its own questions that it may answer in
        one message (issue 33, :mod:`rules.core.sequences`); none by default."""
        return False

    def sequence_default(self, state: State, role: str) -> str | None:
        """The sensible default answer at this step of ``role``'s run ("take all"), or None."""
        return None

    def window_roles(self, state: State) -> list[str]:
        """Every role an open reaction window asks, answered or not (public), so that the table names the
        window whole and not who is still thinking (issue 33); empty by default."""
        return []

    def forced_answer(self, state: State, role: str) -> str | None:
        """The action the engine would take itself for ``role`` at ``state`` because it is the only one
        and asking keeps no secret (issue 33); None by default (every question is asked)."""
        return None

    # ---- reading ---------------------------------------------------------------------------------
    def view(self, state: State, role: str | None) -> dict[str, Any]:
        """Everything ``role`` may see and nothing more; ``None`` is a spectator (public facts only)."""
        raise NotImplementedError

    def view_parts(self, state: State, readers: Iterable[str | None]) -> tuple[dict[str, Any],
                                                                             dict[str | None, dict[str, Any]]]:
        """Several readers' views at once, as the part all of them see and each one's own keys:
        ``view(state, r) == {**shared, **own[r]}``. By default nothing is shared; an engine whose views
        compute board-wide facts overrides it so they are computed once for all readers (the fuzzer's
        invariance check reads every reader's view of every hidden variant). Read only: the parts may
        be shared."""
        return {}, {r: self.view(state, r) for r in readers}

    def own_views(self, state: State, readers: Iterable[str | None]) -> dict[str | None, dict[str, Any]]:
        """The readers' own parts of :meth:`view_parts` alone. The secrecy check reads the own parts of
        many hidden variants but the shared part only where spectators look, so an engine whose shared part
        is costly builds the own parts here without it. By default :meth:`view_parts`' own parts."""
        return self.view_parts(state, readers)[1]

    def view_for(self, state: State, roles: Iterable[str]) -> dict[str, Any]:
        """What a player holding all of ``roles`` sees: whatever any of them may see."""
        roles = list(roles)
        if len(roles) == 1:
            return self.view(state, roles[0])
        return merge_views([self.view(state, r) for r in roles])

    def describe(self, view: dict[str, Any], role: str | tuple[str, ...] | None) -> list:
        """``view`` in words for its reader (``role``: a role, the roles of a merged view, or None for the
        public): a list of :class:`rules.core.wording.Section` — the board by area in sentences and small
        tables, the reader's hand with each card's effect, their hidden pieces, the others' public counts.
        The console's `view`/`hand`, mail and Discord's /hand and /view show it beside the pictures."""
        return []

    def negotiations(self, state: State) -> list[tuple[str, ...]]:
        """The talk segments open now: each a tuple of roles (seat order) the rules let talk privately
        (a diplomacy phase, partners in a team game). Talk binds nobody; a binding deal is an engine
        action. The table service opens a side channel for each segment while it is listed (empty by
        default: no private talk). Must depend on public facts only."""
        return []

    def departed(self, state: State) -> list[str]:
        """Roles that have left the game (eliminated); they are never asked again."""
        return list(state.get("left", ()))

    def result(self, state: State) -> Result | None:
        raise NotImplementedError

    def summary(self, state: State) -> Summary:
        raise NotImplementedError

    def tallies(self, state: State) -> dict[str, dict[str, int]]:
        """What a game counted, by heading (such as VP by source, or events played), each a name and a
        number; `herald fuzz --report` adds them up over many games. Empty when the engine counts nothing."""
        return {}

    # ---- checks (fuzzer) -------------------------------------------------------------------------
    def invariant_errors(self, state: State) -> list[str]:
        """Broken invariants of a state, as readable sentences; empty when all hold."""
        return []

    def secrets(self, state: State, role: str) -> set[str]:
        """Strings that ``role`` knows and no other role (nor a spectator) may see; the fuzzer checks
        that none of them appears as a JSON string in any other view."""
        return set()

    def hidden_variants(self, state: State) -> Iterable[tuple[str | None, str, State]]:
        """States that differ from ``state`` only in one role's hidden data (its hand, face-down values,
        unrevealed choices), or in data nobody knows (the undrawn deck order, owner None), as
        ``(owner, what changed, variant)``, each variant a fresh copy (the checker may change it). The
        fuzzer requires every other role's view, the public view
        and every log line others may read to be the same for each variant (rules.core.secrecy).
        By default each of :meth:`hidden_changes` made on its own copy."""
        for owner, what, change in self.hidden_changes(state):
            variant = copy_state(state, self.flat_tables)
            if change(variant):
                yield owner, what, variant

    def hidden_changes(self, state: State) -> Iterable[tuple[str | None, str, HiddenChange]]:
        """The hidden variants of ``state`` as changes made in place, ``(owner, what, change)``:
        ``change(target)`` changes that owner's hidden data of that kind in ``target`` (a copy of ``state``,
        or of a state other changes were already made to) reading only ``target``, and says whether it found
        anything to change. So several owners' changes compose into one consistent state (the secrecy check
        compares a reader's observation once against every other owner's facts changed together). Empty by
        default; an engine writes either this or :meth:`hidden_variants` (the check then composes the
        variants by finding each again in the state changed so far, which is slower)."""
        return ()

    # ---- hooks for subclasses --------------------------------------------------------------------
    def _setup(self, scenario: str, seats: list[tuple[str, ...]], options: dict[str, Any]) -> State:
        raise NotImplementedError

    def _after_setup(self, state: State) -> Iterable[LogEntry] | None:
        """Runs once the generator is in the state: shuffle and deal here. Returns what the opening logged."""

    def _active_roles(self, state: State) -> list[str]:
        raise NotImplementedError

    def _prompt(self, state: State, role: str) -> Prompt:
        raise NotImplementedError

    def _legal_actions(self, state: State, role: str) -> list[Action]:
        raise NotImplementedError

    def _find_action(self, state: State, role: str, action_id: str) -> Action | None:
        """The legal action with this id for an active role, or None. Engines may answer without building
        the whole list, and may accept an older form of an id that stored logs still hold; every id
        :meth:`_legal_actions` lists must be found, and nothing that would change the state illegally."""
        return next((a for a in self._legal_actions(state, role) if a.id == action_id), None)

    def _apply(self, state: State, role: str, action: Action, ctx: Context) -> None:
        """Mutate ``state`` (already a private copy) to carry out ``action``."""
        raise NotImplementedError


def replay(engine: Engine, args: SetupArgs, actions: Iterable[tuple[str, str]]) -> State:
    """Rebuild a game from its setup arguments and its (role, action id) log."""
    state = engine.setup(args)
    for role, action_id in actions:
        state = engine.apply(state, role, action_id).state
    return state

"""Herald's own players: computer opponents for any seat (issue 31).

**The contract.** A player is asked with a :class:`Turn`: its role, that role's view, prompt and legal
actions (exactly what a human at the seat is shown), and a seeded generator; it answers one legal action id.
It never reads the game's state. A searching player may also draw *worlds* (:class:`Worlds`): whole
positions the role cannot tell from the real one, each made by the game's ``determinise(state, role, rng)``,
which keeps what the role sees and redraws everything it does not (the others' hands, face-down blocks and
markers, the deck order, the generator). Secrecy by invariance then holds for the player as for a view:
changing the others' hidden facts leaves every world, and so the choice, unchanged
(:func:`invariance_problems`, tested per game).

**Levels.** A game offers its players in ``rules/<game>/player.py`` as ``LEVELS`` (name -> factory) beside
its ``determinise``; :func:`make_player` finds them (``random`` is every game's). The search is
:class:`SearchPlayer`: for each world drawn, every candidate action is applied and played out for a few
moves by a fast rollout policy, then scored by the game's evaluation (or by the result when the game
ends); rounds of successive halving keep the better half of the candidates, and the best mean wins. Budgets
count engine moves, not seconds, so a choice is the same on any machine and any load.

**Cost.** A rollout copies its world once (with the candidate) and then moves in place, choosing among the
legal actions it has just listed without the public checks repeating that work; one-answer questions are
ordinary rollout moves there (the engine's own forced answers would list every answer twice). A decision
with one candidate costs nothing, one whose candidates all come out alike stops after the first round, and
a game may weigh the budget by question (``weigh``) and steer its rollouts away from wasted moves
(:func:`random_move_avoiding`). Together these halved the CPU time of a decision at the same budget
(Richard III, 12 positions of a 1460 game, 1,200 moves a decision: median 0.67 s before, 0.34 s after).
"""

from __future__ import annotations

import importlib
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from .cards import CardError
from .choices import PASS, ReactionWindow
from .contract import Action, Context, Engine, IllegalAction, Prompt, RulesError, State
from .flow import Game
from .registry import GAME_MODULES

Determinise = Callable[[State, str, random.Random], State]
Evaluate = Callable[[State, str], float]


class Worlds:
    """Positions the role cannot tell from the real one (see the module docstring). The real state stays
    inside: a player gets only what :meth:`sample` makes of it."""

    def __init__(self, engine: Engine, state: State, role: str, determinise: Determinise) -> None:
        self.engine = engine
        self._state = state
        self._role = role
        self._determinise = determinise

    def sample(self, rng: random.Random) -> State:
        return self._determinise(self._state, self._role, rng)


@dataclass(frozen=True)
class Turn:
    """What a player is asked with: the same facts a human at the seat is shown."""

    role: str
    view: dict[str, Any]
    prompt: Prompt
    legal: tuple[Action, ...]
    worlds: Worlds | None = None


class Player(Protocol):
    name: str

    def choose(self, turn: Turn, rng: random.Random) -> str:
        """One of ``turn.legal``'s ids."""


class RandomPlayer:
    """Any legal action, uniformly: the baseline every other level is measured against."""

    name = "random"

    def choose(self, turn: Turn, rng: random.Random) -> str:
        return rng.choice(turn.legal).id


Move = tuple[str, Action]
Rollout = Callable[[Engine, State, random.Random], "Move | None"]


def rollout_roles(engine: Engine, state: State) -> list[str]:
    """:func:`waited_for` for a rollout: a lone active role is asked without building its prompt (a role
    that made its secret choice is only ever waiting beside others)."""
    active = engine._active_roles(state)   # noqa: SLF001 (the rollout skips the public checks, see _apply_move)
    return active if len(active) < 2 else waited_for(engine, state)


def _random_move(engine: Engine, state: State, rng: random.Random, avoided: frozenset = frozenset()) -> Move | None:
    active = rollout_roles(engine, state)
    if not active:
        return None
    role = rng.choice(active)
    legal = engine._legal_actions(state, role)   # noqa: SLF001 (the rollout skips the public checks)
    kept = [a for a in legal if a.id.partition(":")[0] not in avoided] or legal
    return (role, rng.choice(kept)) if kept else None


def random_move(engine: Engine, state: State, rng: random.Random) -> Move | None:
    """A random active role and one of its legal actions (the rollout policy), or None at a dead end."""
    return _random_move(engine, state, rng)


def random_move_avoiding(*verbs: str) -> Rollout:
    """A rollout policy like :func:`random_move` that takes no action whose id is or begins with one of
    ``verbs`` (``pass`` avoids ``pass`` and ``pass:…``) while anything else is legal: a game's moves that
    waste a rollout's few moves ("back" undoes the last one, "end" gives up the AP left)."""
    avoided = frozenset(verbs)
    return lambda engine, state, rng: _random_move(engine, state, rng, avoided)


def _apply_move(engine: Engine, state: State, role: str, action: Action) -> None:
    """A rollout's move, on the rollout's own copy: the action came from the legal list just built, so
    :meth:`Engine.apply`'s checks (and its search for the action by id) would only repeat that work."""
    engine._apply(state, role, action, Context())   # noqa: SLF001


@dataclass
class SearchPlayer:
    """Determinised Monte Carlo search by successive halving (module docstring). ``budget`` is the number
    of engine moves one decision may spend; ``depth`` the moves of one rollout after the candidate;
    ``evaluate(world, role)`` scores a position in [0, 1] for ``role``. ``prefer`` may order the candidates
    (game knowledge) and ``width`` keeps only the first so many of them. ``careless``: the share of decisions
    (of more than one answer) made without any search, by a random legal move: an easy level's failing.

    The budget is spread over rounds: each round plays every candidate still in on fresh worlds, then the
    better half (by mean score so far) goes on, so the rollouts gather where the choice is close. Within a
    world every candidate meets the same dice and the same rollout moves (common random numbers): the
    candidates are compared on equal luck, which removes most of the noise between them."""

    name: str
    evaluate: Evaluate
    budget: int = 2000
    depth: int = 20
    width: int = 24
    careless: float = 0.0
    prefer: Callable[[Turn, tuple[Action, ...]], list[Action]] | None = None
    rollout: Rollout = random_move
    #: the share of ``budget`` a decision is worth (game knowledge: a muster count matters less than a
    #: campaign's card); 1 when the game does not say
    weigh: Callable[[Turn], float] | None = None
    stats: dict[str, int] = field(default_factory=lambda: {"decisions": 0, "moves": 0})

    def choose(self, turn: Turn, rng: random.Random) -> str:
        if len(turn.legal) == 1 or turn.worlds is None:
            return turn.legal[0].id if len(turn.legal) == 1 else rng.choice(turn.legal).id
        if self.careless and rng.random() < self.careless:
            return rng.choice(turn.legal).id
        alive = list(self.prefer(turn, turn.legal) if self.prefer else turn.legal)[:self.width]
        if len(alive) == 1:
            return alive[0].id
        budget = int(self.budget * (self.weigh(turn) if self.weigh else 1.0))
        engine = turn.worlds.engine
        order = {a.id: i for i, a in enumerate(alive)}
        # ties between rounds are broken at random (list order would always drop the last ones); at the
        # end the preferred one wins a tie
        lot = {a.id: rng.random() for a in alive}
        totals = {a.id: 0.0 for a in alive}
        counted = {a.id: 0 for a in alive}
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        for done in range(rounds):
            share = (budget - spent) // (rounds - done)
            for _ in range(max(1, share // (len(alive) * (self.depth + 1)))):
                world, luck = turn.worlds.sample(rng), rng.getrandbits(32)
                for action in alive:
                    value = self._play_out(engine, world, turn.role, action.id, random.Random(luck))
                    spent += self.depth + 1
                    if value is not None:
                        totals[action.id] += value
                        counted[action.id] += 1
            means = {self._mean(totals, counted, a.id) for a in alive}
            if done == 0 and len(means) == 1:
                break   # on the same worlds and luck every candidate came out the same: they are alike
            if done < rounds - 1:
                ranked = sorted(alive, key=lambda a: (self._mean(totals, counted, a.id), lot[a.id]), reverse=True)
                alive = ranked[:max(1, math.ceil(len(ranked) / 2))]
        alive.sort(key=lambda a: (self._mean(totals, counted, a.id), -order[a.id]), reverse=True)
        self.stats["decisions"] += 1
        return alive[0].id   # all tried candidates failed in every world: the first is the preferred one

    @staticmethod
    def _mean(totals: dict[str, float], counted: dict[str, int], action_id: str) -> float:
        return totals[action_id] / counted[action_id] if counted[action_id] else -1.0

    def _play_out(self, engine: Engine, world: State, role: str, action_id: str,
                  rng: random.Random) -> float | None:
        try:
            state = engine.apply(world, role, action_id).state   # the one copy this rollout makes
            # a one-answer question becomes a rollout move: the engine would list the answers to find it
            # alone, and the rollout lists them again to move
            state.pop("answers_forced", None)
            moves = 1
            while moves <= self.depth and engine.result(state) is None:
                move = self.rollout(engine, state, rng)
                if move is None:
                    break
                _apply_move(engine, state, *move)
                moves += 1
        except RulesError:
            return None   # the candidate is not legal in this world (it named a fact the world redrew)
        except (ValueError, KeyError, IndexError, CardError):
            return None   # a world's redrawn values the rules could not use (IP that cannot make a sum, a
            # card an unrevealed answer names dealt elsewhere)
        finally:
            self.stats["moves"] += 1
        result = engine.result(state)
        if result is not None:
            return 1.0 if role in result.winners else (0.5 if not result.winners else 0.0)
        return self.evaluate(state, role)


# ---- asking a player -----------------------------------------------------------------------------

def game_players(game_id: str):
    """The game's ``player`` module (``rules/<game>/player.py``), or None when it has none."""
    if game_id not in GAME_MODULES:
        return None   # an engine the registry does not list (a test game): random play only
    try:
        return importlib.import_module(GAME_MODULES[game_id] + ".player")
    except ModuleNotFoundError:
        return None


def levels(game_id: str) -> list[str]:
    """Every player the game offers, ``random`` first."""
    module = game_players(game_id)
    return ["random"] + list(getattr(module, "LEVELS", {}) if module else {})


def make_player(game_id: str, level: str) -> Player:
    if level == "random":
        return RandomPlayer()
    module = game_players(game_id)
    found = getattr(module, "LEVELS", {}) if module else {}
    if level not in found:
        raise RulesError(f"No computer player '{level}' for this game. Choose one of: {', '.join(levels(game_id))}.")
    return found[level]()


def waited_for(engine: Engine, state: State) -> list[str]:
    """The active roles the game waits for: a role that made its secret choice stays active (free to
    change it) but is not asked again."""
    return [r for r in engine.active_roles(state) if not engine.prompt(state, r).committed]


def turn_for(engine: Engine, state: State, role: str, determinise: Determinise | None = None) -> Turn:
    """What ``role`` is shown now, as a :class:`Turn` (the real state stays inside :class:`Worlds`)."""
    prompt = engine.prompt(state, role)
    if prompt is None:
        raise IllegalAction(f"It is not {engine.role_name(role)}'s turn to act.")
    worlds = Worlds(engine, state, role, determinise) if determinise else None
    return Turn(role, engine.view(state, role), prompt, tuple(engine.legal_actions(state, role)), worlds)


def decide(engine: Engine, game_id: str, state: State, role: str, player: Player, seed: Any) -> str:
    """``player``'s action id for ``role`` now, with a generator seeded by ``seed`` (a number or text:
    the same seed and position always give the same choice)."""
    module = game_players(game_id)
    determinise = getattr(module, "determinise", None) if module else None
    turn = turn_for(engine, state, role, determinise)
    return player.choose(turn, random.Random(str(seed)))


def invariance_problems(engine: Engine, game_id: str, state: State, player: Player, seed: Any,
                        roles: Iterable[str] | None = None) -> list[str]:
    """Secrecy by invariance for a player: for every active role (or ``roles``) and every hidden variant
    of the others' facts (``Engine.hidden_variants``), the choice must not change."""
    problems = []
    variants = list(engine.hidden_variants(state))
    for role in roles if roles is not None else engine.active_roles(state):
        chosen = decide(engine, game_id, state, role, player, seed)
        for owner, what, variant in variants:
            if owner == role:
                continue
            other = decide(engine, game_id, variant, role, player, seed)
            if other != chosen:
                whose = f"{owner}'s {what}" if owner else what
                problems.append(f"{role} chose {chosen} but {other} when {whose} changed")
    return problems


def redraw_secret_picks(engine: Engine, world: State, role: str, rng: random.Random) -> None:
    """In a world of a flow game (rules.core.flow), every other role's answer the role has not been shown,
    in every frame of the stack (a window's answers wait below the top while an earlier one is carried
    out), drawn afresh from the world's own facts:

    - the picks of a secret choice not yet revealed, from its options there (how many each made is
      public; what they picked is not);
    - the answers of a reaction window that reveals only "responds" (:class:`ReactionWindow`'s own
      labels) still waiting to be carried out: each from what that role could answer now in the world,
      passing excepted (that it responded is public). A frame below the top asks nobody, but its
      options are listed as at its own frame. When the world's role could answer nothing (its world hand
      holds no response), the answer is dropped, as the window skips an answer no longer possible."""
    flow = getattr(engine, "flow", None)
    if flow is None:
        return
    g = engine.game(world)   # one reader of the world, pointed at each frame in turn
    for frame in world.get("flow") or []:
        decision = flow.decisions.get(frame["name"])
        if getattr(decision, "options", None) is None:
            continue
        g.frame = frame
        if not frame["local"].get("revealed"):
            _redraw_picks(g, decision, role, rng)
        elif isinstance(decision, ReactionWindow) and type(decision).label is ReactionWindow.label:
            _redraw_waiting_answers(g, decision, role, rng)


def _redraw_picks(g: Game, decision: Any, role: str, rng: random.Random) -> None:
    picks = g.local.get("picks", {})
    for other in sorted(picks):
        if other == role:
            continue
        redrawn: list[str] = []
        for _ in picks[other]:
            offered = [o.id for o in decision.options(g, other, redrawn)]
            if not offered:
                break
            redrawn.append(rng.choice(offered))
        picks[other] = redrawn


def _redraw_waiting_answers(g: Game, window: ReactionWindow, role: str, rng: random.Random) -> None:
    """The window's queued answers of the others (``queue``, and the same answer in ``picks``, ``choices``
    and ``answers``), each redrawn or dropped (see :func:`redraw_secret_picks`)."""
    local = g.local
    drawn: dict[str, str | None] = {}
    for other, _ in local.get("queue", []):
        if other != role and other not in drawn:
            offered = [o.id for o in window.options(g, other, []) if o.id != PASS.id]
            drawn[other] = rng.choice(offered) if offered else None
    if not drawn:
        return
    for key in ("queue", "answers"):   # one answer a role: a queued one is not carried out yet
        local[key] = [[r, drawn.get(r, a)] for r, a in local.get(key, []) if drawn.get(r, a) is not None]
    for other, answer in drawn.items():
        if "picks" in local and other in local["picks"]:
            local["picks"][other] = [answer or PASS.id]
        if other in local.get("choices", {}):
            local["choices"][other] = answer or PASS.id

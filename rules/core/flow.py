"""Procedures and decision points: the sequence of play as a stack of frames kept in the JSON state.

A game registers two kinds of named things in a :class:`Flow`:

- a **procedure** is a list of automatic steps (functions of one :class:`Game` handle). A step may
  ``g.call`` another procedure or decision (and resume at its next step when the callee ends),
  ``g.goto`` one (a tail call), ``g.end(value)`` to return a value to its caller, or ``g.again()`` to run
  the same step once more after the callee returns (a loop);
- a **decision** is a :class:`Decision` subclass: who is asked, the prompt, the legal actions and what
  each action does, in one class. An action ``verb:arg`` runs the method ``on_verb(g, role, arg)``.

``state["flow"]`` holds the stack: ``{"name", "at", "local", "ret"}`` per frame (``local`` is the frame's
own data, ``ret`` what its last callee returned). After setup and after every action the automatic steps
run until the top frame is a decision with someone to ask (or the stack is empty). A procedure or decision
registered with ``scope="turn"`` expires the modifiers lasting "until the end of the turn" when its frame
ends (see :mod:`rules.core.cards`). :class:`FlowEngine` implements the contract's hooks from the stack,
so a game written on it writes rules only.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable

from .cards import expire_modifiers
from .contract import Action, Context, Engine, LogEntry, Prompt, Result, State, read_standing_choice

Step = Callable[["Game"], None]

#: Automatic steps run between two decisions before the flow is declared stuck in a loop.
STEP_LIMIT = 100_000


class FlowError(RuntimeError):
    """A mistake in a game's procedures (unknown name, two transfers in one step, an endless loop)."""


def act(verb: str, *args: Any, label: str, group: str = "", hint: str = "") -> Action:
    """An action whose id is ``verb:arg:arg``; its decision's ``on_verb(g, role, *args)`` carries it out."""
    return Action(":".join([verb, *map(str, args)]), label, group, hint)


class Decision:
    """A point where roles choose. Subclasses override ``prompt`` and ``actions`` and add ``on_<verb>``
    methods. The frame's ``local`` names who is asked: ``role`` (one) or ``roles`` (several at once)."""

    kind = "turn"

    def active(self, g: "Game") -> list[str]:
        asked = g.local["roles"] if "roles" in g.local else [g.local["role"]]
        return [r for r in asked if r not in g.state.get("left", ())]

    def prompt(self, g: "Game", role: str) -> str | Prompt:
        raise NotImplementedError

    def actions(self, g: "Game", role: str) -> Iterable[Action]:
        raise NotImplementedError

    def actions_of(self, g: "Game", role: str, verb: str) -> Iterable[Action]:
        """The legal actions with this verb, in list order. By default ``actions`` filtered; a decision
        whose whole list is costly builds only the verb's part."""
        return (a for a in self.actions(g, role) if a.id.split(":", 1)[0] == verb)

    def find(self, g: "Game", role: str, verb: str, args: list[str]) -> Action | None:
        """The legal action ``verb:arg:…`` for ``role`` now, or None, looked for among ``actions_of`` the
        verb (so ``apply`` need not rebuild every legal action). A decision may check the one action
        directly: it must find every id ``actions`` lists, with the same label, and nothing else."""
        action_id = ":".join([verb, *args])
        return next((a for a in self.actions_of(g, role, verb) if a.id == action_id), None)

    def apply(self, g: "Game", role: str, action: Action) -> None:
        verb, *args = action.id.split(":")
        getattr(self, "on_" + verb)(g, role, *args)

    def proceed(self, g: "Game") -> None:
        """Nobody is left to ask (every role asked has left, or the choice is settled): carry on."""
        g.end()

    def default(self, g: "Game", role: str) -> str | None:
        """The action taken when the role's deadline passes under the table's "default" policy."""
        return None

    #: a question of a run of one role's own choices with nobody else asked between them (placing markers
    #: one by one, picking up blocks): the table may take its answers in one message (issue 33,
    #: :mod:`rules.core.sequences`)
    sequence = False

    def in_sequence(self, g: "Game", role: str) -> bool:
        """Whether this question belongs to such a run now (by default :attr:`sequence`)."""
        return self.sequence

    def sequence_default(self, g: "Game", role: str) -> str | None:
        """The sensible default answer at this step of a run ("take all", "losses by the book"), or None."""
        return None

    def protects_secret(self, g: "Game", role: str) -> bool:
        """Whether asking ``role`` keeps a secret even when it has one answer: the others could not know
        from public information that the answer is forced (whether a house holds a Surprise card). Then
        the question is put all the same; otherwise a one-answer question is answered by the engine
        (:attr:`FlowEngine.answers_forced`). Must be computed from public information only."""
        return False


class Flow:
    """The registry of a game's procedures and decisions, by name."""

    def __init__(self) -> None:
        self.procedures: dict[str, tuple[Step, ...]] = {}
        self.decisions: dict[str, Decision] = {}
        self.scopes: dict[str, str] = {}

    def procedure(self, name: str, *steps: Step, scope: str | None = None) -> None:
        self._check_new(name)
        self.procedures[name] = steps
        if scope:
            self.scopes[name] = scope

    def decision(self, name: str, scope: str | None = None) -> Callable[[type[Decision]], type[Decision]]:
        """Class decorator: ``@FLOW.decision("bid")`` registers one instance of the class under ``name``."""
        def register(cls: type[Decision]) -> type[Decision]:
            self._check_new(name)
            self.decisions[name] = cls()
            if scope:
                self.scopes[name] = scope
            return cls
        return register

    def _check_new(self, name: str) -> None:
        if name in self.procedures or name in self.decisions:
            raise FlowError(f"'{name}' is registered twice.")

    def known(self, name: str) -> None:
        if name not in self.procedures and name not in self.decisions:
            raise FlowError(f"No procedure or decision is called '{name}'.")


def calls(name: str, **local: Any) -> Step:
    """A step that calls ``name`` with ``local`` (for procedures that read like the sequence of play)."""
    def step(g: Game) -> None:
        g.call(name, **local)
    step.__name__ = f"call_{name}"
    return step


class Game:
    """What rules code holds while it runs: the state, the current frame, the log and the flow verbs."""

    def __init__(self, engine: "FlowEngine", state: State, ctx: Context | None = None) -> None:
        self.engine, self.flow, self.state = engine, engine.flow, state
        self.ctx = ctx if ctx is not None else Context()
        self.frame: dict[str, Any] = state["flow"][-1] if state.get("flow") else {"local": {}}
        self._moved = False

    # ---- reading --------------------------------------------------------------------------------
    @property
    def local(self) -> dict[str, Any]:
        return self.frame["local"]

    @property
    def returned(self) -> Any:
        """What the last procedure or decision called from this frame returned with ``end``."""
        return self.frame.get("ret")

    @property
    def roles(self) -> list[str]:
        """Every seated role still in the game, in seat order."""
        left = self.state.get("left", ())
        return [r for seat in self.state["seats"] for r in seat if r not in left]

    # ---- the log ---------------------------------------------------------------------------------
    def log(self, text: str, to: Iterable[str] | None = None, kind: str = "info",
            data: dict[str, Any] | None = None) -> None:
        self.ctx.log(text, to, kind, data)

    def reveal(self) -> None:
        self.ctx.reveal()

    # ---- moving through the flow -------------------------------------------------------------------
    def _transfer(self) -> None:
        if self._moved:
            raise FlowError("A step may call, go to or end only once.")
        self._moved = True

    def call(self, name: str, **local: Any) -> None:
        """Run ``name`` now; this frame resumes at its next step when it ends."""
        self.flow.known(name)
        self._transfer()
        self.state["flow"].append({"name": name, "at": 0, "local": local, "ret": None})

    def goto(self, name: str, **local: Any) -> None:
        """End this frame (without a value) and run ``name`` in its place."""
        self.flow.known(name)
        self._transfer()
        self._pop()
        self.state["flow"].append({"name": name, "at": 0, "local": local, "ret": None})

    def end(self, value: Any = None) -> None:
        """End this frame, handing ``value`` to the caller (``g.returned`` there)."""
        self._transfer()
        self._pop()
        if self.state["flow"]:
            self.state["flow"][-1]["ret"] = value

    def again(self) -> None:
        """Run the current step once more when control comes back to this frame (a loop)."""
        self.frame["at"] -= 1

    def _pop(self) -> None:
        stack = self.state["flow"]
        if not stack or stack[-1] is not self.frame:
            raise FlowError(f"'{self.frame.get('name')}' is not the running frame.")
        stack.pop()
        scope = self.flow.scopes.get(self.frame["name"])
        if scope:
            expire_modifiers(self.state, scope)

    def finish(self, result: Result) -> None:
        """The game is over: clear the stack and keep the result in the state."""
        self.state["flow"] = []
        self.state["result"] = {"winners": list(result.winners), "reason": result.reason,
                                "ranks": [list(r) for r in result.ranks], "scores": dict(result.scores)}
        self._moved = True

    def conclude(self, result: Result) -> None:
        """The game is over, found in the middle of a step that may still hand on control (a sudden
        victory while an effect runs): the result is kept and the game ends before the next step."""
        if not self.state.get("result"):
            self.state["pending_result"] = {"winners": list(result.winners), "reason": result.reason,
                                            "ranks": [list(r) for r in result.ranks],
                                            "scores": dict(result.scores)}

    def leave(self, role: str, reason: str) -> None:
        """``role`` leaves the game (an eliminated house): it is never asked again."""
        if role not in self.state.setdefault("left", []):
            self.state["left"].append(role)
            self.log(f"{self.engine.role_name(role)} leaves the game: {reason}", kind="leave")

    # ---- running ---------------------------------------------------------------------------------
    def top_decision(self) -> Decision | None:
        stack = self.state["flow"]
        if not stack or stack[-1]["name"] not in self.flow.decisions:
            return None
        self.frame = stack[-1]
        return self.flow.decisions[stack[-1]["name"]]

    def run(self) -> None:
        """Run automatic steps until a decision asks someone or the flow is empty."""
        for _ in range(STEP_LIMIT):
            if self.ctx.listed:    # listed at a position the run has left
                self.ctx.listed.clear()
            pending = self.state.pop("pending_result", None)
            if pending:
                self.finish(Result(tuple(pending["winners"]), pending["reason"],
                                   tuple(tuple(r) for r in pending["ranks"]), pending["scores"]))
                return
            stack = self.state["flow"]
            if not stack:
                return
            frame = stack[-1]
            self.frame, self._moved = frame, False
            decision = self.flow.decisions.get(frame["name"])
            if decision is not None:
                active = decision.active(self)
                if active and not (self.state.get("answers_forced") and self._answer_forced(decision, active)):
                    return
                if not active:
                    decision.proceed(self)
                continue
            steps = self.flow.procedures[frame["name"]]
            if frame["at"] >= len(steps):
                self.end()
                continue
            frame["at"] += 1
            steps[frame["at"] - 1](self)
        raise FlowError(f"More than {STEP_LIMIT} automatic steps without a decision: a loop?")

    def forced_answer(self, decision: Decision, role: str) -> Action | None:
        """The one legal action of ``role`` at ``decision`` when the engine takes it itself (see
        :meth:`Decision.protects_secret`), else None."""
        if decision.protects_secret(self, role):
            return None
        asked = decision.prompt(self, role)
        if isinstance(asked, Prompt) and asked.committed:
            return None          # a secret choice already made: changing it is the role's own business
        listed = decision.actions(self, role)
        if isinstance(listed, list):   # whole: the legal actions here, for whoever reads the outcome
            self.ctx.listed[role] = listed
        legal = iter(listed)
        first = next(legal, None)
        if first is None or first.id == "change" or next(legal, None) is not None:
            return None          # no answer, a committed secret choice, or a real choice
        return first

    def _answer_forced(self, decision: Decision, active: list[str]) -> bool:
        """Take the first forced answer among ``active`` (logged as automatic); False when none is."""
        for role in active:
            action = self.forced_answer(decision, role)
            if action is None:
                continue
            # to the role only: a label may name a hidden card; the action's own lines tell the others
            self.log(f"{self.engine.role_name(role)}: {action.label} — the only choice, taken automatically.",
                     to=[role], kind="automatic", data={"role": role, "action": action.id})
            self.ctx.answered(role, self.frame["name"])
            self._moved = False
            decision.apply(self, role, action)
            return True
        return False


class FlowEngine(Engine):
    """An engine whose turn structure is a :class:`Flow`. Set ``flow`` and ``start`` (the procedure
    called at setup); implement ``view``, ``summary`` and the catalogue. The result is what
    ``g.finish`` stored."""

    flow: Flow
    start: str = "game"

    def game(self, state: State, ctx: Context | None = None) -> Game:
        return Game(self, state, ctx)

    def _after_setup(self, state: State) -> list[LogEntry]:
        state["flow"], state["result"] = [], None
        g = self.game(state)
        g.call(self.start)
        g.run()
        return g.ctx.entries

    def _decision(self, state: State) -> tuple[Game, Decision | None]:
        g = self.game(state)
        return g, g.top_decision()

    def _active_roles(self, state: State) -> list[str]:
        g, decision = self._decision(state)
        return decision.active(g) if decision else []

    def _prompt(self, state: State, role: str) -> Prompt:
        g, decision = self._decision(state)
        asked = decision.prompt(g, role)
        return asked if isinstance(asked, Prompt) else Prompt(asked, decision.kind)

    def _legal_actions(self, state: State, role: str) -> list[Action]:
        g, decision = self._decision(state)
        return list(decision.actions(g, role))

    def _find_action(self, state: State, role: str, action_id: str) -> Action | None:
        g, decision = self._decision(state)
        if decision is None:
            return None
        verb, *args = action_id.split(":")
        return decision.find(g, role, verb, args)

    def _apply(self, state: State, role: str, action: Action, ctx: Context) -> None:
        g = self.game(state, ctx)
        g.top_decision().apply(g, role, action)
        g.run()

    def default_action(self, state: State, role: str) -> str | None:
        if role not in self.active_roles(state):
            return None
        g, decision = self._decision(state)
        return decision.default(g, role)

    def forced_answer(self, state: State, role: str) -> str | None:
        """The action the engine would take itself for ``role`` here (none at a position reached by
        play, since the run takes them; a hidden variant may differ, which the invariance check catches)."""
        if not state.get("answers_forced") or role not in self.active_roles(state):
            return None
        g, decision = self._decision(state)
        action = g.forced_answer(decision, role)
        return action.id if action else None

    def standing_move(self, state: State, role: str, chosen) -> str | None:
        """``chosen``: ids, each perhaps with its conditions (:func:`rules.core.contract.standing_choice`)."""
        wanted = dict(read_standing_choice(c) for c in chosen)
        if not wanted or role not in self.active_roles(state):
            return None
        g, decision = self._decision(state)
        name = g.frame["name"]
        for answer in self.standing_answers():
            if answer.id in wanted and name in answer.decisions:
                legal = [a.id for a in decision.actions(g, role)]
                prefixes = [u.prefix for u in answer.unless if u.id in wanted[answer.id]]
                if answer.action in legal and not any(a == p or a.startswith(p + ":") for a in legal for p in prefixes):
                    return answer.action
        return None

    def in_sequence(self, state: State, role: str) -> bool:
        """Whether ``role``'s pending question belongs to a run it may answer in one go (issue 33)."""
        g, decision = self._decision(state)
        return decision is not None and role in decision.active(g) and decision.in_sequence(g, role)

    def sequence_default(self, state: State, role: str) -> str | None:
        """The default answer at this step of ``role``'s run, or None."""
        g, decision = self._decision(state)
        return decision.sequence_default(g, role) if decision is not None else None

    def protects_secret(self, state: State, role: str) -> bool:
        """Whether the pending decision keeps ``role``'s question even with one answer (a secret)."""
        g, decision = self._decision(state)
        return decision is not None and decision.protects_secret(g, role)

    def result(self, state: State) -> Result | None:
        raw = state.get("result")
        if raw is None:
            return None
        return Result(tuple(raw["winners"]), raw["reason"], tuple(tuple(r) for r in raw.get("ranks", ())),
                      dict(raw.get("scores", {})))

    def hidden_changes(self, state: State) -> Iterable[tuple[str | None, str, Any]]:
        """The pending secret choice (see rules.core.choices) with one role's last pick changed."""
        g, decision = self._decision(state)
        if getattr(decision, "options", None) is None or g.local.get("revealed"):
            return
        for role, picks in sorted(g.local.get("picks", {}).items()):
            if picks:
                yield role, "unrevealed choice", functools.partial(self._change_pick, role=role)

    def _change_pick(self, target: State, role: str) -> bool:
        """``role``'s last pick in ``target``'s pending secret choice changed to another of its options."""
        g, decision = self._decision(target)
        options = getattr(decision, "options", None)
        picks = g.local.get("picks", {}).get(role) if options is not None else None
        if not picks:
            return False
        other_option = getattr(decision, "other_option", None)
        if other_option is not None:
            other = other_option(g, role, picks)
        else:
            other = next((o.id for o in options(g, role, picks[:-1]) if o.id != picks[-1]), None)
        if other is None:
            return False
        target["flow"][-1]["local"]["picks"][role][-1] = other
        return True

    def picks(self, state: State, role: str, *, every_frame: bool = False) -> list[str]:
        """``role``'s picks in the pending secret choice (for its own view), or in every frame on the
        stack (a window's answers stay there until resolved: hidden variants must leave them alone)."""
        frames = state.get("flow") or []
        frames = frames if every_frame else frames[-1:]
        return [p for f in frames for p in f["local"].get("picks", {}).get(role, [])]

    def window_roles(self, state: State) -> list[str]:
        """Every role the pending reaction window asks, answered or not (public: chosen from public facts),
        so that the table names the window's roles and not who is still thinking (issue 33); empty when no
        window is open."""
        g, decision = self._decision(state)
        if decision is None or decision.kind != "reaction" or g.local.get("revealed"):
            return []
        return list(decision.asked(g))

    def waiting(self, state: State) -> dict[str, Any]:
        """Public facts about the pending decision: its name, who is asked, who has already committed."""
        g, decision = self._decision(state)
        if decision is None:
            return {"decision": None, "asked": [], "committed": []}
        return {"decision": g.frame["name"], "asked": decision.active(g),
                "committed": sorted(g.local.get("done", []))}

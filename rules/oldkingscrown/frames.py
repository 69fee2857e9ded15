"""The game's flow on the core's frame stack (rules/core/flow.py): every task here is a core *procedure* of one
step and every decision a core :class:`~rules.core.flow.Decision`, all registered in :data:`FLOW`.

Rules code reads like the sequence of play with two verbs. ``push(state, A, B)`` schedules frames to run in
order, A first (a later ``push`` in the same handler runs before an earlier one, as on a stack); ``pop(state)``
ends the decision being answered. When the handler returns, the bridge turns that into the core's one transfer:
``goto`` a sequence (decision ended, frames follow), ``end``, or ``call`` a sequence (the decision stays pending
underneath, or a task schedules what follows it). A frame is ``{"task": name, ...}`` or ``ask(...)``
(``{"kind": name, "roles": [...], ...}``); its dict becomes the core frame's ``local``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rules.core import Action, Prompt
from rules.core.flow import Decision, Flow, Game

FLOW = Flow()
SEQ = "sequence"


@dataclass
class DecisionKind:
    prompt: Callable          # (state, faction, frame) -> str
    legal: Callable           # (state, faction, frame) -> list[Action]
    apply: Callable           # (state, faction, frame, action_id, ctx) -> None
    secret: bool = False


DECISIONS: dict[str, DecisionKind] = {}


def _settle(g: Game, decision: bool) -> None:
    """Carry out the handler's push/pop as one core transfer."""
    buf = g.state.pop("_xfer", None)
    if g.state.pop("_revealed", False):
        g.ctx.reveal()
    if g.state.get("result"):
        g.state["flow"] = []          # the game is over (Winning the Game)
        return
    if not buf:
        return
    frames, popped = buf["frames"], buf["popped"]
    if decision and popped:
        g.goto(SEQ, frames=frames) if frames else g.end()
    elif frames:
        g.call(SEQ, frames=frames)


def _sequence(g: Game) -> None:
    frames, i = g.local["frames"], g.local.get("i", 0)
    if i >= len(frames):
        return
    g.local["i"] = i + 1
    if i + 1 < len(frames):
        g.again()
    frame = frames[i]
    g.call(frame["task"] if "task" in frame else frame["kind"], **frame)


FLOW.procedure(SEQ, _sequence)


def task(name):
    def deco(fn):
        def step(g: Game) -> None:
            fn(g.state, g.local, g.ctx)
            _settle(g, decision=False)
        step.__name__ = name
        FLOW.procedure(name, step)
        return fn
    return deco


class _Bridge(Decision):
    def __init__(self, impl: DecisionKind) -> None:
        self.impl = impl
        self.kind = "secret" if impl.secret else "turn"

    def prompt(self, g, role):
        return Prompt(self.impl.prompt(g.state, role, g.local), self.kind)

    def actions(self, g, role):
        return self.impl.legal(g.state, role, g.local)

    def apply(self, g, role, action):
        self.impl.apply(g.state, role, g.local, action.id, g.ctx)
        _settle(g, decision=True)


def decision(name, secret=False):
    def deco(cls):
        kind = DecisionKind(cls.prompt, cls.legal, cls.apply, secret)
        DECISIONS[name] = kind
        FLOW._check_new(name)
        FLOW.decisions[name] = _Bridge(kind)
        return cls
    return deco


def push(state, *frames):
    """Schedule frames to run in the order given, before anything scheduled earlier in this handler."""
    buf = state.setdefault("_xfer", {"popped": False, "frames": []})
    buf["frames"][0:0] = [dict(f) for f in frames]


def pop(state):
    """End the decision being answered."""
    state.setdefault("_xfer", {"popped": False, "frames": []})["popped"] = True


def top(state):
    """The pending decision's frame data (with its ``kind``), or None."""
    flow = state.get("flow") or []
    if flow and flow[-1]["name"] in FLOW.decisions:
        return flow[-1]["local"]
    return None


def pending_frames(state):
    """Every decision frame on the stack, the top one last."""
    return [f["local"] for f in state.get("flow") or [] if f["name"] in FLOW.decisions]


def ask(state, kind, roles, **data):
    """A decision frame for ``roles`` (a list of factions)."""
    return {"kind": kind, "roles": list(roles), **data}


def act(id_, label, group="", hint=""):
    return Action(id_, label, group, hint)

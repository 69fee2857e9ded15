"""The frame stack the game's flow runs on. ``state["stack"]`` holds frames, the top one last: a *task*
(``{"task": name, ...}``) runs at once and may push more frames; a *decision* (``{"kind": name, "roles":
[...], ...}``) waits for the listed factions. Modules register their tasks and decisions here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rules.core import Action

TASKS: dict[str, Callable] = {}
DECISIONS: dict[str, "DecisionKind"] = {}


@dataclass
class DecisionKind:
    prompt: Callable          # (state, faction, frame) -> str
    legal: Callable           # (state, faction, frame) -> list[Action]
    apply: Callable           # (state, faction, frame, action_id, ctx) -> None
    secret: bool = False


def task(name):
    def deco(fn):
        TASKS[name] = fn
        return fn
    return deco


def decision(name, secret=False):
    def deco(cls):
        DECISIONS[name] = DecisionKind(cls.prompt, cls.legal, cls.apply, secret)
        return cls
    return deco


def push(state, *frames):
    """Push frames so that the first given runs first."""
    for frame in reversed(frames):
        state["stack"].append(frame)


def top(state):
    return state["stack"][-1] if state["stack"] else None


def pop(state):
    return state["stack"].pop()


def ask(state, kind, roles, **data):
    """A decision frame for ``roles`` (a list of factions)."""
    return {"kind": kind, "roles": list(roles), **data}


def act(id_, label, group="", hint=""):
    return Action(id_, label, group, hint)

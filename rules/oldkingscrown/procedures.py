"""The game's procedures and decisions, registered in one core :class:`~rules.core.flow.Flow` (rules/core/flow.py),
and the few shapes they share: a step asking several players in turn, a decision ending into what follows it."""

from __future__ import annotations

from rules.core.flow import Decision, Flow, Game

from . import state as S

FLOW = Flow()


def each(key: str):
    """A step calling, in turn, every frame queued in ``g.local[key]`` (``{"name": ..., **local}``); it runs
    again after each callee returns, until the queue is empty."""
    def step(g: Game) -> None:
        queue = g.local.get(key)
        if queue:
            frame = dict(queue.pop(0))
            g.again()
            g.call(frame.pop("name"), **frame)
    step.__name__ = f"each_{key}"
    return step


def then(name: str, **local):
    """A step ending this procedure by running ``name`` in its place (the next season, the next round)."""
    def step(g: Game) -> None:
        g.goto(name, **local)
    step.__name__ = f"then_{name}"
    return step


FLOW.procedure("in_turn", each("queue"))


def end_into(g: Game, frames: list[dict]) -> None:
    """End the decision being answered; the frames given (``{"name": ..., **local}``) run in its place."""
    frames = [f for f in frames if f]
    if not frames:
        g.end()
    elif len(frames) == 1:
        frame = dict(frames[0])
        g.goto(frame.pop("name"), **frame)
    else:
        g.goto("in_turn", queue=frames)


def call_if(g: Game, frame: dict | None) -> None:
    """Call ``frame`` (``{"name": ..., **local}``) when there is one."""
    if frame:
        frame = dict(frame)
        g.call(frame.pop("name"), **frame)


class Choice(Decision):
    """A decision of one faction: ``text`` is its prompt; ``done`` ends it (Finish, Skip, Keep the lore)."""

    text = ""

    def prompt(self, g, role):
        return self.text

    def on_done(self, g, role):
        g.end()


class HandChoice(Choice):
    """A choice offering cards from the faction's hand: while it holds any, nobody else knows whether
    its answer is forced, so it is asked even with one answer (issue 33; VIEW.md)."""

    def protects_secret(self, g, role):
        return bool(S.fx(g.state, role)["hand"])


def pending(state) -> tuple[str | None, dict]:
    """The pending decision's name and frame data (``None, {}`` when nothing is asked)."""
    flow = state.get("flow") or []
    if flow and flow[-1]["name"] in FLOW.decisions:
        return flow[-1]["name"], flow[-1]["local"]
    return None, {}


def asked(local: dict) -> list[str]:
    """Who a decision frame asks (``role``, or ``roles`` for several at once)."""
    return list(local["roles"]) if "roles" in local else [local["role"]]


def pending_frames(state) -> list[tuple[str, dict]]:
    """Every decision frame on the stack as (name, data), the top one last."""
    return [(f["name"], f["local"]) for f in state.get("flow") or [] if f["name"] in FLOW.decisions]

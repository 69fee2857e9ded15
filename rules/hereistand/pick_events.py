"""Here I Stand: one shape for the card events that ask a player to pick one from a list.

Many events come to the same three parts: a prerequisite that some list is not empty, the event that asks
a player to pick from it, and the pick that carries the choice out. A `PickEvent` declares them in one class
and `@pick_event` registers all three (the prerequisite, the event in `events.EVENTS`, the decision in the
flow):

    @pick_event
    class RansomPick(PickEvent):
        card, name, verb = "91", "ransom_pick", "free"
        unplayable = "no leader is captured"             # the prerequisite's refusal when the list is empty

        def candidates(self, s, role): ...               # what may be picked: strings, or tuples of strings
        def prompt(self, g, role): ...
        def label(self, g, role, leader): ...            # (and `group`, `hint`: the menu's words)
        def take(self, g, role, leader): ...             # carry the pick out

After `take` the event is over, unless `take` returns `(procedure, locals)`: the event goes on there. A list
found empty when the pick is due ends the event (with the `nothing` line, when there is one). A list of one
is not asked: the flow answers a one-answer question itself (the pace rule, `Decision.protects_secret`).
"""

from __future__ import annotations

from typing import Any

from rules.core.flow import Decision, Game, act

from . import state as st
from .events import EVENTS
from .turn import FLOW

Candidate = str | tuple[str, ...]


class PickEvent(Decision):
    card: str                     # the card number
    name: str                     # the decision's name in the flow
    verb: str                     # the action's verb: "<verb>:<candidate>"
    asks: str | None = None       # who picks: the power playing the event (None), or always this power
    unplayable: str | None = None  # the prerequisite's refusal when nothing may be picked (None: no prerequisite)
    nothing: str | None = None    # the log line when the list is empty as the pick comes (None: it ends quietly)

    def candidates(self, s: st.State, role: str) -> list[Candidate]:
        raise NotImplementedError

    def label(self, g: Game, role: str, candidate: Any) -> str:
        raise NotImplementedError

    def group(self, g: Game, role: str, candidate: Any) -> str:
        return ""

    def hint(self, g: Game, role: str, candidate: Any) -> str:
        return ""

    def take(self, g: Game, role: str, *args: str) -> tuple[str, dict[str, Any]] | None:
        raise NotImplementedError

    def refusal(self, s: st.State, power: str, card: str) -> str | None:
        """Why `power` may not play the event now (the prerequisite; cards with more conditions extend it)."""
        return None if self.candidates(s, power) else self.unplayable

    # ---- the decision ------------------------------------------------------------------------------------
    def active(self, g):
        return super().active(g) if self.candidates(g.state, g.local["role"]) else []

    def proceed(self, g):
        if self.nothing:
            g.log(self.nothing)
        g.end()

    def actions(self, g, role):
        for candidate in self.candidates(g.state, role):
            args = candidate if isinstance(candidate, tuple) else (candidate,)
            yield act(self.verb, *args, label=self.label(g, role, candidate), group=self.group(g, role, candidate),
                      hint=self.hint(g, role, candidate))

    def apply(self, g, role, action):
        then = self.take(g, role, *action.id.split(":")[1:])
        if then is None:
            g.end()
        else:
            g.goto(then[0], **then[1])

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def pick_event(cls: type[PickEvent]) -> type[PickEvent]:
    """Register the card's prerequisite (when it has one), its event and its pick decision."""
    FLOW.decision(cls.name)(cls)
    pick = FLOW.decisions[cls.name]
    if cls.unplayable is not None:
        EVENTS.on(cls.card, "prerequisite")(pick.refusal)

    def event(g: Game, power: str, card: str) -> None:
        g.call(cls.name, role=cls.asks or power)

    EVENTS.on(cls.card, "event")(event)
    return cls

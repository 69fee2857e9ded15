"""Scripts of moves in tests, once the engine answers one-answer questions itself (issue 33): a scripted
move the engine has just made as the only choice is accepted as made, so a script keeps its intent. Only
that exact (role, action id) is accepted, as often as the engine made it, and only until the role moves
again."""

from __future__ import annotations

from rules.core.contract import Engine, LogEntry, State


class Moves:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.made: list[tuple[str, str]] = []      # in order; the same move may be made several times
        self.after: State | None = None            # the position those moves led to

    def note(self, entries: tuple[LogEntry, ...] | list[LogEntry]) -> None:
        """Remember the moves the engine made itself in these log lines."""
        self.made += [(e.data["role"], e.data["action"]) for e in entries if e.kind == "automatic"]

    def play(self, state: State, role: str, action_id: str) -> State:
        if state is not self.after:     # the moves remembered were made on the way to another position
            self.made = []
        if (role, action_id) in self.made:
            self.made.remove((role, action_id))
            return state
        out = self.engine.apply(state, role, action_id)
        self.made = [m for m in self.made if m[0] != role]
        self.note(out.log)
        self.after = out.state
        return out.state

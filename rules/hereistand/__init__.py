"""Here I Stand (GMT Games, 2006), part 1: the six powers, the turn and the war — the Herald rules engine
(game id ``hereistand``; see PROGRESS.md, DECISIONS.md and VIEW.md)."""

from .engine import ENGINE, HereIStand

__all__ = ["ENGINE", "HereIStand"]

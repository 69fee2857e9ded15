"""The Old King's Crown's rival (RIVAL.md) as one of Herald's players (rules.core.players), so `herald match`
can measure it and a computer seat can be given to it: it scores each legal action by the rival's table
(rival.score, which reads only the seat's view) and adds the level's noise from the player's own generator
(the engine's own rival draws it from the game's; the choice is made the same way)."""

from __future__ import annotations

import random

from rules.core.players import Turn

from . import rival


class RivalPlayer:
    def __init__(self, name: str, noise: float) -> None:
        self.name, self.noise = name, noise

    def choose(self, turn: Turn, rng: random.Random) -> str:
        decision = turn.view.get("decision")
        best, best_score = None, None
        for action in turn.legal:
            score = rival.score(turn.view, decision, action.id) + self.noise * rng.random()
            if best_score is None or score > best_score:
                best, best_score = action.id, score
        return best


LEVELS = {
    "rival-novice": lambda: RivalPlayer("rival-novice", rival.LEVELS["novice"]["noise"]),
    "rival": lambda: RivalPlayer("rival", rival.LEVELS["veteran"]["noise"]),
}

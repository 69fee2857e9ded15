"""Issue 26: the raw-text walk. Random positions of every game, and every text a player reads there —
the text view of every role and of the public, the prompt, the label and group of every legal action,
and every log line — carry no raw key, id, True/False, Python repr or note for the data's maintainers."""

from __future__ import annotations

import random

import pytest

from rules.core.driver import default_players, random_moves, setup_args
from rules.core.rawtext import findings
from rules.core.registry import get_engine

#: game → (scenario, seeds, moves between two checked positions)
WALKS = {
    "richard3": ("1460", (1, 2), 3),
    "oldkingscrown": ("standard", (1, 2), 3),
    "crownofroses": ("seeds_of_enmity", (1, 2, 3), 4),
    "hereistand": ("1532", (1, 2), 4),
}
POSITIONS = 200


def _texts_of(engine, state):
    """Every text a player can read at this position."""
    for role in [None, *_roles(engine, state)]:
        for section in engine.describe(engine.view(state, role), role):
            yield f"{section.title}"
            yield from section.lines
    for role in engine.active_roles(state):
        prompt = engine.prompt(state, role)
        if prompt is not None:
            yield prompt.text
        for action in engine.legal_actions(state, role):
            yield action.label
            if action.group:
                yield action.group
            if action.hint:
                yield action.hint


def _roles(engine, state):
    return [r for seat in state["seats"] for r in seat]


def walk(game: str, positions: int = POSITIONS) -> tuple[int, list[str]]:
    engine = get_engine(game)
    scenario, seeds, every = WALKS[game]
    found: list[str] = []
    checked = 0
    for seed in seeds:
        args = setup_args(engine, scenario, seed, default_players(engine, scenario))
        state = engine.setup(args)
        for step, (_role, _action, outcome) in enumerate(random_moves(engine, args, state=state)):
            state = outcome.state
            for entry in outcome.log:
                found += findings(entry.text)
            if step % every == 0:
                for text in _texts_of(engine, state):
                    found += findings(text)
                checked += 1
            if checked >= positions * (seeds.index(seed) + 1) // len(seeds):
                break
    return checked, sorted(set(found))


@pytest.mark.parametrize("game", list(WALKS))
def test_no_raw_text_in_random_positions(game):
    checked, found = walk(game)
    assert checked >= POSITIONS
    assert not found, f"{len(found)} findings in {game}:\n" + "\n".join(found[:40])

"""Shared views (VIEW.md; issue 28): ``view_parts`` takes areas, block entries and cards from caches shared
between positions, so the secrecy check builds the views of its variants cheaply. Every reader's parts
must still be exactly its view, at every position of a game (the end, where every block shows, included),
and a view handed to a caller must share nothing with those caches."""

from __future__ import annotations

import json

import pytest

from rules.core.fuzz import play_random_game
from rules.richard3.engine import ENGINE
from rules.richard3.state import occupancy

READERS = ["york", "lancaster", None]


def _states(scenario: str, seed: int) -> list[dict]:
    states: list[dict] = []
    play_random_game(ENGINE, scenario, seed, check_secrets=False, on_state=states.append)
    return states


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_parts_are_each_readers_view_at_every_position(scenario):
    states = _states(scenario, 11)
    assert states[-1].get("result"), "the game ran to its end"
    for i, state in enumerate(states):
        for readers in (READERS, ["lancaster", None], ["york"]):
            shared, own = ENGINE.view_parts(state, readers)
            for reader in readers:
                assert sorted({**shared, **own[reader]}.items()) == sorted(ENGINE.view(state, reader).items()), \
                    (scenario, i, reader)


def test_a_view_changed_by_its_caller_changes_no_later_view():
    state = next(s for s in _states("1483", 3) if s["step"] == "action")
    area = next(a for a, there in sorted(occupancy(state).items()) if there["york"])
    def parts() -> str:
        shared, own = ENGINE.view_parts(state, READERS)
        return json.dumps([shared, [own[r] for r in READERS]], sort_keys=True)
    before = parts()
    for reader in READERS:   # a caller may edit its view: every block entry and hidden token here
        view = ENGINE.view(state, reader)
        for block in view["areas"][area]["blocks"]:
            block["strength" if "strength" in block else "token"] = "edited"
        view["areas"][area]["blocks"].append({"hidden": True})
    assert parts() == before

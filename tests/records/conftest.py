"""Whole games of Richard III and Crown of Roses played through the table service once per test run (a
seeded random game each, as in play: every turn's snapshot and log stored), for the archive, the replay
picture and the results."""

import pytest

from bot.config import Config
from bot.service import TableService
from tests.support.whole_games import play_whole_game

#: (game, scenario, seed) of the whole games: Richard III 1483 (8 turns), Crown of Roses' Cruel Thorns
WHOLE_GAMES = {"richard3": ("richard3", "1483", 1), "crownofroses": ("crownofroses", "cruel_thorns", 1)}


@pytest.fixture(scope="session")
def finished(tmp_path_factory):
    """One database holding a finished game of each (ids in WHOLE_GAMES' order) in server "g1"."""
    path = tmp_path_factory.mktemp("records") / "herald.db"
    service = TableService(str(path), Config())
    ids = {name: play_whole_game(service, game, scenario, seed, guild="g1")
           for name, (game, scenario, seed) in WHOLE_GAMES.items()}
    yield service, ids
    service.close()


@pytest.fixture(scope="session")
def archives(finished):
    """The archive of each whole game (bot.table.archive.Archive), by game name."""
    service, ids = finished
    return {name: service.archive(game_id) for name, game_id in ids.items()}

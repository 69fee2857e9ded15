"""A table service hosting Four Harbours (tests/support/harbours.py), the engine core's four-role test game
with seatings where one player holds two harbours, nested reaction windows and secret bids."""

import pytest
from freezegun import freeze_time

from bot import clock
from bot.config import Config
from bot.service import TableService
from tests.support.harbours import ENGINE as HARBOURS

START = "2026-03-01 12:00:00"
PLAYERS = ["ann", "ben", "cat", "dan"]


@pytest.fixture
def frozen():
    clock.reset()
    with freeze_time(START) as frozen_time:
        yield frozen_time
    clock.reset()


@pytest.fixture
def service(tmp_path, frozen):
    svc = TableService(str(tmp_path / "herald.db"), Config(), engines={"harbours": HARBOURS})
    yield svc
    svc.close()


def harbours_game(svc: TableService, players: int = 4, seating: str | None = None, seed: int = 1) -> int:
    """A started game of Four Harbours; ann (the game master) takes seat 1, ben seat 2, and so on."""
    status = svc.create_game("harbours", channel="chan", creator_id="ann", creator_name="Ann", players=players,
                             seating=seating)
    for user in PLAYERS[:players]:
        svc.join(status.game_id, user, user.title())
    svc.start(status.game_id, "ann", seed=seed)
    return status.game_id


def holder(svc: TableService, game: int, role: str) -> str:
    return next(s.user_id for s in svc.status(game).seats if role in s.roles)


def first_bid(svc: TableService, game: int, role: str) -> str:
    rc = next(rc for rc in svc.choices(game, holder(svc, game, role)) if rc.role == role)
    return rc.actions[0].id


def bid_all(svc: TableService, game: int) -> None:
    for role in ("north", "east", "south", "west"):
        svc.submit(game, holder(svc, game, role), first_bid(svc, game, role), role=role)

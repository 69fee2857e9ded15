import pytest
from freezegun import freeze_time

from bot import clock
from bot.config import Config, DeadlineSettings
from bot.service import TableService
from tests.service.engines import ENGINE as SKIRMISH, MARCHES
from tests.support.duel import ENGINE as DUEL

ENGINES = {"duel": DUEL, "skirmish": SKIRMISH, "marches": MARCHES}
START = "2026-03-01 12:00:00"


@pytest.fixture
def frozen():
    clock.reset()
    with freeze_time(START) as frozen_time:
        yield frozen_time
    clock.reset()


def make_service(path, **deadlines) -> TableService:
    config = Config(deadlines=DeadlineSettings().merged(deadlines) if deadlines else DeadlineSettings())
    return TableService(str(path), config, engines=ENGINES)


@pytest.fixture
def service(tmp_path, frozen):
    svc = make_service(tmp_path / "herald.db")
    yield svc
    svc.close()


def started_game(svc: TableService, game: str = "duel", **kwargs) -> int:
    """alice (first seat) and bob (second seat) in a started game; alice is the game master."""
    status = svc.create_game(game, channel="chan", creator_id="alice", creator_name="Alice", **kwargs)
    svc.join(status.game_id, "alice", "Alice")
    svc.join(status.game_id, "bob", "Bob")
    svc.start(status.game_id, "alice")
    return status.game_id


def dump(svc: TableService) -> list[str]:
    """Everything in the database, to prove that a refused command changed nothing."""
    return list(svc.db.conn.iterdump())

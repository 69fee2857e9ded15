"""Fixtures of the mail tests: real SMTP and IMAP servers on the loopback address (tests/mail/servers.py),
a frozen clock handed to the table service, and a table service with the tiny Duel game and Richard III."""

from __future__ import annotations

import datetime as _dt

import pytest

from bot.config import Config
from bot.service import TableService
from tests.mail.servers import MailServers, Player
from tests.support.duel import ENGINE as DUEL

START = _dt.datetime(2026, 3, 1, 12, 0, tzinfo=_dt.timezone.utc).timestamp()


class FrozenClock:
    """The service's clock: still unless the test moves it (the servers keep real time)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def servers():
    running = MailServers()
    yield running
    running.stop()


@pytest.fixture
def frozen_clock():
    return FrozenClock()


def engines():
    import rules.richard3 as richard3

    return {"duel": DUEL, "richard3": richard3.ENGINE}


def make_service(path, clock, config: Config | None = None) -> TableService:
    return TableService(str(path), config or Config(), engines=engines(), clock=clock)


@pytest.fixture
def alice(servers):
    return Player(servers, "alice@example.net", "Alice")


@pytest.fixture
def bob(servers):
    return Player(servers, "bob@example.com", "Bob")

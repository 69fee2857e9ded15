"""Crash test over the four games (issue 25): the bot SIGKILLed at random moments while players give
orders and it delivers them, in Richard III, The Old King's Crown, Crown of Roses and Here I Stand.
Zero acknowledged orders lost or applied twice, zero posts shown twice: with Discord remembering
nonces, and with every restart ten minutes late and no history to read (tests/support/crash_games.py).
The slow run (at least 100 kills): python -m pytest -m slow tests/discordbot/test_crash_games.py"""

from __future__ import annotations

import sys

import pytest

from tests.support.crash_games import run_crashes

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


def test_a_few_kills_in_the_four_games_lose_and_repeat_nothing(tmp_path):
    report = run_crashes(tmp_path, kills=12, seed=3, per_game=10, slow=True)
    assert report.kills == 12 and report.acknowledged == report.orders
    assert report.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("kills, slow", [(120, True), (60, False)])
def test_a_hundred_kills_in_the_four_games_lose_and_repeat_nothing(tmp_path, kills, slow):
    report = run_crashes(tmp_path, kills=kills, seed=11, slow=slow)
    assert report.kills == kills and report.acknowledged == report.orders
    assert report.problems == []

"""Crash tests (issue 12): the bot SIGKILLed at random moments while it takes orders and delivers them,
against a fake Discord that enforces nonces. No acknowledged order is lost or applied twice; no line of
any channel or DM is lost or shown twice. The default suite kills 40 times; the slow run 240 times
(also: python -m tests.support.kills --kills 240)."""

from __future__ import annotations

import sys

import pytest

from tests.support.kills import run_kills

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


def test_forty_kills_lose_and_repeat_nothing(tmp_path):
    report = run_kills(tmp_path, kills=40, seed=7)
    assert report.kills == 40 and report.acknowledged == report.orders
    assert report.problems == []


@pytest.mark.slow
def test_two_hundred_and_forty_kills_lose_and_repeat_nothing(tmp_path):
    report = run_kills(tmp_path, kills=240, seed=11)
    assert report.kills == 240 and report.acknowledged == report.orders
    assert report.problems == []

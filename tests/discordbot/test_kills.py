"""Crash tests (issue 12): the bot SIGKILLed at random moments while it takes orders and delivers them,
against a fake Discord that enforces nonces. No acknowledged order is lost or applied twice; no line of
any channel or DM is lost or shown twice. "Forgetful": a Discord that remembers no nonce at all, where
reading back what was posted is the only guard. The default suite kills 60 times; the slow run (pytest
-m slow) 360 times; also python -m tests.support.kills --kills 240 [--forgetful]."""

from __future__ import annotations

import sys

import pytest

from tests.support.kills import run_kills

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


@pytest.mark.parametrize("kills, forgetful", [(40, False), (20, True)])
def test_kills_lose_and_repeat_nothing(tmp_path, kills, forgetful):
    report = run_kills(tmp_path, kills=kills, seed=7, forgetful=forgetful)
    assert report.kills == kills and report.acknowledged == report.orders
    assert report.problems == []


@pytest.mark.slow
@pytest.mark.parametrize("kills, forgetful", [(240, False), (120, True)])
def test_hundreds_of_kills_lose_and_repeat_nothing(tmp_path, kills, forgetful):
    report = run_kills(tmp_path, kills=kills, seed=11, forgetful=forgetful)
    assert report.kills == kills and report.acknowledged == report.orders
    assert report.problems == []

"""Every test is deterministic: a game started without a seed (a slash command, the console's `start`)
is dealt from a fixed seed instead of the service's secure random source, so the same cards, dice and
"redeal or keep?" prompts come up on every run. A test that needs another deal passes ``seed=``."""

from __future__ import annotations

import pytest

import bot.service

FIXED_SEED = 1483


@pytest.fixture(autouse=True)
def fixed_deal_seed(monkeypatch):
    monkeypatch.setattr(bot.service, "new_seed", lambda: FIXED_SEED)
    return FIXED_SEED

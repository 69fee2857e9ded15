"""Every test is deterministic: a game started without a seed (a slash command, the console's `start`)
is dealt from a fixed seed instead of the service's secure random source, so the same cards, dice and
"redeal or keep?" prompts come up on every run. A test that needs another deal passes ``seed=``.
Results kept on disk between processes (render/kit/diskcache.py) go to a folder of the run's own, never the
user's cache."""

from __future__ import annotations

import os
import tempfile

import pytest

import bot.service

os.environ.setdefault("HERALD_CACHE_DIR", tempfile.mkdtemp(prefix="herald-test-cache-"))

FIXED_SEED = 1483


@pytest.fixture(autouse=True)
def fixed_deal_seed(monkeypatch):
    monkeypatch.setattr(bot.service, "new_seed", lambda: FIXED_SEED)
    return FIXED_SEED

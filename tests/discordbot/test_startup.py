"""Bot start-up (issue 28: ready in <= 2 s, `python -m benchmarks startup`): the slow parts of a start, warming
the pictures and settling the memory, run after the bot is ready, in the background; a failure in them is
logged and the bot goes on."""

from __future__ import annotations

import asyncio
import threading

from bot.config import Config
from bot.discordbot import app
from bot.discordbot.settings import DiscordSettings
from bot.service import TableService
from tests.support.duel import ENGINE


def _client(tmp_path):
    service = TableService(str(tmp_path / "h.db"), Config(), engines={"duel": ENGINE})
    return service, app.HeraldClient(service, DiscordSettings(token="x", sync_commands=False))


def test_the_setup_hook_returns_before_the_pictures_are_warmed_and_the_memory_settled(tmp_path, monkeypatch):
    service, client = _client(tmp_path)
    release = threading.Event()
    steps = []

    def slow_warming():
        steps.append("warming")
        release.wait(10)
        return ["duel"]
    service.warm_pictures = slow_warming
    monkeypatch.setattr(app, "settle", lambda svc: steps.append("settled") or {"games": 0, "frozen": 0,
                                                                               "seconds": 0.0})

    async def go():
        await client._async_setup_hook()
        await client.setup_hook()                 # ready: the setup hook does not wait for the warming
        await asyncio.sleep(0.05)
        assert steps == ["warming"] and not client._warming.done()
        release.set()
        await client._warming                     # then the memory is settled, after the pictures
        assert steps == ["warming", "settled"]
        client.delivery_loop.cancel()
        client.tick_loop.cancel()
        await asyncio.sleep(0)

    asyncio.run(go())
    service.close()


def test_a_failed_warming_is_logged_and_the_memory_still_settled(tmp_path, monkeypatch, caplog):
    service, client = _client(tmp_path)

    def broken():
        raise RuntimeError("no fonts")
    service.warm_pictures = broken
    settled = []
    monkeypatch.setattr(app, "settle", lambda svc: settled.append(svc) or {"games": 0, "frozen": 0, "seconds": 0.0})

    async def go():
        with caplog.at_level("ERROR", logger="herald.discord"):
            await client._warm_pictures()
        assert "Warming the renderer failed" in caplog.text and settled == [service]

    asyncio.run(go())
    service.close()

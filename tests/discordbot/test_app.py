"""`herald run` without a token, the [discord] settings, the client wiring and the README's promises."""

from __future__ import annotations

import argparse
import asyncio
import tomllib
from pathlib import Path

import discord
import pytest

from bot.config import ConfigError
from bot.discordbot import app
from bot.discordbot.components import DYNAMIC_ITEMS
from bot.discordbot.settings import BOT_PERMISSIONS, KNOWN_KEYS, TOKEN_ENV, discord_settings

ROOT = Path(__file__).resolve().parents[2]


def test_run_without_token_explains_and_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    code = app.run_command(argparse.Namespace(config=str(tmp_path / "missing.toml")))
    err = capsys.readouterr().err
    assert code != 0
    assert "discord.com/developers/applications" in err and TOKEN_ENV in err
    assert "scope=bot+applications.commands" in err and f"permissions={BOT_PERMISSIONS.value}" in err
    assert "herald local" in err


def test_settings_from_example_config_and_environment():
    raw = tomllib.loads((ROOT / "config.example.toml").read_text())["discord"]
    assert set(raw) == KNOWN_KEYS  # every setting read is documented in the example
    settings = discord_settings(raw, environ={})
    assert settings.token == "" and settings.application_id is None and settings.delivery_interval == 5.0
    settings = discord_settings({"token": "from-file", "application_id": 42}, environ={TOKEN_ENV: "from-env"})
    assert settings.token == "from-env"
    assert "client_id=42" in settings.invite_url and "applications.commands" in settings.invite_url
    with pytest.raises(ConfigError, match="unknown"):
        discord_settings({"tokn": "x"}, environ={})


def test_permissions_integer_and_readme():
    expected = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 35) | (1 << 36) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
    assert BOT_PERMISSIONS.value == expected == 380104723456
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Running on Discord"):]
    assert str(expected) in section
    assert "bot applications.commands" in section
    assert "client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=380104723456" in section
    for permission in ("View Channel", "Send Messages", "Send Messages in Threads", "Create Public Threads",
                       "Create Private Threads", "Embed Links", "Attach Files", "Read Message History",
                       "Use Application Commands"):
        assert permission in section
    assert "Privileged Gateway Intents" in section and TOKEN_ENV in section


def test_client_wires_commands_dynamic_items_and_loops(tmp_path):
    from bot.config import Config
    from bot.discordbot.settings import DiscordSettings
    from bot.service import TableService
    from tests.support.duel import ENGINE

    service = TableService(str(tmp_path / "h.db"), Config(), engines={"duel": ENGINE})

    async def go():
        client = app.HeraldClient(service, DiscordSettings(token="x", sync_commands=False))
        assert client.intents.value == discord.Intents.default().value
        assert not (client.intents.members or client.intents.presences or client.intents.message_content)
        names = {c.name for c in client.tree.get_commands()}
        assert {"game", "play", "order", "hand", "view", "map", "log", "undo", "deadline", "vacation", "admin"} <= names
        await client.setup_hook()
        store = client._connection._view_store
        assert set(store._dynamic_items.values()) == set(DYNAMIC_ITEMS)
        assert client.delivery_loop.is_running() and client.tick_loop.is_running()
        # our views are never tracked by discord.py (is_finished), because removing a tracked view
        # (its timeout, 15 minutes for anything sent ephemerally) unregisters its dynamic item classes:
        from bot.discordbot.components import ActionButton, choices_view, open_view

        view, _, _ = choices_view("1", "1xabc", "red", [], 0)
        assert view.is_finished() and open_view("1").is_finished()
        plain = discord.ui.View(timeout=None)
        plain.add_item(ActionButton("1", "1xabc", "red", 0, "Bid"))
        plain.add_item(discord.ui.Button(label="static", custom_id="static"))
        store.add_view(plain, 1)
        store.remove_view(plain)
        assert ActionButton not in store._dynamic_items.values()  # the pitfall DynamicView avoids
        client.delivery_loop.cancel()
        client.tick_loop.cancel()
        await asyncio.sleep(0)

    asyncio.run(go())
    service.close()

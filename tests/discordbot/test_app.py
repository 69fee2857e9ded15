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


def test_run_without_token_explains_and_exits_cleanly(tmp_path, monkeypatch, capsys):
    """No token is not a crash: the steps are printed and the exit status is 0 (so `make run` does not end
    with "make: *** Error 2"); a broken config is a real error and stays non-zero."""
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    code = app.run_command(argparse.Namespace(config=str(tmp_path / "missing.toml")))
    out = capsys.readouterr().out
    assert code == 0
    assert "discord.com/developers/applications" in out and TOKEN_ENV in out
    assert "scope=bot+applications.commands" in out and f"permissions={BOT_PERMISSIONS.value}" in out
    assert "herald local" in out
    bad = tmp_path / "bad.toml"
    bad.write_text("[discord]\ntokn = 'x'\n")
    assert app.run_command(argparse.Namespace(config=str(bad))) == 2
    assert "unknown setting" in capsys.readouterr().err


def test_network_failure_at_start_is_one_line(tmp_path, monkeypatch, capsys):
    import aiohttp

    monkeypatch.setenv(TOKEN_ENV, "not-a-real-token")
    monkeypatch.chdir(tmp_path)

    def unreachable(self, token, **kwargs):
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443 [Temporary failure in name "
                                            "resolution]")

    monkeypatch.setattr(app.HeraldClient, "run", unreachable)
    code = app.run_command(argparse.Namespace(config=str(tmp_path / "none.toml")))
    err = capsys.readouterr().err
    assert code == 4
    assert err.count("\n") == 1 and "cannot reach Discord" in err and "Traceback" not in err


def test_failed_command_sync_is_explained_not_raised(tmp_path, caplog):
    from types import SimpleNamespace

    from bot.config import Config
    from bot.discordbot.settings import DiscordSettings
    from bot.service import TableService
    from tests.support.duel import ENGINE

    service = TableService(str(tmp_path / "h.db"), Config(), engines={"duel": ENGINE})

    async def go():
        client = app.HeraldClient(service, DiscordSettings(token="x", guild_ids=(123,), application_id=42))

        async def refuse(*, guild=None):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50001, "message": "Missing Access"})
        client.tree.sync = refuse
        with caplog.at_level("ERROR", logger="herald.discord"):
            ok = await client.sync_commands()
        assert ok is False
        text = caplog.text
        assert "server 123" in text and "Missing Access" in text and "applications.commands" in text
        assert "client_id=42" in text and "Traceback" not in text

    asyncio.run(go())
    service.close()


def test_settings_from_example_config_and_environment():
    raw = tomllib.loads((ROOT / "config.example.toml").read_text())["discord"]
    assert set(raw) == KNOWN_KEYS  # every setting read is documented in the example
    # the old name of dm_turn_map is still read
    assert discord_settings({"dm_turn_prompts": False}, environ={}).dm_turn_map is False
    assert discord_settings({}, environ={}).dm_turn_map is True
    settings = discord_settings(raw, environ={})
    assert settings.token == "" and settings.application_id is None and settings.delivery_interval == 5.0
    settings = discord_settings({"token": "from-file", "application_id": 42}, environ={TOKEN_ENV: "from-env"})
    assert settings.token == "from-env"
    assert "client_id=42" in settings.invite_url and "applications.commands" in settings.invite_url
    with pytest.raises(ConfigError, match="unknown"):
        discord_settings({"tokn": "x"}, environ={})


def test_permissions_integer_and_readme():
    """Least privilege: what Herald uses, nothing more (no Use Application Commands, a member permission;
    no Create Private Threads or Read Message History, which it does not use)."""
    expected = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 35) | (1 << 14) | (1 << 15)
    assert BOT_PERMISSIONS.value == expected == 309237697536
    assert not (BOT_PERMISSIONS.use_application_commands or BOT_PERMISSIONS.create_private_threads
                or BOT_PERMISSIONS.read_message_history or BOT_PERMISSIONS.administrator)
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Running on Discord"):]
    assert str(expected) in section and "380104723456" not in readme
    assert "bot applications.commands" in section
    assert "client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=309237697536" in section
    table = section[section.index("| Permission |"):section.index("Together that is")]
    for permission in ("View Channel", "Send Messages", "Send Messages in Threads", "Create Public Threads",
                       "Embed Links", "Attach Files"):
        assert f"| {permission} |" in table
    for permission in ("Use Application Commands", "Create Private Threads", "Read Message History"):
        assert f"| {permission} |" not in table
    assert "log embeds" not in section
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
        await client._async_setup_hook()  # what login does first (creates the "ready" event)
        await client.setup_hook()
        store = client._connection._view_store
        assert set(store._dynamic_items.values()) == set(DYNAMIC_ITEMS)
        assert client.delivery_loop.is_running() and client.tick_loop.is_running()
        # the loops wait for the gateway to be ready before their first round
        delivered = []
        client.herald.deliver_pending = lambda: delivered.append(1) or asyncio.sleep(0)
        await asyncio.sleep(0.05)
        assert delivered == [] and not client.is_ready()
        assert client.allowed_mentions.users is False and client.allowed_mentions.everyone is False
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
        await client._warming   # the renderer is warmed in a worker thread at start (Duel has no pictures)
        client.delivery_loop.cancel()
        client.tick_loop.cancel()
        await asyncio.sleep(0)

    asyncio.run(go())
    service.close()


@pytest.mark.parametrize("problem", ["too_new", "unopenable"])
def test_unusable_database_is_one_clear_line_and_a_non_zero_exit(tmp_path, monkeypatch, capsys, problem):
    from bot import storage

    monkeypatch.setenv(TOKEN_ENV, "not-a-real-token")
    monkeypatch.setattr(app.HeraldClient, "run", lambda self, token, **kwargs: pytest.fail("must not start"))
    if problem == "too_new":
        db_path = tmp_path / "herald.db"
        db = storage.connect(str(db_path))
        storage.migrate(db)
        db.execute("UPDATE schema_version SET version = ?", [storage.LATEST + 5])
        db.conn.close()
    else:
        db_path = tmp_path / "no-such-folder" / "herald.db"
    config = tmp_path / "config.toml"
    config.write_text(f"[database]\npath = '{db_path}'\n")
    code = app.run_command(argparse.Namespace(config=str(config)))
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("herald run: ") and "Traceback" not in err
    assert ("newer than this Herald" in err) if problem == "too_new" else ("does not exist" in err)

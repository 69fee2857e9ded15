"""`herald run` without a token, the [discord] settings, the client wiring and the README's promises."""

from __future__ import annotations

import argparse
import asyncio
import re
import tomllib
from pathlib import Path

import discord
import pytest

from bot.config import ConfigError
from bot.discordbot import app
from bot.discordbot.components import DYNAMIC_ITEMS
from bot.discordbot.settings import BOT_PERMISSIONS, KNOWN_KEYS, PERMISSION_NAMES, TOKEN_ENV, discord_settings

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


def _readme_table(section: str, header: str) -> list[list[str]]:
    """The rows of the Markdown table starting with ``header`` in ``section``, as lists of cells."""
    lines = section[section.index(header):].splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def test_permissions_integer_and_readme():
    """Least privilege: what Herald uses, nothing more (no Use Application Commands, a member permission;
    no Read Message History, which it does not use). The README's table names exactly the permissions
    the bot asks for, and its integer and invite URL are the bot's."""
    expected = ((1 << 10) | (1 << 11) | (1 << 38) | (1 << 35) | (1 << 36) | (1 << 34) | (1 << 14)
                | (1 << 15))
    assert BOT_PERMISSIONS.value == expected == 395137043456
    assert BOT_PERMISSIONS.create_private_threads and BOT_PERMISSIONS.manage_threads   # negotiation threads
    assert not (BOT_PERMISSIONS.use_application_commands or BOT_PERMISSIONS.read_message_history
                or BOT_PERMISSIONS.administrator or BOT_PERMISSIONS.manage_channels)
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Running on Discord"):]
    assert str(expected) in section and "380104723456" not in readme and "309237697536" not in readme
    assert "bot applications.commands" in section
    assert f"client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions={expected}" in section
    named = {row[0] for row in _readme_table(section, "| Permission |")}
    # the names cover exactly the bits asked for
    assert discord.Permissions(**{name: True for name in PERMISSION_NAMES}).value == BOT_PERMISSIONS.value
    assert named == set(PERMISSION_NAMES.values())
    assert all(row[1] for row in _readme_table(section, "| Permission |"))      # each says why
    assert "log embeds" not in section
    assert "Privileged Gateway Intents" in section and TOKEN_ENV in section


def test_readme_commands_table_matches_the_registered_commands():
    """Every command the bot registers appears in the README's commands table as `/path`, and every
    command the table's first column names is registered."""
    from bot.config import Config
    from bot.discordbot.commands import build_tree
    from bot.discordbot.layer import Layer
    from bot.service import TableService
    from tests.discordbot.fakes import FakeClient

    service = TableService(":memory:", Config())
    tree = build_tree(discord.Client(intents=discord.Intents.default()), Layer(service, FakeClient()))
    registered = set()
    for command in tree.get_commands():
        if isinstance(command, discord.app_commands.Group):
            registered |= {f"{command.name} {sub.name}" for sub in command.commands}
        else:
            registered.add(command.name)
    readme = (ROOT / "README.md").read_text()
    rows = _readme_table(readme[readme.index("### Commands"):], "| Command |")
    mentioned, named = set(), set()
    for first, what in rows:
        group = ""
        for token in re.findall(r"`([^`]+)`", first):
            token = token.split(" (")[0].strip()
            if token.startswith("/"):
                path = token[1:]
                group = path.split(" ")[0] if " " in path else ""
            else:
                path = f"{group} {token}".strip()
            named.add(path)
        mentioned |= {t[1:] for t in re.findall(r"`(/[a-z-]+(?: [a-z-]+)?)", first + " " + what)}
    assert named <= registered, named - registered
    assert registered <= mentioned | named, registered - (mentioned | named)
    service.close()


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

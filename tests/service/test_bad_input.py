"""Bad input is answered, never a traceback, and changes nothing (issue 12, items 3 and 4): settings
files, databases, console commands and command-line arguments a hostile or careless user may give."""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from bot import cli
from bot.config import Config, ConfigError, config_from_dict, load_config
from bot.console import local_command, replay_command
from bot.service import BadOption, TableService
from bot.storage import StorageError
from tests.service.conftest import ENGINES, dump, started_game
from tests.service.console_helpers import duel_console

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


# ---- config ------------------------------------------------------------------------------------
def test_a_config_that_is_not_utf8_is_refused_with_the_byte(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'[deadlines]\nturn = "48h"  # caf\xe9\n')
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(path)


def test_a_config_that_is_a_folder_is_refused(tmp_path):
    (tmp_path / "config.toml").mkdir()
    with pytest.raises(ConfigError, match="folder"):
        load_config(tmp_path / "config.toml")


@pytest.mark.skipif(ROOT, reason="root reads any file")
def test_an_unreadable_config_is_refused(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[deadlines]\n")
    path.chmod(0)
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(path)


@pytest.mark.parametrize("raw, words", [
    ({"deadlines": {"turn": -5}}, "deadlines.turn"),
    ({"deadlines": {"turn": "99999999999d"}}, "ten years"),
    ({"deadlines": {"richard3": {"reaction": 1e300}}}, "deadlines.richard3.reaction"),
    ({"deadlines": {"turn": "²d"}}, "not a duration"),
    ({"outbox": {"backoff_base": 0}}, "backoff_base"),
    ({"outbox": {"backoff_base": "1h", "backoff_max": "1s"}}, "backoff_max"),
    ({"outbox": {"max_attempts": "²"}}, "max_attempts"),
    ({"engines": {"modules": {"chess": "no.such.module"}}}, "engines.modules.chess"),
    ({"engines": {"modules": {"chess": "json"}}}, "no ENGINE"),
    ({"discord": {"guild_ids": "123"}}, "discord.guild_ids"),
    ({"discord": {"guild_ids": 5}}, "discord.guild_ids"),
    ({"discord": {"application_id": "abc"}}, "discord.application_id"),
    ({"discord": {"sync_commands": "no"}}, "discord.sync_commands"),
    ({"discord": {"delivery_batch": 0}}, "discord.delivery_batch"),
    ({"discord": {"delivery_interval": "0s"}}, "discord.delivery_interval"),
])
def test_absurd_settings_are_refused_at_start_with_one_line(raw, words):
    with pytest.raises(ConfigError) as refused:
        config_from_dict(raw)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_herald_run_refuses_a_malformed_discord_section_even_without_a_token(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("HERALD_DISCORD_TOKEN", raising=False)
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nguild_ids = 5\n")
    assert cli.main(["run", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "discord.guild_ids" in err and len(err.strip().splitlines()) == 1


def test_an_extension_so_large_it_would_remove_the_deadline_is_refused(service):
    game = started_game(service)
    before = dump(service)
    with pytest.raises(BadOption):
        service.extend_deadline(game, "alice", 1e17)
    assert dump(service) == before


# ---- databases ---------------------------------------------------------------------------------
def _digest(path: Path) -> tuple[str, list[str]]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), sorted(p.name for p in path.parent.iterdir())


def test_another_programs_sqlite_file_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "contacts.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Ada')")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(StorageError, match="another program"):
        TableService(str(path), Config(), engines=ENGINES)
    assert _digest(path) == before
    out: list[str] = []
    args = argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(path), script=None, out=str(tmp_path))
    assert local_command(args, engines=ENGINES, write=out.append) == 2
    assert out[0].startswith("error [database]") and _digest(path) == before


def test_a_non_numeric_schema_version_is_refused(tmp_path):
    path = tmp_path / "h.db"
    TableService(str(path), Config(), engines=ENGINES).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = 'seven'")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError, match="schema_version"):
        TableService(str(path), Config(), engines=ENGINES)


def test_replay_only_reads_it_works_while_another_process_holds_the_write_lock(tmp_path, frozen):
    path = tmp_path / "h.db"
    svc = TableService(str(path), Config(), engines=ENGINES)
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    svc.close()
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # a bot busy writing
    try:
        out: list[str] = []
        args = argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(path), game_id=str(game))
        assert replay_command(args, engines=ENGINES, write=out.append) == 0
        assert "OK" in out[-1]
    finally:
        writer.execute("ROLLBACK")
        writer.close()


@pytest.mark.skipif(ROOT, reason="root writes anywhere")
def test_a_read_only_folder_is_answered_and_replay_still_reads_it(tmp_path, frozen):
    folder = tmp_path / "ro"
    folder.mkdir()
    svc = TableService(str(folder / "h.db"), Config(), engines=ENGINES)
    game = started_game(svc)
    svc.close()
    folder.chmod(0o555)
    (folder / "h.db").chmod(0o444)
    try:
        with pytest.raises(StorageError, match="write"):
            TableService(str(folder / "h.db"), Config(), engines=ENGINES)
        out: list[str] = []
        args = argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(folder / "h.db"), game_id=str(game))
        assert replay_command(args, engines=ENGINES, write=out.append) == 0
    finally:
        folder.chmod(0o755)


# ---- console -------------------------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "use ²", "use 99999999999999999999999", "use #-1", "log ²", "log 99999999999999999999999", "history ²",
    "history 99999999999999999999999", "start --seed 99999999999999999999999", "new duel players=²",
    "vacation ²d", "vacation 99999999999999d", "advance 99999999999999d", "admin extend 99999999999d",
    "admin extend ²h", "do ²", "swap ²", "swap 99999999999999999999999", "admin replace ² carol",
])
def test_console_numbers_and_durations_are_answered_and_change_nothing(tmp_path, frozen, line):
    svc, console, out = duel_console(tmp_path, clear=True)
    before = dump(svc)
    out.clear()
    assert not console.execute(line)
    assert console.last_error.code != "internal", out
    assert dump(svc) == before


def test_a_script_that_is_not_utf8_is_answered(tmp_path):
    script = tmp_path / "game.txt"
    script.write_bytes(b"as alice\nnew duel # caf\xe9\n")
    out: list[str] = []
    args = argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(tmp_path / "l.db"), script=str(script),
                              out=str(tmp_path / "out"))
    assert local_command(args, engines=ENGINES, write=out.append) == 2
    assert "game.txt:2: not UTF-8" in out[-1]


@pytest.mark.parametrize("game_id", ["²", "99999999999999999999999"])
def test_herald_replay_answers_a_bad_game_number(tmp_path, frozen, game_id):
    path = tmp_path / "h.db"
    TableService(str(path), Config(), engines=ENGINES).close()
    out: list[str] = []
    args = argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(path), game_id=game_id)
    assert replay_command(args, engines=ENGINES, write=out.append) == 2
    assert out[-1].startswith("error [not_found]")

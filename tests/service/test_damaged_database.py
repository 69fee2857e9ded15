"""A damaged database is reported in one line naming the game and the damage, with a non-zero exit, by
`herald replay` and by `herald check-db` (SQLite's integrity check plus every game replayed), never a
traceback (issue 25, item 4)."""

from __future__ import annotations

import argparse
import sqlite3

import pytest

from bot import cli
from bot.checkdb import check_db_command
from bot.config import Config
from bot.console import replay_command
from bot.service import TableService
from tests.service.conftest import ENGINES, started_game


def _two_games(path) -> None:
    svc = TableService(str(path), Config(), engines=ENGINES)
    for _ in range(2):
        game = started_game(svc)
        svc.submit(game, "alice", "bid:2")
        svc.submit(game, "bob", "bid:1")
    svc.close()   # the last connection: the write-ahead log is copied into the file


def _args(tmp_path, path, **more) -> argparse.Namespace:
    return argparse.Namespace(config=str(tmp_path / "none.toml"), db=str(path), **more)


def _damage(path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()


@pytest.mark.parametrize("sql,part,detail", [
    ("UPDATE games SET state = CAST(x'7b22ff22' AS TEXT) WHERE id = 2", "its stored state", "decode to UTF-8"),
    ("UPDATE games SET state = '{not json' WHERE id = 2", "its stored state", "Expecting property name"),
    ("UPDATE snapshots SET state = 'null' WHERE game_id = 2", "one of its turn snapshots", ""),
    ("UPDATE games SET setup = '[1, 2' WHERE id = 2", "its row in the games table", ""),
    ("UPDATE log SET audience = CAST(x'ff' AS TEXT) WHERE game_id = 2", "its game log", "decode to UTF-8"),
])
def test_replay_and_check_db_name_the_game_and_the_damage(tmp_path, frozen, sql, part, detail):
    path = tmp_path / "h.db"
    _two_games(path)
    _damage(path, sql)
    out: list[str] = []
    assert replay_command(_args(tmp_path, path, game_id="2"), engines=ENGINES, write=out.append) != 0
    assert len(out) == 1 and out[0].startswith("error [damaged]: game #2: ") and part in out[0], out
    assert detail in out[0] and "Traceback" not in out[0]
    out.clear()
    assert check_db_command(_args(tmp_path, path), engines=ENGINES, write=out.append) == 1
    [problem, advice] = out
    assert problem.startswith("game #2: ") and part in problem and "restore the newest backup" in advice
    out.clear()
    assert replay_command(_args(tmp_path, path, game_id="1"), engines=ENGINES, write=out.append) == 0


def test_a_byte_flipped_in_a_stored_state_is_named(tmp_path, frozen):
    path = tmp_path / "h.db"
    _two_games(path)
    data = bytearray(path.read_bytes())
    at = data.rfind(b'"round"')       # inside a stored state's JSON text on its page
    assert at > 0
    data[at] = 0xFF                   # what a failing disk does: the text no longer decodes
    path.write_bytes(bytes(data))
    out: list[str] = []
    codes = [replay_command(_args(tmp_path, path, game_id=str(n)), engines=ENGINES, write=out.append)
             for n in (1, 2)]
    assert 2 in codes and all(line.startswith(("error [damaged]: game #", "game #")) for line in out), out
    out.clear()
    assert check_db_command(_args(tmp_path, path), engines=ENGINES, write=out.append) == 1
    assert any(line.startswith("game #") and "damaged" in line for line in out), out


def test_a_damaged_page_fails_sqlites_integrity_check(tmp_path, frozen):
    path = tmp_path / "h.db"
    _two_games(path)
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page: 3 * page + 8] = b"\x0d\xff\xff\xff\xff\xff\xff\xff"   # a b-tree page header made nonsense
    path.write_bytes(bytes(data))
    out: list[str] = []
    code = check_db_command(_args(tmp_path, path), engines=ENGINES, write=out.append)
    assert code in (1, 2) and out and "Traceback" not in " ".join(out)
    assert any(line.startswith(("database: ", "error [database]")) for line in out), out


def test_a_sound_database_passes_and_the_command_is_on_the_command_line(tmp_path, frozen, capsys):
    path = tmp_path / "h.db"
    _two_games(path)
    out: list[str] = []
    assert check_db_command(_args(tmp_path, path), engines=ENGINES, write=out.append) == 0
    assert out == [f"{path}: OK: SQLite's integrity check passed and 2 started game(s) replay to their stored state."]
    assert cli.main(["check-db", "--db", str(tmp_path / "missing.db"), "--config", str(tmp_path / "none.toml")]) == 2
    assert "no database at" in capsys.readouterr().out


def test_the_console_names_a_damaged_game_in_one_line(tmp_path, frozen):
    from tests.service.console_helpers import console_for
    path = tmp_path / "h.db"
    _two_games(path)
    _damage(path, "UPDATE games SET state = '{not json' WHERE id = 2")
    svc = TableService(str(path), Config(), engines=ENGINES)
    console, out = console_for(svc, tmp_path)
    console.execute("as alice")
    out.clear()
    assert not console.execute("use 2")
    assert len(out) == 1 and out[0].startswith("error [damaged]: game #2: its stored state is damaged"), out
    console.execute("use 1")
    out.clear()
    assert console.execute("status") and "Traceback" not in " ".join(out)
    svc.close()


class _Reworded(type(ENGINES["duel"])):
    """Duel as a later Herald might say it: the same game, one line in new words and one line added."""

    def _apply(self, state, role, action, ctx):
        inner = type(ctx)()
        super()._apply(state, role, action, inner)
        for entry in inner.entries:
            ctx.log(entry.text.replace("has chosen a bid.", "has placed a bid, face down."), entry.to, entry.kind)
        if not state["bids"]:
            ctx.log("Both bids are shown.")


class _Leaky(type(ENGINES["duel"])):
    """Duel whose private line is now shown to everyone: not a wording change."""

    def _apply(self, state, role, action, ctx):
        inner = type(ctx)()
        super()._apply(state, role, action, inner)
        for entry in inner.entries:
            ctx.log(entry.text, None, entry.kind)


def test_a_game_stored_before_a_wording_change_is_told_apart_from_damage(tmp_path, frozen):
    """Issue 26: a game logged in Herald's older words replays to the very same positions: `herald replay`
    and `herald check-db` say the log reads differently today, with an example, and that nothing is wrong
    (exit 0); a line now shown to other players than before is a real difference (exit 1)."""
    path = tmp_path / "h.db"
    _two_games(path)
    reworded = {**ENGINES, "duel": _Reworded()}
    out: list[str] = []
    assert replay_command(_args(tmp_path, path, game_id="2"), engines=reworded, write=out.append) == 0
    [verdict] = out
    assert verdict.startswith("game #2: OK: 2 actions replayed") and "MISMATCH" not in verdict
    assert "the log of 2 actions reads differently today: Herald's wording changed" in verdict
    assert '"Red has chosen a bid." now reads "Red has placed a bid, face down."' in verdict
    assert 'a line is added: "Both bids are shown."' in verdict and "Nothing to do" in verdict
    assert "You bid" not in verdict   # a player's private line is never printed
    out.clear()
    assert check_db_command(_args(tmp_path, path), engines=reworded, write=out.append) == 0
    assert [line.split(":")[0] for line in out[:2]] == ["game #1", "game #2"]
    assert all("Note (not a problem): the log of 2 actions reads differently today" in line for line in out[:2])
    assert out[2] == (f"{path}: OK: SQLite's integrity check passed and 2 started game(s) replay to their stored "
                      "state (2 of them logged in Herald's older words, noted above).")
    out.clear()
    leaky = {**ENGINES, "duel": _Leaky()}
    assert replay_command(_args(tmp_path, path, game_id="2"), engines=leaky, write=out.append) == 1
    assert "MISMATCH" in out[0] and "read by other players than the replay gives" in out[0]
    out.clear()
    assert check_db_command(_args(tmp_path, path), engines=leaky, write=out.append) == 1
    assert out[0].startswith("game #1: does not replay to its stored state: the log of action 1 (red bid:2)")


def test_a_real_divergence_still_names_the_log_that_differs(tmp_path, frozen):
    """The positions differ (a stored state changed): the log differences are part of the divergence."""
    path = tmp_path / "h.db"
    _two_games(path)
    _damage(path, "UPDATE log SET text = 'Red has chosen 3.' WHERE game_id = 2 AND text = 'Red has chosen a bid.'")
    _damage(path, "UPDATE games SET state = json_set(state, '$.round', 7) WHERE id = 2")
    out: list[str] = []
    assert replay_command(_args(tmp_path, path, game_id="2"), engines=ENGINES, write=out.append) == 1
    assert "MISMATCH" in out[0] and "current state differs" in out[0]
    assert '"Red has chosen 3." now reads "Red has chosen a bid."' in out[0]

"""Service additions asked for by the Discord layer: per-user flags, roles on "waiting" messages, a named
actor on game-master actions, checking a setup before creating, and the guild a game belongs to."""

from __future__ import annotations

import pytest

from bot import storage
from bot.service import BadOption
from tests.service.conftest import ENGINES, make_service, started_game


def test_user_flags_persist_across_restarts_and_can_be_cleared(tmp_path, frozen):
    path = tmp_path / "h.db"
    svc = make_service(path)
    assert svc.user_flag("alice", "dm-closed-told") is None
    svc.set_user_flag("alice", "dm-closed-told", "1")
    svc.set_user_flag("alice", "dm-closed-told", "2")   # overwritten, not duplicated
    svc.set_user_flag("bob", "other", "x")
    svc.close()
    svc = make_service(path)
    assert svc.user_flag("alice", "dm-closed-told") == "2"
    assert svc.user_flag("bob", "dm-closed-told") is None and svc.user_flag("bob", "other") == "x"
    svc.set_user_flag("alice", "dm-closed-told", None)
    assert svc.user_flag("alice", "dm-closed-told") is None
    svc.set_user_flag("alice", "never-set", None)       # clearing an unset flag is harmless
    with pytest.raises(BadOption):
        svc.set_user_flag("alice", "", "x")
    svc.close()


def test_a_version_4_database_gains_the_flag_table(tmp_path):
    path = str(tmp_path / "v4.db")
    db = storage.connect(path)
    storage.migrate(db, target=4)
    assert "user_flags" not in db.table_names()
    db.conn.close()
    from bot.service import TableService
    svc = TableService(path, engines=ENGINES)
    assert "user_flags" in svc.db.table_names()
    svc.set_user_flag("u", "k", "v")
    assert svc.user_flag("u", "k") == "v"
    svc.close()


def test_waiting_messages_carry_the_roles_newly_waited_for(service):
    game = started_game(service)
    rows = list(service.db.query("SELECT role, text FROM outbox WHERE kind = 'waiting' ORDER BY id"))
    assert rows[-1]["role"] == "red,blue" and rows[-1]["text"] == "Now: Red and Blue to act."
    service.submit(game, "alice", "bid:1")
    service.submit(game, "bob", "bid:2")              # a new round: both are waited for again
    rows = list(service.db.query("SELECT role FROM outbox WHERE kind = 'waiting' ORDER BY id"))
    assert rows[-1]["role"] == "red,blue"
    service.submit(game, "bob", "bid:3")              # red still to choose: nobody newly waited for
    assert list(service.db.query("SELECT role FROM outbox WHERE kind = 'waiting' ORDER BY id"))[-1]["role"] \
        == "red,blue"

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


def test_game_master_actions_name_who_really_acted(service):
    game = started_game(service)
    carol = "Carol (Manage Server)"
    service.pause(game, "alice", actor_name=carol)
    service.resume(game, "alice", actor_name=carol)
    service.extend_deadline(game, "alice", 3600, actor_name=carol)
    service.replace_seat(game, "alice", "blue", "dave", "Dave", actor_name=carol)
    service.pause(game, "alice")                      # the game master acting: named as before
    service.resume(game, "alice")
    service.abort(game, "alice", "testing", actor_name=carol)
    texts = [r["text"] for r in service.db.query("SELECT text FROM outbox WHERE target_kind = 'channel' ORDER BY id")]
    by = "Carol (Manage Server) for the game master"
    assert f"Game #{game} is paused by {by}." in texts
    assert f"Game #{game} resumes ({by})." in texts
    assert any(t.startswith(f"{by} extends the deadline") for t in texts)
    assert any("now plays seat 2 (Blue)" in t and f"by {by}." in t for t in texts)
    assert f"Game #{game} is paused by Alice." in texts and f"Game #{game} resumes." in texts
    assert f"Game #{game} was aborted by {by}: testing." in texts
    other = started_game(service)
    service.end(other, "alice", ["red"], "blue conceded", actor_name=carol)
    assert any(t.endswith(f"Winner: Red. Ended by {by}.") for t in
               (r["text"] for r in service.db.query("SELECT text FROM outbox WHERE kind = 'result'")))


@pytest.mark.parametrize("args", [dict(game="nope"), dict(scenario="nope"), dict(options={"colour": "blue"}),
                                  dict(players=3), dict(deadlines={"turn": "soon"})])
def test_validate_setup_raises_what_create_game_raises_and_creates_nothing(service, args):
    from bot.service import ServiceError

    call = {"game": "duel", **args}
    with pytest.raises(ServiceError) as checked:
        service.validate_setup(call["game"], call.get("scenario"), call.get("options"), call.get("players"),
                               call.get("deadlines"))
    with pytest.raises(ServiceError) as created:
        service.create_game(call.pop("game"), channel="chan", creator_id="alice", **call)
    assert type(checked.value) is type(created.value) and checked.value.message == created.value.message
    assert service.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    assert service.validate_setup("duel", "standard", {}) == 2  # the seats it would have


def test_a_game_keeps_its_guild_and_older_games_have_none(tmp_path, frozen):
    path = str(tmp_path / "v5.db")
    db = storage.connect(path)
    storage.migrate(db, target=5)
    db.execute("INSERT INTO games (game, scenario, options, settings, channel, creator, gm, status, created_at)"
               " VALUES ('duel','standard','{}','{}','chan','alice','alice','open',0)")
    db.conn.close()
    svc = make_service(path)
    assert svc.status(1).guild is None
    made = svc.create_game("duel", channel="123", creator_id="alice", guild="42")
    assert made.guild == "42"
    svc.close()
    svc = make_service(path)
    assert svc.status(made.game_id).guild == "42" and svc.games_in_channel("123")[0].guild == "42"
    assert svc.create_game("duel", channel="local", creator_id="x").guild is None
    svc.close()

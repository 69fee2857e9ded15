"""Storage guarantees: WAL, schema migrations, one transaction per order, crash safety, races."""

import json
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from bot import storage
from bot.service import NotYourTurn, StaleVersion, TableService
from tests.service.conftest import ENGINES, make_service, started_game

ROOT = Path(__file__).resolve().parents[2]


def test_database_uses_wal_and_the_latest_schema(tmp_path):
    svc = make_service(tmp_path / "h.db")
    assert svc.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert storage.schema_version(svc.db) == storage.LATEST == len(storage.MIGRATIONS)
    svc.close()


def test_upgrading_a_version_1_database_keeps_its_data(tmp_path):
    path = str(tmp_path / "old.db")
    db = storage.connect(path)
    assert storage.migrate(db, target=1) == [1]
    assert "vacations" not in db.table_names()
    db.execute("INSERT INTO games (game, scenario, options, settings, channel, creator, gm, status, created_at)"
               " VALUES ('duel','standard','{}','{}','chan','alice','alice','open',0)")
    for seat, role in ((1, "red"), (2, "blue")):
        db.execute("INSERT INTO seats (game_id, seat, roles, user_id) VALUES (1, ?, ?, NULL)",
                   [seat, json.dumps([role])])
    db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, created_at, "
               "next_attempt_at) VALUES ('d1','notice','channel','chan',0,'hello',0,0)")
    db.conn.close()

    svc = TableService(path, engines=ENGINES)
    assert storage.schema_version(svc.db) == storage.LATEST
    assert {"vacations", "preferences"} <= set(svc.db.table_names())
    assert [m.text for m in svc.outbox.pending()] == ["hello"]
    svc.join(1, "alice")
    svc.join(1, "bob")
    assert svc.start(1, "alice").status == "active"
    assert storage.migrate(svc.db) == []  # idempotent
    svc.close()


def test_one_order_is_one_transaction(tmp_path):
    """A failure just before COMMIT leaves nothing of the order: no action, log line, state or message."""
    svc = make_service(tmp_path / "h.db")
    game = started_game(svc)
    before = list(svc.db.conn.iterdump())

    def fail():
        raise RuntimeError("disk on fire")
    svc.before_commit = fail
    with pytest.raises(RuntimeError):
        svc.submit(game, "alice", "bid:2")
    svc.before_commit = None
    assert list(svc.db.conn.iterdump()) == before
    assert svc.choices(game, "alice")  # the cached state was not advanced either
    svc.submit(game, "alice", "bid:2")
    assert svc.status(game).version == 2
    svc.close()


CRASHER = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    from tests.service.conftest import make_service, started_game
    svc = make_service({db!r})
    game = started_game(svc)
    svc.submit(game, "alice", "bid:3")
    svc.before_commit = lambda: os._exit(3)   # die inside the transaction of the next order
    svc.submit(game, "bob", "bid:1")
    os._exit(0)
""")


def consistent(svc: TableService, game: int) -> None:
    """Version, action log, log lines, snapshots and state all agree."""
    status = svc.status(game)
    actions = svc.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ? AND undone = 0", [game]).fetchone()[0]
    assert status.version == 1 + actions
    orphans = svc.db.execute("SELECT COUNT(*) FROM log WHERE action_row IS NOT NULL AND action_row NOT IN "
                             "(SELECT id FROM actions)").fetchone()[0]
    assert orphans == 0
    assert svc.replay(game).ok, svc.replay(game).verdict()


def test_a_crash_inside_the_transaction_leaves_the_old_state(tmp_path):
    db = str(tmp_path / "crash.db")
    done = subprocess.run([sys.executable, "-c", CRASHER.format(root=str(ROOT), db=db)], cwd=ROOT, timeout=60)
    assert done.returncode == 3
    svc = make_service(db)
    status = svc.status(1)
    assert status.version == 2 and status.turn_label == "Round 1"
    assert [w.role for w in status.waiting] == ["blue"]
    assert not any("blue bid" in m.text for m in svc.outbox.pending(500))
    consistent(svc, 1)
    svc.submit(1, "bob", "bid:1")  # the order was lost with the crash, not half-applied: it plays now
    consistent(svc, 1)
    svc.close()


BUSY = textwrap.dedent("""
    import sys, itertools
    sys.path.insert(0, {root!r})
    from tests.service.conftest import make_service, started_game
    svc = make_service({db!r})
    games = [started_game(svc) for _ in range(3)]
    print("ready", flush=True)
    for i in itertools.count():
        game = games[i % 3]
        if svc.status(game).status != "active":
            games[i % 3] = started_game(svc)
            continue
        svc.submit(game, "alice", "bid:3")
        svc.submit(game, "bob", "bid:1")
""")


def test_sigkill_at_any_moment_leaves_every_game_consistent(tmp_path):
    db = str(tmp_path / "kill.db")
    for delay in (0.05, 0.13, 0.29):
        proc = subprocess.Popen([sys.executable, "-c", BUSY.format(root=str(ROOT), db=db)], cwd=ROOT,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        svc = make_service(db)
        ids = [r[0] for r in svc.db.execute("SELECT id FROM games WHERE status != 'open'")]
        assert ids
        for game in ids:
            consistent(svc, game)
        svc.close()


def test_two_racing_submissions_exactly_one_applies(tmp_path):
    path = tmp_path / "race.db"
    setup = make_service(path)
    games = [started_game(setup) for _ in range(15)]
    setup.close()
    first, second = make_service(path), make_service(path)  # separate connections
    for game in games:
        barrier = threading.Barrier(2)
        outcomes = []

        def play(svc, bid):
            barrier.wait()
            try:
                svc.submit(game, "alice", bid, expected_version=1)
                outcomes.append("applied")
            except (StaleVersion, NotYourTurn) as error:
                outcomes.append(error.code)
        threads = [threading.Thread(target=play, args=(first, "bid:2")),
                   threading.Thread(target=play, args=(second, "bid:3"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes)[0] == "applied" and outcomes.count("applied") == 1, outcomes
        assert first.status(game).version == 2 == second.status(game).version
        assert first.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", [game]).fetchone()[0] == 1
    first.close()
    second.close()


def test_racing_without_expected_versions_revalidates_against_the_fresh_state(tmp_path):
    """The same player's order arriving twice from two front ends: the second is checked against the
    state the first produced (red has bid, so red may not bid again) and refused; never applied twice."""
    path = tmp_path / "race2.db"
    setup = make_service(path)
    game = started_game(setup)
    setup.close()
    services = [make_service(path) for _ in range(4)]
    barrier = threading.Barrier(4)
    outcomes = []

    def play(svc):
        barrier.wait()
        try:
            svc.submit(game, "alice", "bid:2")
            outcomes.append("applied")
        except NotYourTurn:
            outcomes.append("refused")
    threads = [threading.Thread(target=play, args=(s,)) for s in services]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("applied") == 1 and outcomes.count("refused") == 3
    assert services[0].status(game).version == 2
    for s in services:
        s.close()


RACER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from tests.service.conftest import make_service
    from bot.service import ServiceError
    svc = make_service({db!r})
    start_at = {start_at!r}
    while time.time() < start_at:
        pass
    try:
        svc.submit(1, "alice", {bid!r}, expected_version=1)
        print("applied")
    except ServiceError as error:
        print(error.code)
""")


def test_two_processes_racing_exactly_one_applies(tmp_path):
    db = str(tmp_path / "procs.db")
    setup = make_service(db)
    started_game(setup)
    setup.close()
    start_at = time.time() + 1.5
    procs = [subprocess.Popen([sys.executable, "-c", RACER.format(root=str(ROOT), db=db, start_at=start_at,
                                                                   bid=bid)],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True) for bid in ("bid:2", "bid:3")]
    outcomes = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    assert outcomes[0] == "applied" and outcomes[1] in ("not_your_turn", "stale_version"), outcomes
    svc = make_service(db)
    assert svc.status(1).version == 2
    consistent(svc, 1)
    svc.close()


def test_concurrent_ticks_apply_a_passed_deadline_once(tmp_path):
    from freezegun import freeze_time
    path = tmp_path / "ticks.db"
    with freeze_time("2026-03-01 12:00:00") as frozen:
        setup = make_service(path, secret="1h", policy="default")
        game = started_game(setup)
        setup.close()
        frozen.tick(7200)
        services = [make_service(path, secret="1h", policy="default") for _ in range(3)]
        barrier = threading.Barrier(3)
        reports = []

        def run(svc):
            barrier.wait()
            reports.append(svc.tick())
        threads = [threading.Thread(target=run, args=(s,)) for s in services]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(r.defaulted for r in reports) == 2  # red and blue once each, not once per ticker
        assert services[0].status(game).turn_label == "Round 2"
        consistent(services[0], game)
        for s in services:
            s.close()


def test_a_database_from_a_newer_herald_is_refused_and_left_alone(tmp_path):
    path = str(tmp_path / "future.db")
    svc = make_service(path)
    svc.db.execute("UPDATE schema_version SET version = ?", [storage.LATEST + 1])
    svc.close()
    with pytest.raises(storage.SchemaTooNew, match=f"schema version {storage.LATEST + 1}, newer than this Herald"):
        make_service(path)
    db = storage.connect(path)
    assert storage.schema_version(db) == storage.LATEST + 1   # not touched
    db.conn.close()


def test_an_unopenable_database_is_a_clear_error(tmp_path):
    with pytest.raises(storage.StorageError, match="Cannot open the database .*does not exist"):
        make_service(tmp_path / "no" / "such" / "dir" / "x.db")


def test_upgrading_a_version_2_outbox_keeps_its_messages_and_allows_role_targets(tmp_path):
    path = str(tmp_path / "v2.db")
    db = storage.connect(path)
    assert storage.migrate(db, target=2) == [1, 2]
    db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, created_at, "
               "next_attempt_at, dead) VALUES ('d1','notice','channel','chan',0,'hello',0,0,0)")
    db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, created_at, "
               "next_attempt_at, dead, attempts) VALUES ('d2','notice','user','u',1,'gone',0,0,1,4)")
    db.conn.close()
    svc = TableService(path, engines=ENGINES)
    assert storage.schema_version(svc.db) == storage.LATEST
    assert [m.text for m in svc.outbox.pending()] == ["hello"]
    assert svc.outbox.stats() == {"total": 2, "delivered": 0, "dead": 1, "waiting": 1}
    indexes = {r[0] for r in svc.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"outbox_undelivered", "outbox_hold"} <= indexes  # v7 replaced v3's pending indexes
    with pytest.raises(Exception):  # the private-to-channel guard survived the rebuild
        svc.db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, created_at, "
                       "next_attempt_at) VALUES ('x','n','channel','c',1,'t',0,0)")
    svc.close()


def test_checkpoints_run_from_tick_not_inside_an_order(tmp_path):
    svc = make_service(tmp_path / "wal.db")
    assert svc.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == storage.BACKSTOP_CHECKPOINT_PAGES
    calls = []
    real = svc.checkpoint
    svc.checkpoint = lambda: calls.append(1) or real()
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    svc.tick()
    assert calls == []                  # not at every tick either: every CHECKPOINT_EVERY seconds
    svc._last_checkpoint = 0.0
    svc.tick()
    assert calls == [1]
    size = (tmp_path / "wal.db").stat().st_size
    svc.submit(game, "bob", "bid:1")
    svc.close()
    assert size > 4096                   # the checkpoint wrote the games into the database file itself

"""The outbox under a backlog (issue 12, item 5): picking the next batch costs the same with a hundred or
tens of thousands of messages waiting, and delivered messages are pruned on a schedule."""

from __future__ import annotations

from datetime import timedelta

from bot.config import Config
from bot.service import TableService
from bot.storage import DESTINATION_SQL
from tests.service.conftest import ENGINES, started_game


def _fill(svc: TableService, games: int, per_game: int) -> None:
    """Undelivered messages spread over ``games`` games: to each game's channel and to its roles (role
    targets share their names across games, which once made every pick scan the whole backlog)."""
    now = svc._now()
    rows = []
    for g in range(1, games + 1):
        for n in range(per_game):
            kind = n % 3
            target_kind, target = [("channel", f"chan{g}"), ("role", "red"), ("user", f"user{g}")][kind]
            rows.append((f"b{g}-{n}", g, "log", target_kind, target, int(kind != 0), "red" if kind == 1 else None,
                         f"line {n} of game {g}", now, now))
    with svc._write():
        for g in range(1, games + 1):
            svc.db.execute("INSERT INTO games (id, game, scenario, options, settings, channel, creator, gm, status, "
                           "created_at) VALUES (?, 'duel', 'standard', '{}', '{}', ?, 'x', 'x', 'active', 0)",
                           [g, f"chan{g}"])
            svc.db.execute("INSERT INTO seats (game_id, seat, roles, user_id) VALUES (?, 1, '[\"red\"]', ?)",
                           [g, f"user{g}"])
        svc.db.conn.executemany(
            "INSERT INTO outbox (delivery_id, game_id, kind, target_kind, target, private, role, text, created_at,"
            " next_attempt_at) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    if "destination" in svc.db["outbox"].columns_dict:
        svc.db.execute(f"UPDATE outbox SET destination = {DESTINATION_SQL}")


def _steps(svc: TableService) -> int:
    """SQLite virtual-machine steps (in thousands) that one pending() takes: a measure of work that does
    not depend on the machine's speed or load."""
    counter = [0]

    def tick():
        counter[0] += 1
        return 0
    svc.db.conn.set_progress_handler(tick, 1000)
    try:
        assert len(svc.outbox.pending(50)) == 50
    finally:
        svc.db.conn.set_progress_handler(None, 0)
    return counter[0]


def test_picking_the_next_batch_does_not_grow_with_the_backlog(tmp_path, frozen):
    small = TableService(str(tmp_path / "small.db"), Config(), engines=ENGINES)
    big = TableService(str(tmp_path / "big.db"), Config(), engines=ENGINES)
    try:
        _fill(small, 100, 3)       # 300 waiting
        _fill(big, 1000, 12)       # 12,000 waiting
        few, many = _steps(small), _steps(big)
        assert many <= 2 * few + 20, (few, many)
    finally:
        small.close()
        big.close()


def test_delivered_messages_are_pruned_after_the_retention_but_undelivered_and_dead_ones_kept(tmp_path, frozen):
    svc = TableService(str(tmp_path / "h.db"), Config(outbox_keep_delivered=7 * 86400), engines=ENGINES)
    try:
        game = started_game(svc)
        old = svc.outbox.pending(500)
        for m in old:
            svc.outbox.mark_delivered(m.id, "ref")
        svc.outbox.give_up(svc.send(game, "to nobody", user="ghost"), "gone")
        frozen.tick(timedelta(days=8))
        svc.submit(game, "alice", "bid:2")
        waiting = {m.id for m in svc.outbox.pending(500)}
        assert waiting
        svc.tick()  # the prune runs from the tick
        ids = {r[0] for r in svc.db.execute("SELECT id FROM outbox")}
        assert not ids & {m.id for m in old}                 # delivered more than 7 days ago: gone
        assert waiting <= ids                                # still to deliver: kept
        assert svc.db.execute("SELECT COUNT(*) FROM outbox WHERE dead = 1").fetchone()[0] == 1
        assert svc.replay(game).ok                            # replay never needed the outbox
    finally:
        svc.close()

"""Outbox backlog (issue 12, item 5): the time to pick the next delivery batch with 100, 10,000 and
100,000 undelivered messages spread over 1,000 games (to channels, users and roles: role names repeat
across games), and catching up a 100,000-message backlog batch by batch as the Discord layer does (pick,
claim each destination's run of messages as a unit, mark the unit delivered). Flat: the pick costs the
same whatever the backlog. Run: python -m benchmarks outbox"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.config import Config  # noqa: E402
from bot.service import TableService  # noqa: E402
from bot.storage import DESTINATION_SQL  # noqa: E402

GAMES = 1000
BATCH = 25  # the Discord layer's default delivery_batch


def _service(path: Path, waiting: int) -> TableService:
    from tests.support.duel import ENGINE as duel

    svc = TableService(str(path), Config(), engines={"duel": duel})
    now = svc._now()
    with svc._write():
        svc.db.conn.executemany(
            "INSERT INTO games (id, game, scenario, options, settings, channel, creator, gm, status, created_at) "
            "VALUES (?, 'duel', 'standard', '{}', '{}', ?, 'x', 'x', 'active', 0)",
            [(g, str(10_000 + g)) for g in range(1, GAMES + 1)])
        svc.db.conn.executemany("INSERT INTO seats (game_id, seat, roles, user_id) VALUES (?, 1, '[\"red\"]', ?)",
                                [(g, str(20_000 + g)) for g in range(1, GAMES + 1)])
        rows = []
        for n in range(waiting):
            g = n % GAMES + 1
            target_kind, target = [("channel", str(10_000 + g)), ("role", "red"), ("user", str(20_000 + g))][n % 3]
            rows.append((f"d{n}", g, "log", target_kind, target, int(target_kind != "channel"),
                         f"line {n}", now, now))
        svc.db.conn.executemany(
            "INSERT INTO outbox (delivery_id, game_id, kind, target_kind, target, private, text, created_at, "
            "next_attempt_at) VALUES (?,?,?,?,?,?,?,?,?)", rows)
        svc.db.execute(f"UPDATE outbox SET destination = {DESTINATION_SQL}")
    svc.db.execute("ANALYZE")
    return svc


def pick_time(folder: Path, waiting: int, repeats: int = 30) -> float:
    svc = _service(folder / f"pick{waiting}.db", waiting)
    try:
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            picked = svc.outbox.pending(BATCH)
            times.append(time.perf_counter() - started)
            assert len(picked) == min(BATCH, waiting)
        return statistics.median(times)
    finally:
        svc.close()


def catch_up(folder: Path, waiting: int) -> tuple[float, list[float]]:
    """Deliver the whole backlog (no Discord: pick, claim, mark). Returns the total seconds and the
    median pick time of each tenth of the run."""
    svc = _service(folder / "catchup.db", waiting)
    picks: list[float] = []
    started = time.perf_counter()
    try:
        while True:
            t0 = time.perf_counter()
            batch = svc.outbox.pending(BATCH)
            picks.append(time.perf_counter() - t0)
            if not batch:
                break
            units: dict[tuple[str, str], list[int]] = {}
            for m in batch:
                units.setdefault((m.target_kind, m.target), []).append(m.id)
            for ids in units.values():
                svc.outbox.mark_unit_delivered(svc.outbox.claim(ids), "posted")
        total = time.perf_counter() - started
    finally:
        svc.close()
    tenth = max(1, len(picks) // 10)
    return total, [statistics.median(picks[i:i + tenth]) for i in range(0, len(picks), tenth)][:10]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for waiting in (100, 10_000, 100_000):
            print(f"pick the next {BATCH} with {waiting:>7,} undelivered over {GAMES:,} games: "
                  f"{pick_time(folder, waiting) * 1000:7.2f} ms (median)", flush=True)
        total, tenths = catch_up(folder, 100_000)
        print(f"catch up a 100,000-message backlog: {total:.1f}s in all; median pick per tenth of the run (ms): "
              + " ".join(f"{t * 1000:.2f}" for t in tenths))


if __name__ == "__main__":
    main()

"""The memory of a bot process holding a database's active games, for bench_service (run in a fresh
process of its own, so that nothing measured before weighs on it):

    python -m benchmarks.service_memory DATABASE

It does what ``herald run`` does in its process: the Discord layer imported, the service opened, the active
games loaded and frozen (bot/settle.py); then orders are played and pictures drawn, first in the drawing
worker (the default) and then in this process ([pictures] processes = 0). Prints one line of JSON: the
resident set sizes in MB."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ORDERS = 200
#: games of each kind whose pictures are drawn (a public map, and a player's "your move" pictures)
PICTURED = 3


def rss_mb(pid: int | str = "self") -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _draw_pictures(svc, games: list[int]) -> int:
    """What one turn's delivery draws for each game: the public map, and for its first player the main
    picture, the picture a decision needs now and those every prompt brings. Returns how many were drawn."""
    from bot.outbox import ImageRequest
    from bot.service import ServiceError, _manifest

    drawn = 0
    for g in games:
        game = svc._game(g)
        kinds = _manifest(game.game)
        if not kinds:
            continue
        user = svc._seats(game)[0].user_id
        asks = [(None, kinds[0].id)] + [(user, k.id) for k in kinds if k is kinds[0] or k.with_prompt or k.shows]
        for who, kind in asks:
            try:
                if who is None:
                    svc.render_image(ImageRequest(g, game.version, game.log_length, None, kind))
                else:
                    svc.picture(g, who, kind)
                drawn += 1
            except ServiceError:   # nothing to draw now (no battle): as the delivery skips it
                continue
    return drawn


def measure(path: str) -> dict[str, float]:
    import bot.discordbot.app  # noqa: F401  (the bot's process holds discord.py and the Discord layer)
    from benchmarks.bench_service import engines, random_order
    from bot import drawing
    from bot.config import Config
    from bot.service import TableService
    from bot.settle import settle

    found = engines()
    start = rss_mb()
    svc = TableService(path, Config(), engines=found)
    settled = settle(svc)
    states = rss_mb() - start
    chooser = random.Random(2)
    active = [r[0] for r in svc.db.execute("SELECT id FROM games WHERE status = 'active' ORDER BY id")]
    orders = 0
    for g in chooser.sample(active, min(ORDERS, len(active))):
        user, role, action = random_order(svc, g, chooser)
        svc.submit(g, user, action, role=role)
        orders += 1
    by_game: dict[str, list[int]] = {}
    for g in active:
        by_game.setdefault(svc._game(g).game, []).append(g)
    pictured = [g for ids in by_game.values() for g in ids[:PICTURED]]
    worker = drawing.start_worker(1)
    try:
        pictures = _draw_pictures(svc, pictured)
        service_mb = rss_mb()
        worker_mb = rss_mb(worker.pid()) if worker else float("nan")
    finally:
        drawing.stop_worker()
    _draw_pictures(svc, pictured)   # the renderer in this process now
    inprocess_mb = rss_mb()
    svc.close()
    return {"games": settled["games"], "orders": orders, "pictures": pictures, "start_mb": start,
            "states_mb": states, "service_mb": service_mb, "worker_mb": worker_mb, "inprocess_mb": inprocess_mb}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1])))

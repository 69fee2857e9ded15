"""Crash test over the four real games (issue 25): the bot SIGKILLed at random moments while it takes
orders by `/order` and delivers them (the machinery of tests/support/kills.py, whose duel run it extends
to Richard III, The Old King's Crown, Crown of Roses and Here I Stand). Checked: no acknowledged order
lost or applied twice, no post shown twice.

``slow``: every restart comes ten minutes after the kill, longer than Discord remembers a nonce (two
minutes), and the bot may read no history (a channel without Read Message History, as the README's
invite sets it): only Herald's record of each post (bot/outbox.py) keeps a post from being shown twice.
A post in doubt is then given up, not repeated: its lines may be missing, never doubled.

    python -m tests.support.crash_games --kills 120 --slow      (also: pytest -m slow tests/discordbot/test_crash_games.py)
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from bot import clock
from bot.config import Config
from bot.discordbot.layer import Layer
from bot.discordbot.settings import DiscordSettings
from bot.service import TableService
from rules.core import registry
from tests.support.discord_store import DiscordStore, StoreClient, _Destination
from tests.support.kills import KillReport, Order, _acknowledged, _Interaction, _repeats, orders_played_once

#: (game, scenario) of each table; every seat its own player
TABLES = (("richard3", "1483"), ("oldkingscrown", "standard"), ("crownofroses", "entangled_branches"),
          ("hereistand", "1532"))

#: how long each slow restart takes (Discord's nonce memory is two minutes)
SLOW_RESTART = 600.0


def _user(game: int, seat: int) -> str:
    return str(100_000 + game * 10 + seat)


def _setup(path: str, tables: int) -> None:
    svc = TableService(path, Config())
    try:
        for index in range(tables):
            game, scenario = TABLES[index % len(TABLES)]
            status = svc.create_game(game, channel=str(500 + index), creator_id=_user(index + 1, 1),
                                     creator_name="P1", scenario=scenario)
            for seat in status.seats:
                svc.join(status.game_id, _user(status.game_id, seat.seat), f"P{seat.seat}", seat.seat)
            svc.start(status.game_id, _user(status.game_id, 1), seed=4000 + index)
    finally:
        svc.close()


def plan_orders(folder: Path, tables: int, per_game: int, seed: int) -> list[Order]:
    """``per_game`` random legal orders of each game, round-robin across the games, found by a dry run."""
    path = str(folder / "dry.db")
    _setup(path, tables)
    svc = TableService(path, Config())
    rng = random.Random(seed)
    orders: list[Order] = []
    try:
        counts = {g: 0 for g in range(1, tables + 1)}
        while any(n < per_game for n in counts.values()):
            for game in counts:
                if counts[game] >= per_game or svc.status(game).status != "active":
                    counts[game] = per_game
                    continue
                waiting = [w for w in svc.status(game).waiting if not w.committed]
                if not waiting:
                    counts[game] = per_game
                    continue
                w = rng.choice(waiting)
                rc = next(rc for rc in svc.choices(game, w.user_id) if rc.role == w.role)
                action = rng.choice(rc.actions).id
                orders.append(Order(game, w.user_id, w.role, action, rc.version))
                svc.submit(game, w.user_id, action, role=w.role, expected_version=rc.version)
                counts[game] += 1
    finally:
        svc.close()
    return orders


class _Blind(_Destination):
    """A destination whose history the bot may not read (Missing Access)."""

    async def history(self, **_: Any):
        raise discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(),
                                {"code": 50001, "message": "Missing Access"})
        yield  # an async generator, as discord.py's history is


class _BlindClient(StoreClient):
    def get_channel(self, channel_id: int) -> _Destination:
        found = super().get_channel(channel_id)
        return found if found.place == "thread" else _Blind(self.store, "channel", int(channel_id))

    def get_user(self, user_id: int) -> _Destination:
        return _Blind(self.store, "dm", int(user_id))


def _life(folder: Path, orders: list[Order], life: int, slow: bool) -> None:
    """One life of the bot (in the forked child): deliver what the last life left, then give the orders
    not yet acknowledged as players do, each a new interaction with the suggestion's version."""
    logging.getLogger("herald.discord").setLevel(logging.CRITICAL)
    if slow:
        clock.advance(life * SLOW_RESTART)   # each restart ten minutes after the one before
    service = TableService(str(folder / "herald.db"), Config())
    store = DiscordStore(str(folder / "discord.db"), nonce_window=120.0 if slow else 300.0, clock=clock.timestamp)
    client = _BlindClient(store) if slow else StoreClient(store)
    layer = Layer(service, client, DiscordSettings(delivery_batch=3, dm_turn_map=False))

    async def no_picture(*_: Any, **__: Any) -> tuple[None, str]:
        return None, "pictures are not drawn in the crash test"
    layer._picture = no_picture   # drawing maps would only slow each life down
    layer._battle_picture = no_picture
    acks = folder / "acks.txt"
    done = set(_acknowledged(acks))
    ids = random.Random(os.getpid() * 7919 + len(done))

    async def run() -> None:
        await layer.deliver_pending()
        with open(acks, "a") as handle:
            for index, order in enumerate(orders):
                if index in done:
                    continue
                interaction = _Interaction(order.user, ids.getrandbits(62))
                await layer.order(interaction, str(order.game), order.role,
                                  f"@{order.version}:{order.role}:{order.action}")
                if not interaction.replies or not interaction.replies[0].startswith("✅"):
                    raise RuntimeError(f"order {index} refused: {interaction.replies[:1]}")
                again = "already recorded" in interaction.replies[0]
                handle.write(f"{index}{' again' if again else ''}\n")
                handle.flush()
                os.fsync(handle.fileno())
        while await layer.deliver_pending():
            pass
    asyncio.run(run())


def _spawn(folder: Path, orders: list[Order], life: int, slow: bool) -> int:
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            _life(folder, orders, life, slow)
        except BaseException:  # pragma: no cover - reported through the exit status
            import traceback
            traceback.print_exc()
            code = 1
        os._exit(code)
    return pid


def run_crashes(folder: Path, kills: int, seed: int = 7, per_game: int = 24, max_delay: float = 0.5,
                slow: bool = False) -> KillReport:
    for game, _ in TABLES:   # loaded once in the parent: each forked life starts at once
        registry.get_engine(game)
    folder.mkdir(parents=True, exist_ok=True)
    tables = len(TABLES)
    orders = plan_orders(folder, tables, per_game, seed)
    _setup(str(folder / "herald.db"), tables)
    rng = random.Random(seed)
    done_kills = lives = 0
    while done_kills < kills:
        pid = _spawn(folder, orders, lives, slow)
        lives += 1
        time.sleep(rng.uniform(0.0, max_delay))
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished == 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            done_kills += 1
        elif status != 0:
            raise RuntimeError(f"a life of the bot failed (status {status})")
        elif len(_acknowledged(folder / "acks.txt")) == len(orders):
            _requeue(folder, rng, tables)   # every order is in: keep killing deliveries
    pid = _spawn(folder, orders, lives, slow)
    lives += 1
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError(f"the last life of the bot failed (status {status})")
    return check(folder, orders, done_kills, lives, slow)


def _requeue(folder: Path, rng: random.Random, tables: int) -> None:
    svc = TableService(str(folder / "herald.db"), Config())
    try:
        for _ in range(12):
            game = rng.randrange(1, tables + 1)
            if rng.random() < 0.5:
                svc.send(game, f"extra notice {rng.randrange(10**9)}")
            else:
                svc.send(game, f"extra note {rng.randrange(10**9)}", user=_user(game, 1))
    finally:
        svc.close()


def check(folder: Path, orders: list[Order], kills: int, lives: int, slow: bool) -> KillReport:
    svc = TableService(str(folder / "herald.db"), Config())
    store = DiscordStore(str(folder / "discord.db"))
    acked = _acknowledged(folder / "acks.txt")
    report = KillReport(kills, lives, len(orders), len(acked), 0, _repeats(folder / "acks.txt"))
    problems = report.problems
    try:
        problems += orders_played_once(svc, orders)
        if sorted(acked) != list(range(len(orders))):
            problems.append("acknowledgements missing, repeated or naming no order")
        if svc.db.execute("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND dead = 0").fetchone()[0]:
            problems.append("messages left undelivered")
        dead = svc.db.execute("SELECT COUNT(*), SUM(last_error LIKE 'in doubt%') FROM outbox WHERE dead = 1").fetchone()
        report.in_doubt = dead[1] or 0   # given up rather than shown twice (slow restarts only)
        if dead[0] and (not slow or dead[0] != dead[1]):
            problems.append(f"{dead[0]} messages given up ({dead[1] or 0} in doubt)")
        posts = store.posts()
        report.posts = len(posts)
        problems += _check_posts(svc, store, posts)
    finally:
        svc.close()
        store.close()
    return report


def _check_posts(svc: TableService, store: DiscordStore, posts: list[dict]) -> list[str]:
    """No post twice (no nonce posted twice, no line shown more often than queued), and every line of a
    delivered message shown; the lines of a post given up in doubt may be missing."""
    problems = []
    threads = Counter((t["parent"], t["name"]) for t in store.threads())
    problems += [f"thread {key} opened {n} times" for key, n in threads.items() if n > 1]
    firsts = Counter(p["target"] for p in posts if p["place"] == "thread")
    problems += [f"thread {t} got its first line {n} times" for t, n in firsts.items() if n > 1]
    nonces = Counter((p["place"], p["target"], p["nonce"] or "") for p in posts)
    problems += [f"nonce {key} posted {count} times" for key, count in nonces.items() if count > 1]
    rows = svc.db.execute("SELECT id, unit, kind, external_ref, dead, last_error FROM outbox").fetchall()
    your_move = {r[1][:21] for r in rows if r[2] == "your_move" and r[1]}
    shown: dict[tuple[str, int], Counter] = {}
    for p in posts:
        if (p["nonce"] or "")[:21] in your_move or p["place"] == "thread":
            continue  # the choices of the moment: checked by its nonce above; a thread's first line below
        lines = [line for line in (p["content"] or "").split("\n") if line and not line.startswith("**Now:**")]
        shown.setdefault((p["place"], p["target"]), Counter()).update(lines)
    required: dict[tuple[str, int], Counter] = {}
    allowed: dict[tuple[str, int], Counter] = {}
    for message_id, _unit, kind, ref, dead, why in rows:
        m = svc.outbox.get(message_id)
        if kind in ("waiting", "your_move", "talk_open", "talk_sync", "talk_close") or not m.text \
                or m.target_kind not in ("channel", "user"):
            continue
        key = ("channel" if m.target_kind == "channel" else "dm", int(m.target))
        lines = [line for line in m.text.split("\n") if line]
        if str(ref or "").isdigit():
            required.setdefault(key, Counter()).update(lines)
            allowed.setdefault(key, Counter()).update(lines)
        elif dead and str(why or "").startswith("in doubt"):
            allowed.setdefault(key, Counter()).update(lines)
    for key in sorted(set(shown) | set(required)):
        got, need, may = shown.get(key, Counter()), required.get(key, Counter()), allowed.get(key, Counter())
        twice = [line for line, n in got.items() if n > may[line]]
        lost = [line for line, n in need.items() if got[line] < n]
        if twice or lost:
            problems.append(f"{key}: shown too often {twice[:3]}, lost {lost[:3]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=120)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--slow", action="store_true", help="every restart ten minutes late, no history to read")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = run_crashes(Path(folder), args.kills, args.seed, slow=args.slow)
    print(f"{report.kills} kills over {report.lives} lives, {report.orders} orders in {len(TABLES)} games "
          f"({report.acknowledged} acknowledged, {report.repeated} sent again after a kill and answered as "
          f"duplicates), {report.posts} Discord posts, {report.in_doubt} messages given up in doubt, "
          f"{time.perf_counter() - started:.1f}s: "
          + ("no order lost or applied twice, no post shown twice" if not report.problems
             else "PROBLEMS:\n  " + "\n  ".join(report.problems)))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())

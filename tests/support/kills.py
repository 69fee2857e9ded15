"""Crash test: orders and deliveries killed (SIGKILL) at random moments, against a fake Discord that
enforces nonces (tests/support/discord_store.py). Checks that no acknowledged order is lost or applied
twice, and that no line of any channel or DM is lost or shown twice.

Each life of the bot is a forked child (the parent imported everything once, so a life costs
milliseconds): it gives the orders not yet acknowledged as players do, by `/order` with the suggestion
autocomplete offered (which carries the version it was offered at), each a new interaction; an order is
acknowledged when the player's reply says ✅, and the layer delivers the outbox after each, as it does
after every interaction. An order retried after a kill is a new interaction: only the version tells the
bot it is the same order. The parent kills each life after a random delay, then starts the next; after
the last kill, one life runs to the end.

    python -m tests.support.kills --kills 200 --seed 7      (also: pytest -m slow tests/discordbot/test_kills.py)
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
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from bot.config import Config
from bot.discordbot.layer import Layer
from bot.discordbot.settings import DiscordSettings
from bot.service import TableService
from tests.support.discord_store import DiscordStore, StoreClient
from tests.support.duel import ENGINE as DUEL

ENGINES = {"duel": DUEL}
USERS = {"red": "101", "blue": "102"}


@dataclass
class Order:
    game: int
    user: str
    role: str
    action: str
    version: int


@dataclass
class KillReport:
    kills: int
    lives: int
    orders: int
    acknowledged: int
    posts: int
    repeated: int = 0
    problems: list[str] = field(default_factory=list)


def _setup(path: str, games: int) -> None:
    svc = TableService(path, Config(), engines=ENGINES)
    try:
        for g in range(games):
            status = svc.create_game("duel", channel=str(500 + g), creator_id=USERS["red"], creator_name="Red")
            svc.join(status.game_id, USERS["red"], "Red")
            svc.join(status.game_id, USERS["blue"], "Blue")
            svc.start(status.game_id, USERS["red"], seed=1000 + g)
    finally:
        svc.close()


def plan_orders(folder: Path, games: int, seed: int) -> list[Order]:
    """Every order of ``games`` duels played round-robin to their end, found by a dry run."""
    path = str(folder / "dry.db")
    _setup(path, games)
    svc = TableService(path, Config(), engines=ENGINES)
    rng = random.Random(seed)
    orders: list[Order] = []
    try:
        live = list(range(1, games + 1))
        while live:
            for game in list(live):
                status = svc.status(game)
                if status.status != "active":
                    live.remove(game)
                    continue
                for role in ("red", "blue"):
                    rcs = [rc for rc in svc.choices(game, USERS[role]) if rc.role == role]
                    if rcs:
                        action = rng.choice(rcs[0].actions).id
                        orders.append(Order(game, USERS[role], role, action, rcs[0].version))
                        svc.submit(game, USERS[role], action, role=role, expected_version=rcs[0].version,
                                   request_id=f"o{len(orders) - 1}")
                        break
    finally:
        svc.close()
    return orders


class _Interaction:
    """Just enough of a slash-command interaction in a DM for Layer.order (replies are recorded)."""

    def __init__(self, user_id: str, interaction_id: int) -> None:
        self.id = interaction_id
        self.user = SimpleNamespace(id=int(user_id), name=f"p{user_id}", display_name=f"P{user_id}")
        self.guild = None
        self.guild_id = None
        self.channel = None
        self.channel_id = None
        self.replies: list[str] = []
        done = {"value": False}
        record = self.replies.append

        async def defer(**_):
            done["value"] = True

        async def send_message(content=None, **_):
            done["value"] = True
            record(content or "")

        async def followup(content=None, **_):
            record(content or "")
        self.response = SimpleNamespace(is_done=lambda: done["value"], defer=defer, send_message=send_message)
        self.followup = SimpleNamespace(send=followup)

    async def delete_original_response(self) -> None:
        pass


def _acknowledged(path: Path) -> list[int]:
    if not path.exists():
        return []
    text = path.read_text()
    lines = text.split("\n")[:-1]  # a line cut by the kill has no newline: not acknowledged
    return [int(line.split()[0]) for line in lines if line]


def _repeats(path: Path) -> int:
    """Orders answered as already recorded (sent again after a kill that followed their commit)."""
    return sum(1 for line in path.read_text().split("\n")[:-1] if line.endswith(" again")) if path.exists() else 0


def _life(folder: Path, orders: list[Order], forgetful: bool = False) -> None:
    """One life of the bot (runs in the forked child). ``forgetful``: Discord remembers no nonce at all,
    and the bot reads back the history of any unit retried (its only guard then)."""
    logging.getLogger("herald.discord").setLevel(logging.ERROR)  # drawing a duel's map: there is none
    service = TableService(str(folder / "herald.db"), Config(), engines=ENGINES)
    store = DiscordStore(str(folder / "discord.db"), nonce_window=-1.0 if forgetful else 300.0)
    layer = Layer(service, StoreClient(store), DiscordSettings(delivery_batch=3, dm_turn_map=False))
    if forgetful:
        layer.nonce_memory = -1.0
    acks = folder / "acks.txt"
    done = set(_acknowledged(acks))

    ids = random.Random(os.getpid() * 7919 + len(done))

    async def run() -> None:
        await layer.deliver_pending()  # what the previous life left
        with open(acks, "a") as handle:
            for index, order in enumerate(orders):
                if index in done:
                    continue
                interaction = _Interaction(order.user, ids.getrandbits(62))
                await layer.order(interaction, str(order.game), order.role,
                                  f"@{order.version}:{order.role}:{order.action}")  # delivers afterwards
                if not interaction.replies or not interaction.replies[0].startswith("✅"):
                    raise RuntimeError(f"order {index} refused: {interaction.replies[:1]}")
                again = "already recorded" in interaction.replies[0]  # applied by a life that was killed
                handle.write(f"{index}{' again' if again else ''}\n")
                handle.flush()
                os.fsync(handle.fileno())
        while await layer.deliver_pending():
            pass
    asyncio.run(run())


def _spawn(folder: Path, orders: list[Order], forgetful: bool = False) -> int:
    pid = os.fork()
    if pid == 0:  # the child: one life, then leave without running the parent's cleanup
        code = 0
        try:
            _life(folder, orders, forgetful)
        except BaseException:  # pragma: no cover - reported through the exit status
            import traceback
            traceback.print_exc()
            code = 1
        os._exit(code)
    return pid


def run_kills(folder: Path, kills: int, seed: int = 7, games: int | None = None,
              max_delay: float = 0.12, forgetful: bool = False) -> KillReport:
    folder.mkdir(parents=True, exist_ok=True)
    games = games or max(4, kills // 4)
    orders = plan_orders(folder, games, seed)
    _setup(str(folder / "herald.db"), games)
    rng = random.Random(seed)
    done_kills = lives = 0
    while done_kills < kills:
        pid = _spawn(folder, orders, forgetful)
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
            # every order is in: keep killing deliveries of the re-queued game messages
            _requeue(folder, rng)
    pid = _spawn(folder, orders, forgetful)  # the last life runs to the end
    lives += 1
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError(f"the last life of the bot failed (status {status})")
    return check(folder, orders, done_kills, lives)


def _requeue(folder: Path, rng: random.Random) -> None:
    """More to deliver once every order is played: notices to channels and players (kills then land in
    deliveries only)."""
    svc = TableService(str(folder / "herald.db"), Config(), engines=ENGINES)
    try:
        games = [g.game_id for g in svc.games_of_user(USERS["red"], include_finished=True)]
        for n in range(12):
            game = rng.choice(games)
            if rng.random() < 0.5:
                svc.send(game, f"extra notice {rng.randrange(10**9)}")
            else:
                svc.send(game, f"extra note {rng.randrange(10**9)}", user=rng.choice(list(USERS.values())))
    finally:
        svc.close()


def check(folder: Path, orders: list[Order], kills: int, lives: int) -> KillReport:
    svc = TableService(str(folder / "herald.db"), Config(), engines=ENGINES)
    store = DiscordStore(str(folder / "discord.db"))
    acked = _acknowledged(folder / "acks.txt")
    report = KillReport(kills, lives, len(orders), len(acked), 0, _repeats(folder / "acks.txt"))
    problems = report.problems
    try:
        problems += orders_played_once(svc, orders)
        if len(set(acked)) != len(acked) or not set(acked) <= set(range(len(orders))):
            problems.append("acknowledgements repeat or name no order")
        if svc.outbox.pending(10) or svc.db.execute(
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND dead = 0").fetchone()[0]:
            problems.append("messages left undelivered")
        if svc.db.execute("SELECT COUNT(*) FROM outbox WHERE dead = 1").fetchone()[0]:
            problems.append("messages given up")
        posts = store.posts()
        report.posts = len(posts)
        problems += _check_lines(svc, posts)
    finally:
        svc.close()
        store.close()
    return report


def orders_played_once(svc: TableService, orders: list[Order]) -> list[str]:
    """Each game's actions are exactly its orders, in order: none lost, none applied twice (an order retried
    after a kill came as a new interaction; only its version made it a duplicate); and each game replays."""
    problems = []
    played: dict[int, list[tuple[int, str, str]]] = {}
    for game, version, role, action in svc.db.execute(
            "SELECT game_id, version, role, action FROM actions WHERE undone = 0 ORDER BY game_id, pos"):
        played.setdefault(game, []).append((version - 1, role, action))
    ordered: dict[int, list[tuple[int, str, str]]] = {}
    for o in orders:
        ordered.setdefault(o.game, []).append((o.version, o.role, o.action))
    for game in sorted(set(played) | set(ordered)):
        if played.get(game) != ordered.get(game):
            problems.append(f"game #{game}: {len(played.get(game, []))} actions played, "
                            f"{len(ordered.get(game, []))} ordered, or not the same")
    for game in sorted(ordered):
        if not svc.replay(game).ok:
            problems.append(f"game #{game} does not replay")
    return problems


def _check_lines(svc: TableService, posts: list[dict]) -> list[str]:
    """Each destination shows exactly the lines of its messages, in order, once."""
    problems = []
    messages = [svc.outbox.get(r[0]) for r in svc.db.execute("SELECT id FROM outbox ORDER BY id")]
    units: dict[str, list] = {}
    for m in messages:
        units.setdefault(m.unit or "", []).append(m)
    if "" in units:
        problems.append(f"{len(units[''])} messages delivered without a unit")
    your_move = {u for u, ms in units.items() if any(m.kind == "your_move" for m in ms)}
    nonces: dict[tuple[str, int, str], int] = {}
    shown: dict[tuple[str, int], list[str]] = {}
    for p in posts:
        key = (p["place"], p["target"], p["nonce"] or "")
        nonces[key] = nonces.get(key, 0) + 1
        if (p["nonce"] or "")[:21] in {u[:21] for u in your_move}:
            continue  # its text is the choices of the moment; checked through its nonce below
        lines = [line for line in (p["content"] or "").split("\n") if line and not line.startswith("**Now:**")]
        shown.setdefault((p["place"], p["target"]), []).extend(lines)
    for key, count in nonces.items():
        if count > 1:
            problems.append(f"nonce {key} posted {count} times")
    refs = dict(svc.db.execute("SELECT id, external_ref FROM outbox").fetchall())
    wanted: dict[tuple[str, int], list[str]] = {}
    for m in messages:
        if m.kind in ("waiting", "your_move") or not m.text:
            continue
        if not str(refs.get(m.id) or "").isdigit():  # "shown-in-reply": the player read it in the ✅ reply
            continue
        place = "channel" if m.target_kind == "channel" else "dm"
        wanted.setdefault((place, int(m.target)), []).extend(line for line in m.text.split("\n") if line)
    for key in sorted(set(wanted) | set(shown)):
        if wanted.get(key, []) != shown.get(key, []):
            got, want = shown.get(key, []), wanted.get(key, [])
            lost = [x for x in want if x not in got]
            twice = [x for x in set(got) if got.count(x) > want.count(x)]
            problems.append(f"{key}: {len(want)} lines wanted, {len(got)} shown; lost {lost[:3]}, twice {twice[:3]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--forgetful", action="store_true",
                        help="a Discord that remembers no nonce: the bot must read back what it posted")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = run_kills(Path(folder), args.kills, args.seed, forgetful=args.forgetful)
    print(f"{report.kills} kills over {report.lives} lives, {report.orders} orders ({report.acknowledged} "
          f"acknowledged, {report.repeated} sent again after a kill and answered as duplicates), {report.posts} Discord posts, {time.perf_counter() - started:.1f}s: "
          + ("no order lost or applied twice, no line lost or shown twice" if not report.problems
             else "PROBLEMS:\n  " + "\n  ".join(report.problems)))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Bot start-up (issue 28: "bot start-up <= 2 s"): the time ``herald run`` takes, from the process's start
until the bot is ready to answer, with a database of 1,000 active games (a mix of the four games).

The bot is started by its own entry point (``bot.discordbot.app.run_command``: the settings, the database
opened and migrated, the Discord client and its command tree, the drawing worker), with the one step that
needs Discord replaced: instead of logging in and connecting, the client runs what login runs first (its
setup hook: buttons of earlier messages re-registered, the delivery and deadline loops started, the warming
begun) and reports. ``[discord] sync_commands = false``: registering the slash commands is a call to
Discord. What runs after ready, in the background, is timed too: the pictures warmed (drawn in the drawing
worker) and the memory settled (bot/settle.py). CPU seconds of the bot's process (the goal's measure; the
wall time, printed beside, also counts the waits of a shared machine), median of three starts.

Run: python -m benchmarks startup
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = 1000
STARTS = 3
GOAL_SECONDS = 2.0


def _report(at: str) -> None:
    print(json.dumps({"at": at, "cpu": time.process_time()}), flush=True)


def _child(config_path: str) -> int:
    """The bot's start, offline: prints a JSON line at each step (modules loaded, database open, client
    built, ready) and once warmed and settled."""
    from bot.discordbot import app
    from bot.discordbot.settings import TOKEN_ENV
    from bot.service import TableService

    _report("loaded")
    os.environ[TOKEN_ENV] = "offline-benchmark"   # never sent: nothing here logs in
    for cls, at in ((TableService, "database"), (app.HeraldClient, "client")):
        def reporting(self, *args, _init=cls.__init__, _at=at, **kwargs):
            _init(self, *args, **kwargs)
            _report(_at)
        cls.__init__ = reporting

    def offline_run(client, token, **kwargs):
        async def start():
            await client._async_setup_hook()   # what login does first
            await client.setup_hook()
            _report("ready")
            await client._warming
            _report("settled")
            client.delivery_loop.cancel()
            client.tick_loop.cancel()
            await asyncio.sleep(0)
        asyncio.run(start())

    app.HeraldClient.run = offline_run
    return app.run_command(argparse.Namespace(config=config_path))


def _database(folder: Path) -> Path:
    from benchmarks.bench_service import SETS, _set_up, engines
    from bot.config import Config
    from bot.service import TableService

    path = folder / "herald.db"
    svc = TableService(str(path), Config(), engines=engines())
    _set_up(svc, SETS["mix"], GAMES, 0)
    svc.close()
    return path


def _start(config: Path) -> dict[str, float]:
    """One start in a fresh process: wall seconds from launch to each report, and the CPU seconds."""
    with tempfile.TemporaryFile("w+") as errors:
        began = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "benchmarks.bench_startup", "--child", str(config)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)
        seen: dict[str, float] = {}
        for line in child.stdout:
            if line.startswith("{"):
                report = json.loads(line)
                seen[f"{report['at']}_wall"] = time.perf_counter() - began
                seen[f"{report['at']}_cpu"] = report["cpu"]
        if child.wait() != 0 or "settled_wall" not in seen:
            errors.seek(0)
            raise RuntimeError(f"the bot did not start (exit {child.returncode}):\n{errors.read()[-2000:]}")
        return seen


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        database = _database(folder)
        config = folder / "config.toml"
        config.write_text(f"[database]\npath = '{database}'\n\n[discord]\nsync_commands = false\n")
        starts = [_start(config) for _ in range(STARTS)]
    median = {key: statistics.median(s[key] for s in starts) for key in starts[0]}
    ready = median["ready_cpu"]   # the machine is shared: its wall time includes waiting for a core
    print(f"bot start-up with {GAMES} active games (a mix of the four games), median of {STARTS} starts, "
          f"the connection to Discord left out:")
    print(f"  ready to answer: {median['ready_cpu']:.2f} s CPU ({median['ready_wall']:.2f} s wall)  "
          f"[goal <= {GOAL_SECONDS:.0f} s: {'OK' if ready <= GOAL_SECONDS else 'MISSED'}]")
    steps = (("loaded", "Python, Herald and discord.py loaded"), ("database", "settings read, database opened and "
             "migrated"), ("client", "Discord client and command tree built"), ("ready", "setup hook run"))
    print("    " + "; ".join(f"{what} by {median[at + '_cpu']:.2f} s CPU ({median[at + '_wall']:.2f} s wall)"
                            for at, what in steps))
    print(f"  then in the background: pictures warmed (in the drawing worker) and memory settled "
          f"({GAMES} games loaded and frozen) {median['settled_wall']:.2f} s after the start; the bot's own "
          f"CPU by then {median['settled_cpu']:.2f} s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        sys.exit(_child(sys.argv[2]))
    main()

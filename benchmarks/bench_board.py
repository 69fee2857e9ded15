"""The server's board (issue 32): how long `/games` takes for a server running 50 games of the four
registered games at once, each a few orders into play (every seat waited for, some deadlines passed).

Target: under 300 ms per answer. Timed: the table service's board (the queries, the engines' prompts for
whom each game waits for) plus the Discord text of the page, for the first page of every game, the
"waiting for me" filter of a player seated in every game, and the whole board on one page of 50; each
both cold (a service just started: no state in memory, as after a restart) and warm.
Run: python -m benchmarks board"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot import clock  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.discordbot.board import BoardMixin  # noqa: E402  (imported here: discord.py's import is not the board's)
from bot.service import ServiceError, TableService  # noqa: E402

GAMES = 50
ORDERS_PER_GAME = 6
REPEATS = 15
TARGET_MS = 300.0
GUILD = "4242"


def _setup(path: Path) -> tuple[int, list[str]]:
    """50 started games in one server, shared among the registered games; "u0" plays in every one."""
    svc = TableService(str(path), Config())
    games = [g.id for g in svc.catalogue()]
    for n in range(GAMES):
        game = games[n % len(games)]
        status = svc.create_game(game, channel=str(1000 + n), creator_id="u0", creator_name="Player 0", guild=GUILD)
        for seat in status.seats:
            user = "u0" if seat.seat == 1 else f"u{n}-{seat.seat}"
            svc.join(status.game_id, user, user, seat.seat)
        svc.start(status.game_id, "u0", seed=n)
        for _ in range(ORDERS_PER_GAME):
            waiting = [w for w in svc.status(status.game_id).waiting if not w.committed and w.user_id]
            if not waiting:
                break
            w = waiting[0]
            (choices,) = [rc for rc in svc.choices(status.game_id, w.user_id) if rc.role == w.role]
            try:
                svc.submit(status.game_id, w.user_id, choices.actions[0].id, role=w.role)
            except ServiceError:
                break
    svc.close()
    return GAMES, games


def _text(page) -> str:
    """The Discord page's text, as /games writes it."""
    return "\n\n".join(BoardMixin._board_lines(None, entry) for entry in page.entries)


def _time(path: Path, which: str, page_size: int, cold: bool) -> tuple[float, float, int]:
    times, total = [], 0
    svc = None if cold else TableService(str(path), Config())
    if svc is not None:
        svc.board(guild=GUILD, user_id="u0", which=which, page_size=page_size)   # warm its state cache
    for _ in range(REPEATS):
        if cold:
            svc = TableService(str(path), Config())
        start = time.perf_counter()
        page = svc.board(guild=GUILD, user_id="u0", which=which, page_size=page_size)
        _text(page)
        times.append((time.perf_counter() - start) * 1000)
        total = page.total
        if cold:
            svc.close()
    if not cold:
        svc.close()
    times.sort()
    return statistics.median(times), times[-1], total


def main() -> None:
    clock.reset()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.db"
        started = time.perf_counter()
        count, games = _setup(path)
        print(f"{count} active games of {', '.join(games)} in one server, {ORDERS_PER_GAME} orders each "
              f"(set up in {time.perf_counter() - started:.1f}s); {REPEATS} answers each, target < {TARGET_MS:.0f} ms")
        worst = 0.0
        for which, size, what in (("all", 5, "first page (5 games)"), ("waiting", 5, "waiting for me, first page"),
                                  ("all", 50, "all 50 games on one page")):
            for cold in (True, False):
                median, slowest, total = _time(path, which, size, cold)
                worst = max(worst, slowest)
                print(f"  {what:28} {'cold' if cold else 'warm'}: median {median:6.1f} ms, slowest {slowest:6.1f} ms "
                      f"({total} games match)")
        print(f"  slowest answer {worst:.1f} ms: {'within' if worst < TARGET_MS else 'OVER'} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()

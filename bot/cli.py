"""`herald`: the one command-line entry point (DESIGN.md §6).

    herald run                         the Discord bot (config.toml + environment for secrets)
    herald mail [--once]               the email transport (config.toml [email] + environment for passwords)
    herald local [--script FILE]       console play with several local players (own database: herald-local.db)
    herald fuzz GAME --games N --seed S [--players P] [--scenario ID] [--jobs J] [--random-options] [--report]
                                       every scenario and player count unless named; GAME may be module:ENGINE
    herald render GAME --seed S --steps K --out DIR [--players P]
    herald match GAME --players A,B --games N --seed S [--seats P] [--scenario ID] [--role R] [--jobs J]
                 [--first-game K]
                                       Herald's computer players against each other: win rates, time per decision
    herald replay GAME_ID              rebuild a stored game from its log and check its snapshots
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from rules.core import BadSetup, game_ids, get_engine
from rules.core.driver import player_counts
from rules.core.fuzz import play_random_game


def _engine(game: str):
    """A registered game id, or ``package.module:NAME`` for an engine not registered (a test game)."""
    if ":" in game:
        import importlib
        import os
        if os.getcwd() not in sys.path:   # as `python -m` would: find modules of the current project
            sys.path.insert(0, os.getcwd())
        module, _, name = game.partition(":")
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError) as error:
            raise BadSetup(f"No engine at '{game}': {error}.") from None
    return get_engine(game)


def _game_argument(game: str) -> str:
    if game in game_ids() or ":" in game:
        return game
    raise argparse.ArgumentTypeError(f"unknown game '{game}' (choose from {', '.join(game_ids())}, "
                                     f"or give module:ENGINE)")


def _fuzz(args: argparse.Namespace) -> int:
    """Random games of one scenario (--scenario) or of every scenario in turn, at one player count
    (--players) or every count the scenario allows; --jobs spreads games over processes."""
    from concurrent.futures import ProcessPoolExecutor

    try:
        engine = _engine(args.game)
    except BadSetup as error:
        print(f"herald fuzz: {error}", file=sys.stderr)
        return 2
    scenarios = [args.scenario] if args.scenario else [s.id for s in engine.scenarios()]
    jobs = max(1, args.jobs)
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    total_clean = total_actions = runs = 0
    kept = []                                            # every report, for --report
    started_all = time.perf_counter()
    if args.players is not None:
        # A named scenario must seat that many; without one, the scenarios that do are played.
        seated = [s for s in scenarios if args.players in player_counts(engine, s)]
        for scenario in scenarios:
            if scenario not in seated:
                counts = player_counts(engine, scenario)
                span = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
                print(f"{engine.id}/{scenario} is for {span} players, not {args.players}"
                      + (": skipped." if not args.scenario else "."), file=sys.stderr)
        if not seated:
            return 2
        scenarios = seated
    try:
        for scenario in scenarios:
            counts = player_counts(engine, scenario)
            tables = [args.players] if args.players is not None else counts
            for index, players in enumerate(tables):
                label = f"{engine.id}/{scenario}" + (f"/{players}p" if len(counts) > 1 else "")
                again = f" --players {players}" if len(counts) > 1 else ""
                started = time.perf_counter()
                # each table size its own seeds: a game whose random moves ignore the seating (every role
                # is played either way) would otherwise be the same game at every size
                first = args.seed + index * args.games
                seeds = range(first, first + args.games)
                options = {"check_every": args.check_every, "check_secrets": not args.no_secrets,
                           "players": players, "pick_options": args.random_options}
                if pool is None:
                    reports = (play_random_game(engine, scenario, seed, **options) for seed in seeds)
                else:
                    futures = [pool.submit(play_random_game, engine, scenario, seed, **options) for seed in seeds]
                    reports = (f.result() for f in futures)   # in seed order: the same output for any --jobs
                clean = actions = 0
                for report in reports:
                    actions += report.actions
                    if args.report:
                        kept.append(report)
                    if report.clean:
                        clean += 1
                        if args.verbose:
                            print(f"{scenario} seed {report.seed}: {report.actions} actions, "
                                  f"winner {', '.join(report.winners) or 'none'} ({report.reason})")
                    else:
                        print(f"{scenario} seed {report.seed}: PROBLEM after {report.actions} actions"
                              + (f" (options {report.options})" if report.options else ""))
                        for problem in report.problems:
                            print("  " + problem.replace("\n", "\n  "))
                        print(f"  replay: herald fuzz {args.game} --scenario {scenario}{again} --games 1 "
                              f"--seed {report.seed}" + (" --random-options" if args.random_options else ""))
                elapsed = time.perf_counter() - started
                print(f"{label}: {clean}/{args.games} games clean, {actions} actions, "
                      f"{elapsed:.1f}s ({elapsed / max(args.games, 1):.3f}s a game)", flush=True)
                total_clean += clean
                total_actions += actions
                runs += 1
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    games = args.games * runs
    if args.report:
        from rules.core.tally import report_lines
        print("\n".join(report_lines(kept, engine.role_name)))
    if runs > 1:
        elapsed = time.perf_counter() - started_all
        print(f"{engine.id} total: {total_clean}/{games} games clean over {len(scenarios)} scenarios, "
              f"{total_actions} actions, {elapsed:.1f}s with {jobs} job(s)")
    return 0 if total_clean == games else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="herald", description="Herald: slow board games on Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot")
    run.add_argument("--config", default="config.toml", help="settings file (default: config.toml)")

    mail = sub.add_parser("mail", help="run the email transport (play by email)")
    mail.add_argument("--config", default="config.toml", help="settings file (default: config.toml)")
    mail.add_argument("--once", action="store_true", help="one round (read, answer, send), then exit")

    local = sub.add_parser("local", help="play in the terminal, several local players")
    local.add_argument("--config", default="config.toml", help="settings file (default: config.toml)")
    local.add_argument("--db", default=None,
                       help="SQLite file (default: [database] local_path of the config, else herald-local.db; "
                            "kept apart from the bot's herald.db. Given the bot's database, the console still "
                            "delivers only the messages of console games)")
    local.add_argument("--script", default=None, help="run the commands in FILE instead of reading input")
    local.add_argument("--out", default="out", help="folder for map images (default: out)")

    fuzz = sub.add_parser("fuzz", help="random legal play to the end, reporting problems")
    fuzz.add_argument("game", type=_game_argument,
                      help=f"one of {', '.join(game_ids())}, or module:ENGINE for an unregistered engine")
    fuzz.add_argument("--games", type=int, default=10)
    fuzz.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1); without --players each "
                      "table size plays the next --games seeds after the size before it")
    fuzz.add_argument("--scenario", default=None, help="one scenario (default: every scenario in turn)")
    fuzz.add_argument("--players", type=int, default=None,
                      help="number of players (default: every number the scenario allows)")
    fuzz.add_argument("--jobs", type=int, default=1, help="worker processes for the games (default 1)")
    fuzz.add_argument("--check-every", type=int, default=1,
                      help="check invariants and secrecy every N actions (default 1)")
    fuzz.add_argument("--no-secrets", action="store_true", help="skip the secrecy check (faster)")
    fuzz.add_argument("--random-options", action="store_true",
                      help="switch the game's setup options on at random, picked by each game's seed")
    fuzz.add_argument("-v", "--verbose", action="store_true")
    fuzz.add_argument("--report", action="store_true",
                      help="after the games, how they ended and what the engine counted (VP sources, events)")

    render = sub.add_parser("render", help="play random steps and write every picture")
    render.add_argument("game", choices=game_ids())
    render.add_argument("--seed", type=int, default=1)
    render.add_argument("--steps", type=int, default=50)
    render.add_argument("--scenario", default=None)
    render.add_argument("--players", type=int, default=None, help="number of players (default: one per role)")
    render.add_argument("--out", default="out")

    match = sub.add_parser("match", help="Herald's computer players against each other")
    match.add_argument("game", choices=game_ids())
    match.add_argument("--players", required=True,
                       help="comma-separated players, one per seat in order (the last fills the rest), "
                            "e.g. strong,random; the seats rotate from game to game")
    match.add_argument("--games", type=int, default=20)
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--seats", type=int, default=None, help="number of seats (default: one per role)")
    match.add_argument("--scenario", default=None, help="one scenario (default: every scenario in turn)")
    match.add_argument("--role", default=None,
                       help="the first named player holds this role in every game (default: the seats rotate)")
    match.add_argument("--jobs", type=int, default=1, help="worker processes for the games (default 1)")
    match.add_argument("--first-game", type=int, default=1,
                       help="start at this game of the run (to resume a stopped run or split one across processes)")

    replay = sub.add_parser("replay", help="rebuild a stored game from its log")
    replay.add_argument("game_id")
    replay.add_argument("--config", default="config.toml", help="settings file (default: config.toml)")
    replay.add_argument("--db", default=None,
                        help="SQLite file (default: [database] path, the bot's herald.db; console games are in "
                             "herald-local.db)")

    check = sub.add_parser("check-db", help="check a database: SQLite's integrity check, and every game replays")
    check.add_argument("--config", default="config.toml", help="settings file (default: config.toml)")
    check.add_argument("--db", default=None, help="SQLite file (default: [database] path, the bot's herald.db)")
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        return _dispatch(argv)
    except BrokenPipeError:
        # the reader went away (`herald local ... | head`): stop quietly, as other command-line tools do,
        # and send what is still buffered nowhere, so that Python's exit prints no second traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "fuzz":
        return _fuzz(args)
    if args.command == "match":
        from bot.match import match_command
        return match_command(args)
    if args.command == "render":
        from render.cli import render_command
        return render_command(args)
    if args.command == "local":
        from bot.console import local_command
        return local_command(args)
    if args.command == "replay":
        from bot.console import replay_command
        return replay_command(args)
    if args.command == "check-db":
        from bot.checkdb import check_db_command
        return check_db_command(args)
    if args.command == "mail":
        from bot.mail.cli import mail_command
        return mail_command(args)
    if args.command == "run":
        from bot.discordbot.app import run_command
        from bot.storage import StorageError
        try:
            return run_command(args)
        except StorageError as error:  # an unusable database: say why, no traceback
            print(f"herald run: {error}", file=sys.stderr)
            return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())

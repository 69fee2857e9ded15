"""`herald local` and `herald replay`: the table service from a terminal (DESIGN.md §4).

Several local players share one terminal (`as alice` switches who you are); the commands mirror the
Discord ones. Outbox messages are printed as they would be delivered (`>> #local` for the channel,
`>> @alice` for a direct message; a player's direct messages are printed only while they are the current
player, so that hot-seat players do not read each other's private lines). With --script, commands come
from a file; `expect ...` lines check the previous command, and the run stops with exit status 1 at the
first failed expectation or at an error that no `expect error` line accepts.

The console keeps its games in its own database (default herald-local.db, or [database] local_path),
apart from the bot's herald.db. Even when given the bot's database with --db, it opens and delivers only
the messages of console games (those bound to its channel, "local"): messages for Discord channels and
players are left for the bot.

Where the code lives (this module assembles :class:`Console` and runs it; its parts are in bot/terminal/):
    session.py  running a line or a script, expectations, who plays, printing the outbox's messages
    lobby.py    as, catalogue, new, games, use, join, leave, swap, accept, decline, follow, start, seatings
    playing.py  status, choices, do, talk, undo, autopass
    looks.py    view, hand, map, pictures, log, digest, history
    admin.py    concede, deadline, vacation, admin ..., tick, advance, messages, replay
    records.py  admin set, archive, replay-picture, results
    help.py     the help, built from bot/commandspec.py (the command list Discord reads too)
    board.py    board, nudge, volunteer, substitute, admin lateness, admin substitutes
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Mapping, TextIO

from rules.core import Engine

from .config import Config, command_config
from .service import ServiceError, TableService
from .storage import StorageError
from .terminal.admin import MAX_ADVANCE, AdminCommands  # noqa: F401  (importable from here as before)
from .terminal.board import BoardCommands
from .terminal.help import ADMIN_WORDS, HELP  # noqa: F401
from .terminal.lobby import LobbyCommands
from .terminal.looks import LooksCommands, _brief, _facts, _private_lines  # noqa: F401
from .terminal.playing import PlayingCommands
from .terminal.records import RecordsCommands
from .terminal.session import CHANNEL, ScriptFailure, Session, UsageError, _whole, _words  # noqa: F401


class Console(BoardCommands, LobbyCommands, PlayingCommands, LooksCommands, AdminCommands, RecordsCommands,
              Session):
    """One terminal session over a :class:`TableService`: ``execute("do 3")`` runs the method
    ``cmd_do`` of whichever part has it."""


def _script_lines(path: Path, write: Callable[[str], None]) -> list[str] | None:
    """The lines of a script file, or None (the reason written) when it cannot be read as UTF-8 text."""
    if not path.exists():
        write(f"error [not_found]: no script file {path}")
        return None
    if path.is_dir():
        write(f"error [bad_input]: {path} is a folder, not a script file")
        return None
    try:
        data = path.read_bytes()
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        write(f"error [bad_input]: {path.name}:{line}: not UTF-8 text (byte {data[error.start]:#04x}); "
              "save the script as UTF-8")
    except OSError as error:
        write(f"error [bad_input]: cannot read {path} ({error.strerror or error})")
    return None




def local_command(args, *, engines: Mapping[str, Engine] | None = None, stdin: TextIO | None = None,
                  write: Callable[[str], None] = print) -> int:
    """`herald local [--script FILE] [--db PATH] [--out DIR]`. The database defaults to the console's own
    ([database] local_path, herald-local.db), not the bot's."""
    config = command_config(args, write)
    if config is None:
        return 2
    try:
        service = TableService(args.db or config.local_database_path, config, engines=engines)
    except StorageError as error:
        write(f"error [database]: {error}")
        return 2
    console = Console(service, args.out, write)
    try:
        if args.script:
            lines = _script_lines(Path(args.script), write)
            if lines is None:
                return 2
            return console.run_script(lines, Path(args.script).name)
        return console.interact(stdin or sys.stdin)
    finally:
        service.close()


def _console_hint(config: Config, game_id: str) -> str:
    """When the game asked for is in the console's database: how to replay it there."""
    import sqlite3
    path = Path(config.local_database_path)
    number = str(game_id).removeprefix("#")
    if not path.exists() or not (number.isascii() and number.isdigit()) or int(number) >= 2 ** 63:
        return ""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            found = db.execute("SELECT 1 FROM games WHERE id = ?", [int(number)]).fetchone()
    except sqlite3.Error:
        return ""
    return (f". Game #{number} is in the console's database: herald replay {number} --db {path}"
            if found else "")


def replay_command(args, *, engines: Mapping[str, Engine] | None = None,
                   write: Callable[[str], None] = print) -> int:
    """`herald replay GAME_ID [--db PATH]`: rebuild a stored game from its log and check it (the bot's
    database by default; --db herald-local.db for a console game). Exit 0 when it matches."""
    config = command_config(args, write)
    if config is None:
        return 2
    db = args.db or config.database_path
    hint = "" if args.db else _console_hint(config, args.game_id)
    if not Path(db).exists():
        write(f"error [not_found]: no database at {db}{hint}")
        return 2
    try:
        service = TableService(db, config, engines=engines, read_only=True)  # replay only reads
    except StorageError as error:
        write(f"error [database]: {error}")
        return 2
    try:
        report = service.replay(args.game_id)
    except ServiceError as error:
        write(f"error [{error.code}]: {error.message}{hint if error.code == 'not_found' else ''}")
        return 2
    finally:
        service.close()
    write(report.verdict())
    return 0 if report.ok else 1

"""`herald check-db`: is this database whole? SQLite's own integrity check (every page, every index),
then Herald's: every started game replays from its setup and action log to its stored snapshots and
state. One line per problem, naming the game and what is damaged; exit 0 when all is well, 1 when
something is damaged, 2 when the database cannot be opened at all. Reads only."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Callable, Mapping

from rules.core import Engine

from .config import command_config
from .service import ServiceError, TableService
from .storage import StorageError
from .table import replaylog

#: what to do when something is damaged (printed once, after the problems)
ADVICE = ("What to do: stop Herald (herald run, herald mail), keep a copy of this file as it is, and restore "
          "the newest backup; without one, `sqlite3 FILE .recover | sqlite3 NEW.db` saves what can be read "
          "into a new file; check that one with herald check-db, then use it.")


def check_db_command(args, *, engines: Mapping[str, Engine] | None = None,
                     write: Callable[[str], None] = print) -> int:
    config = command_config(args, write)
    if config is None:
        return 2
    path = args.db or config.database_path
    if not Path(path).is_file():
        write(f"error [not_found]: no database at {path}")
        return 2
    try:
        service = TableService(path, config, engines=engines, read_only=True)
    except StorageError as error:
        write(f"error [database]: {' '.join(str(error).split())}")
        return 2
    try:
        problems, replayed, notes = check(service)
    finally:
        service.close()
    for line in notes:   # not damage: said first, so the problems (if any) end the output
        write(line)
    for line in problems:
        write(line)
    if problems:
        write(f"{path}: {len(problems)} problem(s) found. {ADVICE}")
        return 1
    older = f" ({len(notes)} of them logged in Herald's older words, noted above)" if notes else ""
    write(f"{path}: OK: SQLite's integrity check passed and {replayed} started game(s) replay to their stored "
          f"state{older}.")
    return 0


def check(service: TableService) -> tuple[list[str], int, list[str]]:
    """(problem lines, how many games replayed cleanly, notes: games that replay to their stored state
    whose log reads differently today, a change of Herald's wording and no damage)."""
    problems: list[str] = []
    notes: list[str] = []
    try:
        rows = [r[0] for r in service.db.execute("PRAGMA integrity_check(20)")]
    except sqlite3.DatabaseError as error:
        rows = [str(error)]
    if rows != ["ok"]:
        problems.append("database: SQLite's integrity check fails: " + "; ".join(" ".join(r.split()) for r in rows))
    try:
        games = [r[0] for r in service.db.execute("SELECT id FROM games WHERE status != 'open' ORDER BY id")]
    except sqlite3.DatabaseError as error:
        problems.append(f"database: the list of games cannot be read ({error}); no game was replayed")
        return problems, 0, notes
    replayed = 0
    for game_id in games:
        try:
            report = service.replay(game_id)
        except ServiceError as error:
            said = error.message.split(" Restore the database")[0]   # the advice comes once, at the end
            problems.append(said if said.startswith("game #") else f"game #{game_id}: {said}")
            continue
        except Exception as error:   # a bug of an engine on a stored log: name it, check the others
            problems.append(f"game #{game_id}: the replay failed ({type(error).__name__}: {error})")
            continue
        if report.ok:
            replayed += 1
            if report.reworded:
                notes.append(f"game #{game_id}: replays to its stored state. Note (not a problem): "
                             f"{replaylog.summary(report.reworded)}")
        else:
            problems.append(f"game #{game_id}: does not replay to its stored state: " + "; ".join(report.problems))
    return problems, replayed, notes

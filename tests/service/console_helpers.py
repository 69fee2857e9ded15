"""A console driven line by line in tests, with its output collected, and the two-player games the console
tests start from."""

from bot.config import Config
from bot.console import Console
from bot.service import TableService
from tests.service.conftest import make_service


def console_for(svc, tmp_path, images=False):
    out: list[str] = []
    console = Console(svc, str(tmp_path / "out"), out.append)
    console.write_images = images  # most tests need no renderer
    return console, out


def run_lines(console, out, lines):
    for line in lines:
        assert console.execute(line), (line, out[-5:])


def duel_console(tmp_path, db_name="qa.db", clear=False, **deadlines):
    """alice (game master) and bob in a started Duel game."""
    svc = make_service(tmp_path / db_name, **deadlines)
    console, out = console_for(svc, tmp_path)
    run_lines(console, out, ["as alice", "new duel", "join", "as bob", "join", "as alice", "start"])
    if clear:
        out.clear()
    return svc, console, out


def richard3_console(tmp_path, clear=False):
    """alice (York, game master) and bob (Lancaster) in a started Richard III 1460 game, seed 7."""
    svc = TableService(str(tmp_path / "r3.db"), Config())
    console, out = console_for(svc, tmp_path)
    run_lines(console, out, ["as alice", "new richard3 1460", "join york", "as bob", "join lancaster",
                             "as alice", "start --seed 7"])
    if clear:
        out.clear()
    return svc, console, out

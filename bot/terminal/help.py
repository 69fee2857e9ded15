"""The console's help, built from bot/commandspec.py (the list Discord reads too)."""

from __future__ import annotations

import textwrap

from ..commandspec import COMMANDS

#: the console's own lines of its help, after the commands (bot/commandspec.py lists those)
HELP_SCRIPTS = """\
  expect ok | expect error [CODE] | expect text TEXT | expect status STATUS | expect turn TEXT
  # starts a comment (a word such as #12 is a game number, not a comment)
Database: the console uses its own file (--db, else [database] local_path, else herald-local.db) and
only ever delivers the messages of console games, so it never takes a Discord game's messages."""


#: the subcommands of `admin`, as the command list names them
ADMIN_WORDS = tuple(dict.fromkeys(c.console_words[1] for c in COMMANDS if c.console_words[0] == "admin"))


def _help_text(width: int = 104) -> str:
    """The console's help: every command of bot/commandspec.py in its console form, by section."""
    lines: list[str] = []
    section, listed = None, set()
    for command in COMMANDS:
        if command.console in listed:   # two Discord commands, one console form (/game abort, /admin abort)
            continue
        listed.add(command.console)
        if command.section != section:
            section = command.section
            lines.append(section)
        what = command.console_description or command.description
        usage = f"  {command.console}"
        if len(usage) <= 28:
            first, rest = usage.ljust(30) + what, [command.console_note] if command.console_note else []
        else:
            lines.append(usage)
            first, rest = " " * 30 + what, [command.console_note] if command.console_note else []
        lines.append(first)
        for note in rest:
            lines += textwrap.wrap(note, width, initial_indent=" " * 30, subsequent_indent=" " * 30)
    return "\n".join(lines) + "\n" + HELP_SCRIPTS + "\n"


HELP = _help_text()

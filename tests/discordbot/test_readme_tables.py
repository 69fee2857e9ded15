"""The README's Discord tables say what the bot does: the commands table ("### Commands") names exactly the
commands the bot registers (built from bot/commandspec.py) with options they really have, and the
permissions table ("| Permission | Why |") lists exactly the permissions in the invite, in the order of the
README's arithmetic, whose integer and URL are the bot's."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.commandspec import discord_commands
from bot.discordbot.commands import build_tree
from bot.discordbot.settings import BOT_PERMISSIONS, INVITE_PATTERN, PERMISSION_NAMES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


class CatalogueOnly:
    def catalogue(self):
        return [{"id": "duel", "title": "Duel"}]


def table(section_start: str, header: str) -> list[list[str]]:
    section = README[README.index(section_start):]
    lines = section[section.index(header):].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def registered() -> dict[str, list[str]]:
    """Command path -> option names, as the bot registers them."""
    tree = build_tree(discord.Client(intents=discord.Intents.default()), CatalogueOnly())
    found = {}
    for top in tree.get_commands():
        for cmd in (top.commands if isinstance(top, discord.app_commands.Group) else [top]):
            found[cmd.qualified_name] = [p.name for p in cmd.parameters]
    return found


def readme_commands() -> dict[str, set[str]]:
    """Command path -> the options the table's first column names for it, e.g. `/game new` (game, role)."""
    named: dict[str, set[str]] = {}
    for first, _ in table("### Commands", "| Command |"):
        group = ""
        for token, options in re.findall(r"`([^`]+)`(?:\s*\(([^)]*)\))?", first):
            if token.startswith("/"):
                path = token[1:]
                group = path.split(" ")[0] if " " in path else ""
            else:
                path = f"{group} {token}".strip()
            named[path] = {o.strip() for o in options.split(",") if o.strip()}
    return named


def test_the_commands_table_names_every_registered_command_and_nothing_else():
    bot = registered()
    assert set(bot) == {c.path for c in discord_commands()}
    named = readme_commands()
    rows = table("### Commands", "| Command |")
    mentioned = {m for row in rows for m in re.findall(r"`/([a-z-]+(?: [a-z-]+)?)`", " ".join(row))}
    assert set(named) <= set(bot), set(named) - set(bot)
    assert set(bot) <= set(named) | mentioned, set(bot) - set(named) - mentioned   # each command has its row
    for path, options in named.items():
        assert options <= set(bot[path]), (path, options - set(bot[path]))


def test_every_option_the_readme_shows_in_use_exists():
    """`/map picture:battle`, `/game new thread:True` anywhere in the README name real options."""
    bot = registered()
    uses = re.findall(r"`/([a-z-]+(?: [a-z-]+)?)((?: [a-z_]+:[^` ]+)+)`", README)
    assert uses
    for path, options in uses:
        for name in re.findall(r"(?:^| )([a-z_]+):", options):   # a value may hold a colon (picture:region:italy)
            assert name in bot[path], (path, name)


def test_the_permissions_table_is_the_invite():
    rows = table("## Running on Discord", "| Permission | Why |")
    assert [row[0] for row in rows] == list(PERMISSION_NAMES.values())
    assert all(row[1] for row in rows)
    assert discord.Permissions(**{flag: True for flag in PERMISSION_NAMES}).value == BOT_PERMISSIONS.value
    # the README's arithmetic: one bit per row, in the table's order, summing to the integer it gives
    section = README[README.index("## Running on Discord"):]
    integer, bits = re.search(r"permissions integer \*\*(\d+)\*\* \(([^,]+),", section).groups()
    shifts = [int(b) for b in re.findall(r"1<<(\d+)", bits)]
    assert int(integer) == BOT_PERMISSIONS.value == sum(1 << s for s in shifts)
    for shift, flag in zip(shifts, PERMISSION_NAMES, strict=True):
        assert discord.Permissions(**{flag: True}).value == 1 << shift, flag
    assert INVITE_PATTERN in section

"""One command list for both front ends (bot/commandspec.py): Discord registers exactly its commands with
exactly its options, every Discord command has its Layer call, and the console has a handler for every
command's console form and lists each in its help."""

from __future__ import annotations

import inspect

import discord
import pytest
from discord import AppCommandOptionType as T

from bot.commandspec import BOOLEAN, COMMANDS, GROUPS, INTEGER, SUGGESTERS, TEXT, USER, discord_commands
from bot.console import HELP, Console
from bot.discordbot.commands import HANDLERS, build_tree, command
from bot.discordbot.layer import Layer

TYPES = {TEXT: T.string, INTEGER: T.integer, BOOLEAN: T.boolean, USER: T.user}


class CatalogueOnly:
    """The tree reads only the catalogue when it is built."""

    def catalogue(self):
        return [{"id": "duel", "title": "Duel"}, {"id": "harbours", "title": "Four Harbours"}]


@pytest.fixture(scope="module")
def tree():
    return build_tree(discord.Client(intents=discord.Intents.default()), CatalogueOnly())


def registered(tree) -> dict[str, discord.app_commands.Command]:
    found = {}
    for top in tree.get_commands():
        for cmd in (top.commands if isinstance(top, discord.app_commands.Group) else [top]):
            found[cmd.qualified_name] = cmd
    return found


def test_discord_registers_exactly_the_spec_commands(tree):
    assert set(registered(tree)) == {c.path for c in discord_commands()}
    groups = {g.name: g.description for g in tree.get_commands() if isinstance(g, discord.app_commands.Group)}
    assert groups == GROUPS


@pytest.mark.parametrize("spec", discord_commands(), ids=lambda c: c.path)
def test_each_discord_command_has_the_spec_options(tree, spec):
    cmd = command(tree, spec.path)
    assert cmd.description == spec.description and len(spec.description) <= 100
    assert [p.name for p in cmd.parameters] == [o.name for o in spec.options]   # required ones first
    for param, option in zip(cmd.parameters, spec.options):
        assert param.type == TYPES[option.kind], option.name
        assert param.required == option.required, option.name
        assert param.description == option.description, option.name
        assert bool(param.autocomplete) == (option.suggest is not None), option.name
        assert bool(param.choices) == (option.choices == "games"), option.name
        assert (param.min_value, param.max_value) == (option.min_value, option.max_value), option.name
        if not option.required:
            assert param.default == option.default, option.name


def test_required_options_come_first_and_suggesters_exist():
    for spec in discord_commands():
        flags = [o.required for o in spec.options]
        assert flags == sorted(flags, reverse=True), spec.path   # Discord's rule, kept in the spec's order
        for option in spec.options:
            assert option.suggest in (None, *SUGGESTERS)
            if option.suggest:
                name = "autocomplete_role" if option.suggest == "my_role" else f"autocomplete_{option.suggest}"
                assert callable(getattr(Layer, name)), name


def test_each_discord_command_calls_the_layer_with_the_spec_options():
    assert set(HANDLERS) == {c.path for c in discord_commands()}
    for spec in discord_commands():
        params = list(inspect.signature(HANDLERS[spec.path]).parameters)
        assert params == ["layer", "i", *[o.name for o in spec.options]], spec.path


def test_a_command_left_without_options_gets_the_spec_defaults(tree):
    """What Discord sends for omitted options is what the spec says (None, or no for yes/no options)."""
    calls = []

    class Recorder(CatalogueOnly):
        def __getattr__(self, name):
            async def record(*args, **kwargs):
                calls.append((name, args[1:], kwargs))
            return record

    recorded = build_tree(discord.Client(intents=discord.Intents.default()), Recorder())
    import asyncio
    asyncio.run(command(recorded, "view").callback(object()))
    asyncio.run(command(recorded, "log").callback(object(), game="3"))
    assert calls == [("private_look", (None, None), {"with_picture": True, "picture": None, "dm": False}),
                     ("show_log", ("3", 20, False), {})]


@pytest.mark.parametrize("spec", COMMANDS, ids=lambda c: c.console)
def test_the_console_has_a_handler_for_each_command(spec):
    first, *sub = spec.console_words
    assert callable(getattr(Console, "cmd_" + first.replace("-", "_"), None)), spec.console  # as the session looks
    if sub:
        assert callable(getattr(Console, f"{first}_{sub[0]}", None)), spec.console
    assert f"  {spec.console}" in HELP
    first_with_that_form = next(c for c in COMMANDS if c.console == spec.console)
    # /game abort and /admin abort: one console line; the console's own words where Discord's speak of menus
    assert (first_with_that_form.console_description or first_with_that_form.description) in HELP


def test_every_discord_command_has_a_console_form():
    """Nothing only Discord can do: each slash command's console twin is in the same list."""
    for spec in discord_commands():
        assert spec.console and spec.console_words, spec.path


def test_the_console_knows_every_command_word(tmp_path):
    """Each console form is a command the console runs (whatever it then says about its arguments)."""
    from bot.config import Config
    from bot.service import TableService
    from tests.support.duel import ENGINE

    service = TableService(str(tmp_path / "h.db"), Config(), engines={"duel": ENGINE})
    console = Console(service, str(tmp_path / "out"), write=lambda text: None)
    console.auto_tick = False
    try:
        for spec in COMMANDS:
            if spec.console_words == ("quit",):
                continue
            console.execute(" ".join(spec.console_words))
            said = "\n".join(console.last_output)
            assert "Unknown command" not in said and "Unknown admin command" not in said, spec.console
    finally:
        service.close()


def test_the_discord_help_names_only_real_commands():
    import re

    from bot.discordbot.common import HELP as DISCORD_HELP
    from bot.discordbot.replies import DM_HELP

    paths = {c.path for c in discord_commands()}
    named = re.findall(r"`/([a-z-]+(?: [a-z-]+)?)", DISCORD_HELP + DM_HELP)
    assert named and set(named) <= paths, set(named) - paths

"""A table for the Discord layer's tests: the real TableService on a temporary SQLite file with the tiny
Duel engine (tests/support/duel.py), the real Layer and command tree, and a fake Discord."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from freezegun import freeze_time

from bot import clock
from bot.config import Config
from bot.discordbot.commands import build_tree, command
from bot.discordbot.layer import Layer
from bot.discordbot.settings import DiscordSettings
from bot.service import TableService
from tests.discordbot.fakes import FakeChannel, FakeClient, FakeInteraction, FakeUser
from tests.support.duel import ENGINE as DUEL


@dataclass
class Table:
    service: TableService
    client: FakeClient
    layer: Layer
    tree: discord.app_commands.CommandTree
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser

    def run(self, coro) -> Any:
        return asyncio.run(coro)

    def cmd(self, path: str, who: FakeUser, /, channel: FakeChannel | None = "default", **params) -> FakeInteraction:
        """Invoke a slash command's real callback with a fake interaction; returns the interaction."""
        where = self.channel if channel == "default" else channel
        interaction = FakeInteraction(self.client, who, where)
        self.run(command(self.tree, path).callback(interaction, **params))
        return interaction

    def ac(self, method: str, who: FakeUser, current: str = "", /, **namespace) -> list:
        """Run an autocomplete handler and answer with its choices, as discord.py does."""
        interaction = FakeInteraction(self.client, who, self.channel, type="autocomplete", namespace=namespace)

        async def go():
            choices = await getattr(self.layer, method)(interaction, current)
            await interaction.response.autocomplete(choices)
            return choices
        return self.run(go())

    def deliver(self) -> None:
        self.run(self.layer.deliver_pending())

    def start_game(self, game: str = "duel", role: str = "red") -> None:
        """alice opens ``game`` here taking ``role`` (she is its game master), bob joins, alice starts it."""
        self.cmd("game new", self.alice, game=game, role=role)
        self.cmd("game join", self.bob)
        self.cmd("game start", self.alice)


def make_table(tmp_path, engines=None, alice_dms: bool = True, bob_dms: bool = True) -> Table:
    service = TableService(str(tmp_path / "herald.db"), Config(), engines=engines or {"duel": DUEL})
    client = FakeClient()
    layer = Layer(service, client, DiscordSettings(delivery_batch=100))
    client.herald = layer
    tree = build_tree(discord.Client(intents=discord.Intents.default()), layer)
    channel = client.add_channel("games")
    alice = client.add_user("alice", dm_open=alice_dms)
    bob = client.add_user("bob", dm_open=bob_dms)
    carol = client.add_user("carol", manage_guild=True)
    return Table(service, client, layer, tree, channel, alice, bob, carol)


@pytest.fixture
def frozen():
    clock.reset()
    with freeze_time("2026-03-01 12:00:00") as frozen_time:
        yield frozen_time
    clock.reset()


@pytest.fixture
def table(tmp_path, frozen):
    t = make_table(tmp_path)
    yield t
    t.service.close()

"""The fakes stand for real discord.py methods: every call the layer made on them during the other
tests' kind of play must bind to the real method's signature (keyword names, positional use)."""

from __future__ import annotations

import importlib
import inspect

from tests.discordbot import fakes
from tests.discordbot.fakes import click
from tests.discordbot.test_game import choices_for


def _real(path: str):
    module, _, rest = path.partition(".")
    obj = importlib.import_module(module)
    for part in rest.split("."):
        obj = getattr(obj, part)
    return obj


def test_fake_calls_bind_to_the_real_discord_signatures(table):
    t = table
    fakes.CALLS.clear()
    t.cmd("map", t.alice)  # a refusal after a public defer
    t.cmd("game new", t.alice, game="duel", role="red", thread=True)
    thread = t.channel.threads[0]
    t.cmd("game join", t.bob, channel=thread)
    t.cmd("game start", t.alice, channel=thread)
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="1"))
    t.cmd("order", t.bob, channel=thread, order="Bid 1")
    t.cmd("map", t.alice, channel=thread)
    t.cmd("game status", t.alice, channel=thread)
    t.ac("autocomplete_order", t.alice, "", game=None)
    seen = set()
    for path, args, kwargs in fakes.CALLS:
        signature = inspect.signature(_real(path))
        signature.bind(object(), *args, **kwargs)  # raises TypeError on a mismatch
        seen.add(path)
    assert {"discord.abc.Messageable.send", "discord.InteractionResponse.defer", "discord.Webhook.send",
            "discord.TextChannel.create_thread", "discord.InteractionResponse.autocomplete",
            "discord.Interaction.delete_original_response"} <= seen

"""Memory that must survive a restart is stored, not held in the process (issue 12, item 6): the "your
DMs are closed" notice waiting for a player, and the private lines a player already read in the reply
to their order (not sent again by DM)."""

from __future__ import annotations

import discord

from bot.discordbot.commands import build_tree
from bot.discordbot.layer import Layer
from tests.discordbot.conftest import make_table


def restart(t) -> None:
    """A new Layer and command tree over the same database and Discord, as after a restart."""
    t.layer = Layer(t.service, t.client, t.layer.settings)
    t.client.herald = t.layer
    t.tree = build_tree(discord.Client(intents=discord.Intents.default()), t.layer)


def test_the_closed_dms_notice_survives_a_restart(tmp_path, frozen):
    t = make_table(tmp_path, bob_dms=False)
    try:
        t.start_game()          # bob's "your move" DM fails: he is to be told how to open his DMs
        t.deliver()
        restart(t)
        shown = t.cmd("game status", t.bob)
        assert any("DM" in (s.content or "") and "📭" in (s.content or "") for s in shown.recorded)
        again = t.cmd("game status", t.bob)  # told once
        assert not any("📭" in (s.content or "") for s in again.recorded)
    finally:
        t.service.close()


def test_private_lines_read_in_the_reply_are_not_sent_again_after_a_restart(table):
    t = table
    t.start_game()
    t.deliver()
    t.client.recorder.clear()

    async def stopped_before_delivery():
        pass
    t.layer.deliver_quietly = stopped_before_delivery  # the process stops before its delivery round
    played = t.cmd("order", t.alice, order="bid:2")
    assert "You bid 2" in played.recorded[0].content
    outbox_line = [m for m in t.service.outbox.pending(100) if m.kind == "private_log" and m.target == str(t.alice.id)]
    assert outbox_line  # still to deliver when the process stops
    restart(t)
    t.deliver()
    dms = [s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm"]
    assert not any("You bid 2" in (s.content or "") for s in dms)

"""A typed /order is tied to the question it answers, kept in the database (issue 25, item 2): the same
order typed again is "already recorded" after a restart (a new service and layer over the same
database) and when no suggestion was ever shown; suggestions offered since make it a new order."""

from __future__ import annotations

import discord

from bot.config import Config
from bot.discordbot.commands import build_tree
from bot.discordbot.layer import Layer
from bot.service import TableService
from tests.support.duel import ENGINE as DUEL


def _bids(t):
    return [r[0] for r in t.service.db.execute("SELECT action FROM actions WHERE role = 'red' AND undone = 0 "
                                               "ORDER BY pos")]


def restart(t, tmp_path) -> None:
    """A new service, Layer and command tree over the same database and Discord, as after a restart."""
    t.service.close()
    t.service = TableService(str(tmp_path / "herald.db"), Config(), engines={"duel": DUEL})
    t.layer = Layer(t.service, t.client, t.layer.settings)
    t.client.herald = t.layer
    t.tree = build_tree(discord.Client(intents=discord.Intents.default()), t.layer)


def test_a_typed_order_sent_again_after_a_restart_is_recorded_once(table, tmp_path):
    t = table
    t.start_game()
    t.ac("autocomplete_order", t.alice, "bid", game=None)     # alice is shown round 1's orders
    t.cmd("order", t.alice, order="Bid 2")
    t.cmd("order", t.bob, order="bid:1")                       # round 2: red may bid 2 again
    restart(t, tmp_path)
    again = t.cmd("order", t.alice, order="Bid 2")             # the same order, typed again after the restart
    assert "already recorded" in again.recorded[0].content
    assert _bids(t) == ["bid:2"]
    t.ac("autocomplete_order", t.alice, "bid", game=None)      # round 2's suggestions: a new order
    t.cmd("order", t.alice, order="bid:2")
    assert _bids(t) == ["bid:2", "bid:2"]
    assert t.client.all_answered_once() == []


def test_a_typed_order_without_any_suggestion_is_recorded_once(table):
    t = table
    t.start_game()
    first = t.cmd("order", t.alice, order="bid:3")             # typed at once: no suggestion ever shown
    assert "Bid 3" in first.recorded[0].content and "already" not in first.recorded[0].content
    t.cmd("order", t.bob, order="bid:1")
    again = t.cmd("order", t.alice, order="bid:3")
    assert "already recorded" in again.recorded[0].content
    other = t.cmd("order", t.alice, order="bid:1")             # a different order is no repeat
    assert "Bid 1" in other.recorded[0].content and "already" not in other.recorded[0].content
    assert _bids(t) == ["bid:3", "bid:1"]
    row = t.service.db.execute("SELECT question, version FROM actions WHERE role = 'red' ORDER BY pos").fetchall()
    assert row[0][0] == row[0][1] - 1      # each order is stored with the position it answered

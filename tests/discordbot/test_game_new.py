"""/game new: Herald's own permissions in the channel are checked first, a thread is opened only once the
game's parameters are valid, and announcement channels get an announcement thread."""

from __future__ import annotations

import discord
import pytest


@pytest.mark.parametrize("permission,name", [("attach_files", "Attach Files"), ("embed_links", "Embed Links"),
                                             ("send_messages", "Send Messages"), ("view_channel", "View Channel")])
def test_missing_permission_is_named_and_nothing_created(table, permission, name):
    t = table
    setattr(t.channel.bot_permissions, permission, False)
    inter = t.cmd("game new", t.alice, game="duel", role="red")
    assert f"**{name}**" in inter.recorded[-1].content and inter.recorded[-1].where == "ephemeral"
    assert t.service.games_in_channel(str(t.channel.id)) == []
    assert t.client.all_answered_once() == []


@pytest.mark.parametrize("permission,name", [("create_public_threads", "Create Public Threads"),
                                             ("send_messages_in_threads", "Send Messages in Threads")])
def test_thread_needs_thread_permissions(table, permission, name):
    t = table
    setattr(t.channel.bot_permissions, permission, False)
    inter = t.cmd("game new", t.alice, game="duel", thread=True)
    assert name in inter.recorded[-1].content and not t.channel.threads
    # without a thread, the same channel is fine
    ok = t.cmd("game new", t.alice, game="duel")
    assert "is open in" in ok.recorded[-1].content


def test_inside_a_thread_posting_in_threads_is_what_counts(table):
    t = table
    thread = t.client.add_channel("a-thread", type=discord.ChannelType.public_thread)
    thread.bot_permissions.send_messages = False  # irrelevant in a thread
    assert "is open in" in t.cmd("game new", t.alice, channel=thread, game="duel").recorded[-1].content
    thread.bot_permissions.send_messages_in_threads = False
    refused = t.cmd("game new", t.alice, channel=thread, game="duel")
    assert "Send Messages in Threads" in refused.recorded[-1].content
    no_nesting = t.cmd("game new", t.bob, channel=thread, game="duel", thread=True)
    assert "only from a text or announcement channel" in no_nesting.recorded[-1].content


@pytest.mark.parametrize("params,why", [({"scenario": "nope"}, "no scenario"), ({"options": "colour=blue"}, "Unknown option"),
                                        ({"options": "oops"}, "key=value"), ({"role": "green"}, "no seat 'green'")])
def test_bad_parameters_leave_no_orphan_thread(table, params, why):
    t = table
    inter = t.cmd("game new", t.alice, game="duel", thread=True, **params)
    assert why in inter.recorded[-1].content, inter.recorded[-1].content
    assert t.channel.threads == []
    assert t.service.games_in_channel(str(t.channel.id)) == []


def test_announcement_channel_gets_an_announcement_thread(table):
    t = table
    news = t.client.add_channel("announcements", type=discord.ChannelType.news)
    inter = t.cmd("game new", t.alice, channel=news, game="duel", role="red", thread=True)
    assert "is open in" in inter.recorded[-1].content
    assert news.threads and news.threads[0].type == discord.ChannelType.news_thread
    assert t.service.status(1).channel == str(news.threads[0].id)


def test_a_seat_that_cannot_be_taken_creates_no_game(table, monkeypatch):
    """Issue 12: an error never leaves a change behind; the seat is taken in the game's own transaction."""
    t = table
    from bot.service import SeatTaken

    def taken(*args, **kwargs):
        raise SeatTaken("Seat 1 (Red) is taken by someone quicker.")
    monkeypatch.setattr(t.service, "join", taken)
    inter = t.cmd("game new", t.alice, game="duel", role="red")
    text = inter.recorded[-1].content
    assert "someone quicker" in text and "No game was created" in text
    assert t.service.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0
    assert t.service.outbox.pending(100) == []


def test_a_seat_number_beyond_the_seats_creates_no_game(table):
    t = table
    inter = t.cmd("game new", t.alice, game="duel", role="7")
    assert "There is no seat 7: that scenario has seats 1 to 2." in inter.recorded[-1].content
    assert t.service.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0

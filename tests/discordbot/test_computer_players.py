"""Herald's own players through the Discord layer (issue 31), with a fake Discord: a game with one person
and one computer seat played to the end; a player who misses the set number of deadlines, the computer
standing in, and the player taking the seat back."""

from __future__ import annotations

from datetime import timedelta

import discord

from bot.config import Config, DeadlineSettings
from bot.discordbot.commands import build_tree
from bot.discordbot.layer import Layer
from bot.discordbot.settings import DiscordSettings
from bot.service import TableService
from tests.discordbot.conftest import Table
from tests.support.duel import ENGINE as DUEL


def _table(tmp_path, **deadlines) -> Table:
    config = Config(deadlines=DeadlineSettings().merged(deadlines)) if deadlines else Config()
    service = TableService(str(tmp_path / "herald.db"), config, engines={"duel": DUEL})
    from tests.discordbot.fakes import FakeClient
    client = FakeClient()
    layer = Layer(service, client, DiscordSettings(delivery_batch=100))
    client.herald = layer
    tree = build_tree(discord.Client(intents=discord.Intents.default()), layer)
    channel = client.add_channel("games")
    return Table(service, client, layer, tree, channel, client.add_user("alice"), client.add_user("bob"),
                 client.add_user("carol", manage_guild=True))


def _channel_text(t: Table) -> str:
    return "\n".join(s.content or "" for s in t.client.recorder.sent if s.where == "channel")


def _dms(t: Table, user) -> str:
    return "\n".join(s.content or "" for s in t.client.recorder.sent if s.where == "dm" and s.target == user.id)


def test_a_person_against_the_computer_to_the_end(tmp_path, frozen):
    t = _table(tmp_path)
    t.cmd("game new", t.alice, game="duel", role="red")
    seated = t.cmd("admin seat-bot", t.alice, role="blue", level="random")
    assert "computer player (random) sits at seat 2" in seated.recorded[-1].content
    t.cmd("game start", t.alice)
    card = t.cmd("game status", t.alice).recorded[-1]
    seats = " ".join(f["value"] for e in card.embeds for f in e.get("fields", []))
    assert "Herald's computer player (random)" in seats and "system:" not in seats
    for _ in range(20):
        if t.service.status(1).status != "active":
            break
        # shown this round's suggestions, as Discord does while she types: the same order typed again
        # without them would be a repeat of last round's (issue 25)
        t.ac("autocomplete_order", t.alice, "bid", game=None)
        t.cmd("order", t.alice, order="bid:2")
        t.run(t.layer.tick())           # the computer answers at the tick, on a worker thread
        t.deliver()
    status = t.service.status(1)
    assert status.status == "finished"
    assert t.service.computer_roles(1) == ["blue"]
    assert "computer player (random) takes seat 2" in _channel_text(t)
    # the end names the seats the computer played (issue 31)
    assert "Played by Herald's computer: Blue (seat 2, random)." in _channel_text(t)
    t.service.close()


def test_game_new_with_bots_gives_the_last_seats_to_the_computer(tmp_path, frozen):
    t = _table(tmp_path)
    made = t.cmd("game new", t.alice, game="duel", role="red", bots=1)
    assert "computer player (random) takes seat 2" in made.recorded[-1].content   # Duel offers only random
    assert [s.user_id for s in t.service.status(1).seats][1].startswith("system:robot:random")
    t.cmd("game start", t.alice)
    assert t.service.status(1).status == "active"
    t.service.close()


def test_the_computer_stands_in_after_two_missed_deadlines_until_the_player_is_back(tmp_path, frozen):
    t = _table(tmp_path, secret="1d", policy="robot", robot_after="2", robot_level="random")
    t.start_game()                      # alice red, bob blue
    t.cmd("order", t.alice, order="bid:3")
    frozen.tick(timedelta(days=1, seconds=1))
    t.run(t.layer.tick())
    t.deliver()
    assert "After 1 more, Herald's computer player stands in" in _channel_text(t)
    frozen.tick(timedelta(days=1, seconds=1))
    t.run(t.layer.tick())
    t.deliver()
    assert "Herald's computer player (random) plays Blue" in _channel_text(t)
    assert "the computer plays Blue for you" in _dms(t, t.bob)
    assert t.service.status(1).turn_label != "Round 1"   # the computer answered round 1 for bob
    t.cmd("order", t.alice, order="bid:1")               # round 2 (the computer bid at once) is revealed
    back = t.cmd("order", t.bob, order="bid:2")          # round 3: bob is back
    t.deliver()
    assert "is back and plays Blue again" in _channel_text(t)
    assert "While you were away the computer played for you" in _dms(t, t.bob)
    t.cmd("order", t.alice, order="bid:1")               # round 4 asks bob, and the computer stays out
    t.run(t.layer.tick())
    assert "blue" in [w.role for w in t.service.status(1).waiting]
    assert back.recorded
    t.cmd("game concede", t.alice, confirm=True)        # the end names whom the computer stood in for
    t.deliver()
    assert "Played by Herald's computer: Blue (seat 2, standing in for Bob)." in _channel_text(t)
    t.service.close()

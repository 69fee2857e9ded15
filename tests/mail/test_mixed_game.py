"""A game with one Discord seat and one mail seat, played to the end: the Discord layer (with the fake
Discord of tests/discordbot/fakes.py) and the mail transport (real loopback servers) each on a table service
of their own over ONE database, as `herald run` and `herald mail` would be. York is a Discord user who
plays with /order; Lancaster plays by mail, answering with numbers."""

from __future__ import annotations

import itertools
import random
import re
import time

import discord

from bot.config import Config
from bot.discordbot.commands import build_tree
from bot.discordbot.layer import Layer
from bot.discordbot.settings import DiscordSettings
from bot.mail import seats
from bot.mail.transport import MailTransport
from bot.service import TableService
from tests.discordbot.conftest import Table
from tests.discordbot.fakes import FakeClient
from tests.mail.conftest import engines, make_service
from tests.mail.servers import pictures_of, text_of

CHOICES = re.compile(r"^Your choices as (\w+) \((\d+)\):", re.MULTILINE)


def test_a_discord_seat_and_a_mail_seat_play_to_the_end(tmp_path, servers, frozen_clock, bob, monkeypatch):
    import bot.service

    drawn: dict[bytes, str | None] = {}
    counter = itertools.count()

    def draw(game, view, picture):
        data = b"\x89PNG\r\n\x1a\n" + f"{picture}:{next(counter)}".encode()
        drawn[data] = view.get("role")
        return data
    monkeypatch.setattr(bot.service, "_draw", draw)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 1483)
    started = time.perf_counter()
    database = tmp_path / "herald.db"
    discord_side = TableService(str(database), Config(), engines=engines(), clock=frozen_clock)
    client = FakeClient()
    layer = Layer(discord_side, client, DiscordSettings(delivery_batch=100))
    client.herald = layer
    tree = build_tree(discord.Client(intents=discord.Intents.default()), layer)
    t = Table(discord_side, client, layer, tree, client.add_channel("games"), client.add_user("alice"),
              client.add_user("bob-on-discord"), client.add_user("carol", manage_guild=True))
    mail_side = make_service(database, frozen_clock)
    transport = MailTransport(mail_side, servers.settings())

    t.cmd("game new", t.alice, game="richard3", scenario="1483", role="york")
    bob.send("join #1")
    transport.run_once()
    assert "You take seat 2 (Lancaster)" in text_of(bob.new_mail()[-1])
    t.cmd("game start", t.alice)
    t.deliver()
    alice_id, bob_id = str(t.alice.id), seats.user_id(bob.address)
    rng = random.Random(1483)
    latest = None
    orders = {}
    rounds = 0
    while discord_side.status(1).status == "active":
        rounds += 1
        assert rounds < 2000 and time.perf_counter() - started < 170, rounds
        transport.run_once()
        t.deliver()
        for mail in bob.new_mail():
            text = text_of(mail)
            assert all(name == "Lancaster" for name, _ in CHOICES.findall(text)), text
            for _, data in pictures_of(mail):
                assert drawn[data] in (None, "lancaster")
            if str(mail["In-Reply-To"]) in orders:
                orders[str(mail["In-Reply-To"])] += 1
            if CHOICES.search(text):
                latest = mail
            elif str(mail["In-Reply-To"]) in orders:
                latest = None
        status = discord_side.status(1)
        if status.status != "active":
            break
        waiting = [w.user_id for w in status.waiting if not w.committed]
        if alice_id in waiting and (bob_id not in waiting or rounds % 2):
            choices = discord_side.choices(1, alice_id)
            t.cmd("order", t.alice, order=rng.choice(choices[0].actions).id)
        elif bob_id in waiting and latest is not None:
            total = int(CHOICES.search(text_of(latest)).group(2))
            orders[bob.send(str(rng.randint(1, total)), answering=latest)] = 0
            latest = None
        else:
            assert alice_id in waiting or bob_id in waiting, status.waiting
    transport.run_once()
    t.deliver()
    assert discord_side.status(1).status == "finished"
    assert orders and all(count == 1 for count in orders.values()), orders
    assert any("is over" in text_of(m) for m in bob.inbox())
    assert any("is over" in s.text() for s in client.recorder.public())
    # Discord DMs went to alice alone, and never carried Lancaster's choices or pictures
    for sent in client.recorder.private():
        assert sent.target == t.alice.id, sent
        for data in sent.file_bytes():
            assert drawn.get(data) in (None, "york")
    # every outbox message was delivered by one transport or the other; none lost
    stats = discord_side.outbox.stats()
    assert stats["waiting"] == 0 and stats["dead"] == 0, stats
    print(f"mixed game: {len(orders)} mail orders, {rounds} rounds, {len(bob.inbox())} mails, "
          f"{len(client.recorder.sent)} Discord messages, {time.perf_counter() - started:.1f}s")
    discord_side.close()
    mail_side.close()

"""Seats by mail over a game's life: a seat given to someone else voids the old secret and gives the new
player one; reminders and deadline notices arrive by mail as on Discord; a follower by mail gets public
facts only; automatic mail is never answered; a mistaken command is answered and changes nothing."""

from __future__ import annotations

import pytest

from bot.config import Config, DeadlineSettings
from bot.mail import seats
from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.helpers import answers_to, start_duel
from tests.mail.servers import HERALD, Player, pictures_of, text_of


@pytest.fixture
def table(tmp_path, servers, frozen_clock, alice, bob):
    config = Config(deadlines=DeadlineSettings(turn=86400, secret=86400), reminders_before=(7200.0,))
    service = make_service(tmp_path / "herald.db", frozen_clock, config)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    yield service, transport, game
    service.close()


def test_a_replaced_seat_voids_the_old_secret_and_the_new_player_can_answer(table, servers, alice, bob):
    service, transport, game = table
    carol = Player(servers, "carol@example.org", "Carol")
    service.replace_seat(1, seats.user_id(alice.address), 2, seats.user_id(carol.address), "Carol")
    transport.run_once()
    [handed] = [m for m in carol.inbox() if "Your choices as Blue" in text_of(m)]
    assert game["bob_secret"] not in str(handed["Reply-To"]) and "herald+1-" in str(handed["Reply-To"])
    assert any("You no longer play Blue" in text_of(m) for m in bob.inbox())
    old = bob.send("1", answering=game["bob"])
    transport.run_once()
    assert "does not open any seat" in text_of(answers_to(bob, old)[0])
    assert service.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0
    new = carol.send("3", answering=handed)
    transport.run_once()
    assert "applied: Bid 3" in text_of(answers_to(carol, new)[0])


def test_reminders_and_the_deadline_reach_the_mail_player_alone(table, frozen_clock, alice, bob):
    service, transport, game = table
    alice.send("1", answering=game["alice"])
    transport.run_once()
    alice.new_mail(), bob.new_mail()
    frozen_clock.advance(86400 - 7200)
    transport.tick()
    transport.run_once()
    [reminder] = bob.new_mail()
    assert "Reminder: Blue must act in game #1 within 2h" in text_of(reminder)
    assert alice.new_mail() == []
    frozen_clock.advance(7200)
    transport.tick()
    transport.run_once()
    assert any("Your deadline in game #1 has passed" in text_of(m) for m in bob.new_mail())
    assert any("The deadline for Blue (Bob) in game #1 has passed" in text_of(m) for m in alice.new_mail())


def test_a_follower_by_mail_gets_public_facts_only(table, servers, drawn_roles, alice, bob):
    service, transport, game = table
    carol = Player(servers, "carol@example.org", "Carol")
    carol.send("follow #1")
    transport.run_once()
    assert "You follow game #1" in text_of(carol.new_mail()[0])
    alice.send("3", answering=game["alice"])
    bob.send("1", answering=game["bob"])
    transport.run_once()
    followed = carol.new_mail()
    assert followed and all("(only you)" not in text_of(m) and "Your choices" not in text_of(m) for m in followed)
    assert any("which you follow" in text_of(m) for m in followed)
    for mail in followed:
        assert "Bid 3" not in text_of(mail) and "You bid" not in text_of(mail)
        for name, data in pictures_of(mail):
            assert name == "map.png" and drawn_roles[data] is None


def test_automatic_mail_gets_no_answer_and_mistakes_are_answered(table, servers, alice, bob):
    service, transport, game = table
    servers.imap.deliver(b"From: bob@example.com\r\nTo: herald@example.org\r\nSubject: Out of office\r\n"
                         b"Auto-Submitted: auto-replied\r\nMessage-ID: <away@example.com>\r\n\r\nI am away.\r\n")
    servers.imap.deliver(f"From: {HERALD}\r\nTo: {HERALD}\r\nSubject: loop\r\nMessage-ID: <self@x>\r\n\r\n1\r\n".encode())
    transport.run_once()
    assert bob.new_mail() == [] and servers.imap.unread_count() == 0
    joined = alice.send("join #7")
    twice = bob.send("join #1")
    nothing = alice.send("", answering=game["alice"], quote=True)
    transport.run_once()
    assert "There is no game #7" in text_of(answers_to(alice, joined)[0])
    assert "not done: You can only join a game before it starts.\nNothing was changed." in text_of(answers_to(bob, twice)[0])
    assert "found no order or command" in text_of(answers_to(alice, nothing)[0])
    assert service.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0


@pytest.fixture
def drawn_roles(monkeypatch):
    import itertools

    import bot.service

    roles: dict[bytes, str | None] = {}
    counter = itertools.count()

    def draw(game, view, picture):
        data = b"\x89PNG\r\n\x1a\n" + f"{picture}:{next(counter)}".encode()
        roles[data] = view.get("role")
        return data
    monkeypatch.setattr(bot.service, "_draw", draw)
    return roles

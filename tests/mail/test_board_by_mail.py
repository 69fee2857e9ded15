"""Issue 32 by mail: "games" answers with the board (the games played by mail, whom they wait for), a
bad filter is refused; "nudge" needs the seat's secret and goes once per step."""

from __future__ import annotations

from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.helpers import answers_to, start_duel
from tests.mail.servers import text_of


def test_games_and_nudge_by_mail(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    sent = bob.send("games")
    transport.run_once()
    board = text_of(answers_to(bob, sent)[0])
    assert "#1 Duel, active, Round 1" in board and "Waiting for Red (Alice)" in board
    sent = bob.send("games newest")
    transport.run_once()
    assert "not done: There is no filter 'newest'" in text_of(answers_to(bob, sent)[0])
    sent = bob.send("nudge #1")                       # no secret: nothing is done
    transport.run_once()
    assert "does not carry your seat's secret" in text_of(answers_to(bob, sent)[0])
    sent = bob.send("nudge", answering=game["bob"])
    transport.run_once()
    assert "Nudged in game #1: Alice" in text_of(answers_to(bob, sent)[0])
    sent = bob.send("nudge", answering=game["bob"])
    transport.run_once()
    assert "already nudged for this step" in text_of(answers_to(bob, sent)[0])
    service.close()


def test_a_substitute_by_mail_gets_the_seats_history_and_its_secret(tmp_path, servers, frozen_clock, alice, bob):
    from tests.mail.servers import Player
    carol = Player(servers, "carol@example.org", "Carol")
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    bob.send("2", answering=game["bob"])                  # Blue bids 2: "You bid 2." is Blue's alone
    transport.run_once()
    sent = carol.send("volunteer #1")
    transport.run_once()
    assert "not done: No seat of game #1 is waiting for a substitute" in text_of(answers_to(carol, sent)[0])
    sent = bob.send("replaceme", answering=game["bob"])
    transport.run_once()
    assert "you play it until a substitute is accepted" in text_of(answers_to(bob, sent)[0])
    sent = carol.send("volunteer #1")
    transport.run_once()
    assert "You volunteer for seat 2 (Blue)" in text_of(answers_to(carol, sent)[0])
    carol.new_mail()
    sent = alice.send("substitute carol@example.org", answering=game["alice"])
    transport.run_once()
    assert "now plays seat 2 (Blue)" in text_of(answers_to(alice, sent)[0])
    transport.run_once()
    welcome = [m for m in carol.new_mail() if "What this seat was told before you took it" in text_of(m)]
    assert welcome and "You bid 2." in text_of(welcome[0])
    assert "herald+1-" in str(welcome[0]["Reply-To"])         # the seat's secret, to carol alone
    assert all("You bid 2." not in text_of(m) for m in alice.new_mail())
    sent = bob.send("hand", answering=game["bob"])          # the old secret opens nothing any more
    transport.run_once()
    assert "does not open any seat" in text_of(answers_to(bob, sent)[0])
    service.close()

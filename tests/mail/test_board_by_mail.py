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

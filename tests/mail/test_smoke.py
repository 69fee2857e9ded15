"""A first game by mail through the real servers: open, join, start, and orders by reply."""

from __future__ import annotations

from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.servers import text_of


def test_open_join_start_and_bid_by_mail(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    alice.send("new duel")
    transport.run_once()
    [opened] = alice.new_mail()
    body = text_of(opened)
    assert "You opened game #1" in body and "Your seat's secret is 1-" in body, body
    bob.send("join #1")
    transport.run_once()
    [joined] = bob.new_mail()
    assert "You take seat 2" in text_of(joined)
    [seated] = alice.new_mail()
    assert "Bob takes seat 2" in text_of(seated)
    alice.send("start", answering=opened)
    transport.run_once()
    [started] = alice.new_mail()
    text = text_of(started)
    assert "Game #1 (Duel) begins" in text and "Your choices as Red (3):" in text, text
    bob_mail = bob.new_mail()
    assert any("Your choices as Blue" in text_of(m) for m in bob_mail), [text_of(m) for m in bob_mail]
    alice.send("2", answering=started)
    transport.run_once()
    [answer] = alice.new_mail()
    assert "“2” — applied: Bid 2." in text_of(answer), text_of(answer)
    print(text_of(answer))
    service.close()

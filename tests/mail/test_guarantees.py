"""Nothing changed without the seat's secret, nothing applied or answered twice, across duplicates and
crashes (real loopback SMTP and IMAP servers; the tiny Duel game)."""

from __future__ import annotations

import pytest

from bot.mail import store
from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.helpers import answers_to, start_duel
from tests.mail.servers import HERALD, Player, text_of


class Killed(BaseException):
    """Stands for the process being killed at that point (not an Exception: nothing may catch it)."""


def actions(service) -> int:
    return service.db.execute("SELECT COUNT(*) FROM actions WHERE undone = 0").fetchone()[0]


@pytest.fixture
def table(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    yield service, transport, game
    service.close()


def test_a_forged_sender_without_the_secret_changes_nothing_and_only_the_real_player_hears(
        table, servers, alice, bob):
    service, transport, game = table
    mallory = Player(servers, "mallory@evil.example", "Mallory")
    version = service.status(1).version
    # From: alice, written by mallory, sent to Herald's plain address (no secret) with Reply-To mallory
    forged = mallory.send("bid:3", subject="Re: [Herald #1] Duel", sender=alice.address)
    transport.run_once()
    assert service.status(1).version == version and actions(service) == 0
    [answer] = answers_to(alice, forged)
    text = text_of(answer)
    assert "not applied" in text and "does not carry your seat's secret" in text and "Nothing was changed" in text
    assert mallory.inbox() == [] and len(servers.inbox(mallory.address)) == 0
    # a made-up secret in the subject: refused the same way
    guessed = mallory.send("bid:3", subject="Re: [Herald #1] Duel key 1-aaaaaaaaaa", sender=alice.address)
    transport.run_once()
    assert service.status(1).version == version
    assert "does not open any seat" in text_of(answers_to(alice, guessed)[0])
    # bob's secret used by bob for alice's seat cannot act for alice: it plays bob's seat, answered to bob
    own = bob.send("bid:1", to=f"herald+{game['bob_secret']}@example.org", sender=alice.address)
    transport.run_once()
    assert actions(service) == 1 and [w.role for w in service.status(1).waiting] == ["red"]
    assert answers_to(alice, own) == [] and "applied: Bid 1" in text_of(answers_to(bob, own)[0])


def test_the_secret_in_the_subject_works_when_plus_tags_are_lost(table, alice):
    service, transport, game = table
    sent = alice.send("2", subject=f"Re: [Herald #1] Duel key {game['alice_secret']}", to=HERALD)
    transport.run_once()
    assert "applied: Bid 2" in text_of(answers_to(alice, sent)[0])
    assert actions(service) == 1


def test_a_duplicated_mail_is_applied_and_answered_once(table, servers, alice):
    service, transport, game = table
    first = alice.send("1", answering=game["alice"])
    alice.send("1", answering=game["alice"], message_id=first)     # the same mail delivered twice
    transport.run_once()
    transport.run_once()
    assert actions(service) == 1
    assert len(answers_to(alice, first)) == 1
    assert servers.imap.unread_count() == 0
    outcome = service.db.execute("SELECT outcome FROM mail_incoming WHERE message_id = ?", [first]).fetchone()
    assert outcome == ("applied 1",)


def _restart(service, servers, frozen_clock, tmp_path):
    service.close()
    service = make_service(tmp_path / "herald.db", frozen_clock)
    return service, MailTransport(service, servers.settings())


def test_killed_after_the_order_committed_before_the_mailbox_was_told(table, servers, frozen_clock, tmp_path, alice):
    service, transport, game = table
    order = alice.send("3", answering=game["alice"])

    def kill(message_id):
        raise Killed
    transport.after_handled = kill
    with pytest.raises(Killed):
        transport.run_once()
    assert actions(service) == 1 and servers.imap.unread_count() == 1   # applied; the mail is still unread
    assert answers_to(alice, order) == []
    service, transport = _restart(service, servers, frozen_clock, tmp_path)
    transport.run_once()   # reads the same mail again: recognised, not applied again; the answer goes once
    assert actions(service) == 1 and servers.imap.unread_count() == 0
    [answer] = answers_to(alice, order)
    assert "applied: Bid 3" in text_of(answer)
    transport.run_once()
    assert len(answers_to(alice, order)) == 1
    service.close()


def test_killed_after_the_server_accepted_the_answer_before_it_was_marked_sent(
        table, servers, frozen_clock, tmp_path, alice):
    service, transport, game = table
    order = alice.send("2", answering=game["alice"])

    def kill(mail):
        if mail.in_reply_to == order:
            raise Killed
    transport.after_sent = kill
    with pytest.raises(Killed):
        transport.run_once()
    service, transport = _restart(service, servers, frozen_clock, tmp_path)
    transport.run_once()   # sent again: the same Message-ID, so a mail client shows it once
    copies = answers_to(alice, order)
    assert len(copies) == 2 and copies[0]["Message-ID"] == copies[1]["Message-ID"]
    assert text_of(copies[0]) == text_of(copies[1])
    assert actions(service) == 1
    service.close()


def test_several_orders_one_per_line_and_a_refusal_stops_the_rest(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    sent = alice.send("Bid 2\nbid:1\n3\n", answering=game["alice"])
    transport.run_once()
    text = text_of(answers_to(alice, sent)[0])
    assert "“Bid 2” — applied: Bid 2." in text
    assert "“bid:1” — not applied: it is not your move in game #1" in text
    assert "“3” — not tried" in text
    assert actions(service) == 1
    service.close()


def test_an_unreachable_address_is_given_up_and_a_down_server_retried(table, servers, frozen_clock, alice, bob):
    service, transport, game = table
    servers.exchange.refuse.add(bob.address)
    alice.send("1", answering=game["alice"])
    transport.run_once()
    dead = service.db.execute("SELECT address, last_error FROM mail_outgoing WHERE dead = 1").fetchall()
    assert [d[0] for d in dead] == [bob.address] and "550" in dead[0][1]
    servers.exchange.refuse.clear()
    transport.settings = transport.sender.settings = servers.settings(smtp_port=1)  # nothing listens there
    bob.send("2", answering=game["bob"])
    transport.run_once()
    waiting = store.pending(service.db, frozen_clock.now + 3600, 50)
    assert waiting and all(m.attempts == 1 for m in waiting)
    transport.settings = transport.sender.settings = servers.settings()
    frozen_clock.advance(3600)
    before = len(alice.inbox())
    transport.run_once()
    assert len(alice.inbox()) > before and store.pending(service.db, frozen_clock.now + 3600, 50) == []


def test_an_html_only_reply_in_outlook_style_is_read(table, alice):
    service, transport, game = table
    html = ('<html><body><div>bid:2</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg">'
            '<b>From:</b> Herald</div><div>1. Bid 1 [bid:1]</div></body></html>')
    sent = alice.send("", answering=game["alice"], html=html)
    transport.run_once()
    assert "“bid:2” — applied: Bid 2." in text_of(answers_to(alice, sent)[0])
    assert actions(service) == 1


def test_the_transport_loop_answers_and_stops(table, servers, alice):
    import threading
    import time

    service, transport, game = table
    transport.settings = servers.settings(poll_interval="1s", delivery_interval="1s")
    stop = threading.Event()
    runner = threading.Thread(target=transport.run, args=(stop,))
    runner.start()
    try:
        sent = alice.send("1", answering=game["alice"])
        deadline = time.monotonic() + 20
        while not answers_to(alice, sent) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop.set()
        runner.join(timeout=20)
    assert not runner.is_alive()
    assert "applied: Bid 1" in text_of(answers_to(alice, sent)[0])


def _red_bids(service) -> list[str]:
    return [r[0] for r in service.db.execute("SELECT action FROM actions WHERE role = 'red' AND undone = 0 "
                                             "ORDER BY pos")]


def test_an_order_by_id_sent_again_in_a_new_mail_is_applied_once(table, bob, alice):
    """Issue 25, item 1: the same mail sent again with a new Message-ID (a resend), its order given by id,
    is answered "already applied" although the id is legal again in the next round."""
    service, transport, game = table
    first = alice.send("bid:2", answering=game["alice"])
    transport.run_once()
    assert "applied: Bid 2" in text_of(answers_to(alice, first)[0])
    bob.send("bid:1", answering=game["bob"])
    transport.run_once()                                # round 2: red may bid 2 again
    again = alice.send("bid:2\nbid:3", answering=game["alice"])   # resent, with one more order after it
    transport.run_once()
    text = text_of(answers_to(alice, again)[0])
    assert "“bid:2” — already applied: Bid 2" in text
    assert _red_bids(service) == ["bid:2"]
    # the order after it answers the position the first one left: not round 2's question, so not applied
    assert "“bid:3” — not applied" in text
    fresh = alice.send("Bid 3", answering=answers_to(alice, again)[0])   # answering round 2's choices
    transport.run_once()
    assert "applied: Bid 3" in text_of(answers_to(alice, fresh)[0])
    assert _red_bids(service) == ["bid:2", "bid:3"]

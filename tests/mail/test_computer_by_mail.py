"""Issue 31 by mail: the game master seats Herald's computer player ("computer SEAT [LEVEL]"), which then
plays its seat; anyone else, or a bad seat or level, is refused and nothing changes."""

from __future__ import annotations

from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.helpers import answers_to
from tests.mail.servers import text_of


def test_the_game_master_seats_the_computer_by_mail_and_it_plays(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    try:
        alice.send("new duel")
        transport.run_once()
        [opened] = alice.new_mail()
        sent = bob.send("computer #1 2")   # not the game master's secret: refused
        transport.run_once()
        assert "not done" in text_of(answers_to(bob, sent)[0])
        sent = alice.send("computer", answering=opened)   # the help's promise: alone, it lists the levels
        transport.run_once()
        assert "(levels: random)" in text_of(answers_to(alice, sent)[0])
        sent = alice.send("computer 2 grandmaster", answering=opened)
        transport.run_once()
        reply = text_of(answers_to(alice, sent)[0])
        assert "No computer player 'grandmaster'" in reply and "random" in reply
        assert service.status(1).seats[1].user_id is None
        sent = alice.send("computer 2 random", answering=opened)
        transport.run_once()
        assert "Herald's computer player (random) takes seat 2" in text_of(answers_to(alice, sent)[0])
        assert service.status(1).seats[1].user_id == "system:robot:random:2"
        sent = alice.send("start", answering=opened)
        transport.run_once()
        assert service.status(1).status == "active"
        for _ in range(200):   # Alice answers whatever she is asked; the computer answers at each tick
            service.tick()
            status = service.status(1)
            if status.status != "active":
                break
            [mine] = service.choices(1, "mail:" + alice.address)
            service.submit(1, "mail:" + alice.address, mine.actions[0].id, role=mine.role)
        assert service.status(1).status == "finished"
        assert service.computer_roles(1) == [service.status(1).seats[1].roles[0]]
    finally:
        service.close()

"""Issue 26, mail as mail users expect: quiet players get a mail only when asked (what happened since
comes with it, or in the daily digest); the game master's tools, vacations and conceding by mail; the
game in words by mail; pictures under their own names."""

from __future__ import annotations

import pytest

from bot.mail import store
from bot.mail.fanout import picture_name
from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.helpers import answers_to, start_duel
from tests.mail.servers import text_of


@pytest.fixture
def quiet_table(tmp_path, servers, frozen_clock, alice, bob):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings(quiet=True, digest_interval="24h"))
    game = start_duel(transport, alice, bob)
    yield service, transport, game
    service.close()


def test_a_quiet_player_reads_the_news_with_the_next_question_or_in_the_daily_digest(quiet_table, frozen_clock,
                                                                                    alice, bob):
    service, transport, game = quiet_table
    order = alice.send("1", answering=game["alice"])
    transport.run_once()
    assert answers_to(alice, order)            # the player's own mail is answered
    held = service.db.execute("SELECT COUNT(*) FROM mail_held").fetchone()[0]
    news = bob.new_mail()
    assert held, news                          # Red's bid is news for Blue, who is asked nothing new
    for mail in news:
        assert "Your choices as" in text_of(mail)
    frozen_clock.advance(86400 + 1)
    transport.run_once()
    [digest] = bob.new_mail()
    assert "daily digest" in text_of(digest)
    assert service.db.execute("SELECT COUNT(*) FROM mail_held").fetchone()[0] == 0


def test_quiet_off_and_on_by_mail(quiet_table, alice):
    service, transport, game = quiet_table
    sent = alice.send("quiet off", answering=game["alice"])
    transport.run_once()
    assert "Every update" in text_of(answers_to(alice, sent)[0])
    assert not store.quiet(service.db, alice.address)
    sent = alice.send("quiet maybe", answering=game["alice"])
    transport.run_once()
    assert "not done" in text_of(answers_to(alice, sent)[0])


def test_the_game_master_pauses_and_resumes_and_a_player_concedes_by_mail(quiet_table, alice, bob):
    service, transport, game = quiet_table
    sent = bob.send("pause", answering=game["bob"])    # not the game master
    transport.run_once()
    assert "not done" in text_of(answers_to(bob, sent)[0]) and service.status(1).status == "active"
    sent = alice.send("pause", answering=game["alice"])
    transport.run_once()
    assert "is paused" in text_of(answers_to(alice, sent)[0]) and service.status(1).status == "paused"
    sent = alice.send("resume", answering=game["alice"])
    transport.run_once()
    assert "goes on" in text_of(answers_to(alice, sent)[0]) and service.status(1).status == "active"
    sent = bob.send("concede", answering=game["bob"])
    transport.run_once()
    assert "You conceded" in text_of(answers_to(bob, sent)[0])
    assert service.status(1).status == "finished"


def test_a_vacation_by_mail_and_a_bad_length_refused(quiet_table, frozen_clock, alice):
    service, transport, game = quiet_table
    sent = alice.send("vacation soon", answering=game["alice"])
    transport.run_once()
    assert "is not a length of time" in text_of(answers_to(alice, sent)[0])
    assert service.vacation("mail:" + alice.address) is None
    sent = alice.send("vacation 3d", answering=game["alice"])
    transport.run_once()
    assert "On vacation until" in text_of(answers_to(alice, sent)[0])
    assert service.vacation("mail:" + alice.address) is not None


def test_every_picture_has_a_name_of_its_own():
    assert picture_name({"role": None, "picture": "map"}) == "map.png"
    assert picture_name({"role": "york", "picture": "map"}) == "my-map.png"
    assert picture_name({"role": "york", "picture": "battle"}) == "my-battle.png"
    assert picture_name({"role": None, "picture": "region", "params": [["region", "italy"]]}) == "region-italy.png"

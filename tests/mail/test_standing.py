"""Issue 33, item 2: standing answers by mail: "standing" lists them, "standing ID on" sets one, which then
answers for the player; a bad one is refused with the list and changes nothing (real loopback servers)."""

from __future__ import annotations

import pytest

from bot.config import Config
from bot.mail.transport import MailTransport
from bot.service import TableService
from rules.core.contract import StandingAnswer
from tests.mail.helpers import answers_to, start_duel
from tests.mail.servers import text_of
from tests.support.duel import Duel


class SteadyDuel(Duel):
    """Duel with one standing answer: always bid 1."""

    def standing_answers(self):
        return [StandingAnswer("bid-one", "Always bid 1", ("bid",), "bid:1")]

    def standing_move(self, state, role, chosen):
        return "bid:1" if "bid-one" in set(chosen) and role in self.active_roles(state) else None


@pytest.fixture
def table(tmp_path, servers, frozen_clock, alice, bob):
    service = TableService(str(tmp_path / "herald.db"), Config(), engines={"duel": SteadyDuel()}, clock=frozen_clock)
    transport = MailTransport(service, servers.settings())
    game = start_duel(transport, alice, bob)
    yield service, transport, game
    service.close()


def test_standing_answers_by_mail_are_listed_set_used_and_refused(table, alice, bob):
    service, transport, game = table
    listed = alice.send("standing", answering=game["alice"])
    transport.run_once()
    assert "[ ] bid-one: Always bid 1" in text_of(answers_to(alice, listed)[0])
    version = service.status(1).version
    bad = alice.send("standing bid-ten on", answering=game["alice"])
    transport.run_once()
    text = text_of(answers_to(alice, bad)[0])
    assert "not done: No standing answer 'bid-ten'" in text and "bid-one" in text
    assert service.status(1).version == version and not service.standing(1, service.status(1).seats[0].user_id)[0][2]
    good = alice.send("standing bid-one on", answering=game["alice"])
    transport.run_once()
    assert "Always bid 1: on" in text_of(answers_to(alice, good)[0])
    # used at once: Red's bid of this round is made for Alice
    assert "red" not in [w.role for w in service.status(1).waiting]
    users = [r[0] for r in service.db.execute("SELECT user_id FROM actions")]
    assert users == ["system:standing"]


def test_a_condition_by_mail_is_refused_when_the_answer_takes_none_and_changes_nothing(table, alice):
    service, transport, game = table
    version = service.status(1).version
    bad = alice.send("standing bid-one on unless rich", answering=game["alice"])
    transport.run_once()
    text = text_of(answers_to(alice, bad)[0])
    assert "'rich' is no condition of 'bid-one'" in text and "takes no condition" in text
    assert service.status(1).version == version and not service.standing(1, service.status(1).seats[0].user_id)[0][2]
    listed = alice.send("standing bid-one", answering=game["alice"])
    transport.run_once()
    assert "bid-one takes no condition." in text_of(answers_to(alice, listed)[0])


def test_a_run_by_mail_that_goes_past_the_players_own_questions_is_refused_and_changes_nothing(table, alice):
    service, transport, game = table
    version = service.status(1).version
    sent = alice.send("run bid:1 bid:2", answering=game["alice"])
    transport.run_once()
    text = text_of(answers_to(alice, sent)[0])
    assert "Answer 2 ('bid:2') comes after the run of your own questions has ended" in text
    assert service.status(1).version == version

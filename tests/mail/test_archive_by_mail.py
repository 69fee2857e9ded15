"""The archive of a game by mail (issue 32, item 5): "archive #1" answers with the game's page attached,
the same file /archive sends on Discord; a game not started is refused in the answer."""

from __future__ import annotations

from bot.config import Config
from bot.mail.fanout import MAIL_CHANNEL
from bot.mail.transport import MailTransport
from bot.service import TableService
from rules.richard3 import ENGINE as RICHARD3
from tests.mail.servers import pictures_of, text_of
from tests.support.whole_games import play_whole_game


def test_the_archive_by_mail_and_its_refusal(tmp_path, servers, frozen_clock, alice):
    service = TableService(str(tmp_path / "herald.db"), Config(), engines={"richard3": RICHARD3},
                           clock=frozen_clock)
    game = play_whole_game(service, "richard3", "1483", 1, players=("u1", "u2"), channel=MAIL_CHANNEL)
    transport = MailTransport(service, servers.settings())
    transport.run_once()
    alice.new_mail()
    alice.send("archive #1")
    transport.run_once()
    [answer] = alice.new_mail()
    assert "The archive of game #1 (Richard III: The Wars of the Roses" in text_of(answer), text_of(answer)
    [(name, page)] = pictures_of(answer)
    assert name == "herald-game-1-richard3.html"
    assert page.replace("\r\n", "\n").encode("utf-8") == service.archive(game).data   # mail text ends lines in CRLF
    service.create_game("richard3", channel=MAIL_CHANNEL, creator_id="u3", creator_name="Cy")
    alice.send("archive #2")
    transport.run_once()
    [refused] = alice.new_mail()
    assert "Game #2 has not started: there is nothing to archive yet." in text_of(refused)
    assert pictures_of(refused) == []
    service.close()

"""A picture with its choice asked for by mail, as on Discord and in the console (issue 11 item 5, issue
19): "map #1 region italy" answers with the Italy picture attached; a bad region or a private picture
is refused in the answer, naming what is allowed."""

from __future__ import annotations

from bot.config import Config
from bot.mail.fanout import MAIL_CHANNEL
from bot.mail.transport import MailTransport
from bot.service import TableService
from rules.hereistand import ENGINE as HERE_I_STAND
from tests.mail.servers import pictures_of, text_of


def test_a_region_picture_by_mail_and_the_refusals(tmp_path, servers, frozen_clock, alice):
    service = TableService(str(tmp_path / "herald.db"), Config(), engines={"hereistand": HERE_I_STAND},
                           clock=frozen_clock)
    status = service.create_game("hereistand", channel=MAIL_CHANNEL, creator_id="u1", creator_name="Ann",
                                 players=3, scenario="1517")
    for user in ("u1", "u2", "u3"):
        service.join(status.game_id, user, user)
    service.start(status.game_id, "u1", seed=1)
    transport = MailTransport(service, servers.settings())
    alice.send("map #1 region italy")
    transport.run_once()
    [answer] = alice.new_mail()
    assert "Region: Italy of game #1 (Turn 1): attached as region-italy.png." in text_of(answer), text_of(answer)
    [(name, data)] = pictures_of(answer)
    assert name == "region-italy.png"
    assert data == service.picture(status.game_id, None, "region", params={"region": "italy"})
    alice.send("map #1 region:atlantis\nmap #1 hand")
    transport.run_once()
    [refused] = alice.new_mail()
    text = text_of(refused)
    assert "Region for the region picture must be one of: balkans" in text and "atlantis" not in text.split("—")[1]
    assert "The hand picture is private: only its owner gets it" in text and pictures_of(refused) == []
    service.close()

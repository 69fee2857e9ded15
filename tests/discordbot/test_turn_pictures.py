"""The "your move" DM carries two pictures: the player's private map and their hand picture (cards and
every own block named at a size a phone reads), both drawn from that player's own view; a battle prompt
also carries the battle picture, and so does the channel's post naming the player waited for."""

from __future__ import annotations

import pytest

import rules.richard3 as richard3
from tests.discordbot.conftest import make_table


@pytest.mark.parametrize("seed", [1483, 5])   # 5 opens with Lancaster's "redeal or keep?" prompt alone
def test_your_move_dm_carries_the_private_map_and_the_hand_picture(tmp_path, frozen, monkeypatch, seed):
    import bot.service
    monkeypatch.setattr(bot.service, "new_seed", lambda: seed)
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    t.deliver()
    turn_dms = [s for s in t.client.recorder.sent if s.where == "dm" and "Your move" in (s.content or "")]
    assert turn_dms
    roles = {t.alice.id: "york", t.bob.id: "lancaster"}
    for dm in turn_dms:
        assert [f.filename for f in dm.files] == ["my-map.png", "my-hand.png"]
        hand = t.service.picture(1, str(dm.target), "hand", roles[dm.target])
        assert dm.files[1].fp.getvalue() == hand
    t.service.close()

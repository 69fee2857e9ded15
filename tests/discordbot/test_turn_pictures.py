"""The "your move" DM carries two pictures: the player's private map and their hand picture (cards and
every own block named at a size a phone reads), both drawn from that player's own view."""

from __future__ import annotations

import rules.richard3 as richard3
from tests.discordbot.conftest import make_table


def test_your_move_dm_carries_the_private_map_and_the_hand_picture(tmp_path, frozen):
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.cmd("game new", t.alice, game="richard3", role="york")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    t.deliver()
    turn_dms = [s for s in t.client.recorder.sent if s.where == "dm" and "Your move" in (s.content or "")]
    assert turn_dms
    for dm in turn_dms:
        assert [f.filename for f in dm.files] == ["my-map.png", "my-hand.png"]
    york = t.service.picture(1, str(t.alice.id), "hand", "york")
    sent_to_alice = [dm for dm in turn_dms if dm.target == t.alice.id]
    assert sent_to_alice and sent_to_alice[0].files[1].fp.getvalue() == york

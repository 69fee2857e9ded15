"""A forged component id naming a game number no game can have (2^63 and more, issue 25, item 5) is
answered with a clear refusal and changes nothing: every kind of component, clicked by a player."""

from __future__ import annotations

import pytest

from tests.discordbot.fakes import dispatch


@pytest.mark.parametrize("custom_id,value", [
    ("hd:a:99999999999999999999:1x9abc:red:0", None),
    ("hd:a:9223372036854775808:1x9abc:red:0", None),
    ("hd:s:99999999999999999999:1x9abc:red:0", "0"),
    ("hd:p:99999999999999999999:1x9abc:red:1", None),
    ("hd:o:99999999999999999999", None),
])
def test_a_forged_game_number_is_refused_and_answered(table, custom_id, value):
    t = table
    t.start_game()
    version = t.service.status(1).version
    clicked = t.run(dispatch(t.client, t.alice, None, custom_id, value=value))
    assert clicked.answered(), custom_id
    said = " ".join(s.content or "" for s in clicked.recorded)
    assert "There is no game #" in said
    assert t.service.status(1).version == version
    assert t.client.all_answered_once() == []

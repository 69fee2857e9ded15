"""Issue 26: Discord's /hand and /view speak in words — the game's text view (Engine.describe), only to
the player: /hand their hand with each card's effect and their pool, /view the game as they see it; no raw
key, id or Python value; within Discord's message limit. A card menu's options describe each card."""

from __future__ import annotations

import rules.richard3 as richard3
from bot.discordbot import limits as L
from rules.core.rawtext import findings


def test_hand_and_view_in_words(tmp_path, frozen):
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.cmd("game new", t.alice, game="richard3", role="york")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    hand = t.cmd("hand", t.alice).recorded[-1].content
    assert "only you can see this" in hand and "**Your hand**" in hand and "action point" in hand
    assert "York's pool" in hand and "The board" not in hand
    view = t.cmd("view", t.alice).recorded[-1].content
    assert "**Where the game stands**" in view and "**Your hand**" in view
    for text in (hand, view):
        assert len(text) <= L.MESSAGE_CONTENT_MAX
        assert not findings(text.replace("**", "")), findings(text.replace("**", ""))

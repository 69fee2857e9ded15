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


def test_the_card_texts_button_shows_every_offered_card_in_full_to_its_player_only(tmp_path, frozen):
    """Issue 26, build 2: a menu option's description holds 100 characters; the "Card texts" button on the
    choices shows each offered card's whole effect, privately, and only to the seat's player."""
    from tests.discordbot.conftest import make_table
    from tests.discordbot.fakes import click

    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.cmd("game new", t.alice, game="richard3", role="york")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    choices = t.cmd("play", t.alice).recorded[-1]
    assert any(cid.startswith("hd:c:") for cid in choices.custom_ids()), choices.custom_ids()
    game_id = int(choices.custom_ids()[0].split(":")[2])
    actions = t.service.choices(game_id, str(t.alice.id))[0].actions
    offered = [a for a in actions if a.hint]
    assert offered
    shown = t.run(click(t.client, t.alice, choices, r"^hd:c:")).recorded[-1]
    assert shown.where == "ephemeral" and len(shown.content) <= L.MESSAGE_CONTENT_MAX
    for action in offered:   # each card named, its effect whole (not cut at 100 characters)
        assert f"**{action.label}**" in shown.content and action.hint in shown.content
    assert not findings(shown.content.replace("**", "").replace("__", ""))
    refused = t.run(click(t.client, t.bob, choices, r"^hd:c:")).recorded[-1]
    assert refused.content.startswith("⚠️") and "not yours" in refused.content


def test_choices_without_texts_have_no_card_texts_button():
    from bot.discordbot.components import Choice, choices_view

    view, _, _ = choices_view("1", "1a", "red", [Choice(0, "pass", "Pass")])
    assert not [c for row in view.to_components() for c in row["components"] if c["custom_id"].startswith("hd:c:")]


def test_a_card_texts_message_says_how_many_did_not_fit():
    from bot.discordbot.components import Choice, texts_message

    many = [Choice(i, f"play:{i}", f"Card {i}", "Cards", "An effect of some length. " * 8) for i in range(40)]
    text = texts_message(many)
    assert len(text) <= L.MESSAGE_CONTENT_MAX and "__Cards__" in text and "more choices" in text

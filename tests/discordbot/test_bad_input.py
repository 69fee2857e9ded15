"""Bad input on Discord is answered privately, never with a traceback or an "internal error", and
never echoed in public (issue 12, items 3 and 4): non-ASCII digits, numbers beyond 64 bits, picture
names that are not the game's, and /map's own failures."""

from __future__ import annotations

import pytest


def _public_after(t, before: int):
    return t.client.recorder.public()[before:]


@pytest.mark.parametrize("game", ["99999999999999999999999", "²", "#-3"])
def test_map_of_a_bad_game_number_is_refused_privately(table, game):
    t = table
    t.start_game()
    t.deliver()
    before = len(t.client.recorder.public())
    inter = t.cmd("map", t.alice, game=game)
    assert _public_after(t, before) == []
    assert inter.recorded and all(s.where == "ephemeral" for s in inter.recorded)
    assert "went wrong" not in inter.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_a_failure_of_map_is_not_posted_publicly(table, monkeypatch):
    t = table
    t.start_game()
    t.deliver()
    before = len(t.client.recorder.public())

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(t.service, "games_in_channel", broken)
    inter = t.cmd("map", t.alice)
    assert _public_after(t, before) == []
    assert inter.recorded[-1].where == "ephemeral" and "went wrong" in inter.recorded[-1].content


def test_map_takes_only_the_games_picture_kinds_and_never_echoes_the_text(table):
    t = table
    t.start_game()
    t.deliver()
    before = len(t.client.recorder.public())
    inter = t.cmd("map", t.alice, picture="@everyone buy cheap gold at example.com")
    assert _public_after(t, before) == []
    assert "example.com" not in inter.recorded[-1].content and "not a picture of this game" in inter.recorded[-1].content


@pytest.mark.parametrize("cmd, params", [
    ("order", {"order": "#²"}),
    ("order", {"order": "#99999"}),
    ("order", {"order": "@²:red:bid:1"}),
    ("game history", {"turn": "²"}),
    ("game history", {"turn": "99999999999999999999999"}),
    ("play", {"game": "99999999999999999999999"}),
    ("game status", {"game": "²"}),
    ("admin replace-seat", {"role": "²"}),
])
def test_non_ascii_digits_and_huge_numbers_are_answered(table, cmd, params):
    t = table
    t.start_game()
    t.deliver()
    before = len(t.client.recorder.public())
    if cmd == "admin replace-seat":
        params = dict(params, user=t.carol)
    inter = t.cmd(cmd, t.alice, **params)
    text = inter.recorded[-1].content
    assert text.startswith("⚠️") and "went wrong" not in text, text
    assert _public_after(t, before) == []
    assert t.service.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0

"""/admin set, the settings in /game new's options, /archive, /replay-picture and /results on a fake Discord
(issue 32, items 4 and 5): each refusal is answered privately and clearly and changes nothing."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rules.core import get_engine
from tests.discordbot.conftest import make_table
from tests.support.duel import ENGINE as DUEL
from tests.support.whole_games import play_whole_game


def _dump(t) -> list[str]:
    return list(t.service.db.conn.iterdump())


def test_the_game_master_sets_a_setting_and_status_shows_it(table):
    t = table
    t.start_game()
    said = t.cmd("admin set", t.alice, game=None, setting="deadline.reaction", value="2h")
    reply = said.recorded[-1]
    assert reply.where == "ephemeral" and "Reaction window" in reply.content and "Reaction window: 2h" in reply.content
    assert t.service.status(1).deadlines.reaction == 7200
    shown = t.cmd("game status", t.bob, game=None).recorded[-1]
    assert "Settings" in shown.text() and "Reaction window: 2h" in shown.text()
    assert t.client.all_answered_once() == []


@pytest.mark.parametrize("who, setting, value, said", [
    ("bob", "deadline.turn", "1h", "Only the game master"),
    ("alice", "deadline.colour", "red", "There is no setting `deadline.colour`"),
    ("alice", "deadline.turn", "soon", "not a duration"),
    ("alice", "spectators", "perhaps", "write on or off"),
])
def test_a_refused_setting_is_answered_privately_and_changes_nothing(table, who, setting, value, said):
    t = table
    t.start_game()
    before = _dump(t)
    reply = t.cmd("admin set", getattr(t, who), game=None, setting=setting, value=value).recorded[-1]
    assert reply.where == "ephemeral" and said in reply.content
    assert _dump(t) == before
    assert t.client.all_answered_once() == []


def test_a_server_admin_sets_for_the_game_master_and_is_named(table):
    t = table
    t.start_game()
    t.cmd("admin set", t.carol, game=None, setting="spectators", value="off")
    assert "Spectators: not allowed" in t.service.game_settings(1)
    notice = t.service.db.execute("SELECT text FROM outbox WHERE kind = 'notice' ORDER BY id DESC").fetchone()[0]
    assert "Carol (Manage Server) for the game master changes the settings of game #1: spectators → off." == notice


def test_game_new_takes_the_games_settings_with_its_options(table):
    t = table
    t.cmd("game new", t.alice, game="duel", options="deadline.turn=12h reminders=1h spectators=off")
    lines = t.service.game_settings(1)
    assert "turn 12h" in lines[0] and "Reminders: 1h before" in lines and "Spectators: not allowed" in lines
    refused = t.cmd("game new", t.alice, game="duel", options="deadline.turn=soon").recorded[-1]
    assert refused.where == "ephemeral" and "not a duration" in refused.content
    assert t.service.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_the_settings_are_suggested_as_you_type(table):
    t = table
    t.start_game()
    keys = [c.value for c in t.ac("autocomplete_setting", t.alice, "dead")]
    assert "deadline.turn" in keys and "spectators" not in keys
    values = [c.value for c in t.ac("autocomplete_setting_value", t.alice, "", setting="deadline.policy")]
    assert values == ["wait", "default", "substitute", "robot"]
    options = [c.value for c in t.ac("autocomplete_options", t.alice, "draft=1 dead", game="duel")]
    assert "draft=1 deadline.turn=1d" in options


@pytest.fixture
def r3_table(tmp_path, frozen):
    t = make_table(tmp_path, engines={"duel": DUEL, "richard3": get_engine("richard3")})
    play_whole_game(t.service, "richard3", "1483", 1, players=(str(t.alice.id), str(t.bob.id)),
                    channel=str(t.channel.id), guild=str(t.channel.guild.id))
    yield t
    t.service.close()


def test_archive_sends_the_page_privately_and_the_replay_picture_is_posted(r3_table):
    t = r3_table
    reply = t.cmd("archive", t.carol, game=None, dm=False).recorded[-1]
    assert reply.where == "ephemeral" and reply.files[0].filename == "herald-game-1-richard3.html"
    page = reply.file_bytes()[0]
    assert page.startswith(b"<!DOCTYPE html>") and b"Final position" in page
    t.client.recorder.clear()
    t.cmd("replay-picture", t.bob, game=None)
    posted = t.client.recorder.public()
    assert len(posted) == 1 and posted[0].files[0].filename.endswith(".webp")
    assert Image.open(io.BytesIO(posted[0].file_bytes()[0])).is_animated
    assert t.client.all_answered_once() == []


def test_archive_by_direct_message(r3_table):
    t = r3_table
    t.cmd("archive", t.alice, game=None, dm=True)
    dms = [s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm"]
    assert dms and dms[-1].files[0].filename.endswith(".html")


def test_results_list_the_servers_finished_games_and_standings(r3_table):
    t = r3_table
    reply = t.cmd("results", t.carol, game=None).recorded[-1]
    text = reply.text()
    assert reply.where == "ephemeral" and "Finished games" in text and "#1 Richard III" in text
    assert "Standings · Richard III" in text and "average place" in text


def test_archive_of_a_game_not_started_is_refused(table):
    t = table
    t.cmd("game new", t.alice, game="duel")
    before = _dump(t)
    for path in ("archive", "replay-picture"):
        params = {"game": None, "dm": False} if path == "archive" else {"game": None}
        reply = t.cmd(path, t.alice, **params).recorded[-1]
        assert reply.where == "ephemeral" and "has not started" in reply.content
    assert _dump(t) == before

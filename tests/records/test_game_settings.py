"""A game's own settings (issue 32, item 4): deadlines per kind of step, the reaction window's length, the
deadline policy, reminder times and spectators, given at creation and changed later by the game master,
shown with the game's status; the config file keeps the server's defaults. Refusals change nothing."""

from __future__ import annotations

import pytest

from bot.service import BadOption, Forbidden
from tests.service.conftest import frozen, service  # noqa: F401  (the service's fixtures)
from tests.service.console_helpers import duel_console


def _game(svc, **settings) -> int:
    status = svc.create_game("duel", channel="chan", creator_id="alice", creator_name="Alice",
                             settings=settings or None)
    svc.join(status.game_id, "alice", "Alice")
    svc.join(status.game_id, "bob", "Bob")
    svc.start(status.game_id, "alice", seed=1)
    return status.game_id


def _dump(svc) -> list[str]:
    return list(svc.db.conn.iterdump())


def _reminders(svc) -> int:
    return svc.db.execute("SELECT COUNT(*) FROM outbox WHERE kind = 'reminder'").fetchone()[0]


def test_settings_given_at_creation_are_the_games_own_and_shown_with_its_status(service):
    game = _game(service, **{"deadline.turn": "1d", "deadline.secret": "12h", "deadline.reaction": "1h",
                             "deadline.policy": "default", "reminders": "3h,30m", "spectators": "off"})
    lines = service.game_settings(game)
    assert lines[0] == "Deadlines: turn 1d, secret choice 12h, negotiation 1d"
    assert lines[1] == "Reaction window: 1h"
    assert lines[2].startswith("When a deadline passes: play the default")
    assert lines[3] == "Reminders: 3h, 30m before" and lines[4] == "Spectators: not allowed"
    assert service.status(game).deadlines.secret == 12 * 3600
    other = _game(service)                      # the server's defaults where a game sets nothing
    assert service.game_settings(other)[3] == "Reminders: 1d, 2h before"


@pytest.mark.parametrize("settings, said", [
    ({"deadline.turn": "soon"}, "not a duration"),
    ({"deadline.policy": "shrug"}, "not one of wait, default, substitute, robot"),
    ({"reminders": "1d,20d"}, "at most 14 days"),
    ({"spectators": "maybe"}, "write on or off"),
    ({"deadline.colour": "red"}, "no setting 'deadline.colour'"),
])
def test_a_bad_setting_at_creation_creates_nothing(service, settings, said):
    before = _dump(service)
    with pytest.raises(BadOption, match=said):
        service.create_game("duel", channel="chan", creator_id="alice", settings=settings)
    assert _dump(service) == before


def test_the_game_master_changes_a_setting_later_and_the_channel_is_told(service):
    game = _game(service)
    lines = service.change_settings(game, "alice", {"deadline.secret": "3h", "reminders": "none"})
    assert "secret choice 3h" in lines[0] and "Reminders: none" in lines
    assert service.status(game).deadlines.secret == 3 * 3600
    notice = service.db.execute("SELECT text FROM outbox WHERE kind = 'notice' ORDER BY id DESC LIMIT 1").fetchone()[0]
    assert "Alice changes the settings of game #1" in notice and "→ 3h" in notice


def test_only_the_game_master_changes_settings_and_a_refusal_changes_nothing(service):
    game = _game(service)
    before = _dump(service)
    with pytest.raises(Forbidden, match="Only the game master"):
        service.change_settings(game, "bob", {"deadline.turn": "1h"})
    with pytest.raises(BadOption, match="not a duration"):
        service.change_settings(game, "alice", {"deadline.turn": "1 fortnight"})
    with pytest.raises(BadOption, match="Name a setting"):
        service.change_settings(game, "alice", {})
    assert _dump(service) == before


def test_spectators_off_refuses_followers_and_stops_those_following(service):
    game = _game(service)
    service.spectate(game, "carol", "Carol")
    service.change_settings(game, "alice", {"spectators": "off"})
    assert service.spectators(game) == []
    before = _dump(service)
    with pytest.raises(Forbidden, match="takes no spectators"):
        service.spectate(game, "dave", "Dave")
    assert _dump(service) == before
    service.change_settings(game, "alice", {"spectators": "on"})
    service.spectate(game, "dave", "Dave")
    assert service.spectators(game) == ["dave"]


def test_the_games_own_reminder_times_replace_the_servers(service, frozen):
    """A 3h deadline: the server's 2h reminder would come after 1h; the game's own 30m one after 2h30."""
    game = _game(service, **{"deadline.secret": "3h", "deadline.turn": "3h", "reminders": "30m"})
    assert service.status(game).waiting
    frozen.tick(3900)                   # 1h05 in: the server's 2h reminder would be due
    service.tick()
    assert _reminders(service) == 0
    frozen.tick(5400)                   # 2h35 in: the game's 30m reminder is due
    service.tick()
    assert _reminders(service) == len(service.status(game).waiting) >= 1


def test_settings_at_the_console(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, clear=True)
    assert console.execute("admin set deadline.turn=6h spectators=off")
    assert any("turn 6h" in line for line in out) and any("not allowed" in line for line in out)
    out.clear()
    assert console.execute("status")
    assert any("Spectators: not allowed" in line for line in out)
    assert not console.execute("admin set deadline.turn")
    svc.close()

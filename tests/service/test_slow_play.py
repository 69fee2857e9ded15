"""Deadlines, reminders, policies, vacations, pauses and reaction windows, under a frozen clock."""

import re
from datetime import timedelta

import pytest

from bot import scheduling
from bot.config import ConfigError, config_from_dict, load_config, parse_duration
from tests.service.conftest import make_service, started_game

HOUR, DAY = 3600, 86400


@pytest.fixture
def svc_factory(tmp_path, frozen):
    made = []

    def make(**deadlines):
        svc = make_service(tmp_path / f"s{len(made)}.db", **deadlines)
        made.append(svc)
        return svc
    yield make
    for svc in made:
        svc.close()


def kinds(svc, user=None):
    return [(m.kind, m.target) for m in svc.outbox.pending(500) if user is None or m.target == user]


def drain(svc):
    for m in svc.outbox.pending(500):
        svc.outbox.mark_delivered(m.id)


def test_wait_policy_announces_once_and_keeps_waiting(svc_factory, frozen):
    svc = svc_factory(secret="1d", policy="wait")
    game = started_game(svc)
    drain(svc)
    frozen.tick(timedelta(hours=23))
    report = svc.tick()
    assert report.reminders == 2 and report.expired == 0  # both players: one reminder each (1d and 2h collapsed)
    frozen.tick(timedelta(hours=2))
    report = svc.tick()
    assert report.expired == 2 and report.waiting == 2
    assert ("deadline", "chan") in kinds(svc)
    drain(svc)
    assert not svc.tick()  # announced once only
    assert svc.status(game).version == 1


def test_default_policy_plays_the_default_action(svc_factory, frozen):
    svc = svc_factory(secret="1d", policy="default")
    game = started_game(svc)
    svc.submit(game, "alice", "bid:3")
    frozen.tick(timedelta(days=1, seconds=1))
    report = svc.tick()
    assert report.defaulted == 1
    status = svc.status(game)
    assert status.turn_label == "Round 2"
    row = svc.db.execute("SELECT role, action, user_id FROM actions ORDER BY id DESC LIMIT 1").fetchone()
    assert row == ("blue", "bid:1", "system:deadline")
    assert any("deadline for Blue (Bob) has passed" in l.text for l in svc.log(game, None))
    assert svc.replay(game).ok


def test_substitute_policy_hands_the_seat_over(svc_factory, frozen):
    svc = svc_factory(turn="12h", secret="12h", policy="substitute", substitute="sub")
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    frozen.tick(timedelta(hours=13))
    assert svc.tick().substituted == 1
    status = svc.status(game)
    assert status.seats[1].user_id == "sub"
    (waiting,) = status.waiting
    assert waiting.user_id == "sub" and waiting.deadline > frozen().timestamp() + 11 * HOUR
    assert ("your_move", "sub") in kinds(svc)
    svc.submit(game, "sub", "bid:1")


def test_per_game_deadline_overrides(svc_factory, frozen):
    svc = svc_factory(secret="2d")
    game = started_game(svc, deadlines={"secret": "3h", "policy": "default"})
    (first, _) = svc.status(game).waiting
    assert first.deadline == pytest.approx(frozen().timestamp() + 3 * HOUR)
    frozen.tick(timedelta(hours=4))
    assert svc.tick().defaulted == 2


def test_no_deadline_when_duration_is_zero(svc_factory, frozen):
    svc = svc_factory(secret="none")
    game = started_game(svc)
    assert all(w.deadline is None for w in svc.status(game).waiting)
    frozen.tick(timedelta(days=365))
    assert not svc.tick()


def test_vacation_pauses_deadlines_and_gives_back_the_time_left(svc_factory, frozen):
    svc = svc_factory(secret="2d", policy="default")
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    due = svc.status(game).waiting[0].deadline
    frozen.tick(timedelta(days=1))
    svc.set_vacation("bob", frozen().timestamp() + 5 * DAY)  # one day was left
    assert svc.status(game).waiting[0].paused
    frozen.tick(timedelta(days=4))
    assert svc.tick().expired == 0
    frozen.tick(timedelta(days=1, hours=1))   # the vacation ended an hour ago
    report = svc.tick()
    assert report.resumed == 1 and report.expired == 0
    waiting = svc.status(game).waiting[0]
    assert not waiting.paused and waiting.deadline == pytest.approx(due + 5 * DAY)
    frozen.tick(timedelta(hours=23, minutes=1))
    assert svc.tick().defaulted == 1


def test_ending_a_vacation_early(svc_factory, frozen):
    svc = svc_factory(secret="1d")
    game = started_game(svc)
    svc.set_vacation("bob", frozen().timestamp() + 10 * DAY)
    frozen.tick(timedelta(days=2))
    svc.set_vacation("bob", None)
    bob = [w for w in svc.status(game).waiting if w.role == "blue"][0]
    assert not bob.paused and bob.deadline == pytest.approx(frozen().timestamp() + DAY)
    assert svc.vacation("bob") is None


def test_pause_stops_the_clock_and_resume_moves_deadlines(svc_factory, frozen):
    svc = svc_factory(secret="1d", policy="default")
    game = started_game(svc)
    due = svc.status(game).waiting[0].deadline
    svc.pause(game, "alice")
    frozen.tick(timedelta(days=3))
    assert not svc.tick()
    svc.resume(game, "alice")
    assert svc.status(game).waiting[0].deadline == pytest.approx(due + 3 * DAY)


def test_reaction_window_gets_the_short_deadline_and_default_pass(svc_factory, frozen):
    svc = svc_factory(turn="2d", reaction="2h", reaction_policy="default", policy="wait")
    game = started_game(svc, "skirmish")
    svc.submit(game, "alice", "attack")
    (waiting,) = svc.status(game).waiting
    assert waiting.kind == "reaction" and waiting.deadline == pytest.approx(frozen().timestamp() + 2 * HOUR)
    frozen.tick(timedelta(hours=3))
    assert svc.tick().defaulted == 1
    assert svc.log(game, None)[-1].text == "The blow lands."


def test_auto_pass_only_when_nothing_playable(svc_factory, frozen):
    svc = svc_factory()
    game = started_game(svc, "skirmish")
    svc.set_autopass(game, "bob", True)
    svc.submit(game, "alice", "attack")
    assert [w.role for w in svc.status(game).waiting] == ["defender"]  # holds the shield: asked
    svc.submit(game, "bob", "block")
    result = svc.submit(game, "alice", "attack")
    assert result.automatic == 1  # no shield left: passed at once
    assert [w.role for w in svc.status(game).waiting] == ["attacker"]
    auto = svc.db.execute("SELECT user_id FROM actions ORDER BY id DESC LIMIT 1").fetchone()[0]
    assert auto == "system:autopass"
    svc.submit(game, "alice", "attack")
    assert svc.status(game).status == "finished"


def test_your_move_notices_go_to_the_player_privately(svc_factory):
    svc = svc_factory()
    started_game(svc)
    notices = [m for m in svc.outbox.pending(500) if m.kind == "your_move"]
    assert {(m.target, m.role) for m in notices} == {("alice", "red"), ("bob", "blue")}
    assert all(m.target_kind == "user" and m.private for m in notices)  # they may quote private lines


def test_reminder_arithmetic():
    before = (DAY, 2 * HOUR)
    assert scheduling.reminders_due(before, 100 * HOUR, 50 * HOUR, 0) is None
    assert scheduling.reminders_due(before, 100 * HOUR, 77 * HOUR, 0) == 1
    assert scheduling.reminders_due(before, 100 * HOUR, 77 * HOUR, 1) is None
    assert scheduling.reminders_due(before, 100 * HOUR, 99 * HOUR, 0) == 2
    assert scheduling.reminders_due(before, 100 * HOUR, 101 * HOUR, 0) is None


def test_config_loading(tmp_path):
    assert load_config(tmp_path / "missing.toml").deadlines.policy == "wait"
    path = tmp_path / "config.toml"
    path.write_text('[deadlines]\npolicy = "default"\nturn = "1d12h"\n[deadlines.duel]\nsecret = "3h"\n'
                    '[engines]\nmodules = { duel = "tests.support.duel" }\n[reminders]\nbefore = ["2h", "1d"]\n[admin]\nusers = ["root"]\n')
    config = load_config(path)
    assert config.deadlines.turn == 36 * HOUR and config.deadlines_for("duel").secret == 3 * HOUR
    assert config.reminders_before == (DAY, 2 * HOUR) and config.admins == ("root",)
    assert parse_duration("90s") == 90 and parse_duration("none") == 0
    for bad in ({"deadlines": {"policy": "sulk"}}, {"deadlines": {"turn": "soon"}},
                {"deadlines": {"color": 1}}, {"reminders": {"before": "2h"}}):
        with pytest.raises(ConfigError):
            config_from_dict(bad)
    path.write_text("[deadlines\n")
    with pytest.raises(ConfigError):
        load_config(path)


def test_example_config_documents_what_is_read():
    from pathlib import Path
    config = load_config(Path(__file__).resolve().parents[2] / "config.example.toml")
    assert config.deadlines.reaction == 6 * HOUR and config.outbox_backoff_max == HOUR
    assert config.local_database_path == "herald-local.db" and config.database_path == "herald.db"


def test_a_seat_replaced_during_a_pause_gets_a_full_deadline_after_resume(svc_factory, frozen):
    svc = svc_factory(secret="1d")
    game = started_game(svc)
    svc.pause(game, "alice")
    frozen.tick(timedelta(days=2))
    svc.replace_seat(game, "alice", "blue", "carol")
    frozen.tick(timedelta(days=2))
    svc.resume(game, "alice")
    carol = [w for w in svc.status(game).waiting if w.role == "blue"][0]
    assert carol.user_id == "carol" and carol.deadline == pytest.approx(frozen().timestamp() + DAY)


def test_misspelt_sections_and_keys_are_refused():
    for bad, words in (({"deadlnes": {"turn": "1d"}}, "unknown section [deadlnes]"),
                       ({"reminders": {"befor": ["1d"]}}, "reminders: unknown setting(s) befor"),
                       ({"database": {"pth": "x.db"}}, "database: unknown setting(s) pth"),
                       ({"policy": "wait"}, "unknown setting 'policy' outside any section"),
                       ({"outbox": {"max_attempts": "many"}}, "outbox.max_attempts"),
                       ({"admin": {"users": "root"}}, "admin.users")):
        with pytest.raises(ConfigError, match=re.escape(words)):
            config_from_dict(bad)
    config = config_from_dict({"discord": {"token": "x"}, "database": {"local_path": "mine.db"}})
    assert config.local_database_path == "mine.db" and config.database_path == "herald.db"

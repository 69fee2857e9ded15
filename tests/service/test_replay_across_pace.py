"""A game stored before the engines answered one-answer questions themselves (issue 33) still replays:
its log holds the answers it was asked for, and `herald replay` / `herald check-db` rebuild it as it was
played (the first snapshot says how), not with today's automatic answers."""

from __future__ import annotations

import copy
import random

from bot.config import Config
from bot.service import TableService
from rules.richard3 import ENGINE as RICHARD3


def _play_legacy_game(path, actions: int = 400) -> tuple[int, list[tuple[str, str]]]:
    legacy = copy.copy(RICHARD3)
    legacy.answers_forced = False          # the engine as it was before issue 33
    svc = TableService(str(path), Config(), engines={"richard3": legacy})
    game = svc.create_game("richard3", channel="chan", creator_id="alice", creator_name="Alice").game_id
    svc.join(game, "alice", "Alice")
    svc.join(game, "bob", "Bob")
    svc.start(game, "alice")
    chooser, played = random.Random(5), []
    for _ in range(actions):
        state = svc._state(svc._game(game))
        roles = legacy.active_roles(state)
        if not roles:
            break
        role = chooser.choice(roles)
        action = chooser.choice(legacy.legal_actions(state, role)).id
        holder = next(s.user_id for s in svc.status(game).seats if role in s.roles)
        svc.submit(game, holder, action, role=role)
        played.append((role, action))
    svc.close()
    return game, played


def test_a_game_begun_before_automatic_answers_replays_as_it_was_played(tmp_path):
    path = tmp_path / "herald.db"
    game, played = _play_legacy_game(path)
    svc = TableService(str(path), Config(), engines={"richard3": RICHARD3})
    try:
        assert RICHARD3.answers_forced and len(played) > 100
        report = svc.replay(game)
        assert report.ok, report.verdict()
    finally:
        svc.close()

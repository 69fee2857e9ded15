"""Issue 26: what a game's first automatic steps say before any action ("Round 1 of 6 begins.", a rival's
first bid, the 95 Theses, each player's first hand) reaches the log and the players: the public lines with
the channel's start message, each private line to its own seat only; a replay still matches."""

from __future__ import annotations

from bot.config import Config
from bot.service import TableService
from rules.core import SetupArgs


def _started(tmp_path, game: str, engine, users: list[str], **create) -> tuple[TableService, int]:
    svc = TableService(str(tmp_path / "h.db"), Config(), engines={game: engine})
    game_id = svc.create_game(game, channel="c", creator_id=users[0], **create).game_id
    for user in users:
        svc.join(game_id, user)
    svc.start(game_id, users[0], seed=3)
    return svc, game_id


def test_the_engine_gives_the_opening_lines_with_the_same_start():
    from rules.oldkingscrown import ENGINE
    args = SetupArgs("standard", (("clans",),), 3, {})
    state, opening = ENGINE.setup_logged(args)
    assert state == ENGINE.setup(args)
    assert [e.text for e in opening][0] == "Round 1 of 6 begins."


def test_a_solo_game_opens_with_its_round_and_the_rivals_bid(tmp_path, frozen):
    from rules.oldkingscrown import ENGINE
    svc, game = _started(tmp_path, "oldkingscrown", ENGINE, ["ann"], players=1)
    lines = svc.log(game, "ann", None)
    assert [line.text for line in lines[:2]] == ["Round 1 of 6 begins.", "Nobility has placed a bid."]
    assert all(line.pos == 0 for line in lines[:2])
    start = next(m for m in svc.outbox.pending(100) if m.kind == "log")
    assert start.text.endswith("Round 1 of 6, spring.\nRound 1 of 6 begins.\nNobility has placed a bid.")
    svc.submit(game, "ann", svc.choices(game, "ann")[0].actions[0].id)
    assert svc.replay(game).ok, svc.replay(game).verdict()
    svc.close()


def test_each_first_hand_goes_to_its_own_seat_only(tmp_path, frozen):
    import rules.richard3 as richard3
    svc, game = _started(tmp_path, "richard3", richard3.ENGINE, ["ann", "ben"], scenario="1483")
    mine = [line.text for line in svc.log(game, "ann", None) if line.private]
    theirs = [line.text for line in svc.log(game, "ben", None) if line.private]
    assert len(mine) == len(theirs) == 1 and mine[0].startswith("Your hand: ") and mine != theirs
    assert not [line for line in svc.log(game, None, None) if line.text.startswith("Your hand")]
    told = {m.target: m.text for m in svc.outbox.pending(100) if m.kind == "private_log"}
    assert told == {"ann": f"Game #{game}: {mine[0]}", "ben": f"Game #{game}: {theirs[0]}"}
    assert not any("Your hand" in m.text for m in svc.outbox.pending(100) if not m.private)
    svc.close()

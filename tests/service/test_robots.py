"""Herald's own players at the table (issue 31): a computer seat, and the computer standing in for an
absent player until they are back."""

import random
from datetime import timedelta

import pytest

from bot.config import Config, DeadlineSettings
from bot.console import Console
from bot.service import BadOption, TableService
from rules.core import get_engine
from tests.service.conftest import make_service, started_game


def _service(path, **deadlines):
    config = Config(deadlines=DeadlineSettings().merged(deadlines) if deadlines else DeadlineSettings())
    return TableService(str(path), config, engines={"richard3": get_engine("richard3")})


def test_a_person_plays_a_computer_seat_to_the_end(tmp_path, frozen):
    svc = _service(tmp_path / "h.db")
    game = svc.create_game("richard3", channel="chan", creator_id="alice", creator_name="Alice",
                           scenario="1483").game_id
    svc.join(game, "alice", "Alice", seat="york")
    seat = svc.seat_robot(game, "alice", "novice")
    assert seat.roles == ("lancaster",)
    svc.start(game, "alice", seed=4)
    chooser = random.Random(4)
    for _ in range(2000):
        svc.tick()
        status = svc.status(game)
        if status.status == "finished":
            break
        asked = [c for c in svc.choices(game, "alice") if c.actions]
        if asked:
            svc.submit(game, "alice", chooser.choice(asked[0].actions).id, role=asked[0].role)
    assert svc.status(game).status == "finished"
    assert svc.computer_roles(game) == ["lancaster"]
    texts = [m.text for m in svc.outbox.pending(5000)]
    assert any("computer player (novice) takes seat 2" in t for t in texts)
    assert not any(m.target and m.target.startswith("system:") for m in svc.outbox.pending(5000))
    svc.close()


def test_a_computer_seat_needs_a_known_level_and_the_game_master(tmp_path, frozen):
    svc = _service(tmp_path / "h.db")
    game = svc.create_game("richard3", channel="chan", creator_id="alice", creator_name="Alice").game_id
    with pytest.raises(BadOption, match="novice"):
        svc.seat_robot(game, "alice", "grandmaster")
    with pytest.raises(Exception, match="game master"):
        svc.seat_robot(game, "bob", "novice")
    svc.close()


def test_after_two_missed_deadlines_the_computer_stands_in_until_the_player_is_back(tmp_path, frozen):
    svc = make_service(tmp_path / "d.db", secret="1d", policy="robot", robot_after="2")   # Duel: random only
    game = started_game(svc)            # Duel: alice and bob bid secretly each round
    svc.submit(game, "alice", "bid:3")
    frozen.tick(timedelta(days=1, seconds=1))
    svc.tick()                          # bob's first miss: a fresh deadline
    texts = [m.text for m in svc.outbox.pending(500)]
    assert any("1 deadline missed" in t and "After 1 more" in t for t in texts)
    assert svc.status(game).version == 2   # nothing played for bob yet
    frozen.tick(timedelta(days=1, seconds=1))
    svc.tick()                          # the second: the computer plays bob's roles from now on
    texts = [m.text for m in svc.outbox.pending(500)]
    assert any("missed 2 deadlines: Herald's computer player (random) plays Blue" in t for t in texts)
    after = svc.status(game).version
    assert after > 2 and svc.computer_roles(game) == ["blue"]
    svc.submit(game, "alice", "bid:2")  # round 2 (the computer bid at once for bob) is revealed
    svc.submit(game, "bob", "bid:1")    # round 3: bob is back before the next tick
    mine = [m.text for m in svc.outbox.pending(500) if m.target == "bob"]
    assert any(t.startswith("Welcome back") and "Blue: Bid" in t for t in mine)
    assert any("Bob is back and plays Blue again" in m.text for m in svc.outbox.pending(500))
    svc.submit(game, "alice", "bid:3")  # round 4 asks bob again
    svc.tick()
    assert [c.role for c in svc.choices(game, "bob") if c.actions] == ["blue"]   # the computer left the seat
    assert svc.computer_roles(game) == ["blue"]                                   # and the record keeps it
    svc.close()


def test_the_old_kings_crown_rival_holds_a_computer_seat_and_the_end_names_it(tmp_path, frozen):
    """Issue 31: the rival (rules/oldkingscrown/player.py) is The Old King's Crown's computer player; the
    result names the seat it played."""
    svc = TableService(str(tmp_path / "okc.db"), Config(), engines={"oldkingscrown": get_engine("oldkingscrown")})
    game = svc.create_game("oldkingscrown", channel="chan", creator_id="alice", creator_name="Alice",
                           players=2).game_id
    svc.join(game, "alice", "Alice")
    seat = svc.seat_robot(game, "alice", None)          # the game's strongest: the rival
    assert seat.user_id == "system:robot:rival:2"
    svc.start(game, "alice", seed=3)
    chooser = random.Random(3)
    for _ in range(3000):
        svc.tick()
        if svc.status(game).status == "finished":
            break
        asked = [c for c in svc.choices(game, "alice") if c.actions]
        if asked:
            svc.submit(game, "alice", chooser.choice(asked[0].actions).id, role=asked[0].role)
    assert svc.status(game).status == "finished"
    robot_roles = svc.computer_roles(game)
    assert robot_roles == list(seat.roles)
    results = [m.text for m in svc.outbox.pending(50000) if m.kind == "result"]
    assert results and "Played by Herald's computer:" in results[-1] and "(seat 2, rival)" in results[-1]
    svc.close()


def test_the_console_computer_usage_names_the_game_s_own_levels(tmp_path):
    """Issue 31 at the console: "computer" without a seat is refused with the levels of the current game, taken
    from the service (The Old King's Crown has rivals, not a novice and a veteran), and nothing changes."""
    svc = TableService(str(tmp_path / "okc.db"), Config(), engines={"oldkingscrown": get_engine("oldkingscrown")})
    out: list[str] = []
    console = Console(svc, str(tmp_path / "out"), out.append)
    for line in ("as alice", "new oldkingscrown players=2", "join"):
        assert console.execute(line), out[-3:]
    assert not console.execute("computer")
    assert console.last_error.code == "bad_input"
    assert "Usage: computer SEAT|ROLE [LEVEL] (levels: random, rival-novice, rival)" in "\n".join(out)
    assert "veteran" not in "\n".join(out)
    assert svc.status(console.game).seats[1].user_id is None
    assert console.execute("computer 2")   # no level: the game's strongest
    assert svc.status(console.game).seats[1].user_id == "system:robot:rival:2"
    svc.close()

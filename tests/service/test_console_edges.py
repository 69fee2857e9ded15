"""Console edges: huge numbers answer clearly, empty lists say so, `view` shows the battle under way."""

from __future__ import annotations

import random

from bot import clock
from tests.service.console_helpers import console_for, richard3_console
from tests.service.conftest import make_service


def test_huge_numbers_and_empty_lists_answer_clearly(tmp_path, frozen):
    console, out = console_for(make_service(tmp_path / "e.db"), tmp_path)
    console.execute("as zed")
    for line, expected in (("mine", "plays no game"), ("games", "No games here"),
                           ("use 99999999999999999999999", "There is no game #9999"),
                           ("advance 99999999d", "ten years (3650d)")):
        out.clear()
        console.execute(line)
        assert any(expected in x for x in out), (line, out)
        assert not any("Internal error" in x or "Traceback" in x for x in out)
    clock.reset()


def test_view_shows_the_battle_while_one_is_fought(tmp_path):
    svc, console, out = richard3_console(tmp_path, clear=True)
    console.write_images = True
    rng = random.Random(7)
    for _ in range(800):
        if svc.view(1, None).get("battle"):
            break
        role = rng.choice([w.role for w in svc.status(1).waiting])
        user = {"york": "alice", "lancaster": "bob"}[role]
        choices = [rc for rc in svc.choices(1, user) if rc.role == role]
        svc.submit(1, user, rng.choice(choices[0].actions).id, role=role)
    assert svc.view(1, None).get("battle")
    out.clear()
    assert console.execute("view")
    assert any(x.startswith("Wrote") and x.split()[1].endswith("-battle.png") for x in out), out
    assert any("Battle under way" in x for x in out)


def test_end_and_abort_ask_first_and_the_game_master_cannot_crown_their_own_side(tmp_path, frozen):
    from tests.service.console_helpers import duel_console
    svc, console, out = duel_console(tmp_path, clear=True)
    for line in ("admin abort", "admin end blue"):
        out.clear()
        assert console.execute(line)
        assert any("Nothing is changed yet" in x and "confirm" in x for x in out), out
        assert svc.status(1).status == "active"
    out.clear()
    assert not console.execute("admin end red confirm")          # alice is the game master and plays red
    assert "cannot declare your own side the winner" in out[-1] and svc.status(1).status == "active"
    run = [console.execute(x) for x in ("as bob", "concede", "concede confirm")]
    assert all(run) and svc.status(1).status == "finished" and svc.status(1).result.winners == ("red",)
    svc.close()


def test_the_game_master_may_end_a_game_for_the_other_side_or_as_a_draw(tmp_path, frozen):
    from tests.service.console_helpers import duel_console
    svc, console, out = duel_console(tmp_path, clear=True)
    assert console.execute("admin end confirm")
    assert svc.status(1).status == "finished" and svc.status(1).result.winners == ()
    svc.close()


def test_a_stale_your_move_is_not_delivered_after_an_undo(tmp_path, frozen):
    """York ends her actions (Lancaster is told it is his move), then takes it back before the message
    went out: Lancaster never reads a "your move" for a turn that is not his."""
    svc, console, out = richard3_console(tmp_path)
    console.deliver = False
    run_lines_ = [console.execute(x) for x in ("do play:card-03", "as bob", "do play:card-08", "as alice")]
    assert all(run_lines_)
    for m in svc.outbox.pending(500):
        svc.outbox.mark_delivered(m.id, "read")
    assert console.execute("do end") and console.execute("undo")
    stale = [m for m in svc.outbox.pending(500) if m.kind == "your_move" and m.target == "bob"]
    assert stale == []
    svc.close()


def test_replay_without_db_points_at_the_consoles_database(tmp_path, monkeypatch):
    import argparse

    from bot.console import replay_command
    from tests.service.console_helpers import duel_console
    monkeypatch.chdir(tmp_path)
    svc, console, out = duel_console(tmp_path, db_name="herald-local.db")
    svc.close()
    written: list[str] = []
    code = replay_command(argparse.Namespace(game_id="1", db=None, config="none.toml"), write=written.append)
    assert code == 2 and "herald replay 1 --db herald-local.db" in written[-1], written

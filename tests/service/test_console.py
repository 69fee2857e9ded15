"""`herald local` and `herald replay`, driven by scripts (in-process under freezegun, and as a real
subprocess)."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.console import Console
from tests.service.conftest import make_service
from tests.service.scripts import generate_script
from tests.support.duel import ENGINE as DUEL

ROOT = Path(__file__).resolve().parents[2]
CONFIG = '[engines]\nmodules = { duel = "tests.support.duel", skirmish = "tests.service.engines" }\n'


@pytest.fixture
def workdir(tmp_path, frozen):
    (tmp_path / "config.toml").write_text(CONFIG)
    return tmp_path


def run_local(workdir, lines, capsys, db="h.db"):
    script = workdir / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--config", str(workdir / "config.toml"), "--db", str(workdir / db),
                 "--script", str(script), "--out", str(workdir / "out")])
    return code, capsys.readouterr().out


def test_a_scripted_duel_runs_to_the_end_with_a_deadline_passing(workdir, capsys):
    lines = generate_script(DUEL, "duel", seed=4, deadline_after=3)
    code, out = run_local(workdir, lines, capsys)
    assert code == 0, out[-3000:]
    assert "(1 played by default" in out and "is over" in out
    code = main(["replay", "1", "--config", str(workdir / "config.toml"), "--db", str(workdir / "h.db")])
    assert code == 0 and "OK" in capsys.readouterr().out


def test_a_failed_expectation_or_an_unexpected_error_exits_non_zero(workdir, capsys):
    code, out = run_local(workdir, ["as alice", "new duel", "expect error"], capsys)
    assert code == 1 and "script.txt:3: expectation failed: the command succeeded" in out
    code, out = run_local(workdir, ["as alice", "use 77", "status"], capsys, db="b.db")
    assert code == 1 and "script.txt:2: command failed: use 77" in out
    code, out = run_local(workdir, ["as alice", "new duel", "expect text Chess"], capsys, db="c.db")
    assert code == 1 and "'Chess' not in the output" in out


BAD_INPUT = [
    ("do 1", "bad_input", "Say who you are first"),
    ("as alice", None, None),
    ("do 1", "bad_input", "No current game"),
    ("frobnicate", "bad_input", "Unknown command 'frobnicate'"),
    ('say "unclosed', "bad_input", "Cannot read that line"),
    ("new chess", "not_found", "Unknown game 'chess'"),
    ("new duel speed=3", "bad_option", "Unknown option"),
    ("new duel players=x", "bad_input", "players must be a number"),
    ("new duel deadline.policy=sulk", "bad_option", "policy"),
    ("new duel", None, None),
    ("use abc", "not_found", "not a game number"),
    ("use 99", "not_found", "There is no game #99"),
    ("join 5", "not_found", "seats 1 to 2"),
    ("join", None, None),
    ("join", "bad_state", "already sit"),
    ("as bob", None, None),
    ("join red", "seat_taken", "taken by alice"),
    ("start", "forbidden", "Only the game master"),
    ("join", None, None),
    ("as carol", None, None),
    ("join", "game_full", "full"),
    ("as alice", None, None),
    ("start --seed x", "bad_input", "Usage: start"),
    ("start", None, None),
    ("do 7", "bad_input", "from 1 to 3"),
    ("do bid:7", "illegal_order", "not a legal action"),
    ("do 1", None, None),
    ("do 1", "not_your_turn", "not your turn"),
    ("as carol", None, None),
    ("do 1", "not_your_seat", "do not hold a seat"),
    ("admin pause", "forbidden", "Only the game master"),
    ("as alice", None, None),
    ("admin launch", "bad_input", "Unknown admin command"),
    ("advance soon", "bad_input", "not a duration"),
    ("vacation -3d", "bad_input", "not a duration"),
    ("history x", "bad_input", "Usage: history"),
    ("autopass maybe", "bad_input", "Usage: autopass"),
    ("view blue", "not_your_seat", "do not play blue"),
    ("undo", None, None),
    ("undo", "cannot_undo", "Nothing has been played"),
]


def test_bad_console_input_gets_specific_errors_and_no_traceback(tmp_path, frozen):
    svc = make_service(tmp_path / "c.db")
    out = []
    console = Console(svc, str(tmp_path / "out"), out.append)
    console.deliver = False
    for line, code, text in BAD_INPUT:
        out.clear()
        ok = console.execute(line)
        if code is None:
            assert ok, (line, out)
            continue
        assert not ok and console.last_error.code == code, (line, out)
        assert text.lower() in out[0].lower(), (line, out)
        assert "Traceback" not in "\n".join(out)
    svc.close()


def test_console_commands_print_what_players_need(tmp_path, frozen):
    svc = make_service(tmp_path / "c.db")
    out = []
    console = Console(svc, str(tmp_path / "out"), out.append)
    for line in ["as alice", "new duel deadline.secret=2h", "join", "as bob", "join", "as alice", "start",
                 "choices", "do 3", "as bob", "spectate", "catalogue", "games", "mine", "status", "deadline",
                 "view", "view public", "hand", "log", "digest", "history", "history 1", "vacation 2d",
                 "vacation off", "autopass on", "advance 3h", "tick", "messages", "map", "replay", "help"]:
        assert console.execute(line) or line == "spectate", (line, out[-3:])
    text = "\n".join(out)
    for expected in ("1. Bid 1  [bid:1]", "waiting for Blue (bob)", ">> @alice: Game #1: You bid 3.",
                     "Red has chosen a bid.", "duel: Duel", "OK: ", "no picture" if "Wrote" not in text else "Wrote"):
        assert expected in text, expected
    assert "You bid 3" not in "\n".join(o for o in out if o.startswith("  >> #local"))
    svc.close()


def test_interactive_mode_reads_standard_input(tmp_path, frozen, capsys):
    (tmp_path / "config.toml").write_text(CONFIG)
    stdin = io.StringIO("as alice\nnew duel\nbogus\nquit\n")
    from bot.console import local_command
    import argparse
    args = argparse.Namespace(config=str(tmp_path / "config.toml"), db=str(tmp_path / "i.db"), script=None,
                              out=str(tmp_path / "out"))
    assert local_command(args, stdin=stdin) == 0
    out = capsys.readouterr().out
    assert "Game #1 opened" in out and "error [bad_input]: Unknown command 'bogus'" in out


def test_the_real_command_line(tmp_path):
    (tmp_path / "config.toml").write_text(CONFIG)
    script = tmp_path / "s.txt"
    script.write_text("as alice\nnew duel\njoin\nas bob\njoin\nas alice\nstart\ndo 1\nas bob\ndo 2\n"
                      "expect turn Round 2\nadvance 3d\nexpect text 2 deadline(s) passed\n")
    command = [sys.executable, "-m", "bot.cli", "local", "--config", str(tmp_path / "config.toml"),
               "--db", str(tmp_path / "h.db"), "--script", str(script)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    done = subprocess.run([sys.executable, "-m", "bot.cli", "replay", "1", "--config",
                           str(tmp_path / "config.toml"), "--db", str(tmp_path / "h.db")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "OK" in done.stdout, done.stdout + done.stderr
    done = subprocess.run([sys.executable, "-m", "bot.cli", "replay", "5", "--db", str(tmp_path / "h.db"),
                           "--config", str(tmp_path / "config.toml")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "no game #5" in done.stdout
    done = subprocess.run([sys.executable, "-m", "bot.cli", "replay", "1", "--db", str(tmp_path / "none.db")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "no database" in done.stdout


def test_the_console_processes_deadlines_that_passed_under_a_frozen_clock(tmp_path, frozen):
    svc = make_service(tmp_path / "f.db", secret="1d", policy="default")
    out = []
    console = Console(svc, str(tmp_path / "out"), out.append)
    for line in ["as alice", "new duel", "join", "as bob", "join", "as alice", "start", "do 3"]:
        assert console.execute(line), out[-3:]
    frozen.tick(86400 + 60)          # a day passes without bob
    assert console.execute("status")  # each command first processes what fell due
    text = "\n".join(out)
    assert ">> #local: The deadline for Blue (bob) has passed; the default was taken for them." in text
    assert not any("Bid 1" in line for line in out if ">> #local" in line)  # what was played stays private
    assert "Round 2" in text
    out.clear()
    assert console.execute("as bob")
    assert any(">> @bob: Game #1: Your deadline passed: 'Bid 1' was played for you." in line for line in out)
    svc.close()

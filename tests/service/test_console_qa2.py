"""Second QA pass on `herald local` and what it shows: readable `view`, counts and words that make sense,
game numbers written #12, its own database (never delivering the bot's messages), clean errors for a bad
database path, following a game, swap requests, digests that do not repeat one's own moves, undo lines in
order, and stopped clocks in `choices`."""

import json


from bot.cli import main
from tests.service.console_helpers import console_for, duel_console, richard3_console, run_lines
from tests.service.conftest import make_service











def _fails(console, line, code, text):
    assert not console.execute(line), line
    assert console.last_error.code == code, (line, console.last_error.code, console.last_error.message)
    assert text.lower() in console.last_error.message.lower(), (line, console.last_error.message)


def test_words_and_counts_that_make_sense(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "qa2.db", clear=True)
    _fails(console, "log 0", "bad_input", "at least 1")
    _fails(console, "as alice bob", "bad_input", "one word")
    _fails(console, "do 1 foo", "not_found", "no role 'foo'; its roles are Red, Blue")
    _fails(console, "do 1 blue", "not_your_seat", "You do not play Blue in game #1; you play Red")
    _fails(console, "view blue", "not_your_seat", "do not play Blue")
    _fails(console, "new duel players=3", "bad_option", "Duel (Standard) is for 2 players, not 3")
    _fails(console, "admin replace blue alice", "bad_state", "already plays seat 1")
    _fails(console, "admin replace red alice", "bad_state", "alice already plays seat 1 (Red)")
    assert not any("replacing alice by alice" in line for line in out)
    svc.close()


def test_game_numbers_may_be_written_with_a_hash(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "qa2.db", clear=True)
    run_lines(console, out, ["use #1", "status # a comment", "# a whole comment line"])
    assert any(line.startswith("Current game: #1") for line in out)
    assert console.execute("use 1 # the same game")
    svc.close()


def test_view_is_a_short_summary_with_the_players_own_things(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "qa2.db", clear=True)
    run_lines(console, out, ["do 3", "view"])
    text = "\n".join(out)
    assert "Game #1: Duel — Round 1" in text and "Only you see:" in text and "my_bid: 3" in text
    assert not any(line.startswith("{") for line in out)
    out.clear()
    run_lines(console, out, ["view json"])
    assert json.loads("\n".join(out))["my_bid"] == 3
    out.clear()
    run_lines(console, out, ["view public"])
    assert "Only you see" not in "\n".join(out)
    svc.close()





def test_richard3_view_is_readable_and_json_leaves_out_the_static_board(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path, clear=True)
    run_lines(console, out, ["view"])
    assert len(out) < 90, len(out)
    text = "\n".join(out)
    # the view in words (issue 26): your hand with each card's effect, the board by area, no raw keys
    assert "Your hand:" in text and "The board, area by area:" in text and "Wrote " in text
    assert "cards.hand" not in text and "card-0" not in text
    assert "to act: York (alice), Lancaster (bob)" in text
    out.clear()
    run_lines(console, out, ["view json"])
    raw = json.loads("\n".join(out[:-1]))
    assert "map" not in raw and "cards" in raw and "view json full" in out[-1]
    out.clear()
    run_lines(console, out, ["view json full"])
    assert "map" in json.loads("\n".join(out))
    svc.close()


def test_your_move_does_not_repeat_the_players_own_action(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path, clear=True)
    run_lines(console, out, ["as bob", "do play:card-08", "as alice"])
    out.clear()
    run_lines(console, out, ["do play:card-03"])    # york plays last: the reveal comes from her own action
    notice = [line for line in out if ">> @alice: Your move" in line]
    assert notice and not any("Since you last looked" in line for line in out), out
    svc.close()


def test_a_taken_back_move_leaves_the_log_as_before(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path, clear=True)
    run_lines(console, out, ["do play:card-03", "as bob", "do play:card-08", "as alice"])
    before = svc.log(1, "bob")
    run_lines(console, out, ["do sail:y-march", "do go:middlesex", "undo", "log 3"])
    assert svc.log(1, "bob") == before
    assert not any("takes back" in line or "sails" in line for line in out[-3:])
    svc.close()


def test_choices_say_the_clock_is_stopped(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "qa2.db", clear=True)
    run_lines(console, out, ["admin pause", "choices"])
    assert "clock stopped: the game is paused" in out[-4] or any("clock stopped: the game is paused" in l for l in out)
    assert svc.choices(1, "alice")[0].paused
    out.clear()
    run_lines(console, out, ["admin resume", "vacation 3d", "choices"])
    assert any("clock stopped: alice is on vacation" in l for l in out)
    run_lines(console, out, ["vacation off"])
    out.clear()
    run_lines(console, out, ["choices"])
    assert not any("clock stopped" in l for l in out) and not svc.choices(1, "alice")[0].paused
    svc.close()


def test_following_and_swapping_from_theconsole_for(tmp_path, frozen):
    svc = make_service(tmp_path / "f.db")
    console, out = console_for(svc, tmp_path)
    run_lines(console, out, ["as alice", "new duel", "join", "as bob", "join", "swap red", "status"])
    assert any("bob asks to exchange seats with alice" in line for line in out)
    run_lines(console, out, ["as alice", "accept", "start", "as sam", "follow"])
    assert not console.execute("follow") and "already follow" in console.last_error.message
    run_lines(console, out, ["as bob", "do 1", "as alice", "do 1"])
    out.clear()
    run_lines(console, out, ["as sam"])
    assert any(">> @sam: Game #1 (Duel), which you follow: Round 1 is over." in line for line in out)
    run_lines(console, out, ["unfollow"])
    assert not console.execute("as alice") or not console.execute("follow")
    assert "already play" in console.last_error.message
    svc.close()


def test_the_console_delivers_only_its_own_games_messages(tmp_path, frozen):
    svc = make_service(tmp_path / "shared.db")
    discord_game = svc.create_game("duel", channel="123456", creator_id="111").game_id
    svc.join(discord_game, "111")
    svc.join(discord_game, "222")
    svc.start(discord_game, "111")
    theirs = len(svc.outbox.pending(5000))
    console, out = console_for(svc, tmp_path)
    run_lines(console, out, ["as alice", "new duel", "join", "as bob", "join", "as 111", "messages"])
    assert not any("123456" in line or "@111" in line for line in out)
    assert len([m for m in svc.outbox.pending(5000) if m.game_id == discord_game]) == theirs
    svc.close()


def test_herald_local_has_its_own_default_database(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").write_text('[engines]\nmodules = { duel = "tests.support.duel" }\n')
    script = tmp_path / "s.txt"
    script.write_text("as alice\nnew duel\n")
    assert main(["local", "--script", str(script), "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "herald-local.db").exists() and not (tmp_path / "herald.db").exists()
    capsys.readouterr()


def test_a_bad_database_path_is_a_message_not_a_traceback(tmp_path, capsys):
    code = main(["local", "--config", str(tmp_path / "none.toml"), "--db", "/nonexistent/dir/x.db",
                 "--script", str(tmp_path / "none.txt")])
    out = capsys.readouterr()
    assert code == 2 and "error [database]: Cannot open the database /nonexistent/dir/x.db" in out.out
    assert "Traceback" not in out.out + out.err


def test_a_misspelt_config_section_stops_theconsole_for(tmp_path, capsys):
    (tmp_path / "config.toml").write_text('[deadlnes]\nturn = "1d"\n')
    code = main(["local", "--config", str(tmp_path / "config.toml"), "--db", str(tmp_path / "x.db"),
                 "--script", str(tmp_path / "none.txt")])
    assert code == 2 and "unknown section [deadlnes]" in capsys.readouterr().out

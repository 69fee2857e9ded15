"""Fixes from playing Richard III through `herald local` as two people sharing one terminal (QA pass):
private messages wait for their reader, `do N ROLE` honours the role, deadlines read sensibly while
stopped or overdue, `history N` shows a map instead of raw JSON, quiet undo, and the "your move" notice
when a secret card play turns into an action phase."""


from tests.service.console_helpers import duel_console, richard3_console, run_lines
from tests.service.conftest import dump











def test_direct_messages_wait_until_their_player_takes_the_terminal(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    shown_to_alice = "\n".join(out)
    assert ">> @alice: Your move" in shown_to_alice
    assert ">> @bob" not in shown_to_alice  # bob's private notice did not scroll past alice
    out.clear()
    run_lines(console, out, ["do 3"])
    assert any(">> @alice: Game #1: You bid 3." in line for line in out)
    out.clear()
    run_lines(console, out, ["as bob"])
    text = "\n".join(out)
    assert ">> @bob: Your move" in text and "@alice" not in text and "You bid 3" not in text
    svc.close()


def test_a_role_typed_after_a_number_must_be_the_players(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    before = dump(svc)
    assert not console.execute("do 1 blue")
    assert console.last_error.code == "not_your_seat" and "Blue" in console.last_error.message
    assert dump(svc) == before
    assert console.execute("do 1 Red")  # the role's name, in any case, is understood
    svc.close()


def test_overdue_and_stopped_deadlines_read_sensibly(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, policy="wait")
    out.clear()
    run_lines(console, out, ["advance 3d", "status"])
    assert "passed" in out[-1] and "ago" in out[-1] and "in -" not in "\n".join(out)
    run_lines(console, out, ["vacation 2d", "status"])
    assert "clock stopped: alice is on vacation" in "\n".join(out[-3:])
    run_lines(console, out, ["vacation off", "admin pause", "status", "deadline"])
    text = "\n".join(out[-6:])
    assert "clock stopped: the game is paused" in text and "vacation" not in text
    svc.close()


def test_history_of_a_turn_shows_the_log_not_raw_json(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    run_lines(console, out, ["do 3"])
    out.clear()
    run_lines(console, out, ["history 1"])
    text = "\n".join(out)
    assert "map at the start of the turn" in text and not any(line.startswith("{") for line in out)
    assert "(private) You bid 3." in text
    out.clear()
    run_lines(console, out, ["history 1 json"])
    assert any(line.startswith("{") for line in out)
    assert not console.execute("history 1 map")
    svc.close()


def test_a_spectator_has_no_hand(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    run_lines(console, out, ["as carol", "spectate"])
    assert not console.execute("hand")
    assert console.last_error.code == "not_your_seat" and "view public" in console.last_error.message
    svc.close()


def test_catalogue_says_two_players_not_two_to_two(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    out.clear()
    run_lines(console, out, ["catalogue"])
    assert not any("2–2 players" in line for line in out)
    svc.close()





def test_richard3_the_player_whose_card_wins_is_told_it_is_their_move(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path)
    run_lines(console, out, ["do play:card-03", "as bob"])
    out.clear()
    run_lines(console, out, ["do play:card-08", "as alice"])
    text = "\n".join(out)
    assert "York is Player 1" in text
    assert ">> @alice: Your move in game #1" in text and "Action phase" in text
    svc.close()


def test_richard3_undo_of_an_unseen_step_is_quiet_and_a_seen_one_says_what(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path)
    run_lines(console, out, ["do play:card-03", "as bob", "do play:card-08", "as alice"])
    out.clear()
    run_lines(console, out, ["do sail:y-march", "undo"])
    assert not any(">> #local" in line for line in out)  # nobody else saw the step; nothing to announce
    assert not any("takes back" in line.text for line in svc.log(1, "bob") + svc.log(1, "alice"))
    run_lines(console, out, ["do sail:y-march", "do go:middlesex"])
    out.clear()
    run_lines(console, out, ["undo"])
    assert any(">> #local: York takes back: York sails a block from Calais to Middlesex" in line for line in out)
    assert not any("March" in line.text for line in svc.log(1, "bob"))
    svc.close()


def test_richard3_undo_that_takes_back_a_new_turn_tells_the_channel(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path)
    run_lines(console, out, ["do play:card-03", "as bob", "do play:card-08", "as alice", "do end", "as bob", "do end"])
    # no battle, no supply loss for Lancaster: York owes a supply step in Ireland? play on until a new turn
    while svc.status(1).turn_label.startswith("Campaign 1, turn 1"):
        waiting = svc.status(1).waiting[0]
        run_lines(console, out, [f"as {waiting.user_id}", "do 1"])
    last = console.user
    before_turn = "Campaign 1, turn 1"
    out.clear()
    run_lines(console, out, [f"as {last}", "undo"])
    text = "\n".join(out)
    assert ">> #local:" in text and f"Back to {before_turn}" in text


def test_log_with_a_bad_count_says_how(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    assert not console.execute("log x") and "Usage: log [N]" in console.last_error.message
    svc.close()


def test_interactive_play_lists_the_next_choices_after_the_messages(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path)
    console.show_next = True
    run_lines(console, out, ["do play:card-03", "as bob"])
    out.clear()
    run_lines(console, out, ["do play:card-08"])
    assert not any("Sea move" in line for line in out)  # bob has nothing more to choose
    run_lines(console, out, ["as alice"])
    out.clear()
    run_lines(console, out, ["do sail:y-march"])
    listed = [i for i, line in enumerate(out) if "Sail to Kent" in line]
    assert listed and all(i > j for i in listed for j, line in enumerate(out) if ">>" in line)
    svc.close()


def test_status_names_the_winning_side_as_players_know_it(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path)
    run_lines(console, out, ["admin end blue confirm", "status"])   # alice plays red: blue's win she may declare
    result = [line for line in out if "result:" in line][-1]
    assert "Blue" in result and "blue —" not in result
    svc.close()

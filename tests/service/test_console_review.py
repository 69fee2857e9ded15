"""Found in a newcomer's review of `herald local`: the `concede`, `admin end` and `admin abort` previews are
given only to someone the confirmed command would obey (others get the same refusal at once), and an empty
log says so instead of printing nothing."""

from tests.service.console_helpers import duel_console, run_lines


def _fails(console, line, code, text):
    assert not console.execute(line), line
    assert console.last_error.code == code, (line, console.last_error.code, console.last_error.message)
    assert text.lower() in console.last_error.message.lower(), (line, console.last_error.message)


def test_a_player_who_is_not_game_master_is_refused_the_end_and_abort_previews(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "previews.db", clear=True)
    run_lines(console, out, ["as bob"])
    _fails(console, "admin abort", "forbidden", "Only the game master (alice) or an admin can abort the game")
    _fails(console, "admin end", "forbidden", "Only the game master (alice) or an admin can end the game")
    _fails(console, "admin end red", "forbidden", "can end the game")
    assert svc.status(1).status == "active"
    run_lines(console, out, ["as alice", "admin abort"])
    assert "Nothing is changed yet: to do it, type admin abort confirm" in out[-1]


def test_someone_without_a_seat_is_refused_the_concede_preview(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "previews2.db", clear=True)
    run_lines(console, out, ["as carol"])
    _fails(console, "concede", "not_your_seat", "You hold no seat in game #1, so there is nothing to concede")
    run_lines(console, out, ["as bob", "concede"])
    assert "type concede confirm" in out[-1]
    run_lines(console, out, ["concede confirm"])
    _fails(console, "concede", "bad_state", "only a running game can be conceded")


def test_log_of_a_game_with_no_lines_yet_says_so(tmp_path, frozen):
    svc, console, out = duel_console(tmp_path, "emptylog.db", clear=True)
    assert svc.log(1, None, 20) == []
    run_lines(console, out, ["log"])
    assert out[-1] == "The log of game #1 is empty so far."


def test_a_number_from_a_list_the_game_has_moved_past_is_called_stale(tmp_path, frozen):
    """alice lists her choices, the game moves on (bob acts, the cards are revealed), and her "do 1" then
    meant an order that is no longer legal: she is told the list is out of date, not shown an action id."""
    from tests.service.console_helpers import richard3_console
    svc, console, out = richard3_console(tmp_path, clear=True)
    run_lines(console, out, ["as alice", "choices", "do 1", "choices", "as bob", "choices", "do 1", "as alice"])
    out.clear()
    _fails(console, "do 1", "stale_version", "has moved on since those choices were shown")
    assert "play:" not in console.last_error.message
    run_lines(console, out, ["choices", "do 1"])   # listed afresh, the number works

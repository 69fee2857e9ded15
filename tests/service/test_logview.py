"""`log` reads under turn headings, never with the service's internal action numbers."""

from __future__ import annotations

from types import SimpleNamespace as NS

from bot.logview import turn_label_of, with_headings
from tests.service.console_helpers import richard3_console, run_lines


def test_lines_fall_under_the_turn_they_belong_to():
    turns = [NS(pos=0, turn_label="Turn 1"), NS(pos=3, turn_label="Turn 2")]
    lines = [NS(pos=p, text=str(p)) for p in (1, 2, 3, 4, 5)]
    assert [turn_label_of(p, turns) for p in (1, 3, 4)] == ["Turn 1", "Turn 1", "Turn 2"]
    assert [h for h, _ in with_headings(lines, turns)] == ["Turn 1", "", "", "Turn 2", ""]


def test_the_console_log_shows_turn_headings_and_no_numbers(tmp_path, frozen):
    svc, console, out = richard3_console(tmp_path, clear=True)
    run_lines(console, out, ["do play:card-03", "as bob", "do play:card-08", "as alice"])
    out.clear()
    run_lines(console, out, ["log 5"])
    assert out[0] == "  — Campaign 1, turn 1 (1460) —"
    assert not any(line.lstrip().startswith("[") for line in out)
    svc.close()


def test_the_discord_log_shows_turn_headings(tmp_path):
    import rules.richard3 as richard3
    from tests.discordbot.conftest import make_table
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    card = t.service.choices(1, str(t.alice.id))[0].actions[0].id
    t.service.submit(1, str(t.alice.id), card)
    reply = t.cmd("log", t.alice, lines=10).recorded[-1].content
    assert "**Campaign 1, turn 1 (1460)**" in reply and "`" not in reply.split("\n", 1)[1]
    t.service.close()

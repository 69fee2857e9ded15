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


def test_a_turns_opening_line_and_what_follows_it_read_under_the_new_turn():
    """Issue 26: the action that ends a round also opens the next ("Round 2 of 6 begins.", a rival's bid);
    from the engine's opening line on, its lines read under the new turn's heading, not before it."""
    turns = [NS(pos=0, turn_label="Round 1, winter"), NS(pos=2, turn_label="Round 2, spring")]
    lines = [NS(pos=1, kind="info", text="a"), NS(pos=2, kind="info", text="Winter scores."),
             NS(pos=2, kind="round", text="Round 2 of 6 begins."), NS(pos=2, kind="info", text="Nobility bids."),
             NS(pos=3, kind="info", text="Clans bids.")]
    assert [(h, l.text) for h, l in with_headings(lines, turns)] == [
        ("Round 1, winter", "a"), ("", "Winter scores."), ("Round 2, spring", "Round 2 of 6 begins."),
        ("", "Nobility bids."), ("", "Clans bids.")]


def test_the_rivals_bid_comes_after_the_rounds_heading(tmp_path, frozen):
    """The Old King's Crown solo: the rival bids in the action that begins round 2; its line reads under the
    round's heading, after "Round 2 of … begins."."""
    from bot.config import Config
    from bot.service import TableService
    from rules.oldkingscrown import ENGINE

    svc = TableService(str(tmp_path / "okc.db"), Config(), engines={"oldkingscrown": ENGINE})
    game = svc.create_game("oldkingscrown", channel="c", creator_id="ann", players=1).game_id
    svc.join(game, "ann")
    svc.start(game, "ann", seed=3)
    while svc.status(game).turn_label.startswith("Round 1 "):
        svc.submit(game, "ann", svc.choices(game, "ann")[0].actions[0].id)
    shown = [(h, line.text) for h, line in with_headings(svc.log(game, "ann", None), svc.history(game, "ann"))]
    opening = next(i for i, (_, text) in enumerate(shown) if text.startswith("Round 2 of "))
    assert shown[opening][0].startswith("Round 2 of ")
    bid = next(i for i, (_, text) in enumerate(shown) if i > opening and text.endswith("has placed a bid."))
    assert not any(h for h, _ in shown[opening + 1:bid + 1])   # no heading between the round's and the bid
    svc.close()

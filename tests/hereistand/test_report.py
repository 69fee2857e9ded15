"""`herald fuzz --report` (issues 29 and 30 acceptance): how random games end, the VP each source gave
(23.2) and how often each card's event was carried out (6.1), on small random games."""

from collections import Counter

from bot.cli import main
from rules.core.fuzz import GameReport, play_random_game
from rules.core.tally import report_lines
from rules.hereistand import state as st
from rules.hereistand.data import MAJORS
from rules.hereistand.engine import ENGINE


def small_game(seed):
    last = {}
    report = play_random_game(ENGINE, "1532", seed, check_secrets=False, check_every=10**9, players=6,
                              on_state=lambda s: last.update(state=s))
    return report, last["state"]


def test_tallies_are_the_end_positions_vp_and_every_event_carried_out():
    report, state = small_game(6)
    assert report.finished and report.tallies
    vp = report.tallies["VP sources at the end"]
    for power in MAJORS:                     # 23.2: the sources add up to each power's total
        name = ENGINE.role_name(power)
        assert sum(v for k, v in vp.items() if k.startswith(name + ":")) == st.victory_points(state, power)
    assert "Protestant: full Bibles" in vp     # a source worth nothing yet is listed (the report's "never")
    events = report.tallies["Events played"]
    played = Counter(action.partition(":")[2] for _, action in report.log if action.startswith("event:"))
    assert played, "the game played some event from a hand"
    for card, times in played.items():       # 6.1: each event played from a hand is counted (deadlines too)
        assert events[st.card_label(card).rpartition(" (")[0]] >= times
    assert sum(events.values()) == sum(state["events_played"].values())
    assert "#13 Schmalkaldic League" in events     # every registered event is listed, fired or not


def test_report_counts_games_endings_and_names_never_seen():
    games = [GameReport(seed=1, scenario="x", finished=True, reason="time limit", winners=("papacy", "france"),
                        actions=900,
                        tallies={"Events played": {"#5 Papal Bull": 2, "#6 Leipzig Debate": 0}}),
             GameReport(seed=2, scenario="x", finished=True, reason="military victory", winners=("papacy",),
                        actions=300,
                        tallies={"Events played": {"#5 Papal Bull": 1, "#6 Leipzig Debate": 0}}),
             GameReport(seed=3, scenario="x", problems=["runaway"])]
    lines = report_lines(games)
    assert lines[0] == "Report over 3 random games (2 with a result)."
    assert lines[1] == "Actions a game: median 600, longest 900."
    assert "  time limit: 1/2 games (50%)" in lines and "  military victory: 1/2 games (50%)" in lines
    assert "  no result (a problem was found): 1 games" in lines
    assert "  papacy: 2/2 games (100%)" in lines and "  france: 1/2 games (50%)" in lines
    assert "  #5 Papal Bull: 2/2 games (100%), total 3" in lines
    assert "  never: #6 Leipzig Debate" in lines


def test_fuzz_report_command_prints_the_report(capsys):
    assert main(["fuzz", "hereistand", "--games", "1", "--seed", "11", "--scenario", "1532", "--players", "6",
                 "--check-every", "100000", "--no-secrets", "--report"]) == 0
    out = capsys.readouterr().out
    assert "Report over 1 random games (1 with a result)." in out
    assert "VP sources at the end" in out and "Events played" in out
    lines = out.splitlines()
    winner = lines[lines.index("Who won (shared wins count for each winner):") + 1]
    assert winner.partition(":")[0].strip() in {ENGINE.role_name(p) for p in MAJORS}    # a name, not an id

"""`herald local --script` plays a whole 3-player game of The Old King's Crown to its ranked end (issue 15
item 7 and its acceptance: "a console script plays a whole 3-player game"), each choice picked by its number
in the list `choices` shows, with the pictures of the manifest drawn on the way."""

from bot.cli import main
from rules.core import SetupArgs
from rules.oldkingscrown import ENGINE
from tests.support.console_scripts import join_and_start, play_to_end_by_number

PLAYERS = ("ann", "ben", "cat")
OPTIONS = {"rounds": "4"}


def script_for(seed: int) -> tuple[list[str], dict]:
    """Open a 3-player, 4-round game, then play a seeded random game to its end by number."""
    seats = ENGINE.seatings("standard", 3, None, None)
    holder = {r: PLAYERS[i] for i, seat in enumerate(seats) for r in seat}
    lines = ["as ann", "seatings oldkingscrown standard players=3", "expect text one-each",
             "new oldkingscrown standard players=3 rounds=4", "expect text 3 seats", "pictures",
             "expect text hand"]
    lines += join_and_start(PLAYERS, seed)
    start = ENGINE.setup(SetupArgs("standard", tuple(seats), seed, dict(OPTIONS)))
    played, state = play_to_end_by_number(ENGINE, start, holder, seed)
    lines += played
    lines += ["status", "expect status finished", "map", "expect ok", "map players", "expect ok",
              "replay", "expect text OK"]
    return lines, ENGINE.view(state, None)


def test_three_players_play_a_whole_game_by_number_to_a_ranked_end(tmp_path, capsys):
    lines, final = script_for(seed=3)
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--db", str(tmp_path / "h.db"), "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert final["ranking"], "the game ends with a ranking"
    assert "Winner" in out
    # each region's clash is announced in the channel with the board, its reveals on the same post
    assert "#local: — Round 1 of 4, summer, clash in The" in out
    assert len(list((tmp_path / "out").glob("*-public-map.png"))) > 12
    assert list((tmp_path / "out").glob("*.png")), "the kingdom board and faction boards were drawn"

"""`herald local --script` plays a 2-player game of Crown of Roses, PB 3.2 Entangled Branches, to its end
(issue 17 acceptance: "a console script plays a 2-player PB 3.2 game to the end"): every choice is picked by
its number in the list `choices` shows, chosen by a seeded generator from the legal actions, with the
pictures of the manifest drawn on the way."""

from bot.cli import main
from rules.core import SetupArgs, get_engine
from tests.support.console_scripts import join_and_start, play_to_end_by_number

ENGINE = get_engine("crownofroses")
PLAYERS = ("ann", "ben")
SCENARIO = "entangled_branches"


def script_for(seed: int) -> tuple[list[str], object]:
    seats = ENGINE.seatings(SCENARIO, 2, None, None)
    holder = {r: PLAYERS[i] for i, seat in enumerate(seats) for r in seat}
    lines = ["as ann", f"new crownofroses {SCENARIO} players=2", "expect text 2 seats", "pictures",
             "expect text board"]
    lines += join_and_start(PLAYERS, seed)
    start = ENGINE.setup(SetupArgs(SCENARIO, tuple(seats), seed, {}))
    played, state = play_to_end_by_number(ENGINE, start, holder, seed)
    lines += played
    lines += ["status", "expect status finished", "map", "expect ok", "map board", "expect ok",
              "replay", "expect text OK"]
    return lines, ENGINE.result(state)


def test_two_players_play_entangled_branches_to_the_end(tmp_path, capsys):
    lines, result = script_for(seed=1)
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--db", str(tmp_path / "h.db"), "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert result is not None and result.reason in out, out[-2000:]
    assert list((tmp_path / "out").glob("*-public-map.png")), "the map was posted in the channel"
    assert list((tmp_path / "out").glob("*.png"))

"""`herald local` plays a whole game of Four Harbours with three players, one holding two harbours
(issue 11 item 3): seatings, views of two roles at once, the local talk chat, undo per role."""

import random
import shlex

from bot.cli import main
from rules.core import SetupArgs
from tests.support.harbours import ENGINE

CONFIG = '[engines]\nmodules = { harbours = "tests.support.harbours" }\n'
PLAYERS = ("ann", "ben", "cat")


def script_for(seed: int) -> tuple[list[str], tuple]:
    """Open a 3-player game seated north+south / east / west, then play a seeded random game to its end,
    the player holding two roles naming the role with each order; talk and an undo on the way."""
    seats = ENGINE.seatings("short", 3, None, "north-south")
    holder = {r: PLAYERS[i] for i, seat in enumerate(seats) for r in seat}
    lines = ["as ann", "seatings harbours short players=3", "expect text seating=east-west",
             "new harbours short players=3 seating=north-south", "expect text 3 seats"]
    for player in PLAYERS:
        lines += [f"as {player}", "join", "expect ok"]
    lines += ["as ann", f"start --seed {seed}", "expect ok", "hand", "expect text hand:north",
              "expect text hand:south", "talk Let us all bid low this turn.", "expect text ben, cat",
              "as ben", "expect text Let us all bid low"]
    state = ENGINE.setup(SetupArgs("short", tuple(seats), seed))
    chooser = random.Random(seed)
    undone = False
    while ENGINE.result(state) is None:
        role = chooser.choice(ENGINE.active_roles(state))
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        action = chooser.choice(legal)
        lines += [f"as {holder[role]}", f"do {shlex.quote(action)} {role}", "expect ok"]
        if not undone and action.startswith("bid:") and role == "north":
            lines += ["undo north", "expect text Taken back", f"do {shlex.quote(action)} north", "expect ok"]
            undone = True
        state = ENGINE.apply(state, role, action).state
    result = ENGINE.result(state)
    lines += ["status", "expect status finished", "replay", "expect text OK"]
    return lines, result


def test_three_players_one_holding_two_harbours_play_a_whole_game(tmp_path, capsys):
    (tmp_path / "config.toml").write_text(CONFIG)
    lines, result = script_for(seed=5)
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--config", str(tmp_path / "config.toml"), "--db", str(tmp_path / "h.db"),
                 "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert "may now talk in private" in out and "private talk of North, East, South, West is closed" in out
    winners = ", ".join(r.title() for r in result.winners)
    assert f"Winner: {winners}" in out

"""Issue 13 item 4: a Richard III land move takes two picks in the console when the route is unique -- the
block (which activates its area's group, 1.2), then the destination -- played by menu number through
`herald local --script`."""

from bot.cli import main
from bot.config import Config
from bot.service import TableService

SCRIPT = """\
as alice
new richard3 1460
join york
as bob
join lancaster
as alice
start --seed 7
expect ok
do play:card-23
as bob
do play:card-08
expect text Lancaster is Player 1
do 4
expect text Move Earl of Oxford (Essex)
do 1
expect text To East Anglia
"""


def test_a_block_moves_in_two_picks_when_its_route_is_unique(tmp_path, frozen, capsys):
    script = tmp_path / "two-picks.txt"
    script.write_text(SCRIPT)
    db = tmp_path / "r3.db"
    code = main(["local", "--config", str(tmp_path / "none.toml"), "--db", str(db), "--script", str(script),
                 "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    svc = TableService(str(db), Config())
    try:
        area = svc.view(1, "bob", role="lancaster")["areas"]["east-anglia"]
        assert "l-oxford" in {b.get("id") for b in area["blocks"]}
        act = svc.view(1, "bob", role="lancaster")["action"]
        assert act["ap"] == 3 and act["mode"] == "menu"      # one AP spent; Oxford was alone in Essex
    finally:
        svc.close()

"""The README's two-player Richard III walk-through ("Playing in the terminal") runs as written: every
command of it succeeds in a console script."""

from pathlib import Path

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]


def readme_walkthrough() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Playing in the terminal"):readme.index("## Layout")]
    block = [line[4:] for line in section.splitlines() if line.startswith("    ")]
    return [line.split("  #")[0].rstrip() for line in block]


def test_the_readme_walkthrough_plays_as_written(tmp_path, capsys):
    lines = readme_walkthrough()
    assert lines[:2] == ["as alice", "new richard3 1483"] and "do 3" in lines
    script = tmp_path / "readme.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--config", str(tmp_path / "none.toml"), "--db", str(tmp_path / "readme.db"),
                 "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert "command failed" not in out
    assert "alice (york): Play Action 4." in out   # "do 3" with the README's seed, as its "do play:card-08" says

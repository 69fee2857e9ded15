"""The archive, the replay picture and the results at the console (issue 32, item 5): written to --out,
refused clearly for a bad file name."""

from __future__ import annotations

from tests.service.console_helpers import console_for


def test_archive_replay_picture_and_results_at_the_console(finished, archives, tmp_path):
    service, ids = finished
    console, out = console_for(service, tmp_path)
    assert console.execute(f"use {ids['richard3']}")
    assert console.execute("archive")
    written = tmp_path / "out" / f"herald-game-{ids['richard3']}-richard3.html"
    assert written.read_bytes() == archives["richard3"].data
    assert f"{archives['richard3'].turns} turns" in out[-1] and "1200 px" in out[-1]
    assert console.execute("replay-picture story.webp")
    assert (tmp_path / "out" / "story.webp").read_bytes()[:4] == b"RIFF"
    out.clear()
    assert not console.execute("archive ../elsewhere.html")
    assert "a plain file name ending in .html" in out[-1]
    out.clear()
    assert console.execute("results")
    said = "\n".join(out)
    assert "Finished games:" in said and "Standings · Richard III" in said and "average place 1" in said
    out.clear()
    assert console.execute("results crownofroses")
    assert "Richard III" not in "\n".join(out) and "Crown of Roses" in "\n".join(out)

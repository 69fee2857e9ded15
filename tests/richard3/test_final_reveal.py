"""9.0 the end of a game: every block is revealed to everyone, in the view (so the final public picture
shows them all) and in one public log line."""

from __future__ import annotations

import render

from .helpers import ENGINE, Dice
from .test_review_fixes import _last_heir_battle


def test_9_0_the_game_ending_action_reveals_every_block(monkeypatch):
    Dice(monkeypatch, [1, 1, 1])
    state = _last_heir_battle()
    state["blocks"]["y-warwick"]["loc"] = "kent"       # a York block far from the battle, hidden until now
    before = ENGINE.view(state, None)
    assert {"hidden": True, "side": "york", "token": "york-kent-1"} in before["areas"]["kent"]["blocks"]
    out = ENGINE.apply(state, "york", "fire:y-march")
    assert ENGINE.result(out.state) is not None and out.irreversible
    line = out.log[-1]
    assert line.to is None and line.text.startswith("Every block is revealed")
    assert "Earl of Warwick 4/4 in Kent" in line.text and "Lancaster:" in line.text
    public = ENGINE.view(out.state, None)
    assert not any(b.get("hidden") for a in public["areas"].values() for b in a["blocks"])
    assert public["pools"]["lancaster"]["blocks"] is not None
    assert ENGINE.secrets(out.state, "york") == set(out.state["hands"]["york"])
    # the final public picture names the block that was hidden: it differs from the one before the end
    assert "y-warwick" in [b.get("id") for b in public["areas"]["kent"]["blocks"]]
    render.draw_png("richard3", public)

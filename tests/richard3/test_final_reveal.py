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


def test_9_1_sparing_a_defector_comes_first_and_is_the_default():
    """9.1 allows executing a defected Clarence or Exeter; a careless first pick (or a missed deadline)
    spares him: the execution, which cannot be undone, is never first."""
    from .helpers import bare
    from .test_supply_political import _to_supply
    state = _to_supply(bare({"y-exeter": "kent", "l-henry-vi": "cumbria"}))
    actions = ENGINE.legal_actions(state, "york")
    assert [a.id for a in actions] == ["spare", "execute"]
    assert "cannot be undone" in actions[1].label
    assert ENGINE.default_action(state, "york") == "spare"

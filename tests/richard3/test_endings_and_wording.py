"""What players read and risk: at the end of a game (9.0) every block is revealed, in the view (so the final
public picture shows them all) and in one public log line; sparing a defector (9.1) comes before executing
him; a block joining its side's defence (6.3) is not logged as an attack."""

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


def test_a_block_joining_its_sides_defence_is_not_an_attack():
    """6.3: the side that entered first attacks; the defender's block moving in reinforces the defence."""
    from rules.core import Context
    from rules.richard3 import actions
    from .helpers import bare
    state = bare({"y-warwick": "kent", "y-kent": "sussex", "l-somerset": "kent", "l-exeter": "essex"})
    state["contest"] = {"kent": {"attacker": "lancaster", "main": "kent|middlesex", "borders": {}, "entered": {}}}
    ctx = Context()
    actions._move_block(ENGINE, state, ctx, "y-kent", "sussex", ["kent"])
    public = [e.text for e in ctx.entries if e.to is None]
    assert any("from Sussex to Kent (reinforcing its defence)." in t for t in public), public
    ctx = Context()
    actions._move_block(ENGINE, state, ctx, "l-exeter", "essex", ["middlesex", "kent"])
    assert not any("reinforcing" in e.text for e in ctx.entries)


def test_5_1_keeping_the_hand_comes_before_showing_it():
    """5.1: a redeal shows the hand to the opponent; a careless first pick keeps it instead."""
    from rules.core import SetupArgs
    from .helpers import SEATS
    state = ENGINE.setup(SetupArgs("1460", SEATS, 4))        # seed 4 deals York a hand it may redeal
    assert state["step"] == "mulligan"
    assert [a.id for a in ENGINE.legal_actions(state, "york")] == ["keep", "redeal"]

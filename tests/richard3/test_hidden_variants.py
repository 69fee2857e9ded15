"""Secrecy by invariance for Richard III (rules/richard3/hidden.py): each variant changes only one side's hidden
data (1.1 the hand and the card played face down; F §2 "Fog-of-War" the face-down blocks and the pool), the
engine's views keep those secrets, and leaks planted in a view or a log line are caught."""

import random

from rules.core.secrecy import invariance_problems
from rules.richard3 import engine as r3engine, sequence
from rules.richard3.data import AREAS

from .helpers import ENGINE, new_game


def _differences(a, b):
    keys = {"hands", "played", "blocks"}
    assert {k for k in a if a[k] != b[k]} <= keys
    out = {}
    for side in ("york", "lancaster"):
        if a["hands"][side] != b["hands"][side]:
            out.setdefault(side, set()).add("hand")
        if a["played"][side] != b["played"][side]:
            out.setdefault(side, set()).add("played")
    for bid, blk in a["blocks"].items():
        if blk != b["blocks"][bid]:
            out.setdefault(r3engine.side_of(a, bid), set()).add("blocks")
    return out


def test_each_variant_changes_only_its_owners_hand_and_face_down_blocks():
    state = new_game()
    variants = list(ENGINE.hidden_variants(state))
    assert [owner for owner, _, _ in variants] == ["york", "lancaster"]
    for owner, what, variant in variants:
        changed = _differences(state, variant)
        assert set(changed) == {owner}, (owner, what)
        assert changed[owner] == {"hand", "blocks"}
        assert len(variant["hands"][owner]) == len(state["hands"][owner])
        moved = [b for b in state["blocks"] if state["blocks"][b] != variant["blocks"][b]]
        assert all(state["blocks"][b]["loc"] in AREAS or state["blocks"][b]["loc"] == "pool" for b in moved)


def test_a_card_played_face_down_is_varied_until_the_reveal():
    state = new_game()
    mine = state["hands"]["york"][0]
    state = ENGINE.apply(state, "york", f"play:{mine}").state   # 1.1: face down, Lancaster still to play
    york = next(v for owner, _, v in ENGINE.hidden_variants(state) if owner == "york")
    assert york["played"]["york"] != mine and york["played"]["york"] in york["hands"]["york"]
    assert invariance_problems(ENGINE, state) == []


def test_random_positions_keep_every_secret():
    chooser = random.Random(7)
    state = new_game("1470", 7)
    for _ in range(120):
        if ENGINE.result(state) is not None:
            break
        role = chooser.choice(ENGINE.active_roles(state))
        move = (role, chooser.choice(ENGINE.legal_actions(state, role)).id)
        assert invariance_problems(ENGINE, state, move) == []
        state = ENGINE.apply(state, *move).state


def test_a_hidden_blocks_strength_shown_as_a_number_is_caught(monkeypatch):
    """The string check (Engine.secrets) looks for block ids; the strengths of the enemy's face-down blocks shown
    as numbers leak no id but are caught."""
    build = r3engine._view.build

    def leaky(state, role, *args, **kwargs):
        view = build(state, role, *args, **kwargs)
        strengths = view["enemy_strength"] = {}
        for bid, b in state["blocks"].items():
            if b["loc"] in AREAS and r3engine.side_of(state, bid) != role:
                strengths.setdefault(b["loc"], []).append(b["str"])
        return view

    monkeypatch.setattr(r3engine._view, "build", leaky)
    problems = invariance_problems(ENGINE, new_game())
    assert any("york's" in p and "lancaster can see" in p and "enemy_strength" in p for p in problems)


def test_a_hand_total_in_a_public_log_line_is_caught(monkeypatch):
    """Hand sizes are public (the view's hand_size); their AP total is not."""
    play = sequence.PlayCards.on_play

    def leaky(self, g, role, card):
        g.log(f"{role.title()} holds {sequence.hand_ap(g.state, role)} AP.")
        play(self, g, role, card)

    monkeypatch.setattr(sequence.PlayCards, "on_play", leaky)
    state = new_game()
    problems = invariance_problems(ENGINE, state, ("york", f"play:{state['hands']['york'][-1]}"))
    assert any("york's hand" in p and "log lines lancaster can read" in p for p in problems)

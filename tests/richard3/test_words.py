"""Issue 26: Richard III in words — the text view of a role (its hand with each card's effect, its pool,
the board by area with the enemy's blocks as counts) and each card's effect where it is chosen (1.1)."""

from __future__ import annotations

from rules.core.contract import SetupArgs
from rules.core.rawtext import findings
from rules.richard3 import ENGINE
from rules.richard3.data import BLOCKS


def _game():
    return ENGINE.setup(SetupArgs("1483", (("york",), ("lancaster",)), 1))


def test_a_role_reads_its_hand_with_each_event_and_its_pool_and_the_enemy_as_counts():
    state = _game()
    sections = {s.title: s for s in ENGINE.describe(ENGINE.view(state, "york"), "york")}
    hand = sections["Your hand"]
    assert hand.private and len(hand.lines) == len(state["hands"]["york"])
    for line in hand.lines:   # every event card says what it does
        if line.startswith(("Piracy", "Plague", "Surprise", "Treason", "Force March", "Muster")):
            assert ": " in line and line.endswith(".")
    board = "\n".join(sections["The board, area by area"].lines)
    assert "hidden block" in board                  # Lancaster's blocks: counts only
    for bid, info in BLOCKS.items():                 # no enemy block named
        if info["side"] == "lancaster" and state["blocks"][bid]["loc"] not in ("pool", "off", "dead", "minor"):
            assert info["title"] not in board or info["title"] in "\n".join(
                BLOCKS[b]["title"] for b in BLOCKS if BLOCKS[b]["side"] == "york")
    text = [s.title for s in sections.values()] + [l for s in sections.values() for l in s.lines]
    assert not [f for t in text for f in findings(t)]


def test_the_public_reads_no_hand_and_no_pool():
    state = _game()
    sections = ENGINE.describe(ENGINE.view(state, None), None)
    assert not [s for s in sections if s.private]
    assert any("holds 7 cards" in line for s in sections for line in s.lines)


def test_each_card_offered_says_what_it_does():
    state = _game()
    actions = ENGINE.legal_actions(state, "york")
    assert actions and all(a.hint for a in actions)
    assert all(len(a.hint) <= 100 for a in actions)   # a Discord select option's description
    piracy = [a for a in actions if "Piracy" in a.label]
    if piracy:
        assert "sea moves" in piracy[0].hint

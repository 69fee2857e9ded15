"""Issue 26: The Old King's Crown in words — a faction's text view (its hand with each card's effect, its
board with Kingdom cards, tactics and Site of Power; cards Herald wrote marked), and the card at the
decision: each Kingdom card, tactic and Favour offered carries its effect (a hint), marked when Herald
wrote it."""

from __future__ import annotations

from rules.core.driver import random_moves, setup_args
from rules.core.rawtext import findings
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown.data import KINGDOM, TACTICS


def test_a_faction_reads_its_hand_and_board_with_each_effect():
    args = setup_args(ENGINE, "standard", 4)
    state = ENGINE.setup(args)
    role = ENGINE.roles("standard")[0]
    sections = {s.title: s for s in ENGINE.describe(ENGINE.view(state, role), role)}
    hand = sections["Your hand"]
    assert hand.private and len(hand.lines) == len(state["factions"][role]["hand"])
    board = next(s for t, s in sections.items() if t.startswith("Your board"))
    tactics = [line for line in board.lines if line.startswith("Tactic: ")]
    assert len(tactics) == len(state["factions"][role]["tactics"])
    for tid in state["factions"][role]["tactics"]:
        line = next(l for l in tactics if TACTICS[tid]["name"] in l)
        assert TACTICS[tid]["text"] in line
        assert ("written by Herald" in line) == (TACTICS[tid].get("source") == "herald")
    assert not [f for s in sections.values() for line in s.lines for f in findings(line)]


def test_each_kingdom_card_and_tactic_offered_says_what_it_does():
    offered = {"take": 0, "tactic": 0}
    for seed in (1, 2, 3):
        for _role, _action, outcome in random_moves(ENGINE, setup_args(ENGINE, "standard", seed)):
            state = outcome.state
            for role in ENGINE.active_roles(state):
                for action in ENGINE.legal_actions(state, role):
                    kind = action.id.split(":")[0]
                    if kind == "take":
                        card = KINGDOM[action.id.split(":")[1]]
                        assert card["text"] in action.hint, action
                        assert action.hint.startswith("Herald's own card") == (card.get("source") == "herald")
                        offered["take"] += 1
                    if kind == "tactic":
                        tile = TACTICS[action.id.split(":", 1)[1]]
                        assert tile["text"] in action.hint, action
                        offered["tactic"] += 1
            if all(offered.values()):
                return
    raise AssertionError(f"not every kind was offered: {offered}")


def test_every_clash_names_each_part_of_each_total():
    """Summer D (Tally Strength): each participant's total with its cards, supporters and bonuses by name."""
    import re

    seen = 0
    for _role, _action, outcome in random_moves(ENGINE, setup_args(ENGINE, "standard", 5)):
        for line in (e.text for e in outcome.log):
            if ", strength in detail: " in line:
                for part in line.split(": ", 1)[1].rstrip(".").split("; "):
                    found = re.search(r" = (\d+)$", part)
                    assert found, part
                    body = part[:found.start()].split(" ", 1)[1]   # after the faction's name
                    if body == "nothing":
                        assert found[1] == "0", part
                        continue
                    numbers = [int(re.match(r"^(\d+) supporters?$", item)[1]) if re.match(r"^\d+ supporters?$", item)
                               else int(re.search(r" (\d+)$", item)[1]) for item in body.split(" + ")]
                    assert sum(numbers) == int(found[1]), part
                seen += 1
    assert seen > 5

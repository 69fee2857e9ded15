"""RB 10.3: an heir card chosen as the command card may be played as its heir event (or for OPS, when the heir
leaves the game), not only when the mandatory heir rule (RB 13.3) forces it."""

import random

from rules.core import get_engine
from rules.core.contract import SetupArgs
from rules.core.players import waited_for

ENGINE = get_engine("crownofroses")


def _ask_heir_or_ops(card: str, seed: int = 3):
    """Random play, Lancaster commanding with ``card`` in turn 1, up to Lancaster's heir-or-OPS question."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), seed))
    chooser = random.Random(seed)
    for _ in range(3000):
        role = waited_for(ENGINE, state)[0]
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        if role == "lancaster" and ENGINE.waiting(state)["decision"] == "heir_or_ops":
            return state, legal
        wanted = f"card:{card}:free"
        action = wanted if role == "lancaster" and wanted in legal else chooser.choice(legal)
        state = ENGINE.apply(state, role, action).state
    raise AssertionError("Lancaster was never asked")


def test_an_heir_whose_entry_turn_has_come_may_enter_from_the_command_card():
    """Exeter (L5) may enter from turn 1 and Lancaster has one active heir (Henry VI)."""
    state, legal = _ask_heir_or_ops("L5")
    assert state["turn"] == 1 and legal == ["event", "ops"]
    after = ENGINE.apply(state, "lancaster", "event").state
    assert "L5" in after["heir_cards"]["lancaster"]


def test_an_heir_before_his_entry_turn_can_only_be_spent_for_ops():
    """Edward (L4) may not enter before turn 3: his card is OPS only (a one-answer question, taken at
    once), and the heir leaves the game with it (RB 10.3)."""
    state = ENGINE.setup(SetupArgs("seeds_of_enmity", (("lancaster",), ("york",), ("buckingham",), ("warwick",)), 3))
    chooser = random.Random(3)
    commanded = False
    for _ in range(3000):
        role = waited_for(ENGINE, state)[0]
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        if role == "lancaster" and ENGINE.waiting(state)["decision"] == "heir_or_ops":
            raise AssertionError("asked heir or OPS for Edward in turn 1")
        action = "card:L4:free" if role == "lancaster" and "card:L4:free" in legal else chooser.choice(legal)
        state = ENGINE.apply(state, role, action).state
        commanded = commanded or "L4" in state["zones"].get("command:lancaster", [])
        if commanded and "L4" not in state["zones"].get("command:lancaster", []):
            break
    assert state["turn"] == 1 and "L4" in state["zones"]["removed"]
    assert "L4" not in state["heir_cards"]["lancaster"] and state["blocks"]["lancaster"]["status"] == "out"

"""A refused order points at the legal ones close to it (found playing Here I Stand, where an impulse
offers a hundred actions: `move:london:paris` refused should name the moves from London)."""

import pytest

from bot.service import IllegalOrder
from bot.table.play import _near_actions
from rules.core import Action
from tests.table.conftest import bid_all, harbours_game, holder


def test_the_actions_sharing_the_longest_leading_part_are_named():
    actions = [Action("move:london:norwich", "Move from London to Norwich"),
               Action("move:london:york", "Move from London to York"),
               Action("move:paris:rouen", "Move from Paris to Rouen"), Action("done", "End the impulse")]
    assert _near_actions("move:london:paris", actions) == ("Move from London to Norwich [move:london:norwich]; "
                                                           "Move from London to York [move:london:york]")
    assert _near_actions("move:rome:naples", actions).count("[move:") == 3
    assert _near_actions("build:regular:paris", actions) == "" == _near_actions("nonsense", actions)
    many = [Action(f"move:a:{i}", f"M{i}") for i in range(9)]
    assert _near_actions("move:a:z", many).endswith("(and 4 more)")


def test_a_refused_order_names_the_close_legal_ones(service):
    game = harbours_game(service)
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    with pytest.raises(IllegalOrder) as refused:
        service.submit(game, holder(service, game, mover), "raid:atlantis", role=mover)
    assert "Close to it: " in refused.value.message and "[raid:" in refused.value.message
    assert "atlantis" in refused.value.message.split("Close to it")[0]

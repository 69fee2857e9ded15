"""Issue 33 (secrecy by invariance): whether a Castle or Wilderness reward question is put must not depend on
which cards a faction's hand holds. Found by `herald fuzz oldkingscrown --scenario standard --players 3
--games 1 --seed 91005 --random-options`: with the Nobility's face-down card swapped with a card of its hand,
Wilderness was not asked at all."""

from rules.core.fuzz import play_random_game
from rules.core.registry import get_engine


def test_the_wilderness_question_is_put_whatever_the_hand_holds():
    report = play_random_game(get_engine("oldkingscrown"), "standard", 91005, players=3, pick_options=True)
    assert report.clean, report.problems

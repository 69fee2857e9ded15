"""The Old King's Crown's rival as one of Herald's players (issue 31: "the Old King's Crown rival where it
fits"): offered as a level, it reads only its seat's view (invariance), and it beats random play."""

from rules.core import get_engine
from rules.core.players import decide, levels, make_player

from bot.match import play_match_game

from .support import positions

ENGINE = get_engine("oldkingscrown")


def test_the_rival_is_offered_as_a_level():
    assert levels("oldkingscrown") == ["random", "rival-novice", "rival"]


def test_the_rivals_choice_does_not_change_with_the_others_hidden_facts():
    """RIVAL.md 'No peeking': the others' hands, face-down cards and the decks (200 positions)."""
    player = make_player("oldkingscrown", "rival")
    checked = 0
    for state, role, variants in positions("oldkingscrown", "standard", range(1, 30), 5, players=3):
        chosen = decide(ENGINE, "oldkingscrown", state, role, player, "seed")
        for owner, what, variant in variants:
            assert decide(ENGINE, "oldkingscrown", variant, role, player, "seed") == chosen, \
                f"{role}'s choice changes with {owner}'s {what}"
        checked += 1
        if checked >= 200:
            break
    assert checked >= 200


def test_the_rival_beats_random_play_head_to_head():
    """Measured: `herald match oldkingscrown --players rival,random --seats 2 --games 40 --seed 1` won 35/40;
    here six games, seats alternating, of which the rival must win at least four."""
    won = 0
    for i in range(6):
        game = play_match_game("oldkingscrown", "standard", 2, ["rival", "random"], 100 + i, i)
        assert game.finished
        won += any(game.seats[w] == "rival" for w in game.winners)
    assert won >= 4

"""PB 1.5 team play at the table: the ``teams`` option names the teams and ``negotiations`` opens one private
talk segment per team of two houses (DECISIONS.md #71)."""

import pytest

from rules.core import BadSetup, SetupArgs, get_engine

ENGINE = get_engine("crownofroses")


def _game(players: int, teams: str | None):
    seats = ENGINE.seatings("seeds_of_enmity", players, None, None)
    options = {} if teams is None else {"teams": teams}
    return ENGINE.setup(SetupArgs("seeds_of_enmity", tuple(seats), 1, options))


def test_pb_1_5_four_houses_form_two_teams_each_with_a_private_talk():
    state = _game(4, "lancaster_buckingham")
    assert ENGINE.negotiations(state) == [("lancaster", "buckingham"), ("york", "warwick")]
    state = _game(4, "lancaster_warwick")
    assert ENGINE.negotiations(state) == [("lancaster", "warwick"), ("york", "buckingham")]


def test_pb_1_5_lancaster_and_york_are_never_partners_nor_buckingham_and_warwick():
    for value, _ in next(o for o in ENGINE.options() if o.id == "teams").choices:
        for team in ENGINE.negotiations(_game(4, value)):
            assert set(team) not in ({"lancaster", "york"}, {"buckingham", "warwick"})


def test_pb_1_5_three_players_one_house_stands_alone_and_only_the_pair_talks():
    assert ENGINE.negotiations(_game(3, "lancaster_warwick")) == [("york", "buckingham")]
    assert ENGINE.negotiations(_game(3, "lancaster_buckingham")) == [("lancaster", "buckingham")]


def test_without_teams_nobody_talks_in_private_and_a_house_that_left_ends_its_talk():
    assert ENGINE.negotiations(_game(4, None)) == []
    assert ENGINE.negotiations(_game(4, "none")) == []
    state = _game(4, "lancaster_buckingham")
    state["left"] = ["buckingham"]
    assert ENGINE.negotiations(state) == [("york", "warwick")]


def test_an_unknown_team_choice_is_refused():
    with pytest.raises(BadSetup):
        _game(4, "lancaster_york")

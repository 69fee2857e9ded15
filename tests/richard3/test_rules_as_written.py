"""Richard III: departures from the printed rules found by play (issue 24), each test citing its rule."""

from rules.richard3 import actions

from .helpers import ENGINE, bare, do, ids, play_cards
from .test_fewer_picks import _derby


def test_5_2_the_player_chooses_between_two_shortest_routes_over_different_borders():
    """5.2 / 5.21: the moving player chooses the path, and the borders it crosses count against their
    limits for the rest of the turn. Derby to Rutland is two areas via Leicester or via Lincoln: York is
    asked, and the route taken is the one it chose."""
    state = _derby()
    state = do(state, "york", "mv:y-march")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["to:rutland"] == "To Rutland (choose the way)"
    state = do(state, "york", "to:rutland")
    assert state["act"]["mode"] == "route"
    routes = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert routes == {"go:leicester>rutland": "To Rutland via Leicester", "go:lincoln>rutland": "To Rutland via Lincoln",
                      "back": "Choose another destination"}
    state = do(state, "york", "go:lincoln>rutland")
    assert state["blocks"]["y-march"]["loc"] == "rutland"
    assert state["border_use"]["york"] == {"derby|lincoln": 1, "lincoln|rutland": 1}


def test_5_2_a_single_shortest_route_is_still_taken_for_the_player():
    """Only one way is two areas long (Derby, South Yorks, North Yorks): no question."""
    state = _derby()
    state = do(state, "york", "mv:y-march", "to:north-yorks")
    assert state["blocks"]["y-march"]["loc"] == "north-yorks"
    assert state["border_use"]["york"] == {"derby|south-yorks": 1, "north-yorks|south-yorks": 1}


def test_5_2_a_route_is_named_in_words():
    """A forced march of three areas names both areas passed, joined by "and"."""
    assert actions._via(["kent", "sussex", "hampshire"]) == " via Kent and Sussex"
    assert actions._via(["leicester", "oxford"]) == " via Leicester"
    assert actions._via(["oxford"]) == ""


def test_5_2_a_forced_march_menu_keeps_each_list_within_25_choices():
    """Force March (3 areas) from Warwick reaches 26 areas: the destinations are grouped by distance so no
    list holds more than 25 choices (a chat menu's limit)."""
    state = bare({"y-march": "warwick", "l-henry-vi": "northumbria"})
    state = play_cards(state, "Force March", "Action 2")
    state = do(state, "york", "mv:y-march")
    groups: dict[str, int] = {}
    for a in ENGINE.legal_actions(state, "york"):
        groups[a.group] = groups.get(a.group, 0) + 1
    assert len([a for a in ids(state, "york") if a.startswith("to:")]) > 25
    assert max(groups.values()) <= 25
    assert "Three areas away" in groups


def test_6_5_the_charged_block_may_fire_back_or_hold_its_fire(monkeypatch):
    """6.5: a surviving target "may immediately fire back" at the charging heir: its owner chooses. Here
    Beaumont (B2) survives March's charge; Lancaster holds fire and March is unhurt, or fires for 2 hits."""
    from .helpers import Dice, start_battle
    def charged():
        state = bare({"y-march": "derby", "l-rivers": "derby", "l-beaumont": "derby"})
        state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
        return do(state, "york", "charge:y-march:l-beaumont")
    Dice(monkeypatch, [1, 6, 6] + [1, 6, 6,   1, 1])
    state = charged()
    assert state["blocks"]["l-beaumont"]["str"] == 2
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert ids(state, "lancaster") == ["fireback", "holdfire"]
    state = do(state, "lancaster", "holdfire")
    assert state["blocks"]["y-march"]["str"] == 3
    state = do(charged(), "lancaster", "fireback")
    assert state["blocks"]["y-march"]["str"] == 1            # B2: two hits on March

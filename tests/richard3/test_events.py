"""The six event cards (English rules v1.02 sidebar; the AP may serve only the event, 5.1)."""

from .helpers import ENGINE, Dice, bare, do, ids, play_cards, start_battle


def test_event_plague_every_block_in_an_enemy_city_area_loses_a_step():
    state = bare({"y-march": "middlesex", "y-warwick": "middlesex", "y-essex": "essex", "l-henry-vi": "cumbria"})
    state["blocks"]["y-march"]["str"] = 1
    state = play_cards(state, "Action 4", "Plague")
    assert state["p1"] == "lancaster"
    options = ids(state, "lancaster")
    assert "plague:middlesex" in options and not [a for a in options if a.startswith(("move:", "recruit"))]
    state = do(state, "lancaster", "plague:middlesex")
    assert state["blocks"]["y-warwick"]["str"] == 3
    assert state["blocks"]["y-march"]["loc"] == "dead"           # an heir at strength 1 dies
    assert state["blocks"]["y-essex"]["str"] == 3                 # Essex is no city
    assert ENGINE.active_roles(state) == ["york"]                 # Plague done: York's turn


def test_event_force_march_moves_one_group_up_to_three_areas_without_sea_or_recruits():
    state = bare({"y-march": "kent", "y-warwick": "essex", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Force March", "Action 2")
    options = ids(state, "york")
    assert not [a for a in options if a.startswith(("sea:", "recruit"))]
    state = do(state, "york", "move:kent", "blk:y-march")
    assert "go:sussex>wilts>somerset" in ids(state, "york")
    state = do(state, "york", "go:sussex>wilts>somerset")
    assert state["blocks"]["y-march"]["loc"] == "somerset"
    assert ENGINE.active_roles(state) == ["lancaster"]           # one group only


def test_event_surprise_raises_every_border_limit_by_one():
    five = ["y-march", "y-warwick", "y-kent", "y-salisbury", "y-norfolk"]
    state = bare({b: "middlesex" for b in five} | {"l-henry-vi": "cumbria"})
    state = play_cards(state, "Surprise", "Action 2")
    state = do(state, "york", "move:middlesex")
    for b in five:
        state = do(state, "york", f"blk:{b}", "go:oxford")
    assert state["border_use"]["york"]["middlesex|oxford"] == 5
    assert not ENGINE.invariant_errors(state)


def test_event_muster_moves_blocks_from_several_areas_into_one_friendly_area_for_free():
    state = bare({"y-march": "kent", "y-warwick": "essex", "y-kent": "leicester", "y-salisbury": "middlesex",
                  "l-henry-vi": "cumbria"})
    state = play_cards(state, "Muster", "Action 2")
    assert "muster:middlesex" in ids(state, "york")
    state = do(state, "york", "muster:middlesex")
    options = ids(state, "york")
    assert set(options) == {"blk:y-march", "blk:y-warwick", "blk:y-kent", "done"}
    for b in ("y-march", "y-warwick", "y-kent"):
        state = do(state, "york", f"blk:{b}", "go:middlesex")
    assert all(state["blocks"][b]["loc"] == "middlesex" for b in ("y-march", "y-warwick", "y-kent"))
    assert ENGINE.active_roles(state) == ["lancaster"]


def test_event_piracy_sea_moves_only_and_may_attack_a_coast_without_the_two_for_one():
    state = bare({"y-warwick": "calais", "y-kent": "calais", "y-march": "middlesex", "l-oxford": "kent"})
    state = play_cards(state, "Piracy", "Action 2")
    options = ids(state, "york")
    assert not [a for a in options if a.startswith(("move:", "recruit"))]
    state = do(state, "york", "sea:calais", "blk:y-warwick")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["go:kent:north-sea"] == "Attack Kent across the North Sea"
    state = do(state, "york", "go:kent:north-sea")
    assert state["act"]["mode"] == "menu" and state["act"]["ap"] == 1
    assert state["pirates"] == {"y-warwick": "north-sea"}
    assert state["contest"]["kent"]["attacker"] == "york"


def test_event_treason_one_roll_before_a_battle_without_king_pretender_or_warwick(monkeypatch):
    state = bare({"y-norfolk": "derby", "l-rivers": "derby", "l-henry-vi": "derby"})
    state["treason"] = "york"
    state = start_battle(state, "derby", "york", {"y-norfolk": "chester|derby"}, "chester|derby")
    assert state["battle"]["stage"] == "treason"
    options = ids(state, "york")
    assert "treason:l-rivers" in options and "pass" in options
    assert "treason:l-henry-vi" not in options                 # never the King or Pretender
    Dice(monkeypatch, [2] + [6] * 50)
    state = do(state, "york", "treason:l-rivers")
    assert state["treason_used"] and state["blocks"]["y-rivers"]["loc"] == "derby"
    assert "y-rivers" in state["battle"]["reserves"]


def test_event_piracy_pirates_retreat_only_by_sea_to_the_same_sea_zone(monkeypatch):
    state = bare({"y-warwick": "kent", "l-oxford": "kent", "l-clifford": "sussex"})
    state["pirates"] = {"y-warwick": "north-sea"}
    state = start_battle(state, "kent", "york", {"y-warwick": "sea:north-sea"}, "sea:north-sea")
    Dice(monkeypatch, [6] * 50)
    state = do(state, "lancaster", "fire:l-oxford")
    state = do(state, "york", "fire:y-warwick")
    state = do(state, "lancaster", "fire:l-oxford")       # round 2
    dests = {a.split(":")[2] for a in ids(state, "york") if a.startswith("retreat:")}
    from rules.richard3.data import COASTS
    assert dests and dests <= set(COASTS["north-sea"]) and "sussex" not in dests and "calais" in dests

"""The six event cards (English rules v1.02 sidebar; the AP may serve only the event, 5.1)."""

from .helpers import ENGINE, Dice, bare, do, ids, older_ids, play_cards, start_battle


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
    options = older_ids(state, "york")
    assert not [a for a in options if a.startswith(("sea:", "recruit"))]
    state = do(state, "york", "move:kent", "blk:y-march")
    assert "go:sussex>wilts>somerset" in older_ids(state, "york")
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
    assert "muster:middlesex" in older_ids(state, "york")
    state = do(state, "york", "muster:middlesex")
    options = older_ids(state, "york")
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


def _go(state, role):
    return sorted(a[3:] for a in older_ids(state, role) if a.startswith("go:"))


def test_event_surprise_may_pay_for_an_ordinary_sea_move_instead():
    """Surprise: "the AP may instead pay for a normal sea move" (port to port it carries two, 5.31)."""
    state = bare({"y-warwick": "calais", "y-kent": "calais", "y-march": "essex", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Surprise", "Action 2")
    assert {"sea:calais", "move:essex"} <= set(older_ids(state, "york")) and "recruit" not in older_ids(state, "york")
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:kent", "blk:y-kent")
    assert state["blocks"]["y-kent"]["loc"] == "kent"
    assert ENGINE.active_roles(state) == ["lancaster"]          # the one AP is spent: no group move as well


def test_event_force_march_stops_after_a_red_border_and_on_entering_an_enemy_area():
    """Force March: up to 3 areas, but a red border and an enemy-held area still stop the block (5.21, 5.2)."""
    state = bare({"y-march": "derby", "l-henry-vi": "south-yorks", "l-oxford": "cornwall"})
    state = play_cards(state, "Force March", "Action 2")
    state = do(state, "york", "move:derby", "blk:y-march")
    paths = _go(state, "york")
    assert "lancaster" in paths and not [p for p in paths if p.startswith("lancaster>")]        # red: stop
    assert "south-yorks" in paths and not [p for p in paths if p.startswith("south-yorks>")]    # enemy: stop
    assert "warwick>oxford>sussex" in paths                                                      # three areas


def test_event_treason_moves_one_group_by_land_without_sea_or_recruits():
    """Treason: "move one group" with its 1 AP (5.1: event AP only for the event): no sea move, no recruiting."""
    state = bare({"y-march": "calais", "y-warwick": "kent", "y-kent": "kent", "y-salisbury": "essex",
                  "l-henry-vi": "cumbria"})
    state = play_cards(state, "Treason", "Action 2")
    options = older_ids(state, "york")
    assert "move:kent" in options and not [a for a in options if a.startswith(("sea:", "recruit"))]
    state = do(state, "york", "move:kent", "blk:y-warwick", "go:sussex", "blk:y-kent", "go:middlesex")
    assert ENGINE.active_roles(state) == ["lancaster"]            # one group: York's phase is over
    assert state["treason"] == "york" and not state["treason_used"]


def test_event_plague_played_by_player_2_skips_a_contested_city():
    """Plague as Player 2 (both cards events, Force March's AP 1 beats Plague's 0): York has attacked London, so
    Middlesex is contested and not "an enemy city area"; Norwich, held by York alone, may be struck."""
    state = bare({"y-march": "essex", "y-norfolk": "east-anglia", "y-suffolk": "east-anglia",
                  "l-henry-vi": "middlesex", "l-oxford": "cumbria"})
    state = play_cards(state, "Force March", "Plague")
    assert state["p1"] == "york"
    state = do(state, "york", "move:essex", "blk:y-march", "go:middlesex")
    assert ENGINE.active_roles(state) == ["lancaster"]
    options = ids(state, "lancaster")
    assert "plague:east-anglia" in options and "plague:middlesex" not in options
    state = do(state, "lancaster", "plague:east-anglia")
    assert state["blocks"]["y-norfolk"]["str"] == 3 and state["blocks"]["y-suffolk"]["str"] == 2
    assert state["step"] == "combat" and state["battle"]["area"] == "middlesex"


def test_event_muster_a_red_border_may_only_be_the_last_crossing():
    """Muster: a normal move ending in the named area; a red border stops a block, so it may only be the last
    crossing. To the Lancaster area: from Leicester via Derby (red last) yes; from Scotland (red first) no."""
    state = bare({"l-oxford": "leicester", "l-clifford": "scotland", "l-stanley": "lancaster", "y-march": "kent"})
    state = play_cards(state, "Action 2", "Muster")
    state = do(state, "lancaster", "muster:lancaster")
    assert set(older_ids(state, "lancaster")) == {"blk:l-oxford", "done"}
    state = do(state, "lancaster", "blk:l-oxford")
    assert _go(state, "lancaster") == ["derby>lancaster"]


def test_event_muster_pinned_blocks_stay_and_free_ones_avoid_the_enemys_border():
    """Muster with 5.22: Player 2's Muster after York's Force March attack on Derby (2 blocks by the Chester
    border). Of Lancaster's 3 blocks there 2 are pinned; the third may muster to Chester, but not straight across
    the border York came by: only via Warwick."""
    state = bare({"y-march": "chester", "y-warwick": "chester", "l-oxford": "derby", "l-beaumont": "derby",
                  "l-clifford": "derby", "l-henry-vi": "warwick"})
    state = play_cards(state, "Force March", "Muster")
    state = do(state, "york", "move:chester", "blk:y-march", "go:derby", "blk:y-warwick", "go:derby")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "muster:chester")
    assert set(older_ids(state, "lancaster")) == {"blk:l-oxford", "blk:l-beaumont", "blk:l-clifford", "blk:l-henry-vi",
                                            "done"}
    state = do(state, "lancaster", "blk:l-oxford")
    assert _go(state, "lancaster") == ["warwick>chester"]
    state = do(state, "lancaster", "go:warwick>chester")
    assert set(older_ids(state, "lancaster")) == {"blk:l-henry-vi", "done"}     # the other two are pinned


def test_1_3_player_1_chooses_the_order_of_several_battles(monkeypatch):
    """1.3: Player 1 decides the order of the battles; the last one starts by itself."""
    state = bare({"y-march": "essex", "y-warwick": "kent", "l-oxford": "middlesex", "l-clifford": "sussex",
                  "l-henry-vi": "cumbria"})
    state["blocks"]["l-clifford"]["str"] = 1
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "move:essex", "blk:y-march", "go:middlesex", "move:kent", "blk:y-warwick",
               "go:sussex", "end")
    state = do(state, "lancaster", "end")
    assert state["step"] == "combat" and ENGINE.active_roles(state) == ["york"]
    assert ids(state, "york") == ["battle:middlesex", "battle:sussex"]
    state = do(state, "york", "battle:sussex")
    assert state["battle"]["area"] == "sussex"
    Dice(monkeypatch, [6, 1, 6, 6, 6])
    state = do(state, "lancaster", "fire:l-clifford")
    state = do(state, "york", "fire:y-warwick")                 # Clifford falls
    state = do(state, "york", "done")                           # no regroup
    assert state["battle"]["area"] == "middlesex" and state["battle"]["round"] == 1


def test_event_plague_log_counts_its_victims_in_words():
    """Plague (event sidebar): the public line names how many blocks lose a step, in plain English."""
    for placed, expected in ((["y-warwick"], "the York block there loses a step."),
                             (["y-warwick", "y-march"], "each of the 2 York blocks there loses a step.")):
        state = bare({**{b: "middlesex" for b in placed}, "l-henry-vi": "cumbria"})
        state = play_cards(state, "Action 4", "Plague")
        texts = [e.text for e in ENGINE.apply(state, "lancaster", "plague:middlesex").log]
        assert f"Plague strikes London (Middlesex): {expected}" in texts, texts

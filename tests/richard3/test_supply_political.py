"""Supply (7.1, 7.2), succession (6.81, 6.82), Clarence/Exeter (9.1), the Political Turn (8.1-8.5) and
victory (9.0)."""

from rules.core import Context

from .helpers import ENGINE, Dice, bare, do, ids, new_game, play_cards, start_battle


def _to_supply(state):
    """Play two Action cards and end both action phases (no battles)."""
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, state["p1"], "end")
    return do(state, ENGINE.active_roles(state)[0], "end") if state["step"] == "action" else state


def test_7_1_each_block_beyond_the_limit_loses_one_step_on_different_blocks():
    six = ["l-henry-vi", "l-oxford", "l-beaumont", "l-clifford", "l-wiltshire", "l-pembroke"]
    state = bare({b: "derby" for b in six} | {"y-march": "kent"})
    state = _to_supply(state)
    assert state["step"] == "supply" and ENGINE.active_roles(state) == ["lancaster"]
    first = ids(state, "lancaster")
    assert len(first) == 6
    state = do(state, "lancaster", "step:l-oxford")
    second = ids(state, "lancaster")
    assert "step:l-oxford" not in second and len(second) == 5
    state = do(state, "lancaster", "step:l-clifford")
    assert state["step"] == "card" and state["turn"] == 2
    assert state["blocks"]["l-oxford"]["str"] == 2 and state["blocks"]["l-clifford"]["str"] == 2


def test_7_1_a_city_area_holds_five():
    five = ["l-henry-vi", "l-oxford", "l-beaumont", "l-clifford", "l-wiltshire"]
    state = bare({b: "warwick" for b in five} | {"y-march": "kent"})     # Coventry
    state = _to_supply(state)
    assert state["step"] == "card"


def test_7_2_ireland_holds_two_plus_the_irish_mercenary():
    """7.2 example (English): three York blocks in Ireland, the Irish block absent: one loses a step."""
    state = bare({"y-york": "ireland", "y-rutland": "ireland", "y-essex": "ireland", "l-henry-vi": "kent"})
    state = _to_supply(state)
    assert state["step"] == "supply" and ENGINE.active_roles(state) == ["york"]
    state = bare({"y-york": "ireland", "y-rutland": "ireland", "y-irish-mercenary": "ireland",
                  "y-warwick": "calais", "y-kent": "calais", "y-salisbury": "calais", "y-march": "calais",
                  "y-calais-mercenary": "calais", "y-burgundian-mercenary": "calais", "l-henry-vi": "kent"})
    state = _to_supply(state)
    assert state["step"] == "card"      # the 1460 start is exactly at both limits


def test_6_81_king_dies_the_next_heir_is_king_and_a_minor_enters_a_crown_area(monkeypatch):
    state = bare({"y-march": "derby", "l-henry-vi": "derby", "l-somerset": "dorset"})
    state["blocks"]["l-henry-vi"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "york", "fire:y-march")
    assert state["blocks"]["l-henry-vi"]["loc"] == "dead" and state["king"] is None
    state = do(state, "york", "done")          # regroup
    assert state["step"] == "supply"
    assert state["king"] == "l-prince-edward"    # heir no. 2, even as a minor
    options = ids(state, "lancaster")
    assert options and all(a.startswith("enter:") for a in options)
    assert "enter:derby" not in options          # enemy-held
    state = do(state, "lancaster", "enter:cornwall")
    assert state["blocks"]["l-prince-edward"]["loc"] == "cornwall"
    assert ENGINE.view(state, None)["king"]["heir"] == "Prince Edward"


def test_6_82_a_pretender_heir_enters_in_his_own_exile():
    state = bare({"y-rutland": "derby", "y-york": "ireland", "l-henry-vi": "cumbria"})
    ENGINE.eliminate(state, "y-rutland", Context())
    assert state["blocks"]["y-rutland"]["loc"] == "dead" and state["killed"]["york"] == 1
    state = _to_supply(state)
    assert ENGINE.active_roles(state) == ["york"]
    assert set(ids(state, "york")) == {"enter:calais", "enter:ireland"}
    state = do(state, "york", "enter:calais")
    assert state["blocks"]["y-clarence"]["loc"] == "calais"      # the senior minor (rank 4)


def test_9_1_execution_of_a_defected_exeter_counts_as_an_heir_death():
    state = bare({"y-exeter": "kent", "l-henry-vi": "cumbria"})
    assert state["blocks"]["l-exeter"]["loc"] == "off"
    state = _to_supply(state)
    assert ENGINE.active_roles(state) == ["york"] and set(ids(state, "york")) == {"execute", "spare"}
    state = do(state, "york", "execute")
    assert state["blocks"]["y-exeter"]["loc"] == "dead" and state["blocks"]["l-exeter"]["loc"] == "dead"
    # it counts as a Lancastrian heir death; his successor enters at the start of the NEXT Supply Phase (6.82)
    assert state["step"] == "card" and state["killed"]["lancaster"] == 1
    assert state["blocks"]["l-prince-edward"]["loc"] == "minor"
    state = _to_supply(state)
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert all(a.startswith("enter:") for a in ids(state, "lancaster"))


def test_9_0_killing_every_enemy_heir_wins_at_once(monkeypatch):
    state = bare({"y-march": "derby", "l-richmond": "derby"})
    for heir in ("l-henry-vi", "l-prince-edward", "l-exeter", "l-somerset"):
        state["blocks"][heir]["loc"] = "dead"
    state["blocks"]["l-richmond"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "york", "fire:y-march")
    result = ENGINE.result(state)
    assert result and result.winners == ("york",)
    assert ENGINE.active_roles(state) == []


def test_9_1_a_defected_clarence_counts_as_gone_for_sudden_death(monkeypatch):
    state = bare({"l-henry-vi": "derby", "y-clarence": "derby"})
    for heir in ("y-york", "y-march", "y-rutland", "y-gloucester"):
        state["blocks"][heir]["loc"] = "dead"
    ENGINE.update_pretender(state)
    state["pretender"] = "y-clarence"
    state["blocks"]["y-clarence"]["loc"] = "derby"
    # the Pretender himself is immune (9.1)
    state = start_battle(state, "derby", "lancaster", {"l-henry-vi": "chester|derby"}, "chester|derby")
    state = do(state, "york", "pass:y-clarence")
    assert not [a for a in ids(state, "lancaster") if a.startswith("treach:")]


def _campaign_end(state, york_card="Action 2", lancaster_card="Action 3"):
    state["turn"] = 7
    return _to_supply(state)


def test_8_2_usurpation_by_a_majority_on_the_map_with_london():
    state = bare({"y-york": "middlesex", "y-norfolk": "east-anglia", "y-warwick": "kent",
                  "l-henry-vi": "cumbria", "l-clifford": "north-yorks", "l-oxford": "essex"})
    state = _campaign_end(state)
    # York 3 + London = 4 against Lancaster 3: York usurps
    assert state["king_side"] == "york" and state["king"] == "y-york"
    assert state["pretender"] == "l-henry-vi"
    # 8.3: the new Pretender's heir goes to one of his exiles (his choice)
    assert state["step"] == "political"
    assert set(ids(state, "lancaster")) == {"home:france", "home:scotland"}


def test_8_2_a_tie_keeps_the_king_and_exiles_and_the_isle_of_man_do_not_count():
    state = bare({"y-york": "ireland", "y-norfolk": "east-anglia", "y-stanley": "isle-of-man",
                  "y-warwick": "kent", "l-henry-vi": "cumbria", "l-oxford": "essex"})
    state = _campaign_end(state)
    assert state["king_side"] == "lancaster"


def test_8_1_8_5_levies_disband_mercenaries_go_home_and_a_new_campaign_is_dealt():
    state = bare({"y-london-levy": "middlesex", "y-burgundian-mercenary": "kent", "l-henry-vi": "cumbria",
                  "l-scots-mercenary": "northumbria", "y-york": "ireland"})
    state["blocks"]["y-london-levy"]["str"] = 2
    state["blocks"]["l-oxford"].update(loc="pool", down=True)
    state = _campaign_end(state)
    while state["step"] == "political":
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, ids(state, role)[0])
    assert state["campaign"] == 2 and state["turn"] == 1
    assert state["blocks"]["y-london-levy"] == {"loc": "pool", "str": 4, "down": False}
    assert state["blocks"]["y-burgundian-mercenary"]["loc"] == "calais"
    assert state["blocks"]["l-scots-mercenary"]["loc"] == "scotland"
    assert state["blocks"]["l-oxford"]["down"] is False
    assert len(state["hands"]["york"]) == 7 and len(state["hands"]["lancaster"]) == 7


def test_8_3_nobles_go_home_to_a_friendly_or_vacant_seat_else_the_pool():
    state = bare({"y-york": "ireland", "y-hastings": "kent", "y-suffolk": "kent",
                  "l-henry-vi": "cumbria", "l-beaumont": "east-anglia"})
    state = _campaign_end(state)
    # York (Pretender): Hastings' seat Leicester is vacant -> goes there; Suffolk has two seats: East Anglia
    # (enemy-held) and Oxford -> only Oxford
    assert state["blocks"]["y-hastings"]["loc"] == "leicester"
    assert state["blocks"]["y-suffolk"]["loc"] == "oxford"
    # Lancaster (King): Henry to his shield or a crown (several: he chooses), Beaumont home to Lincoln
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert "home:lancaster" in ids(state, "lancaster") and "home:cornwall" in ids(state, "lancaster")
    assert "home:east-anglia" not in ids(state, "lancaster")
    state = do(state, "lancaster", "home:lancaster")
    assert state["blocks"]["l-beaumont"]["loc"] == "lincoln"


def test_9_0_after_the_last_campaign_the_political_turn_runs_to_usurpation_then_the_king_wins():
    state = bare({"y-york": "middlesex", "y-norfolk": "east-anglia", "y-warwick": "kent",
                  "l-henry-vi": "cumbria"})
    state["campaign"] = 3
    state = _campaign_end(state)
    result = ENGINE.result(state)
    assert result and result.winners == ("york",)


def test_scenario_1470_kingmaker_captive_henry():
    state = new_game("1470")
    assert state["king_side"] == "york" and state["king"] == "y-march"
    assert state["pretender"] == "l-prince-edward"       # Henry becomes Pretender once rescued
    public = ENGINE.view(state, None)
    assert public["captive"] == {"name": "Henry VI", "area": "middlesex"}
    assert "l-henry-vi" not in ENGINE.secrets(state, "lancaster")
    assert state["blocks"]["l-clarence"]["loc"] == "france" and state["blocks"]["y-clarence"]["loc"] == "off"
    assert state["campaign"] == 2 == state["last_campaign"]
    # rescue: York leaves London and a Lancastrian block enters
    state["blocks"]["y-march"]["loc"] = "kent"
    state["blocks"]["l-oxford"]["loc"] = "middlesex"
    ENGINE.check_captive(state, Context())
    assert state["captive"] is None and state["pretender"] == "l-henry-vi"


def test_scenario_1483_richard_iii():
    state = new_game("1483")
    assert state["king"] == "y-gloucester" and state["pretender"] == "l-richmond"
    assert state["campaign"] == 3 == state["last_campaign"]
    on_map = [b for b, v in state["blocks"].items() if v["loc"] not in ("pool", "off", "dead", "minor")]
    assert len(on_map) == 17
    assert state["blocks"]["l-buckingham"]["loc"] == "glamorgan" and state["blocks"]["l-rivers"]["loc"] == "leicester"


def test_scenario_1460_setup_counts():
    """4.3/4.4: 31 blocks a side plus the Rebel; Calais and Ireland start at their limits."""
    state = new_game("1460")
    where = {}
    for b, v in state["blocks"].items():
        where.setdefault(v["loc"], []).append(b)
    assert len(where["calais"]) == 6 and len(where["ireland"]) == 3
    assert sorted(where["minor"]) == ["l-prince-edward", "l-richmond", "y-clarence", "y-gloucester"]
    assert len(where["off"]) == 13
    assert not ENGINE.invariant_errors(state)


def test_8_3_note_a_yorkist_kent_may_go_to_calais_and_a_lancastrian_warwick_never():
    state = bare({"y-york": "ireland", "y-kent": "derby", "l-henry-vi": "cumbria", "l-beaumont": "east-yorks"})
    state = _campaign_end(state)
    assert state["blocks"]["y-kent"]["loc"] == "calais"     # his East Yorks shield is enemy-held
    from rules.richard3.political import home_options
    from rules.richard3.state import occupancy
    state2 = bare({"l-warwick": "derby", "y-march": "warwick", "y-herbert": "glamorgan"})
    assert home_options(state2, occupancy(state2), "l-warwick", "lancaster") == []


def test_7_2_kingmaker_france_starts_one_over_its_limit():
    state = new_game("1470")
    from rules.richard3.state import counts_for_limit, supply_limit
    france = [b for b, v in state["blocks"].items() if v["loc"] == "france" and counts_for_limit(b, "france")]
    assert len(france) - supply_limit("france") == 1


def test_6_82_a_royal_minor_waits_when_no_crown_area_is_free():
    from rules.richard3.data import CROWNS
    york_blocks = ["y-york", "y-march", "y-warwick", "y-kent", "y-salisbury", "y-norfolk", "y-suffolk",
                   "y-arundel", "y-essex", "y-hastings", "y-herbert"]
    state = bare(dict(zip(york_blocks, CROWNS)) | {"l-henry-vi": "lincoln"})
    from rules.core import Context
    ENGINE.eliminate(state, "l-henry-vi", Context())
    state = _to_supply(state)
    assert state["king"] == "l-prince-edward" and state["blocks"]["l-prince-edward"]["loc"] == "minor"
    assert state["killed"]["lancaster"] == 1 and state["step"] == "card"
    assert not ENGINE.invariant_errors(state)


def test_5_4_an_heir_in_the_pool_may_be_recruited_into_a_crown_area():
    state = bare({"l-henry-vi": "cumbria", "y-york": "ireland"})
    state["blocks"]["l-somerset"]["loc"] = "pool"
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "recruit", "rec:l-somerset")
    areas = {a[3:] for a in ids(state, "lancaster") if a.startswith("at:")}
    from rules.richard3.data import CROWNS
    assert areas == set(CROWNS)


def test_7_2_exile_surplus_goes_to_the_pool_at_the_reset():
    five = ["y-march", "y-warwick", "y-kent", "y-salisbury", "y-norfolk"]
    state = bare({b: "calais" for b in five} | {"y-york": "ireland", "l-henry-vi": "cumbria"})
    state = _campaign_end(state)
    while state["step"] == "supply":
        state = do(state, "york", ids(state, "york")[0])
    while state["step"] == "political" and state["political"]["pending"]["kind"] != "disband":
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, ids(state, role)[0])
    assert ENGINE.active_roles(state) == ["york"]
    state = do(state, "york", "disband:y-norfolk")
    assert state["blocks"]["y-norfolk"]["loc"] == "pool"


def test_scenario_1470_henry_is_rescued_when_lancaster_alone_holds_london():
    state = new_game("1470")
    state["blocks"]["y-march"]["loc"] = "kent"
    state["blocks"]["l-oxford"]["loc"] = "essex"
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:essex", "blk:l-oxford", "go:middlesex")
    assert state["captive"] is None and state["pretender"] == "l-henry-vi"
    assert ENGINE.view(state, None)["captive"] is None


def test_1_4_both_players_take_supply_losses_at_the_same_time():
    lanc = ["l-henry-vi", "l-oxford", "l-beaumont", "l-clifford", "l-wiltshire"]
    york = ["y-march", "y-warwick", "y-kent", "y-salisbury", "y-norfolk"]
    state = bare({b: "derby" for b in lanc} | {b: "kent" for b in york})
    state = _to_supply(state)
    assert set(ENGINE.active_roles(state)) == {"york", "lancaster"}
    state = do(state, "lancaster", "step:l-oxford")
    assert ENGINE.active_roles(state) == ["york"]
    state = do(state, "york", "step:y-kent")
    assert state["step"] == "card"


def test_9_1_a_defector_who_changes_back_is_an_heir_again(monkeypatch):
    """9.1: a defected Clarence is no heir for either side, but he regains heir status if he defects back. York's
    Pretender turns the Lancastrian Clarence; York's other heirs being dead, Clarence then succeeds him as
    Pretender and York has not lost."""
    state = bare({"y-york": "derby", "l-clarence": "derby", "l-henry-vi": "cornwall"})
    for heir in ("y-march", "y-rutland", "y-gloucester"):
        state["blocks"][heir]["loc"] = "dead"
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [4])
    state = do(state, "lancaster", "pass:l-clarence")
    state = do(state, "york", "treach:y-york:l-clarence")
    assert state["blocks"]["y-clarence"]["loc"] == "derby" and state["blocks"]["l-clarence"]["loc"] == "off"
    from rules.richard3.state import living_heirs
    assert living_heirs(state, "york") == ["y-york", "y-clarence"]
    ENGINE.eliminate(state, "y-york", Context())
    assert ENGINE.result(state) is None and state["pretender"] == "y-clarence"


def test_9_1_a_defected_clarence_goes_home_only_to_a_vacant_york_shield():
    """9.1 (English): going home as an enemy noble, Clarence needs a *vacant* York shield (not merely friendly);
    with none he goes to the pool."""
    from rules.richard3.political import home_options
    from rules.richard3.state import occupancy
    state = bare({"l-clarence": "derby", "l-beaumont": "rutland", "y-march": "hereford", "l-henry-vi": "cornwall"})
    assert home_options(state, occupancy(state), "l-clarence", "lancaster") == ["south-yorks"]
    state["blocks"]["y-norfolk"]["loc"] = "south-yorks"
    assert home_options(state, occupancy(state), "l-clarence", "lancaster") == []


def test_9_1_the_yorkist_exeter_goes_home_to_cornwall():
    """9.1: the defected Exeter (York's copy) goes home to Cornwall when it is friendly or vacant, else the pool."""
    from rules.richard3.political import home_options
    from rules.richard3.state import occupancy
    state = bare({"y-exeter": "derby", "y-york": "ireland", "l-henry-vi": "middlesex"})
    assert home_options(state, occupancy(state), "y-exeter", "york") == ["cornwall"]
    state["blocks"]["l-devon"]["loc"] = "cornwall"
    assert home_options(state, occupancy(state), "y-exeter", "york") == []


def test_7_2_a_mercenary_away_from_its_own_exile_counts_toward_the_limit():
    """7.2: only the local mercenary is outside an exile's limit (DECISIONS #13). York and Rutland with the
    Burgundian in Ireland are three counted blocks against a limit of 2: one loses a step, and the Burgundian may be
    the one."""
    state = bare({"y-york": "ireland", "y-rutland": "ireland", "y-burgundian-mercenary": "ireland",
                  "l-henry-vi": "kent"})
    state = _to_supply(state)
    assert state["step"] == "supply" and ENGINE.active_roles(state) == ["york"]
    assert "step:y-burgundian-mercenary" in ids(state, "york")
    state = do(state, "york", "step:y-burgundian-mercenary")
    assert state["step"] == "card" and state["blocks"]["y-burgundian-mercenary"]["str"] == 2


def test_kingmaker_the_captive_henry_counts_for_lancaster_in_the_usurpation_vote():
    """Kingmaker special rule: the captive Henry VI "does count as a Lancastrian noble for Usurpation", though he
    gives Lancaster no hold on London (8.2)."""
    from rules.richard3.political import votes
    state = new_game("1470")
    count = votes(state)
    # Lancaster's other blocks are in exile (France, Scotland); York has ten nobles and heirs on the map + London
    assert count == {"lancaster": 1, "york": 11}

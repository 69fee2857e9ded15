"""Action phase details the rules spell out: border limits per player and game turn (5.21), sea zones and ports
(5.3, 5.31 and the Sea Moves Example), recruiting (5.4, its sidebar and the Example Game Turn)."""

from .helpers import ENGINE, bare, do, ids, older_ids, new_game, play_cards


def _dests(state, role):
    return {a[3:] for a in ids(state, role) if a.startswith("go:")}


# ---- 5.21 border limits ---------------------------------------------------------------------------------------------
def test_5_21_a_red_border_takes_two_blocks_a_player_and_each_player_counts_separately():
    """5.21: at most 2 blocks a turn cross a red border, counted for each player apart. York attacks Lancaster
    across the red Derby–Lancaster border with 2 blocks; a third York block (from South Yorks) may not use it.
    Lancaster then reinforces across the same red border with 2 blocks of its own, but not a third."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "y-kent": "south-yorks", "l-stanley": "lancaster",
                  "l-oxford": "chester", "l-beaumont": "chester", "l-clifford": "chester", "l-henry-vi": "cornwall"})
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "move:derby", "blk:y-march", "go:lancaster", "blk:y-warwick", "go:lancaster")
    state = do(state, "york", "move:south-yorks", "blk:y-kent")
    assert "derby>lancaster" not in _dests(state, "york")
    state = do(state, "york", "back", "done", "end")
    assert ENGINE.active_roles(state) == ["lancaster"] and state["border_use"]["york"]["derby|lancaster"] == 2
    state = do(state, "lancaster", "move:chester", "blk:l-oxford", "go:derby>lancaster", "blk:l-beaumont",
               "go:derby>lancaster", "blk:l-clifford")
    assert "derby>lancaster" not in _dests(state, "lancaster")
    assert state["border_use"]["lancaster"]["derby|lancaster"] == 2


def test_5_21_border_limits_start_again_each_game_turn():
    """5.21: the limits are per game turn. Two blocks cross the red Cumbria–North Yorks border in turn 1 and two
    more may cross it again in turn 2."""
    state = bare({"l-oxford": "cumbria", "l-beaumont": "cumbria", "l-clifford": "cumbria", "y-march": "kent"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:cumbria", "blk:l-oxford", "go:north-yorks", "blk:l-beaumont",
               "go:north-yorks", "blk:l-clifford")
    assert "north-yorks" not in _dests(state, "lancaster")
    state = do(state, "lancaster", "back", "done", "end")
    state = do(state, "york", "end")
    assert state["step"] == "card" and state["turn"] == 2 and state["border_use"]["lancaster"] == {}
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:north-yorks", "blk:l-oxford", "go:cumbria", "blk:l-beaumont", "go:cumbria")
    assert state["border_use"]["lancaster"]["cumbria|north-yorks"] == 2


# ---- 5.3 sea zones ----------------------------------------------------------------------------------------------------
def _sea_options(area, bid, role="lancaster", others=None):
    """Where ``bid`` may sail from ``area`` on an ordinary Action card (every other coast vacant)."""
    enemy = {"y-march": "rutland"} if role == "lancaster" else {"l-henry-vi": "rutland"}
    state = bare({bid: area} | enemy | (others or {}))
    state = play_cards(state, "Action 2", "Action 3") if role == "lancaster" else \
        play_cards(state, "Action 3", "Action 2")
    return _dests(do(state, role, f"sea:{area}", f"blk:{bid}"), role)


def test_5_3_france_sails_on_the_channel_and_the_irish_sea():
    """5.3: blocks in France may cross the English Channel or the Irish Sea (never the North Sea), and never into
    York's exiles (2.7)."""
    dests = _sea_options("france", "l-oxford")
    assert {"cornwall", "dorset", "sussex", "kent"} <= dests                  # English Channel
    assert {"glamorgan", "chester", "isle-of-man", "scotland"} <= dests       # Irish Sea
    assert not dests & {"essex", "middlesex", "east-anglia", "calais", "ireland"}


def test_5_3_calais_sails_on_the_north_sea_and_the_channel():
    """5.3: Calais touches the North Sea (London, East Anglia, ...) and the English Channel."""
    dests = _sea_options("calais", "y-warwick", role="york")
    assert {"middlesex", "east-anglia", "essex", "northumbria", "kent"} <= dests
    assert {"sussex", "dorset", "cornwall"} <= dests
    assert not dests & {"france", "glamorgan", "ireland"}


def test_5_3_cornwall_kent_and_scotland_reach_every_coast_of_both_their_seas():
    """5.3: Cornwall, Kent and Scotland may sail along either sea zone they touch."""
    cornwall = _sea_options("cornwall", "l-oxford")
    assert {"glamorgan", "france", "sussex"} <= cornwall and "essex" not in cornwall
    kent = _sea_options("kent", "l-oxford")
    assert {"essex", "middlesex", "dorset", "cornwall", "france"} <= kent and "glamorgan" not in kent
    scotland = _sea_options("scotland", "l-oxford")
    assert {"northumbria", "east-yorks", "cumbria", "isle-of-man"} <= scotland and "kent" in scotland


def test_5_3_the_isle_of_man_is_reached_and_left_only_by_sea():
    """2.82/5.3: the Isle of Man has no land border: no land move in or out, sea moves both ways."""
    state = bare({"l-stanley": "isle-of-man", "l-oxford": "lancaster", "y-march": "kent"})
    state = play_cards(state, "Action 2", "Action 3")
    assert "move:isle-of-man" not in older_ids(state, "lancaster") and "sea:isle-of-man" in older_ids(state, "lancaster")
    state = do(state, "lancaster", "move:lancaster", "blk:l-oxford")
    assert not [d for d in _dests(state, "lancaster") if "isle-of-man" in d]
    state = do(state, "lancaster", "back", "done", "sea:lancaster", "blk:l-oxford")
    assert "isle-of-man" in _dests(state, "lancaster")


# ---- 5.31 ports and the Sea Moves Example -----------------------------------------------------------------------------
CALAIS_FOUR = {"y-warwick": "calais", "y-salisbury": "calais", "y-kent": "calais", "y-march": "calais",
               "l-henry-vi": "cumbria"}


def test_5_31_sea_moves_example_two_ap_carry_four_blocks_from_calais_to_kent():
    """Sea Moves Example: 2 AP carry 4 blocks from Calais to Sandwich (Kent), both major ports."""
    state = play_cards(bare(CALAIS_FOUR), "Action 2", "Action 2")      # a tie: York, the Pretender, is P1
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:kent", "blk:y-salisbury")
    state = do(state, "york", "sea:calais", "blk:y-kent", "go:kent", "blk:y-march")
    assert all(state["blocks"][b]["loc"] == "kent" for b in ("y-warwick", "y-salisbury", "y-kent", "y-march"))
    assert ENGINE.active_roles(state) == ["lancaster"]          # both AP spent


def test_5_31_sea_moves_example_two_blocks_to_one_port_and_two_to_another():
    """Sea Moves Example: or 2 blocks to one major port (Kent) and 2 to another (East Anglia)."""
    state = play_cards(bare(CALAIS_FOUR), "Action 2", "Action 2")      # a tie: York, the Pretender, is P1
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:kent", "blk:y-salisbury")
    state = do(state, "york", "sea:calais", "blk:y-kent", "go:east-anglia", "blk:y-march")
    assert [state["blocks"][b]["loc"] for b in ("y-warwick", "y-salisbury", "y-kent", "y-march")] == [
        "kent", "kent", "east-anglia", "east-anglia"]


def test_5_31_a_major_port_to_a_minor_port_carries_one_block():
    """5.31 (v1.02: a major port at both ends): Calais to Dorset, a minor port, is one block for 1 AP, and so is
    Dorset back to Kent. The Sea Moves Example's "2 to a port plus 1 to a non-port" is what 2 AP then buy."""
    state = play_cards(bare(CALAIS_FOUR), "Action 2", "Action 2")      # a tie: York, the Pretender, is P1
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:dorset")
    assert state["act"]["mode"] == "menu" and state["act"]["ap"] == 1     # no free second block
    state = do(state, "york", "sea:calais", "blk:y-kent", "go:kent", "blk:y-march")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = bare({"y-warwick": "dorset", "y-kent": "dorset", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 2", "Action 2")
    state = do(state, "york", "sea:dorset", "blk:y-warwick", "go:kent")
    assert state["act"]["mode"] == "menu" and state["act"]["ap"] == 1


# ---- 5.4 recruiting -----------------------------------------------------------------------------------------------------
def _recruit(state, role, bid, area):
    return do(state, role, "recruit", f"rec:{bid}", f"at:{area}")


def test_5_4_recruiting_sidebar_several_recruits_into_one_area():
    """Recruiting sidebar: 2 AP raise Northumberland and the Newcastle levy in Northumbria; 3 AP raise Norfolk,
    Suffolk and the Norwich levy in East Anglia."""
    state = bare({"l-henry-vi": "cumbria", "y-march": "kent"})
    state = play_cards(state, "Action 3", "Action 2")
    for bid in ("y-norfolk", "y-suffolk", "y-norwich-levy"):
        state = _recruit(state, "york", bid, "east-anglia")
    assert ENGINE.active_roles(state) == ["lancaster"]
    for bid in ("l-northumberland", "l-newcastle-levy"):
        state = _recruit(state, "lancaster", bid, "northumbria")
    assert [state["blocks"][b]["loc"] for b in ("y-norfolk", "y-suffolk", "y-norwich-levy", "l-northumberland",
                                                "l-newcastle-levy")] == ["east-anglia"] * 3 + ["northumbria"] * 2


def test_5_4_example_game_turn():
    """Example Game Turn (English sidebar): both play a 3, so York, the Pretender, is Player 1. York sails Warwick and
    Salisbury from Calais to East Anglia (port to port: 1 AP) and recruits Norfolk and the Norwich levy there.
    Lancaster moves Oxford (Essex to Middlesex) and Beaumont (Lincoln to Middlesex, 2 areas) and recruits the
    Bombard in Middlesex, a city area its blocks occupy. No battle follows."""
    state = play_cards(new_game("1460"), "Action 3", "Action 3")
    assert state["p1"] == "york"
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:east-anglia", "blk:y-salisbury")
    state = _recruit(state, "york", "y-norfolk", "east-anglia")
    state = _recruit(state, "york", "y-norwich-levy", "east-anglia")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "move:essex", "blk:l-oxford", "go:middlesex")
    state = do(state, "lancaster", "move:lincoln", "blk:l-beaumont", "go:leicester>middlesex")
    state = do(state, "lancaster", "recruit", "rec:l-bombard")
    assert {a for a in ids(state, "lancaster") if a.startswith("at:")} == {"at:middlesex", "at:wilts"}
    state = do(state, "lancaster", "at:middlesex")
    assert state["step"] == "card" and state["turn"] == 2               # no battle, supply, next turn
    where = {b: state["blocks"][b]["loc"] for b in ("y-warwick", "y-salisbury", "y-norfolk", "y-norwich-levy",
                                                    "l-oxford", "l-beaumont", "l-bombard", "l-henry-vi")}
    assert where == {"y-warwick": "east-anglia", "y-salisbury": "east-anglia", "y-norfolk": "east-anglia",
                     "y-norwich-levy": "east-anglia", "l-oxford": "middlesex", "l-beaumont": "middlesex",
                     "l-bombard": "middlesex", "l-henry-vi": "middlesex"}


def test_1_2_5_4_a_block_recruited_this_turn_cannot_move():
    """1.2/5.4: a recruited block counts as moved: it may not move or sail in the turn it enters."""
    state = bare({"y-march": "east-anglia", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    state = _recruit(state, "york", "y-norfolk", "east-anglia")
    state = do(state, "york", "move:east-anglia")
    assert ids(state, "york") == ["blk:y-march", "done"]
    state = do(state, "york", "done", "sea:east-anglia")
    assert ids(state, "york") == ["blk:y-march", "back"]

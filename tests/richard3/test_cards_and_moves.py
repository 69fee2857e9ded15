"""Card phase (1.1, 5.1), action points (1.2) and land / sea moves, pinning and recruiting (5.2-5.4)."""

import pytest

from .helpers import ENGINE, bare, card_id, do, ids, older_ids, new_game, play_cards
from rules.richard3.data import CARDS


# ---- 1.1 card phase -----------------------------------------------------------------------------------------
def test_1_1_both_roles_choose_secretly_and_may_change_until_both_have_played():
    state = new_game()
    assert ENGINE.active_roles(state) == ["york", "lancaster"]
    assert ENGINE.prompt(state, "york").kind == "secret"
    first, second = state["hands"]["york"][:2]
    state = do(state, "york", f"play:{first}")
    assert state["played"]["york"] == first
    # the committed card is hidden from the opponent and the public
    for viewer in ("lancaster", None):
        view = ENGINE.view(state, viewer)
        assert view["cards"]["committed"]["york"] is True
        assert first not in str(view)
    assert "york" in ENGINE.active_roles(state)           # may still change
    state = do(state, "york", f"play:{second}")
    assert state["played"]["york"] == second
    state = do(state, "lancaster", f"play:{state['hands']['lancaster'][0]}")
    assert state["p1"] in ("york", "lancaster") and state["step"] in ("action", "combat", "supply", "card")
    assert second not in state["hands"]["york"]


def test_1_1_higher_card_is_player_1_and_the_pretender_wins_ties():
    state = play_cards(new_game(), "Action 4", "Action 2")
    assert state["p1"] == "york"
    state = play_cards(new_game(), "Action 2", "Action 3")
    assert state["p1"] == "lancaster"
    # tie: York is the Pretender in 1460
    state = play_cards(new_game(), "Action 3", "Action 3")
    assert state["p1"] == "york"


def test_1_1_an_event_card_is_always_player_1_even_at_ap0():
    state = play_cards(new_game(), "Action 4", "Plague")
    assert state["p1"] == "lancaster"
    # two events: higher AP first; equal: the Pretender
    state = play_cards(new_game(), "Force March", "Piracy")
    assert state["p1"] == "lancaster"
    state = play_cards(new_game(), "Force March", "Surprise")
    assert state["p1"] == "york"


def test_5_1_deck_has_25_cards_six_events_and_62_ap():
    assert len(CARDS) == 25
    assert sum(1 for c in CARDS.values() if c.get("event")) == 6
    assert sum(c["ap"] for c in CARDS.values()) == 62
    aps = sorted(c["ap"] for c in CARDS.values() if not c.get("event"))
    assert aps == [2] * 6 + [3] * 7 + [4] * 6


def _weak_hand_game():
    state = new_game()
    weak = [card_id("Muster"), card_id("Plague"), card_id("Force March"), card_id("Surprise"),
            card_id("Treason"), card_id("Action 2"), card_id("Piracy")]
    strong = [c for c in CARDS if c not in weak][:7]
    state["hands"] = {"york": sorted(weak), "lancaster": sorted(strong)}
    state["mulligan"] = {"asked": ["york"], "requester": None}
    state["step"] = "mulligan"
    return state, weak, strong


def test_5_1_redeal_of_a_hand_of_13_ap_or_less_and_the_opponent_may_follow():
    state, weak, strong = _weak_hand_game()
    assert ENGINE.active_roles(state) == ["york"]
    assert set(ids(state, "york")) == {"redeal", "keep"}
    out = ENGINE.apply(state, "york", "redeal")
    assert out.irreversible        # the hand is shown
    state = out.state
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "keep")
    assert state["step"] == "card"
    assert state["hands"]["lancaster"] == sorted(strong)
    assert len(state["hands"]["york"]) == 7
    assert not set(state["hands"]["york"]) & set(strong)


def test_5_1_no_redeal_offer_for_a_hand_over_13_ap():
    for seed in range(20):
        state = ENGINE.setup(__import__("rules.core", fromlist=["SetupArgs"]).SetupArgs(
            "1460", (("york",), ("lancaster",)), seed))
        if state["step"] == "mulligan":
            for role in state["mulligan"]["asked"]:
                assert sum(CARDS[c]["ap"] for c in state["hands"][role]) <= 13
        else:
            for role in ("york", "lancaster"):
                assert sum(CARDS[c]["ap"] for c in state["hands"][role]) > 13


# ---- 1.2 action points ----------------------------------------------------------------------------------------
def test_1_2_ap3_buys_three_recruits():
    state = bare({"y-march": "kent", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    assert state["p1"] == "york"
    for _ in range(3):
        state = do(state, "york", "recruit")
        rec = [a for a in ids(state, "york") if a.startswith("rec:")][0]
        state = do(state, "york", rec)
        state = do(state, "york", [a for a in ids(state, "york") if a.startswith("at:")][0])
    # three AP spent: York's phase ended by itself, Lancaster acts
    assert ENGINE.active_roles(state) == ["lancaster"]


def test_1_2_ap3_buys_two_moves_and_one_recruit():
    state = bare({"y-march": "kent", "y-warwick": "essex", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "move:kent", "blk:y-march", "go:sussex", "move:essex", "blk:y-warwick",
               "go:middlesex")
    assert state["act"]["ap"] == 1
    assert "move:sussex" not in ids(state, "york")      # moved blocks may not move again
    state = do(state, "york", "recruit", "rec:y-norfolk", "at:east-anglia")
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert state["blocks"]["y-norfolk"]["loc"] == "east-anglia"


# ---- 5.2 land moves ---------------------------------------------------------------------------------------------
def test_5_2_1_five_blocks_leave_middlesex_for_oxford_the_fifth_detours():
    """Example of 5.2.1: the Middlesex–Oxford border is yellow (4 blocks); the fifth block goes through
    Leicester or Sussex."""
    five = ["l-henry-vi", "l-oxford", "l-beaumont", "l-clifford", "l-wiltshire"]
    state = bare({b: "middlesex" for b in five} | {"y-march": "ireland"})
    state = play_cards(state, "Action 2", "Action 3")
    assert state["p1"] == "lancaster"
    state = do(state, "lancaster", "move:middlesex")
    for b in five[:4]:
        state = do(state, "lancaster", f"blk:{b}")
        assert "go:oxford" in older_ids(state, "lancaster")
        state = do(state, "lancaster", "go:oxford")
    state = do(state, "lancaster", f"blk:{five[4]}")
    options = older_ids(state, "lancaster")
    assert "go:oxford" not in options
    assert "go:leicester>oxford" in options and "go:sussex>oxford" in options
    state = do(state, "lancaster", "go:leicester>oxford")
    assert all(state["blocks"][b]["loc"] == "oxford" for b in five)
    assert state["border_use"]["lancaster"]["middlesex|oxford"] == 4


def test_5_2_sidebar_east_anglia_to_rutland_three_direct_three_via_essex():
    six = ["y-norfolk", "y-suffolk", "y-essex", "y-arundel", "y-hastings", "y-herbert"]
    state = bare({b: "east-anglia" for b in six} | {"l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "move:east-anglia")
    for b in six[:3]:
        state = do(state, "york", f"blk:{b}", "go:rutland")
    state = do(state, "york", f"blk:{six[3]}")
    assert "go:rutland" not in older_ids(state, "york") and "go:essex>rutland" in older_ids(state, "york")
    state = do(state, "york", "go:essex>rutland")
    for b in six[4:]:
        state = do(state, "york", f"blk:{b}", "go:essex>rutland")
    assert all(state["blocks"][b]["loc"] == "rutland" for b in six)


def test_5_2_a_block_stops_on_entering_an_enemy_area_and_after_a_red_border():
    state = bare({"y-march": "kent", "l-henry-vi": "sussex", "l-clifford": "cumbria"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:cumbria", "blk:l-clifford")
    opts = older_ids(state, "lancaster")
    # Cumbria's borders are all red: one area only
    assert opts and all(">" not in a for a in opts if a.startswith("go:"))
    state = do(state, "lancaster", "back", "done", "move:sussex", "blk:l-henry-vi")
    assert "go:kent" in older_ids(state, "lancaster")
    assert not [a for a in older_ids(state, "lancaster") if a.startswith("go:kent>")]


def test_2_7_no_block_may_enter_an_enemy_exile_and_ireland_needs_the_sea():
    state = bare({"y-march": "northumbria", "l-henry-vi": "cumbria", "y-york": "ireland"})
    state = play_cards(state, "Action 4", "Action 2")
    state = do(state, "york", "move:northumbria", "blk:y-march")
    assert "go:scotland" not in older_ids(state, "york")
    state = do(state, "york", "back", "done")
    assert "move:ireland" not in older_ids(state, "york") and "sea:ireland" in older_ids(state, "york")


def test_5_2_2_pinning_example_chester():
    """Sidebar: 5 defend Chester; 3 attack from Derby (main) and 1 from Warwick (reserve). Only 3 are pinned;
    the other 2 may leave, but not across the Derby or Warwick borders."""
    defenders = ["l-henry-vi", "l-oxford", "l-beaumont", "l-clifford", "l-wiltshire"]
    state = bare({b: "chester" for b in defenders} | {"y-march": "derby", "y-warwick": "derby",
                                                      "y-kent": "derby", "y-salisbury": "warwick"})
    state = play_cards(state, "Action 3", "Action 3")
    assert state["p1"] == "york"
    state = do(state, "york", "move:derby", "blk:y-march", "go:chester", "blk:y-warwick", "go:chester",
               "blk:y-kent", "go:chester", "move:warwick", "blk:y-salisbury", "go:chester", "end")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "move:chester")
    movers = 0
    while True:
        blocks = [a for a in older_ids(state, "lancaster") if a.startswith("blk:")]
        if not blocks:
            break
        state = do(state, "lancaster", blocks[0])
        dests = [a for a in older_ids(state, "lancaster") if a.startswith("go:")]
        assert not [d for d in dests if d.split(":")[1].split(">")[0] in ("derby", "warwick")]
        state = do(state, "lancaster", dests[0])
        movers += 1
    assert movers == 2


# ---- 5.3 sea moves -----------------------------------------------------------------------------------------------
def test_5_31_two_blocks_port_to_port_for_one_ap():
    """Sea Moves Example: Calais to Kent (both major ports) carries two blocks for 1 AP."""
    state = bare({"y-warwick": "calais", "y-salisbury": "calais", "y-kent": "calais", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 2", "Action 2")
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:kent")
    assert state["act"]["mode"] == "sea_second"
    state = do(state, "york", "blk:y-salisbury")
    assert state["act"]["ap"] == 1
    state = do(state, "york", "sea:calais", "blk:y-kent", "go:dorset")   # Dorset is a minor port
    assert state["blocks"]["y-kent"]["loc"] == "dorset"


def test_5_3_scots_welsh_rebel_and_levies_may_not_sail_and_hereford_is_no_port():
    state = bare({"l-scots-mercenary": "scotland", "l-henry-vi": "scotland", "y-london-levy": "middlesex",
                  "y-march": "middlesex", "l-oxford": "hereford"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "sea:scotland")
    assert ids(state, "lancaster") == ["blk:l-henry-vi", "back"]
    state = do(state, "lancaster", "back")
    assert "sea:hereford" not in ids(state, "lancaster")


def test_5_3_a_sea_move_uses_one_sea_zone():
    state = bare({"y-york": "ireland", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 2", "Action 2")
    state = do(state, "york", "sea:ireland", "blk:y-york")
    dests = {a[3:] for a in ids(state, "york") if a.startswith("go:")}
    assert "kent" not in dests and "cornwall" in dests and "cumbria" not in dests   # Cumbria is enemy


# ---- 5.4 recruiting -----------------------------------------------------------------------------------------------
def _recruit_areas(state, role, bid):
    state = do(state, role, "recruit", f"rec:{bid}")
    return {a[3:] for a in ids(state, role) if a.startswith("at:")}


def test_5_4_recruit_places():
    state = bare({"l-henry-vi": "south-yorks", "y-march": "warwick", "y-warwick": "middlesex"})
    state = play_cards(state, "Action 2", "Action 3")
    # levy: its own city, if friendly or vacant (Coventry is in Warwick, held by York)
    assert _recruit_areas(state, "lancaster", "l-york-levy") == {"south-yorks"}
    assert "rec:l-coventry-levy" not in ids(do(state, "lancaster", "recruit"), "lancaster")
    # bombard: a city area occupied by your own blocks
    assert _recruit_areas(state, "lancaster", "l-bombard") == {"south-yorks"}
    # Welsh: a friendly or vacant Welsh area
    assert _recruit_areas(state, "lancaster", "l-welsh-mercenary") == {"caernarvon", "pembroke", "powys",
                                                                       "glamorgan"}
    # noble: a friendly or vacant area with his shield (Stanley: Isle of Man and Lancaster)
    assert _recruit_areas(state, "lancaster", "l-stanley") == {"isle-of-man", "lancaster"}
    # church: its cathedral
    assert _recruit_areas(state, "lancaster", "l-york-church") == {"south-yorks"}


def test_5_4_rebel_goes_to_a_vacant_non_exile_area():
    state = bare({"l-henry-vi": "south-yorks", "y-march": "warwick"})
    state = play_cards(state, "Action 3", "Action 2")
    areas = _recruit_areas(state, "york", "rebel")
    assert "south-yorks" not in areas and "warwick" not in areas and "calais" not in areas
    assert "isle-of-man" in areas and "kent" in areas


def test_5_4_no_recruiting_on_an_event_turn():
    state = bare({"l-henry-vi": "south-yorks", "y-march": "warwick"})
    state = play_cards(state, "Force March", "Action 2")
    assert "recruit" not in ids(state, "york")


def test_6_3_example_2_three_start_areas_form_one_main_attack_across_one_border():
    """6.3 Example 2 (English): one Lancastrian block each in Middlesex, Oxford and Gloucester reach Sussex
    across the same Oxford–Sussex border for 3 AP: all three are the Main Attack, sharing its limit of 3."""
    state = bare({"l-oxford": "middlesex", "l-beaumont": "oxford", "l-clifford": "gloucester",
                  "l-wiltshire": "oxford", "y-arundel": "sussex"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:middlesex", "blk:l-oxford", "go:oxford>sussex",
               "move:oxford", "blk:l-beaumont", "go:sussex", "done",
               "move:gloucester", "blk:l-clifford", "go:oxford>sussex")
    c = state["contest"]["sussex"]
    assert c["attacker"] == "lancaster" and c["main"] == "oxford|sussex"
    assert set(c["entered"].values()) == {"oxford|sussex"}
    assert state["border_use"]["lancaster"]["oxford|sussex"] == 3


def test_2_72_lancaster_may_walk_into_scotland_and_scots_stay_ashore():
    state = bare({"l-clifford": "cumbria", "y-march": "kent"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:cumbria", "blk:l-clifford")
    assert "go:scotland" in older_ids(state, "lancaster")


def test_5_2_blocks_of_one_group_may_split():
    state = bare({"y-march": "kent", "y-warwick": "kent", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 2", "Action 2")
    state = do(state, "york", "move:kent", "blk:y-march", "go:sussex", "blk:y-warwick", "go:middlesex")
    assert state["act"]["ap"] == 1
    assert state["blocks"]["y-march"]["loc"] == "sussex" and state["blocks"]["y-warwick"]["loc"] == "middlesex"
    assert ENGINE.view(state, None)["moves"] == [
        {"side": "york", "from": "kent", "to": "sussex", "kind": "land", "via": [], "count": 1},
        {"side": "york", "from": "kent", "to": "middlesex", "kind": "land", "via": [], "count": 1}]


def test_6_3_attackers_use_at_most_three_borders():
    state = bare({"y-arundel": "oxford", "l-clifford": "middlesex", "l-beaumont": "leicester",
                  "l-oxford": "warwick", "l-wiltshire": "wilts"})
    state = play_cards(state, "Action 2", "Action 4")
    state = do(state, "lancaster", "move:middlesex", "blk:l-clifford", "go:oxford",
               "move:leicester", "blk:l-beaumont", "go:oxford", "move:warwick", "blk:l-oxford", "go:oxford",
               "move:wilts", "blk:l-wiltshire")
    assert "go:oxford" not in ids(state, "lancaster")


def test_5_1_the_redeal_happens_once_per_campaign():
    state, weak, strong = _weak_hand_game()
    state["mulligan"]["asked"] = ["york", "lancaster"]
    state = do(state, "york", "redeal")
    state = do(state, "lancaster", "keep")      # Lancaster's own chance was this answer
    assert state["step"] == "card" and state["mulligan"] is None


@pytest.mark.parametrize("moves,recruits", [(3, 0), (2, 1), (1, 2), (0, 3)])
def test_1_2_ap3_example_every_mix_of_moves_and_recruits(moves, recruits):
    """1.2 example: an AP 3 card gives 3 moves, 2 moves + 1 recruit, 1 move + 2 recruits, or 3 recruits."""
    groups = {"y-march": "kent", "y-warwick": "essex", "y-kent": "rutland"}
    state = bare(dict(groups) | {"l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    for bid, area in list(groups.items())[:moves]:
        state = do(state, "york", f"move:{area}", f"blk:{bid}")
        state = do(state, "york", [a for a in older_ids(state, "york") if a.startswith("go:")][0])
        if state["step"] == "action" and state["act"]["mode"] == "group":
            state = do(state, "york", "done")
    for _ in range(recruits):
        state = do(state, "york", "recruit")
        state = do(state, "york", [a for a in older_ids(state, "york") if a.startswith("rec:")][0])
        state = do(state, "york", [a for a in older_ids(state, "york") if a.startswith("at:")][0])
    assert ENGINE.active_roles(state) == ["lancaster"]      # all 3 AP used: York's phase is over
    assert len(state["moved"]) == 3


def test_1_1_the_view_lists_the_cards_revealed_earlier_this_campaign_by_turn_and_player():
    import random
    chooser = random.Random(4)
    state = new_game()
    revealed = {}
    while not (state["turn"] == 3 and state["step"] == "card"):
        role = chooser.choice(ENGINE.active_roles(state))
        state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
        if state["revealed"]:
            revealed[state["turn"]] = dict(state["revealed"])
    history = ENGINE.view(state, None)["cards"]["history"]
    assert [(h["turn"], h["york"]["id"], h["lancaster"]["id"]) for h in history] == \
        [(t, r["york"], r["lancaster"]) for t, r in sorted(revealed.items())]

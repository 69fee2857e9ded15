"""Battles (6.1-6.9): order of fire, hits, bonuses, charge, treachery, reserves, retreat, regroup, deaths."""

from rules.core import Context
from rules.richard3 import battle as battle_rules
from rules.richard3.state import occupancy

from .helpers import ENGINE, Dice, bare, do, ids, start_battle


def _fv(state, bid):
    return battle_rules.fire_value(state, state["battle"], bid, occupancy(state))


def test_6_2_battle_example_defender_first_within_a_letter(monkeypatch):
    """Battle Example sidebar: Herbert (A2) and Clarence (B2) attack Rivers (B2): Herbert, Rivers, Clarence."""
    state = bare({"y-herbert": "oxford", "y-clarence": "oxford", "l-rivers": "oxford"})
    state = start_battle(state, "oxford", "york", {"y-herbert": "middlesex|oxford",
                                                   "y-clarence": "middlesex|oxford"}, "middlesex|oxford")
    assert ENGINE.active_roles(state) == ["york"]
    assert {a.split(":")[1] for a in ids(state, "york")} == {"y-herbert"}
    Dice(monkeypatch, [6] * 20)
    state = do(state, "york", "fire:y-herbert")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "fire:l-rivers")
    assert {a.split(":")[1] for a in ids(state, "york")} == {"y-clarence"}


def test_6_4_stanley_b2_at_strength_3_rolls_three_dice_and_all_hits_go_to_the_strongest(monkeypatch):
    """6.4 example: Stanley, strength 3, B2, rolls 3 dice; each 1 or 2 hits. All of one block's hits go to
    the strongest enemy block."""
    state = bare({"l-stanley": "derby", "y-warwick": "derby", "y-kent": "derby"})
    state["blocks"]["l-stanley"]["str"] = 3
    state = start_battle(state, "derby", "lancaster", {"l-stanley": "chester|derby"}, "chester|derby")
    # York defends: Kent (A) first, then Warwick (B, defender first), then Stanley; York misses
    Dice(monkeypatch, [6, 6, 6] + [6, 6, 6, 6] + [1, 2, 5])
    state = do(state, "york", "fire:y-kent", "fire:y-warwick")
    state = do(state, "lancaster", "fire:l-stanley")
    assert state["blocks"]["y-warwick"]["str"] == 2        # both hits on Warwick (4), none on Kent (3)
    assert state["blocks"]["y-kent"]["str"] == 3


def test_6_4_owner_chooses_among_equally_strong_blocks(monkeypatch):
    state = bare({"l-clifford": "derby", "y-kent": "derby", "y-salisbury": "derby"})
    state = start_battle(state, "derby", "lancaster", {"l-clifford": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6, 6, 6, 1, 6, 6])
    state = do(state, "york", "fire:y-kent")        # Kent A2 defends first
    state = do(state, "lancaster", "fire:l-clifford")
    assert ENGINE.active_roles(state) == ["york"]
    assert set(ids(state, "york")) == {"hit:y-kent", "hit:y-salisbury"}
    state = do(state, "york", "hit:y-salisbury")
    assert state["blocks"]["y-salisbury"]["str"] == 2


def test_6_4_surplus_hits_pass_to_the_next_strongest(monkeypatch):
    state = bare({"l-clifford": "derby", "y-kent": "derby", "y-worcester": "derby"})
    state["blocks"]["y-kent"]["str"] = 1
    state = start_battle(state, "derby", "lancaster", {"l-clifford": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6, 1, 1, 1])
    state = do(state, "york", "fire:y-kent")
    state = do(state, "lancaster", "fire:l-clifford")     # 3 hits: Worcester (2) dies, Kent takes 1 and dies
    assert state["blocks"]["y-worcester"]["loc"] == "dead"  # a rose noble leaves the game (6.83)
    assert state["blocks"]["y-kent"]["loc"] == "dead"       # a Neville cannot re-enter (6.83)


def test_2_3_exeter_defending_cornwall_is_a3_and_a_senior_royal_takes_the_crown():
    state = bare({"l-exeter": "cornwall", "y-march": "cornwall"})
    state = start_battle(state, "cornwall", "york", {"y-march": "cornwall|dorset"}, "cornwall|dorset")
    assert _fv(state, "l-exeter") == 3          # A1 + shield + crown
    assert _fv(state, "y-march") == 3           # attackers get no bonus
    state = bare({"l-exeter": "cornwall", "l-henry-vi": "cornwall", "y-march": "cornwall"})
    state = start_battle(state, "cornwall", "york", {"y-march": "cornwall|dorset"}, "cornwall|dorset")
    assert _fv(state, "l-exeter") == 2          # own shield only
    assert _fv(state, "l-henry-vi") == 3        # B2 + crown as the senior royal heir


def test_2_2_shield_city_cathedral_and_wales_bonuses_defending_only():
    state = bare({"y-london-levy": "middlesex", "y-canterbury-church": "middlesex", "y-norfolk": "middlesex",
                  "l-clifford": "middlesex"})
    state = start_battle(state, "middlesex", "lancaster", {"l-clifford": "essex|middlesex"}, "essex|middlesex")
    assert _fv(state, "y-london-levy") == 4      # C3 + its own city
    assert _fv(state, "y-canterbury-church") == 1  # not its cathedral
    assert _fv(state, "y-norfolk") == 2          # not his shield
    state = bare({"l-welsh-mercenary": "powys", "l-pembroke": "powys", "y-herbert": "powys"})
    state = start_battle(state, "powys", "york", {"y-herbert": "hereford|powys"}, "hereford|powys")
    assert _fv(state, "l-welsh-mercenary") == 3
    assert _fv(state, "l-pembroke") == 2


def test_6_5_heir_charge_extra_hits_lost_and_the_survivor_fires_back(monkeypatch):
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-rivers": "derby", "l-clifford": "derby"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "y-warwick": "chester|derby"},
                         "chester|derby")
    # A blocks: defender Clifford first
    Dice(monkeypatch, [6, 6, 6,   1, 1, 1] + [6] * 10)
    state = do(state, "lancaster", "fire:l-clifford")
    assert "charge:y-march:l-rivers" in ids(state, "york")
    assert not [a for a in ids(state, "york") if a.startswith("charge:y-warwick")]   # only the senior heir
    state = do(state, "york", "charge:y-march:l-clifford")
    assert state["blocks"]["l-clifford"]["loc"] == "dead"    # 3 hits, strength 3: dies, nothing spills
    assert state["blocks"]["l-rivers"]["str"] == 2
    state2 = bare({"y-march": "derby", "l-rivers": "derby", "l-beaumont": "derby"})
    state2 = start_battle(state2, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [1, 6, 6,   1, 1])
    state2 = do(state2, "york", "charge:y-march:l-beaumont")
    assert state2["blocks"]["l-beaumont"]["str"] == 2
    state2 = do(state2, "lancaster", "fireback")           # its owner's choice (DECISIONS 6.5)
    assert state2["blocks"]["y-march"]["str"] == 1        # Beaumont B2 fires back: two hits on March


def test_6_9_warwick_needs_one_die_for_kent_and_may_not_try_northumberland(monkeypatch):
    state = bare({"y-warwick": "derby", "l-kent": "derby", "l-northumberland": "derby"})
    state["blocks"]["l-kent"]["str"] = 2
    state = start_battle(state, "derby", "york", {"y-warwick": "chester|derby"}, "chester|derby")
    state = do(state, "lancaster", "pass:l-kent", "pass:l-northumberland")   # A, then defender's B first
    options = ids(state, "york")
    assert "treach:y-warwick:l-kent" in options
    assert not [a for a in options if a.endswith("northumberland")] or \
        not [a for a in options if a.startswith("treach:") and "northumberland" in a]
    label = [a.label for a in ENGINE.legal_actions(state, "york") if a.id == "treach:y-warwick:l-kent"][0]
    assert label.endswith("(1 die)")
    Dice(monkeypatch, [4])
    state = do(state, "york", "treach:y-warwick:l-kent")
    assert state["blocks"]["l-kent"]["loc"] == "off"
    assert state["blocks"]["y-kent"]["loc"] == "derby" and state["blocks"]["y-kent"]["str"] == 2
    # it joined York's reserves: it did not act in round 1 and fights from round 2
    assert "y-kent" in state["battle"]["defected"] and state["battle"]["round"] == 2
    assert "treach:y-warwick:l-northumberland" not in ids(state, "york")


def test_6_9_treachery_dice_equal_the_targets_loyalty_and_all_must_be_even(monkeypatch):
    state = bare({"l-henry-vi": "derby", "y-rivers": "derby"})     # York's Rivers: loyalty 2
    state = start_battle(state, "derby", "lancaster", {"l-henry-vi": "chester|derby"}, "chester|derby")
    state = do(state, "york", "pass:y-rivers")
    assert "treach:l-henry-vi:y-rivers" in ids(state, "lancaster")
    Dice(monkeypatch, [2, 3])
    state = do(state, "lancaster", "treach:l-henry-vi:y-rivers")
    assert state["blocks"]["y-rivers"]["loc"] == "derby"


def test_9_1_exeter_may_defect_but_not_as_king_or_pretender(monkeypatch):
    state = bare({"y-york": "derby", "l-exeter": "derby", "l-somerset": "kent"})
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6] * 3 + [2, 4])
    state = do(state, "lancaster", "fire:l-exeter")
    assert "treach:y-york:l-exeter" in ids(state, "york")
    state = do(state, "york", "treach:y-york:l-exeter")
    assert state["blocks"]["y-exeter"]["loc"] == "derby"
    assert "l-exeter" not in [h for h in ("l-henry-vi", "l-exeter") if state["blocks"][h]["loc"] == "derby"]


def test_6_3_reserves_wait_for_round_2_and_defender_reinforcements_are_reserves(monkeypatch):
    """6.3 reinforcement example: York attacks Essex with 3 from Rutland (main) and 2 from Middlesex;
    Lancaster brings 3 from East Anglia. Only Rutland's 3 and Essex's 2 fight round 1."""
    york = {"y-march": "essex|rutland", "y-norfolk": "essex|rutland", "y-suffolk": "essex|rutland",
            "y-hastings": "essex|middlesex", "y-arundel": "essex|middlesex"}
    lanc = {"l-oxford": None, "l-beaumont": None, "l-clifford": "east-anglia|essex",
            "l-wiltshire": "east-anglia|essex", "l-pembroke": "east-anglia|essex"}
    state = bare({b: "essex" for b in list(york) + list(lanc)})
    entered = dict(york) | {b: k for b, k in lanc.items() if k}
    state = start_battle(state, "essex", "york", entered, "essex|rutland", p1="york")
    b = state["battle"]
    assert set(b["reserves"]) == {"y-hastings", "y-arundel", "l-clifford", "l-wiltshire", "l-pembroke"}
    Dice(monkeypatch, [6] * 200)
    seen = set()
    while state["battle"] and state["battle"]["round"] == 1:
        role = ENGINE.active_roles(state)[0]
        fire = [a for a in ids(state, role) if a.startswith("fire:")][0]
        seen.add(fire.split(":")[1])
        state = do(state, role, fire)
    assert seen == {"y-march", "y-norfolk", "y-suffolk", "l-oxford", "l-beaumont"}
    assert state["battle"]["reserves"] == []


def test_6_6_no_retreat_in_round_1_nor_across_the_enemys_border_and_attackers_leave_in_round_4(monkeypatch):
    state = bare({"y-march": "derby", "l-clifford": "derby"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6] * 100)
    assert not [a for a in ids(state, "lancaster") if a.startswith("retreat:")]
    state = do(state, "lancaster", "fire:l-clifford")
    state = do(state, "york", "fire:y-march")
    assert state["battle"]["round"] == 2
    retreats = [a for a in ids(state, "lancaster") if a.startswith("retreat:")]
    assert retreats and "retreat:l-clifford:chester" not in retreats
    york_retreats = None
    while state["battle"]:
        role = ENGINE.active_roles(state)[0]
        options = ids(state, role)
        if state["battle"]["stage"] == "regroup":
            state = do(state, role, "done")
            continue
        if role == "york" and state["battle"]["round"] == 4:
            york_retreats = options
            state = do(state, role, options[0])
            continue
        state = do(state, role, [a for a in options if a.startswith("fire:")][0])
    assert york_retreats and all(a.startswith("retreat:") for a in york_retreats)
    assert "retreat:y-march:chester" in york_retreats
    assert state["blocks"]["y-march"]["loc"] != "derby"


def test_6_6_an_attacker_that_cannot_retreat_in_round_4_is_eliminated(monkeypatch):
    # Cumbria attacked from Scotland's neighbour... York in Cumbria, all exits enemy-held or exiles
    state = bare({"y-march": "cumbria", "y-gloucester": "kent", "l-clifford": "cumbria",
                  "l-henry-vi": "north-yorks", "l-oxford": "lancaster", "l-beaumont": "northumbria"})
    state = start_battle(state, "cumbria", "york", {"y-march": "cumbria|north-yorks"}, "cumbria|north-yorks")
    Dice(monkeypatch, [6] * 100)
    while state["battle"] and state["battle"]["round"] < 4:
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, [a for a in ids(state, role) if a.startswith("fire:")][0])
    after = ENGINE.apply(state, "lancaster", "fire:l-clifford")
    # the only thing March can do is fall: the engine does it for York (issue 33), and says so
    assert "york" not in ENGINE.active_roles(after.state)
    assert "york" in [role for role, _ in after.automatic]
    assert any("cannot retreat and is eliminated — the only choice" in e.text for e in after.log)
    assert after.state["blocks"]["y-march"]["loc"] == "dead"


def test_6_3_defender_wiped_out_in_round_1_with_reserves_swaps_roles_at_once(monkeypatch):
    """6.3 (English v1.02): "CONTROL changes if all defending blocks are eliminated in Round 1. The Defender is
    now the Attacker" -- at once, within round 1 (2.1), and for the rest of the battle."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-rivers": "derby", "l-clifford": "derby"})
    state["blocks"]["l-rivers"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "y-warwick": "chester|derby",
                                                  "l-clifford": "derby|lancaster"}, "chester|derby",
                         p1="york")
    assert "l-clifford" in state["battle"]["reserves"]
    Dice(monkeypatch, [1, 6, 6] + [6] * 6)
    state = do(state, "york", "fire:y-march")       # March A3 kills Rivers (1)
    b = state["battle"]
    assert b["attacker"] == "lancaster" and b["defender"] == "york" and b["round"] == 1
    assert "l-clifford" not in b["reserves"]
    state = do(state, "york", "fire:y-warwick")     # Warwick B2 misses; Clifford may not act in round 1
    b = state["battle"]
    assert b["round"] == 2 and b["attacker"] == "lancaster" and b["defender"] == "york"


def test_6_7_victor_regroups_including_former_reserves(monkeypatch):
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-rivers": "derby"})
    state["blocks"]["l-rivers"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "y-warwick": "derby|warwick"},
                         "chester|derby")
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "york", "fire:y-march")
    assert state["battle"]["stage"] == "regroup"
    options = ids(state, "york")
    assert "rg:y-warwick:leicester" in options and "done" in options
    state = do(state, "york", "rg:y-warwick:leicester", "done")
    assert state["battle"] is None and state["blocks"]["y-warwick"]["loc"] == "leicester"


def test_6_83_non_rose_nobles_go_to_the_pool_face_down(monkeypatch):
    state = bare({"y-march": "derby", "l-rivers": "derby"})
    state["blocks"]["l-rivers"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "york", "fire:y-march")
    assert state["blocks"]["l-rivers"] == {"loc": "pool", "str": 2, "down": True}


def test_6_1_battle_blocks_are_revealed_to_everyone_while_the_battle_lasts():
    state = bare({"y-march": "derby", "l-rivers": "derby", "l-clifford": "kent"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    public = str(ENGINE.view(state, None))
    assert "y-march" in public and "l-rivers" in public and "l-clifford" not in public
    assert "y-march" not in ENGINE.secrets(state, "york")


def test_2_2_a_dead_heirs_own_shield_opens_to_the_senior_heir_only():
    """Royal Shields sidebar: Dorset is Somerset's; once he is dead any Lancastrian heir may use it, but a shared
    shield only helps the senior heir present."""
    state = bare({"l-exeter": "dorset", "y-march": "dorset"})
    state["blocks"]["l-somerset"]["loc"] = "dead"
    state = start_battle(state, "dorset", "york", {"y-march": "dorset|wilts"}, "dorset|wilts")
    assert _fv(state, "l-exeter") == 2
    state = bare({"l-exeter": "dorset", "l-henry-vi": "dorset", "y-march": "dorset"})
    state["blocks"]["l-somerset"]["loc"] = "dead"
    state = start_battle(state, "dorset", "york", {"y-march": "dorset|wilts"}, "dorset|wilts")
    assert _fv(state, "l-exeter") == 1 and _fv(state, "l-henry-vi") == 3
    state = bare({"l-exeter": "dorset", "y-march": "dorset"})          # Somerset alive: not Exeter's shield
    state = start_battle(state, "dorset", "york", {"y-march": "dorset|wilts"}, "dorset|wilts")
    assert _fv(state, "l-exeter") == 1


def test_6_9_each_roller_tries_once_per_battle(monkeypatch):
    state = bare({"l-henry-vi": "derby", "y-rivers": "derby", "y-stanley": "derby"})
    state = start_battle(state, "derby", "lancaster", {"l-henry-vi": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [1, 1] + [6] * 40)
    state = do(state, "york", "pass:y-rivers", "pass:y-stanley")
    state = do(state, "lancaster", "treach:l-henry-vi:y-rivers")       # odd dice: stays loyal
    assert state["blocks"]["y-rivers"]["loc"] == "derby"
    state = do(state, "york", "pass:y-rivers", "pass:y-stanley")
    assert state["battle"]["round"] == 2
    assert not [a for a in ids(state, "lancaster") if a.startswith("treach:")]


def test_6_8_where_each_kind_of_eliminated_block_goes():
    """6.82 heirs out for good (a minor follows); 6.83 rose nobles and Nevilles out, others face down in the
    pool; 6.84 levies and Bombards face down; 6.85 mercenaries face down (home in 8.1); 6.86 the Rebel to the
    Pretender's pool."""
    state = bare({"y-london-levy": "kent", "y-bombard": "kent", "y-burgundian-mercenary": "kent",
                  "rebel": "essex", "l-stanley": "cumbria", "l-clifford": "cumbria", "y-warwick": "sussex",
                  "y-rutland": "sussex"})
    ctx = Context()
    for bid in ("y-london-levy", "y-bombard", "y-burgundian-mercenary", "rebel", "l-stanley"):
        ENGINE.eliminate(state, bid, ctx)
        assert state["blocks"][bid]["loc"] == "pool" and state["blocks"][bid]["down"], bid
    for bid in ("l-clifford", "y-warwick", "y-rutland"):
        ENGINE.eliminate(state, bid, ctx)
        assert state["blocks"][bid]["loc"] == "dead", bid
    assert state["blocks"]["l-warwick"]["loc"] == "dead"        # the other Warwick cannot come back either
    assert state["killed"]["york"] == 1
    assert ENGINE.view(state, "york")["pools"]["york"]["count"] >= 4   # the Rebel is in York's (Pretender's) pool

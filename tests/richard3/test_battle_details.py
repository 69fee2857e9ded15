"""Battle rules the sidebars and v1.02 spell out: reserves and their borders (6.3, its examples and exception), the
Bombard as a reserve (6.2), retreat and regroup limits (6.6, 6.7), charges in round 4 (6.5), Treachery (6.9)."""

from .helpers import ENGINE, Dice, bare, do, ids, older_ids, play_cards, start_battle


def _acts(state, role, verb):
    return [a for a in ids(state, role) if a.startswith(verb + ":")]


def _pass_round(state):
    """Every block passes until the round number changes."""
    start = state["battle"]["round"]
    while state["battle"]["round"] == start:
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, _acts(state, role, "pass")[0])
    return state


# ---- 6.3 reserves -----------------------------------------------------------------------------------------------------
def test_6_3_defending_reinforcements_use_at_most_two_borders():
    """6.3: Player 2's reinforcements into a battle Player 1 started may cross at most 2 borders. York attacks Derby
    from Chester; Lancaster reinforces from Warwick and Leicester, and then may not come in from Lincoln."""
    state = bare({"y-march": "chester", "l-oxford": "derby", "l-beaumont": "warwick", "l-clifford": "leicester",
                  "l-wiltshire": "lincoln", "l-henry-vi": "cornwall"})
    state = play_cards(state, "Action 3", "Action 3")
    state = do(state, "york", "move:chester", "blk:y-march", "go:derby", "end")
    state = do(state, "lancaster", "move:lincoln", "blk:l-wiltshire")
    assert "go:derby" in older_ids(state, "lancaster")                       # any two borders would do
    state = do(state, "lancaster", "back", "done", "move:warwick", "blk:l-beaumont", "go:derby",
               "move:leicester", "blk:l-clifford", "go:derby", "move:lincoln", "blk:l-wiltshire")
    into_derby = [a[3:].split(">") for a in older_ids(state, "lancaster") if a.startswith("go:") and a.endswith("derby")]
    assert into_derby == [["leicester", "derby"]]                      # only over a border already used
    assert state["contest"]["derby"]["borders"]["lancaster"] == ["derby|warwick", "derby|leicester"]


def test_6_3_example_1_the_first_group_in_is_the_main_attack_and_the_other_border_is_a_reserve():
    """6.3 Example 1: York has 2 blocks in Wilts and 4 in Kent, both attacking Sussex; the Kent group is the main
    attack (it moves first, DECISIONS 6.3) and the Wilts group waits in reserve for round 2."""
    kent = ["y-march", "y-warwick", "y-kent", "y-salisbury"]
    wilts = ["y-norfolk", "y-suffolk"]
    state = bare({b: "kent" for b in kent} | {b: "wilts" for b in wilts} | {"l-oxford": "sussex",
                                                                           "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 2", "Action 2")
    state = do(state, "york", "move:kent")
    for b in kent:
        state = do(state, "york", f"blk:{b}", "go:sussex")
    state = do(state, "york", "move:wilts")
    for b in wilts:
        state = do(state, "york", f"blk:{b}", "go:sussex")
    state = do(state, "lancaster", "end")
    b = state["battle"]
    assert b["area"] == "sussex" and state["contest"]["sussex"]["main"] == "kent|sussex"
    assert sorted(b["reserves"]) == sorted(wilts)
    acting = set()
    while state["battle"]["round"] == 1:
        role = ENGINE.active_roles(state)[0]
        passes = _acts(state, role, "pass")
        acting |= {a.split(":")[1] for a in passes}
        state = do(state, role, passes[0])
    assert acting == set(kent) | {"l-oxford"}


def test_6_3_exception_surplus_hits_are_lost_and_only_blocks_yet_to_fire_hit_the_early_reserves(monkeypatch):
    """6.3 exception (v1.02; DECISIONS #8): March's 3 hits kill Rivers, Lancaster's only fighting block. Clifford's
    reserve enters at once: March's 2 surplus hits are lost, but Warwick, who has not fired yet, may hit him."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-rivers": "derby", "l-clifford": "derby"})
    state["blocks"]["l-rivers"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "y-warwick": "chester|derby",
                                                  "l-clifford": "derby|lancaster"}, "chester|derby", p1="york")
    Dice(monkeypatch, [1, 1, 1] + [1, 1, 6, 6])
    state = do(state, "york", "fire:y-march")
    assert state["blocks"]["l-rivers"]["loc"] == "pool"
    assert state["blocks"]["l-clifford"]["str"] == 3                   # the surplus hits were lost
    assert ENGINE.active_roles(state) == ["york"] and _acts(state, "york", "fire") == ["fire:y-warwick"]
    state = do(state, "york", "fire:y-warwick")
    assert state["blocks"]["l-clifford"]["str"] == 1                   # Warwick's 2 hits land on the arrival


def test_6_2_a_bombard_that_enters_as_a_reserve_is_d3_even_in_round_1():
    """6.2 (v1.02): the Bombard is A3 in round 1 only when it was there from the start; as a reserve it is D3."""
    state = bare({"y-march": "middlesex", "l-oxford": "middlesex", "l-bombard": "middlesex", "y-bombard": "middlesex",
                  "l-henry-vi": "cumbria"})
    state = start_battle(state, "middlesex", "lancaster", {"l-oxford": "essex|middlesex",
                                                           "l-bombard": "middlesex|oxford"}, "essex|middlesex")
    assert "l-bombard" in state["battle"]["reserves"]
    fire_now = {e["id"]: e["fire_now"] for side in ("york", "lancaster")
                for e in ENGINE.view(state, None)["battle"]["blocks"][side]}
    assert fire_now["l-bombard"] == "D3" and fire_now["y-bombard"] == "A3"
    assert "Bombard (D3, strength 3, in reserve)" in state["battle"]["lines"][0]


# ---- 6.6 retreat -------------------------------------------------------------------------------------------------------
def test_6_6_only_player_2_may_retreat_across_a_border_both_sides_used():
    """6.6: if both players used the same border to enter, only Player 2 may retreat across it. York (Player 1)
    attacked Derby from Chester, and Lancaster's reinforcement came in through Chester too."""
    state = bare({"y-march": "derby", "l-oxford": "derby", "l-clifford": "derby", "l-henry-vi": "cornwall"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "l-clifford": "chester|derby"},
                         "chester|derby", p1="york")
    state = _pass_round(state)
    assert "retreat:l-oxford:chester" in ids(state, "lancaster")
    state = do(state, "lancaster", "pass:l-oxford", "pass:l-clifford")
    york = _acts(state, "york", "retreat")
    assert "retreat:y-march:chester" not in york and "retreat:y-march:warwick" in york


def test_6_6_player_2_may_use_the_shared_border_even_as_the_attacker():
    """6.6 (DECISIONS #10): Lancaster, Player 2, attacks Derby from Chester and York, Player 1, reinforced Derby
    through Chester as well: only Lancaster may retreat to Chester."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-oxford": "derby", "l-henry-vi": "cornwall"})
    state = start_battle(state, "derby", "lancaster", {"l-oxford": "chester|derby", "y-warwick": "chester|derby"},
                         "chester|derby", p1="york")
    state = _pass_round(state)
    assert ENGINE.active_roles(state) == ["york"]                       # March (A, defending) acts first
    york = _acts(state, "york", "retreat")
    assert "retreat:y-march:chester" not in york and "retreat:y-march:warwick" in york
    state = do(state, "york", "pass:y-march")
    assert "retreat:l-oxford:chester" in ids(state, "lancaster")


def test_6_6_retreat_border_limits_count_per_combat_round():
    """6.6: border limits apply to retreats, counted per round. Three Lancastrians would leave Derby over the red
    Derby–Lancaster border: two may in round 2, the third only in round 3."""
    state = bare({"y-march": "derby", "l-oxford": "derby", "l-clifford": "derby", "l-beaumont": "derby",
                  "l-henry-vi": "cornwall"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    state = _pass_round(state)
    state = do(state, "lancaster", "retreat:l-oxford:lancaster", "retreat:l-clifford:lancaster")
    state = do(state, "york", "pass:y-march")
    options = ids(state, "lancaster")
    assert "retreat:l-beaumont:lancaster" not in options and "retreat:l-beaumont:lincoln" in options
    state = do(state, "lancaster", "pass:l-beaumont")
    assert state["battle"]["round"] == 3
    state = do(state, "york", "pass:y-march")
    assert "retreat:l-beaumont:lancaster" in ids(state, "lancaster")


# ---- 6.7 regroup ---------------------------------------------------------------------------------------------------------
def test_6_7_regroups_obey_border_limits(monkeypatch):
    """6.7: regrouping blocks obey the border limits (fresh for the battle): two over a red border, not three."""
    three = ["y-warwick", "y-kent", "y-salisbury"]
    state = bare({b: "derby" for b in three} | {"l-rivers": "derby", "l-henry-vi": "cornwall"})
    state["blocks"]["l-rivers"]["str"] = 1
    state = start_battle(state, "derby", "york", {b: "chester|derby" for b in three}, "chester|derby")
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "york", "fire:y-kent")                           # Kent (A2) kills Rivers
    assert state["battle"]["stage"] == "regroup"
    state = do(state, "york", "rg:y-warwick:lancaster", "rg:y-kent:lancaster")
    options = ids(state, "york")
    assert "rg:y-salisbury:lancaster" not in options and "rg:y-salisbury:chester" in options


# ---- 6.5 charge ------------------------------------------------------------------------------------------------------------
def test_6_5_an_attacking_heir_may_not_charge_in_round_4_but_a_defending_one_may():
    """6.5 with 6.2: in round 4 attackers may only retreat, so the attacking heir March has no charge; the defending
    senior heir Henry VI still may charge."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "l-henry-vi": "derby"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby", "y-warwick": "chester|derby"},
                         "chester|derby")
    for _ in range(3):
        state = _pass_round(state)
    assert state["battle"]["round"] == 4 and ENGINE.active_roles(state) == ["york"]
    options = ids(state, "york")
    assert options and all(a.startswith("retreat:y-march:") for a in options)
    state = do(state, "york", "retreat:y-march:chester")
    assert "charge:l-henry-vi:y-warwick" in ids(state, "lancaster")


# ---- 6.9 treachery ----------------------------------------------------------------------------------------------------------
def test_6_91_warwick_needs_one_die_for_salisbury_and_may_not_try_westmoreland():
    """6.91: Kent and Salisbury carry Warwick's badge: loyalty 1 when Warwick rolls (2 for anyone else); Warwick may
    not try Northumberland or Westmoreland at all."""
    state = bare({"y-warwick": "derby", "y-york": "derby", "l-salisbury": "derby", "l-westmoreland": "derby"})
    state = start_battle(state, "derby", "york", {"y-warwick": "chester|derby", "y-york": "chester|derby"},
                         "chester|derby")
    state = do(state, "lancaster", "pass:l-salisbury", "pass:l-westmoreland")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["treach:y-warwick:l-salisbury"].endswith("(1 die)")
    assert labels["treach:y-york:l-salisbury"].endswith("(2 dice)")
    assert "treach:y-warwick:l-westmoreland" not in labels and "treach:y-york:l-westmoreland" in labels


def test_6_9_a_block_that_changed_sides_may_not_be_turned_back_in_the_same_battle(monkeypatch):
    """6.9 (English): no re-converting a block in the same battle. York's Pretender turns Rivers; Lancaster's King
    may not try the Yorkist Rivers in this battle."""
    state = bare({"y-york": "derby", "y-march": "derby", "l-henry-vi": "derby", "l-rivers": "derby"})
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby", "y-march": "chester|derby"},
                         "chester|derby")
    Dice(monkeypatch, [2] + [6] * 40)
    state = do(state, "york", "pass:y-march")                          # A: March (no defender A)
    state = do(state, "lancaster", "pass:l-henry-vi", "pass:l-rivers")  # B: defenders first
    state = do(state, "york", "treach:y-york:l-rivers")                # 1 die, even: Rivers turns
    assert state["blocks"]["y-rivers"]["loc"] == "derby"
    state = _pass_round(state)
    state = do(state, "york", "pass:y-march")
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert "treach:l-henry-vi:y-rivers" not in ids(state, "lancaster")


def test_6_5_fire_label_counts_one_die_in_the_singular():
    """6.5: a block rolls as many dice as its strength; a label read by players says "1 die", not "1 dice"."""
    state = bare({"y-warwick": "derby", "l-salisbury": "derby"})
    state["blocks"]["l-salisbury"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-warwick": "chester|derby"}, "chester|derby")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "lancaster")}
    assert labels["fire:l-salisbury"].endswith(", 1 die)")

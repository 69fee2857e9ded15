"""Second rules review: the Piracy sea zone, pinning at sea (5.22), Treachery per title (6.9), nothing after
sudden death (9.0), the Kingmaker rescue and who may regroup (6.7)."""

from .helpers import ENGINE, Dice, bare, do, ids, new_game, play_cards, start_battle


def _last_heir_battle():
    """York's March attacks Lancaster's last heir, Richmond (strength 1), who has Oxford in reserve."""
    state = bare({"y-march": "derby", "l-richmond": "derby", "l-oxford": "derby"})
    for heir in ("l-henry-vi", "l-prince-edward", "l-exeter", "l-somerset"):
        state["blocks"][heir]["loc"] = "dead"
    state["blocks"]["l-richmond"]["str"] = 1
    return start_battle(state, "derby", "york", {"y-march": "chester|derby", "l-oxford": "derby|lincoln"},
                        "chester|derby")


def test_9_0_no_battle_line_after_the_last_heir_falls(monkeypatch):
    """9.0 sudden death: March's 3 hits kill Richmond, the last Lancastrian heir; the 2 surplus hits would bring
    Oxford's reserve in early (6.3), but the game is already over, so nothing more is logged."""
    Dice(monkeypatch, [1, 1, 1])
    out = ENGINE.apply(_last_heir_battle(), "york", "fire:y-march")
    texts = [e.text for e in out.log]
    won = next(i for i, t in enumerate(texts) if "wins" in t)
    assert won == len(texts) - 2 and texts[-1].startswith("Every block is revealed"), texts[won:]   # (9.0)
    assert ENGINE.result(out.state).winners == ("york",)
    assert not any("reserves enter" in line for line in out.state["battle"]["lines"])


def test_9_0_no_battle_line_after_a_charge_wins_the_game(monkeypatch):
    """9.0 with 6.5: a charge that kills the last enemy heir ends the game; the target cannot fire back and no
    reserves enter."""
    Dice(monkeypatch, [1, 1, 1])
    out = ENGINE.apply(_last_heir_battle(), "york", "charge:y-march:l-richmond")
    texts = [e.text for e in out.log]
    assert "wins" in texts[-2] and texts[-1].startswith("Every block is revealed"), texts


def _treach(state, role):
    return [a for a in ids(state, role) if a.startswith("treach:")]


def test_6_9_a_warwick_who_changed_sides_has_no_second_roll(monkeypatch):
    """6.9: Warwick (either copy) rolls once per battle. York's Warwick tries Rivers and fails; the King then turns
    Warwick, and the Lancastrian Warwick may not roll against Buckingham in this battle."""
    state = bare({"y-march": "derby", "y-warwick": "derby", "y-buckingham": "derby", "l-henry-vi": "derby",
                  "l-rivers": "derby"})
    state = start_battle(state, "derby", "lancaster", {"l-henry-vi": "chester|derby", "l-rivers": "chester|derby"},
                         "chester|derby")
    Dice(monkeypatch, [1] + [2, 2, 2] + [6] * 60)
    state = do(state, "york", "pass:y-march", "treach:y-warwick:l-rivers", "pass:y-buckingham")   # 1 die, odd
    assert state["blocks"]["l-rivers"]["loc"] == "derby"
    state = do(state, "lancaster", "treach:l-henry-vi:y-warwick", "pass:l-rivers")                # all even
    assert state["blocks"]["l-warwick"]["loc"] == "derby" and state["battle"]["round"] == 2
    state = do(state, "york", "pass:y-march", "pass:y-buckingham")
    assert ENGINE.active_roles(state) == ["lancaster"]
    assert "fire:l-warwick" in ids(state, "lancaster") and not _treach(state, "lancaster")


def test_6_9_a_pretender_who_succeeds_mid_battle_has_no_second_roll(monkeypatch):
    """6.9 with 6.82: the Pretender (Duke of York) rolls and is then killed; March becomes Pretender at once but the
    Pretender's roll for this battle is spent."""
    state = bare({"y-york": "derby", "y-march": "derby", "l-rivers": "derby", "l-clifford": "derby"})
    state["blocks"]["y-york"]["str"] = 2
    state["blocks"]["y-march"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby", "y-march": "chester|derby"},
                         "chester|derby")
    assert state["pretender"] == "y-york"
    Dice(monkeypatch, [1] + [1, 1, 6] + [6] * 60)
    state = do(state, "lancaster", "pass:l-clifford")
    state = do(state, "york", "pass:y-march")
    state = do(state, "lancaster", "pass:l-rivers")
    state = do(state, "york", "treach:y-york:l-rivers")                          # 1 die, odd: loyal
    state = do(state, "lancaster", "fire:l-clifford")                            # 2 hits kill York
    assert state["blocks"]["y-york"]["loc"] == "dead" and state["pretender"] == "y-march"
    assert ENGINE.active_roles(state) == ["york"]
    assert "fire:y-march" in ids(state, "york") and not _treach(state, "york")


def test_6_9_the_king_pretender_and_warwick_each_have_their_own_roll(monkeypatch):
    """6.9: the rolls are per title: the Pretender's failed roll leaves Warwick's to him."""
    state = bare({"y-york": "derby", "y-warwick": "derby", "l-rivers": "derby"})
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby", "y-warwick": "chester|derby"},
                         "chester|derby")
    Dice(monkeypatch, [1] + [6] * 60)
    state = do(state, "lancaster", "pass:l-rivers")
    assert "treach:y-york:l-rivers" in ids(state, "york") and "treach:y-warwick:l-rivers" in ids(state, "york")
    state = do(state, "york", "treach:y-york:l-rivers")
    assert _treach(state, "york") == ["treach:y-warwick:l-rivers"]


def test_kingmaker_the_rebel_does_not_rescue_henry_vi():
    """Kingmaker special rule: "as soon as a Lancastrian block occupies London, he is rescued". The Rebel is a black
    block, not a Lancastrian one: recruited into Middlesex (vacant apart from the captive) it leaves Henry a
    prisoner. A red block arriving later frees him."""
    state = new_game("1470")
    state["blocks"]["y-march"]["loc"] = "kent"
    state["blocks"]["l-oxford"]["loc"] = "essex"
    state = play_cards(state, "Action 2", "Action 3")
    assert state["p1"] == "lancaster"
    state = do(state, "lancaster", "recruit", "rec:rebel", "at:middlesex")
    assert state["blocks"]["rebel"]["loc"] == "middlesex"
    assert state["captive"] == "l-henry-vi" and state["pretender"] == "l-prince-edward"
    state = do(state, "lancaster", "move:essex", "blk:l-oxford", "go:middlesex")
    assert state["captive"] is None and state["pretender"] == "l-henry-vi"


def _kingmaker_london_battle():
    """Kingmaker: Oxford attacks Middlesex, where only the Earl of Essex (strength 1) guards the captive Henry."""
    state = bare({"y-essex": "middlesex", "y-march": "kent", "y-gloucester": "south-yorks", "l-oxford": "middlesex",
                  "l-henry-vi": "middlesex", "l-prince-edward": "france"}, king_side="york", scenario="1470")
    state["captive"] = "l-henry-vi"
    ENGINE.update_pretender(state)
    state["blocks"]["y-essex"]["str"] = 1
    return start_battle(state, "middlesex", "lancaster", {"l-oxford": "essex|middlesex"}, "essex|middlesex")


def test_6_7_only_blocks_that_fought_regroup_not_a_henry_freed_by_the_victory(monkeypatch):
    """6.7 (the victor's blocks in the battle regroup) with the Kingmaker rescue: Oxford wins London and frees
    Henry VI, who "then moves and fights normally" but took no part in the battle, so he may not regroup."""
    state = _kingmaker_london_battle()
    assert "l-henry-vi" not in state["battle"]["took_part"]
    Dice(monkeypatch, [1, 6, 6])
    state = do(state, "lancaster", "fire:l-oxford")                 # Oxford (A2) fires first: Essex falls
    assert state["captive"] is None and state["pretender"] == "l-henry-vi"
    assert state["battle"]["stage"] == "regroup"
    options = ids(state, "lancaster")
    assert "rg:l-oxford:oxford" in options and not [a for a in options if "henry" in a]


def test_6_7_a_block_that_changed_sides_in_the_battle_may_regroup(monkeypatch):
    """6.7 with 6.9: a convert joined the victor's side during the battle, so he took part and may regroup."""
    state = bare({"y-york": "derby", "l-rivers": "derby", "l-clifford": "derby"})
    state["blocks"]["l-clifford"]["str"] = 1
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6] + [2] + [6] + [1, 1, 1, 1])
    state = do(state, "lancaster", "fire:l-clifford", "pass:l-rivers")
    state = do(state, "york", "treach:y-york:l-rivers")             # Rivers (loyalty 1): 2, he defects
    assert "y-rivers" in state["battle"]["took_part"]
    state = do(state, "lancaster", "fire:l-clifford")                # round 2: Clifford misses
    state = do(state, "york", "fire:y-york")                        # Clifford is gone
    assert state["battle"]["stage"] == "regroup"
    assert "rg:y-rivers:leicester" in ids(state, "york")


# ---- Piracy: the sea zone is chosen, and it is the attack's border --------------------------------------------
def _go(state, role):
    return [a for a in ids(state, role) if a.startswith("go:")]


def test_event_piracy_calais_to_kent_offers_both_sea_zones_and_the_zone_decides_the_retreat(monkeypatch):
    """Piracy (facts §1): a pirate retreats only to a coast of the sea zone it came by, so the player picks the
    zone. Calais reaches Kent by the North Sea or the English Channel (5.3)."""
    state = bare({"y-warwick": "calais", "y-march": "ireland", "l-oxford": "kent", "l-clifford": "essex"})
    state = play_cards(state, "Piracy", "Action 2")
    state = do(state, "york", "sea:calais", "blk:y-warwick")
    attacks = [a for a in _go(state, "york") if a.startswith("go:kent")]
    assert attacks == ["go:kent:english-channel", "go:kent:north-sea"]
    state = do(state, "york", "go:kent:english-channel")
    assert state["pirates"] == {"y-warwick": "english-channel"}
    assert state["contest"]["kent"]["main"] == "sea:english-channel"
    assert state["moves"][-1]["via"] == ["english-channel"]
    state = do(do(state, "york", "end"), "lancaster", "end")
    assert state["battle"]["area"] == "kent"
    Dice(monkeypatch, [6] * 50)
    state = do(state, "lancaster", "fire:l-oxford")
    state = do(state, "york", "pass:y-warwick")
    state = do(state, "lancaster", "fire:l-oxford")                 # round 2
    dests = {a.split(":")[2] for a in ids(state, "york") if a.startswith("retreat:")}
    assert dests == {"sussex", "dorset", "cornwall", "calais"}       # the Channel's coasts, not Essex or London


def test_event_piracy_france_to_cornwall_by_the_channel_or_the_irish_sea():
    """Piracy with 5.3: France touches the English Channel and the Irish Sea, and so does Cornwall."""
    state = bare({"l-oxford": "france", "l-henry-vi": "cumbria", "y-march": "cornwall"})
    state = play_cards(state, "Action 2", "Piracy")
    state = do(state, "lancaster", "sea:france", "blk:l-oxford")
    assert [a for a in _go(state, "lancaster") if a.startswith("go:cornwall")] == [
        "go:cornwall:english-channel", "go:cornwall:irish-sea"]
    state = do(state, "lancaster", "go:cornwall:irish-sea")
    assert state["pirates"] == {"l-oxford": "irish-sea"}
    assert state["contest"]["cornwall"]["borders"]["lancaster"] == ["sea:irish-sea"]


def test_5_22_unpinned_defenders_may_not_sail_out_along_the_pirates_sea_zone():
    """5.22: unpinned blocks may leave but not across a border the enemy entered by; for pirates that border is
    their sea zone (DECISIONS #29). York's pirate comes to Kent by the North Sea; Lancaster's surplus blocks there
    may sail by the English Channel only."""
    state = bare({"y-warwick": "calais", "y-march": "ireland", "l-oxford": "kent", "l-beaumont": "kent",
                  "l-henry-vi": "cumbria"})
    state = play_cards(state, "Piracy", "Action 3")
    state = do(state, "york", "sea:calais", "blk:y-warwick", "go:kent:north-sea", "end")
    assert ENGINE.active_roles(state) == ["lancaster"]
    state = do(state, "lancaster", "sea:kent", "blk:l-oxford")
    dests = {a[3:] for a in _go(state, "lancaster")}
    assert dests == {"cornwall", "dorset", "sussex", "france"}       # no Essex, Middlesex, East Anglia, ...
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "lancaster")}
    assert labels["go:sussex"] == "Sail to Sussex by the English Channel"
    state = do(state, "lancaster", "go:france")
    # the other block is pinned by the pirate (one attacker pins one defender)
    assert "sea:kent" not in ids(state, "lancaster") and "move:kent" not in ids(state, "lancaster")


def test_5_22_a_sea_zone_the_enemy_did_not_use_stays_open_to_both_coasts():
    """5.22: Kent attacked by land from Sussex: Lancaster's unpinned block in Kent may still sail by either zone,
    but may not walk back across the Kent–Sussex border."""
    state = bare({"y-march": "sussex", "l-oxford": "kent", "l-beaumont": "kent", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "move:sussex", "blk:y-march", "go:kent", "end")
    state = do(state, "lancaster", "sea:kent", "blk:l-oxford")
    dests = {a[3:] for a in _go(state, "lancaster")}
    assert {"essex", "middlesex", "dorset", "france"} <= dests
    state = do(state, "lancaster", "back", "back", "move:kent", "blk:l-oxford")
    assert not [a for a in _go(state, "lancaster") if a[3:].split(">")[0] == "sussex"]


# ---- rulings written down in DECISIONS.md -------------------------------------------------------------------------
def _recruit_areas(state, role, bid):
    state = do(state, role, "recruit", f"rec:{bid}")
    return {a[3:] for a in ids(state, role) if a.startswith("at:")}


def test_5_4_a_yorkist_warwick_may_be_recruited_into_calais_and_a_neville_into_a_dead_nevilles_shield():
    """5.4 with the 8.3 note (DECISIONS 5.4, 8.3 note): the Yorkist Warwick's places include Calais; Kent, whose
    own shield is East Yorks, may use the dead Warwick's shields but never Calais."""
    state = bare({"y-march": "kent", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Action 3", "Action 2")
    assert _recruit_areas(state, "york", "y-warwick") == {"warwick", "glamorgan", "calais"}
    assert _recruit_areas(state, "york", "y-kent") == {"east-yorks"}
    state["blocks"]["y-warwick"]["loc"] = state["blocks"]["l-warwick"]["loc"] = "dead"
    assert _recruit_areas(state, "york", "y-kent") == {"east-yorks", "warwick", "glamorgan"}


def test_5_4_a_lancastrian_warwick_is_never_recruited_into_calais():
    """2.7 / 8.3 note: Calais is York's exile; the Lancastrian Warwick's places are Warwick and Glamorgan."""
    state = bare({"l-warwick": "pool", "l-henry-vi": "cumbria", "y-march": "kent"})
    state = play_cards(state, "Action 2", "Action 3")
    assert _recruit_areas(state, "lancaster", "l-warwick") == {"warwick", "glamorgan"}


def test_9_1_a_defected_clarence_in_the_pool_may_be_executed():
    """9.1 ("may be executed in any Supply Phase"; DECISIONS 9.1): Lancaster's Clarence waiting in the pool is
    offered for execution, which counts as the death of a York heir."""
    state = bare({"l-clarence": "pool", "l-henry-vi": "cumbria", "y-york": "ireland"})
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, state["p1"], "end")
    state = do(state, ENGINE.active_roles(state)[0], "end")
    assert state["step"] == "supply" and set(ids(state, "lancaster")) == {"execute", "spare"}
    state = do(state, "lancaster", "execute")
    assert state["blocks"]["l-clarence"]["loc"] == "dead" and state["blocks"]["y-clarence"]["loc"] == "dead"
    assert state["killed"]["york"] == 1


def test_8_3_note_salisbury_goes_to_calais_only_when_both_shields_are_enemy_held_and_calais_has_room():
    """8.3 note (DECISIONS 8.3 note): Salisbury's shields are North and East Yorks. With one free he goes there;
    with both enemy-held he goes to Calais; with Calais full (4 counted blocks) to the pool."""
    from rules.richard3.political import home_options
    from rules.richard3.state import occupancy
    state = bare({"y-salisbury": "derby", "l-clifford": "north-yorks", "l-henry-vi": "cumbria"})
    assert home_options(state, occupancy(state), "y-salisbury", "york") == ["east-yorks"]
    state["blocks"]["l-beaumont"]["loc"] = "east-yorks"
    assert home_options(state, occupancy(state), "y-salisbury", "york") == ["calais"]
    for bid in ("y-march", "y-kent", "y-norfolk", "y-calais-mercenary", "y-burgundian-mercenary"):
        state["blocks"][bid]["loc"] = "calais"
    assert home_options(state, occupancy(state), "y-salisbury", "york") == ["calais"]   # mercenaries don't count
    state["blocks"]["y-suffolk"]["loc"] = "calais"
    assert home_options(state, occupancy(state), "y-salisbury", "york") == []            # full: the pool


def test_kingmaker_a_rescued_henry_vi_may_move_in_the_same_action_phase():
    """Kingmaker special rule: rescued, Henry "then moves and fights normally" (DECISIONS, Kingmaker)."""
    state = new_game("1470")
    state["blocks"]["y-march"]["loc"] = "kent"
    state["blocks"]["l-oxford"]["loc"] = "essex"
    state = play_cards(state, "Action 2", "Action 3")
    state = do(state, "lancaster", "move:essex", "blk:l-oxford", "go:middlesex")
    assert state["captive"] is None
    state = do(state, "lancaster", "move:middlesex")
    assert ids(state, "lancaster") == ["blk:l-henry-vi", "done"]
    state = do(state, "lancaster", "blk:l-henry-vi", "go:oxford")
    assert state["blocks"]["l-henry-vi"]["loc"] == "oxford"


def test_event_piracy_an_attack_one_zone_reaches_keeps_the_plain_id():
    """Piracy: where one sea zone joins the ports (Calais–London: the North Sea) there is nothing to choose."""
    state = bare({"y-warwick": "calais", "y-march": "ireland", "l-oxford": "middlesex", "l-henry-vi": "cumbria"})
    state = play_cards(state, "Piracy", "Action 2")
    state = do(state, "york", "sea:calais", "blk:y-warwick")
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert labels["go:middlesex"] == "Attack Middlesex across the North Sea"
    state = do(state, "york", "go:middlesex")
    assert state["pirates"] == {"y-warwick": "north-sea"}

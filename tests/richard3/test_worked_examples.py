"""Richard III worked examples not covered elsewhere (see tests/richard3/README.md for the full list)."""

from .helpers import ENGINE, Dice, bare, do, ids, start_battle


def test_6_2_pursuit_sidebar_defenders_earlier_in_round_4_still_fire_at_the_leaving_attackers(monkeypatch):
    """Pursuit sidebar: an attacker forced out in round 4 still takes fire from the defenders whose battle
    turn comes earlier. Clifford defends Derby against March: in round 4 Clifford fires first (defender
    first within a letter, or an earlier letter) and hits March, who must then retreat."""
    state = bare({"y-march": "derby", "l-clifford": "derby"})
    state = start_battle(state, "derby", "york", {"y-march": "chester|derby"}, "chester|derby")
    dice = Dice(monkeypatch, [6] * 60)
    while state["battle"]["round"] < 4:
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, [a for a in ids(state, role) if a.startswith("fire:")][0])
    assert ENGINE.active_roles(state) == ["lancaster"]
    strength = state["blocks"]["y-march"]["str"]
    clifford = state["blocks"]["l-clifford"]["str"]
    dice.values = [1] * clifford + [6] * 20                          # every die of Clifford's hits
    state = do(state, "lancaster", "fire:l-clifford")
    assert state["blocks"]["y-march"]["str"] == max(0, strength - clifford) or \
        state["blocks"]["y-march"]["loc"] == "dead"
    if state["blocks"]["y-march"]["loc"] == "derby":
        assert all(a.startswith(("retreat:", "fall:")) for a in ids(state, "york"))


def test_6_9_example_the_york_king_converts_northumberland_with_two_dice(monkeypatch):
    """6.9 example (facts §2 note 5): the King converts Northumberland, loyalty 2 on the Lancastrian side:
    the York King rolls 2 dice, all even, and Northumberland joins York in reserve at his strength."""
    state = bare({"y-york": "derby", "l-northumberland": "derby", "l-clifford": "derby"}, king_side="york")
    assert state["king"] == "y-york"
    state["blocks"]["l-northumberland"]["str"] = 2
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby"}, "chester|derby")
    Dice(monkeypatch, [6] * 10 + [2, 4] + [6] * 40)
    while "treach:y-york:l-northumberland" not in ids(state, "york"):
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, [a for a in ids(state, role) if a.startswith(("pass:", "fire:"))][0])
    label = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}["treach:y-york:l-northumberland"]
    assert "2 dice" in label
    state = do(state, "york", "treach:y-york:l-northumberland")
    assert state["blocks"]["l-northumberland"]["loc"] == "off"
    assert state["blocks"]["y-northumberland"]["loc"] == "derby" and state["blocks"]["y-northumberland"]["str"] == 2
    assert "y-northumberland" in state["battle"]["defected"]             # it joined York (its reserves)


def test_3_2_english_examples_of_the_defending_bonuses():
    """3.21-3.24 and 2.4/2.6 (English examples): a church defending its cathedral C2 becomes C3, a levy
    defending its city C3 becomes C4, a Welsh block defending in Wales A2 becomes A3."""
    from rules.richard3 import battle as battle_rules
    from rules.richard3.state import occupancy

    def fire(state, bid):
        return battle_rules.fire_value(state, state["battle"], bid, occupancy(state))

    state = bare({"l-york-church": "south-yorks", "y-march": "south-yorks"})
    state = start_battle(state, "south-yorks", "york", {"y-march": "derby|south-yorks"}, "derby|south-yorks")
    assert fire(state, "l-york-church") == 3
    state = bare({"y-london-levy": "middlesex", "l-clifford": "middlesex"})
    state = start_battle(state, "middlesex", "lancaster", {"l-clifford": "essex|middlesex"}, "essex|middlesex")
    assert fire(state, "y-london-levy") == 4
    state = bare({"l-welsh-mercenary": "powys", "y-herbert": "powys"})
    state = start_battle(state, "powys", "york", {"y-herbert": "hereford|powys"}, "hereford|powys")
    assert fire(state, "l-welsh-mercenary") == 3


def test_6_9_one_block_may_face_three_treachery_attempts_in_one_battle(monkeypatch):
    """6.9: the same block may face up to 3 attempts in one battle — the Treason card, the Pretender and
    Warwick. York (the Pretender's side) holds the Treason card; Rivers (loyalty 1) resists all three."""
    state = bare({"y-york": "derby", "y-warwick": "derby", "l-rivers": "derby", "l-henry-vi": "north-yorks"})
    assert state["pretender"] == "y-york"
    state["treason"] = "york"
    state = start_battle(state, "derby", "york", {"y-york": "chester|derby", "y-warwick": "chester|derby"},
                         "chester|derby")
    Dice(monkeypatch, [1, 3, 5] + [6] * 60)                        # three odd single dice: loyal each time
    state = do(state, "york", "treason:l-rivers")
    tried = []
    for roller in ("y-york", "y-warwick"):
        while f"treach:{roller}:l-rivers" not in ids(state, "york"):
            role = ENGINE.active_roles(state)[0]
            state = do(state, role, [a for a in ids(state, role) if a.startswith("pass:")][0])
        state = do(state, "york", f"treach:{roller}:l-rivers")
        tried.append(roller)
    assert tried == ["y-york", "y-warwick"] and state["treason_used"]
    assert state["blocks"]["l-rivers"]["loc"] == "derby"            # three attempts, still Lancastrian

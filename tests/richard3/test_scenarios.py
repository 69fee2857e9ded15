"""4.1-4.6 and the scenario sheets: every block of every scenario starts where the rules put it, at full strength.
The tables below are transcribed from the English rules (4.3/4.4 for 1460, the Kingmaker and Richard III sheets),
independently of rules/richard3/data/scenarios.json."""

import pytest

from rules.richard3.data import BLOCKS

from .helpers import ENGINE, new_game

SETUPS = {
    "1460": {
        "king": "l-henry-vi", "pretender": "y-york", "captive": None, "campaigns": (1, 3),
        "map": {"l-henry-vi": "middlesex", "l-somerset": "dorset", "l-exeter": "cornwall", "l-devon": "cornwall",
                "l-pembroke": "pembroke", "l-wiltshire": "wilts", "l-oxford": "essex", "l-beaumont": "lincoln",
                "l-clifford": "north-yorks", "l-french-mercenary": "france", "l-scots-mercenary": "scotland",
                "y-york": "ireland", "y-rutland": "ireland", "y-irish-mercenary": "ireland", "y-march": "calais",
                "y-warwick": "calais", "y-salisbury": "calais", "y-kent": "calais", "y-calais-mercenary": "calais",
                "y-burgundian-mercenary": "calais"},
        "pool": ["l-buckingham", "l-northumberland", "l-shrewsbury", "l-westmoreland", "l-rivers", "l-stanley",
                 "l-bristol-levy", "l-coventry-levy", "l-newcastle-levy", "l-york-levy", "l-york-church", "l-bombard",
                 "l-welsh-mercenary", "y-norfolk", "y-suffolk", "y-arundel", "y-essex", "y-worcester", "y-hastings",
                 "y-herbert", "y-canterbury-church", "y-london-levy", "y-norwich-levy", "y-salisbury-levy",
                 "y-bombard", "rebel"],
        "minor": ["l-prince-edward", "l-richmond", "y-clarence", "y-gloucester"],
        "off": ["l-canterbury-church", "l-clarence", "l-warwick", "l-salisbury", "l-kent", "y-exeter", "y-buckingham",
                "y-northumberland", "y-westmoreland", "y-shrewsbury", "y-rivers", "y-stanley", "y-york-church"],
    },
    "1470": {
        "king": "y-march", "pretender": "l-prince-edward", "captive": "l-henry-vi", "campaigns": (2, 2),
        "map": {"y-march": "middlesex", "y-gloucester": "south-yorks", "y-buckingham": "warwick",
                "y-norfolk": "east-anglia", "y-suffolk": "east-anglia", "y-arundel": "sussex", "y-essex": "essex",
                "y-hastings": "leicester", "y-rivers": "leicester", "y-stanley": "lancaster",
                "y-irish-mercenary": "ireland", "y-calais-mercenary": "calais", "y-burgundian-mercenary": "calais",
                "l-henry-vi": "middlesex", "l-prince-edward": "france", "l-exeter": "france", "l-warwick": "france",
                "l-clarence": "france", "l-oxford": "france", "l-french-mercenary": "france",
                "l-scots-mercenary": "scotland"},
        "pool": ["y-northumberland", "y-westmoreland", "y-canterbury-church", "y-bombard", "y-london-levy",
                 "y-norwich-levy", "y-salisbury-levy", "l-pembroke", "l-shrewsbury", "l-york-church",
                 "l-welsh-mercenary", "l-bombard", "l-bristol-levy", "l-coventry-levy", "l-newcastle-levy",
                 "l-york-levy", "rebel"],
        "minor": ["l-richmond"],
        "off": ["y-warwick", "y-clarence", "y-shrewsbury", "y-york-church", "y-exeter", "l-buckingham",
                "l-northumberland", "l-rivers", "l-westmoreland", "l-stanley", "l-canterbury-church"],
        "dead": ["y-york", "y-rutland", "y-herbert", "y-worcester", "y-kent", "y-salisbury", "l-somerset", "l-kent",
                 "l-salisbury", "l-devon", "l-beaumont", "l-clifford", "l-wiltshire"],
    },
    "1483": {
        "king": "y-gloucester", "pretender": "l-richmond", "captive": None, "campaigns": (3, 3),
        "map": {"y-gloucester": "middlesex", "y-norfolk": "east-anglia", "y-suffolk": "east-anglia",
                "y-arundel": "sussex", "y-essex": "essex", "y-northumberland": "northumbria", "y-stanley": "lancaster",
                "y-irish-mercenary": "ireland", "y-calais-mercenary": "calais", "y-burgundian-mercenary": "calais",
                "l-richmond": "france", "l-oxford": "france", "l-pembroke": "france", "l-french-mercenary": "france",
                "l-scots-mercenary": "scotland", "l-buckingham": "glamorgan", "l-rivers": "leicester"},
        "pool": ["y-westmoreland", "y-canterbury-church", "y-york-church", "y-bombard", "y-london-levy",
                 "y-norwich-levy", "y-salisbury-levy", "l-shrewsbury", "l-welsh-mercenary", "l-bombard",
                 "l-bristol-levy", "l-coventry-levy", "l-newcastle-levy", "l-york-levy", "rebel"],
        "minor": [],
        "off": ["y-buckingham", "y-shrewsbury", "y-rivers", "l-northumberland", "l-westmoreland", "l-stanley",
                "l-canterbury-church", "l-york-church"],
        "dead": ["y-york", "y-march", "y-rutland", "y-clarence", "y-hastings", "y-herbert", "y-worcester", "y-exeter",
                 "y-warwick", "y-kent", "y-salisbury", "l-henry-vi", "l-prince-edward", "l-exeter", "l-somerset",
                 "l-warwick", "l-kent", "l-salisbury", "l-devon", "l-beaumont", "l-clarence", "l-clifford",
                 "l-wiltshire"],
    },
}


def _expected(setup):
    where = dict(setup["map"])
    for place in ("pool", "minor", "off", "dead"):
        for bid in setup.get(place, []):
            assert bid not in where, f"{bid} listed twice"
            where[bid] = place
    return where


@pytest.mark.parametrize("scenario", sorted(SETUPS))
def test_4_scenario_places_every_block_as_the_rules_list_it(scenario):
    """4.3/4.4 (1460) and the scenario sheets (1470, 1483): each of the 63 blocks is on its area, in the pool, a
    minor, waiting off-map as the enemy's copy, or (historical scenarios: unlisted) out of the game."""
    setup = SETUPS[scenario]
    expected = _expected(setup)
    assert set(expected) == set(BLOCKS), set(BLOCKS) ^ set(expected)
    state = new_game(scenario)
    actual = {bid: b["loc"] for bid, b in state["blocks"].items()}
    wrong = {bid: (actual[bid], expected[bid]) for bid in BLOCKS if actual[bid] != expected[bid]}
    assert not wrong


@pytest.mark.parametrize("scenario", sorted(SETUPS))
def test_4_1_every_block_starts_at_full_strength_and_face_up(scenario):
    """4.1: blocks are deployed at full strength; none starts face down (eliminated this campaign)."""
    state = new_game(scenario)
    assert all(b["str"] == BLOCKS[bid]["max"] and not b["down"] for bid, b in state["blocks"].items())


@pytest.mark.parametrize("scenario", sorted(SETUPS))
def test_4_scenario_crown_captive_and_campaigns(scenario):
    """Scenario sheets: who is King and Pretender (Kingmaker: Prince Edward while Henry VI is captive), and which
    campaigns are played."""
    setup = SETUPS[scenario]
    state = new_game(scenario)
    assert (state["king"], state["pretender"], state["captive"]) == (setup["king"], setup["pretender"],
                                                                    setup["captive"])
    assert (state["campaign"], state["last_campaign"]) == setup["campaigns"]
    assert not ENGINE.invariant_errors(state)


def test_4_6_an_enemy_nobles_own_copy_is_neither_in_play_nor_recruitable():
    """4.6: your copy of a noble who starts with the enemy waits off-map, not in your pool."""
    state = new_game("1460")
    for bid in SETUPS["1460"]["off"]:
        twin = BLOCKS[bid]["twin"]
        assert state["blocks"][twin]["loc"] not in ("off", "dead"), (bid, twin)

"""Three places where the engine followed the translation instead of the English rules v1.02 (issue 10):
the Bombard at sea (5.3), the exchange of roles when the defenders are wiped out in round 1 (6.3), and where
Kent, Salisbury and the Nevilles go home (8.3 note). Every position is reached by playing the engine's own
actions from a bare board."""

from rules.richard3.data import DISPLAY

from .helpers import ENGINE, Dice, bare, do, ids, play_cards


def _end_action_phases(state):
    while state["step"] == "action":
        state = do(state, state["act"]["role"], "end")
    return state


def test_5_3_the_bombard_may_sail_and_levies_still_may_not():
    """5.3 (v1.02): "Scots, Welsh, Rebel and City Levy blocks can never sea move" -- the Bombard is not among
    them. York recruits its Bombard in London (5.4: a city area its blocks hold), and next turn sails it."""
    state = bare({"y-march": "middlesex", "y-london-levy": "middlesex", "y-york": "ireland",
                  "l-henry-vi": "cumbria"})
    state["blocks"]["y-london-levy"]["down"] = False
    state = play_cards(state, "Action 2", "Action 2")          # York, the Pretender, wins the tie (1.1)
    state = do(state, "york", "recruit", "rec:y-bombard", "at:middlesex", "end")
    assert state["blocks"]["y-bombard"]["loc"] == "middlesex"
    state = _end_action_phases(state)
    assert state["step"] == "card" and state["turn"] == 2
    state = play_cards(state, "Action 3", "Action 2")
    state = do(state, "york", "sea:middlesex")
    sailors = ids(state, "york")
    assert "blk:y-bombard" in sailors and "blk:y-london-levy" not in sailors
    state = do(state, "york", "blk:y-bombard", "go:kent")
    assert state["blocks"]["y-bombard"]["loc"] == "kent"


def test_6_3_control_changes_at_once_when_the_defenders_fall_in_round_1(monkeypatch):
    """6.3 (v1.02): "CONTROL changes if all defending blocks are eliminated in Round 1. The Defender is now the
    Attacker for further combat" -- at once (2.1: control changes are effective immediately). York attacks
    Glamorgan with Herbert and Norfolk; Lancaster reinforces it with Oxford (a reserve). Herbert kills Devon,
    Oxford enters at once, and from that instant York defends: Norfolk, on his own Glamorgan shield, fires as
    B3 (the defender's bonus) still in round 1, and in round 2 York's Herbert fires before Lancaster's Oxford
    (6.2: the defender first within a letter)."""
    state = bare({"y-herbert": "powys", "y-norfolk": "powys", "y-york": "ireland", "l-devon": "glamorgan",
                  "l-oxford": "hereford", "l-henry-vi": "middlesex"})
    state = play_cards(state, "Action 2", "Action 2")          # York (Pretender) is Player 1
    state = do(state, "york", "move:powys", "blk:y-herbert", "go:glamorgan", "blk:y-norfolk", "go:glamorgan",
               "end")
    state = do(state, "lancaster", "move:hereford", "blk:l-oxford", "go:glamorgan")
    state = _end_action_phases(state)
    b = state["battle"]
    assert b["attacker"] == "york" and b["reserves"] == ["l-oxford"]
    Dice(monkeypatch, [1, 1, 1] + [6] * 30)
    out = ENGINE.apply(state, "york", "fire:y-herbert")         # three hits: Devon (2) is eliminated
    state = out.state
    b = state["battle"]
    assert state["blocks"]["l-devon"]["loc"] != "glamorgan"
    assert b["round"] == 1 and b["attacker"] == "lancaster" and b["defender"] == "york"
    assert any("now counts as the attacker" in e.text for e in out.log)
    labels = {a.id: a.label for a in ENGINE.legal_actions(state, "york")}
    assert "(B3," in labels["fire:y-norfolk"]                   # the shield bonus of a defender, in round 1
    state = do(state, "york", "fire:y-norfolk")
    assert state["battle"]["round"] == 2
    assert ENGINE.active_roles(state) == ["york"] and "fire:y-herbert" in ids(state, "york")


def test_8_3_note_kent_may_also_go_to_calais_and_nevilles_use_a_dead_nevilles_shields(monkeypatch):
    """8.3 note (v1.02): a Yorkist Kent or Salisbury whose shields are enemy-occupied may go to Calais, even when
    a dead Neville's shield is free; and the three Nevilles may use one another's shields once that shield's
    owner is dead. Lancaster kills York's Warwick in the last turn of the campaign; at the Political Turn Kent
    (East Yorks held by Lancaster) may go to the dead Warwick's Glamorgan or to Calais, while Salisbury, whose
    North Yorks is vacant, goes to North Yorks or Glamorgan but not to Calais."""
    state = bare({"y-warwick": "warwick", "y-kent": "derby", "y-salisbury": "derby", "y-york": "ireland",
                  "l-oxford": "leicester", "l-clifford": "leicester", "l-beaumont": "east-yorks",
                  "l-henry-vi": "cumbria"})
    state["turn"] = 7
    state = play_cards(state, "Action 2", "Action 3")          # Lancaster is Player 1
    state = do(state, "lancaster", "move:leicester", "blk:l-oxford", "go:warwick", "blk:l-clifford", "go:warwick",
               "end")
    state = _end_action_phases(state)
    Dice(monkeypatch, [1] * 6)
    state = do(state, "lancaster", "fire:l-oxford", "fire:l-clifford")   # six hits: Warwick (4) is slain
    assert state["blocks"]["y-warwick"]["loc"] == "dead"
    state = do(state, "lancaster", "done")                       # no regroup
    assert state["step"] == "political"
    assert state["political"]["pending"]["block"] == "y-kent"
    assert set(ids(state, "york")) == {"home:glamorgan", "home:calais"}
    state = do(state, "york", "home:calais")
    assert state["blocks"]["y-kent"]["loc"] == "calais"
    assert state["political"]["pending"]["block"] == "y-salisbury"
    assert set(ids(state, "york")) == {"home:north-yorks", "home:glamorgan"}
    state = do(state, "york", "home:glamorgan")
    assert state["blocks"]["y-salisbury"]["loc"] == "glamorgan", DISPLAY["y-salisbury"]

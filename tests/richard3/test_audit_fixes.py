"""Rules audit follow-ups (F1-F5): role swap timing, the Bombard's letter, succession in the Supply Phase and
what eliminations and retreats tell the opponent."""

import json

from rules.core import Context
from rules.richard3 import supply
from rules.richard3.data import DISPLAY

from .helpers import ENGINE, Dice, bare, do, ids, play_cards, start_battle


def test_6_3_role_swap_after_a_round_1_wipe_out_applies_from_round_2(monkeypatch):
    """6.3 (ラウンド2以降): Herbert (A2) kills Lancaster's only fighting block in round 1 and Oxford's reserve
    enters at once. For the rest of round 1 York is still the attacker: Norfolk (B2, own shield in Glamorgan)
    gets no defender bonus."""
    Dice(monkeypatch, [1] * 40)
    st = bare({"l-devon": "glamorgan", "l-oxford": "glamorgan", "y-herbert": "glamorgan", "y-norfolk": "glamorgan",
               "l-henry-vi": "middlesex", "y-york": "ireland"})
    st["blocks"]["l-devon"]["str"] = 1
    st = start_battle(st, "glamorgan", "york",
                      {"y-herbert": "glamorgan|powys", "y-norfolk": "glamorgan|powys",
                       "l-oxford": "glamorgan|hereford"}, "glamorgan|powys", p1="york")
    st = do(st, "york", "fire:y-herbert")
    b = st["battle"]
    assert b["round"] == 1 and b["attacker"] == "york"
    labels = {a.id: a.label for a in ENGINE.legal_actions(st, "york")}
    assert "(B2," in labels["fire:y-norfolk"], labels["fire:y-norfolk"]


def test_6_2_bombard_is_logged_as_a3_in_round_1(monkeypatch):
    """6.2: the Bombard fires as A3 in round 1; the battle roster and the fire line say so."""
    Dice(monkeypatch, [6] * 40)
    st = bare({"l-bombard": "middlesex", "l-oxford": "middlesex", "y-essex": "middlesex", "y-arundel": "middlesex",
               "l-henry-vi": "lincoln", "y-york": "ireland"})
    st = start_battle(st, "middlesex", "york", {"y-essex": "essex|middlesex", "y-arundel": "essex|middlesex"},
                      "essex|middlesex", p1="york")
    assert "Bombard A3" in st["battle"]["lines"][0]
    out = ENGINE.apply(st, "lancaster", "fire:l-bombard")
    line = [e.text for e in out.log if "Bombard fires" in e.text][0]
    assert "(A3)" in line, line

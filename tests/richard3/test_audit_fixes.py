"""Rules audit follow-ups (F1-F5): role swap timing, the Bombard's letter, succession in the Supply Phase and
what eliminations and retreats tell the opponent."""

import json

from rules.core import Context
from rules.richard3 import supply
from rules.richard3.data import DISPLAY

from .helpers import ENGINE, Dice, bare, do, ids, play_cards, start_battle


def test_6_3_role_swap_after_a_round_1_wipe_out_takes_effect_at_once(monkeypatch):
    """6.3 (English v1.02: "CONTROL changes if all defending blocks are eliminated in Round 1. The Defender is now
    the Attacker"; 2.1: control changes are effective immediately): Herbert (A2) kills Lancaster's only
    fighting block in round 1 and Oxford's reserve enters at once. York now defends Glamorgan for the rest of
    round 1: Norfolk (B2, own shield in Glamorgan) fires with the defender's shield bonus."""
    Dice(monkeypatch, [1] * 40)
    st = bare({"l-devon": "glamorgan", "l-oxford": "glamorgan", "y-herbert": "glamorgan", "y-norfolk": "glamorgan",
               "l-henry-vi": "middlesex", "y-york": "ireland"})
    st["blocks"]["l-devon"]["str"] = 1
    st = start_battle(st, "glamorgan", "york",
                      {"y-herbert": "glamorgan|powys", "y-norfolk": "glamorgan|powys",
                       "l-oxford": "glamorgan|hereford"}, "glamorgan|powys", p1="york")
    st = do(st, "york", "fire:y-herbert")
    b = st["battle"]
    assert b["round"] == 1 and b["attacker"] == "lancaster" and b["defender"] == "york"
    labels = {a.id: a.label for a in ENGINE.legal_actions(st, "york")}
    assert "(B3," in labels["fire:y-norfolk"], labels["fire:y-norfolk"]


def test_6_2_bombard_is_logged_as_a3_in_round_1(monkeypatch):
    """6.2: the Bombard fires as A3 in round 1; the battle roster and the fire line say so."""
    Dice(monkeypatch, [6] * 40)
    st = bare({"l-bombard": "middlesex", "l-oxford": "middlesex", "y-essex": "middlesex", "y-arundel": "middlesex",
               "l-henry-vi": "lincoln", "y-york": "ireland"})
    st = start_battle(st, "middlesex", "york", {"y-essex": "essex|middlesex", "y-arundel": "essex|middlesex"},
                      "essex|middlesex", p1="york")
    assert "Bombard (A3" in st["battle"]["lines"][0]
    out = ENGINE.apply(st, "lancaster", "fire:l-bombard")
    line = [e.text for e in out.log if "Bombard fires" in e.text][0]
    assert "(A3, hits on 3 or less)" in line, line


def _supply_phase(st, turn=3):
    st["step"], st["p1"], st["turn"] = "supply", "york", turn
    supply.start(ENGINE, st, Context())
    return st


def test_fog_of_war_block_lost_to_supply_is_named_only_to_its_owner():
    """Fog of war (F §2) and 6.83: York's hidden Suffolk (rose, strength 1) dies to the Ireland supply limit
    (7.1). The owner removes him unseen: the log and the other views say only "a York block"."""
    st = bare({"y-york": "ireland", "y-suffolk": "ireland", "y-essex": "ireland", "l-henry-vi": "middlesex"})
    st["blocks"]["y-suffolk"]["str"] = 1
    st = _supply_phase(st)
    out = ENGINE.apply(st, "york", "step:y-suffolk")
    assert out.state["blocks"]["y-suffolk"]["loc"] == "dead"
    assert not any("Suffolk" in e.text for e in out.log if e.to is None)
    for viewer in (None, "lancaster"):
        assert '"y-suffolk"' not in json.dumps(ENGINE.view(out.state, viewer))
    assert "y-suffolk" in {d["id"] for d in ENGINE.view(out.state, "york")["dead"]["york"]}
    assert "y-suffolk" in ENGINE.secrets(out.state, "york")


def test_fog_of_war_block_lost_to_plague_is_named_only_to_its_owner():
    """Plague (event) with 6.83: Arundel (rose) dies unseen in Middlesex; Lancaster learns only that a York block
    was removed."""
    st = bare({"y-arundel": "middlesex", "y-essex": "middlesex", "l-henry-vi": "lincoln", "y-york": "ireland"})
    st["blocks"]["y-arundel"]["str"] = 1
    st = play_cards(st, "Action 2", "Plague")
    assert st["act"]["role"] == "lancaster"
    out = ENGINE.apply(st, "lancaster", "plague:middlesex")
    assert out.state["blocks"]["y-arundel"]["loc"] == "dead"
    assert not any("Arundel" in e.text for e in out.log if e.to is None)
    for viewer in (None, "lancaster"):
        assert '"y-arundel"' not in json.dumps(ENGINE.view(out.state, viewer))


def test_fog_of_war_unseen_neville_death_keeps_the_enemy_copy_off_map_for_the_enemy():
    """6.83 (DECISIONS #30) removes both copies of a dead Neville; when he died unseen the enemy's view keeps its
    own copy under `off_map`, as the enemy cannot know."""
    st = bare({"y-york": "ireland", "y-warwick": "ireland", "y-essex": "ireland", "l-henry-vi": "middlesex"})
    st["blocks"]["y-warwick"]["str"] = 1
    st = _supply_phase(st)
    st = do(st, "york", "step:y-warwick")
    assert st["blocks"]["l-warwick"]["loc"] == "dead"
    lanc = ENGINE.view(st, "lancaster")
    assert "l-warwick" in {d["id"] for d in lanc["off_map"]}
    assert not lanc["dead"]["lancaster"] and not ENGINE.view(st, None)["dead"]["lancaster"]


def test_fog_of_war_an_heir_lost_to_supply_is_announced(monkeypatch):
    """6.81/6.82: an heir's death is public whatever killed him (succession and 9.0 depend on it)."""
    st = bare({"l-henry-vi": "cornwall", "l-somerset": "dorset", "l-exeter": "lincoln", "l-devon": "cornwall",
               "l-pembroke": "cornwall", "l-wiltshire": "cornwall", "l-oxford": "cornwall", "y-york": "ireland"})
    st["blocks"]["l-henry-vi"]["str"] = 1
    st = _supply_phase(st)
    out = ENGINE.apply(st, "lancaster", "step:l-henry-vi")
    assert any("Henry VI" in e.text and "slain" in e.text for e in out.log if e.to is None)
    assert "l-henry-vi" in {d["id"] for d in ENGINE.view(out.state, "york")["dead"]["lancaster"]}


def _king_dies_to_a_supply_loss(turn=3):
    st = bare({"l-henry-vi": "cornwall", "l-somerset": "dorset", "l-exeter": "lincoln", "l-devon": "cornwall",
               "l-pembroke": "cornwall", "l-wiltshire": "cornwall", "l-oxford": "cornwall", "y-york": "ireland"})
    st["blocks"]["l-henry-vi"]["str"] = 1
    st = _supply_phase(st, turn)
    return do(st, "lancaster", "step:l-henry-vi")


def test_6_81_6_82_king_killed_in_the_supply_phase_is_succeeded_at_the_next_supply_phase():
    """6.81/6.82 (次の補給フェイズの最初に): Henry VI dies to a supply loss in turn 3. The throne stays empty and
    Prince Edward stays a minor through turn 4 until the start of turn 4's Supply Phase."""
    st = _king_dies_to_a_supply_loss()
    assert st["king"] is None and st["step"] == "card" and st["turn"] == 4
    assert st["blocks"]["l-prince-edward"]["loc"] == "minor" and st["killed"]["lancaster"] == 1
    assert not [e for e in ENGINE.invariant_errors(st) if "King" in e or "throne" in e]
    for viewer in (None, "york", "lancaster"):
        assert ENGINE.view(st, viewer)["king"]["heir"] is None
    st = play_cards(st, "Action 2", "Action 3")
    st = do(st, st["p1"], "end")
    st = do(st, ENGINE.active_roles(st)[0], "end")
    assert st["step"] == "supply" and st["king"] == "l-prince-edward"
    assert ENGINE.active_roles(st) == ["lancaster"] and all(a.startswith("enter:") for a in ids(st, "lancaster"))


def test_6_81_8_2_king_killed_in_the_last_supply_phase_is_named_for_the_political_turn():
    """6.81 with 8.2: a King who dies in turn 7's Supply Phase is succeeded at the start of the Political Turn,
    which needs a King for the usurpation count (DECISIONS, 6.81)."""
    st = bare({"l-henry-vi": "cornwall", "l-somerset": "dorset", "l-exeter": "lincoln", "l-devon": "cornwall",
               "l-pembroke": "cornwall", "l-wiltshire": "cornwall", "l-oxford": "cornwall", "y-york": "ireland"})
    st["blocks"]["l-henry-vi"]["str"] = 1
    st = _supply_phase(st, turn=7)
    out = ENGINE.apply(st, "lancaster", "step:l-henry-vi")
    texts = [e.text for e in out.log]
    dies = next(i for i, t in enumerate(texts) if "King is dead" in t)
    named = next(i for i, t in enumerate(texts) if "Prince Edward is the new King" in t)
    count = next(i for i, t in enumerate(texts) if t.startswith("Usurpation count"))
    assert dies < named < count
    assert out.state["king"] == "l-prince-edward" or out.state["king_side"] == "york"
    assert not [e for e in ENGINE.invariant_errors(out.state) if "King" in e or "throne" in e]


def test_6_1_6_6_a_retreat_is_public_while_a_regroup_is_not(monkeypatch):
    """6.1/6.6/6.7 (DECISIONS 6.1): blocks lie revealed for the whole battle, so a retreat (a combat turn) is
    logged publicly with name and destination; the retreated block is hidden again afterwards."""
    Dice(monkeypatch, [6] * 200)
    st = bare({"l-oxford": "middlesex", "l-beaumont": "middlesex", "y-essex": "middlesex", "y-arundel": "middlesex",
               "l-henry-vi": "lincoln", "y-york": "ireland"})
    st = start_battle(st, "middlesex", "york", {"y-essex": "essex|middlesex", "y-arundel": "essex|middlesex"},
                      "essex|middlesex", p1="york")
    while st["battle"]["round"] < 2:          # everybody passes through round 1
        role = ENGINE.active_roles(st)[0]
        st = do(st, role, [a for a in ids(st, role) if a.startswith("pass:")][0])
    role = ENGINE.active_roles(st)[0]
    retreat = [a for a in ids(st, role) if a.startswith("retreat:")][0]
    _, bid, dest = retreat.split(":")
    out = ENGINE.apply(st, role, retreat)
    public = [e.text for e in out.log if e.to is None]
    assert any(DISPLAY[bid] in t and "retreats to" in t for t in public), public
    enemy = "york" if role == "lancaster" else "lancaster"
    assert f'"{bid}"' not in json.dumps(ENGINE.view(out.state, enemy)["areas"][dest])

"""The public record of the impulse (VIEW.md `impulse_record`): the rulebook's examples leave their moves,
interceptions, battles and assaults in it with the dice rolled (14, 15.1, 16.2); it is cleared when the next
impulse is played (11), and it is the same in every power's view (nothing on the board is hidden, rule 2)."""

from __future__ import annotations

from rules.hereistand.engine import ENGINE

from .test_movement import decision, dice, move_whole_stack, ottoman_impulse, play, setup, vienna_example  # noqa: F401
from .test_naval import barbary_example
from .test_siege import calais, to_french_impulse
from .combat_play import pass_combat_cards


def kinds(s):
    return [e["kind"] for e in s["impulse_record"]]


def test_14_vienna_move_interception_and_battle_are_recorded(dice):
    s = vienna_example(ottoman_impulse(setup()))
    assert s["impulse_record"] == []
    s = move_whole_stack(s, "pressburg", "vienna")
    dice += [[4, 4], [5, 6, 5, 1, 1, 2, 3, 4, 2, 1], [6, 6, 5, 5, 5, 1, 1, 2, 3, 4, 2, 1, 3]]
    s = play(play(s, "hapsburg", "intercept:graz"), "hapsburg", "strongest")
    s = pass_combat_cards(s)
    s = play(s, "ottoman", "lose:cavalry")
    for _ in range(4):
        s = play(s, "ottoman", "lose:regular")
    assert kinds(s) == ["move", "intercept", "field_battle"]
    move, intercept, battle = s["impulse_record"]
    assert {k: move[k] for k in ("kind", "power", "from", "to", "units")} == \
        {"kind": "move", "power": "ottoman", "from": "pressburg", "to": "vienna", "units": 8}
    assert set(move["leaders"]) == {"suleiman", "ibrahim-pasha"}
    assert intercept["power"] == "hapsburg" and intercept["from"] == "graz" and intercept["units"] == 8
    assert battle["space"] == "vienna" and battle["attacker"] == "ottoman" and battle["defenders"] == ["hapsburg"]
    assert (battle["attacker_dice"], battle["defender_dice"]) == (10, 13)
    assert (battle["attacker_hits"], battle["defender_hits"], battle["winner"]) == (3, 5, "defender")
    assert set(battle["attacker_leaders"]) == {"suleiman", "ibrahim-pasha"}
    assert set(battle["defender_leaders"]) == {"charles-v", "ferdinand"}
    assert ENGINE.view(s, "france")["impulse_record"] == ENGINE.view(s, "hapsburg")["impulse_record"] \
        == s["impulse_record"]
    s = play(s, "ottoman", "done")
    assert decision(s) == "impulse" and ENGINE.active_roles(s) == ["hapsburg"]
    assert kinds(s) == ["move", "intercept", "field_battle"]          # still shown while the next power decides
    card = next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("cp:"))
    assert play(s, "hapsburg", card)["impulse_record"] == []           # 11: the next impulse starts afresh


def test_15_1_calais_assault_is_recorded_with_its_result(dice):
    s = calais(to_french_impulse(setup()))
    s = play(play(s, "france", "cp:4"), "france", "assault:calais")
    dice += [[6, 5, 1, 2], [1, 2, 3]]
    s = pass_combat_cards(s)
    [assault] = s["impulse_record"]
    assert assault["kind"] == "assault" and assault["space"] == "calais" and assault["defenders"] == ["england"]
    assert (assault["attacker_dice"], assault["defender_dice"]) == (4, 3)
    assert assault["attacker_roll"] == [6, 5, 2, 1] and assault["attacker_hits"] == 2
    assert assault["attacker_leaders"] == ["francis-i"]
    assert (assault["result"], assault["winner"]) == ("taken", "attacker")


def test_16_2_barbary_naval_move_and_battle_are_recorded(dice):
    s = barbary_example(ottoman_impulse(setup()))
    s = play(play(play(s, "ottoman", "naval"), "ottoman", "all:tunis:barbary"), "ottoman", "go")
    s = play(play(s, "hapsburg", "intercept:tyrrhenian"), "hapsburg", "unit:genoa:squadron")
    dice += [[3, 4]]                      # both squadrons picked leaves only "go": the engine goes (issue 33)
    s = play(play(s, "hapsburg", "unit:hapsburg:squadron"), "hapsburg", "go")
    s = play(s, "hapsburg", "intercept:ionian")
    dice += [[3, 4]]
    s = play(s, "hapsburg", "whole")
    dice += [[6, 5, 5, 1, 1, 1, 1], [6, 6, 5, 1, 1, 1]]
    s = pass_combat_cards(s)
    assert kinds(s)[0] == "naval_move" and kinds(s)[-1] == "naval_battle"
    move, battle = s["impulse_record"][0], s["impulse_record"][-1]
    assert (move["from"], move["to"], move["units"]) == ("tunis", "barbary", 3)
    assert battle["space"] == "barbary" and battle["winner"] == "hapsburg"
    assert (battle["attacker_dice"], battle["defender_dice"]) == (7, 6)
    assert battle["attacker_leaders"] == ["barbarossa"] and battle["defender_leaders"] == ["andrea-doria"]

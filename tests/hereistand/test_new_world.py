"""The New World (rule 20): voyages as CP actions (20.1-20.3, once a turn), the New World phase with the
rulebook's exploration example (20.2), conquests, riches and raiders (20.4), VP, and the New World cards."""

from __future__ import annotations

import pytest

from rules.core import cards
from rules.core.contract import IllegalAction
from rules.core.flow import Game
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from rules.hereistand.new_world import riches
from rules.hereistand.new_world_data import nw

from .test_debate import decision, draws, give, ids, play, setup, to_impulse  # noqa: F401
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def phase(s):
    """Run the New World phase from `s` (its own frame) up to the first question or its end."""
    s["flow"] = [{"name": "new_world", "at": 0, "local": {}, "ret": None}]
    g = Game(ENGINE, s)
    g.run()
    return s


def text(out):
    return " ".join(e.text for e in out.log if not e.to)


def test_20_2_exploration_example(dice, draws):
    """20.2 example, turn 1: the Hapsburg's voyage from the start and Sebastian Cabot, England's and France's.
    Orellana 6 + 3 = 9, the Mississippi; Verrazano 8 + 2 = 10, the Pacific Strait, then 5 + 2 = 7 round the
    world fails and he stays at the Strait; Rut 3 + 1 = 4, lost; Cabot 9 + 1 = 10 tries the circumnavigation,
    8 + 1 = 9 fails: he is lost, #99 leaves the game, and the Strait (France's already) gives him nothing."""
    s = setup()
    n = nw(s)
    n["underway"] = [v for v in n["underway"] if v["kind"] == "explore"]      # the start's exploration only
    n["underway"] += [{"power": "hapsburg", "kind": "explore", "by": "99", "counter": "cabot"},
                      {"power": "england", "kind": "explore", "by": "action"},
                      {"power": "france", "kind": "explore", "by": "action"}]
    cards.move(s, "99", cards.where(s, "99"), "discard")
    draws += ["orellana", "rut", "verrazano"]
    dice += [[4, 2], [5, 3]]                                  # Orellana, then Verrazano (rating order)
    s = phase(s)
    assert n["discoveries"] == {"mississippi": "hapsburg"} and n["explorers"]["orellana"] == "mississippi"
    assert decision(s) == "new_world_choice" and ENGINE.active_roles(s) == ["france"]
    assert {"reach:strait", "reach:amazon", "reach:st_lawrence", "reach:none"} <= set(ids(s, "france"))
    dice += [[2, 3], [1, 2], [5, 4]]                          # round the world, Rut, then Cabot (tie: England first)
    s = play(s, "france", "reach:strait")
    n = nw(s)
    assert n["discoveries"]["pacific_strait"] == "france" and n["explorers"]["verrazano"] == "pacific_strait"
    assert n["explorers"]["rut"] == "lost"
    assert ENGINE.active_roles(s) == ["hapsburg"]
    assert "reach:strait" in ids(s, "hapsburg")
    dice += [[4, 4]]
    out = ENGINE.apply(s, "hapsburg", "reach:strait")
    s, n = out.state, nw(out.state)
    assert n["cabot"] == {"hapsburg": "lost"} and cards.where(s, "99") == "removed"
    assert n["discoveries"] == {"mississippi": "hapsburg", "pacific_strait": "france"}
    words = text(out)
    assert "dice 4 + 4, Sebastian Cabot's rating +1 = 9" in words and "he fails and is lost" in words
    assert st.vp_breakdown(s, "hapsburg")["new world"] == 1 and st.vp_breakdown(s, "france")["new world"] == 1
    assert "England" not in " ".join(n["results"][-1:])


def test_20_2_taken_entry_steps_down_and_circumnavigation_card(dice, draws):
    """20.2: a 9 already found may become a lower entry (the power's choice); 10+ round the world on 12+
    draws a card, and then nobody else may try."""
    s = setup()
    n = nw(s)
    n["underway"] = [{"power": "france", "kind": "explore", "by": "action"}]
    n["discoveries"]["mississippi"] = "hapsburg"
    draws += ["cartier"]
    dice += [[5, 4], [6, 6]]                                   # Cartier 9 + 3 = 12; then round the world 12 + 3
    s = phase(s)
    s = play(s, "france", "reach:strait")
    n = nw(s)
    assert n["discoveries"]["circumnavigation"] == "france" and n["explorers"]["cartier"] == "circumnavigation"
    assert len(cards.zone(s, cards.hand("france"))) == 1
    n["underway"] = [{"power": "england", "kind": "explore", "by": "action"}]
    draws += ["chancellor"]
    dice += [[5, 5]]                                           # Chancellor 10 + 1: no circumnavigation left
    s = phase(s)
    assert "reach:strait" not in ids(s, "england") and "reach:amazon" in ids(s, "england")
    assert st.vp_breakdown(s, "france")["new world"] == 4      # Strait 1 + circumnavigation 3


def test_20_2_lower_entry_choice(dice, draws):
    s = setup()
    n = nw(s)
    n["underway"] = [{"power": "england", "kind": "explore", "by": "action"}]
    n["discoveries"].update(mississippi="hapsburg")
    draws += ["chancellor"]
    dice += [[4, 4]]                                           # 8 + 1 = 9: the Mississippi, taken
    s = phase(s)
    assert set(ids(s, "england")) == {"reach:st_lawrence", "reach:great_lakes", "reach:none"}
    s = play(s, "england", "reach:great_lakes")
    assert nw(s)["discoveries"]["great_lakes"] == "england" and nw(s)["explorers"]["chancellor"] == "great_lakes"


def test_20_3_conquests_in_order_with_smallpox(dice, draws):
    """20.3: Hapsburg, England, France; 2d6 + rating (+2 Smallpox); 6 or less killed, 7-8 nothing, 9 Maya,
    10 Aztecs, 11+ Incas; a conquered people taken already may become a lower one."""
    s = setup()
    n = nw(s)
    n["underway"] = [{"power": "france", "kind": "conquer", "by": "101"},
                     {"power": "hapsburg", "kind": "conquer", "by": "start"},
                     {"power": "england", "kind": "conquer", "by": "action"}]
    draws += ["pizarro"]
    dice += [[5, 3], [2, 3], [4, 4]]        # Pizarro 8 + 3 = 11 Incas; England 5: killed; France 8 + 2 = 10
    s = phase(s)
    n = nw(s)
    assert n["conquests"]["incas"] == {"power": "hapsburg", "riches": True}
    assert n["conquistadors"] == {"pizarro": "incas", "english_1": "lost", "french_1": "aztecs"}
    assert st.vp_breakdown(s, "hapsburg")["new world"] == 2 and st.vp_breakdown(s, "france")["new world"] == 2
    n["underway"] = [{"power": "hapsburg", "kind": "conquer", "by": "action"}]
    draws += ["cortez"]
    dice += [[3, 4]]                                            # Cortés 7 + 4 = 11: the Incas, taken
    s = phase(s)
    assert set(ids(s, "hapsburg")) == {"reach:maya", "reach:none"}
    s = play(s, "hapsburg", "reach:none")
    assert "cortez" not in nw(s)["conquistadors"] and "maya" not in nw(s)["conquests"]


def test_voyages_cost_cp_once_a_turn():
    """20.1-20.3 and 11.1: exploring 2 CP, colonising 2 (Hapsburg) or 3, conquering 4; once a turn each; the
    1517 start's Hapsburg voyages count for turn 1; colonies at most 2 (3 for the Hapsburg)."""
    s = to_impulse(setup(), "england")
    give(s, "england", 101)                                     # Smallpox, for its 4 CP
    s = play(s, "england", "cp:101")
    assert {"voyage:explore", "voyage:colonise", "voyage:conquer"} <= set(ids(s, "england"))
    s = play(s, "england", "voyage:colonise")
    assert nw(s)["underway"][-1] == {"power": "england", "kind": "colonise", "by": "action", "colony": "Roanoke"}
    assert "voyage:colonise" not in ids(s, "england")
    with pytest.raises(IllegalAction, match="No colonisation now: England has already launched its colonisation"):
        ENGINE.apply(s, "england", "voyage:colonise")
    with pytest.raises(IllegalAction, match="A voyage of conquest costs England 4 CP; 1 CP are left"):
        ENGINE.apply(s, "england", "voyage:conquer")
    with pytest.raises(IllegalAction, match="There is no voyage 'sail'"):
        ENGINE.apply(s, "england", "voyage:sail")
    assert nw(s)["launched"]["hapsburg"] == ["explore", "conquer"]
    from rules.hereistand.new_world import launch_refusal
    assert "already launched its exploration this turn" in launch_refusal(s, "hapsburg", "explore")
    assert launch_refusal(s, "papacy", "explore") == "only England, France and the Hapsburg sail to the New World"
    nw(s)["colonies"]["england"] = ["Jamestown"]
    nw(s)["launched"]["england"] = []
    assert "already holds all the colonies it may" in launch_refusal(s, "england", "colonise")


def test_20_4_riches_and_raiders(dice):
    """20.4: colonies roll 2d6 (+1 Plantations): 4 or less lost, 8 a card with Galleons, 9+ a card; a
    Hapsburg riches card faces France's raider first: a 6 takes it and the raider stays."""
    s = setup()
    n = nw(s)
    n["colonies"] = {"hapsburg": ["Cuba"], "england": ["Roanoke"], "france": []}
    n["conquests"] = {"maya": {"power": "hapsburg", "riches": True}}
    n["plantations"], n["galleons"], n["raiders"] = ["england"], ["hapsburg"], ["protestant", "france"]
    dice += [[4, 5], [6], [3, 2], [2], [3], [1, 2]]
    # Cuba 9: a card, France's raider 6 takes it; Maya 5: depleted, a last card: France 2 (Galleons sink
    # it), the Protestant 3 (nothing); Roanoke 3 + 1 Plantations = 4: lost
    g = Game(ENGINE, s)
    riches(g)
    assert len(cards.zone(s, cards.hand("france"))) == 1 and len(cards.zone(s, cards.hand("hapsburg"))) == 1
    assert n["raiders"] == ["protestant"] and n["conquests"]["maya"]["riches"] is False
    assert n["colonies"]["england"] == []
    assert any("dice 1 + 2, Plantations +1 = 4: the colony is lost" in line for line in n["riches"])
    assert st.vp_breakdown(s, "hapsburg")["new world"] == 1              # a depleted conquest still counts


def test_new_world_phase_follows_winter():
    from rules.hereistand.turn import FLOW
    names = [step.__name__ for step in FLOW.procedures["turn"]]
    assert names.index("call_new_world") == names.index("call_winter") + 1


# ---- the cards -------------------------------------------------------------------------------------------------
def test_48_53_49_markers_go_to_the_chosen_power():
    """#48 Galleons, #53 Plantations: a power lacking the marker; #49 Huguenot Raiders: England, France or the
    Protestant, with a home port of Protestant religion and no raider."""
    s = to_impulse(setup(), "england")
    give(s, "england", 48)
    s = play(s, "england", "event:48")
    assert decision(s) == "new_world_pick"
    s = play(s, "england", "pick:hapsburg")
    assert nw(s)["galleons"] == ["hapsburg"]
    s2 = to_impulse(setup(), "england")
    give(s2, "england", 49)
    assert "event:49" not in ids(s2, "england")
    with pytest.raises(IllegalAction, match="no power may take a Raider"):
        ENGINE.apply(s2, "england", "event:49")
    s2["religion"].append("bristol")
    assert "event:49" in ids(s2, "england")
    s2 = play(s2, "england", "event:49")                      # England the only one: taken automatically
    assert nw(s2)["raiders"] == ["england"]


def test_50_99_101_free_voyages():
    """#50 Mercator's Map: a chosen power explores free with +2 (its voyage for the turn); #99 Sebastian Cabot
    explores for the player outside the limit, once a game; #101 Smallpox: a free conquest with +2."""
    s = to_impulse(setup(), "hapsburg")
    give(s, "hapsburg", 99)
    s = play(s, "hapsburg", "event:99")
    assert nw(s)["underway"][-1] == {"power": "hapsburg", "kind": "explore", "by": "99", "counter": "cabot"}
    s = to_impulse(setup(), "england")
    give(s, "england", 50)
    s = play(s, "england", "event:50")
    assert set(ids(s, "england")) == {"pick:england", "pick:france"}     # the Hapsburg explored already
    s = play(s, "england", "pick:france")
    assert nw(s)["launched"]["france"] == ["explore"] and nw(s)["underway"][-1]["by"] == "50"
    s = to_impulse(setup(), "england")
    give(s, "england", 101)
    s = play(s, "england", "event:101")
    assert nw(s)["launched"]["england"] == ["conquer"]
    from rules.hereistand.events import prerequisite_refusal
    assert "has already launched its conquest this turn" in prerequisite_refusal(s, "england", "101")


def test_77_98_halt_a_voyage(dice, draws):
    """#77 Fountain of Youth halts an exploration; on 4-6 one of that power's explorers is lost; #98 Search for
    Cibola halts an exploration or a conquest; that power may not send another of that kind this turn."""
    s = to_impulse(setup(), "england")
    give(s, "england", 77)
    draws += ["magellan"]
    dice += [[5]]
    s = play(s, "england", "event:77")                        # the Hapsburg's exploration: the only one
    assert [v["kind"] for v in nw(s)["underway"]] == ["conquer"] and nw(s)["explorers"] == {"magellan": "lost"}
    s = to_impulse(setup(), "england")
    give(s, "england", 98)
    s = play(s, "england", "event:98")
    s = play(s, "england", "pick:1")
    assert [v["kind"] for v in nw(s)["underway"]] == ["explore"] and "conquer" in nw(s)["launched"]["hapsburg"]


def test_54_96_potosi_and_moluccas():
    """#54 Potosi Silver Mines: a colony outside the limit, in place of a colony marker given up for good;
    #96 Sale of Moluccas: whoever sailed round the world draws 2 cards."""
    s = to_impulse(setup(), "england")
    give(s, "england", 54)
    s = play(s, "england", "event:54")
    s = play(s, "england", "pick:england")
    assert nw(s)["underway"][-1]["colony"] == "Potosi" and nw(s)["markers_lost"]["england"] == 1
    assert cards.where(s, "54") == "removed"
    give(s, "france", 96)
    assert "event:96" not in ids(s, "france")
    nw(s)["discoveries"]["circumnavigation"] = "hapsburg"
    before = len(cards.zone(s, cards.hand("hapsburg")))
    s2 = to_impulse(setup(), "france")
    nw(s2)["discoveries"]["circumnavigation"] = "hapsburg"
    give(s2, "france", 96)
    before = len(cards.zone(s2, cards.hand("hapsburg")))
    s2 = play(s2, "france", "event:96")
    assert len(cards.zone(s2, cards.hand("hapsburg"))) == before + 2


def test_data_agrees_with_the_rulebook():
    """20.1-20.4 as the 2006 rulebook states them: costs, colony limits, the tables' thresholds, the Amazon's
    2 VP, 1 VP for each river, the raider table."""
    from rules.hereistand.new_world_data import nw_data, table
    d = nw_data()
    assert d["costs"] == {"explore": {"england": 2, "france": 2, "hapsburg": 2},
                          "colonise": {"england": 3, "france": 3, "hapsburg": 2},
                          "conquer": {"england": 4, "france": 4, "hapsburg": 4}}
    assert {p: len(c) for p, c in d["colonies"].items()} == {"england": 2, "france": 2, "hapsburg": 3}
    assert [table(d["exploration"], r) for r in (4, 5, 6, 7, 9, 10)] == \
        ["lost", "nothing", "nothing", "discovery", "discovery", "deep"]
    assert [table(d["circumnavigation"], r) for r in (9, 10, 11, 12)] == ["failed", "success", "success", "success_card"]
    assert [table(d["conquest"], r) for r in (6, 7, 8, 9)] == ["killed", "failed", "failed", "conquest"]
    assert d["discoveries"]["amazon"]["vp"] == 2
    assert all(d["discoveries"][x]["vp"] == 1 for x in ("st_lawrence", "great_lakes", "mississippi"))
    assert d["raiders"] == {"1": "raider_lost", "2": "lost_to_galleons", "3": "nothing", "4": "nothing",
                            "5": "stolen_raider_lost", "6": "stolen"}
    assert d["raider_order"] == ["france", "england", "protestant"]

"""Here I Stand: naval moves (16.1), naval interception and avoid battle, naval combat (16.2) with the rulebook's
Barbary Coast example, naval transport (16.3) and piracy (16.4) with the rulebook's Ionian Sea example."""

from __future__ import annotations

from rules.hereistand import fleets as nv
from rules.hereistand import naval, seafight
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_movement import dice, ottoman_impulse, play, setup  # noqa: F401  (dice: the scripted-dice fixture)
from .combat_play import BATTLE_WINDOWS, pass_combat_cards


def decision(s):
    return ENGINE.waiting(s)["decision"]


def ids(s, role):
    return [a.id for a in ENGINE.legal_actions(s, role)]


def clear_navies(s):
    """No naval unit or naval leader anywhere, so an example sets out only its own."""
    for loc in list(s["units"]):
        for owner in list(s["units"][loc]):
            for kind in list(s["units"][loc][owner]):
                if nv.is_naval(kind):
                    st.add_units(s, loc, owner, kind, -s["units"][loc][owner][kind])
    for leader in ("andrea-doria", "barbarossa", "dragut"):
        s["leaders"][leader] = "off"
    return s


def barbary_example(s):
    """16 example: the Ottoman fleet at Tunis (2 squadrons, 1 corsair, Barbarossa); Andrea Doria with a
    Genoese and a Hapsburg squadron in the Tyrrhenian Sea; a Venetian squadron lent to the Hapsburg in the
    Ionian Sea. Genoa is the Hapsburg's ally, Venice the Papacy's."""
    s = clear_navies(s)
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s["minor_allies"].update(genoa="hapsburg", venice="papacy")
    s["control"]["tunis"] = "ottoman"
    st.add_units(s, "tunis", "ottoman", "squadron", 2)
    st.add_units(s, "tunis", "ottoman", "corsair", 1)
    s["leaders"]["barbarossa"] = "tunis"
    st.add_units(s, "tyrrhenian", "genoa", "squadron", 1)
    st.add_units(s, "tyrrhenian", "hapsburg", "squadron", 1)
    s["leaders"]["andrea-doria"] = "tyrrhenian"
    st.add_units(s, "ionian", "hapsburg", "loan-venice", 1)
    return s


def test_16_1_every_fleet_moves_one_step_within_the_restrictions():
    """16.1: one step each; a port of another power only to attack naval units there (an allied port
    neither); Genoa's ships never in the Atlantic; no step between the Black Sea and the Aegean."""
    s = clear_navies(setup())
    assert set(nv.neighbours("black")) == {"istanbul", "varna"}
    assert "aegean" not in nv.neighbours("black") and "tyrrhenian" not in nv.neighbours("ionian")
    s["alliances"] = [["france", "hapsburg"]]
    assert not nv.may_enter(s, "hapsburg", "hapsburg", "marseille")          # allied French port
    assert nv.may_enter(s, "hapsburg", "hapsburg", "barcelona")
    st.add_units(s, "bordeaux", "france", "squadron", 1)
    s["alliances"] = []
    assert nv.may_enter(s, "hapsburg", "hapsburg", "bordeaux")               # at war, French ships inside
    s["minor_allies"]["genoa"] = "hapsburg"
    assert not nv.may_enter(s, "hapsburg", "genoa", "atlantic")
    assert nv.may_enter(s, "hapsburg", "hapsburg", "atlantic")


def test_16_1_a_naval_move_costs_1_cp_and_moves_every_chosen_fleet(dice):
    s = ottoman_impulse(setup())
    assert "naval" in ids(s, "ottoman")
    s = play(s, "ottoman", "naval")
    assert decision(s) == "naval_plan"
    s = play(s, "ottoman", "all:istanbul:black")
    s = play(s, "ottoman", "all:athens:aegean")
    s = play(s, "ottoman", "go")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 4
    assert nv.squadrons(nv.pieces(s, "black", "ottoman")) == 1
    assert nv.squadrons(nv.pieces(s, "aegean", "ottoman")) == 1
    assert nv.squadrons(nv.pieces(s, "salonika", "ottoman")) == 1           # not sent: stays
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "cancel")
    assert s["impulse"]["cp"] == 4 and nv.naval(s)["move"] is None


def test_16_2_barbary_coast_example(dice):
    """16 example: both Hapsburg stacks intercept with 7; Doria's +2 makes 9 and succeeds, the lent Venetian
    squadron fails. The Ottoman rolls 7 dice (2 squadrons 4, the corsair 1, Barbarossa 2), the Hapsburg 6
    (2 squadrons 4, Doria 2); 3 hits each, so the defender wins. The Ottoman loses a squadron and the corsair
    and retreats where it likes (not necessarily to Tunis); the Hapsburg loses one squadron and stays."""
    s = barbary_example(ottoman_impulse(setup()))
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:tunis:barbary")
    s = play(s, "ottoman", "go")
    assert s["leaders"]["barbarossa"] == "barbary"
    assert decision(s) == "naval_intercept" and ENGINE.active_roles(s) == ["hapsburg"]
    assert {"intercept:tyrrhenian", "intercept:ionian"} <= set(ids(s, "hapsburg"))
    s = play(s, "hapsburg", "intercept:tyrrhenian")
    assert decision(s) == "naval_intercept_force"                # any number of the stack's units
    assert {"whole", "unit:genoa:squadron", "unit:hapsburg:squadron"} <= set(ids(s, "hapsburg"))
    s = play(s, "hapsburg", "unit:genoa:squadron")
    dice += [[3, 4]]                      # with both squadrons picked, "go" is all that is left: the engine goes
    s = play(s, "hapsburg", "unit:hapsburg:squadron")
    s = play(s, "hapsburg", "go")
    assert s["leaders"]["andrea-doria"] == "barbary"
    assert decision(s) == "naval_intercept" and ids(s, "hapsburg") == ["pass", "intercept:ionian"]
    s = play(s, "hapsburg", "intercept:ionian")
    dice += [[3, 4]]
    s = play(s, "hapsburg", "whole")
    assert nv.pieces(s, "ionian", "hapsburg") == {("hapsburg", "loan-venice"): 1}     # failed: stays
    assert decision(s) in BATTLE_WINDOWS
    assert nv.dice(s, "barbary", "ottoman") == 7 and nv.dice(s, "barbary", "hapsburg") == 6
    dice += [[6, 5, 5, 1, 1, 1, 1], [6, 6, 5, 1, 1, 1]]
    s = pass_combat_cards(s)
    assert nv.naval(s)["battle"]["winner"] == "hapsburg"
    assert decision(s) == "naval_losses" and ENGINE.active_roles(s) == ["ottoman"]
    s = play(s, "ottoman", "lose:ottoman:squadron")
    s = play(s, "ottoman", "lose:ottoman:corsair")
    assert decision(s) == "naval_losses" and ENGINE.active_roles(s) == ["hapsburg"]   # 3 hits: 1 squadron
    s = play(s, "hapsburg", "lose:hapsburg:squadron")
    assert decision(s) == "naval_retreat"
    options = ids(s, "ottoman")
    assert "to:tunis" in options and "to:africa" in options and "to:ionian" not in options
    s = play(s, "ottoman", "to:africa")
    assert nv.pieces(s, "africa", "ottoman") == {("ottoman", "squadron"): 1}
    assert s["leaders"]["barbarossa"] == "africa"
    assert nv.pieces(s, "barbary", "hapsburg") == {("genoa", "squadron"): 1}
    assert s["leaders"]["andrea-doria"] == "barbary"
    assert nv.naval(s)["box"] == {"ottoman": {"squadron": 1, "corsair": 1}, "hapsburg": {"squadron": 1}}
    assert ["ottoman", "africa"] in nv.naval(s)["locks"]                              # 16.1 restriction 4
    assert decision(s) == "spend" and not dice
    assert "naval" not in ids(s, "ottoman")                   # its only fleet lost a battle this impulse


def test_16_1_avoid_battle_at_sea(dice):
    """16.1 step 5: enemy ships already in the sea zone, with no interception, may avoid battle together
    into an adjacent zone free of its enemies or a port of its own: 2d6 + naval battle rating, 9 or more."""
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "athens", "ottoman", "squadron", 2)
    st.add_units(s, "ionian", "hapsburg", "squadron", 1)
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:athens:aegean")
    s = play(s, "ottoman", "go")
    assert decision(s) == "naval_intercept"                                         # from the Ionian Sea
    s = play(s, "hapsburg", "pass")
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:aegean:ionian")
    s = play(s, "ottoman", "go")
    assert decision(s) == "naval_avoid"
    assert "avoid:messina" in ids(s, "hapsburg") and "avoid:aegean" in ids(s, "hapsburg")
    dice += [[5, 4]]
    s = play(s, "hapsburg", "avoid:messina")
    assert nv.pieces(s, "messina", "hapsburg") == {("hapsburg", "squadron"): 1}
    assert decision(s) == "spend" and not dice                                        # no battle


def test_16_2_battle_in_a_port_the_defender_adds_a_die_and_the_attacker_always_leaves(dice):
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "ionian", "ottoman", "squadron", 2)
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    s = play(s, "ottoman", "naval")
    assert "all:ionian:messina" in ids(s, "ottoman") and "all:ionian:taranto" not in ids(s, "ottoman")
    s = play(s, "ottoman", "all:ionian:messina")
    s = play(s, "ottoman", "go")
    assert decision(s) in BATTLE_WINDOWS
    dice += [[6, 6, 6, 6], [1, 1, 1]]                 # 4 dice against 2 + 1 for the port
    s = pass_combat_cards(s)
    assert nv.pieces(s, "messina", "hapsburg") == {}                                  # 4 hits: sunk
    assert decision(s) == "naval_retreat"
    s = play(s, "ottoman", "to:tyrrhenian")
    assert nv.squadrons(nv.pieces(s, "tyrrhenian", "ottoman")) == 2
    assert not dice


def test_16_2_losses_when_both_sides_would_be_wiped_out():
    """16.2 step 8: odd hits cost the loser a squadron more and the winner nothing; if both fleets would
    vanish the side with more dice (ties: the defender) keeps one squadron."""
    assert seafight.loss_points(3, won=True) == 2 and seafight.loss_points(3, won=False) == 3


def test_16_2_mutual_destruction_keeps_one_squadron(dice):
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "aegean", "ottoman", "squadron", 1)
    st.add_units(s, "ionian", "hapsburg", "squadron", 1)
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:aegean:ionian")
    s = play(s, "ottoman", "go")
    s = play(s, "hapsburg", "pass")                                                  # no avoiding
    dice += [[5, 5], [5, 5]]                                                         # equal dice: defender
    s = pass_combat_cards(s)
    assert nv.pieces(s, "ionian", "hapsburg") == {("hapsburg", "squadron"): 1}
    assert not nv.pieces(s, "ionian", "ottoman") and not dice


def test_16_3_transport_needs_squadrons_at_sea_and_a_lost_landing_battle_destroys_the_formation(dice):
    """16.3: from a port through zones holding one's squadrons, 1 CP a step (2 at least), at most 5 units;
    the landing is a land move; beaten in the landing battle, the formation is destroyed and its leaders
    taken."""
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    assert not [a for a in ids(s, "ottoman") if a.startswith("sea:")]
    st.add_units(s, "aegean", "ottoman", "squadron", 1)
    st.add_units(s, "ionian", "ottoman", "squadron", 1)
    options = [a for a in ids(s, "ottoman") if a.startswith("sea:athens:")]
    assert "sea:athens:coron" in options                                             # 2 CP: port-sea-port
    assert "sea:athens:taranto" in options                                           # 3 CP: two zones
    assert "sea:athens:corfu" not in options                                         # Venetian: no war
    s["units"]["taranto"] = {"hapsburg": {"regular": 3}}
    s["units"]["athens"]["ottoman"] = {"regular": 6}
    s["leaders"]["ibrahim-pasha"] = "athens"
    s = play(s, "ottoman", "sea:athens:taranto")
    s = play(s, "ottoman", "leader:ibrahim-pasha")
    for _ in range(5):
        s = play(s, "ottoman", "unit:regular")
    assert not [a for a in ids(s, "ottoman") if a.startswith("unit:")]              # 5 at most
    s = play(s, "ottoman", "go")
    assert s["impulse"]["cp"] == 5 - 3
    while decision(s) not in BATTLE_WINDOWS:
        role = ENGINE.active_roles(s)[0]
        s = play(s, role, "field" if decision(s) == "withdraw" else "pass")
    dice += [[1, 1, 1, 1, 1, 1], [6, 6, 1, 1]]        # 5 units + Ibrahim 1; 3 units + 1
    s = pass_combat_cards(s)
    assert st.land_units_at(s, "taranto", "ottoman") == 0
    assert st.land_units_at(s, "athens", "ottoman") == 1                            # the one left behind
    assert not any(st.land_units_at(s, sp, "ottoman") for sp in ("lepanto", "coron", "naples"))
    assert s["leaders"]["ibrahim-pasha"] == "captured:hapsburg"


def ionian_piracy(s):
    """16.4 example: Barbarossa, 2 corsairs and a squadron in the Ionian Sea; the Hapsburg at war with the
    Ottoman with a squadron at Messina and Malta (the Knights); Corfu Papal, the Papacy at peace with the
    Ottoman."""
    s = clear_navies(s)
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "ionian", "ottoman", "corsair", 2)
    st.add_units(s, "ionian", "ottoman", "squadron", 1)
    s["leaders"]["barbarossa"] = "ionian"
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    s["control"]["corfu"] = "papacy"
    return s


def test_16_4_piracy_example(dice):
    """16.4 example: 2 defence dice (Malta, the Messina squadron; not Papal Corfu); 1 hit sinks a corsair; the
    one left rolls 1 die + Barbarossa's 1; 2 hits: the Hapsburg loses the Messina squadron and gives 1 VP."""
    s = ionian_piracy(ottoman_impulse(setup()))
    from rules.hereistand import piracy
    assert piracy.defence_dice(s, "ionian", "hapsburg") == 2
    assert "piracy:ionian:hapsburg" in ids(s, "ottoman")
    dice += [[5, 2], [6, 5]]
    s = play(s, "ottoman", "piracy:ionian:hapsburg")
    assert nv.corsairs(nv.pieces(s, "ionian", "ottoman")) == 1
    assert decision(s) == "piracy_hits" and ENGINE.active_roles(s) == ["hapsburg"]
    assert {"vp", "card", "ship:messina:hapsburg:squadron"} <= set(ids(s, "hapsburg"))
    s = play(s, "hapsburg", "ship:messina:hapsburg:squadron")
    s = play(s, "hapsburg", "vp")
    assert s["tracks"]["piracy_vp"] == 1 and not nv.pieces(s, "messina", "hapsburg")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 3 and not dice
    assert "piracy:ionian:hapsburg" not in ids(s, "ottoman")                         # once a turn per zone


def test_16_4_piracy_needs_a_corsair_and_respects_the_vp_cap():
    s = ionian_piracy(setup())
    s["tracks"]["piracy_vp"] = 10
    from rules.hereistand import piracy
    assert "vp" not in piracy.choices(s, "ionian", "hapsburg")
    s["units"]["ionian"]["ottoman"].pop("corsair")
    assert piracy.piracy_options(s, "ottoman", 5) == []


def test_16_1_a_naval_leader_goes_with_the_last_squadrons_leaving(dice):
    """16.1 restriction 3: a naval leader must go with its squadrons when none of them would stay."""
    s = barbary_example(setup())
    s["wars"] = [w for w in s["wars"] if w != ["hapsburg", "ottoman"]]
    s = ottoman_impulse(s)
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "one:tunis:africa:ottoman:squadron")
    assert "lead:barbarossa:africa" in ids(s, "ottoman")
    s = play(s, "ottoman", "all:tunis:barbary")
    s = play(s, "ottoman", "go")
    assert s["leaders"]["barbarossa"] == "africa"             # unsent, it follows the first group by name


def test_16_1_a_plan_lists_single_units_and_leaders():
    s = barbary_example(setup())
    nv.naval(s)["move"] = {"power": "hapsburg", "plan": [], "leaders": {}, "vertical": [], "intercepted": {},
                           "tried": []}
    assert naval.may_move(s, "hapsburg")
    assert "tyrrhenian" in naval.movable(s, "hapsburg")


def test_16_4_a_card_given_to_the_corsairs_is_told_only_to_the_two_powers(dice):
    s = ionian_piracy(ottoman_impulse(setup()))
    dice += [[1, 1], [6, 1, 1]]                       # no defence hit; 2 corsairs + Barbarossa: 3 dice
    s = play(s, "ottoman", "piracy:ionian:hapsburg")
    before = len(s["zones"]["hand:ottoman"])
    out = ENGINE.apply(s, "hapsburg", "card")
    assert len(out.state["zones"]["hand:ottoman"]) == before + 1
    private = [e for e in out.log if e.to]
    assert private and all(set(e.to) == {"hapsburg", "ottoman"} for e in private)
    assert not any("#" in e.text for e in out.log if not e.to)


def test_16_1_part_of_a_stack_may_intercept(dice):
    """16.1 step 4: any number of a stack's squadrons may try; the rest stay. A battle with no hits goes to
    the defender and the beaten attacker retreats."""
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "athens", "ottoman", "squadron", 2)
    st.add_units(s, "ionian", "hapsburg", "squadron", 2)
    s = play(s, "ottoman", "naval")
    s = play(play(s, "ottoman", "all:athens:aegean"), "ottoman", "go")
    s = play(s, "hapsburg", "intercept:ionian")
    s = play(s, "hapsburg", "unit:hapsburg:squadron")
    dice += [[6, 6]]
    s = play(s, "hapsburg", "go")
    assert nv.squadrons(nv.pieces(s, "ionian", "hapsburg")) == 1
    assert nv.squadrons(nv.pieces(s, "aegean", "hapsburg")) == 1
    dice += [[1, 1, 1, 1], [1, 1]]
    s = pass_combat_cards(s)
    assert decision(s) == "naval_retreat" and "to:ionian" not in ids(s, "ottoman")
    s = play(s, "ottoman", "to:athens")
    assert nv.squadrons(nv.pieces(s, "athens", "ottoman")) == 2 and not dice


def test_16_1_step_7_the_mover_orders_its_naval_battles():
    s = clear_navies(ottoman_impulse(setup()))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "ionian", "ottoman", "squadron", 2)
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    st.add_units(s, "taranto", "hapsburg", "squadron", 1)
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "one:ionian:messina:ottoman:squadron")
    s = play(s, "ottoman", "one:ionian:taranto:ottoman:squadron")
    s = play(s, "ottoman", "go")
    assert decision(s) == "naval_order"
    assert ids(s, "ottoman") == ["fight:messina:hapsburg", "fight:taranto:hapsburg"]
    s = play(s, "ottoman", "fight:taranto:hapsburg")
    assert decision(s) in BATTLE_WINDOWS and nv.naval(s)["battle"]["location"] == "taranto"

"""Here I Stand: departures from the printed rules found by play (issue 24), each test citing its rule."""

from __future__ import annotations

from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .religious_phases import through_theses
from .test_movement import clear_stacks, decision, dice, move_whole_stack, ottoman_impulse, play, setup  # noqa: F401
from .combat_play import pass_combat_cards


def beaten_in_mohacs(s, dice):
    """The Ottoman (4 regulars from Buda) beats 2 Hapsburg regulars in Mohacs; the survivor retreats to Agram, its only
    retreat; 2 more Ottoman regulars wait in Belgrade, next to Agram; Trieste is free to avoid into."""
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    clear_stacks(s, "buda", "mohacs", "agram", "graz", "belgrade", "trieste", "zara")
    s["control"].update(buda="ottoman", mohacs="hapsburg", agram="hapsburg", graz="ottoman", belgrade="ottoman",
                        trieste="hapsburg", zara="ottoman")
    st.add_units(s, "buda", "ottoman", "regular", 4)
    st.add_units(s, "belgrade", "ottoman", "regular", 2)
    st.add_units(s, "mohacs", "hapsburg", "regular", 2)
    s = move_whole_stack(s, "buda", "mohacs")
    while decision(s) in ("intercept", "avoid"):
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    dice += [[6, 1, 1, 1], [1, 1, 1]]                # 1 hit against none
    s = pass_combat_cards(s)
    assert st.units_at(s, "agram", "hapsburg") == {"regular": 1} and not dice
    return s


def test_13_3_step_4_units_beaten_this_impulse_avoid_without_a_roll(dice):
    """13.3 step 4: the avoid succeeds automatically, with no roll, if every unit avoiding already lost a
    field battle this impulse."""
    s = beaten_in_mohacs(ottoman_impulse(setup()), dice)
    s = move_whole_stack(s, "belgrade", "agram")
    while decision(s) == "intercept":
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert decision(s) == "avoid"
    s = play(s, "hapsburg", "avoid:trieste")
    s = play(s, "hapsburg", "all")                   # the dice fixture refuses any roll
    assert st.units_at(s, "trieste", "hapsburg") == {"regular": 1}
    assert st.land_units_at(s, "agram", "hapsburg") == 0


def test_13_3_step_4_a_fresh_unit_in_the_group_means_a_roll(dice):
    """13.3 step 4: only a group made wholly of beaten units skips the roll."""
    s = beaten_in_mohacs(ottoman_impulse(setup()), dice)
    st.add_units(s, "agram", "hapsburg", "regular", 1)
    s = move_whole_stack(s, "belgrade", "agram")
    while decision(s) == "intercept":
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    s = play(s, "hapsburg", "avoid:trieste")
    dice += [[4, 5]]                                 # 9: success
    s = play(s, "hapsburg", "all")
    assert not dice and st.units_at(s, "trieste", "hapsburg") == {"regular": 2}


def run_winter(s, picks=None):
    """The whole Winter phase; `picks` answers a (role, space) decision, else the first action is taken."""
    from rules.core.flow import Game
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    Game(ENGINE, s).run()
    while ENGINE.waiting(s)["decision"] in ("winter_volunteers", "winter_move", "winter_units"):
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        pick = next((p for p in (picks or []) if p in ids), "done" if "done" in ids else ids[0])
        s = ENGINE.apply(s, role, pick).state
    return s


def french_stack_in_orleans(s, **units):
    """Paris held by the Hapsburg; French units in unfortified Orleans, next to French Lyon (1 regular)."""
    s["units"].pop("paris", None)
    s["control"]["paris"] = "hapsburg"
    for kind, n in units.items():
        st.add_units(s, "orleans", "france", kind, n)
    return s


def test_19_3_exception_2_only_the_units_over_what_the_fortress_holds_are_eliminated():
    """19.3 step 2 and exception 2: 6 French regulars in Orleans winter in Lyon, the nearest French fortress,
    up to its limit of 4 (room for 3); only the 3 that would have to go to Paris, held by the enemy, are
    eliminated — not the whole stack."""
    s = french_stack_in_orleans(setup(), regular=6)
    s = run_winter(s)
    assert st.units_at(s, "lyon", "france") == {"regular": 4}
    assert st.land_units_at(s, "orleans", "france") == 0


def test_19_3_the_owner_picks_which_units_fill_the_fortress():
    """19.3: with several unit types, the owner chooses which units go to Lyon; the rest are eliminated."""
    s = french_stack_in_orleans(setup(), regular=3, mercenary=3)
    s = run_winter(s, picks=["part:lyon", "leave:regular"])
    assert st.units_at(s, "lyon", "france") == {"regular": 4}
    assert st.land_units_at(s, "orleans", "france") == 0


def test_22_5_the_1532_set_up_starts_with_hungary_bohemia_already_defeated():
    """22.5: in the 1532 set-up (and the tournament's) Hungary-Bohemia is already beaten — Buda and
    Belgrade Ottoman, the Hapsburg its ally for good — so no Ottoman battle defeats it again for 2 VP."""
    from rules.core import SetupArgs
    from rules.core.flow import Game
    from rules.hereistand import minors
    for scenario in ("1532", "tournament"):
        s = ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, 6)), 1))
        assert st.controller(s, "buda") == st.controller(s, "belgrade") == "ottoman"
        assert s["minor_allies"]["hungary"] == "hapsburg"
        assert s["hungary_defeated"] is True, scenario
        vp = s["bonus_vp"]["ottoman"]
        minors.check_hungary(Game(ENGINE, s))                # as after the Ottoman's first field battle
        assert s["bonus_vp"]["ottoman"] == vp
    s = ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1))
    assert s["hungary_defeated"] is False


def test_9_1_a_cancelled_deal_is_not_announced():
    """9.1: a deal is announced when its terms are; one cancelled while composed was never announced, so
    it is not on the diplomacy picture's "Announced this turn" list and the power may still deal."""
    from rules.core import SetupArgs
    s = ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))
    s = play(s, "ottoman", "done")
    s = play(s, "hapsburg", "deal:france")
    s = play(s, "hapsburg", "add:alliance")
    s = play(s, "hapsburg", "cancel")
    assert ENGINE.view(s, None)["offers"] == []
    assert "deal:france" in [a.id for a in ENGINE.legal_actions(s, "hapsburg")]
    s = play(s, "hapsburg", "deal:france")
    s = play(s, "hapsburg", "add:alliance")
    s = play(s, "hapsburg", "announce")
    assert ENGINE.view(s, None)["offers"] == [["hapsburg", "france", "deal"]]


def test_19_3_naval_the_owner_may_split_a_fleet_between_equally_near_ports():
    """19.3 (naval): each naval unit goes to the nearest port its power controls; "the owner breaks ties and
    may split stacks". Two French squadrons in Hapsburg Amsterdam: one to Brest, one to Rouen."""
    from rules.hereistand import fleets as nv
    from .test_naval_turn import ids, setup_1532, winter
    s = setup_1532()
    st.add_units(s, "amsterdam", "france", "squadron", 2)
    brest, rouen = (nv.pieces(s, p, "france").get(("france", "squadron"), 0) for p in ("brest", "rouen"))
    s = winter(s)
    assert ENGINE.waiting(s)["decision"] == "naval_winter"
    assert {"to:brest", "to:rouen", "one:brest:squadron", "one:rouen:squadron"} <= set(ids(s, "france"))
    s = play(s, "france", "one:brest:squadron")
    assert ENGINE.waiting(s)["decision"] == "naval_winter"
    assert "one:rouen:squadron" not in ids(s, "france")              # one unit left: it goes whole
    s = play(s, "france", "to:rouen")
    assert nv.pieces(s, "brest", "france").get(("france", "squadron"), 0) == brest + 1
    assert nv.pieces(s, "rouen", "france").get(("france", "squadron"), 0) == rouen + 1
    assert not nv.pieces(s, "amsterdam", "france")


def test_8_2_a_naval_leader_back_from_the_box_returns_to_a_friendly_port_of_his_powers_choice():
    """8.2 step 1: "naval leaders removed last turn return to any friendly port": the power chooses which."""
    from rules.hereistand import fleets as nv
    from .test_naval import clear_navies
    s = clear_navies(setup())
    s["leaders"]["barbarossa"] = nv.BOX
    s["flow"] = [{"name": "turn", "at": 0, "local": {}, "ret": None}]
    ENGINE.game(s).run()
    s = through_theses(s)        # turn 1 opens with Luther's 95 Theses (phase 1), then the card draw
    assert ENGINE.waiting(s)["decision"] == "leader_return" and ENGINE.active_roles(s) == ["ottoman"]
    ports = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert "to:athens" in ports and "to:istanbul" in ports
    assert all(st.controller(s, p.split(":")[1]) == "ottoman" for p in ports)
    s = play(s, "ottoman", "to:athens")
    assert s["leaders"]["barbarossa"] == "athens"
    assert ENGINE.waiting(s)["decision"] != "leader_return"


def test_12_2_the_owner_chooses_the_sea_zone_its_ships_leave_a_lost_port_for():
    """12.2: squadrons in a port that changes control "retreat to an adjacent sea zone (as in naval combat
    step 9)": a retreat its owner chooses. Messina touches the Tyrrhenian and the Ionian Seas, both free."""
    from rules.hereistand import fleets as nv
    from rules.hereistand import harbours
    from .test_naval import clear_navies
    s = clear_navies(setup())
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    s["control"]["messina"] = "ottoman"
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    exits = harbours.displace(ENGINE.game(s), "messina")
    assert nv.pieces(s, "messina", "hapsburg")                      # not moved for its owner
    s["flow"] = [{"name": "port_exits", "at": 0, "local": {"port_exits": exits}, "ret": None}]
    ENGINE.game(s).run()
    assert ENGINE.waiting(s)["decision"] == "port_exit" and ENGINE.active_roles(s) == ["hapsburg"]
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["to:ionian", "to:tyrrhenian"]
    s = play(s, "hapsburg", "to:tyrrhenian")
    assert nv.pieces(s, "tyrrhenian", "hapsburg") == {("hapsburg", "squadron"): 1}
    assert not nv.pieces(s, "messina", "hapsburg")


def test_9_4_a_ransomed_leader_goes_to_the_capital_its_power_chooses():
    """9.4: "returned leaders go to the capital or a friendly home key": the Hapsburg, with two capitals,
    chooses Valladolid or Vienna for a ransomed Duke of Alva."""
    from rules.core import SetupArgs
    s = through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1)))   # then cards
    s["leaders"]["duke-of-alva"] = "captured:france"
    s["flow"].append({"name": "ransom", "at": 0, "local": {"role": "hapsburg"}, "ret": None})
    s = play(s, "hapsburg", "ransom:duke-of-alva")
    assert decision(s) == "leader_home" and ENGINE.active_roles(s) == ["hapsburg"]
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["to:valladolid", "to:vienna"]
    s = play(s, "hapsburg", "to:vienna")
    assert s["leaders"]["duke-of-alva"] == "vienna"
    assert not any(a.id.startswith("ransom:") for a in ENGINE.legal_actions(s, "hapsburg")
                   if "hapsburg" in ENGINE.active_roles(s))        # nobody left to ransom


def test_9_1_a_leader_returned_in_a_deal_goes_to_the_capital_its_power_chooses():
    """9.1 clause 9 with 9.4: France hands back the captured Duke of Alva; the Hapsburg picks its capital."""
    from rules.core import SetupArgs
    s = ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))
    s["leaders"]["duke-of-alva"] = "captured:france"
    s = play(s, "ottoman", "done")
    s = play(s, "hapsburg", "done")
    s = play(s, "england", "done")
    s = play(s, "france", "deal:hapsburg")
    s = play(s, "france", "add:leader:france:duke-of-alva")
    s = play(s, "france", "announce")
    s = play(s, "hapsburg", "accept")
    assert decision(s) == "leader_home" and ENGINE.active_roles(s) == ["hapsburg"]
    s = play(s, "hapsburg", "to:valladolid")
    assert s["leaders"]["duke-of-alva"] == "valladolid"


def test_19_3_step_1_units_in_an_own_fortress_may_go_to_the_capital():
    """19.3: "units already in an own-controlled fortified space may go to the capital" (step 1: "others
    may go voluntarily"). France sends one of Lyon's two regulars to Paris and keeps the other."""
    s = setup()
    st.add_units(s, "lyon", "france", "regular", 2 - st.land_units_at(s, "lyon", "france"))
    paris = st.land_units_at(s, "paris", "france")
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    from rules.core.flow import Game
    Game(ENGINE, s).run()
    while decision(s) != "winter_volunteers" or ENGINE.active_roles(s) != ["france"]:
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        s = play(s, role, "done" if "done" in ids else ids[0])
    ids = [a.id for a in ENGINE.legal_actions(s, "france")]
    assert "send:lyon:regular:paris" in ids and "done" in ids
    s = play(s, "france", "send:lyon:regular:paris")
    s = play(s, "france", "done")
    while decision(s) in ("winter_volunteers", "winter_move", "winter_units", "naval_winter"):
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        s = play(s, role, "done" if "done" in ids else ids[0])
    assert st.land_units_at(s, "lyon", "france") == 1
    assert st.land_units_at(s, "paris", "france") == paris + 1 + 1        # and 19.5's new regular


def test_19_3_step_1_the_owner_picks_the_volunteers_lost_to_attrition():
    """19.3: off a safe path half the stack (rounded up) is lost, and "the owner decides which units
    attrition removes" — also for units sent to the capital by choice (step 1). France sends Lyon's regular
    and mercenary to Paris, in unrest (no safe path): it is asked which one is lost and keeps the
    mercenary (the engine used to take the mercenary itself). Marseille's regular, sent too, follows after
    the question (one unit: no question; it is lost)."""
    s = setup()
    st.add_units(s, "lyon", "france", "mercenary", 1)
    s["unrest"].append("paris")
    mercenaries = st.units_at(s, "paris", "france").get("mercenary", 0)
    s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
    from rules.core.flow import Game
    Game(ENGINE, s).run()
    while decision(s) != "winter_volunteers" or ENGINE.active_roles(s) != ["france"]:
        s = play(s, ENGINE.active_roles(s)[0], "done")
    s = play(s, "france", "send:lyon:regular:paris")
    s = play(s, "france", "send:lyon:mercenary:paris")
    s = play(s, "france", "send:marseille:regular:paris")
    s = play(s, "france", "done")
    assert decision(s) == "winter_units" and ENGINE.active_roles(s) == ["france"]
    assert {a.id for a in ENGINE.legal_actions(s, "france")} == {"lose:regular", "lose:mercenary"}
    s = play(s, "france", "lose:regular")
    assert st.land_units_at(s, "lyon", "france") == 0 and st.land_units_at(s, "marseille", "france") == 0
    assert st.units_at(s, "paris", "france").get("mercenary", 0) == mercenaries + 1


def test_19_3_step_3_the_owner_chooses_which_part_of_a_split_stack_its_leaders_join():
    """19.3 step 3: "leaders left without units must go with one of the stacks they were with". Montmorency
    and 6 regulars in Orleans split: 3 fill Lyon, the rest go to Paris; France chooses to send Montmorency
    with the part going to Paris (DECISIONS 446), or with the part going to Lyon."""
    for pick, with_leader in (("part:lyon:capital", "paris"), ("part:lyon", "lyon")):
        s = setup()
        s["units"].pop("paris", None)
        st.add_units(s, "orleans", "france", "regular", 6)
        s["leaders"]["montmorency"] = "orleans"
        from rules.core.flow import Game
        s["flow"].append({"name": "winter", "at": 0, "local": {}, "ret": None})
        Game(ENGINE, s).run()
        while decision(s) == "winter_volunteers":
            s = play(s, ENGINE.active_roles(s)[0], "done")
        assert decision(s) == "winter_move" and ENGINE.active_roles(s) == ["france"]
        ids = [a.id for a in ENGINE.legal_actions(s, "france")]
        assert {"part:lyon", "part:lyon:capital"} <= set(ids)
        s = run_winter(s, picks=[pick])
        assert st.units_at(s, "lyon", "france") == {"regular": 4}
        assert st.land_units_at(s, "orleans", "france") == 0         # the rest went to Paris
        assert s["leaders"]["montmorency"] == with_leader

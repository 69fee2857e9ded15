"""Here I Stand: naval units around the turn — loans of squadrons (9.1 clause 3, 9.2), sea legs of a line of
communication (12.1), ports changing hands (12.2, 15.1 step 10), assault restrictions 3–4 with the rulebook's
Calais example, Winter's return to port (19.1, 19.3) and the next turn's box (8.2, 16.2 step 10)."""

from __future__ import annotations

from rules.core import SetupArgs
from rules.hereistand import fleets as nv
from rules.hereistand import harbours, siege
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_naval import clear_navies
from .test_siege import calais, to_french_impulse
from .test_movement import dice, play, setup  # noqa: F401  (dice: the scripted-dice fixture)
from .combat_play import pass_combat_cards


def ids(s, role):
    return [a.id for a in ENGINE.legal_actions(s, role)]


def setup_1532():
    return ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))


def winter(s):
    """Run Winter from its naval step (19.3) to its end."""
    s["flow"] = [{"name": "winter", "at": 1, "local": {"queue": []}, "ret": None}]
    ENGINE.game(s).run()
    return s


def test_9_1_example_france_lends_its_squadrons_to_the_hapsburg_with_the_alliance():
    """9.1 example (turn 4) and 9.2 effect 2: with the alliance France lends its squadrons; each goes to the
    Hapsburg's nearest port (a sea zone counting one space) under a loan marker and is the Hapsburg's to move."""
    s = play(setup_1532(), "ottoman", "done")
    s = play(s, "hapsburg", "deal:france")
    assert "add:loan:france:marseille:france" in ids(s, "hapsburg")
    s = play(s, "hapsburg", "add:loan:france:marseille:france")
    assert "announce" not in ids(s, "hapsburg")                         # only with the alliance
    s = play(s, "hapsburg", "add:alliance")
    s = play(s, "hapsburg", "add:loan:france:rouen:france")
    assert "add:loan:hapsburg:barcelona:hapsburg" not in ids(s, "hapsburg")     # one way only
    s = play(s, "hapsburg", "announce")
    s = play(s, "france", "accept")
    # the nearest Hapsburg ports tie (Marseille: Barcelona, Cartagena, Palma, Valencia; Rouen: Amsterdam,
    # Antwerp, Corunna): the borrower chooses (DECISIONS 445)
    assert ENGINE.waiting(s)["decision"] == "loan_port" and ENGINE.active_roles(s) == ["hapsburg"]
    assert ids(s, "hapsburg") == ["to:barcelona", "to:cartagena", "to:palma", "to:valencia"]
    s = play(s, "hapsburg", "to:barcelona")
    assert ids(s, "hapsburg") == ["to:amsterdam", "to:antwerp", "to:corunna"]
    s = play(s, "hapsburg", "to:amsterdam")
    assert not nv.pieces(s, "marseille", "france") and not nv.pieces(s, "rouen", "france")
    assert nv.pieces(s, "barcelona", "hapsburg") == {("hapsburg", "squadron"): 1, ("hapsburg", "loan-france"): 1}
    assert nv.pieces(s, "amsterdam", "hapsburg") == {("hapsburg", "loan-france"): 1}
    assert "barcelona" in [loc for loc, _ in harbours.loanable(s, "hapsburg", "france")]
    assert harbours.loanable(s, "hapsburg", "protestant") == []          # never to the Protestant
    s = winter(s)                                                       # 19.1: the loan ends in Winter
    assert ENGINE.waiting(s)["decision"] == "naval_winter"              # Amsterdam's: Boulogne, Brest or Rouen
    assert ids(s, "france") == ["to:boulogne", "to:brest", "to:rouen"]
    s = play(s, "france", "to:rouen")
    assert nv.pieces(s, "rouen", "france") == {("france", "squadron"): 1}
    assert nv.pieces(s, "marseille", "france") == {("france", "squadron"): 1}
    assert not any(k.startswith("loan-") for kinds in s["units"].values() for by in kinds.values() for k in by)


def test_12_1_a_line_of_communication_crosses_a_sea_zone_holding_ones_squadrons():
    """12.1: from a friendly port through sea zones with one's squadrons; the target port need not be friendly."""
    s = setup()
    assert not siege.has_loc(s, "england", "brest")
    st.add_units(s, "channel", "england", "squadron", 1)
    assert siege.has_loc(s, "england", "brest")
    assert "channel" in siege.loc_network(s, "england")


def test_15_1_calais_example_with_the_english_squadron(dice):
    """15.1 example: 2 French squadrons in the North Sea outnumber the English one in Calais, so France may
    assault; a squadron of England's in the Channel would forbid it (restriction 3). Calais falls and the
    English squadron goes to the next turn's box (step 10)."""
    s = calais(to_french_impulse(setup()))
    st.add_units(s, "calais", "england", "squadron", 1)
    assert siege.assault_refusal(s, "france", "calais") == "the defenders' squadrons in port outnumber yours at sea"
    st.add_units(s, "north", "france", "squadron", 2)
    assert siege.assault_refusal(s, "france", "calais") is None
    st.add_units(s, "channel", "england", "squadron", 1)
    assert siege.assault_refusal(s, "france", "calais") == "the defender has squadrons in the adjacent sea"
    st.add_units(s, "channel", "england", "squadron", -1)
    s = play(s, "france", "cp:4")
    s = play(s, "france", "assault:calais")
    dice += [[6, 5, 1, 2], [1, 2, 3]]
    s = pass_combat_cards(s)
    assert s["control"]["calais"] == "france"
    assert not nv.pieces(s, "calais", "england")
    assert nv.naval(s)["box"] == {"england": {"squadron": 1}}


def test_12_2_naval_units_leave_a_port_that_changes_hands():
    s = clear_navies(setup())
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    s["control"]["messina"] = "ottoman"
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "tyrrhenian", "ottoman", "squadron", 1)           # only the Ionian Sea is free of enemies
    assert harbours.displace(ENGINE.game(s), "messina") == []
    assert not nv.pieces(s, "messina", "hapsburg")
    assert nv.pieces(s, "ionian", "hapsburg") == {("hapsburg", "squadron"): 1}


def test_19_3_naval_units_return_to_the_nearest_port_and_leaders_with_them():
    """19.3: ships at sea go to the nearest port their power controls (no interception, besieged ports will
    do); a naval leader goes with them; the piracy markers come off (19 step 7)."""
    s = clear_navies(setup())
    st.add_units(s, "aegean", "ottoman", "squadron", 2)
    s["leaders"]["barbarossa"] = "aegean"
    st.add_units(s, "black", "ottoman", "squadron", 1)
    nv.naval(s)["pirated"] = ["ionian"]
    s = winter(s)
    assert [i for i in ids(s, "ottoman") if i.startswith("to:")] == \
        ["to:athens", "to:coron", "to:istanbul", "to:salonika"]                     # the owner's choice
    s = play(s, "ottoman", "to:athens")
    assert ids(s, "ottoman") == ["to:istanbul", "to:varna"]                         # the Black Sea's
    s = play(s, "ottoman", "to:istanbul")
    assert nv.pieces(s, "athens", "ottoman") == {("ottoman", "squadron"): 2}
    assert s["leaders"]["barbarossa"] == "athens"
    assert nv.squadrons(nv.pieces(s, "istanbul", "ottoman")) == 1
    assert not nv.pieces(s, "aegean", "ottoman") and nv.naval(s)["pirated"] == []


def test_8_2_naval_leaders_in_the_box_return_at_the_next_card_draw():
    s = clear_navies(setup())
    s["leaders"]["andrea-doria"] = "box"
    st.add_units(s, "genoa", "genoa", "squadron", 1)
    nv.naval(s)["box"] = {"genoa": {"squadron": 1}}
    harbours.return_from_box(ENGINE.game(s))
    assert s["leaders"]["andrea-doria"] == "genoa" and nv.naval(s)["box"] == {}


def test_9_6_fleets_sharing_a_sea_zone_fight_when_war_breaks_out_and_a_tie_sends_both_away(dice):
    """9.6: squadrons of two powers newly at war in one sea zone fight at once; with equal hits both withdraw."""
    s = clear_navies(setup())
    s["wars"] = sorted(s["wars"] + [["england", "france"]])
    st.add_units(s, "channel", "england", "squadron", 1)
    st.add_units(s, "channel", "france", "squadron", 1)
    s["flow"] = [{"name": "sea_clashes", "at": 0, "local": {"power": "france", "enemies": ["england"]}, "ret": None}]
    ENGINE.game(s).run()
    dice += [[5, 1], [6, 1]]
    s = pass_combat_cards(s)
    assert ENGINE.waiting(s)["decision"] == "naval_retreat" and ENGINE.active_roles(s) == ["france"]
    s = play(s, "france", "to:biscay")
    assert ENGINE.active_roles(s) == ["england"]
    s = play(s, "england", "to:plymouth")
    assert not nv.pieces(s, "channel", "france") and not nv.pieces(s, "channel", "england")
    assert nv.pieces(s, "plymouth", "england") == {("england", "squadron"): 1} and not dice


def test_9_1_clause_3_a_naval_leader_is_lent_with_the_squadrons_sailing_from_its_port():
    """9.1 clause 3: naval leaders are lent too — here Barbarossa with an Ottoman squadron from Algiers to
    France (allied in the same deal); he commands for France until Winter, then goes home with the ships."""
    s = setup_1532()
    st.add_units(s, "algiers", "ottoman", "squadron", 1)
    s = play(s, "ottoman", "deal:france")
    assert not any(i.startswith("add:lend_leader") for i in ids(s, "ottoman"))   # not without squadrons
    s = play(s, "ottoman", "add:alliance")
    s = play(s, "ottoman", "add:loan:ottoman:algiers:ottoman")
    assert "add:lend_leader:ottoman:barbarossa" in ids(s, "ottoman")
    s = play(s, "ottoman", "add:lend_leader:ottoman:barbarossa")
    s = play(s, "ottoman", "announce")
    s = play(s, "france", "accept")
    port = s["leaders"]["barbarossa"]
    assert nv.pieces(s, port, "france").get(("france", "loan-ottoman")) == 1
    assert nv.naval_leaders(s, port, "france") == ["barbarossa"]
    assert nv.naval_leaders(s, port, "ottoman") == []
    s = winter(s)                                                       # 19.1: the loan ends
    while ENGINE.waiting(s)["decision"] == "naval_winter":
        role = ENGINE.active_roles(s)[0]
        s = play(s, role, ids(s, role)[0])
    assert "leader_loans" not in s["naval"]
    home = s["leaders"]["barbarossa"]
    assert st.controller(s, home) == "ottoman" and nv.pieces(s, home, "ottoman")

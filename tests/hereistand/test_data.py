"""Here I Stand component data checked against the 2006 rulebook (section numbers are the rulebook's)."""

from collections import Counter

import pytest

from rules.hereistand.data import CARD_TYPES, LANGUAGE_ZONES, MAJORS, MINORS, SPACE_TYPES, load

G = load()


# --- counts --------------------------------------------------------------------------------------------------

def test_counts():
    assert len(G.spaces) == 134
    assert len(G.connections) == 220
    assert len(G.sea_zones) == 14            # 2.5
    assert len(G.cards) == 110               # 6
    assert sorted(G.cards) == list(range(1, 111))


def test_2_5_passes_three_pyrenees_six_alps_seven_balkans():
    passes = [c for c in G.connections if c.is_pass]
    assert len(passes) == 16
    assert {r: len(p) for r, p in G.pass_regions.items()} == {"pyrenees": 3, "alps": 6, "balkans": 7}
    region_pairs = {frozenset(p) for pairs in G.pass_regions.values() for p in pairs}
    assert region_pairs == {frozenset((c.a, c.b)) for c in passes}


def test_space_fields_are_valid():
    for s in G.spaces.values():
        assert s.type in SPACE_TYPES, s.id
        assert s.language_zone in LANGUAGE_ZONES + (None,), s.id
        assert s.home_power in MAJORS + MINORS + ("independent",), s.id
        assert s.faith in ("catholic", "other"), s.id
        assert 0 < s.pos[0] < 4950 and 0 < s.pos[1] < 3164, s.id
    assert Counter(s.type for s in G.spaces.values()) == {"unfortified": 86, "key": 33, "fortress": 9,
                                                         "electorate": 6}


# --- adjacency -----------------------------------------------------------------------------------------------

def test_connections_join_existing_distinct_spaces_once():
    seen = set()
    for c in G.connections:
        assert c.a in G.spaces and c.b in G.spaces and c.a != c.b
        pair = frozenset((c.a, c.b))
        assert pair not in seen
        seen.add(pair)


def test_land_adjacency_is_symmetric():
    for sid in G.spaces:
        for other, is_pass in G.neighbours[sid]:
            assert (sid, is_pass) in G.neighbours[other]


def test_islands_have_no_land_connection_but_a_port():
    islands = {s.id for s in G.spaces.values() if s.island}
    assert islands == {"palma", "oran", "algiers", "tunis", "cagliari", "malta", "tripoli", "candia", "rhodes",
                       "corfu", "bastia"}
    for sid in islands:
        assert G.neighbours[sid] == () and G.space(sid).is_port


def test_sea_zone_adjacency_is_symmetric_and_ports_agree_with_spaces():
    for z in G.sea_zones.values():
        for other in z.adjacent:
            assert z.id in G.sea_zone(other).adjacent
        assert set(z.ports) == {s.id for s in G.spaces.values() if z.id in s.ports}
    for s in G.spaces.values():
        assert 0 <= len(s.ports) <= 2, s.id           # 2.5: a port touches one or two sea zones
        for zone in s.ports:
            assert zone in G.sea_zones


def test_2_5_sea_zones_not_adjacent_are_linked_only_through_their_port():
    """2.5: Ionian-Tyrrhenian (Messina), Barbary Coast-Atlantic (Gibraltar), Black Sea-Aegean (Istanbul).

    The shared data lists the Black Sea and the Aegean as adjacent; the rulebook decides."""
    for (a, b), port in G.through_port_links:
        assert b not in G.sea_zone(a).adjacent and a not in G.sea_zone(b).adjacent
        assert set(G.space(port).ports) == {a, b}
    assert {(tuple(sorted(s)), p) for s, p in G.through_port_links} == {
        (("ionian", "tyrrhenian"), "messina"), (("atlantic", "barbary"), "gibraltar"), (("aegean", "black"), "istanbul")}
    assert G.sea_zone("black").adjacent == ()


def test_2_5_north_sea_arrows():
    assert "irish" in G.sea_zone("north").adjacent
    assert "baltic" in G.sea_zone("north").adjacent


def test_stirling_is_a_fortress_and_not_a_port():
    """Correction of the shared data: Stirling has no anchor on the Irish Sea (DECISIONS.md, 2.5)."""
    stirling = G.space("stirling")
    assert stirling.type == "fortress" and not stirling.is_port
    assert "stirling" not in G.sea_zone("irish").ports
    assert G.sea_zone("irish").ports == ("bristol", "glasgow")


def test_port_counts():
    ports = [s for s in G.spaces.values() if s.is_port]
    assert len(ports) == 58 and sum(len(s.ports) == 2 for s in ports) == 17


# --- keys, capitals, electorates, home spaces ----------------------------------------------------------------

def test_2_1_six_capitals():
    capitals = {s.id: s.capital_of for s in G.spaces.values() if s.capital_of}
    assert capitals == {"london": "england", "paris": "france", "valladolid": "hapsburg", "vienna": "hapsburg",
                        "rome": "papacy", "istanbul": "ottoman"}
    for sid, power in capitals.items():
        assert G.space(sid).type == "key" and G.space(sid).home_power == power
        assert sid in G.power(power).capitals
    assert G.power("protestant").capitals == ()


def test_2_1_six_electorates_all_in_germany():
    electorates = {s.id for s in G.spaces.values() if s.type == "electorate"}
    assert electorates == {"augsburg", "mainz", "trier", "cologne", "wittenberg", "brandenburg"}
    assert {"wittenberg", "brandenburg", "mainz"} <= electorates          # named in the rules text
    assert set(G.electorates) == electorates
    for sid in electorates:
        assert G.space(sid).language_zone == "german"
        assert G.space(sid).home_power == "protestant"                     # 2.4 marker examples 6 and 7


def test_2_4_protestant_home_spaces_are_the_german_zone_minus_the_austrian_and_swiss_ones():
    german = {s.id for s in G.spaces.values() if s.language_zone == "german"}
    protestant_home = set(G.home_spaces("protestant"))
    assert len(protestant_home) == 21
    assert german - protestant_home == {"innsbruck", "linz", "vienna", "graz", "zurich", "basel"}


def test_keys_per_power():
    keys = {p: set(G.keys_of(p)) for p in MAJORS + MINORS + ("independent",)}
    assert keys["england"] == {"london", "york", "bristol", "calais"}
    assert keys["france"] == {"paris", "rouen", "bordeaux", "lyon", "marseille"}
    assert keys["hapsburg"] == {"navarre", "valladolid", "barcelona", "seville", "naples", "vienna", "antwerp"}
    assert keys["ottoman"] == {"istanbul", "edirne", "salonika", "athens", "algiers"}
    assert keys["papacy"] == {"rome", "ravenna"}
    assert keys["protestant"] == set()
    assert keys["hungary"] == {"buda", "prague", "belgrade"}
    assert keys["scotland"] == {"edinburgh"} and keys["venice"] == {"venice"} and keys["genoa"] == {"genoa"}
    assert sum(len(k) for k in keys.values()) == 33


def test_22_6_four_independent_keys():
    """22.6 says Mainz (an electorate); 9.6 says Metz: the fourth key is Metz."""
    assert set(G.independent_keys) == {"metz", "milan", "florence", "tunis"} == set(G.keys_of("independent"))


def test_21_1_algiers_and_the_pirate_havens():
    algiers = G.space("algiers")
    assert algiers.type == "key" and algiers.home_power == "ottoman" and algiers.pirate_haven
    assert algiers.in_play_after == "barbary_pirates"
    for sid in ("oran", "tripoli"):
        s = G.space(sid)
        assert s.home_power == "hapsburg" and s.type == "unfortified" and s.may_become_pirate_haven


def test_2_3_ottoman_home_spaces_are_not_christian():
    for s in G.spaces.values():
        assert (s.faith == "other") == (s.home_power == "ottoman" and not s.pirate_haven), s.id


def test_minor_power_home_spaces():
    assert set(G.home_spaces("scotland")) == {"stirling", "glasgow", "edinburgh"}
    assert set(G.home_spaces("genoa")) == {"genoa", "bastia"}
    assert set(G.home_spaces("venice")) == {"venice", "zara", "corfu", "candia"}
    assert len(G.home_spaces("hungary")) == 9


def test_language_zone_counts():
    zones = Counter(s.language_zone for s in G.spaces.values())
    assert zones == {"german": 27, "french": 24, "italian": 19, "english": 14, "spanish": 14, None: 36}


# --- powers: order, tracks, rulers ---------------------------------------------------------------------------

def test_3_2_impulse_order():
    assert G.impulse_order == ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")


def test_key_tracks_are_monotone_and_end_below_military_victory():
    for pid in MAJORS[:-1]:
        p = G.power(pid)
        assert [b.keys for b in p.key_track] == list(range(1, p.military_victory_keys))
        for lo, hi in zip(p.key_track, p.key_track[1:]):
            assert lo.cards <= hi.cards and lo.vp < hi.vp
    assert {p: G.power(p).military_victory_keys for p in MAJORS[:-1]} == {
        "ottoman": 11, "hapsburg": 14, "england": 9, "france": 11, "papacy": 7}


def test_6_2_card_draw_examples():
    """6.2: Francis I with 8 keys draws 4 + 1; Suleiman with 7 keys, 2 in unrest, draws 4; minimum 1."""
    france, ottoman = G.power("france"), G.power("ottoman")
    assert france.base_cards(8) + france.ruler("francis-i").card_bonus == 5
    assert ottoman.base_cards(7 - 2) + ottoman.ruler("suleiman").card_bonus == 4
    for pid in MAJORS[:-1]:
        assert G.power(pid).base_cards(0) == 1 and G.power(pid).base_vp(0) == 0    # 23.2: all covered -> 0 VP


def test_6_2_protestant_card_draw_and_23_2_electorate_vp():
    """6.2 example: Luther with 3 electorates draws 4 cards; 5 with 4 or more. 23.2: 2 VP per electorate."""
    import json
    from rules.hereistand import data as module
    raw = json.loads((module._DIR / "powers.json").read_text())["majors"]["protestant"]
    assert raw["card_draw"] == {"base": 4, "with_electorates": {"min": 4, "cards": 5}}
    assert raw["vp_per_electorate"] == 2
    assert G.power("protestant").ruler("luther").card_bonus == 0


def test_3_3_rulers():
    assert G.power("protestant").ruler("luther").admin == 2              # 11 example
    assert G.power("france").ruler("francis-i").card_bonus == 1          # 6.2 example
    assert G.power("hapsburg").rulers[0].permanent and G.power("ottoman").rulers[0].permanent
    assert [r.id for r in G.power("england").rulers] == ["henry-viii", "edward-vi", "mary-i", "elizabeth-i"]
    assert [r.id for r in G.power("papacy").rulers] == ["leo-x", "clement-vii", "paul-iii", "julius-iii"]
    assert [r.id for r in G.power("france").rulers] == ["francis-i", "henry-ii"]
    assert [r.id for r in G.power("protestant").rulers] == ["luther", "calvin"]
    for p in MAJORS:
        for r in G.power(p).rulers[1:]:
            assert G.card(r.card).type == "mandatory"                     # 3.3: successors come by mandatory events


def test_6_1_home_cards():
    home = {n for n, c in G.cards.items() if c.type == "home"}
    assert home == {1, 2, 3, 4, 5, 6, 7}
    assert {p: G.power(p).home_cards for p in MAJORS} == {
        "ottoman": (1,), "hapsburg": (2,), "england": (3,), "france": (4,), "papacy": (5, 6), "protestant": (7,)}
    for p in MAJORS:
        for n in G.power(p).home_cards:
            assert G.card(n).playable_by == (p,)


def test_9_6_declaration_of_war_restrictions_in_the_cost_table():
    """9.6 standing restrictions 1-3: never on Hungary-Bohemia; no Ottoman/Papal/Protestant DOW on Scotland;
    England never on Venice. Independent keys are attacked without a declaration (restriction 8)."""
    for declarer, row in G.dow_costs.items():
        assert declarer in MAJORS and declarer not in row
        assert "hungary" not in row
        assert set(row) <= set(MAJORS + MINORS) and all(cost > 0 for cost in row.values())
    for declarer in ("ottoman", "papacy", "protestant"):
        assert G.dow_cost(declarer, "scotland") is None
    assert G.dow_cost("england", "venice") is None
    assert G.dow_cost("hapsburg", "england") == 3          # 21.3: Catherine of Aragon makes it 2 CP cheaper


def test_religious_struggle_track():
    assert G.religious_struggle_vp(0) == (15, 0)
    assert G.religious_struggle_vp(12) == (12, 3)
    papal, protestant = zip(*(G.religious_struggle_vp(n) for n in range(51)))
    assert all(a >= b for a, b in zip(papal, papal[1:])) and papal[49] == 1 and protestant[49] == 14


# --- units and leaders ---------------------------------------------------------------------------------------

def test_5_2_5_3_unit_types_per_power():
    for p in MAJORS + MINORS + ("independent",):
        pool = G.power(p).force_pool
        assert set(pool.land_counters) <= {1, 2, 4, 6}
        assert pool.land_units == sum(d * n for d, n in pool.land_counters.items())
        assert "regular" in pool.land_types
        assert ("mercenary" in pool.land_types) == (p in MAJORS and p != "ottoman")
        assert ("cavalry" in pool.land_types) == (p == "ottoman")
        assert ("corsair" in pool.naval_types) == (p == "ottoman")
        assert ("squadron" in pool.naval_types) == (p not in ("protestant", "hungary", "independent"))


def test_land_force_pools():
    assert {p: G.power(p).force_pool.land_units for p in MAJORS + MINORS + ("independent",)} == {
        "ottoman": 47, "hapsburg": 42, "england": 33, "france": 38, "papacy": 23, "protestant": 26,
        "genoa": 6, "hungary": 13, "scotland": 4, "venice": 12, "independent": 9}


@pytest.mark.parametrize("scenario", ["1517", "1532"])
def test_5_setup_fits_the_counter_mix(scenario):
    """5: the counters are an absolute cap; regulars and mercenaries (or cavalry) share the same counters."""
    sc = G.scenario(scenario)
    land = Counter()
    for space, by_power in sc.units.items():
        assert space in G.spaces
        for power, units in by_power.items():
            pool = G.power(power).force_pool
            for kind, n in units.items():
                assert kind in pool.land_types + pool.naval_types, (space, power, kind)
                assert n > 0
                if kind in pool.naval_types:
                    assert G.space(space).is_port, (space, power, kind)
                else:
                    land[power] += n
    for power, n in land.items():
        assert n <= G.power(power).force_pool.land_units, power


def test_5_1_leader_ratings_from_the_rulebook_examples():
    assert (G.leader("suleiman").battle, G.leader("suleiman").command) == (2, 12)
    assert G.leader("ibrahim-pasha").command == 6
    assert G.leader("charles-v").battle == 2 and G.leader("francis-i").battle == 1
    assert G.leader("charles-brandon").battle == 1
    assert (G.leader("barbarossa").battle, G.leader("barbarossa").piracy) == (2, 1)
    assert G.leader("dragut").piracy == 2 and G.leader("andrea-doria").battle == 2
    # 5.1 example: Suleiman and Ibrahim may move all 14 units from Buda together; either alone may not
    assert 12 + 6 >= 14 > 12


def test_leaders_are_well_formed():
    assert len(G.leaders) == 18
    for l in G.leaders.values():
        assert l.kind in ("army", "naval")
        assert (l.command is not None) == (l.kind == "army")
        assert l.piracy == 0 or l.id in ("barbarossa", "dragut")           # 5.1: only these two have P#
        assert l.power in MAJORS + ("genoa", "card")
    rulers = {l.id for l in G.leaders.values() if l.ruler}
    assert rulers == {"suleiman", "charles-v", "francis-i", "henry-ii", "henry-viii"}    # 3.3


def test_8_2_debaters_and_reformers():
    sc = G.scenario("1517")
    protestant, papal = sc.debaters["protestant"], sc.debaters["papacy"]
    assert len(protestant) == 4 and all(G.debater(d).zone == "german" for d in protestant)
    assert len(papal) == 5 and all(G.debater(d).side == "papacy" for d in papal)
    assert {d: G.debater(d).value for d in ("luther", "melanchthon", "carlstadt", "eck", "aleander")} == {
        "luther": 4, "melanchthon": 3, "carlstadt": 1, "eck": 3, "aleander": 2}
    for d in ("cranmer", "coverdale", "latimer"):
        assert G.debater(d).entry_turn is None                              # only after the Cranmer reformer
    assert {r: v["space"] for r, v in G.reformers.items()} == {
        "luther": "wittenberg", "zwingli": "zurich", "calvin": "geneva", "cranmer": "london"}


def test_electorate_display_known_values():
    assert G.electorates["wittenberg"] == 2 and G.electorates["brandenburg"] == 1


# --- cards ---------------------------------------------------------------------------------------------------

def test_card_fields_are_sane():
    for c in G.cards.values():
        assert c.type in CARD_TYPES
        assert c.cp is None and c.number == 8 or 1 <= c.cp <= 6, c.number
        assert c.reminder and len(c.reminder) <= 160
        assert c.playable_by == "any" or set(c.playable_by) <= set(MAJORS)
    assert Counter(c.type for c in G.cards.values()) == {
        "home": 7, "mandatory": 16, "combat": 7, "response": 8, "event": 72}


def test_6_1_mandatory_cards_are_removed_except_council_of_trent_and_master_of_italy():
    for c in G.cards.values():
        if c.type == "mandatory":
            assert c.removed_after_event is (c.number not in (12, 17)), c.number
            assert c.cp == 2 or c.number == 8


def test_6_2_entry_turns():
    """6.2: 37 cards enter later: 31 with a turn only, #19 and #21 with turn 6 and a condition, 4 variable."""
    later = [c for c in G.cards.values() if c.type != "home" and c.entry_turn != 1]
    assert len(later) == 37
    assert len([c for c in later if c.entry_turn and not c.entry_condition]) == 31
    assert {c.number for c in later if c.entry_condition} == {19, 21}
    assert G.card(19).entry_turn == G.card(21).entry_turn == 6
    assert {c.number for c in later if c.variable} == {23, 62, 63, 64}
    assert all(c.entry_turn is None for c in G.cards.values() if c.type == "home")


def test_19_8_mandatory_deadlines():
    deadlines = {n: c.deadline_turn for n, c in G.cards.items() if c.deadline_turn}
    assert deadlines == {10: 2, 9: 3, 13: 4, 14: 4, 15: 6}


def test_6_1_out_of_phase_events_and_turn_markers():
    assert {n: c.out_of_phase for n, c in G.cards.items() if c.out_of_phase} == {
        73: ("diplomacy", "action"), 102: ("spring_deployment",), 109: ("spring_deployment",),
        47: ("victory_determination", "action"), 51: ("victory_determination", "action")}
    assert {n for n, c in G.cards.items() if c.turn_marker} == {37, 39, 90}


def test_card_numbering_blocks_of_the_2006_deck():
    """Home 1-7, mandatory 8-23, combat 24-30, then responses; 65-110 are the turn-1 events."""
    assert all(G.card(n).type == "mandatory" for n in range(8, 24))
    assert all(G.card(n).type == "combat" for n in range(24, 31))
    assert all(G.card(n).type == "response" for n in range(31, 39))
    assert all(G.card(n).type == "event" and G.card(n).entry_turn == 1 for n in range(65, 111))


def test_6_2_decks_at_start():
    assert len(G.new_cards(1, "1517")) == 65                      # 95 Theses starts in the Protestant hand
    assert 8 not in G.new_cards(1, "1517") and G.card(8).starts_in_hand == "protestant"
    deck_1532 = set(G.new_cards(4, "1532"))
    assert not any(G.card(n).marked_1517 for n in deck_1532)       # 6.2: '(1517)' cards are left out in 1532
    assert {8, 10} & deck_1532 == set()
    assert {14, 44, 54} <= deck_1532
    assert len(deck_1532) == 69
    assert G.new_cards(5, "1532") == (15, 55, 56, 57, 58)
    assert G.new_cards(6, "1517") == (16, 17, 18, 20, 59, 60)


# --- scenarios -----------------------------------------------------------------------------------------------

def test_22_6_independent_keys_at_start():
    assert G.start_control("1517", "milan") == "france" and G.start_control("1517", "tunis") == "hapsburg"
    assert G.start_control("1517", "metz") == G.start_control("1517", "florence") == "independent"
    for key in G.independent_keys:
        assert G.start_control("1532", key) == "independent"       # rulebook over the data (Florence)


def test_21_1_algiers_out_of_play_in_1517_and_a_haven_in_1532():
    assert G.start_control("1517", "algiers") is None
    assert G.start_control("1532", "algiers") == "ottoman"
    assert G.scenario("1532").leaders["barbarossa"] == "algiers"


def test_9_6_ottoman_starts_at_war_with_hungary():
    assert ("hungary", "ottoman") in G.scenario("1517").wars


def test_8_2_ferdinand_starts_on_the_map():
    """8.2: Maurice of Saxony is the only leader entering other than by a mandatory event."""
    for scenario in ("1517", "1532"):
        assert G.scenario(scenario).leaders["ferdinand"] == "vienna"


@pytest.mark.parametrize("scenario", ["1517", "1532", "tournament"])
def test_scenario_references_exist(scenario):
    sc = G.scenario(scenario)
    for space, power in sc.control.items():
        assert space in G.spaces and power in MAJORS + MINORS + ("independent",)
    for leader, space in sc.leaders.items():
        assert G.leader(leader).entry == "start" or scenario != "1517"
        assert space in G.spaces
    for side, debaters in sc.debaters.items():
        assert all(G.debater(d).side == side for d in debaters)
    assert set(sc.rulers) == set(MAJORS)
    for power, ruler in sc.rulers.items():
        G.power(power).ruler(ruler)
    for a, b in sc.wars + sc.alliances:
        assert a in G.powers and b in G.powers
    assert all(G.space(s).faith == "catholic" for s in sc.protestant_spaces)


def test_1517_start_control_follows_home_power_except_germany():
    sc = G.scenario("1517")
    assert {s for s, p in sc.control.items() if p == "hapsburg"} == set(G.home_spaces("protestant")) | {"tunis"}
    assert sc.protestant_spaces == () and not sc.league_formed


def test_1532_league_spaces_are_protestant_controlled():
    """21.6 step 3: with the League formed, Protestant-religion Protestant home spaces are Protestant's."""
    sc = G.scenario("1532")
    assert sc.league_formed
    for sid in sc.protestant_spaces:
        if G.space(sid).home_power == "protestant":
            assert G.start_control("1532", sid) == "protestant"
    assert G.start_control("1532", "cologne") == "hapsburg"        # still Catholic


def test_scenario_turns():
    assert (G.scenario("1517").first_turn, G.scenario("1517").last_turn) == (1, 9)      # 7: nine turns
    assert (G.scenario("1532").first_turn, G.scenario("1532").last_turn) == (4, 9)
    assert (G.scenario("tournament").first_turn, G.scenario("tournament").last_turn) == (4, 6)   # 9.3


def test_seats_cover_every_power_once():
    for players, seats in G.seats.items():
        assert len(seats) == players
        assert sorted(p for seat in seats for p in seat) == sorted(MAJORS)


def test_lookups_fail_with_a_clear_message():
    with pytest.raises(KeyError, match="unknown space 'atlantis'"):
        G.space("atlantis")
    with pytest.raises(KeyError, match="unknown card 111"):
        G.card(111)
    with pytest.raises(KeyError, match="has no ruler"):
        G.power("france").ruler("louis-xiv")
    assert load() is G                                             # cached


def test_start_keys_cards_and_vp_of_1517():
    """Regression guard on the key tracks as read at the 1517 start (keys the power controls, 6.2 / 23.2)."""
    sc = G.scenario("1517")
    got = {}
    for power in MAJORS[:-1]:
        keys = [s.id for s in G.spaces.values() if s.type == "key" and G.start_control("1517", s.id) == power]
        p = G.power(power)
        got[power] = (len(keys), p.base_cards(len(keys)) + p.ruler(sc.rulers[power]).card_bonus, p.base_vp(len(keys)))
    assert got == {"ottoman": (4, 3, 8), "hapsburg": (8, 5, 9), "england": (4, 3, 9), "france": (6, 4, 12),
                   "papacy": (2, 3, 4)}
    assert G.religious_struggle_vp(0)[0] + got["papacy"][2] == 19

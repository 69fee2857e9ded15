"""Issue 24: places where the engine departed from the printed rules, each checked against its rule."""

from __future__ import annotations

from tests.oldkingscrown.helpers import blank, run


def test_repopulating_with_none_taken_discards_the_two_rightmost_and_does_not_slide():
    """[Repopulating the Great Road] 1): the slide belongs to "one or more cards were taken"; when none was
    taken the two rightmost cards are discarded *instead* (C), and 2) the deck fills the empty spaces one at
    a time from the rightmost: the two cards left stay where they were."""
    state = blank()
    road = list(state["road"])
    deck = list(state["kdeck"])
    state["taken_from_road"] = False
    log = run(state, {"task": "road_refill"})
    assert state["kdiscard"][-2:] == [road[3], road[2]]
    # issue 26: the cards leaving the road are said, rightmost first
    from rules.oldkingscrown.data import KINGDOM
    assert f"{KINGDOM[road[3]]['name']} and {KINGDOM[road[2]]['name']} leave the Great Road for the Kingdom " \
        "discard pile." in log
    assert state["road"] == [road[0], road[1], deck[1], deck[0]]


def test_repopulating_with_a_card_taken_discards_the_rightmost_then_slides():
    """1) (A) the rightmost remaining card is discarded, (B) the others slide right one space at a time into
    the rightmost empty spaces, 2) the deck fills from the rightmost empty space."""
    state = blank()
    road = list(state["road"])
    deck = list(state["kdeck"])
    state["road"][1] = None
    state["taken_from_road"] = True
    log = run(state, {"task": "road_refill"})
    assert state["kdiscard"][-1] == road[3]
    from rules.oldkingscrown.data import KINGDOM
    assert f"{KINGDOM[road[3]]['name']} leaves the Great Road for the Kingdom discard pile." in log
    assert state["road"] == [deck[1], deck[0], road[0], road[2]]


def test_the_clash_totals_on_the_view_stay_as_tallied():
    """Tally Strength & Declare an Outcome: cards +9 and supporters +3 make 12. Supporters count in one clash
    of the region only, so they are marked counted at the tally; the view's clash totals must still read the
    tallied 12 (as the log does) while the winner claims its rewards, not 9."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import ENGINE, do, pending, place
    from tests.oldkingscrown.test_summer import clash, finish_day
    state = blank(("clans", "nobility"))
    place(state, "clans", "plateau", "captain9")
    state["regions"]["plateau"]["supporters"]["clans"] = 3
    S.fx(state, "clans")["supporters_home"] = 2
    clash(state)
    assert ENGINE.view(state, None)["clash"]["strength"] == {"clans": 12, "nobility": 0}
    state = finish_day(state, ["clans", "nobility"])
    assert pending(state) == "location"
    assert ENGINE.view(state, None)["clash"]["strength"] == {"clans": 12, "nobility": 0}


def test_an_occupier_replaced_into_a_full_hand_is_logged_onto_the_deck():
    """Occupying Kingdom Cards and Exceeding Hand Size: the occupier of a replaced Kingdom card goes to hand,
    or to the top of the deck when the hand is full; the log says where it went."""
    from rules.oldkingscrown import state as S
    from rules.oldkingscrown.data import KINGDOM
    from tests.oldkingscrown.helpers import cid, do, run
    from tests.oldkingscrown.test_start_and_spring import _bidding
    state = _bidding({"clans": "captain9", "nobility": "ruse"}, ("clans", "nobility"))
    old = state["kdeck"].pop()
    clans = S.fx(state, "clans")
    clans["spaces"][0] = {"card": old, "occupier": cid("clans", "follower1")}
    clans["deck"].remove(cid("clans", "follower1"))
    while len(clans["hand"]) < clans["hand_size"]:
        clans["hand"].append(clans["deck"].pop())
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "clans", "herald:castle")
    k = next(k for k in state["road"] if k and not KINGDOM[k].get("in_supply"))
    state, log = do(state, "clans", f"take:{k}:0")
    assert S.fx(state, "clans")["deck"][0] == cid("clans", "follower1")
    line = next(line for line in log if "discards" in line)
    assert "returns to hand" not in line and "deck" in line


def test_a_tie_clash_shows_its_own_totals_not_the_tied_ones():
    """Resolving Tied Clashes: the new clash's view totals are its own, not the tallied tie's."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import ENGINE, do, give, pending, place
    from tests.oldkingscrown.test_summer import clash, finish_day
    state = blank(("clans", "nobility"))
    place(state, "clans", "plateau", "captain6")
    place(state, "nobility", "plateau", "captain6")
    give(state, "clans", "captain9")
    clash(state)
    state = finish_day(state, ["clans", "nobility"])
    assert pending(state) == "tie"
    assert ENGINE.view(state, None)["clash"]["strength"] == {"clans": 6, "nobility": 6}
    state, _ = do(state, "clans", f"play:{S.fx(state, 'clans')['hand'][0]}")
    state, _ = do(state, "nobility", "pass")
    view = ENGINE.view(state, None)["clash"]
    assert view["number"] == 2 and view["strength"] == {f: S.clash_total(state, f) for f in view["participants"]}


def _castle_clears_oaths(owner_setup, owner="gathering"):
    """Nobility takes the Castle reward and Governs into the Council of Oaths, clearing it first."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import cid, do, give, run
    state = blank(("nobility", owner))
    card = owner_setup(state)
    state["councils"]["oaths"].append({"kind": "card", "id": card, "owner": owner})
    give(state, "nobility", "captain6")
    run(state, {"kind": "castle", "role": "nobility"})
    state, log = do(state, "nobility", f"gov:{cid('nobility', 'captain6')}:oaths")
    return state, card, S


def test_bringer_of_the_word_removed_from_a_council_may_go_to_the_lost_pile():
    """Bringer of the Word (S1): "when removed from a council you MAY put it in the Lost Pile": its owner is
    asked (DECISIONS: Sites of Power)."""
    from tests.oldkingscrown.helpers import do, ids, pending
    from tests.oldkingscrown.test_site_cards_and_kingdom import from_site

    def bringer(state):
        c = from_site(state, "gathering", "bringer")
        state["factions"]["gathering"]["hand"].remove(c)
        return c
    for answer, zone in (("lost", "lost"), ("keep", "discard")):
        state, card, S = _castle_clears_oaths(bringer)
        assert pending(state) == "council_removed" and sorted(ids(state, "gathering")) == ["keep", "lost"]
        state, _ = do(state, "gathering", answer)
        assert card in (state["lost"] if zone == "lost" else S.fx(state, "gathering")["discard"])


def test_wandering_embassy_may_take_a_removed_card_to_a_full_hand_or_leave_it():
    """Wandering Embassy (S1): "whenever your cards are removed from a council you MAY take them into hand".
    With the hand full it would go on top of the deck (Exceeding Hand Size): the owner chooses."""
    from tests.oldkingscrown.helpers import cid, do, ids, pending
    from tests.oldkingscrown.test_site_cards_and_kingdom import from_site

    def embassy(state):
        from_site(state, "clans", "wandering_embassy", "hq")
        c = cid("clans", "captain7")
        p = state["factions"]["clans"]
        p["deck"].remove(c)
        while len(p["hand"]) < p["hand_size"]:
            p["hand"].append(p["deck"].pop())
        return c
    for answer, zone in (("hand", "deck"), ("keep", "discard")):
        state, card, S = _castle_clears_oaths(embassy, "clans")
        assert pending(state) == "council_removed" and sorted(ids(state, "clans")) == ["hand", "keep"]
        state, _ = do(state, "clans", answer)
        assert card in S.fx(state, "clans")[zone]
        assert zone != "deck" or S.fx(state, "clans")["deck"][0] == card


def test_wandering_embassy_asks_even_with_room_in_hand():
    """Wandering Embassy (S1): "you MAY take them into hand". With room in hand the owner is asked too (the
    engine used to take the card into hand itself, "never worse": but a card taken back is one card fewer
    drawn at the next Draw Cards, a choice of its own). Clans leaves the card in the discard pile, or
    takes it into hand."""
    from tests.oldkingscrown.helpers import cid, do, ids, pending
    from tests.oldkingscrown.test_site_cards_and_kingdom import from_site

    def embassy(state):
        from_site(state, "clans", "wandering_embassy", "hq")
        c = cid("clans", "captain7")
        state["factions"]["clans"]["deck"].remove(c)
        return c
    for answer, zone in (("keep", "discard"), ("hand", "hand")):
        state, card, S = _castle_clears_oaths(embassy, "clans")
        p = S.fx(state, "clans")
        assert len(p["hand"]) < p["hand_size"]
        assert pending(state) == "council_removed" and sorted(ids(state, "clans")) == ["hand", "keep"]
        from rules.oldkingscrown.engine import ENGINE
        labels = {a.id: a.label for a in ENGINE.legal_actions(state, "clans")}
        assert labels["hand"] == "Take it into your hand (Wandering Embassy)"
        state, _ = do(state, "clans", answer)
        assert card in S.fx(state, "clans")[zone]


def test_ritual_of_the_tooth_copies_the_burned_cards_text_too():
    """Ritual of the Tooth (S1): "this card gains its printed strength, traits, commands AND TEXT until the
    end of the round": burning the Cult of Dreams (the Agent) gives the Ritual its night text as well."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import cid, do
    from tests.oldkingscrown.test_site_cards_and_kingdom import from_site
    from tests.oldkingscrown.test_summer import clash
    state = blank(("gathering", "clans"))
    tooth = from_site(state, "gathering", "ritual_tooth")
    S.fx(state, "gathering")["hand"].remove(tooth)
    state["regions"]["plateau"]["cards"].append({"id": tooth, "owner": "gathering", "up": False, "clash": None})
    agent = cid("gathering", "agent")
    S.fx(state, "gathering")["deck"].remove(agent)
    state["lost"].append(agent)
    clash(state)
    state, _ = do(state, "gathering", f"tooth:{tooth}")
    state, _ = do(state, "gathering", f"burn:{agent}")
    assert "night_self_eliminate_vs_follower" in S.abilities(state, tooth)


def test_council_of_oaths_the_faction_chooses_where_its_supporters_come_back_from():
    """[Council of Oaths] "Return as many supporters to your player board as your votes here; you may take
    them from the map or from the Lost Pile": which is the faction's choice (the engine used to take the
    Lost Pile first, then the regions in board order). With 2 votes, 1 supporter in the Lost Pile and some
    in two regions, Uprising takes one from the Highlands, then one from the Lowlands."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import cid, do, ids, pending
    state = blank(("uprising", "clans"))
    state["councils"]["oaths"] += [{"kind": "card", "id": cid("uprising", slot), "owner": "uprising"}
                                   for slot in ("agent", "follower2")]
    assert S.council_votes(state, "uprising", "oaths") == 2
    p = S.fx(state, "uprising")
    p["supporters_lost"] = 1
    highlands, other = "highlands", "lowlands"
    state["regions"][highlands]["supporters"]["uprising"] = 2
    state["regions"][other]["supporters"]["uprising"] = 1
    home = p["supporters_home"]
    run(state, {"task": "action_step", "step": "autumn"})
    while "oaths" not in ids(state, "uprising"):
        state, _ = do(state, "clans", "done")
    state, _ = do(state, "uprising", "oaths")
    assert pending(state) == "oaths"
    assert set(ids(state, "uprising")) == {"lost", f"from:{highlands}", f"from:{other}"}
    state, _ = do(state, "uprising", f"from:{highlands}")
    assert state["regions"][highlands]["supporters"]["uprising"] == 1
    assert S.fx(state, "uprising")["supporters_lost"] == 1                 # not taken first
    assert pending(state) == "oaths"
    state, _ = do(state, "uprising", f"from:{other}")
    assert state["regions"][other]["supporters"]["uprising"] == 0
    assert S.fx(state, "uprising")["supporters_lost"] == 1
    assert S.fx(state, "uprising")["supporters_home"] == home + 2 and pending(state) != "oaths"


def test_council_of_oaths_takes_the_rest_from_the_one_source_left_without_asking():
    """[Council of Oaths] once a single source holds the faction's supporters there is nothing to choose:
    2 votes, 1 supporter in the Lost Pile and 1 on the Plateau — one pick (the Plateau), then the Lost
    Pile's supporter comes back by itself."""
    from rules.oldkingscrown import state as S
    from tests.oldkingscrown.helpers import cid, do, ids, pending
    state = blank(("uprising", "clans"))
    state["councils"]["oaths"] += [{"kind": "card", "id": cid("uprising", slot), "owner": "uprising"}
                                   for slot in ("agent", "follower2")]
    S.fx(state, "uprising")["supporters_lost"] = 1
    state["regions"]["plateau"]["supporters"]["uprising"] = 1
    run(state, {"task": "action_step", "step": "autumn"})
    while "oaths" not in ids(state, "uprising"):
        state, _ = do(state, "clans", "done")
    state, _ = do(state, "uprising", "oaths")
    state, log = do(state, "uprising", "from:plateau")
    assert pending(state) != "oaths"
    assert S.fx(state, "uprising")["supporters_lost"] == 0 and not state["regions"]["plateau"]["supporters"]["uprising"]
    assert "Uprising returns 1 supporter from the Lost Pile to its board (Council of Oaths)." in log

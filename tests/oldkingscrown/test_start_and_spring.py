"""Start of the Year (Draw Cards, Attrition, Determine Turn Order) and Spring (Place Bids, Resolve Bids,
Occupying Kingdom Cards, Repopulating the Great Road, Place Cards Next to Regions, Spring Action Step)."""

from rules.oldkingscrown import state as S
from rules.oldkingscrown.data import KINGDOM

from .helpers import ENGINE, blank, cid, do, give, ids, new_game, pending, run


def test_order_examples_from_the_rulebook():
    """Determine Turn Order, Order Examples B and C."""
    round2 = S.new_order(["clans", "nobility", "gathering", "uprising"],
                         {"nobility": 3, "clans": 2, "gathering": 1, "uprising": 0})
    assert round2 == ["nobility", "clans", "gathering", "uprising"]
    round3 = S.new_order(round2, {"nobility": 5, "clans": 4, "gathering": 5, "uprising": 4})
    assert round3 == ["gathering", "nobility", "uprising", "clans"]


def test_three_tied_players_reverse_their_whole_order():
    """DECISIONS (Determine Turn Order): a tie of three reverses all three."""
    assert S.new_order(["a", "b", "c"], {"a": 1, "b": 1, "c": 1}) == ["c", "b", "a"]


def test_setup_deals_the_heir_and_five_more():
    """Setup (DECISIONS): the Heir plus cards up to a hand of 6; four Kingdom cards face up on the Great Road."""
    state = new_game(("clans", "nobility", "gathering"))
    for f in ("clans", "nobility", "gathering"):
        p = S.fx(state, f)
        assert len(p["hand"]) == 6 and cid(f, "heir") in p["hand"] and len(p["deck"]) == 8
    assert len([k for k in state["road"] if k]) == 4
    assert pending(state) == "bid" and state["round"] == 1


def test_attrition_shuffles_discards_lowers_hand_size_and_refills():
    """Attrition: shuffle the discard pile into a new deck, hand size -1, draw up to the new hand size."""
    state = blank()
    p = S.fx(state, "clans")
    p["discard"], p["deck"] = p["deck"][:10], []
    got = S.draw(state, "clans")
    assert p["hand_size"] == 5 and len(p["hand"]) == 5 and got == 5 and len(p["deck"]) == 5
    assert p["discard"] == []


def test_hand_size_never_below_three():
    """Minimum and Maximum Hand Size Limits."""
    state = blank()
    S.fx(state, "clans")["hand_size"] = 3
    S.change_hand_size(state, "clans", -1)
    assert S.fx(state, "clans")["hand_size"] == 3
    S.change_hand_size(state, "clans", +9)
    assert S.fx(state, "clans")["hand_size"] == 7          # 2024: never 8 or more
    state["options"]["edition"] = "2025"
    S.change_hand_size(state, "clans", +9)
    assert S.fx(state, "clans")["hand_size"] == 8


def test_a_card_added_to_a_full_hand_goes_on_top_of_the_deck():
    """Exceeding Hand Size."""
    state = blank()
    give(state, "clans", "ruse", "trader", "follower1", "follower2", "follower3", "follower4")
    assert S.add_to_hand(state, "clans", cid("clans", "heir")) == "deck"
    assert S.fx(state, "clans")["deck"][0] == cid("clans", "heir")


def _bidding(bids, factions=("gathering", "clans")):
    state = blank(factions)
    for f, slot in bids.items():
        give(state, f, slot, "ruse")
    run(state, {"task": "bids"})
    for f, slot in bids.items():
        state, _ = do(state, f, f"bid:{cid(f, slot)}")
    return state


def test_bids_are_secret_until_all_have_bid_then_resolve_highest_first():
    """Place Bids / Resolve Bids, Bidding Example: Gathering's 6 resolves before Clans' 4."""
    state = blank(("gathering", "clans"))
    give(state, "gathering", "captain6", "ruse")
    give(state, "clans", "follower4", "ruse")
    run(state, {"task": "bids"})
    state, log = do(state, "clans", "bid:clans.follower4")
    assert "The Fox" not in " ".join(log)
    assert ENGINE.view(state, "gathering")["players"]["clans"]["bid"] == {"placed": True}
    assert "clans.follower4" not in str(ENGINE.view(state, "gathering"))
    state, log = do(state, "gathering", "bid:gathering.captain6")
    assert any("Bids revealed" in line for line in log)
    run(state, {"task": "resolve_bids"})
    assert ENGINE.active_roles(state) == ["gathering"] and pending(state) == "herald"


def test_bid_ties_go_by_the_order_track():
    state = _bidding({"gathering": "captain6", "clans": "captain6"}, ("clans", "gathering"))
    run(state, {"task": "resolve_bids"})
    assert ENGINE.active_roles(state) == ["clans"]


def test_take_a_great_road_card_and_occupy_it_with_the_bid_card():
    """Resolve your Bid I and Occupying Kingdom Cards (Swansong Horn example)."""
    state = _bidding({"gathering": "captain6", "clans": "follower4"})
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "gathering", "herald:harvest_field")
    k = state["road"][0]
    state, _ = do(state, "gathering", f"take:{k}:0")
    p = S.fx(state, "gathering")
    assert p["spaces"][0] == {"card": k, "occupier": cid("gathering", "captain6")} or KINGDOM[k].get("in_supply")
    assert p["herald"] == "harvest_field" and state["taken_from_road"]


def test_steal_needs_a_higher_bid_and_returns_the_occupier_to_hand():
    """Resolve your Bid II, the Buried Palace example: a bid of 8 steals from an occupier of 5; a tie fails."""
    state = _bidding({"uprising": "captain8", "nobility": "ruse"}, ("uprising", "nobility"))
    palace = next(k for k, c in KINGDOM.items() if c["name"] == "Buried Palace")
    if palace in state["road"]:
        state["road"][state["road"].index(palace)] = None
    else:
        state["kdeck"].remove(palace)
    occupier = cid("nobility", "agent")
    S.fx(state, "nobility")["deck"].remove(occupier)
    S.fx(state, "nobility")["spaces"][0] = {"card": palace, "occupier": occupier}
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "uprising", "herald:castle")
    assert f"steal:nobility:0:0" in ids(state, "uprising")
    state, _ = do(state, "uprising", "steal:nobility:0:0")
    assert S.fx(state, "uprising")["spaces"][0] == {"card": palace, "occupier": cid("uprising", "captain8")}
    assert occupier in S.fx(state, "nobility")["hand"] and S.fx(state, "nobility")["spaces"][0] is None


def test_a_tied_steal_is_not_offered():
    state = _bidding({"uprising": "agent", "nobility": "ruse"}, ("uprising", "nobility"))
    S.fx(state, "nobility")["spaces"][0] = {"card": state["kdeck"].pop(), "occupier": cid("nobility", "cavalry")}
    S.fx(state, "nobility")["deck"].remove(cid("nobility", "cavalry"))
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "uprising", "herald:castle")
    assert not any(a.startswith("steal:") for a in ids(state, "uprising"))


def test_replacing_a_kingdom_card_discards_it_and_returns_its_occupier():
    """Occupying Kingdom Cards: a filled space is freed first."""
    state = _bidding({"clans": "captain9", "nobility": "ruse"}, ("clans", "nobility"))
    old = state["kdeck"].pop()
    S.fx(state, "clans")["spaces"][0] = {"card": old, "occupier": cid("clans", "follower1")}
    S.fx(state, "clans")["deck"].remove(cid("clans", "follower1"))
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "clans", "herald:castle")
    k = next(k for k in state["road"] if k and not KINGDOM[k].get("in_supply"))
    state, _ = do(state, "clans", f"take:{k}:0")
    assert old in state["kdiscard"] and cid("clans", "follower1") in S.fx(state, "clans")["hand"]


def test_great_road_refill_discards_one_when_a_card_was_taken_two_otherwise():
    """Repopulating the Great Road."""
    state = blank()
    road = list(state["road"])
    state["taken_from_road"] = False
    run(state, {"task": "road_refill"})
    assert road[3] in state["kdiscard"] and road[2] in state["kdiscard"]
    assert state["road"][:2] == road[:2] and all(state["road"])     # no slide (issue 24)
    state = blank()
    road = list(state["road"])
    state["road"][1] = None
    state["taken_from_road"] = True
    run(state, {"task": "road_refill"})
    assert state["kdiscard"] == [road[3]]
    assert state["road"][2:] == [road[0], road[2]] and all(state["road"])


def test_region_cards_are_placed_secretly_and_at_once():
    """Place Cards Next to Regions: one face-down card per region, private until revealed."""
    state = blank(("clans", "nobility"))
    give(state, "clans", "captain6", "captain7", "captain8")
    give(state, "nobility", "follower1", "follower2", "follower3")
    run(state, {"task": "place_regions"})
    assert pending(state) == "regions"
    for slot in ("captain6", "captain7", "captain8"):
        placing = [a for a in ids(state, "clans") if a.endswith(slot)]
        if not placing:      # the last card to the last region: placed by the engine (issue 33)
            continue
        state, log = do(state, "clans", placing[0])
    assert "clans.captain6" not in str(ENGINE.view(state, "nobility")) and state["regions"]["highlands"]["cards"] == []
    for slot in ("follower1", "follower2", "follower3"):
        placing = [a for a in ids(state, "nobility") if a.endswith(slot)]
        if placing:
            state, _ = do(state, "nobility", placing[0])
    for r in ("highlands", "plateau", "lowlands"):
        assert sorted(e["owner"] for e in state["regions"][r]["cards"]) == ["clans", "nobility"]
        assert all(not e["up"] for e in state["regions"][r]["cards"])
    public = ENGINE.view(state, None)["regions"]["highlands"]["cards"]
    assert all("id" not in e for e in public)


def test_short_hands_declare_empty_regions_first():
    """Place Cards Next to Regions, the rare case: fewer than three cards."""
    state = blank(("clans", "nobility"))
    give(state, "clans", "captain6")
    give(state, "nobility", "follower1", "follower2", "follower3")
    run(state, {"task": "place_regions"})
    assert pending(state) == "declare" and ENGINE.active_roles(state) == ["clans"]
    state, log = do(state, "clans", "skip:highlands")
    state, log = do(state, "clans", "skip:plateau")
    assert pending(state) == "regions"
    # one card and one region left: the engine places it (issue 33), told to Clans only
    assert any("taken automatically" in l and "Lowlands" in l for l in log)
    assert "clans" not in ENGINE.active_roles(state)


def test_spring_action_step_supporters_go_to_regions_once_a_round():
    """Spring Action Step, Placing Supporters."""
    state = blank(("clans", "nobility"))
    run(state, {"task": "action_step", "step": "spring"})
    state, _ = do(state, "clans", "supporters")
    for r in ("highlands", "plateau", "lowlands"):
        state, _ = do(state, "clans", f"sup:{r}")
    state, _ = do(state, "clans", "done")
    assert S.fx(state, "clans")["supporters_home"] == 2
    assert "supporters" not in ids(state, "clans")
    state, _ = do(state, "clans", "done")
    assert ENGINE.active_roles(state) == ["nobility"]


def test_school_of_the_storms_is_a_spring_action_and_hands_over_the_clash_markers():
    """Spring Action Step Example A (School of the Storms) and Place Clash Markers."""
    state = blank(("nobility", "clans"))
    run(state, {"task": "action_step", "step": "spring"}, {"task": "clash_markers"})
    state, _ = do(state, "nobility", "done")
    state, _ = do(state, "clans", "tactic:clans.school_of_the_storms")
    assert S.fx(state, "clans")["tactics"]["clans.school_of_the_storms"] == 0
    state, _ = do(state, "clans", "done")
    assert pending(state) == "clash_order" and ENGINE.active_roles(state) == ["clans"]


def test_the_last_player_places_the_clash_markers():
    state = blank(("clans", "nobility", "gathering"))
    run(state, {"task": "clash_markers"})
    assert ENGINE.active_roles(state) == ["gathering"]
    state, _ = do(state, "gathering", "order:plateau-highlands-lowlands")
    assert state["clash_order"] == ["plateau", "highlands", "lowlands"]

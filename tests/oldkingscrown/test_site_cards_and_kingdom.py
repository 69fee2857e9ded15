"""Site-of-Power cards (S1 texts, DECISIONS: Sites of Power) and Kingdom cards (data/kingdom.json): each
card's ability as the engine plays it."""

from rules.oldkingscrown import state as S
from rules.oldkingscrown.data import KINGDOM

from .helpers import ENGINE, blank, cid, do, give, ids, pending, place, run
from .test_summer import clash, finish_day


def from_site(state, f, slot, where="hand"):
    c = cid(f, slot)
    p = S.fx(state, f)
    p["site"].remove(c)
    if where == "hq":
        p["hq"].append(c)
    else:
        p["hand"].append(c)
    return c


def design(name):
    return next(k for k, c in KINGDOM.items() if c["name"] == name)


def take_kingdom(state, k):
    for zone in ("kdeck", "kdiscard"):
        if k in state[zone]:
            state[zone].remove(k)
            return
    state["road"][state["road"].index(k)] = None


def test_champions_steal_as_if_the_occupier_had_strength_zero():
    """The Storyteller (11) steals Stone Bastion from an Heir that defends it with 10 + 3 = 13."""
    state = blank(("clans", "nobility"))
    story = from_site(state, "clans", "storyteller")
    k = design("Stone Bastion")
    take_kingdom(state, k)
    S.fx(state, "nobility")["deck"].remove(cid("nobility", "heir"))
    S.fx(state, "nobility")["spaces"][0] = {"card": k, "occupier": cid("nobility", "heir")}
    from rules.oldkingscrown.flow import defence
    assert defence(state, "nobility", 0) == 13
    state["bids"] = {"clans": story}
    S.fx(state, "clans")["hand"].remove(story)
    run(state, {"task": "resolve_bids"})
    state, _ = do(state, "clans", "herald:castle")
    state, _ = do(state, "clans", "steal:nobility:0:1")
    assert S.fx(state, "clans")["spaces"][1] == {"card": k, "occupier": story}


def test_stone_bastion_and_siege_ladders_change_steals_and_bids():
    state = blank(("clans", "nobility"))
    bastion, ladders = design("Stone Bastion"), design("Siege Ladders")
    take_kingdom(state, bastion)
    take_kingdom(state, ladders)
    for f, k, slot in (("nobility", bastion, "cavalry"), ("clans", ladders, "follower1")):
        S.fx(state, f)["deck"].remove(cid(f, slot))
        S.fx(state, f)["spaces"][0] = {"card": k, "occupier": cid(f, slot)}
    from rules.oldkingscrown.flow import bid_strength, defence
    assert defence(state, "nobility", 0) == 8
    assert bid_strength(state, "clans", cid("clans", "captain7")) == 9


def test_black_powder_ploy_eliminates_heirs_and_captains_and_pays():
    state = blank(("uprising", "nobility"))
    ploy = from_site(state, "uprising", "black_powder")
    S.fx(state, "uprising")["hand"].remove(ploy)
    state["regions"]["plateau"]["cards"].append({"id": ploy, "owner": "uprising", "up": False, "clash": None})
    place(state, "nobility", "plateau", "captain8")
    clash(state)
    state = finish_day(state, ["uprising", "nobility"])
    assert cid("nobility", "captain8") in state["lost"] and pending(state) == "ploy"
    state, _ = do(state, "uprising", "gain:lore")
    assert S.fx(state, "uprising")["lore"] == 1


def test_ritual_of_the_eye_lowest_total_above_zero_wins():
    state = blank(("gathering", "nobility"))
    eye = from_site(state, "gathering", "ritual_eye")
    S.fx(state, "gathering")["hand"].remove(eye)
    state["regions"]["plateau"]["cards"].append({"id": eye, "owner": "gathering", "up": False, "clash": None})
    place(state, "nobility", "plateau", "heir")
    clash(state)
    state = finish_day(state, ["gathering", "nobility"])
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["gathering"]


def test_guerrilla_fighters_blank_opponents_printed_information():
    """While Guerrilla Fighters are Active in the clash, an opponent's Agent loses Deadly and a Follower its
    Invulnerable; Heirs keep theirs."""
    state = blank(("uprising", "clans"))
    g = from_site(state, "uprising", "guerrilla")
    S.fx(state, "uprising")["hand"].remove(g)
    state["regions"]["plateau"]["cards"].append({"id": g, "owner": "uprising", "up": False, "clash": None})
    agent = place(state, "clans", "plateau", "agent")
    clash(state)
    assert "deadly" not in S.commands(state, agent)
    state = finish_day(state, ["uprising", "clans"])
    assert [e["id"] for e in state["regions"]["plateau"]["cards"]] == [g, agent]   # nobody eliminated


def test_raid_and_raze_takes_supporters_along():
    state = blank(("clans", "nobility"))
    raid = from_site(state, "clans", "raid_and_raze")
    S.fx(state, "clans")["hand"].remove(raid)
    state["regions"]["highlands"]["cards"].append({"id": raid, "owner": "clans", "up": False, "clash": None})
    state["regions"]["highlands"]["supporters"]["clans"] = 2
    S.fx(state, "clans")["supporters_home"] = 3
    clash(state, "highlands", ["highlands", "plateau", "lowlands"])
    state, _ = do(state, "clans", f"flank:{raid}:plateau")
    assert pending(state) == "raze"
    state, _ = do(state, "clans", "move:2")
    assert state["regions"]["plateau"]["supporters"]["clans"] == 2 and state["regions"]["highlands"]["supporters"]["clans"] == 0


def test_royal_bank_gives_votes_and_an_autumn_choice():
    state = blank(("clans", "nobility"))
    from_site(state, "nobility", "royal_bank", "hq")
    assert S.votes_of_card(state, cid("nobility", "follower1")) == 1
    captain = cid("nobility", "captain6")
    S.fx(state, "nobility")["deck"].remove(captain)
    S.fx(state, "nobility")["discard"].append(captain)
    run(state, {"task": "action_step", "step": "autumn"})
    state, _ = do(state, "clans", "done")
    assert f"bank:both:{captain}" in ids(state, "nobility")             # not first on the Order Track
    state, _ = do(state, "nobility", f"bank:both:{captain}")
    assert captain in S.fx(state, "nobility")["hand"] and S.fx(state, "nobility")["influence"] == 1


def test_the_syndicate_marks_the_council_of_the_suit():
    state = blank(("uprising", "clans"))
    from_site(state, "uprising", "syndicate", "hq")
    k = design("War Banners")
    take_kingdom(state, k)
    from rules.core import Context
    from rules.oldkingscrown.flow import occupy
    free = S.markers_free(state, "uprising")
    card = cid("uprising", "captain6")
    S.fx(state, "uprising")["deck"].remove(card)
    occupy(ENGINE.game(state, Context()), "uprising", k, card, 0)
    assert S.council_votes(state, "uprising", "oaths") == 1 and S.markers_free(state, "uprising") == free - 1


def test_the_queen_governs_from_the_lost_pile_and_discard():
    state = blank(("nobility", "clans"))
    agent, cav = cid("nobility", "agent"), cid("nobility", "cavalry")
    S.fx(state, "nobility")["deck"].remove(agent)
    S.fx(state, "nobility")["deck"].remove(cav)
    state["lost"].append(agent)
    S.fx(state, "nobility")["discard"].append(cav)
    S.fx(state, "nobility")["lore"] = 4
    run(state, {"task": "op", "faction": "nobility", "step": {"op": "gain_lore", "n": 0}, "source": "test"})
    run(state, {"kind": "buy", "roles": ["nobility"]})
    state, _ = do(state, "nobility", "buy:nobility.queen")
    assert pending(state) == "queen"
    state, _ = do(state, "nobility", f"gov:{agent}:relics")
    assert not any(a.endswith(":relics") for a in ids(state, "nobility"))    # each into a different council
    state, _ = do(state, "nobility", f"gov:{cav}:oaths")
    state, _ = do(state, "nobility", "done")
    assert S.council_votes(state, "nobility", "relics") == 2 and S.council_votes(state, "nobility", "oaths") == 1


def test_the_high_court_moves_between_councils():
    state = blank(("nobility", "clans"))
    court = from_site(state, "nobility", "high_court")
    S.fx(state, "nobility")["hand"].remove(court)
    state["councils"]["relics"].append({"kind": "card", "id": court, "owner": "nobility"})
    run(state, {"task": "action_step", "step": "autumn"})
    state, _ = do(state, "nobility", f"court:{court}:secrets")
    assert S.council_votes(state, "nobility", "secrets") == 2 and state["councils"]["relics"] == []


def test_moonshine_cove_adds_a_space_for_a_captain():
    state = blank(("uprising", "clans"))
    from_site(state, "uprising", "moonshine_cove", "hq")
    S.fx(state, "uprising")["spaces"].append(None)
    give(state, "uprising", "captain6")
    run(state, {"task": "action_step", "step": "autumn"})
    k = state["road"][0]
    state, _ = do(state, "uprising", f"cove:{k}:uprising.captain6")
    p = S.fx(state, "uprising")
    assert (p["spaces"][2] or {}).get("card") == k or k in p["kingdom_supply"]
    assert all(state["road"])


def test_door_in_the_night_gives_ambush():
    state = blank(("gathering", "clans"))
    from_site(state, "gathering", "door_in_night", "hq")
    S.fx(state, "gathering")["door_markers"] = 3
    c = place(state, "gathering", "plateau", "captain6")
    give(state, "gathering", "captain9")
    clash(state)
    state, _ = do(state, "gathering", "door")
    state, _ = do(state, "gathering", f"pick:{c}")
    assert f"ambush:{c}" in ids(state, "gathering") and S.fx(state, "gathering")["door_markers"] == 2
    old = cid("gathering", "heir")
    S.fx(state, "gathering")["deck"].remove(old)
    S.fx(state, "gathering")["discard"].append(old)
    state, log = do(state, "gathering", f"ambushd:{c}")          # the second marker: from the discard pile
    # the discard holds one card: adding it is the only choice, made by the engine (issue 33)
    assert any("taken automatically" in l for l in log)
    state, _ = do(state, "gathering", f"add:{old}")
    assert S.fx(state, "gathering")["door_markers"] == 1 and state["clash"]["added"] == [old]


def test_ritual_of_the_tooth_burns_and_copies():
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
    assert S.strength(state, tooth) == 10 and "deadly" in S.commands(state, tooth) and agent in state["burned"]


def test_wandering_embassy_sends_flankers_to_a_council():
    state = blank(("clans", "nobility"))
    from_site(state, "clans", "wandering_embassy", "hq")
    trader = place(state, "clans", "plateau", "trader")
    clash(state)
    assert "flank" in S.commands(state, trader)                       # Traders gain Flank
    state, _ = do(state, "clans", "embassy")
    state, _ = do(state, "clans", "to:relics")
    assert S.council_votes(state, "clans", "relics") == 2


def test_gilded_wall_and_bringer_of_the_word():
    state = blank(("nobility", "gathering"))
    wall = from_site(state, "nobility", "gilded_wall")
    bringer = from_site(state, "gathering", "bringer")
    S.fx(state, "gathering")["hand"].remove(bringer)
    state["councils"]["oaths"].append({"kind": "card", "id": bringer, "owner": "gathering"})
    state["regions"]["plateau"]["supporters"]["nobility"] = 2
    S.fx(state, "nobility")["supporters_home"] = 3
    run(state, {"task": "action_step", "step": "autumn"})
    state, _ = do(state, "nobility", f"deploy:{wall}:plateau")
    state, _ = do(state, "nobility", f"wall:{wall}")
    assert state["regions"]["plateau"]["cards"][0]["tokens"] == 2
    state, _ = do(state, "nobility", "done")
    state, _ = do(state, "gathering", f"bringer:{bringer}:secrets")
    assert S.council_votes(state, "gathering", "secrets") == 1


def test_kingdom_actions_once_a_round_and_pilgrim_tolls():
    state = blank(("clans", "nobility"))
    tolls = design("Pilgrim Tolls")
    take_kingdom(state, tolls)
    S.fx(state, "clans")["deck"].remove(cid("clans", "ruse"))
    S.fx(state, "clans")["spaces"][0] = {"card": tolls, "occupier": cid("clans", "ruse")}
    S.fx(state, "nobility")["influence"] = 3
    run(state, {"task": "action_step", "step": "autumn"})
    state, _ = do(state, "clans", f"kingdom:{tolls}")
    state, _ = do(state, "clans", "pick:nobility")
    assert S.fx(state, "clans")["influence"] == 1 and f"kingdom:{tolls}" not in ids(state, "clans")


def test_glittering_caves_stay_in_the_supply_and_pay_lore_in_winter():
    state = blank(("clans", "nobility"))
    caves = design("Glittering Caves")
    take_kingdom(state, caves)
    from rules.core import Context
    from rules.oldkingscrown.flow import occupy
    bid = cid("clans", "captain6")
    S.fx(state, "clans")["deck"].remove(bid)
    occupy(ENGINE.game(state, Context()), "clans", caves, bid, 0)
    p = S.fx(state, "clans")
    assert p["kingdom_supply"] == [caves] and bid in p["hand"] and p["spaces"] == [None, None]
    run(state, {"task": "winter"})
    assert S.fx(state, "clans")["lore"] == 1 or pending(state) == "buy"

"""Autumn (Govern, Journey, Rally, Deploy, the councils, Sites of Power), Winter (Winter Effects, Clean Up,
Advance the Round Track), the Kingdom's Favour and Winning the Game."""

from rules.oldkingscrown import state as S

from .helpers import ENGINE, blank, cid, do, give, ids, pending, place, run


def autumn(state):
    return run(state, {"task": "action_step", "step": "autumn"})


def test_the_autumn_action_step_example():
    """Uprising Journeys with The Irregulars (Lost Pile, +1 lore), Rallies its Active card to hand, Governs with
    it into the Council of Oaths, then uses the Council of Oaths to bring a supporter back from the Lost Pile."""
    state = blank(("uprising", "clans"))
    give(state, "uprising", "follower2")
    heir = place(state, "uprising", "highlands", "heir", up=True, clash=1)
    p = S.fx(state, "uprising")
    p["supporters_home"], p["supporters_lost"] = 4, 1
    autumn(state)
    state, _ = do(state, "uprising", "journey:uprising.follower2")
    p = S.fx(state, "uprising")
    assert cid("uprising", "follower2") in state["lost"] and p["lore"] == 1
    state, _ = do(state, "uprising", f"rally:{heir}")
    assert heir in S.fx(state, "uprising")["hand"]
    state, _ = do(state, "uprising", f"govern:{heir}:oaths")
    assert not any(a.startswith("govern:") for a in ids(state, "uprising"))          # once per autumn
    state, _ = do(state, "uprising", "oaths")
    p = S.fx(state, "uprising")
    assert p["supporters_home"] == 5 and p["supporters_lost"] == 0
    state, log = do(state, "uprising", "done")
    # Clans holds no card and has nothing else to do: the engine finishes its step (issue 33), and says so
    assert any(l.startswith("Clans:") and "taken automatically" in l for l in log)


def test_the_govern_example_two_factions_share_a_council():
    """Govern: Nixing Knife and The Stag both into the Council of Oaths."""
    state = blank(("clans", "gathering"))
    give(state, "clans", "agent")
    give(state, "gathering", "captain9")
    autumn(state)
    state, _ = do(state, "clans", "govern:clans.agent:oaths")
    state, _ = do(state, "clans", "done")
    state, _ = do(state, "gathering", "govern:gathering.captain9:oaths")
    assert S.council_votes(state, "clans", "oaths") == 2 and S.council_votes(state, "gathering", "oaths") == 1


def test_pathfinder_journey_keeps_the_card_and_buying_from_the_site():
    """Pathfinder (The Storyteller: discard pile, +2 lore) and Acquiring Cards From Your Site of Power."""
    state = blank(("clans", "nobility"))
    story = cid("clans", "storyteller")
    S.fx(state, "clans")["site"].remove(story)
    S.fx(state, "clans")["hand"].append(story)
    autumn(state)
    state, _ = do(state, "clans", f"journey:{story}")
    assert story in S.fx(state, "clans")["discard"] and S.fx(state, "clans")["lore"] == 2
    assert pending(state) == "buy"
    state, _ = do(state, "clans", "buy:clans.new_havens")
    assert S.fx(state, "clans")["hq"] == ["clans.new_havens"] and S.fx(state, "clans")["lore"] == 0
    assert "resilient" in S.traits(state, cid("clans", "follower1"))


def test_the_site_of_power_example():
    """Uprising has 1 lore, gains 1 and buys Arch Agitant (2) into hand."""
    state = blank(("uprising", "clans"))
    give(state, "uprising", "follower2")
    S.fx(state, "uprising")["lore"] = 1
    autumn(state)
    state, _ = do(state, "uprising", "journey:uprising.follower2")
    state, _ = do(state, "uprising", "buy:uprising.arch_agitant")
    p = S.fx(state, "uprising")
    assert p["lore"] == 0 and cid("uprising", "arch_agitant") in p["hand"]


def test_an_advanced_card_bought_into_a_full_hand_goes_on_the_deck():
    state = blank(("uprising", "clans"))
    give(state, "uprising", "ruse", "trader", "follower1", "follower3", "follower4", "follower2")
    p = S.fx(state, "uprising")
    p["lore"] = 5
    from rules.oldkingscrown.effects import acquire
    from rules.core import Context
    acquire(ENGINE.game(state, Context()), "uprising", cid("uprising", "arch_agitant"))
    assert p["deck"][0] == cid("uprising", "arch_agitant")


def test_empty_site_of_power_keeps_lore_and_converts_it_at_the_end():
    """No Cards Left on Your Site of Power: lore on the Site, 1 influence per 2 at the end."""
    state = blank(("clans", "nobility"))
    S.fx(state, "clans")["site"] = []
    S.gain_lore(state, "clans", 5)
    assert S.fx(state, "clans")["site_lore"] == 5 and S.fx(state, "clans")["lore"] == 0
    run(state, {"task": "game_end"})
    assert S.fx(state, "clans")["influence"] == 2 and ENGINE.result(state).winners == ("clans",)


def test_the_deploy_example_woe_stays_one_winter():
    """Deploy: Woe beside the Highlands with 1 influence; the Winter Effect removes it and Woe stays Active
    (DECISIONS §7.4); the next winter it goes to the discard pile."""
    state = blank(("nobility", "clans"))
    give(state, "nobility", "war_machine")
    autumn(state)
    state, _ = do(state, "nobility", "deploy:nobility.war_machine:highlands")
    entry = state["regions"]["highlands"]["cards"][0]
    assert entry["up"] and entry["tokens"] == 1
    state["flow"] = []
    state["rounds"] = 6
    run(state, {"task": "winter"})
    assert [e["id"] for e in state["regions"]["highlands"]["cards"]] == [cid("nobility", "war_machine")]
    assert state["regions"]["highlands"]["cards"][0]["tokens"] == 0
    state["flow"] = []
    run(state, {"task": "winter"})
    assert state["regions"]["highlands"]["cards"] == []
    assert cid("nobility", "war_machine") in S.fx(state, "nobility")["discard"]


def test_clean_up_heralds_home_supporters_lost_active_cards_discarded():
    """Clean Up A–C and Advance the Round Track."""
    state = blank(("nobility", "clans"))
    S.fx(state, "clans")["herald"] = "castle"
    state["regions"]["plateau"]["supporters"]["clans"] = 2
    S.fx(state, "clans")["supporters_home"] = 3
    place(state, "clans", "plateau", "captain6", up=True, clash=1)
    run(state, {"task": "winter"})
    p = S.fx(state, "clans")
    assert p["herald"] is None and p["supporters_lost"] == 2 and cid("clans", "captain6") in p["discard"]
    assert state["round"] == 2


def test_the_favour_gives_three_uses_then_returns_to_the_harvest_field():
    """Kingdom's Favour: III → II → I, then back to the Harvest Field."""
    state = blank(("nobility", "clans"))
    state["favour"] = "nobility"
    S.fx(state, "nobility")["favour"] = 3
    for used in range(3):
        state["used"] = []
        autumn(state)
        state, _ = do(state, "nobility", "favour")
        state["flow"] = []
    assert state["favour"] is None and S.fx(state, "nobility")["favour"] == 0
    assert S.fx(state, "nobility")["influence"] == 3


def test_winning_ties_go_to_the_favour_then_the_order_track():
    """Winning the Game: most influence; ties: the Kingdom's Favour holder, else the higher on the track."""
    assert S.ranking(["a", "b", "c"], {"a": 5, "b": 5, "c": 7}, None) == ["c", "a", "b"]
    assert S.ranking(["a", "b", "c"], {"a": 5, "b": 5, "c": 7}, "b") == ["c", "b", "a"]


def test_a_whole_game_ends_with_a_ranked_result():
    state = blank(("nobility", "clans"))
    S.fx(state, "nobility")["influence"] = 4
    run(state, {"task": "game_end"})
    result = ENGINE.result(state)
    assert result.winners == ("nobility",) and result.ranks == (("nobility",), ("clans",))
    assert result.scores == {"nobility": 4.0, "clans": 0.0}
    assert ENGINE.active_roles(state) == []

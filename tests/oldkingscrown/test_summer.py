"""Summer: Reveal Cards, Day Action Step (Ambush, Retreat, Flank, tactics), Night Effects (Deadly, Invulnerable,
Resilient), Tally Strength & Declare an Outcome, Resolving Tied Clashes, Claim Rewards (herald and location
rewards), with the rulebook's worked examples."""

from rules.oldkingscrown import state as S

from .helpers import ENGINE, blank, cid, do, give, ids, pending, place, run


def clash(state, region="plateau", order=None, number=1):
    state["clash_order"] = order or [region] + [r for r in ("highlands", "plateau", "lowlands") if r != region]
    return run(state, {"task": "clash_start", "region": region, "number": number, "participants": list(state["order"])})


def finish_day(state, roles):
    """Each faction finishes the Day Action Step; one with nothing else to do was finished by the engine
    (issue 33), so it is no longer asked."""
    for f in roles:
        if f in ENGINE.active_roles(state):
            state, _ = do(state, f, "done")
    return state


def test_tally_adds_cards_supporters_and_abilities():
    """Tally Strength: cards +9, supporters +3, abilities +5 = 17 (the rulebook's example)."""
    state = blank(("clans", "nobility"))
    place(state, "clans", "plateau", "captain9")
    state["regions"]["plateau"]["supporters"]["clans"] = 3
    S.fx(state, "clans")["supporters_home"] = 2
    clash(state)
    state["clash"]["bonus"]["clans"] = 5
    assert S.clash_total(state, "clans") == 17


def test_reveal_then_highest_total_wins_and_claims_a_location():
    """Reveal Cards; Declare an Outcome; Claim Rewards (Choose a Location)."""
    state = blank(("clans", "nobility"))
    place(state, "clans", "plateau", "captain9")
    place(state, "nobility", "plateau", "captain6")
    log = clash(state)
    assert any("reveals The Magistrate" not in l and "Gall" in l for l in log)
    assert pending(state) == "actions"
    state = finish_day(state, ["clans", "nobility"])
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["clans"]


def test_no_cards_still_takes_part_supporters_can_win():
    """No Cards Left in a Clash / Tally: a player without cards still counts its supporters."""
    state = blank(("clans", "nobility"))
    state["regions"]["plateau"]["supporters"]["clans"] = 1
    S.fx(state, "clans")["supporters_home"] = 4
    clash(state)
    state = finish_day(state, ["clans", "nobility"])
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["clans"]


def test_the_claiming_rewards_example():
    """Claiming Rewards Example: Gathering wins the Plateau, takes the Harvest Field: +1 (herald), steals 1 from
    Nobility's herald there, +1 (location), and the Kingdom's Favour."""
    state = blank(("nobility", "gathering"))
    place(state, "gathering", "plateau", "captain6")
    S.fx(state, "gathering")["herald"] = "harvest_field"
    S.fx(state, "nobility")["herald"] = "harvest_field"
    S.fx(state, "nobility")["influence"] = 2
    clash(state)
    state = finish_day(state, ["nobility", "gathering"])
    state, log = do(state, "gathering", "loc:harvest_field")
    g = S.fx(state, "gathering")
    assert g["influence"] == 3 and S.fx(state, "nobility")["influence"] == 1
    assert state["favour"] == "gathering" and g["favour"] == 3


def test_herald_reward_steals_only_what_the_opponent_has():
    """Stealing: never from the Reserve."""
    state = blank(("nobility", "gathering"))
    place(state, "gathering", "plateau", "captain6")
    S.fx(state, "gathering")["herald"] = "battlefield"
    S.fx(state, "nobility")["herald"] = "battlefield"
    clash(state)
    state = finish_day(state, ["nobility", "gathering"])
    state, _ = do(state, "gathering", "loc:battlefield")
    assert S.fx(state, "gathering")["influence"] == 3 and S.fx(state, "nobility")["influence"] == 0


def test_the_tied_clash_example():
    """Resolving Tied Clashes: Nobility 5 + 1 supporter = 6 ties Gathering's 6; Nobility (earlier) decides
    first and plays a card, Gathering plays too; the new clash counts only the new cards."""
    state = blank(("nobility", "gathering"))
    place(state, "nobility", "plateau", "cavalry")
    state["regions"]["plateau"]["supporters"]["nobility"] = 1
    S.fx(state, "nobility")["supporters_home"] = 4
    place(state, "gathering", "plateau", "captain6")
    give(state, "nobility", "follower3")
    give(state, "gathering", "follower2")
    clash(state)
    state = finish_day(state, ["nobility", "gathering"])
    assert pending(state) == "tie" and ENGINE.active_roles(state) == ["nobility"]
    state, log = do(state, "nobility", "play:nobility.follower3")
    assert "The Tithe" not in " ".join(log[:1]) and "nobility.follower3" not in str(ENGINE.view(state, "gathering"))
    assert ENGINE.active_roles(state) == ["gathering"]
    state, log = do(state, "gathering", "play:gathering.follower2")
    assert state["clash"]["number"] == 2
    assert S.clash_total(state, "nobility") == 3 and S.clash_total(state, "gathering") == 2
    state = finish_day(state, ["nobility", "gathering"])
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["nobility"]


def test_all_tied_players_pass_a_draw_without_rewards():
    state = blank(("nobility", "gathering"))
    place(state, "nobility", "plateau", "captain6")
    place(state, "gathering", "plateau", "captain6")
    clash(state)
    log = []
    for f, move in (("nobility", "done"), ("gathering", "done"), ("nobility", "pass"), ("gathering", "pass")):
        if f in ENGINE.active_roles(state):      # else the engine made the only move itself (issue 33)
            state, more = do(state, f, move)
            log += more
    assert any("draw" in l for l in log) and "plateau" in state["resolved"]
    assert S.fx(state, "nobility")["influence"] == S.fx(state, "gathering")["influence"] == 0


def test_tie_only_for_the_highest_total():
    """DECISIONS §7.7: a tie below the winner changes nothing."""
    state = blank(("clans", "nobility", "gathering"))
    place(state, "clans", "plateau", "captain9")
    place(state, "nobility", "plateau", "captain6")
    place(state, "gathering", "plateau", "captain6")
    clash(state)
    state = finish_day(state, ["clans", "nobility", "gathering"])
    assert pending(state) == "location"


def test_the_ambush_example():
    """Ambush: Uprising's Ruse! (0) sees Nobility's 6 and Ambushes a strength-8 card; it is revealed after the
    Day Action Step and Uprising wins."""
    state = blank(("uprising", "nobility"))
    place(state, "uprising", "plateau", "ruse")
    place(state, "nobility", "plateau", "captain6")
    give(state, "uprising", "captain8")
    clash(state)
    state, _ = do(state, "uprising", "ambush:uprising.ruse")
    state, log = do(state, "uprising", "add:uprising.captain8")
    assert "Baron Cuttlefish" not in " ".join(l for l in log if "You add" not in l)
    assert ENGINE.view(state, "nobility")["clash"]["face_down_added"] == 1
    assert "retreat:uprising.ruse" not in ids(state, "uprising")      # Ruse!: Ambush or Retreat
    state = finish_day(state, ["uprising", "nobility"])
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["uprising"]


def test_the_retreat_example():
    """Retreat: Gathering's Ruse! returns to hand and its herald leaves the Shrine."""
    state = blank(("gathering", "clans"))
    place(state, "gathering", "lowlands", "ruse")
    place(state, "clans", "lowlands", "agent")
    S.fx(state, "gathering")["herald"] = "shrine"
    clash(state, "lowlands")
    state, _ = do(state, "gathering", "retreat:gathering.ruse")
    state, _ = do(state, "gathering", "card:gathering.ruse")
    state, _ = do(state, "gathering", "herald")
    state, _ = do(state, "gathering", "done")
    assert cid("gathering", "ruse") in S.fx(state, "gathering")["hand"] and S.fx(state, "gathering")["herald"] is None


def test_the_flank_example():
    """Flank: Knights of the Pasture move from the first clash (Highlands) to the Plateau, Active there and
    no longer in this clash; they count in the Plateau's clash."""
    state = blank(("nobility", "clans"))
    knights = place(state, "nobility", "highlands", "cavalry")
    clash(state, "highlands", ["highlands", "plateau", "lowlands"])
    assert "flank:nobility.cavalry:plateau" in ids(state, "nobility")
    state, _ = do(state, "nobility", "flank:nobility.cavalry:plateau")
    assert [e["id"] for e in state["regions"]["plateau"]["cards"]] == [knights]
    assert S.clash_total(state, "nobility") == 0
    state = finish_day(state, ["nobility", "clans"])
    state, _ = do(state, "nobility", "pass")
    state, _ = do(state, "clans", "pass")
    state["resolved"] = ["highlands"]
    clash(state, "plateau", ["highlands", "plateau", "lowlands"])
    assert S.clash_total(state, "nobility") == 5


def test_flank_needs_an_unresolved_region():
    state = blank(("nobility", "clans"))
    place(state, "nobility", "lowlands", "cavalry")
    state["resolved"] = ["highlands", "plateau"]
    clash(state, "lowlands", ["highlands", "plateau", "lowlands"])
    assert not any(a.startswith("flank:") for a in ids(state, "nobility"))


def test_the_day_action_example_with_tactics():
    """Day Action Step Example: Uprising's Safehouses give its Heir Retreat; Clans' Sea Lanes give its Captain
    Flank, which moves to the next region; Nobility's Ambushed Agent is revealed after the step."""
    state = blank(("gathering", "nobility", "uprising", "clans"))
    place(state, "gathering", "plateau", "heir")
    place(state, "nobility", "plateau", "ruse")
    place(state, "uprising", "plateau", "heir")
    place(state, "clans", "plateau", "captain7")
    give(state, "nobility", "agent")
    clash(state, "plateau", ["plateau", "highlands", "lowlands"])
    state, _ = do(state, "gathering", "done")
    state, _ = do(state, "nobility", "ambush:nobility.ruse")
    state, _ = do(state, "nobility", "add:nobility.agent")
    state, _ = do(state, "nobility", "done")
    state, _ = do(state, "uprising", "tactic:uprising.safehouses")
    state, _ = do(state, "uprising", "pick:uprising.heir")
    assert "retreat:uprising.heir" in ids(state, "uprising")
    state, _ = do(state, "uprising", "done")
    state, _ = do(state, "clans", "tactic:clans.sea_lanes")
    state, _ = do(state, "clans", "pick:clans.captain7")
    state, _ = do(state, "clans", "flank:clans.captain7:highlands")
    state, log = do(state, "clans", "done")
    assert any("Revealed in the clash" in l and "Vial Sect" in l for l in log)
    # the Agent's Deadly (Night) eliminates Gathering's and Uprising's Heirs: Resilient, to the discard piles
    assert pending(state) == "location" and ENGINE.active_roles(state) == ["nobility"]
    assert cid("gathering", "heir") in S.fx(state, "gathering")["discard"]


def test_the_deadly_example_and_mutual_deadly():
    """Deadly: Nobility's Heir (10) against Gathering's and Uprising's Agents: every card is eliminated."""
    state = blank(("nobility", "gathering", "uprising"))
    place(state, "nobility", "lowlands", "heir")
    place(state, "gathering", "lowlands", "agent")
    place(state, "uprising", "lowlands", "agent")
    clash(state, "lowlands")
    state = finish_day(state, ["nobility", "gathering", "uprising"])
    assert state["regions"]["lowlands"]["cards"] == []
    assert cid("gathering", "agent") in state["lost"] and cid("uprising", "agent") in state["lost"]
    assert cid("nobility", "heir") in S.fx(state, "nobility")["discard"]      # Titus is Resilient


def test_the_invulnerable_example():
    """Invulnerable: The Stag is eliminated by Night Carnival's Deadly; Riders of the North Sky stay."""
    state = blank(("gathering", "uprising", "clans"))
    place(state, "gathering", "highlands", "captain9")
    place(state, "uprising", "highlands", "agent")
    riders = cid("clans", "riders")
    S.fx(state, "clans")["site"].remove(riders)
    state["regions"]["highlands"]["cards"].append({"id": riders, "owner": "clans", "up": False, "clash": None})
    clash(state, "highlands")
    state = finish_day(state, ["gathering", "uprising", "clans"])
    owners = sorted(e["owner"] for e in state["regions"]["highlands"]["cards"])
    assert owners == ["clans", "uprising"] and cid("gathering", "captain9") in state["lost"]


def test_an_agent_facing_a_follower_eliminates_itself():
    """The Agent's printed Night effect (S1): an opponent's Follower in the clash eliminates it."""
    state = blank(("clans", "nobility"))
    place(state, "clans", "plateau", "agent")
    place(state, "nobility", "plateau", "follower1")
    clash(state)
    state = finish_day(state, ["clans", "nobility"])
    assert cid("clans", "agent") in state["lost"]
    assert [e["id"] for e in state["regions"]["plateau"]["cards"]] == [cid("nobility", "follower1")]


def test_council_of_relics_adds_influence_then_discards_a_card():
    """Council of Relics (2024): +1 influence per vote at the herald reward, then one of your cards there
    goes to your discard pile."""
    state = blank(("nobility", "gathering"))
    state["councils"]["relics"].append({"kind": "card", "id": cid("gathering", "agent"), "owner": "gathering"})
    S.fx(state, "gathering")["deck"].remove(cid("gathering", "agent"))
    place(state, "gathering", "plateau", "captain6")
    S.fx(state, "gathering")["herald"] = "battlefield"
    clash(state)
    state = finish_day(state, ["nobility", "gathering"])
    state, _ = do(state, "gathering", "loc:battlefield")
    assert S.fx(state, "gathering")["influence"] == 1 + 2 + 2
    assert state["councils"]["relics"] == [] and cid("gathering", "agent") in S.fx(state, "gathering")["discard"]


def test_castle_governs_after_clearing_the_council():
    """Councils: the Castle reward removes every card in the chosen council first (to owners' discards)."""
    state = blank(("nobility", "gathering"))
    state["councils"]["oaths"].append({"kind": "card", "id": cid("nobility", "agent"), "owner": "nobility"})
    S.fx(state, "nobility")["deck"].remove(cid("nobility", "agent"))
    place(state, "gathering", "highlands", "captain6")
    clash(state, "highlands")
    state = finish_day(state, ["nobility", "gathering"])
    state, _ = do(state, "gathering", "loc:castle")
    state, _ = do(state, "gathering", "gov:gathering.captain6:oaths")
    assert state["councils"]["oaths"] == [{"kind": "card", "id": cid("gathering", "captain6"), "owner": "gathering"}]
    assert cid("nobility", "agent") in S.fx(state, "nobility")["discard"]


def test_battlefield_and_necropolis_rewards():
    """Location Rewards (2025 reference texts, DECISIONS): Battlefield +2; Necropolis reshuffles and draws."""
    state = blank(("nobility", "gathering"))
    place(state, "gathering", "lowlands", "captain6")
    p = S.fx(state, "gathering")
    p["discard"] = [p["deck"].pop(), p["deck"].pop()]
    clash(state, "lowlands")
    state = finish_day(state, ["nobility", "gathering"])
    state, _ = do(state, "gathering", "loc:necropolis")
    assert S.fx(state, "gathering")["discard"] == []
    state, _ = do(state, "gathering", "draw:3")
    assert len(S.fx(state, "gathering")["hand"]) == 3
    state, _ = do(state, "gathering", "done")

"""The game's data against the rules and the sources (Faction Cards, Sites of Power, Kingdom Cards, Tactic
Tiles; DECISIONS.md Sources). Herald's own content is marked and every card can be read from data."""

import json
from pathlib import Path

from rules.oldkingscrown.data import BASIC_IDS, BOARD, CARDS, FACTIONS, FAVOUR, KINGDOM, SITE_IDS, TACTICS, \
    TACTIC_IDS, COMMAND_NAMES

DATA = Path(__file__).parents[2] / "rules" / "oldkingscrown" / "data"


def test_fourteen_basic_cards_identical_in_every_faction_but_their_names():
    """Faction Cards: 'each faction's basic cards are identical apart from appearance'."""
    stats = lambda c: (c["strength"], c["archetype"], c["votes"], c["lore"], tuple(c["traits"]), tuple(c["commands"]))
    for f in FACTIONS:
        assert len(BASIC_IDS[f]) == 14
        assert [stats(CARDS[c]) for c in BASIC_IDS[f]] == [stats(CARDS[c]) for c in BASIC_IDS["clans"]]


def test_rulebook_examples_agree_with_the_cards():
    """Heir 10 (Deadly example), Agent 5 with Deadly, Ruse! 0 with Ambush and Retreat, Woe Deploy 1,
    Knights of the Pasture Flank, Titus Resilient, The Storyteller Pathfinder with 2 lore, Arch Agitant cost 2."""
    assert CARDS["nobility.heir"]["strength"] == 10 and "resilient" in CARDS["nobility.heir"]["traits"]
    assert CARDS["uprising.agent"]["name"] == "Night Carnival" and "deadly" in CARDS["uprising.agent"]["commands"]
    assert set(CARDS["gathering.ruse"]["commands"]) == {"ambush", "retreat"}
    assert CARDS["nobility.war_machine"]["name"] == "Woe" and CARDS["nobility.war_machine"]["deploy"] == 1
    assert "flank" in CARDS["nobility.cavalry"]["commands"]
    assert CARDS["clans.storyteller"]["lore"] == 2 and "pathfinder" in CARDS["clans.storyteller"]["traits"]
    assert CARDS["uprising.arch_agitant"]["cost"] == 2
    assert "invulnerable" in CARDS["clans.riders"]["traits"]
    assert CARDS["uprising.follower2"]["name"] == "The Irregulars" and CARDS["uprising.follower2"]["lore"] == 1


def test_sites_of_power_hold_five_cards_each_with_costs():
    for f in FACTIONS:
        assert len(SITE_IDS[f]) == 5
        assert all(CARDS[c]["cost"] >= 1 for c in SITE_IDS[f])
        assert 19 == len(BASIC_IDS[f]) + len(SITE_IDS[f])


def test_kingdom_deck_has_51_cards_of_three_suits_and_marks_its_sources():
    assert len(KINGDOM) == 51
    assert {k["suit"] for k in KINGDOM.values()} == {"trade", "martial", "intrigue"}
    assert all(k["source"] in ("S1", "herald") for k in KINGDOM.values())
    assert [k["name"] for k in KINGDOM.values() if k["source"] == "S1"] == ["Adventuring Party"]
    names = {k["name"] for k in KINGDOM.values()}
    assert {"Swansong Horn", "Buried Palace", "Forged Royal Pardons"} <= names   # named in the rulebook
    forged = next(k for k in KINGDOM.values() if k["name"] == "Forged Royal Pardons")
    assert forged["timing"] == "spring"                                         # Spring Action Step example


def test_tactics_four_per_faction_and_favour_actions():
    for f in FACTIONS:
        assert len(TACTIC_IDS[f]) == 4
        assert f in FAVOUR
    assert TACTICS["clans.school_of_the_storms"]["source"] == "S1"
    assert TACTICS["clans.school_of_the_storms"]["timing"] == "spring"       # Spring Action Step example
    assert TACTICS["clans.sea_lanes"]["timing"] == "day"                      # Day Action Step example
    assert TACTICS["uprising.safehouses"]["effect"][0] == {"op": "grant_command", "command": "retreat"}
    assert FAVOUR["clans"]["source"] == "S1"
    assert all(t["source"] in ("S1", "herald") for t in TACTICS.values())


def test_every_item_says_where_it_comes_from_and_commands_are_known():
    for name in ("factions.json", "kingdom.json", "tactics.json"):
        assert "about" in json.loads((DATA / name).read_text())
    for c in CARDS.values():
        assert c["source"] in ("S1", "herald")
        assert set(c["commands"]) <= set(COMMAND_NAMES)


def test_board_regions_and_locations():
    """Component Overview, The Map: three regions of two locations."""
    assert [(r["id"], r["locations"]) for r in BOARD["regions"]] == [
        ("highlands", ["castle", "wilderness"]), ("plateau", ["harvest_field", "battlefield"]),
        ("lowlands", ["shrine", "necropolis"])]
    assert BOARD["locations"]["harvest_field"]["influence"] == 1      # Claiming Rewards example

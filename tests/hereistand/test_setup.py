"""Here I Stand: scenario set-up, seats and views (rules 3.1, 6.2, 22; DECISIONS.md 'Scenarios')."""

from __future__ import annotations

import pytest

from rules.core import BadSetup, SetupArgs, cards
from rules.hereistand import state as st
from rules.hereistand.data import MAJORS, load
from rules.hereistand.engine import ENGINE
from rules.hereistand.events import has_event

from .religious_phases import through_theses


def setup(scenario="1517", players=6, seed=1):
    seats = ENGINE.seatings(scenario, players)
    return through_theses(ENGINE.setup(SetupArgs(scenario, tuple(seats), seed)))


@pytest.mark.parametrize("players,expected", [
    (6, (("ottoman",), ("hapsburg",), ("england",), ("france",), ("papacy",), ("protestant",))),
    (3, (("england", "protestant"), ("hapsburg", "papacy"), ("ottoman", "france"))),
    (4, (("england", "protestant"), ("hapsburg", "papacy"), ("france",), ("ottoman",))),
    (5, (("england", "protestant"), ("papacy",), ("hapsburg",), ("france",), ("ottoman",))),
])
def test_3_1_every_power_is_played_and_pairings_are_named(players, expected):
    """3.1: all six majors are always played; with fewer players some hold two (named pairings)."""
    [seating] = ENGINE.seating_choices("1517", players)
    assert sorted(map(sorted, seating.seats)) == sorted(map(sorted, expected))
    assert sorted(p for seat in seating.seats for p in seat) == sorted(MAJORS)
    assert " + " in seating.name or players == 6


def test_3_1_two_players_are_refused_with_a_reason():
    with pytest.raises(BadSetup, match="3–6 players"):
        ENGINE.setup(SetupArgs("1517", (("ottoman", "hapsburg", "england"), ("france", "papacy", "protestant")), 1))


def test_22_1517_control_wars_and_leaders():
    """1517 (DECISIONS.md 'Scenarios'): Milan French, Tunis Hapsburg, Metz and Florence independent,
    Algiers out of play; France at war with the Hapsburg and the Papacy, the Ottoman with Hungary."""
    s = setup()
    assert s["turn"] == 1 and s["last_turn"] == 9
    assert s["control"]["milan"] == "france" and s["control"]["tunis"] == "hapsburg"
    assert s["control"]["metz"] == "independent" and s["control"]["florence"] == "independent"
    assert s["control"]["algiers"] is None
    assert s["control"]["worms"] == "hapsburg"               # Protestant home space, Hapsburg-held (2.4)
    assert s["control"]["wittenberg"] == "protestant"        # Protestant with the 95 Theses (21.6, DECISIONS 500)
    assert ["france", "hapsburg"] in s["wars"] and ["france", "papacy"] in s["wars"]
    assert ["hungary", "ottoman"] in s["wars"]
    assert s["leaders"]["ferdinand"] == "vienna" and s["leaders"]["suleiman"] == "istanbul"
    assert st.units_at(s, "london", "england") == {"regular": 3, "squadron": 1}


def test_22_1532_league_has_formed():
    """1532: turn 4 start; the League's wars; Hungary allied to the Hapsburg; Luther excommunicated."""
    s = setup("1532", 3)
    assert s["turn"] == 4 and s["league_formed"]
    assert ["hapsburg", "protestant"] in s["wars"] and ["papacy", "protestant"] in s["wars"]
    assert s["minor_allies"]["hungary"] == "hapsburg"
    assert s["control"]["wittenberg"] == "protestant"
    assert s["excommunicated"] == ["luther"]


def test_6_2_first_card_draw_counts_and_home_cards():
    """6.2: each power draws its key-track count plus its ruler's bonus; home cards are in hand."""
    s = setup()
    data = load()
    for power in MAJORS:
        hand = cards.zone(s, cards.hand(power))
        home = {str(n) for n in data.power(power).home_cards}
        assert home <= set(hand)
        assert len(hand) - len(home) == st.cards_to_draw(s, power)
    # France's key track for the keys it holds in 1517, plus Francis I's bonus card.
    assert st.cards_to_draw(s, "france") == data.power("france").base_cards(
        len(st.keys_controlled(s, "france"))) + 1


def test_6_2_card_draw_examples():
    """6.2 examples: Francis I with 8 keys draws 4 + 1; Suleiman with 7 keys, 2 in unrest, draws 4;
    Luther with 3 electorates draws 4."""
    s = setup()
    france_keys = [k for k in load().spaces if load().space(k).type == "key"][:8]
    for key in st.keys_controlled(s, "france"):
        s["control"][key] = "independent"
    for key in france_keys:
        s["control"][key] = "france"
    assert len(st.keys_controlled(s, "france")) == 8
    assert st.cards_to_draw(s, "france") == 5
    for key in st.keys_controlled(s, "ottoman"):
        s["control"][key] = "independent"
    for key in france_keys[:7]:
        s["control"][key] = "ottoman"
    s["unrest"] = france_keys[:2]
    assert st.cards_to_draw(s, "ottoman") == 4
    for electorate in ("wittenberg", "brandenburg", "mainz"):
        s["control"][electorate] = "protestant"
    assert st.cards_to_draw(s, "protestant") == 4
    s["control"]["augsburg"] = "protestant"
    assert st.cards_to_draw(s, "protestant") == 5


def test_6_2_later_cards_and_mandatory_events_wait_aside():
    """6.2: later cards are not in the first deck; mandatory events wait aside until their events exist
    (DECISIONS.md 511: those whose event exists join the deck); the 95 Theses leave the game (18.1)."""
    s = setup()
    data = load()
    dealt = set(cards.zone(s, "deck")) | {c for p in MAJORS for c in cards.zone(s, cards.hand(p))}
    assert all(data.card(int(c)).type != "mandatory" or has_event(c) for c in dealt)
    assert "11" in dealt                          # Defender of the Faith, a mandatory event with its event
    assert all((data.card(int(c)).entry_turn or 1) <= 1 for c in dealt)
    assert "8" in cards.zone(s, "removed")


def test_view_hides_other_hands_and_the_deck():
    """5.1 of the digest: hands are private, their sizes public; the deck is a count."""
    s = setup(players=3)
    england = ENGINE.view(s, "england")
    assert isinstance(england["zones"]["hand:england"], list)
    assert isinstance(england["zones"]["hand:france"], int)
    assert isinstance(england["zones"]["deck"], int)
    public = ENGINE.view(s, None)
    assert all(isinstance(public["zones"][cards.hand(p)], int) for p in MAJORS)
    both = ENGINE.view_for(s, ["england", "protestant"])
    assert isinstance(both["zones"]["hand:england"], list) and isinstance(both["zones"]["hand:protestant"], list)
    assert isinstance(both["zones"]["hand:papacy"], int)
    assert both["control"] == public["control"]

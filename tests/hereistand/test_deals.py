"""Here I Stand: binding deals (9.1) composed of several clauses, with the rulebook's turn-4 example."""

from __future__ import annotations

from rules.core import SetupArgs, cards
from rules.hereistand import deals
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE


def setup():
    return ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))


def play(s, role, action):
    return ENGINE.apply(s, role, action)


def test_9_1_example_hapsburg_allies_gives_besancon_and_a_card():
    """9.1 example (turn 4): the Hapsburg allies with France and the Papacy, hands Besançon to France and
    gives the Papacy 1 random card; its units in Besançon leave for a fortified space of its own. (The
    squadron loans of the example come with naval affairs.)"""
    s = play(setup(), "ottoman", "done").state
    s = play(s, "hapsburg", "deal:france").state
    for action in ("add:alliance", "add:control:hapsburg:besancon", "announce"):
        assert action in [a.id for a in ENGINE.legal_actions(s, "hapsburg")], action
        s = play(s, "hapsburg", action).state
    assert ENGINE.active_roles(s) == ["france"]
    assert "Besançon" in ENGINE.prompt(s, "france").text or "Besancon" in ENGINE.prompt(s, "france").text
    s = play(s, "france", "accept").state
    assert ["france", "hapsburg"] in s["alliances"]
    assert ENGINE.waiting(s)["decision"] == "displace_to"          # its capitals or nearest fortress: its choice
    assert [a.id for a in ENGINE.legal_actions(s, "hapsburg")] == ["to:trier", "to:valladolid", "to:vienna"]
    s = play(s, "hapsburg", "to:trier").state                        # (the example's position sent them to Antwerp)
    assert st.land_units_at(s, "trier", "hapsburg") >= 1
    assert s["control"]["besancon"] == "france" and st.land_units_at(s, "besancon", "hapsburg") == 0
    s = play(s, "hapsburg", "deal:papacy").state
    s = play(s, "hapsburg", "add:alliance").state
    s = play(s, "hapsburg", "add:cards:hapsburg").state
    s = play(s, "hapsburg", "announce").state
    hapsburg, papacy = (len(cards.zone(s, cards.hand(p))) for p in ("hapsburg", "papacy"))
    out = play(s, "papacy", "accept")
    s = out.state
    assert ["hapsburg", "papacy"] in s["alliances"]
    assert len(cards.zone(s, cards.hand("hapsburg"))) == hapsburg - 1
    assert len(cards.zone(s, cards.hand("papacy"))) == papacy + 1
    assert [e for e in out.log if e.to and set(e.to) == {"hapsburg", "papacy"}]
    assert ["hapsburg", "papacy"] in s["card_gifts"]


def test_9_1_clause_rules():
    """9.1: no capital given; an alliance between enemies only with the war's end in the same deal; cards
    go one way between two powers in a turn; never a home card."""
    s = setup()
    deal = {"proposer": "hapsburg", "partner": "ottoman", "clauses": []}
    assert deals.clause_refusal(s, deal, ["control", "hapsburg", "vienna"]) == "a capital cannot be given"
    assert deals.clause_refusal(s, deal, ["alliance"]) == deals.AT_WAR
    deal["clauses"] = [["peace"]]
    assert deals.clause_refusal(s, deal, ["alliance"]) is None
    s["card_gifts"] = [["ottoman", "hapsburg"]]
    assert deals.clause_refusal(s, deal, ["cards", "hapsburg", 1]) is not None
    deal = {"proposer": "hapsburg", "partner": "protestant", "clauses": []}
    assert deals.clause_refusal(s, deal, ["peace"]) == "the League's wars never end"


def test_9_1_a_deal_that_no_longer_holds_is_void():
    s = play(setup(), "ottoman", "done").state
    s = play(s, "hapsburg", "deal:france").state
    s = play(s, "hapsburg", "add:control:hapsburg:besancon").state
    s = play(s, "hapsburg", "announce").state
    s["control"]["besancon"] = "independent"          # (as if lost before the answer)
    s = play(s, "france", "accept").state
    assert s["control"]["besancon"] == "independent"


def test_9_1_clause_7_mercenaries_given_are_removed_by_the_giver_and_placed_in_the_capital():
    """9.1 clause 7: up to 4 mercenaries, never to the Ottoman, one way between two powers each turn; the
    giver removes them from spaces of its choice, the receiver places as many of its own in its capital."""
    s = play(setup(), "ottoman", "done").state
    st.add_units(s, "naples", "hapsburg", "mercenary", 1)
    st.add_units(s, "valladolid", "hapsburg", "mercenary", 2)
    paris = st.units_at(s, "paris", "france").get("mercenary", 0)
    s = play(s, "hapsburg", "deal:france").state
    for action in ("add:mercenaries:hapsburg", "add:mercenaries:hapsburg", "announce"):
        s = play(s, "hapsburg", action).state
    s = play(s, "france", "accept").state
    assert ENGINE.waiting(s)["decision"] == "remove_units" and ENGINE.active_roles(s) == ["hapsburg"]
    assert {a.id for a in ENGINE.legal_actions(s, "hapsburg")} >= {"remove:naples:mercenary",
                                                                   "remove:valladolid:mercenary"}
    assert all(a.id.endswith(":mercenary") for a in ENGINE.legal_actions(s, "hapsburg"))
    s = play(play(s, "hapsburg", "remove:naples:mercenary").state, "hapsburg", "remove:valladolid:mercenary").state
    assert st.units_at(s, "paris", "france").get("mercenary", 0) == paris + 2
    assert st.units_at(s, "valladolid", "hapsburg").get("mercenary") == 1
    assert ["hapsburg", "france"] in s["mercenary_gifts"]
    from rules.hereistand.deals import mercenary_refusal
    assert mercenary_refusal(s, "france", "hapsburg", 1) is not None           # one way per pair this turn
    assert mercenary_refusal(s, "hapsburg", "ottoman", 1) == "the Ottoman never receives mercenaries"


def test_9_1_clause_9_the_papacy_lifts_an_excommunication():
    s = play(setup(), "ottoman", "done").state
    s["excommunicated"].append("francis-i")
    drawn = st.cards_to_draw(s, "france")
    for power in ("hapsburg", "england", "france"):
        s = play(s, power, "done").state
    s = play(s, "papacy", "deal:france").state
    s = play(s, "papacy", "add:absolve:france").state
    s = play(play(s, "papacy", "announce").state, "france", "accept").state
    assert "francis-i" not in s["excommunicated"] and st.cards_to_draw(s, "france") == drawn + 1

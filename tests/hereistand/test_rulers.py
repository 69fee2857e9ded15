"""Rulers and successions (21.3, 21.5, 6.1, 6.2, 19.8): the ruler cards #10, #14, #19, #20, #21, #22, #23, the
late entries of the conditional and variable cards, Mary I's impulse rule (21.3) and #59 Lady Jane Grey."""

from __future__ import annotations

from rules.core import cards
from rules.hereistand import events
from rules.hereistand import religion as rl
from rules.hereistand import rulers
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE
from rules.hereistand.marriages import card_draw

from .test_debate import decision, draws, give, ids, log_after, play, setup, to_impulse  # noqa: F401
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


class G:
    """A bare game handle for the functions that only log, roll and draw."""

    def __init__(self, s):
        self.state, self.lines, self.calls = s, [], []

    def log(self, text, **kw):
        self.lines.append(text)

    def reveal(self):
        pass

    def call(self, name, **kw):
        self.calls.append((name, kw))


def test_card_10_clement_vii_then_2_cp_and_his_ratings():
    """#10 (6.1): the mandatory event makes Clement VII Pope (admin 1), then its holder spends 2 CP."""
    s = to_impulse(setup(), "hapsburg")
    give(s, "hapsburg", 10)
    assert "cp:10" not in ids(s, "hapsburg") and "event:10" in ids(s, "hapsburg")
    s, text = log_after(s, "hapsburg", "event:10")
    assert s["rulers"]["papacy"] == "clement-vii" and st.ruler(s, "papacy").admin == 1
    assert "Papacy: Clement VII succeeds Leo X (administrative rating 1, no extra card)" in text
    assert decision(s) == "spend" and s["impulse"]["cp"] == 2
    assert "10" in cards.zone(s, "removed")
    assert ENGINE.view(s, "ottoman")["rulers"]["papacy"] == "clement-vii"


def test_19_8_clement_vii_resolves_at_its_deadline_for_the_papacy():
    """19.8 / DECISIONS 600: a registered mandatory event in the deck at its deadline (turn 2) resolves."""
    s = setup()
    assert cards.where(s, "10") in ("deck",) or cards.where(s, "10").startswith("hand:")
    g = G(dict(s, turn=2))
    events.mandatory_deadlines(g)
    assert g.calls == [("deadline_events", {"cards": ["10"]})]
    assert events.deadline_actor("10") == "papacy" and events.deadline_actor("14") == "papacy"


def test_card_14_paul_iii_and_22_julius_iii_win_counter_reformation_ties():
    """#14, #22 (18.4): Paul III (admin 1, +1 card), then Julius III (admin 0, +1 card) win ties."""
    s = to_impulse(setup(), "england")
    give(s, "england", 14)
    s = play(s, "england", "event:14")
    assert s["rulers"]["papacy"] == "paul-iii" and rl.papal_wins_ties(s)
    assert (st.ruler(s, "papacy").admin, st.ruler(s, "papacy").card_bonus) == (1, 1)
    rulers.crown(G(s), "papacy", "julius-iii")
    assert rl.papal_wins_ties(s) and st.ruler(s, "papacy").admin == 0


def test_card_20_henry_ii_replaces_francis_and_ends_patron_of_the_arts():
    """#20 (21.4): Henry II rules France (no card bonus) and takes Francis I's place on the map."""
    s = to_impulse(setup(), "ottoman")
    s["leaders"]["francis-i"] = "lyon"
    give(s, "ottoman", 20)
    bonus = st.cards_to_draw(s, "france")
    s = play(s, "ottoman", "event:20")
    assert s["rulers"]["france"] == "henry-ii" and "francis-i" not in s["leaders"]
    assert s["leaders"]["henry-ii"] == "lyon"
    assert st.cards_to_draw(s, "france") == bonus - 1
    assert events.prerequisite_refusal(s, "france", "4") == "only Francis I is a patron of the arts"


def test_21_5_the_excommunication_marker_stays_on_the_power_card_through_a_succession():
    """21.5 / DECISIONS 603: the -1 card marker lasts until peace or 9.5, whoever rules."""
    s = setup()
    s["excommunicated"] = ["francis-i"]
    before = st.cards_to_draw(s, "france")
    rulers.crown(G(s), "france", "henry-ii")
    assert st.ruler_excommunicated(s, "france") and s["excommunicated"] == ["henry-ii"]
    assert st.cards_to_draw(s, "france") == before - 1                # Henry II has no card bonus either


def test_card_19_edward_vi_henry_dies_dudley_and_protestant_units():
    """#19 (21.3, 18.2): Henry VIII dies, Dudley takes his space, English units count as Protestant."""
    s = to_impulse(setup(), "hapsburg")
    s["henry"]["chart"] = {"6": "Jane Seymour"}
    s["leaders"]["henry-viii"] = "captured:france"
    give(s, "hapsburg", 19)
    s = play(s, "hapsburg", "event:19")
    assert s["rulers"]["england"] == "edward-vi" and "henry-viii" not in s["leaders"]
    assert s["leaders"]["dudley"] == "london"                          # Henry was captured: the capital
    assert rl.unit_faith(s, "england") == rl.PROTESTANT
    assert s["crowned"]["england"] == s["turn"]


def test_card_21_mary_i_catholic_units_and_her_card_as_edward():
    """#21 (21.3): Mary I makes English units Catholic; with an Edward born while Henry rules her card
    resolves as Edward VI — discarded for a sickly Edward, removed for a healthy one."""
    s = to_impulse(setup(), "hapsburg")
    give(s, "hapsburg", 21)
    played = play(s, "hapsburg", "event:21")
    assert played["rulers"]["england"] == "mary-i" and rl.unit_faith(played, "england") == rl.CATHOLIC
    assert played["leaders"]["dudley"] == "london"
    s["henry"]["chart"] = {"5": "Jane Seymour"}
    sickly, text = log_after(s, "hapsburg", "event:21")
    assert sickly["rulers"]["england"] == "edward-vi" and "21" in cards.zone(sickly, "discard")
    assert "resolves as Edward VI" in text
    s["henry"]["chart"] = {"6": "Jane Seymour"}
    give(s, "papacy", 19)
    healthy = play(s, "hapsburg", "event:21")
    assert healthy["rulers"]["england"] == "edward-vi" and "21" in cards.zone(healthy, "removed")
    assert "19" in cards.zone(healthy, "removed")                      # Edward's own card has no more use


def test_card_23_elizabeth_i_ends_mary():
    """#23 (21.3): Mary I dies; Elizabeth I (admin 2, +1 card) rules, English units Protestant."""
    s = to_impulse(setup(), "france")
    s["rulers"]["england"] = "mary-i"
    give(s, "france", 23)
    s = play(s, "france", "event:23")
    assert s["rulers"]["england"] == "elizabeth-i" and st.ruler(s, "england").admin == 2
    assert rl.unit_faith(s, "england") == rl.PROTESTANT


def test_6_2_conditional_and_variable_cards_join_when_their_condition_holds():
    """6.2 and the 21.3 succession table: #21 (no Edward) or #19 (an Edward) from turn 6, never earlier;
    #21 the turn after a sickly Edward's accession; #23 the turn after Mary I's, if Elizabeth was born;
    #62–#64 the turn after Anne Boleyn."""
    s = setup()
    s["turn"] = 5
    assert rulers.late_entries(s) == []
    s["turn"] = 6
    assert rulers.late_entries(s) == [21]
    s["henry"]["chart"] = {"5": "Anne Boleyn"}
    assert rulers.late_entries(s) == [19]
    s["rulers"]["england"], s["crowned"]["england"] = "edward-vi", 6
    assert rulers.late_entries(s) == []
    s["turn"] = 7
    assert rulers.late_entries(s) == [21]
    s["henry"]["chart"] = {"4": "Anne Boleyn"}
    s["rulers"]["england"], s["crowned"]["england"] = "mary-i", 7
    assert rulers.late_entries(s) == []
    s["turn"] = 8
    assert rulers.late_entries(s) == [23]
    cards.zone(s, "deck").append("23")
    assert rulers.late_entries(s) == []                                 # only once
    s["henry"]["boleyn_turn"] = 8
    assert rulers.late_entries(s) == []
    s["turn"] = 9
    assert rulers.late_entries(s) == [62, 63, 64]


def test_8_2_cranmer_arrives_the_turn_after_anne_boleyn_with_the_english_cards():
    """21.3 / 8.2: the Card Draw after the Anne Boleyn marriage places Cranmer in London (it turns
    Protestant) and adds the English cards; the English debaters then arrive."""
    s = setup()
    s["henry"].update(status=2, boleyn_turn=2)
    s["turn"] = 3
    g = G(s)
    card_draw(g)
    assert s["reformers"]["cranmer"] == "london" and "london" in s["religion"]
    assert all(cards.where(s, str(n)) == "deck" for n in (62, 63, 64))
    from rules.hereistand import debaters as dbt
    dbt.arrivals(g)
    assert dbt.status(s, "cranmer") == dbt.UNCOMMITTED
    from rules.hereistand.religious_actions import cranmer_on_map
    assert cranmer_on_map(s)                                           # England's treatise is reachable


def mary_at_impulse(s):
    s["rulers"]["england"] = "mary-i"
    s["religion"] = sorted([*s["religion"], "london"])
    return s


def test_21_3_mary_i_england_reveals_its_card_then_rolls(dice):
    """21.3 Mary I: the card is revealed before England chooses; 4–6 England uses it freely."""
    s = mary_at_impulse(to_impulse(setup(), "england"))
    hand = ids(s, "england")
    assert not any(a.startswith("cp:") for a in hand) and any(a.startswith("reveal:") for a in hand)
    card = next(a for a in hand if a.startswith("reveal:")).split(":")[1]
    dice.append([5])
    s, text = log_after(s, "england", f"reveal:{card}")
    assert "Mary I's rule, 21.3): 1d6 = 5" in text and decision(s) == "mary_free"
    s = play(s, "england", f"cp:{card}")
    assert decision(s) == "spend"


def test_21_3_mary_i_papacy_burns_books_on_a_low_roll(dice):
    """21.3 Mary I step 4: on 1–3 the Papacy uses a 2-CP card to burn books in the English zone, then
    England's impulse ends."""
    s = mary_at_impulse(to_impulse(setup(), "england"))
    two = next(c for c in cards.zone(s, "deck") if st.load().card(int(c)).cp == 2
               and st.load().card(int(c)).type != "mandatory")
    give(s, "england", two)
    dice.append([2])
    s, text = log_after(s, "england", f"reveal:{two}")
    assert "the Papacy uses its 2 CP (burn books in the English zone)" in text
    assert "2 counter-reformation attempts in the English zone" in text
    assert two in cards.zone(s, "discard") and ENGINE.active_roles(s) == ["papacy"]


def test_21_3_mary_i_rule_is_skipped_while_england_is_all_catholic():
    s = to_impulse(setup(), "england")
    s["rulers"]["england"] = "mary-i"
    assert any(a.startswith("cp:") for a in ids(s, "england"))


def test_card_59_lady_jane_grey(draws):
    """#59: England changed rulers this turn; a random English card and a deck card, one kept, the other given
    to the Papacy or the Protestant."""
    s = to_impulse(setup(), "france")
    give(s, "france", 59)
    assert "England has not changed rulers" in events.prerequisite_refusal(s, "france", "59")
    s["crowned"]["england"] = s["turn"]
    english = sorted(c for c in cards.zone(s, cards.hand("england")) if st.load().card(int(c)).type != "home")
    draws.append(english[0])
    top = cards.zone(s, "deck")[-1]
    s = play(s, "france", "event:59")
    assert decision(s) == "jane_grey"
    assert sorted(ids(s, "france")) == sorted(f"give:{c}:{p}" for c in (english[0], top)
                                              for p in ("papacy", "protestant"))
    s = play(s, "france", f"give:{top}:papacy")
    assert top in cards.zone(s, cards.hand("papacy")) and english[0] in cards.zone(s, cards.hand("france"))
    assert english[0] not in cards.zone(s, cards.hand("england"))

"""Here I Stand: the turn — diplomacy (9.1, 9.2, 9.6), the Action phase (11, 6.1 pass rules), unit
construction (17), Winter (19.4, 19.5) and Victory determination (23)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, SetupArgs, cards
from rules.hereistand import actions as act_rules
from rules.hereistand import state as st
from rules.hereistand.data import MAJORS
from rules.hereistand.engine import ENGINE
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)


def setup(scenario="1517", players=6, seed=1):
    return through_theses(ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, players)), seed)))


def play(state, role, action):
    return ENGINE.apply(state, role, action).state


def decision(state):
    return ENGINE.waiting(state)["decision"]


def test_7_turn_one_diplomacy_is_englands_offers_to_the_hapsburg_then_france():
    """Rule 7: on turn 1 England offers terms first to the Hapsburg, then to France; nothing else."""
    s = setup()
    assert ENGINE.active_roles(s) == ["england"]
    ids = [a.id for a in ENGINE.legal_actions(s, "england")]
    assert ids == ["ally:hapsburg", "deal:hapsburg", "done"]
    s = play(s, "england", "ally:hapsburg")
    assert decision(s) == "proposal" and ENGINE.active_roles(s) == ["hapsburg"]
    s = play(s, "hapsburg", "accept")
    assert ["england", "hapsburg"] in s["alliances"]
    # France is at war with the Hapsburg, but England may still ally with it (9.2 forbids only enemies).
    assert [a.id for a in ENGINE.legal_actions(s, "england")] == ["ally:france", "deal:france", "done"]
    s = play(s, "england", "done")
    assert decision(s) == "worms_cards"                      # phase 4, the Diet of Worms (18.1)
    s = through_worms(s)
    assert decision(s) == "deploy" and ENGINE.active_roles(s) == ["ottoman"]


def test_9_1_a_refused_deal_is_void():
    s = setup()
    s = play(play(s, "england", "ally:hapsburg"), "hapsburg", "refuse")
    assert s["alliances"] == []


def test_9_2_enemies_and_papacy_ottoman_never_ally():
    s = setup()
    from rules.hereistand.diplomacy import may_ally
    assert may_ally(s, "france", "hapsburg") == "they are at war"
    assert may_ally(s, "papacy", "ottoman") == "the Papacy and the Ottoman never ally"
    assert may_ally(s, "england", "france") is None


def test_9_6_declaration_costs_and_restrictions():
    """9.6: costs from the Diplomatic Status display; no war on/by the Protestant before the League;
    no war on an ally of this turn or a power one made peace with this phase."""
    from rules.hereistand.diplomacy import dow_refusal
    s = setup()
    assert dow_refusal(s, "england", "france", []) is None
    assert dow_refusal(s, "hapsburg", "protestant", []) is not None
    assert dow_refusal(s, "protestant", "ottoman", []) == \
        "no war involves the Protestant before the Schmalkaldic League"
    s["allied_this_turn"] = [["england", "france"]]
    assert dow_refusal(s, "england", "france", []) == "they are allies this turn"
    s["allied_this_turn"], s["peace_this_turn"] = [], [["england", "france"]]
    assert dow_refusal(s, "england", "france", []) == "they made peace this phase"
    assert dow_refusal(s, "hapsburg", "france", []) == "already at war"


def test_9_6_declare_then_pay_with_cards():
    """9.6 steps 1–2: declarations in impulse order, then each declarer pays by playing cards."""
    s = setup("1532", 6)
    for power in MAJORS:                       # nobody announces a deal
        s = play(s, power, "done")
    assert decision(s) == "declare"
    s = play(s, "ottoman", "done")
    s = play(s, "hapsburg", "done")
    cost = 3                                   # England on France (Diplomatic Status display)
    assert f"war:france" in [a.id for a in ENGINE.legal_actions(s, "england")]
    s = through_worms(play(play(s, "england", "war:france"), "england", "done"))
    for power in ("france", "papacy", "protestant"):
        s = play(s, power, "done")
    assert decision(s) == "pay_war" and ENGINE.active_roles(s) == ["england"]
    paid = 0
    while decision(s) == "pay_war":
        card = ENGINE.legal_actions(s, "england")[-1].id
        before = len(cards.zone(s, "discard")) + len(cards.zone(s, st.home_used("england")))
        s = play(s, "england", card)
        assert len(cards.zone(s, "discard")) + len(cards.zone(s, st.home_used("england"))) == before + 1
        paid += 1
    assert ["england", "france"] in s["wars"] and paid >= 1 and cost == 3


def to_action_phase(s):
    while decision(s) != "impulse":
        s = through_worms(s)
        role = ENGINE.active_roles(s)[0]
        s = play(s, role, "skip" if decision(s) == "deploy" else "done")
    return s


def test_11_impulses_in_order_and_pass_rules():
    """11: impulse order; 6.1: no pass with the home card unplayed (nor above the admin rating)."""
    s = to_action_phase(setup())
    assert ENGINE.active_roles(s) == ["ottoman"]
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert "pass" not in ids and "cp:1" in ids
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, "ottoman", "pass")
    assert act_rules.pass_refusal(s, "ottoman") == "its home card is still unplayed"
    s = play(s, "ottoman", "cp:1")             # Janissaries for 5 CP: waits beside the power card
    assert "1" in cards.zone(s, st.home_used("ottoman"))
    assert decision(s) == "spend"
    s = play(s, "ottoman", "done")
    assert ENGINE.active_roles(s) == ["hapsburg"]


def test_11_pass_refused_above_the_administrative_rating():
    s = to_action_phase(setup())
    cards.zone(s, cards.hand("ottoman")).remove("1")
    hand = cards.zone(s, cards.hand("ottoman"))
    if "13" in hand:                  # the League cannot be played on turn 1: it does not count (DECISIONS 561)
        cards.move(s, "13", cards.hand("ottoman"), "deck")
    while len(hand) <= 2:
        extra = next(c for c in cards.zone(s, "deck") if st.load().card(int(c)).type == "event")
        cards.move(s, extra, "deck", cards.hand("ottoman"))
    assert len(hand) > 2
    assert act_rules.pass_refusal(s, "ottoman").startswith(f"it holds {len(hand)} cards")
    del hand[2:]
    assert act_rules.pass_refusal(s, "ottoman") is None


def test_17_building_units_costs_and_places():
    """17.1: a regular costs 2 CP in an own-controlled home space; Ottoman cavalry 1 CP; 17.2 squadrons
    2 CP in home ports. Unspent CP are lost when the impulse ends (11)."""
    s = to_action_phase(setup())
    s = play(s, "ottoman", "cp:1")
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    assert "build:regular:istanbul" in ids and "build:cavalry:edirne" in ids
    assert not any(i.startswith("build:mercenary") for i in ids)
    assert "build:squadron:istanbul" in ids and "build:squadron:edirne" not in ids   # Edirne is no port
    before = st.units_at(s, "istanbul", "ottoman").get("regular", 0)
    s = play(s, "ottoman", "build:regular:istanbul")
    assert st.units_at(s, "istanbul", "ottoman")["regular"] == before + 1
    s = play(s, "ottoman", "build:regular:istanbul")
    s = play(s, "ottoman", "build:cavalry:edirne")           # 5 CP spent: the impulse ends
    assert ENGINE.active_roles(s) == ["hapsburg"]


def test_17_no_building_in_home_spaces_one_does_not_control():
    """17: the Protestant builds only in home spaces it controls, and no land units before the
    Schmalkaldic League (21.6) even in Wittenberg."""
    s = setup()
    assert s["control"]["wittenberg"] == "protestant"
    assert act_rules.build_options(s, "protestant", 5) == []
    s["league_formed"] = True
    assert ("regular", "wittenberg") in act_rules.build_options(s, "protestant", 5)
    assert ("regular", "worms") not in act_rules.build_options(s, "protestant", 5)


def test_19_winter_replacements_and_alliances_end():
    """19.4 alliances end; 19.5 a regular in each own-controlled capital (Hapsburg two, Protestant none)."""
    from rules.core.flow import Game
    from rules.hereistand.winter import end_winter
    s = setup()
    s["alliances"] = [["england", "hapsburg"]]
    before = {c: st.land_units_at(s, c, p) for p, c in
              [("hapsburg", "vienna"), ("hapsburg", "valladolid"), ("england", "london")]}
    g = Game(ENGINE, s)
    end_winter(g)
    assert s["alliances"] == []
    for capital, n in before.items():
        owner = s["control"][capital]
        assert st.land_units_at(s, capital, owner) == n + 1


def test_23_victory_standard_domination_and_ranking():
    """23.3: 25 VP wins (most VP); from turn 4 a 5-VP lead over every power dominates; ties go back in
    the VP record."""
    from rules.hereistand.turn import ranking
    s = setup()
    s["vp_history"] = [{p: 5 for p in MAJORS} | {"france": 7}, {p: 10 for p in MAJORS}]
    ranks = ranking(s)
    assert ranks[0] == ("france",)
    assert set(ranks[1]) == set(MAJORS) - {"france"}


def test_random_games_reach_the_end():
    """The whole turn sequence runs to a victory or the end of turn 9 with random legal play."""
    from rules.core.fuzz import play_random_game
    report = play_random_game(ENGINE, "tournament", 7, players=4, check_secrets=False)
    assert report.finished and not report.problems


def test_9_6_minor_powers_cost_1_cp_and_france_may_intervene_for_scotland():
    """9.6 steps 3–4: a declaration on a minor power costs 1 CP; when Scotland is attacked France may pay
    2 CP to intervene: Scotland becomes its ally and France goes to war with the attacker. Never on
    Hungary-Bohemia."""
    from rules.hereistand.diplomacy import dow_price, dow_refusal
    s = setup("1532", 6)
    assert dow_price("hapsburg", "venice") == 1 and dow_price("england", "venice") is None
    assert dow_refusal(s, "ottoman", "hungary", []) is not None
    assert dow_refusal(s, "ottoman", "scotland", []) is not None
    for power in MAJORS:
        s = play(s, power, "done")                                     # no deals
    for power in ("ottoman", "hapsburg"):
        s = play(s, power, "done")
    s = through_worms(play(play(s, "england", "war:scotland"), "england", "done"))
    for power in ("france", "papacy", "protestant"):
        s = play(s, power, "done")
    assert decision(s) == "intervene" and ENGINE.active_roles(s) == ["france"]
    s = play(s, "france", "intervene")
    for power in ("england", "france"):
        assert ENGINE.active_roles(s) == [power]
        while decision(s) == "pay_war" and ENGINE.active_roles(s) == [power]:
            s = play(s, power, ENGINE.legal_actions(s, power)[-1].id)
    assert ["england", "france"] in s["wars"]
    assert s["minor_allies"]["scotland"] == "france"
    # 22.2 steps 3-5: France controls Scotland's spaces; Scotland's own war marker goes, it shares France's
    assert ["england", "scotland"] not in s["wars"] and s["control"]["edinburgh"] == "france"
    assert st.enemies(s, "england", "scotland")


def test_secrecy_by_invariance_in_a_random_game():
    """Hands stay private: every other power's view, prompt and actions, and the public log, are unchanged
    by another hand of the same size, another deck order or an unrevealed answer (rules.core.secrecy)."""
    from rules.core.fuzz import play_random_game
    for scenario, players, seed, every in (("tournament", 3, 11, 97), ("1517", 4, 12, 211)):
        report = play_random_game(ENGINE, scenario, seed, players=players, check_every=every)
        assert report.finished and not report.problems, report.problems[:3]


def test_9_6_declaration_asked_while_the_hand_hides_what_it_can_pay():
    """9.6 with issue 33 (found by the fuzz, seed 4100): a power whose hidden cards pay for no war has one
    answer, to declare nothing more; but the others know only the prices, not the hand's CP, so it is asked.
    With no war open to it at all the lone answer is public and the engine takes it."""
    s = setup("1532", 6)
    for power in MAJORS:
        s = play(s, power, "done")
    s = play(play(s, "ottoman", "done"), "hapsburg", "done")
    assert decision(s) == "declare" and ENGINE.active_roles(s) == ["england"]
    data = st.load()
    hand = cards.hand("england")
    for c in list(cards.zone(s, hand)):
        cards.move(s, c, hand, "deck")
    zone, mandatory = next((z, c) for z, held in s["zones"].items() if isinstance(held, list) and z != hand
                           for c in held if data.card(int(c)).type == "mandatory")
    cards.move(s, mandatory, zone, hand)                    # a mandatory event never pays (9.6 step 3)
    assert [a.id for a in ENGINE.legal_actions(s, "england")] == ["done"]
    assert ENGINE.protects_secret(s, "england") and ENGINE.forced_answer(s, "england") is None
    cards.move(s, mandatory, hand, "deck")                  # an empty hand: its CP are public
    assert not ENGINE.protects_secret(s, "england") and ENGINE.forced_answer(s, "england") == "done"

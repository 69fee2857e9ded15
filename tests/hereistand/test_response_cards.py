"""Here I Stand response cards (6.1) in the windows the rules give them: Landsknechts and Swiss Mercenaries
before a field battle (14 step 1) or an assault (15.1 step 2) and as events, Siege Artillery after the assault
roll (15.1 step 8), Professional Rowers after the naval roll (16.2 step 6), The Wartburg after an event is
declared (6.1); Janissaries' event; windows asked only by the public facts, keeping hands secret."""

from __future__ import annotations

import copy

from rules.core import cards
from rules.core.secrecy import invariance_problems
from rules.hereistand import fleets as nv
from rules.hereistand import record
from rules.hereistand import responses
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .combat_play import out_of_play
from .test_combat_cards import COMBAT, RESPONSE, dijon, give, ids
from .test_movement import dice, ottoman_impulse  # noqa: F401
from .test_naval import clear_navies
from .test_reformation import impulse_of
from .test_siege import calais, decision, play, setup, to_french_impulse


def test_33_landsknechts_before_a_field_battle_the_hapsburg_places_4_mercenaries(dice):
    """14 step 1, #33 Landsknechts: the attacker (France) is asked first, then the Hapsburg, who places
    4 mercenaries in Dijon; they fight: 6 units + 1 defending = 7 dice."""
    s = dijon(hands=[["hapsburg", "33"]])
    assert decision(s) == "responses" and ENGINE.active_roles(s) == ["france"]
    assert ids(s, "france") == ["pass"]                                  # France holds none: asked all the same
    s = play(s, "france", "pass")
    assert ENGINE.active_roles(s) == ["hapsburg"] and ids(s, "hapsburg") == ["pass", "card:33"]
    s = play(s, "hapsburg", "card:33")
    assert decision(s) == "place_units" and "place:dijon" in ids(s, "hapsburg")
    for _ in range(3):
        s = play(s, "hapsburg", "place:dijon")
    dice += [[1] * 4, [1] * 7]
    s = play(s, "hapsburg", "place:dijon")
    assert not dice and record.entries(s)[-1]["defender_dice"] == 7
    assert st.units_at(s, "dijon", "hapsburg") == {"regular": 2, "mercenary": 4}


def test_33_landsknechts_as_the_ottomans_event_eliminates_2_mercenaries():
    """#33 played by the Ottoman in its impulse: 2 mercenaries anywhere are eliminated (its choice)."""
    s = impulse_of("ottoman", "33")
    s["units"]["dijon"] = {"hapsburg": {"mercenary": 1, "regular": 1}}
    s["units"]["lyon"] = {"france": {"mercenary": 3}}
    s = play(s, "ottoman", "event:33")
    assert decision(s) == "remove_mercenaries"
    assert {"remove:dijon:hapsburg", "remove:lyon:france"} <= set(ids(s, "ottoman"))
    s = play(s, "ottoman", "remove:dijon:hapsburg")            # Lyon's is then the only choice: taken for it
    assert st.units_at(s, "dijon", "hapsburg") == {"regular": 1} and st.units_at(s, "lyon", "france") == {"mercenary": 2}


def test_36_swiss_mercenaries_played_by_the_ottoman_give_france_4():
    """#36 Swiss Mercenaries: played by the Ottoman, France places 4 French mercenaries (France's choice)."""
    s = impulse_of("ottoman", "36")
    s = play(s, "ottoman", "event:36")
    assert decision(s) == "place_units" and ENGINE.active_roles(s) == ["france"]
    paris = st.units_at(s, "paris", "france").get("mercenary", 0)
    for _ in range(4):
        s = play(s, "france", "place:paris")
    assert st.units_at(s, "paris", "france").get("mercenary", 0) == paris + 4
    assert decision(s) != "place_units"


def test_36_swiss_mercenaries_any_other_power_places_2():
    s = impulse_of("hapsburg", "36")
    s = play(s, "hapsburg", "event:36")
    assert ENGINE.active_roles(s) == ["hapsburg"]
    assert "place 2 new mercenaries, one at a time" in ENGINE.prompt(s, "hapsburg").text


def test_1_janissaries_event_places_4_regulars_in_ottoman_home_spaces():
    """#1 Janissaries (b): 4 new regulars in Ottoman-controlled Ottoman home spaces, never Algiers."""
    s = impulse_of("ottoman", "1")
    s = play(s, "ottoman", "event:1")
    assert decision(s) == "place_units" and not any("algiers" in i for i in ids(s, "ottoman"))
    before = st.units_at(s, "istanbul", "ottoman").get("regular", 0)
    for _ in range(4):
        s = play(s, "ottoman", "place:istanbul")
    assert st.units_at(s, "istanbul", "ottoman").get("regular", 0) == before + 4
    assert cards.where(s, "1") == st.home_used("ottoman")


def test_35_siege_artillery_after_the_assault_roll(dice):
    """15.1 step 8, #35 Siege Artillery: France's assault on Calais misses; France plays the card after
    both rolls: 2 dice hitting on 3-6 kill both defenders and Calais falls."""
    s = setup()
    out_of_play(s, *COMBAT[1:], *RESPONSE)
    s = calais(to_french_impulse(s))
    give(s, "france", "35")
    dice += [[1, 1, 1, 1], [1, 1, 1]]
    s = play(play(s, "france", "cp:4"), "france", "assault:calais")
    assert decision(s) == "responses" and ENGINE.active_roles(s) == ["france"]
    assert "the assault on Calais is rolled" in ENGINE.prompt(s, "france").text
    dice += [[4, 3]]
    out = ENGINE.apply(s, "france", "card:35")
    assert not dice and out.state["control"]["calais"] == "france"
    assert any("#35 Siege Artillery for the assault: 2 dice, hits on 3 to 6: 4 3 — 2 hits." in e.text for e in out.log)


def test_35_siege_artillery_needs_a_short_line_of_communication():
    """#35: the assaulting power's line of communication within 4 land spaces of a fortified home space."""
    s = calais(to_french_impulse(setup()))
    assert responses.siege_artillery_reach(s, "france", "calais")
    assert not responses.siege_artillery_reach(s, "ottoman", "calais")


def test_34_professional_rowers_give_3_dice_to_either_side(dice):
    """16.2 step 6, #34 Professional Rowers: after both rolls (the Ottoman 1 hit, the Hapsburg none) the
    Hapsburg gives the defender 3 more dice; their 2 hits turn the battle."""
    s = ottoman_impulse(setup())
    out_of_play(s, *COMBAT[1:], *RESPONSE)
    s = clear_navies(s)
    give(s, "hapsburg", "34")
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "ionian", "ottoman", "squadron", 1)
    st.add_units(s, "messina", "hapsburg", "squadron", 1)
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:ionian:messina")
    dice += [[5, 1], [1, 1, 1]]                       # 2 dice; 2 + 1 in port
    s = play(s, "ottoman", "go")
    assert decision(s) == "responses"
    while ENGINE.active_roles(s) != ["hapsburg"]:
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert ids(s, "hapsburg") == ["pass", "card:34:attacker", "card:34:defender"]
    dice += [[6, 5, 1]]
    out = ENGINE.apply(s, "hapsburg", "card:34:defender")
    assert not dice and record.entries(out.state)[-1]["winner"] == "hapsburg"
    line = next(e.text for e in out.log if e.text.startswith("Naval battle"))
    assert "#34 Professional Rowers for the defender: 3 dice, hits on 5 or 6: 6 5 1 — 2 hits." in line


def wartburg_position():
    """Erasmus (#75) played by the Hapsburg in turn 3, the Protestant holding The Wartburg."""
    s = impulse_of("hapsburg", "75", turn=3)
    s["religion"] = ["wittenberg"]
    give(s, "protestant", "37")
    return s


def test_37_the_wartburg_cancels_an_event():
    """#37 The Wartburg (6.1): after the Hapsburg declares Erasmus, the Protestant cancels it: the card is
    discarded, the impulse ends, no Protestant debate this turn and Luther is committed."""
    s = play(wartburg_position(), "hapsburg", "event:75")
    assert decision(s) == "responses" and ENGINE.active_roles(s) == ["protestant"]
    assert "Hapsburg plays #75 Erasmus as its event" in ENGINE.prompt(s, "protestant").text
    s = play(s, "protestant", "card:37")
    assert cards.where(s, "75") == "discard" and cards.where(s, "37") == "discard"
    assert decision(s) == "impulse"                                       # the next impulse: Erasmus did nothing
    assert s["debaters"]["luther"]["status"] == "committed"
    from rules.hereistand.debate import call_refusal
    assert "Wartburg" in call_refusal(s, "protestant", "german")


def test_37_the_wartburg_passed_the_event_resolves():
    s = play(wartburg_position(), "hapsburg", "event:75")
    s = play(s, "protestant", "pass")
    assert ENGINE.active_roles(s) == ["papacy"]                           # Erasmus goes on
    assert "37" in cards.zone(s, cards.hand("protestant"))


def test_37_the_wartburg_never_cancels_mandatory_combat_response_or_non_papal_home_cards():
    s = setup()
    assert not responses.wartburg_may_cancel(s, "1")                     # a non-Papal home card
    assert responses.wartburg_may_cancel(s, "5")                         # a Papal home card may be
    assert not responses.wartburg_may_cancel(s, "33")                    # a response card
    assert not responses.wartburg_may_cancel(s, "10")                    # a mandatory event
    s["rulers"]["protestant"] = "calvin"
    assert not responses.wartburg_may_cancel(s, "75")                    # Luther is dead


def test_6_no_wartburg_window_when_the_card_is_known_out_of_play():
    s = wartburg_position()
    cards.move(s, "37", cards.hand("protestant"), "discard")
    s = play(s, "hapsburg", "event:75")
    assert ENGINE.active_roles(s) == ["papacy"]                           # straight to the event


def test_6_the_wartburg_window_keeps_the_protestants_hand_secret():
    """Secrecy by invariance with hands swapped in the window: holding #37 or not, the Protestant is asked
    the same question and the others see the same."""
    s = play(wartburg_position(), "hapsburg", "event:75")
    variant = copy.deepcopy(s)
    other = next(c for c in cards.zone(variant, "deck") if c not in RESPONSE)
    cards.move(variant, "37", cards.hand("protestant"), "deck")
    cards.move(variant, other, "deck", cards.hand("protestant"))
    assert ENGINE.active_roles(variant) == ["protestant"] and ids(variant, "protestant") == ["pass"]
    assert ENGINE.prompt(variant, "protestant").text == ENGINE.prompt(s, "protestant").text
    for power in ("hapsburg", "papacy", "england"):
        assert ENGINE.view(variant, power) == ENGINE.view(s, power)
    assert invariance_problems(ENGINE, s, ("protestant", "pass")) == []


def test_38_halleys_comet_discards_a_random_card_of_another_hand():
    """#38 Halley's Comet (a), the event of the Papacy's impulse: a card of the Hapsburg's hand, drawn at
    random, is discarded (never a home card); the card is removed from the game (†)."""
    s = impulse_of("papacy", "38")
    held = len(cards.zone(s, cards.hand("hapsburg")))
    s = play(s, "papacy", "event:38")
    assert decision(s) == "halley" and "discard:papacy" not in ids(s, "papacy")
    out = ENGINE.apply(s, "papacy", "discard:hapsburg")
    s = out.state
    assert len(cards.zone(s, cards.hand("hapsburg"))) == held - 1
    assert any(e.text.startswith("Halley's Comet: Hapsburg discards #") for e in out.log)
    assert cards.where(s, "38") == "removed"


def test_38_halleys_comet_makes_a_power_skip_its_next_impulse():
    """#38 (b): France skips its next impulse; the skip is not a pass."""
    s = impulse_of("papacy", "38")
    s = play(s, "papacy", "event:38")
    out = ENGINE.apply(s, "papacy", "skip:france")
    s = out.state
    seen = []
    for _ in range(8):
        role = ENGINE.active_roles(s)[0]
        if decision(s) != "impulse":
            break
        seen.append(role)
        card = next(a.id for a in ENGINE.legal_actions(s, role) if a.id.startswith("cp:"))
        s = ENGINE.apply(ENGINE.apply(s, role, card).state, role, "done").state
        if role == "papacy":
            break
    assert seen[-3:] == ["hapsburg", "england", "papacy"] and not s.get("skip_impulse")   # France skipped


def announced_move(holder, card, leader=False):
    """France (5 CP) moves 4 regulars from Orleans to Dijon (with Francis I if `leader`); `holder` holds
    `card`; every other response card out of play."""
    s = to_french_impulse(setup())
    from .test_movement import clear_stacks
    clear_stacks(s, "orleans", "dijon", "besancon", "stdizier", "paris", "lyon")
    st.add_units(s, "orleans", "france", "regular", 4)
    if leader:
        s["leaders"]["francis-i"] = "orleans"
    out_of_play(s, *[c for c in RESPONSE + ("31", "32") if c != card])
    give(s, holder, card)
    s = play(s, "france", "cp:4")
    cp = s["impulse"]["cp"]
    s = play(s, "france", "move:orleans:dijon")
    while decision(s) == "formation":
        pick = next((a.id for a in ENGINE.legal_actions(s, "france") if a.id.startswith(("leader:", "unit:"))), "go")
        s = play(s, "france", pick)
    return s, cp


def test_31_foul_weather_stops_the_announced_move():
    """13.1 step 4, #31 Foul Weather: England stops France's move once paid: France keeps its units in
    Orleans, loses 1 CP, and may not assault, move by sea or pirate for the rest of the impulse."""
    s, cp = announced_move("england", "31")
    assert decision(s) == "responses" and ENGINE.active_roles(s) == ["ottoman"]   # impulse order, France out
    assert "France announces a move to Dijon" in ENGINE.prompt(s, "ottoman").text
    s = play(play(s, "ottoman", "pass"), "hapsburg", "pass")
    assert ids(s, "england") == ["pass", "card:31"]
    s = play(s, "england", "card:31")
    assert decision(s) == "spend" and s["impulse"]["cp"] == cp - 1
    assert st.units_at(s, "orleans", "france") == {"regular": 4} and not st.units_at(s, "dijon", "france")
    assert not any(a.id.split(":")[0] in ("naval", "sea", "piracy", "assault") for a in ENGINE.legal_actions(s, "france"))


def test_32_gout_keeps_the_leader_and_stops_the_move():
    """#32 Gout on Francis I: the move does not happen, France loses 1 CP, and Francis I may not be taken
    into a formation again this impulse."""
    s, cp = announced_move("hapsburg", "32", leader=True)
    s = play(s, "ottoman", "pass")
    assert ids(s, "hapsburg") == ["pass", "card:32:francis-i"]
    s = play(s, "hapsburg", "card:32:francis-i")
    assert decision(s) == "spend" and s["impulse"]["cp"] == cp - 1 and s["leaders"]["francis-i"] == "orleans"
    s = play(s, "france", "move:orleans:dijon")
    assert "leader:francis-i" not in ids(s, "france")


def test_32_gout_is_not_asked_without_an_army_leader():
    s, cp = announced_move("hapsburg", "32")
    assert decision(s) != "responses"                                 # nobody could play anything


def test_31_foul_weather_stops_a_naval_move(dice):
    """16.1 step 3, #31: the Ottoman's planned naval move does not happen and costs its 1 CP; no more naval
    moves or piracy this impulse."""
    s = clear_navies(ottoman_impulse(setup()))
    out_of_play(s, *RESPONSE)
    give(s, "england", "31")
    st.add_units(s, "ionian", "ottoman", "squadron", 2)
    cp = s["impulse"]["cp"]
    s = play(s, "ottoman", "naval")
    step = next(i for i in ids(s, "ottoman") if i.startswith("all:ionian:"))
    s = play(play(s, "ottoman", step), "ottoman", "go")
    assert decision(s) == "responses" and "Ottoman Empire announces a naval move" in ENGINE.prompt(
        s, ENGINE.active_roles(s)[0]).text
    while ENGINE.active_roles(s) != ["england"]:
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    s = play(s, "england", "card:31")
    assert decision(s) == "spend" and s["impulse"]["cp"] == cp - 1
    assert nv.squadrons(nv.pieces(s, "ionian", "ottoman")) == 2
    assert not any(i.split(":")[0] in ("naval", "piracy") for i in ids(s, "ottoman"))


def test_34_professional_rowers_change_a_naval_interception_roll(dice):
    """16.1 (the Barbary Coast example's interception), #34 Professional Rowers: Doria's 3+4 +2 = 9 would
    succeed; England plays the card for -2 after seeing the dice: 7, failure."""
    from .test_naval import barbary_example
    s = barbary_example(ottoman_impulse(setup()))
    out_of_play(s, *RESPONSE)
    give(s, "england", "34")
    s = play(s, "ottoman", "naval")
    s = play(s, "ottoman", "all:tunis:barbary")
    s = play(s, "ottoman", "go")
    s = play(s, "hapsburg", "intercept:tyrrhenian")
    s = play(s, "hapsburg", "unit:genoa:squadron")
    dice += [[3, 4]]
    s = play(s, "hapsburg", "unit:hapsburg:squadron")
    if decision(s) == "naval_intercept_force":
        s = play(s, "hapsburg", "go")
    assert decision(s) == "responses"
    while ENGINE.active_roles(s) != ["england"]:
        role = ENGINE.active_roles(s)[0]
        assert "Hapsburg rolls 3+4 to intercept in Barbary Coast (9 or more" in ENGINE.prompt(s, role).text
        s = play(s, role, "pass")
    assert ids(s, "england") == ["pass", "card:34:up", "card:34:down"]
    out = ENGINE.apply(s, "england", "card:34:down")
    line = next(e.text for e in out.log if "tries to intercept" in e.text)
    assert line.endswith("rolls 3+4 +2 Andrea Doria's battle rating -2 Professional Rowers = 7, failure.")
    assert out.state["leaders"]["andrea-doria"] == "tyrrhenian"

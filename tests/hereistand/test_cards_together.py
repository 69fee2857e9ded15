"""Here I Stand: the card events tied together (issue 29; DECISIONS 970–999): one 22.4 deactivation, Mary I's
bar on response and combat cards (21.3), The Wartburg on every route an event takes (6.1, #37), and the
gaps the parts left."""

from __future__ import annotations

from rules.core import cards
from rules.core.secrecy import invariance_problems
from rules.hereistand import combat_cards as cc
from rules.hereistand import events
from rules.hereistand import responses
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .combat_play import out_of_play, without_wartburg
from .test_combat_cards import give
from .test_response_cards import RESPONSE
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .test_siege import decision, play, setup, to_french_impulse


def test_22_4_one_deactivation_for_every_card():
    """DECISIONS 970: #73 Diplomatic Marriage runs the same 22.4 procedure as #68, #69 and #108."""
    from rules.hereistand import diplomatic_marriage as dm
    from rules.hereistand.turn import FLOW
    assert not hasattr(dm, "deactivate") and "deactivation" in FLOW.procedures


def mary_move(holder: str, card: str):
    """France announces a move Orleans–Dijon while Mary I rules England; `holder` holds `card`, every
    other response card out of play."""
    s = to_french_impulse(setup())
    s["rulers"]["england"] = "mary-i"
    from .test_movement import clear_stacks
    clear_stacks(s, "orleans", "dijon", "besancon", "stdizier", "paris", "lyon")
    st.add_units(s, "orleans", "france", "regular", 4)
    out_of_play(s, *[c for c in RESPONSE + ("31", "32") if c != card])
    give(s, holder, card)
    s = play(s, "france", "cp:4")
    s = play(s, "france", "move:orleans:dijon")
    while decision(s) == "formation":
        pick = next((a.id for a in ENGINE.legal_actions(s, "france") if a.id.startswith(("leader:", "unit:"))), "go")
        s = play(s, "france", pick)
    return s


def test_21_3_mary_i_england_is_never_asked_for_a_response_card():
    """21.3 (DECISIONS 614): under Mary I England plays response cards only for CP, a public fact, so the
    Foul Weather window (#31) passes England by, whether or not it holds the card."""
    s = mary_move("england", "31")
    asked = []
    while decision(s) == "responses":
        role = ENGINE.active_roles(s)[0]
        asked.append(role)
        assert "card:31" not in [a.id for a in ENGINE.legal_actions(s, role)]
        s = play(s, role, "pass")
    assert "england" not in asked and asked                               # the others were asked
    s2 = mary_move("hapsburg", "31")
    assert decision(s2) == "responses" and invariance_problems(ENGINE, s2, (ENGINE.active_roles(s2)[0], "pass")) == []


def test_21_3_mary_i_england_plays_no_combat_card_nor_a_response_as_an_event():
    """21.3: no combat card for England in a battle under Mary I (#24 Arquebusiers); Halley's Comet (#38,
    a response played as the event of an impulse, DECISIONS 726) is refused with the reason."""
    s = setup()
    c = {"kind": cc.FIELD, "space": "calais", "attackers": ["england"], "defenders": ["france"]}
    assert cc.fits(s, c, "england", "24")
    s["rulers"]["england"] = "mary-i"
    assert not cc.fits(s, c, "england", "24") and cc.fits(s, c, "france", "24")
    assert not responses.fits(s, "move_announced", "england", "31", {"player": "france", "leaders": []})
    assert "Mary I" in events.prerequisite_refusal(s, "england", "38")


def test_37_the_wartburg_cancels_spring_preparations_played_in_the_spring_window():
    """#37 The Wartburg (6.1: "after another power declares an event, before it is resolved") also answers an
    event played outside an impulse: France's #102 Spring Preparations is cancelled in the spring window — no
    new regular in Paris, the card discarded, Luther committed, and no impulse to end (DECISIONS 972)."""
    from .test_events_spring import at_spring_window, pass_window
    s = at_spring_window()
    give(s, "france", "102")
    give(s, "protestant", "37")
    paris = st.units_at(s, "paris", "france").get("regular", 0)
    s = play(s, "france", "play:102")
    s = pass_window(s)
    assert decision(s) == "responses" and ENGINE.active_roles(s) == ["protestant"]
    assert "France plays #102 Spring Preparations as its event" in ENGINE.prompt(s, "protestant").text
    out = ENGINE.apply(s, "protestant", "card:37")
    text = " ".join(e.text for e in out.log)
    s = out.state
    assert "cancels #102 Spring Preparations" in text and "impulse ends" not in text
    assert st.units_at(s, "paris", "france").get("regular", 0) == paris
    assert cards.where(s, "102") == "discard" and s["debaters"]["luther"]["status"] == "committed"
    assert decision(s) == "deploy"


def test_37_the_wartburg_passed_in_the_spring_window_the_event_resolves():
    from .test_events_spring import at_spring_window, pass_window
    s = at_spring_window()
    give(s, "france", "102")
    give(s, "protestant", "37")
    paris = st.units_at(s, "paris", "france").get("regular", 0)
    s = pass_window(play(s, "france", "play:102"))
    s = play(s, "protestant", "pass")
    assert st.units_at(s, "paris", "france")["regular"] == paris + 1 and "37" in cards.zone(s, cards.hand("protestant"))


def emperor_announced(holder: str | None):
    """The Hapsburg plays #2 Holy Roman Emperor and announces Charles V's transfer to Vienna; `holder` holds
    #32 Gout (None: Gout out of play)."""
    from .test_debate import to_impulse
    s = to_impulse(setup(), "hapsburg")
    give(s, "hapsburg", "2")
    out_of_play(s, "32")
    if holder:
        give(s, holder, "32")
    s = play(s, "hapsburg", "event:2")
    return play(s, "hapsburg", "move:vienna")


def test_32_gout_cancels_the_holy_roman_emperor_transfer_and_no_cp_is_lost():
    """#32 Gout against #2 Holy Roman Emperor (21.2: "Gout can cancel the move"): France plays it; Charles V
    stays, the Hapsburg keeps its 5 CP, and Charles moves no more this impulse (DECISIONS 973)."""
    s = emperor_announced("france")
    before = s["leaders"]["charles-v"]
    assert decision(s) == "responses"
    while ENGINE.active_roles(s) != ["france"]:
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    assert "announces Charles V's transfer to Vienna" in ENGINE.prompt(s, "france").text
    assert "card:32:charles-v" in [a.id for a in ENGINE.legal_actions(s, "france")]
    s = play(s, "france", "card:32:charles-v")
    assert s["leaders"]["charles-v"] == before != "vienna"
    assert decision(s) == "spend" and s["impulse"]["cp"] == 5 and "charles-v" in s["impulse"]["gout"]
    assert cards.where(s, "32") == "discard"


def test_32_no_gout_window_when_gout_is_out_of_play_and_the_transfer_happens():
    s = emperor_announced(None)
    assert s["leaders"]["charles-v"] == "vienna" and decision(s) == "spend" and s["impulse"]["cp"] == 5


def venice_attacked_papacy_intervenes(papal_port: bool = True):
    """1532, turn 2's Diplomacy phase: the Hapsburg declares war on Venice and the Papacy intervenes (9.6), holding
    #108 Venetian Alliance; The Wartburg is out of play."""
    from rules.core import SetupArgs
    from rules.hereistand.data import MAJORS
    from .religious_phases import through_theses
    s = through_theses(ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 3)))
    out_of_play(s, "37")
    give(s, "papacy", "108")
    for power in MAJORS:
        s = play(s, power, "done")                                     # no deals
    while decision(s) in ("sue", "ransom"):
        s = play(s, ENGINE.active_roles(s)[0], "done")
    s = play(s, "ottoman", "done")
    s = play(play(s, "hapsburg", "war:venice"), "hapsburg", "done")
    for power in ("england", "france", "papacy", "protestant"):
        s = play(s, power, "done")
    s = play(s, "papacy", "intervene")
    while decision(s) == "pay_war" and ENGINE.active_roles(s) == ["hapsburg"]:
        s = play(s, "hapsburg", ENGINE.legal_actions(s, "hapsburg")[-1].id)
    return s


def test_108_venetian_alliance_pays_the_papal_intervention_then_reinforces_venice():
    """#108 Venetian Alliance (9.6 steps 4–5, the card's Diplomacy-phase use; DECISIONS 974): the Papacy pays its
    2 CP intervention with the event; the war is declared, Venice joins the Papacy, then 1 Venetian regular and
    2 Venetian squadrons arrive in the Papal port it picks."""
    s = venice_attacked_papacy_intervenes()
    assert decision(s) == "pay_war" and ENGINE.active_roles(s) == ["papacy"]
    assert "event:108" in [a.id for a in ENGINE.legal_actions(s, "papacy")]
    s = play(s, "papacy", "event:108")
    assert s["minor_allies"]["venice"] == "papacy" and st.at_war(s, "hapsburg", "papacy")
    assert cards.where(s, "108") == "discard" and decision(s) == "venetian_units"
    port = ENGINE.legal_actions(s, "papacy")[0].id
    squadrons = st.units_at(s, port.split(":")[1], "venice").get("squadron", 0)
    s = play(s, "papacy", port)
    assert st.units_at(s, port.split(":")[1], "venice")["squadron"] == squadrons + 2
    assert s["events_played"]["108"] == 1


def test_73_diplomatic_marriage_activates_a_minor_in_the_diplomacy_phase():
    """#73 Diplomatic Marriage (a) in the Diplomacy phase (6.1's table: usable in the Diplomacy phase; 22.2 method
    4; DECISIONS 975): offered with the Papacy's declarations of war; Venice becomes its ally, and the Papacy is
    then asked again for its declarations."""
    from rules.core import SetupArgs
    from rules.hereistand.data import MAJORS
    from .religious_phases import through_theses
    s = through_theses(ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 3)))
    out_of_play(s, "37")
    give(s, "papacy", "73")
    for power in MAJORS:
        s = play(s, power, "done")
    while decision(s) in ("sue", "ransom"):
        s = play(s, ENGINE.active_roles(s)[0], "done")
    for power in ("ottoman", "hapsburg", "england", "france"):
        assert "event:73" not in [a.id for a in ENGINE.legal_actions(s, power)]
        s = play(s, power, "done")
    assert decision(s) == "declare" and "event:73" in [a.id for a in ENGINE.legal_actions(s, "papacy")]
    from rules.hereistand.diplomatic_marriage import diplomacy_action
    assert not list(diplomacy_action(s, "papacy", 4))        # the rest of the hand must still pay for its wars
    assert invariance_problems(ENGINE, s, ("papacy", "done")) == []      # holding #73 or not, asked the same
    s = play(s, "papacy", "event:73")
    assert decision(s) == "diplomatic_marriage"
    s = play(s, "papacy", "activate:venice")
    assert s["minor_allies"]["venice"] == "papacy" and cards.where(s, "73") == "discard"
    assert decision(s) == "declare" and ENGINE.active_roles(s) == ["papacy"]
    assert "event:73" not in [a.id for a in ENGINE.legal_actions(s, "papacy")]


def test_21_7_combat_cards_in_a_foreign_war_battle(dice):
    """21.7 ("resolves like a field battle"; DECISIONS 976): fighting the war in Persia, the Ottoman plays #25
    Field Artillery (3 dice) before the roll and #1 Janissaries (5 dice) after it; every card's dice are named."""
    from .test_foreign_wars import at_war_spending
    from .test_debate import log_after
    s = out_of_play(at_war_spending(), "24")
    give(s, "ottoman", "25")
    if "1" not in cards.zone(s, cards.hand("ottoman")):          # the impulse's card may have been #1 itself
        give(s, "ottoman", "1")
    s = play(s, "ottoman", "foreign:110")
    assert decision(s) == "combat_cards" and ENGINE.active_roles(s) == ["ottoman"]
    assert "the war in Persia" in ENGINE.prompt(s, "ottoman").text
    dice += [[1] * 9, [1, 1, 1, 1]]                 # 5 units + 1 Ibrahim Pasha + 3 Field Artillery; the Persians 4
    s = play(s, "ottoman", "card:25")               # nothing more to ask for: the roll follows
    assert decision(s) == "janissaries"
    dice += [[6, 6, 5, 5, 1]]
    s, text = log_after(s, "ottoman", "janissaries")
    assert "9 dice (5 units + 1 Ibrahim Pasha's battle rating + 3 Field Artillery)" in text
    assert "#1 Janissaries for the attacker: 5 dice, hits on 5 or 6: 6 6 5 5 1 — 4 hits" in text
    from rules.hereistand.foreign_wars import wars
    assert "110" not in wars(s) and not s.get("combat")            # 4 hits: the Persians are gone


def test_21_7_janissaries_event_may_place_on_the_foreign_war_card():
    """#1 Janissaries (b): the 4 new regulars may go onto War in Persia's card as well as into Ottoman home
    spaces (DECISIONS 976)."""
    from .test_foreign_wars import war_begun
    from rules.hereistand.foreign_wars import wars
    s = war_begun(110)
    while decision(s) == "war_units":
        s = play(s, "ottoman", next(a.id for a in ENGINE.legal_actions(s, "ottoman")
                                    if a.id.startswith("send:istanbul:regular")))
    s = play(s, "ottoman", "lead:ibrahim-pasha")
    while ENGINE.active_roles(s) != ["ottoman"]:
        role = ENGINE.active_roles(s)[0]
        acts = [a.id for a in ENGINE.legal_actions(s, role)]
        s = play(s, role, next((a for a in acts if a.startswith("cp:")), "done" if "done" in acts else acts[0]))
    out_of_play(s, "37")
    if "1" not in cards.zone(s, cards.hand("ottoman")):          # spent in an earlier impulse of the round
        give(s, "ottoman", "1")
    s = play(s, "ottoman", "event:1")
    assert decision(s) == "place_units" and "war:110" in [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    label = next(a.label for a in ENGINE.legal_actions(s, "ottoman") if a.id == "war:110")
    assert label == "Place a regular on the card of the war in Persia"
    s = play(s, "ottoman", "war:110")
    assert wars(s)["110"]["units"] == {"regular": 6}


# ---- a test of its effect for each religious event the parts tested only by refusal (18.3, 18.4) ----------------
def religious_event(power, card, turn=None, uncommitted=(), protestant=()):
    from .test_reformation import impulse_of
    s = without_wartburg(impulse_of(power, card, turn=turn))
    for debater in uncommitted:                                   # on the map and ready, as the card needs
        s["debaters"][debater]["status"] = "uncommitted"
    s["religion"] = sorted({*s["religion"], *protestant})
    return ENGINE.apply(s, power, f"event:{card}").state


def test_44_affair_of_the_placards_commits_cop_three_attempts_in_the_french_zone():
    """#44 Affair of the Placards (18.3; DECISIONS 510): Cop committed, 3 reformation attempts in the French zone."""
    s = religious_event("protestant", "44", turn=2, uncommitted=["cop"], protestant=["paris"])
    assert s["debaters"]["cop"]["status"] == "committed"
    text = ENGINE.prompt(s, "protestant").text
    assert decision(s) == "attempt_target" and "3 attempts left" in text and "French" in text


def test_63_dissolution_of_the_monasteries_england_draws_two_then_three_english_attempts():
    """#63 Dissolution of the Monasteries (18.3): England draws 2 cards, then 3 reformation attempts in the English
    zone."""
    s0 = religious_event("england", "63", turn=2)
    text = ENGINE.prompt(s0, ENGINE.active_roles(s0)[0]).text
    assert decision(s0) == "attempt_target" and "3 attempts left" in text and "English" in text


def test_61_mary_defies_council_three_counter_reformation_attempts_in_the_english_zone():
    """#61 Mary Defies Council (18.4): 3 counter-reformation attempts in the English zone, for the Papacy."""
    s = religious_event("papacy", "61", turn=2, protestant=["london", "lincoln"])
    role = ENGINE.active_roles(s)[0]
    text = ENGINE.prompt(s, role).text
    assert decision(s) == "attempt_target" and "3 attempts left" in text and "English" in text


def test_85_katharina_bora_commits_luther_five_attempts():
    """#85 Katharina Bora (18.3): Luther committed, 5 reformation attempts."""
    s = religious_event("protestant", "85")
    assert s["debaters"]["luther"]["status"] == "committed"
    assert decision(s) == "attempt_target" and "5 attempts left" in ENGINE.prompt(s, "protestant").text


def test_41_marburg_colloquy_commits_a_pair_and_attempts_their_values():
    """#41 Marburg Colloquy (18.3): one of Luther and Melanchthon and one of Zwingli and Oekolampadius are committed;
    as many attempts as their values add up to."""
    from rules.hereistand import debaters as dbt
    s = religious_event("protestant", "41", turn=3, uncommitted=["zwingli"])
    assert decision(s) == "marburg"
    pick = ENGINE.legal_actions(s, "protestant")[0].id
    _, a, b = pick.split(":")
    total = dbt.value(s, a) + dbt.value(s, b)
    s = play(s, "protestant", pick)
    assert dbt.status(s, a) == dbt.status(s, b) == "committed"
    assert f"{total} attempts left" in ENGINE.prompt(s, "protestant").text


def test_62_book_of_common_prayer_commits_cranmer_four_attempts_in_english_home_spaces():
    """#62 Book of Common Prayer (18.3): Cranmer committed, 4 reformation attempts in English home spaces only."""
    s = religious_event("england", "62", turn=3, uncommitted=["cranmer"], protestant=["london"])
    assert s["debaters"]["cranmer"]["status"] == "committed"
    role = ENGINE.active_roles(s)[0]
    text = ENGINE.prompt(s, role).text
    assert decision(s) == "attempt_target" and "4 attempts left" in text
    from rules.hereistand.data import load
    english = set(load().home_spaces("england"))
    targets = [a.id.split(":")[1] for a in ENGINE.legal_actions(s, role) if a.id.startswith("target:")]
    assert targets and set(targets) <= english

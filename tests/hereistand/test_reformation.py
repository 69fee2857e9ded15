"""Turn 1's religious phases and the religious actions at the table (rules 18.1, 18.3, 18.4, 21.6), with
scripted dice: the 95 Theses (the 18.3 worked example), the Diet of Worms, treatises, translations, burning
books and the religious events."""

from __future__ import annotations

import pytest

from rules.core import SetupArgs, cards
from rules.core.contract import IllegalAction
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .religious_phases import through_theses
from .combat_play import without_wartburg


def start(scenario="1517"):
    return ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, 6)), 1))


def play(s, role, action):
    return ENGINE.apply(s, role, action)


def labels(s, role):
    return {a.id: a.label for a in ENGINE.legal_actions(s, role)}


def texts(outcome):
    return [e.text for e in outcome.log]


def test_18_1_theses_place_luther_and_offer_five_german_attempts():
    """18.1 phase 1: Luther in Wittenberg, which turns Protestant with its 2 regulars (21.6); the card leaves
    the game; the Protestant picks the first of 5 German attempts."""
    s = start()
    assert s["reformers"] == {"luther": "wittenberg"} and "wittenberg" in s["religion"]
    assert st.units_at(s, "wittenberg", "protestant") == {"regular": 2}
    assert "8" in cards.zone(s, "removed")
    assert ENGINE.waiting(s)["decision"] == "attempt_target"
    assert "5 attempts left" in ENGINE.prompt(s, "protestant").text


def test_18_3_worked_example_second_attempt(dice):
    """18.3 example: Brandenburg flips first (its regular enters); the second attempt's choices show the
    example's dice — Lubeck 3 v 3, Stettin 3 v 1, Breslau 6 v 1 (outside the zone), Prague 4 v 5, Leipzig 4 v 4,
    Magdeburg 6 v 3 — and Magdeburg is taken."""
    s = start()
    dice += [[1, 2, 3, 3], [1, 2, 2, 3]]                    # 4 v 4 in Brandenburg: 3 v 3, a tie in the zone
    out = play(s, "protestant", "target:brandenburg")
    s = out.state
    assert "A tie: the attempt succeeds." in texts(out)
    assert "1 Protestant regular enters Brandenburg from the electorate display." in texts(out)
    offered = labels(s, "protestant")
    assert offered["target:lubeck"] == "Lubeck (German zone): 3 dice against 3; ties and 6s win"
    assert offered["target:stettin"] == "Stettin (German zone): 3 dice against 1; ties and 6s win"
    assert offered["target:breslau"] == "Breslau (no language zone): 6 dice against 1; ties lose"
    assert offered["target:prague"] == "Prague (no language zone): 4 dice against 5; ties lose"
    assert offered["target:leipzig"] == "Leipzig (German zone): 4 dice against 4; ties and 6s win"
    assert offered["target:magdeburg"] == "Magdeburg (German zone): 6 dice against 3; ties and 6s win"
    dice += [[1, 1, 2, 3, 4, 4], [4, 2, 1]]
    out = play(s, "protestant", "target:magdeburg")
    assert "magdeburg" in out.state["religion"]
    assert any(t.startswith("The Papacy rolls 3 dice (adjacent Catholic spaces Brunswick, Erfurt, Lubeck +3)")
               for t in texts(out))


def test_18_3_a_space_that_is_no_target_is_refused_with_its_reason():
    s = start()
    with pytest.raises(IllegalAction, match="Vienna has no reformer, no adjacent Protestant space"):
        play(s, "protestant", "target:vienna")
    with pytest.raises(IllegalAction, match="Wittenberg is already Protestant"):
        play(s, "protestant", "target:wittenberg")


def diet(s):
    s = through_theses(s)
    s = play(s, "england", "done").state
    s = play(s, "england", "done").state
    assert ENGINE.waiting(s)["decision"] == "worms_cards"
    return s


def lowest(s, power):
    hand = [c for c in cards.zone(s, cards.hand(power)) if st.load().card(int(c)).type != "mandatory"]
    return min(hand, key=lambda c: (st.load().card(int(c)).cp or 0, int(c)))


def test_18_1_diet_of_worms_secret_cards_then_dice_and_flips(dice):
    """18.1 phase 4: three secret cards revealed together; the Protestant rolls CP + 4, the Papacy and the
    Hapsburg their CP; 2 more Protestant hits flip 2 German spaces next to Protestant ones."""
    s = diet(start())
    picks = {p: lowest(s, p) for p in ("protestant", "papacy", "hapsburg")}
    cp = {p: st.load().card(int(c)).cp for p, c in picks.items()}
    s = play(s, "protestant", f"card:{picks['protestant']}").state
    s = play(s, "papacy", f"card:{picks['papacy']}").state
    dice += [[6, 5] + [1] * (cp["protestant"] + 2), [1] * cp["papacy"], [1] * cp["hapsburg"]]
    out = play(s, "hapsburg", f"card:{picks['hapsburg']}")
    s = out.state
    assert any(t.startswith("Revealed") for t in texts(out))
    assert any(t.startswith(f"The Protestant rolls {cp['protestant'] + 4} dice") for t in texts(out))
    assert "The Diet of Worms: 2 Protestant hits against 0 Catholic hits." in texts(out)
    assert ENGINE.waiting(s)["decision"] == "worms_flip"
    offered = labels(s, "protestant")
    assert "flip:leipzig" in offered and "flip:vienna" not in offered and "flip:prague" not in offered
    s = play(s, "protestant", "flip:leipzig").state
    assert "flip:nuremberg" in labels(s, "protestant")            # Leipzig now counts for adjacency
    s = play(s, "protestant", "flip:nuremberg").state
    assert {"leipzig", "nuremberg"} <= set(s["religion"])
    assert ENGINE.waiting(s)["decision"] != "worms_flip"
    for p, c in picks.items():
        assert c not in cards.zone(s, cards.hand(p))


# ---- the CP actions of 18.1 and the events ----------------------------------------------------------------
def impulse_of(power, card, scenario="1517", turn=None):
    """The Action phase of the first turn with `power` to play `card` (given to it); for tests only."""
    from .religious_phases import through_worms
    s = through_theses(start(scenario))
    while ENGINE.waiting(s)["decision"] != "impulse":
        role = ENGINE.active_roles(s)[0]
        ids = [a.id for a in ENGINE.legal_actions(s, role)]
        pick = next((i for i in ("done", "skip", "pass") if i in ids), ids[0])
        s = play(s, role, pick).state
        s = through_worms(s)
    s["flow"][-1]["local"]["role"] = power
    where = cards.where(s, card)
    if where is None:                                        # a later card, not in the game yet
        cards.zone(s, cards.hand(power)).append(card)
    else:
        cards.move(s, card, where, cards.hand(power))
    if turn:
        s["turn"] = turn
    return without_wartburg(s) if card != "37" else s     # no cancelling window (test_response_cards)


def test_18_1_publish_treatise_zone_then_two_attempts():
    """18.1: 2 CP, the zone chosen first, then 2 attempts; the dice shown with the choice."""
    s = impulse_of("protestant", "90")                       # Printing Press, 5 CP
    s = play(s, "protestant", "cp:90").state
    assert "religious:treatise" in labels(s, "protestant")
    s = play(s, "protestant", "religious:treatise").state
    assert s["impulse"]["cp"] == 3
    assert set(labels(s, "protestant")) == {"zone:german", "zone:french", "zone:english"}
    s = play(s, "protestant", "zone:german").state
    assert ENGINE.waiting(s)["decision"] == "attempt_target"
    assert "2 attempts left, the German zone" in ENGINE.prompt(s, "protestant").text
    s = play(s, "protestant", "stop").state
    assert ENGINE.waiting(s)["decision"] == "spend"


def test_18_1_translation_completes_the_new_testament_with_six_attempts():
    """18.1: 1 CP a box; the sixth box of the New Testament gives 6 attempts in that zone."""
    s = impulse_of("protestant", "90")
    s["translations"]["french"]["new_testament"] = 4
    s = play(s, "protestant", "cp:90").state
    assert "(4 of 6 boxes; 1 CP)" in labels(s, "protestant")["religious:translate:french"]
    s = play(s, "protestant", "religious:translate:french").state
    out = play(s, "protestant", "religious:translate:french")
    assert out.state["translations"]["french"]["new_testament"] == 6
    assert "The French New Testament: 6 reformation attempts in the French zone." in texts(out)
    assert ENGINE.waiting(out.state)["decision"] == "attempt_target"


def test_23_2_full_bible_gives_a_vp():
    s = start()
    before = st.victory_points(s, "protestant")
    s["translations"]["german"] = {"new_testament": 6, "full_bible": 10}
    assert st.victory_points(s, "protestant") == before + 1


def test_18_1_st_peters_and_burn_books():
    """18.1: St. Peter's 1 CP a box (5 CP a VP); burn books 2 CP, 2 counter-reformation attempts in a zone."""
    s = impulse_of("papacy", "90")
    s["religion"] = ["wittenberg"]                          # whatever the Diet did
    s = play(s, "papacy", "cp:90").state
    s["tracks"]["st_peters_cp"] = 4
    out = play(s, "papacy", "religious:st_peters")
    assert out.state["tracks"]["st_peters_vp"] == 1 and out.state["tracks"]["st_peters_cp"] == 0
    s = play(out.state, "papacy", "religious:burn").state
    s = play(s, "papacy", "zone:german").state
    offered = labels(s, "papacy")
    assert "target:wittenberg" in offered and "ties lose" in offered["target:wittenberg"]   # Leo X: no ties


def test_events_printing_press_and_a_mighty_fortress():
    """18.3: Printing Press gives +1 die all turn and 3 attempts in any zone; an event is offered with its
    effect and refused with its reason when its debater is committed."""
    s = impulse_of("protestant", "90")
    offered = labels(s, "protestant")
    assert offered["event:90"].startswith("Play #90 Printing Press as its event:")
    s = play(s, "protestant", "event:90").state
    assert "90" in cards.zone(s, "discard")
    assert ENGINE.waiting(s)["decision"] == "attempt_target"
    assert "3 attempts left, any zone" in ENGINE.prompt(s, "protestant").text
    assert "Printing Press this turn" in str(__import__("rules.hereistand.religion", fromlist=["x"]).dice_for(
        s, __import__("rules.hereistand.religion", fromlist=["x"]).Attempt("reformation", None), "leipzig")[0])


def test_events_refused_when_a_named_debater_is_committed():
    s = impulse_of("protestant", "65")
    s["debaters"] = {"luther": {"side": "protestant", "zone": "german", "value": 4, "status": "committed"}}
    assert "event:65" not in labels(s, "protestant")
    with pytest.raises(IllegalAction, match="Martin Luther is not an uncommitted debater"):
        play(s, "protestant", "event:65")


def test_erasmus_turns_counter_reformation_from_turn_3():
    s = impulse_of("hapsburg", "75", turn=3)
    s["religion"] = ["wittenberg"]                          # whatever the Diet did
    s = play(s, "hapsburg", "event:75").state
    assert ENGINE.active_roles(s) == ["papacy"]
    assert "counter-reformation" in ENGINE.prompt(s, "papacy").text


def test_6_1_defender_of_the_faith_is_played_as_its_event_then_2_cp():
    """A mandatory event with its event (DECISIONS.md 511): never for CP; the Papacy's 3 counter-reformation
    attempts in any zone, then the player's 2 CP (6.1); England playing it draws a card."""
    s = impulse_of("england", "11")
    s["religion"] = ["wittenberg"]
    offered = labels(s, "england")
    assert "cp:11" not in offered and "event:11" in offered
    assert "pass" not in offered                                   # 6.1: it holds a mandatory event
    hand = len(cards.zone(s, cards.hand("england")))
    s = play(s, "england", "event:11").state
    assert ENGINE.active_roles(s) == ["papacy"] and "counter-reformation" in ENGINE.prompt(s, "papacy").text
    s = play(s, "papacy", "stop").state
    assert len(cards.zone(s, cards.hand("england"))) == hand            # one played, one drawn
    assert ENGINE.waiting(s)["decision"] == "spend" and s["impulse"]["cp"] == 2
    assert "11" in cards.zone(s, "removed")


def test_society_of_jesus_places_two_universities_and_opens_the_action():
    """Society of Jesus: the Papacy places 2 universities in Catholic spaces, then Found Jesuit University
    (3 CP) is offered."""
    s = impulse_of("papacy", "15")
    s = play(s, "papacy", "event:15").state
    assert ENGINE.waiting(s)["decision"] == "university_site"
    s = play(s, "papacy", "site:vienna").state
    with pytest.raises(IllegalAction):
        play(s, "papacy", "site:vienna")                          # one university a space
    s = play(s, "papacy", "site:leipzig").state
    assert s["universities"] == ["leipzig", "vienna"] and s["society_of_jesus"]
    assert ENGINE.waiting(s)["decision"] == "spend" and s["impulse"]["cp"] == 2     # mandatory: 2 CP after
    assert "religious:university" not in labels(s, "papacy")          # 3 CP needed


def test_18_3_jesuit_universities_add_papal_dice(dice):
    """18.3 step 6: +2 Papal dice for a university in the target, +1 for one adjacent."""
    from rules.hereistand import religion as rl
    s = st.initial_state("1517")
    s["rng"] = {"seed": 1, "draws": 0}
    s["universities"] = ["leipzig"]
    a, d = rl.dice_for(s, rl.Attempt("reformation", "german"), "leipzig")
    assert ("Jesuit university in the target", 2) in d
    b, d2 = rl.dice_for(s, rl.Attempt("reformation", "german"), "nuremberg")
    assert ("Jesuit university adjacent in Leipzig", 1) in d2


def test_calvins_institutes_add_one_to_each_die_in_the_french_zone(dice):
    """18.3 step 4: +1 on each Protestant die when the target is in the event's zone."""
    from rules.hereistand import religion as rl
    s = st.initial_state("1532")
    s["rng"] = {"seed": 1, "draws": 0}
    attempt = rl.Attempt("reformation", "french", die_plus="Calvin's Institutes")
    target = next(sp for sp in rl.targets(s, "reformation") if rl.zone_of(sp) == "french")
    mine, theirs = rl.dice_for(s, attempt, target)
    dice += [[5] * sum(n for _, n in mine), [6] * sum(n for _, n in theirs)]
    ok, lines = rl.resolve(s, attempt, target)
    assert "+1 on each die" in lines[1] and "highest 6" in lines[1]
    assert ok                                                   # 6 v 6 in the zone: a tie wins


def test_augsburg_confession_takes_one_from_each_papal_die(dice):
    from rules.hereistand import religion as rl
    s = st.initial_state("1532")
    s["rng"] = {"seed": 1, "draws": 0}
    cards.add_modifier(s, rl.AUGSBURG, until="turn")
    attempt = rl.Attempt("counter", "german")
    target = "augsburg"
    mine, theirs = rl.dice_for(s, attempt, target)
    dice += [[6] * sum(n for _, n in mine), [5] * sum(n for _, n in theirs)]
    ok, lines = rl.resolve(s, attempt, target)
    assert "−1 on each die — highest 5" in lines[1]
    assert not ok                                # 5 v 5: under Clement VII a tie goes to the Protestant


def test_23_1_religious_victory_at_once(dice):
    """23.1: the attempt that makes more than 50 Protestant spaces (none in unrest) ends the game at once."""
    from rules.hereistand import religion as rl
    s = start()
    others = [sp for sp in st.load().spaces if rl.is_catholic(s, sp) and sp != "brandenburg"][:50]
    s["religion"] = sorted(set(s["religion"]) | set(others))
    assert rl.protestant_count(s) == 51 and rl.religious_victory_reached(s)
    s["unrest"] = [others[0]]                               # one in unrest: 50 count, no victory
    assert not rl.religious_victory_reached(s)
    s["unrest"] = []
    s["religion"].remove(others[0])                         # 50: the next flip wins
    a, _ = rl.dice_for(s, rl.Attempt("reformation", "german", bonus=[("95 Theses", 1)]), "brandenburg")
    dice += [[6] + [1] * (sum(n for _, n in a) - 1)]
    out = play(s, "protestant", "target:brandenburg")
    result = ENGINE.result(out.state)
    assert result is not None and result.reason == "religious victory" and result.winners == ("protestant",)
    assert "The Protestant wins a religious victory with 51 Protestant spaces." in texts(out)


def test_8_2_zwingli_and_calvin_arrive_on_their_turns():
    """8.2 / 2.5: Zwingli in Zurich on turn 2, Calvin in Geneva on turn 4; each space turns Protestant."""
    from rules.hereistand import religion as rl
    s = st.initial_state("1517")
    s["turn"] = 2
    lines = rl.reformer_arrivals(s)
    assert s["reformers"]["zwingli"] == "zurich" and "zurich" in s["religion"]
    assert lines[0] == "Huldrych Zwingli arrives in Zurich."
    assert rl.reformer_arrivals(s) == []                          # once
    s["turn"] = 4
    rl.reformer_arrivals(s)
    assert s["reformers"]["calvin"] == "geneva" and "geneva" in s["religion"]


def test_19_8_society_of_jesus_due_in_winter_resolves_for_the_papacy():
    """19.8 (DECISIONS.md 511): a due mandatory event with an event resolves in Winter; nobody holding it,
    the power its event names (the Papacy) places the universities."""
    from rules.hereistand import events
    s = start()
    s["turn"] = 6
    cards.zone(s, "deck").append("15")
    called = []

    class G:
        state = s

        def log(self, text, **kw):
            pass

        def call(self, name, **local):
            called.append((name, local))

    events.mandatory_deadlines(G())
    assert called == [("deadline_events", {"cards": ["15"]})]
    assert events.deadline_actor("15") == "papacy"


def test_18_1_england_publishes_with_cranmer_on_the_map():
    """18.1: England's treatise costs 3 CP, only while Cranmer is on the map, English zone only; England
    picks the targets (18.3)."""
    s = impulse_of("england", "90")
    s = play(s, "england", "cp:90").state
    assert "religious:treatise_england" not in labels(s, "england")
    s["reformers"]["cranmer"] = "london"
    s["religion"] = sorted({*s["religion"], "london"})
    assert labels(s, "england")["religious:treatise_england"].endswith("(3 CP)")
    s = play(s, "england", "religious:treatise_england").state
    assert s["impulse"]["cp"] == 2 and ENGINE.active_roles(s) == ["england"]
    assert "the English zone" in ENGINE.prompt(s, "england").text


def test_18_1_the_full_bible_gives_six_attempts_with_plus_one():
    """18.1 / 18.3 step 4: the tenth box completes the Bible: 1 VP and 6 attempts, +1 on each die in its zone."""
    s = impulse_of("protestant", "90")
    s["translations"]["german"] = {"new_testament": 6, "full_bible": 9}
    s = play(s, "protestant", "cp:90").state
    out = play(s, "protestant", "religious:translate:german")
    assert "The German Bible is complete: 1 VP to the Protestant." in texts(out)
    offered = labels(out.state, "protestant")
    german = [v for k, v in offered.items() if k.startswith("target:") and "(German zone)" in v]
    assert german and all("+1 on each die" in v for v in german)
    assert not any("+1 on each die" in v for k, v in offered.items() if "(German zone)" not in v)


def test_18_1_diet_card_asked_even_with_one_legal_card_when_the_hand_hides_it():
    """18.1 phase 4 with issue 33: a power with two cards of which one is a mandatory event has one card it
    may commit, but the others cannot know that, so it is still asked; a power holding a single card is
    answered by the engine (its hand's size is public)."""
    s = diet(start())
    data = st.load()
    hand = cards.hand("protestant")
    ordinary = next(c for c in cards.zone(s, "deck") + cards.zone(s, hand)
                    if data.card(int(c)).type not in ("mandatory", "home"))
    mandatory = "11"                                         # a mandatory event (Defender of the Faith)
    assert data.card(11).type == "mandatory"
    for c in list(cards.zone(s, hand)):
        cards.move(s, c, hand, "deck")
    cards.move(s, ordinary, "deck", hand)
    origin = cards.where(s, mandatory)                       # wherever the deal put it
    cards.move(s, mandatory, origin, hand)
    assert [a.id for a in ENGINE.legal_actions(s, "protestant")] == [f"card:{ordinary}"]
    assert ENGINE.protects_secret(s, "protestant") and ENGINE.forced_answer(s, "protestant") is None
    cards.move(s, mandatory, hand, origin)
    assert not ENGINE.protects_secret(s, "protestant")
    assert ENGINE.forced_answer(s, "protestant") == f"card:{ordinary}"

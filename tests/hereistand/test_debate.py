"""Theological debates (rule 18.5), called for 3 CP (18.1), with the rulebook's Leipzig example; debaters as
pieces (8.2 arrival, 18.2, 19 step 8) and debate VP (23.2)."""

from __future__ import annotations

import copy
import functools

import pytest

from rules.core import SetupArgs, cards, rng
from rules.core.contract import IllegalAction
from rules.hereistand import debaters as dbt
from rules.hereistand import religion as rl
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .religious_phases import through_theses, through_worms
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)
from .combat_play import without_wartburg


@pytest.fixture
def draws(monkeypatch):
    """Scripted random draws of debaters: each draw takes the next name, which must be in the pool."""
    script: list[str] = []

    def choice(state, items):
        if script and script[0] in items:
            return script.pop(0)
        assert not script, f"the script wants {script[0]}, the pool is {items}"
        return items[0]

    monkeypatch.setattr("rules.core.rng.choice", choice)
    return script


_REAL_DICE = (rng.roll, rng.choice)


@functools.lru_cache(maxsize=None)
def _set_up(scenario: str):
    """The scenario set up with the seeded dice, never a test's scripted ones (the 1532 set-up rolls the
    colonies' riches at its first Card Draw)."""
    scripted = (rng.roll, rng.choice)
    rng.roll, rng.choice = _REAL_DICE
    try:
        return ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, 6)), 1))
    finally:
        rng.roll, rng.choice = scripted


def setup(scenario="1517"):
    return copy.deepcopy(_set_up(scenario))


def play(s, role, action):
    return ENGINE.apply(s, role, action).state


def decision(s):
    return ENGINE.waiting(s)["decision"]


def ids(s, role):
    return [a.id for a in ENGINE.legal_actions(s, role)]


def forced_moves(out):
    """The (role, action) pairs the engine answered itself in this outcome, each logged to its role."""
    lines = [e for e in out.log if e.kind == "automatic"]
    assert all("the only choice, taken automatically" in e.text for e in lines)
    return [(e.data["role"], e.data["action"]) for e in lines]


def log_after(s, role, action):
    out = ENGINE.apply(s, role, action)
    return out.state, " ".join(e.text for e in out.log)


def after_theses(s):
    """Luther at Wittenberg, Wittenberg Protestant (the position after the 95 Theses)."""
    s["reformers"]["luther"] = "wittenberg"
    if "wittenberg" not in s["religion"]:
        rl.flip(s, "wittenberg", rl.PROTESTANT)
    return s


def to_impulse(s, power):
    """Through turn 1's religious phases (religious_phases.py), diplomacy and deployment; the powers before
    `power` play a card for CP and end."""
    s = through_theses(s)
    while decision(s) != "impulse":
        if decision(s) in ("worms_cards", "worms_flip"):
            s = through_worms(s)
            continue
        role = ENGINE.active_roles(s)[0]
        s = play(s, role, ENGINE.default_action(s, role))
    while ENGINE.active_roles(s) != [power]:
        role = ENGINE.active_roles(s)[0]
        card = next(a.id for a in ENGINE.legal_actions(s, role) if a.id.startswith("cp:"))
        s = play(play(s, role, card), role, "done")
    for home in ((5, 6, 7) if power in ("papacy", "protestant") else ()):   # back in hand if spent at Worms
        give(s, "protestant" if home == 7 else "papacy", home)
    return without_wartburg(s)                 # no cancelling window after each event (test_response_cards)


def give(s, power, number):
    """Put card `number` in `power`'s hand (from wherever it is)."""
    card = str(number)
    for name, zone in s["zones"].items():
        if card in zone:
            cards.move(s, card, name, cards.hand(power))
            return s
    cards.zone(s, cards.hand(power)).append(card)                          # a card of a later turn
    return s


def test_8_2_starting_debaters_and_arrivals():
    """8.2: the Protestant starts with 4 German debaters, the Papacy with 5; the rest arrive on their turn."""
    s = setup()
    assert sorted(dbt.uncommitted(s, "protestant")) == ["bucer", "carlstadt", "luther", "melanchthon"]
    assert sorted(dbt.uncommitted(s, "papacy")) == ["aleander", "cajetan", "campeggio", "eck", "tetzel"]
    assert dbt.status(s, "zwingli") == dbt.WAITING and dbt.status(s, "cranmer") == dbt.WAITING
    assert (dbt.value(s, "luther"), dbt.value(s, "melanchthon"), dbt.value(s, "carlstadt")) == (4, 3, 1)
    assert (dbt.value(s, "eck"), dbt.value(s, "aleander")) == (3, 2)
    s1532 = setup("1532")
    assert dbt.status(s1532, "zwingli") == dbt.REMOVED and dbt.status(s1532, "calvin") == dbt.UNCOMMITTED


def test_18_1_who_may_call_a_debate():
    """18.1: 3 CP, the Papacy or the Protestant; not in a zone where the Protestant has no debater; the
    Protestant not with every debater of the zone committed, the Papacy not with all of its committed."""
    s = to_impulse(setup(), "papacy")
    s = play(s, "papacy", "cp:5")                                     # Papal Bull for its 4 CP
    assert "debate:german" in ids(s, "papacy")
    assert "debate:french" not in ids(s, "papacy")                      # no French Protestant debater yet
    with pytest.raises(IllegalAction, match="the Protestant has no debater in the English zone"):
        ENGINE.apply(s, "papacy", "debate:english")
    for d in dbt.of_side(s, "papacy"):
        dbt.set_status(s, d, dbt.COMMITTED)
    assert "debate:german" not in ids(s, "papacy")
    with pytest.raises(IllegalAction, match="every Papal debater is committed"):
        ENGINE.apply(s, "papacy", "debate:german")


def leipzig_position(dice_script, draws_script):
    """The 18.5 example's position: turn 1, the Papacy's impulse; Carlstadt committed (he used his ability in
    a treatise); Luther at Wittenberg."""
    s = after_theses(to_impulse(setup(), "papacy"))
    dbt.set_status(s, "carlstadt", dbt.COMMITTED)
    return s


def test_18_5_leipzig_example_by_cp(dice, draws):
    """18.5 example: Eck (3 + 3 + 1 = 7 dice) against committed Carlstadt; Here I Stand brings uncommitted
    Luther (4 + 2 = 6); 2 v 2 hits, so round 2: Aleander (2 + 3 = 5) v Melanchthon (3 + 2 = 5); 1 v 2 hits:
    the Protestant wins by 1, Aleander is not disgraced, and his ability makes it 2 spaces flipped."""
    s = leipzig_position(dice, draws)
    s = play(s, "papacy", "cp:5")
    draws += ["eck"]
    s = play(s, "papacy", "debate:german")
    assert decision(s) == "debate_pool"
    draws += ["carlstadt"]
    s = play(s, "papacy", "pool:committed")
    assert decision(s) == "here_i_stand" and ENGINE.active_roles(s) == ["protestant"]
    hand = len(cards.zone(s, cards.hand("protestant")))
    dice += [[5, 6, 1, 2, 3, 4, 1], [6, 5, 1, 2, 3, 4]]
    draws += ["aleander", "melanchthon"]
    dice += [[5, 1, 2, 3, 4], [5, 6, 1, 2, 3]]
    s, text = log_after(s, "protestant", "play")
    assert "7 dice (value 3, attacking +3, Eck's ability +1)" in text
    assert "6 dice (value 4, uncommitted defender +2)" in text
    assert "5 dice (value 2, attacking +3)" in text and "5 dice (value 3, uncommitted defender +2)" in text
    assert "Aleander is not disgraced" in text and "Aleander's ability" in text
    assert len(cards.zone(s, cards.hand("protestant"))) == hand            # Here I Stand out, a card drawn
    assert "7" in cards.zone(s, st.home_used("protestant"))
    for d in ("eck", "luther", "carlstadt", "aleander", "melanchthon"):
        assert dbt.status(s, d) == dbt.COMMITTED, d
    assert decision(s) == "debate_flips" and ENGINE.active_roles(s) == ["protestant"]
    options = ids(s, "protestant")
    assert "flip:leipzig" in options and all(rl.zone_of(a.split(":")[1]) == "german" for a in options)
    before = len(s["religion"])
    s = play(s, "protestant", "flip:leipzig")
    s = play(s, "protestant", ENGINE.legal_actions(s, "protestant")[0].id)
    assert len(s["religion"]) == before + 2 and "leipzig" in s["religion"]
    assert decision(s) == "spend" and s["impulse"]["cp"] == 1            # back to the Papal impulse


def test_18_5_burning_removes_the_reformer_and_scores(dice, draws):
    """18.5 step 8: the Papacy winning by more than the Protestant debater's value burns him (VP = value);
    a burned Luther takes his reformer off the map."""
    s = leipzig_position(dice, draws)
    s = play(s, "papacy", "cp:5")
    papal_vp = st.victory_points(s, "papacy")
    draws += ["eck", "luther"]
    s = play(s, "papacy", "debate:german")
    dice += [[5, 5, 5, 5, 5, 5, 6], [1, 1, 1, 1, 1, 2]]                   # 7 hits v 0: 7 > 4
    out = ENGINE.apply(s, "papacy", "pool:uncommitted")
    s = out.state
    assert dbt.status(s, "luther") == dbt.BURNED and "luther" not in s["reformers"]
    assert dbt.debate_vp(s, "papacy") == 4
    # the only Protestant space: the Papacy's flip is its only choice, taken automatically (issue 33)
    assert ("papacy", "debate_flips") in out.automatic
    assert forced_moves(out) == [("papacy", "flip:wittenberg")]
    assert "wittenberg" not in s["religion"]
    assert decision(s) == "spend"                                          # the other 6 flips are lost
    assert st.victory_points(s, "papacy") >= papal_vp + 4


def test_18_5_disgrace_and_campeggio(dice, draws):
    """18.5 step 9 and Campeggio's ability: losing Campeggio rolls a die, 5–6 ignores the result; otherwise
    the Protestant winning by more than his value disgraces him."""
    s = after_theses(to_impulse(setup(), "protestant"))
    s = play(s, "protestant", "cp:7")                                      # Here I Stand for 5 CP
    draws += ["luther", "campeggio"]
    dice += [[5, 5, 5, 5, 6, 6, 1], [1, 1, 1, 1], [6]]
    s, text = log_after(s, "protestant", "debate:german")                  # the Papacy's all uncommitted
    assert "result is ignored" in text and dbt.status(s, "campeggio") == dbt.COMMITTED
    assert decision(s) == "spend"
    s["impulse"]["cp"] = 3
    draws += ["melanchthon", "campeggio"]
    dice += [[5, 5, 5, 5, 6, 1], [1, 1, 1], [4]]
    s = play(s, "protestant", "debate:german")
    s, text = log_after(s, "protestant", "pool:committed")
    assert "committed defender +1" in text
    assert dbt.status(s, "campeggio") == dbt.DISGRACED and dbt.debate_vp(s, "protestant") == 2


def test_18_5_round_two_tie_is_no_result_and_bullinger(dice, draws):
    """18.5 step 7 ①–②: a tie in round 1 brings new debaters (Bullinger may step in, before the draw); a tie
    in round 2 ends the debate with no result."""
    s = after_theses(to_impulse(setup(), "papacy"))
    dbt.set_status(s, "bullinger", dbt.UNCOMMITTED)
    s["zones"]["hand:protestant"].remove("7")                                 # no Here I Stand in hand
    s["zones"]["home_used:protestant"].append("7")
    s = play(s, "papacy", "cp:5")
    draws += ["tetzel", "bucer"]
    dice += [[5, 1, 1, 1], [5, 1, 1, 1]]
    s = play(s, "papacy", "debate:german")                                 # the Protestant's all uncommitted
    assert decision(s) == "bullinger"
    draws += ["cajetan"]
    dice += [[1, 1, 1, 1], [1, 1, 1, 1]]
    s, text = log_after(s, "protestant", "use")
    assert "Bullinger's ability" in text and "no result" in text
    assert dbt.status(s, "bullinger") == dbt.COMMITTED and decision(s) == "spend"


def test_19_winter_uncommits_and_8_2_arrivals():
    """19 step 8: every committed debater is uncommitted in Winter; 8.2: turn 2 brings Zwingli,
    Oekolampadius and Contarini."""
    from rules.core.flow import Game
    s = setup()
    dbt.set_status(s, "eck", dbt.COMMITTED)
    g = Game(ENGINE, s)
    dbt.uncommit_all(g)
    assert dbt.status(s, "eck") == dbt.UNCOMMITTED
    s["turn"] = 2
    dbt.arrivals(g)
    for d in ("zwingli", "oekolampadius", "contarini"):
        assert dbt.status(s, d) == dbt.UNCOMMITTED
    assert dbt.status(s, "bullinger") == dbt.WAITING and dbt.status(s, "coverdale") == dbt.WAITING
    s["reformers"]["cranmer"] = "london"
    dbt.arrivals(g)
    assert all(dbt.status(s, d) == dbt.UNCOMMITTED for d in ("cranmer", "latimer", "coverdale"))


def test_18_5_leipzig_example_with_the_home_cards(dice, draws):
    """18.5 example, as the rulebook plays it: Leipzig Debate (#6) names Eck; Here I Stand (#7) brings Luther;
    round 2 Aleander v Melanchthon; the Protestant flips 2 spaces."""
    s = leipzig_position(dice, draws)
    assert "event:6" in ids(s, "papacy")
    out = ENGINE.apply(s, "papacy", "event:6")
    s = out.state
    # only the German zone has a Protestant debater to face: its zone is the only choice (issue 33)
    assert forced_moves(out) == [("papacy", "zone:german")] and ("papacy", "debate_zone") in out.automatic
    assert decision(s) == "leipzig_choice" and "name:eck" in ids(s, "papacy") and "bar:luther" in ids(s, "papacy")
    dbt.set_status(s, "tetzel", dbt.COMMITTED)
    with pytest.raises(IllegalAction, match="Johann Tetzel is committed"):
        ENGINE.apply(s, "papacy", "name:tetzel")
    s, text = log_after(s, "papacy", "name:eck")
    assert "names Johann Eck" in text
    draws += ["carlstadt"]
    s = play(s, "papacy", "pool:committed")
    dice += [[5, 6, 1, 2, 3, 4, 1], [6, 5, 1, 2, 3, 4]]
    draws += ["aleander", "melanchthon"]
    dice += [[5, 1, 2, 3, 4], [5, 6, 1, 2, 3]]
    s, text = log_after(s, "protestant", "play")
    assert "7 dice (value 3, attacking +3, Eck's ability +1)" in text and "2 hits" in text
    assert "Protestant wins the debate by 1 hit" in text
    assert decision(s) == "debate_flips"
    s = play(s, "protestant", "flip:leipzig")
    s = play(s, "protestant", ENGINE.legal_actions(s, "protestant")[0].id)
    assert ENGINE.active_roles(s) == ["hapsburg"] or decision(s) == "impulse"   # the Papal impulse is over
    assert "6" in cards.zone(s, st.home_used("papacy"))


def test_leipzig_bar_keeps_a_debater_out(dice, draws):
    """Leipzig Debate: a barred Protestant debater cannot be drawn, but Here I Stand may still bring Luther."""
    s = leipzig_position(dice, draws)
    out = ENGINE.apply(s, "papacy", "event:6")
    s = out.state
    assert forced_moves(out) == [("papacy", "zone:german")]                # the only zone (issue 33)
    draws += ["tetzel"]
    s = play(s, "papacy", "bar:luther")
    draws += ["bucer"]
    s = play(s, "papacy", "pool:uncommitted")
    assert decision(s) == "here_i_stand"
    dice += [[1, 1, 1, 1], [5, 1, 1, 1, 1, 1]]
    s, text = log_after(s, "protestant", "play")
    assert "Martin Luther debates instead of Martin Bucer" in text
    assert dbt.status(s, "bucer") == dbt.COMMITTED


def test_21_5_papal_bull_excommunicates_a_reformer_then_a_debate(dice, draws):
    """21.5 / #5: Luther leaves the map and the debates (his debater committed) until the next card draw; the
    Papacy may then debate in his zone; each reformer only once a game."""
    s = leipzig_position(dice, draws)
    s = play(s, "papacy", "event:5")
    assert decision(s) == "papal_bull" and "reformer:luther" in ids(s, "papacy")
    s = play(s, "papacy", "reformer:luther")
    assert dbt.status(s, "luther") == dbt.EXCOMMUNICATED and "luther" not in s["reformers"]
    assert s["reformers_away"] == {"luther": "wittenberg"}
    assert ids(s, "papacy") == ["zone:german", "none"]
    s = play(s, "papacy", "none")
    assert "luther" in s["excommunication_record"]
    from rules.core.flow import Game
    s["turn"] = 2
    dbt.arrivals(Game(ENGINE, s))
    assert s["reformers"]["luther"] == "wittenberg" and dbt.status(s, "luther") == dbt.UNCOMMITTED
    from rules.hereistand.debate_events import bull_reformers
    assert "luther" not in bull_reformers(s)


def test_21_5_papal_bull_ruler_grounds_and_unrest():
    """21.5: a ruler at war with the Papacy may be excommunicated (one card fewer), then unrest in up to 2 of
    his Catholic home spaces with no units; Henry VIII only while an English home space is Protestant."""
    from rules.hereistand.debate_events import ruler_grounds
    s = to_impulse(setup(), "papacy")
    assert ruler_grounds(s, "france") == "at war with the Papacy"
    assert ruler_grounds(s, "england") is None
    s["religion"].append("york")
    assert ruler_grounds(s, "england") == "an English home space is Protestant"
    s = play(s, "papacy", "event:5")
    s = play(s, "papacy", "ruler:france")
    assert st.ruler_excommunicated(s, "france")
    assert decision(s) == "bull_unrest"
    s = play(s, "papacy", "unrest:nantes")
    s = play(s, "papacy", "unrest:tours")
    assert {"nantes", "tours"} <= set(s["unrest"]) and decision(s) != "bull_unrest"
    assert ruler_grounds(s, "france") is None                                # once a game


def test_here_i_stand_takes_a_discard_and_plays_it():
    """#7 (a): while Luther lives, the Protestant takes a discarded card (not a mandatory event) and plays it
    at once or keeps it."""
    s = after_theses(to_impulse(setup(), "protestant"))
    for c in list(cards.zone(s, "discard")):
        cards.move(s, c, "discard", "deck")
    discarded, other = [c for c in cards.zone(s, "deck") if st.load().card(int(c)).type != "mandatory"][:2]
    mandatory = next((c for c in cards.zone(s, "deck") if st.load().card(int(c)).type == "mandatory"), None)
    assert "event:7" not in ids(s, "protestant")                              # nothing to take yet
    for c in (discarded, other) + ((mandatory,) if mandatory else ()):
        cards.move(s, c, "deck", "discard")
    s = play(s, "protestant", "event:7")
    assert decision(s) == "here_i_stand_take"                                 # a real choice of two
    assert sorted(ids(s, "protestant")) == sorted([f"take:{discarded}", f"take:{other}"])
    s = play(s, "protestant", f"take:{discarded}")
    assert decision(s) == "here_i_stand_now" and discarded in cards.zone(s, cards.hand("protestant"))
    s = play(s, "protestant", f"cp:{discarded}")
    assert decision(s) == "spend" and s["impulse"]["card"] == discarded
    dbt.set_status(s, "luther", dbt.BURNED)
    from rules.hereistand.events import prerequisite_refusal
    assert prerequisite_refusal(s, "protestant", "7") == "Luther is no longer alive"



def test_21_5_excommunication_lifted_when_the_war_with_the_papacy_ends():
    """21.5: the "-1 Card" marker lasts until the power's war with the Papacy ends, whoever sues."""
    from rules.core.flow import Game
    from rules.hereistand.peace import lift_on_peace
    s = setup()
    s["excommunicated"].append("francis-i")
    assert st.ruler_excommunicated(s, "france")
    g = Game(ENGINE, s)
    lift_on_peace(g, "france", "hapsburg")
    assert st.ruler_excommunicated(s, "france")
    lift_on_peace(g, "france", "papacy")
    assert not st.ruler_excommunicated(s, "france")
    assert "francis-i" not in s["excommunicated"]

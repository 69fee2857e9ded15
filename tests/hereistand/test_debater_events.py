"""Card events about debaters (18.2 prerequisites commit the named debater), the Schmalkaldic League (21.6) and
the Protestant before it."""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Game
from rules.hereistand import debaters as dbt
from rules.hereistand import movement
from rules.hereistand import religion as rl
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import (after_theses, decision, draws, forced_moves, give, ids, log_after, play, setup,  # noqa: F401
                          to_impulse)
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def test_augsburg_confession_commits_melanchthon_and_costs_the_papacy_a_die(dice, draws):
    """#39: Melanchthon committed (a prerequisite); this turn the Papacy's debater rolls one die fewer in a
    debate the Papacy calls."""
    s = after_theses(to_impulse(setup(), "protestant"))
    give(s, "protestant", 39)
    s = play(s, "protestant", "event:39")
    assert dbt.status(s, "melanchthon") == dbt.COMMITTED
    assert "event:39" not in ids(s, "protestant")
    from rules.hereistand.debate_round import debate_dice
    local = {"zone": "german", "caller": "papacy", "inquisition": False}
    count, parts = debate_dice(s, local, "eck", True)
    assert count == 6 and "Augsburg Confession −1" in parts
    local["caller"] = "protestant"
    assert debate_dice(s, local, "eck", False)[0] == 5                  # not in a Protestant-called debate


def test_papal_inquisition_converts_looks_and_debates_with_two_dice(dice, draws):
    """#56: Caraffa committed; up to 2 Italian Protestant spaces turn Catholic; the Papacy looks at a hand,
    then calls a debate with +2 dice for its debater."""
    s = after_theses(to_impulse(setup(), "papacy"))
    assert "event:56" not in ids(s, "papacy")
    give(s, "papacy", 56)
    dbt.set_status(s, "caraffa", dbt.UNCOMMITTED)
    s["religion"] += ["florence"]
    s = play(s, "papacy", "event:56")
    assert dbt.status(s, "caraffa") == dbt.COMMITTED and decision(s) == "zone_convert"
    s = play(s, "papacy", "convert:florence")
    assert "florence" not in s["religion"] and decision(s) == "inquisition_target"
    out = ENGINE.apply(s, "papacy", "look:protestant")
    private = [e for e in out.log if e.to and "papacy" in e.to]
    assert private and "Protestant's hand" in private[0].text
    draws += ["eck", "luther"]
    dice += [[1] * 9, [1] * 6]                                          # Eck 3 + 3 + 1 + 2, Luther 4 + 2
    out = ENGINE.apply(out.state, "papacy", "debate")
    assert forced_moves(out) == [("papacy", "zone:german")]            # the only zone to debate in (issue 33)
    text = " ".join(e.text for e in out.log)
    assert "9 dice (value 3, attacking +3, Eck's ability +1, Papal Inquisition +2)" in text


def test_calvin_and_calvin_expelled():
    """#16: Luther dies (reformer and debater leave the game), Calvin rules; #45: Calvin off the map until the
    next card draw."""
    from rules.hereistand.debater_events import calvin, calvin_expelled
    s = after_theses(setup("1532"))
    g = Game(ENGINE, s)
    calvin(g, "papacy", card="16")
    assert dbt.status(s, "luther") == dbt.REMOVED and "luther" not in s["reformers"]
    assert s["rulers"]["protestant"] == "calvin"
    calvin_expelled(g, "papacy", card="45")
    assert dbt.status(s, "calvin") == dbt.EXPELLED and s["reformers_away"] == {"calvin": "geneva"}
    s["turn"] += 1
    dbt.arrivals(g)
    assert s["reformers"]["calvin"] == "geneva" and dbt.status(s, "calvin") == dbt.UNCOMMITTED


def test_zwingli_dons_armor():
    """#43: the Protestant destroys a Catholic land unit within 3 spaces of Zurich; Zwingli leaves for good."""
    from rules.hereistand.debater_events import catholic_units_near_zurich, near_zurich
    s = setup()
    assert "geneva" in near_zurich(s) and "vienna" not in near_zurich(s)
    s["units"]["innsbruck"] = {"hapsburg": {"regular": 2}}
    s["reformers"]["zwingli"] = "zurich"
    dbt.set_status(s, "zwingli", dbt.UNCOMMITTED)
    assert ("innsbruck", "hapsburg", "regular") in catholic_units_near_zurich(s)
    s = to_impulse(s, "protestant")
    give(s, "protestant", 43)
    s = play(s, "protestant", "event:43")
    s = play(s, "protestant", "kill:innsbruck:hapsburg:regular")
    assert st.units_at(s, "innsbruck", "hapsburg") == {"regular": 1}
    assert dbt.status(s, "zwingli") == dbt.REMOVED and "zwingli" not in s["reformers"]


def test_21_6_before_the_league_the_protestant_neither_moves_nor_builds():
    """21.6: before the League no Protestant land unit moves or is built, and nobody enters an electorate."""
    s = after_theses(setup())
    assert st.units_at(s, "wittenberg", "protestant").get("regular")
    assert movement.move_options(s, "protestant", 5) == []
    s["units"]["leipzig"] = {"hapsburg": {"regular": 1}}
    moves = movement.move_options(s, "hapsburg", 5)
    assert ("leipzig", "wittenberg", 1) not in moves and ("leipzig", "erfurt", 1) in moves


def test_21_6_the_league_forms():
    """21.6: from turn 2 with 12 Protestant spaces; wars with the Hapsburg and the Papacy; Protestant home spaces
    of Protestant religion pass to the Protestant; John Frederick and Philip of Hesse enter near Wittenberg and
    Kassel where Protestant regulars stand; the Hapsburg scores its electorates."""
    from rules.hereistand.league import league_ok
    s = after_theses(setup())
    assert league_ok(s, "protestant", "13") == "it may be played from turn 2 on"
    s["turn"] = 2
    for sp in ("leipzig", "magdeburg", "erfurt", "brandenburg", "kassel", "nuremberg", "mainz", "worms",
               "augsburg", "regensburg", "salzburg"):
        if sp not in s["religion"]:
            rl.flip(s, sp, rl.PROTESTANT)
    assert league_ok(s, "protestant", "13") is None
    s = to_impulse(s, "protestant")
    give(s, "protestant", 13)
    s = play(s, "protestant", "event:13")
    while decision(s) == "league_place":
        s = play(s, "protestant", ids(s, "protestant")[0])
    assert s["league_formed"] and st.at_war(s, "protestant", "hapsburg") and st.at_war(s, "protestant", "papacy")
    assert s["control"]["nuremberg"] == "protestant" and s["control"]["kassel"] == "protestant"
    assert s["leaders"]["john-frederick"] == "wittenberg"
    assert st.units_at(s, s["leaders"]["philip-of-hesse"], "protestant").get("regular")
    assert "13" in cards.zone(s, "removed")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 2                 # 6.1: then 2 CP


def test_council_of_trent(dice):
    """#17: the Papacy sends up to 4 uncommitted debaters, the Protestant up to 2 (any zone); each side rolls the
    sum of their values (Pole +1); more hits flip the difference, any zone; all sent are committed."""
    s = after_theses(to_impulse(setup(), "papacy"))
    give(s, "papacy", 17)
    dbt.set_status(s, "pole", dbt.UNCOMMITTED)
    s = play(s, "papacy", "event:17")
    assert decision(s) == "council_pick" and ENGINE.active_roles(s) == ["papacy"]
    for d in ("eck", "pole"):
        s = play(s, "papacy", f"pick:{d}")
    s = play(s, "papacy", "done")
    assert ENGINE.active_roles(s) == ["protestant"]
    s = play(s, "protestant", "pick:luther")
    dice += [[5, 5, 6, 1, 1, 1, 1], [1, 1, 1, 2]]                  # Eck 3 + Pole 3 + 1; Luther 4
    out = ENGINE.apply(s, "protestant", "done")
    s, text = out.state, " ".join(e.text for e in out.log)
    assert "7 dice (Eck 3, Pole 3, Pole's ability +1)" in text and "Papacy prevails at the Council by 3 hits" in text
    assert all(dbt.status(s, d) == dbt.COMMITTED for d in ("eck", "pole", "luther"))
    # 3 flips, but Wittenberg is the only Protestant space: taken automatically, the rest lost (issue 33)
    assert forced_moves(out) == [("papacy", "flip:wittenberg")] and ("papacy", "debate_flips") in out.automatic
    assert "wittenberg" not in s["religion"]
    assert decision(s) == "spend" and s["impulse"]["cp"] == 2 and "17" in cards.zone(s, "discard")


def test_spanish_inquisition(dice, draws):
    """#58: up to 2 Spanish Protestant spaces turn Catholic; the Hapsburg sees the English and Protestant hands
    (privately), discards one of their cards and draws one; then the Papacy calls a debate in any zone."""
    s = after_theses(to_impulse(setup(), "hapsburg"))
    give(s, "hapsburg", 58)
    s["religion"] += ["seville"]
    dbt.set_status(s, "calvin", dbt.UNCOMMITTED)              # a French debater: the Papacy's zone is a choice
    s = play(s, "hapsburg", "event:58")
    s = play(s, "papacy", "convert:seville")
    assert "seville" not in s["religion"] and decision(s) == "spanish_discard"
    assert ENGINE.active_roles(s) == ["hapsburg"] and s["hands_shown"] == ["england", "protestant"]
    assert not [v for v in ENGINE.hidden_variants(s) if v[0] in ("england", "protestant")]
    target = next(a.id for a in ENGINE.legal_actions(s, "hapsburg") if a.id.startswith("discard:england:"))
    card = target.split(":")[2]
    hand = len(cards.zone(s, cards.hand("hapsburg")))
    s = play(s, "hapsburg", target)
    assert card in cards.zone(s, "discard") and len(cards.zone(s, cards.hand("hapsburg"))) == hand + 1
    assert decision(s) == "debate_zone" and ENGINE.active_roles(s) == ["papacy"] and not s["hands_shown"]
    assert sorted(ids(s, "papacy")) == ["zone:french", "zone:german"]       # any zone with a Protestant debater


def test_spanish_inquisition_discard_asked_when_the_shown_hands_hide_a_single_choice():
    """#58 with issue 33: the hands are shown to the Hapsburg alone, so with two cards or more in them the
    discard is asked even when only one may be discarded (the others are home cards or mandatory events);
    with a single card the engine answers."""
    s = after_theses(to_impulse(setup(), "hapsburg"))
    give(s, "hapsburg", 58)
    s["religion"] += ["seville"]
    s = play(play(s, "hapsburg", "event:58"), "papacy", "convert:seville")
    assert decision(s) == "spanish_discard"
    data = st.load()
    for power in ("england", "protestant"):
        for c in list(cards.zone(s, cards.hand(power))):
            if data.card(int(c)).type != "home":
                cards.move(s, c, cards.hand(power), "deck")
    ordinary = next(c for c in cards.zone(s, "deck") if data.card(int(c)).type not in ("home", "mandatory"))
    cards.move(s, ordinary, "deck", cards.hand("england"))
    give(s, "protestant", 7)                                              # a home card: never discarded
    assert ids(s, "hapsburg") == [f"discard:england:{ordinary}"]
    assert ENGINE.protects_secret(s, "hapsburg") and ENGINE.forced_answer(s, "hapsburg") is None
    for power in ("england", "protestant"):
        for c in [c for c in cards.zone(s, cards.hand(power)) if c != ordinary]:
            cards.move(s, c, cards.hand(power), "deck")
    assert not ENGINE.protects_secret(s, "hapsburg")
    assert ENGINE.forced_answer(s, "hapsburg") == f"discard:england:{ordinary}"


def test_21_6_the_league_forms_at_its_turn_4_deadline():
    """19.8 / 21.6: not played by the Winter of turn 4, the League forms then, whatever the Protestant count."""
    from rules.hereistand.events import mandatory_deadlines
    s = after_theses(setup())
    s["turn"] = 4
    assert "13" in cards.zone(s, "deck") or any("13" in cards.zone(s, cards.hand(p)) for p in st.MAJORS)
    s["flow"] = []
    g = Game(ENGINE, s)
    mandatory_deadlines(g)
    g.run()
    while ENGINE.active_roles(s):
        s = play(s, "protestant", ids(s, "protestant")[0])
    assert s["league_formed"] and st.at_war(s, "protestant", "hapsburg")
    assert s["leaders"]["john-frederick"] == "wittenberg" and "13" in cards.zone(s, "removed")


def test_prerequisites_refused_with_their_reason():
    """6.1 / 18.2: a card whose named debater is committed is refused with that reason, and nothing changes."""
    import pytest
    from rules.core.contract import IllegalAction
    s = after_theses(to_impulse(setup(), "protestant"))
    give(s, "protestant", 85)
    dbt.set_status(s, "luther", dbt.COMMITTED)
    assert "event:85" not in ids(s, "protestant")
    before = ENGINE.view(s, "protestant")
    with pytest.raises(IllegalAction, match="Martin Luther is committed"):
        ENGINE.apply(s, "protestant", "event:85")
    assert ENGINE.view(s, "protestant") == before
    give(s, "protestant", 41)
    with pytest.raises(IllegalAction, match="Zwingli or Oekolampadius uncommitted"):
        ENGINE.apply(s, "protestant", "event:41")


def test_6_1_an_impulse_with_one_hidden_card_is_still_asked():
    """6.1 / 11 with issue 33 (found by the fuzz, seed 4100): the Papacy (administrative rating 0) holding one
    card whose event it may not play has one answer, to play it for CP, but that lone answer would show the
    card to all, and whether its event is playable is the card's secret: the question is still asked."""
    s = to_impulse(setup(), "papacy")
    hand = cards.hand("papacy")
    for c in list(cards.zone(s, hand)):
        cards.move(s, c, hand, "deck")
    give(s, "papacy", 91)                                                  # Ransom: no leader is captured
    assert ids(s, "papacy") == ["cp:91"]                                   # no pass: 1 card > rating 0
    assert ENGINE.protects_secret(s, "papacy") and ENGINE.forced_answer(s, "papacy") is None

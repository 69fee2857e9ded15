"""Here I Stand combat cards (6.1; 14 steps 4–7, 15.1 steps 5–6, 16.2 steps 3–6): the attacker declares,
then each defending power in turn having seen it; each card's effect on dice, hits and losses; windows
opened only when the public facts let a power play something (issue 29 item 6), keeping the secret."""

from __future__ import annotations

from rules.core import cards
from rules.core.secrecy import invariance_problems
from rules.hereistand import combat_cards as cc
from rules.hereistand import record
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .combat_play import out_of_play
from .test_movement import clear_stacks, dice, move_whole_stack, vienna_example  # noqa: F401
from .test_siege import calais, decision, play, setup, to_french_impulse

COMBAT = ("1", "24", "25", "26", "27", "28", "29", "30")
RESPONSE = ("33", "34", "35", "36", "37")            # out of play here: no response window before the battle


def give(s, power, *numbers):
    for card in numbers:
        cards.move(s, card, cards.where(s, card), cards.hand(power))
    return s


def dijon(french=None, hapsburg=None, hands=(), hidden=()):
    """France (at war with the Hapsburg in 1517) in Orleans, the Hapsburg in unfortified Dijon, nobody near;
    every combat card out of play but those `hands` gives ([power, card]); France spends its home card."""
    s = to_french_impulse(setup())
    clear_stacks(s, "orleans", "dijon", "besancon", "stdizier", "paris", "lyon")
    s["control"]["dijon"] = "hapsburg"
    for kind, n in (french or {"regular": 4}).items():
        st.add_units(s, "orleans", "france", kind, n)
    for kind, n in (hapsburg or {"regular": 2}).items():
        st.add_units(s, "dijon", "hapsburg", kind, n)
    out_of_play(s, *[c for c in COMBAT[1:] + RESPONSE if c not in {card for _, card in hands} | set(hidden)])
    for card in hidden:
        if cards.where(s, card) != "deck":
            cards.move(s, card, cards.where(s, card), "deck")
    for power, card in hands:
        give(s, power, card)
    s = play(s, "france", "cp:4")
    s = play(s, "france", "move:orleans:dijon")
    while decision(s) == "formation":
        pick = next((a.id for a in ENGINE.legal_actions(s, "france") if a.id.startswith(("leader:", "unit:"))), "go")
        s = play(s, "france", pick)
    while decision(s) in ("avoid", "withdraw", "intercept"):
        s = play(s, ENGINE.active_roles(s)[0], "pass" if decision(s) != "withdraw" else "field")
    return s


def ids(s, role):
    return [a.id for a in ENGINE.legal_actions(s, role)]


def test_14_steps_4_5_the_attacker_declares_then_the_defender_having_seen_it(dice):
    """14 steps 4–5, #24 Arquebusiers (+2 dice) and #25 Field Artillery (+3 for France): France declares
    first and may play another; the Hapsburg is asked after, its prompt naming France's card."""
    s = dijon(hands=[["france", "25"], ["hapsburg", "24"]])
    assert decision(s) == "combat_cards" and ENGINE.active_roles(s) == ["france"]
    assert ids(s, "france") == ["pass", "card:25"]
    s = play(s, "france", "card:25")
    assert ENGINE.active_roles(s) == ["france"]                        # any number: France is asked again
    s = play(s, "france", "pass")
    assert ENGINE.active_roles(s) == ["hapsburg"]
    assert "France played #25 Field Artillery" in ENGINE.prompt(s, "hapsburg").text
    dice += [[5, 5, 1, 1, 1, 1, 1], [5, 1, 1, 1, 1]]         # France 4 + 3; Hapsburg 2 + 1 defending + 2
    s = play(s, "hapsburg", "card:24")                # nothing fitting is left hidden: nobody else is asked
    assert not dice
    entry = record.entries(s)[-1]
    assert entry["attacker_dice"] == 7 and entry["defender_dice"] == 5
    assert entry["cards"] == ["France: #25 Field Artillery", "Hapsburg: #24 Arquebusiers"]
    assert cards.where(s, "25") == "discard" and cards.where(s, "24") == "discard"


def test_14_the_roll_names_each_cards_dice(dice):
    """Every roll shows its dice and each modifier by name (#24 in the log line)."""
    s = dijon(hands=[["france", "24"]])
    dice += [[1] * 6, [1] * 3]
    out = ENGINE.apply(s, "france", "card:24")          # nothing fitting is left hidden: the dice roll
    line = next(e.text for e in out.log if e.text.startswith("Field battle"))
    assert "6 dice (4 units + 2 Arquebusiers)" in line


def test_26_mercenaries_bribed_turns_half_the_enemy_mercenaries(dice):
    """#26 Mercenaries Bribed (14 step 6): half of the Hapsburg's 3 mercenaries, rounded up, change sides."""
    s = dijon(hapsburg={"mercenary": 3}, hands=[["france", "26"]])
    dice += [[1] * 6, [1] * 2]                            # France 6 units; Hapsburg 1 + 1 defending
    s = play(s, "france", "card:26")
    assert not dice
    entry = record.entries(s)[-1]
    assert (entry["attacker_units"], entry["defender_units"]) == (6, 1)     # 4 regulars + 2 bought; 1 left
    assert st.units_at(s, "orleans", "france") == {"regular": 4, "mercenary": 2}   # the tie: France goes back


def test_26_mercenaries_bribed_is_never_played_by_nor_against_the_ottoman():
    s = setup()
    s["units"]["vienna"] = {"ottoman": {"regular": 2}, "hapsburg": {"mercenary": 2}}
    c = cc.begin(s, cc.FIELD, "vienna", ["ottoman"], ["hapsburg"])
    assert not cc.fits(s, c, "ottoman", "26") and not cc.fits(s, c, "hapsburg", "26")
    s["units"]["vienna"]["ottoman"] = {"mercenary": 2}
    assert not cc.fits(s, c, "hapsburg", "26")                        # not against the Ottoman either


def test_30_tercios_a_three_hapsburg_dice_hit_on_4_to_6(dice):
    """#30 Tercios (a): the Hapsburg adds 3 dice that hit on 4, 5 or 6."""
    s = dijon(hands=[["hapsburg", "30"]])
    assert ENGINE.active_roles(s) == ["hapsburg"]        # France could play nothing: 2 regulars, no Tercios (b)
    dice += [[5, 1, 1, 1], [1, 1, 1], [4, 4, 3]]         # France 4; Hapsburg 3; Tercios 3 (two hit on 4)
    out = ENGINE.apply(s, "hapsburg", "card:30")
    assert not dice
    entry = record.entries(out.state)[-1]
    assert entry["defender_hits"] == 2 and entry["attacker_hits"] == 1 and entry["winner"] == "defender"
    line = next(e.text for e in out.log if e.text.startswith("Field battle"))
    assert "#30 Tercios for the defender: 3 dice, hits on 4, 5 or 6: 4 4 3 — 2 hits." in line


def test_30_tercios_b_against_three_hapsburg_regulars(dice):
    """#30 Tercios (b): France, fighting 3 Hapsburg regulars, makes the Hapsburg side roll 3 fewer dice."""
    s = dijon(hapsburg={"regular": 3}, hands=[["france", "30"]])
    dice += [[1] * 4, [5]]                                # France 4; Hapsburg 3 + 1 − 3 = 1 die
    s = play(s, "france", "card:30")
    assert not dice and record.entries(s)[-1]["defender_dice"] == 1


def test_29_surprise_attack_the_defender_takes_its_losses_before_rolling(dice):
    """#29 Surprise Attack (14 step 6): France rolls first; the Hapsburg removes 2 of its 3 regulars, then
    rolls for the one left (1 + 1 defending)."""
    s = dijon(hapsburg={"regular": 3}, hands=[["france", "29"]])
    dice += [[5, 5, 1, 1], [6, 1]]
    s = play(s, "france", "card:29")
    assert not dice
    assert st.units_at(s, "dijon", "france").get("regular") == 3       # the Hapsburg's 1 hit, after
    entry = record.entries(s)[-1]
    assert (entry["attacker_hits"], entry["defender_hits"], entry["defender_dice"]) == (2, 1, 2)
    assert entry["winner"] == "attacker"


def test_29_surprise_attack_leaves_nothing_to_roll(dice):
    s = dijon(hapsburg={"regular": 2}, hands=[["france", "29"]])
    dice += [[5, 5, 1, 1]]                                 # the Hapsburg has nobody left to roll
    out = ENGINE.apply(s, "france", "card:29")
    assert not dice and "hapsburg" not in out.state["units"].get("dijon", {})
    assert any("no units left after the Surprise Attack" in e.text for e in out.log)


def test_1_janissaries_after_both_sides_rolled(dice):
    """14 step 7, #1 Janissaries: the Ottoman, having seen the dice, adds 5 dice (the 14 example's battle)."""
    s = setup()
    out_of_play(s, *RESPONSE)
    give(s, "ottoman", "24")
    s = play(play(s, "england", "done"), "england", "done")
    from .religious_phases import through_worms
    s = through_worms(s)
    while decision(s) == "deploy":
        s = play(s, ENGINE.active_roles(s)[0], "skip")
    s = play(s, "ottoman", "cp:24")
    s = vienna_example(s)
    s = move_whole_stack(s, "pressburg", "vienna")
    s = play(s, "hapsburg", "pass")                                  # no interception: Ferdinand alone
    while decision(s) in ("avoid", "withdraw"):
        s = play(s, "hapsburg", "pass" if decision(s) == "avoid" else "field")
    dice += [[5, 1, 1, 1, 1, 1, 1, 1, 1, 1], [6, 5, 1, 1]]  # 8 + Suleiman 2; 2 + Ferdinand 1 + 1
    s = pass_combat_cards_only(s)
    assert decision(s) == "janissaries" and ENGINE.active_roles(s) == ["ottoman"]
    assert ids(s, "ottoman") == ["janissaries", "decline"]
    dice += [[5, 5, 1, 1, 1]]
    out = ENGINE.apply(s, "ottoman", "janissaries")
    assert not dice and cards.where(out.state, "1") == st.home_used("ottoman")
    line = next(e.text for e in out.log if e.text.startswith("Field battle"))
    assert "#1 Janissaries for the attacker: 5 dice, hits on 5 or 6: 5 5 1 1 1 — 2 hits." in line
    assert "The attacker wins (3 hits to 2)" in line


def pass_combat_cards_only(s):
    while decision(s) == "combat_cards":
        s = play(s, ENGINE.active_roles(s)[0], "pass")
    return s


def assault_calais(s, french):
    s = calais(to_french_impulse(setup()))
    s["units"]["calais"]["france"] = french
    return play(play(s, "france", "cp:4"), "france", "assault:calais")


def test_28_siege_mining_adds_three_dice_to_the_assault(dice):
    """15.1 step 5, #28 Siege Mining: the Calais example's 4 dice become 7."""
    s = setup()
    out_of_play(s, *COMBAT[1:], *RESPONSE)
    s = calais(to_french_impulse(s))
    give(s, "france", "28")
    s = play(play(s, "france", "cp:4"), "france", "assault:calais")
    assert decision(s) == "combat_cards" and ids(s, "france") == ["pass", "card:28"]
    dice += [[6, 5, 1, 1, 1, 1, 1], [1, 1, 1]]
    s = play(s, "france", "card:28")
    assert not dice and s["control"]["calais"] == "france"


def test_27_mercenaries_grow_restless_breaks_the_siege(dice):
    """#27 Mercenaries Grow Restless (15.1 step 6): the 2 French mercenaries leave play; 2 regulars no
    longer outnumber the 2 English inside: no roll, the siege is broken."""
    s = setup()
    out_of_play(s, *COMBAT[1:], *RESPONSE)
    s = calais(to_french_impulse(s))
    s["units"]["calais"]["france"] = {"regular": 2, "mercenary": 2}
    give(s, "england", "27")
    s = play(play(s, "france", "cp:4"), "france", "assault:calais")
    while decision(s) == "assault_formation":
        s = play(s, "france", "standard")
    assert ENGINE.active_roles(s) == ["england"] and ids(s, "england") == ["pass", "card:27"]
    s = play(s, "england", "card:27")                    # no roll: the siege breaks at once
    assert "mercenary" not in st.units_at(s, "calais", "france")
    assert "calais" not in s["sieges"] and s["control"]["calais"] == "england"


def test_27_mercenaries_grow_restless_then_a_smaller_assault(dice):
    s = setup()
    out_of_play(s, *COMBAT[1:], *RESPONSE)
    s = calais(to_french_impulse(s))
    s["units"]["calais"]["france"] = {"regular": 4, "mercenary": 2}
    give(s, "england", "27")
    s = play(play(s, "france", "cp:4"), "france", "assault:calais")
    dice += [[1, 1, 1], [1, 1, 1]]                        # 4 regulars / 2 + Francis I 1; England 2 + 1
    s = play(s, "england", "card:27")
    assert not dice and s["sieges"]["calais"]["besieger"] == "france"


# ---- issue 29 item 6: windows only when the public facts let a power play something ---------------------------
def test_6_no_window_when_every_combat_card_is_out_of_play(dice):
    dice += [[1] * 4, [1] * 3]
    s = dijon()
    assert decision(s) != "combat_cards" and not dice                  # rolled at once


def test_6_a_power_is_asked_though_it_holds_nothing_while_a_card_is_hidden():
    """#24 is in the deck: each side may hold it as far as the others know, so both are asked (pass only);
    #27 and #28 fit only an assault and ask nobody here."""
    s = dijon(hidden=["24", "27", "28"])
    assert ENGINE.active_roles(s) == ["france"] and ids(s, "france") == ["pass"]
    s = play(s, "france", "pass")
    assert ENGINE.active_roles(s) == ["hapsburg"] and ids(s, "hapsburg") == ["pass"]


def test_6_a_power_with_no_cards_is_not_asked():
    s = dijon(hidden=["24"])
    s = play(s, "france", "pass")
    assert ENGINE.active_roles(s) == ["hapsburg"]
    s2 = dijon(hidden=["24"])
    for card in list(cards.zone(s2, cards.hand("hapsburg"))):
        cards.move(s2, card, cards.hand("hapsburg"), "discard")
    s2 = play(s2, "france", "pass")
    assert decision(s2) != "combat_cards"


def test_6_whether_a_power_is_asked_never_shows_its_hand():
    """Secrecy by invariance, hands swapped during the window: the Hapsburg holding #24 or not, France
    sees the same and the same powers are asked."""
    s = dijon(hands=[["france", "25"], ["hapsburg", "24"]])
    s = play(s, "france", "pass")
    assert ENGINE.active_roles(s) == ["hapsburg"]
    variant = st_copy(s)
    other = next(c for c in cards.zone(variant, "deck") if c not in COMBAT)
    cards.move(variant, "24", cards.hand("hapsburg"), "deck")
    cards.move(variant, other, "deck", cards.hand("hapsburg"))
    assert ENGINE.active_roles(variant) == ["hapsburg"] and ids(variant, "hapsburg") == ["pass"]
    assert ENGINE.view(variant, "france") == ENGINE.view(s, "france")
    assert ENGINE.prompt(variant, "hapsburg").text == ENGINE.prompt(s, "hapsburg").text
    assert invariance_problems(ENGINE, s, ("hapsburg", "pass")) == []


def st_copy(s):
    import copy
    return copy.deepcopy(s)   # a hidden variant of the position


def test_14_the_battle_picture_shows_the_combat_cards_played():
    """Issue 29 item 7: the battle picture of a battle under way names the combat cards played and counts
    their dice (France's Field Artillery: 4 units + 3)."""
    from render import draw
    from render.hereistand import combat as picture
    s = dijon(hands=[["france", "25"], ["hapsburg", "24"]])
    before = draw("hereistand", ENGINE.view(s, None), "battle")
    s = play(s, "france", "card:25")
    view = ENGINE.view(s, None)
    assert view["combat"]["played"] == [["france", "25"]]
    after = draw("hereistand", view, "battle")
    assert after.tobytes() != before.tobytes()
    lines = []
    original = picture._para
    picture._para = lambda d, y, text, **kw: (lines.append(text), original(d, y, text, **kw))[1]
    try:
        draw("hereistand", view, "battle")
    finally:
        picture._para = original
    assert any("Combat cards: France: #25 Field Artillery" in t for t in lines)
    assert any("Will roll 7 dice (4 units + 0 leader + 3 #25 Field Artillery)" in t for t in lines)


def test_11_a_combat_card_is_never_the_event_of_an_impulse():
    """Rule 11 (2.9): combat cards are never events in the player's own impulse; responses bound to a moment
    (Foul Weather) say when they are played. The refusal names the card, the moment and its CP."""
    import pytest
    from rules.core.contract import IllegalAction
    from .test_reformation import impulse_of
    s = impulse_of("france", "24")
    assert "event:24" not in ids(s, "france") and "cp:24" in ids(s, "france")
    with pytest.raises(IllegalAction, match=r"#24 Arquebusiers is not played as the event of an impulse: a combat "
                                            r"card .* play it for its 1 CP"):
        ENGINE.apply(s, "france", "event:24")
    s = impulse_of("france", "31")
    with pytest.raises(IllegalAction, match=r"#31 Foul Weather .* another power announces a move"):
        ENGINE.apply(s, "france", "event:31")

"""Card events moving cards, VP and St. Peter's (6.1, 21.5, 23.2): #47, #51, #52, #55, #57, #74, #79, #81."""

from __future__ import annotations

import pytest

from rules.core import cards
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import decision, give, ids, log_after, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


@pytest.fixture(scope="module")
def at_impulse():
    """Turn 1, the Papacy's impulse (Ottoman, Hapsburg and England have played a card for CP)."""
    return to_impulse(setup(), "papacy")


def fresh(at_impulse):
    return ENGINE.copy_state(at_impulse) if hasattr(ENGINE, "copy_state") else __import__("copy").deepcopy(at_impulse)


def hand(s, power):
    return cards.zone(s, cards.hand(power))


def protestant_holds(s, *numbers):
    """The Protestant's hand is exactly these cards (the rest go to the discards)."""
    for c in list(hand(s, "protestant")):
        cards.move(s, c, cards.hand("protestant"), "discard")
    for n in numbers:
        give(s, "protestant", n)


def test_52_michelangelo_rolls_2d6_for_st_peters(at_impulse, dice):
    """#52 Michelangelo (21.5): 2d6 CP to St. Peter's; 5 CP make a VP."""
    s = fresh(at_impulse)
    give(s, "papacy", 52)
    s["tracks"]["st_peters_cp"], s["tracks"]["st_peters_vp"] = 3, 0
    dice += [[4, 5]]
    s, text = log_after(s, "papacy", "event:52")
    assert "the dice show 4 + 5 = 9 CP for St. Peter's (2 VP for the Papacy)" in text
    assert s["tracks"]["st_peters_vp"] == 2 and s["tracks"]["st_peters_cp"] == 2
    assert "52" in cards.zone(s, "removed")


def test_51_michael_servetus_vp_and_a_random_protestant_card(at_impulse):
    """#51 Michael Servetus: 1 VP to the player; the Protestant discards a random card (never its home card)."""
    s = fresh(at_impulse)
    give(s, "papacy", 51)
    protestant_holds(s, 7, 30)
    before = st.victory_points(s, "papacy")
    s, text = log_after(s, "papacy", "event:51")
    assert st.victory_points(s, "papacy") == before + 1
    assert hand(s, "protestant") == ["7"] and "30" in cards.zone(s, "discard")
    assert "Protestant discards #30" in text


def test_81_indulgence_vendor_puts_the_cards_cp_on_st_peters(at_impulse):
    """#81 Indulgence Vendor (21.5): a random Protestant card is discarded and its CP go to St. Peter's."""
    s = fresh(at_impulse)
    give(s, "papacy", 81)
    protestant_holds(s, 7, 42)                                   # #42 Roxelana, 4 CP
    s["tracks"]["st_peters_cp"], s["tracks"]["st_peters_vp"] = 0, 0
    s, text = log_after(s, "papacy", "event:81")
    assert s["tracks"]["st_peters_cp"] == 4 and "its 4 CP go to St. Peter's" in text
    assert "42" in cards.zone(s, "discard")


def test_47_copernicus_two_vp_or_one_and_a_choice(at_impulse):
    """#47 Copernicus (23.2): 1 VP and the player's choice while fewer than half its home spaces are
    Protestant; 2 VP when half or more are."""
    s = fresh(at_impulse)
    give(s, "papacy", 47)
    protestant_holds(s, 7, 30)
    before = st.victory_points(s, "papacy")
    s = play(s, "papacy", "event:47")
    assert decision(s) == "copernicus_choice" and set(ids(s, "papacy")) == {"draw", "discard"}
    s = play(s, "papacy", "discard")
    assert st.victory_points(s, "papacy") == before + 1 and hand(s, "protestant") == ["7"]
    assert "47" in cards.zone(s, "removed")
    from rules.hereistand.events_cards import copernicus
    from rules.core.flow import Game
    s2 = fresh(at_impulse)
    from rules.hereistand.data import load
    s2["religion"] = sorted(set(s2["religion"]) | set(load().home_spaces("england")))
    england = s2["bonus_vp"]["england"]
    copernicus(Game(ENGINE, s2), "england", "47")
    assert s2["bonus_vp"]["england"] == england + 2


def test_55_jesuit_education_needs_the_society_and_founds_two(at_impulse):
    """#55 Jesuit Education (18.1): only after the Society of Jesus; the Papacy founds 2 universities."""
    s = fresh(at_impulse)
    give(s, "papacy", 55)
    assert "event:55" not in ids(s, "papacy")
    s["society_of_jesus"] = True
    s = play(s, "papacy", "event:55")
    assert decision(s) == "university_site"
    s = play(s, "papacy", "site:rome")
    s = play(s, "papacy", "site:florence")
    assert s["universities"] == ["florence", "rome"]


def test_57_philip_of_hesses_bigamy_the_protestant_chooses(at_impulse):
    """#57: the Protestant chooses: Philip of Hesse leaves the game (and never enters with the League),
    or a random card is discarded."""
    s = fresh(at_impulse)
    give(s, "papacy", 57)
    protestant_holds(s, 7, 30)
    s = play(s, "papacy", "event:57")
    assert decision(s) == "bigamy_choice" and ENGINE.active_roles(s) == ["protestant"]
    s = play(s, "protestant", "philip")
    assert "philip-of-hesse" not in s["leaders"] and s["leaders_removed"] == ["philip-of-hesse"]
    assert hand(s, "protestant") == ["7", "30"]


def test_74_diplomatic_overture_draws_two_and_gives_one(at_impulse):
    """#74: draw 2, then give 1 card (not the home card) to another power; the card is named to the two."""
    s = fresh(at_impulse)
    give(s, "papacy", 74)
    n = len(hand(s, "papacy"))
    s = play(s, "papacy", "event:74")
    assert decision(s) == "overture_gift" and len(hand(s, "papacy")) == n + 1
    gifts = ids(s, "papacy")
    assert not any(a.startswith("give:5:") for a in gifts)               # Papal Bull: the home card
    card = hand(s, "papacy")[-1]
    out = ENGINE.apply(s, "papacy", f"give:{card}:france")
    assert card in hand(out.state, "france")
    public = [e.text for e in out.log if not e.to]
    assert "Diplomatic Overture: Papacy gives a card to France." in public
    assert not any(load_name(card) in t for t in public)


def load_name(card):
    from rules.hereistand.data import load
    return load().card(int(card)).name


def test_79_fuggers_two_cards_now_one_fewer_next_turn(at_impulse):
    """#79 Fuggers (6.2): draw 2 now; 1 card fewer in the next Card Draw phase."""
    s = fresh(at_impulse)
    give(s, "papacy", 79)
    normal = st.cards_to_draw(s, "papacy")
    n = len(hand(s, "papacy"))
    s = play(s, "papacy", "event:79")
    assert len(hand(s, "papacy")) == n + 1                        # played one, drew two
    assert st.cards_to_draw(s, "papacy") == normal - 1


def test_51_servetus_in_victory_determination_only_to_stop_a_victory(at_impulse):
    """#51 / #47 (6.1 table, 23.3): in Victory Determination they are offered only to a power whose VP would stop
    another power's victory — here England's 1 VP ends the Ottoman's domination (5 ahead of all, turn 4+)."""
    from rules.core.flow import Game
    from rules.hereistand.data import MAJORS
    from rules.hereistand.events_victory import open_victory_window
    s = fresh(at_impulse)
    s["turn"] = 4
    s["bonus_vp"]["papacy"] -= 10                                     # nobody near 25 VP
    vp = {p: st.victory_points(s, p) for p in MAJORS}
    s["bonus_vp"]["england"] += max(vp[p] for p in MAJORS if p != "ottoman") - vp["england"] + 1
    s["bonus_vp"]["ottoman"] += st.victory_points(s, "england") + 5 - vp["ottoman"]
    give(s, "england", 51)
    give(s, "france", 47)
    open_victory_window(Game(ENGINE, s))
    assert decision(s) == "victory_cards" and "ottoman" not in ENGINE.active_roles(s)
    assert "play:51" in ids(s, "england") and "play:47" not in ids(s, "france")   # France's VP stop nothing
    before = st.victory_points(s, "england")
    s = play(s, "england", "play:51")
    for role in ENGINE.active_roles(s):
        if role not in ENGINE.waiting(s)["committed"]:
            s = play(s, role, "pass")
    assert st.victory_points(s, "england") == before + 1 and "51" in cards.zone(s, "removed")

"""The religious map (rules 18.2–18.4, 21.6, 23.1–23.2): targets, dice with named modifiers, attempts, flips."""

from __future__ import annotations

import pytest

from rules.hereistand import religion as rl
from rules.hereistand import state as st

from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def theses_after_brandenburg():
    """The 18.3 example: Luther at Wittenberg (2 regulars), Brandenburg flipped by the first attempt (its
    regular has entered)."""
    s = st.initial_state("1517")
    s["rng"] = {"seed": 1, "draws": 0}
    s["reformers"]["luther"] = "wittenberg"
    for space in ("wittenberg", "brandenburg"):
        rl.flip(s, space, rl.PROTESTANT)
    return s


def total(mods):
    return sum(n for _, n in mods)


def test_theses_second_attempt_dice_match_the_example():
    """18.3 worked example: Lubeck 3 v 3, Stettin 3 v 1, Breslau 6 v 1, Prague 4 v 5, Leipzig 4 v 4,
    Magdeburg 6 v 3 (with the 95 Theses' bonus die)."""
    s = theses_after_brandenburg()
    attempt = rl.Attempt("reformation", "german", bonus=[("95 Theses", 1)])
    expected = {"lubeck": (3, 3), "stettin": (3, 1), "breslau": (6, 1), "prague": (4, 5),
                "leipzig": (4, 4), "magdeburg": (6, 3)}
    for space, (mine, theirs) in expected.items():
        a, d = rl.dice_for(s, attempt, space)
        assert (total(a), total(d)) == (mine, theirs), space
    a, d = rl.dice_for(s, attempt, "prague")
    assert ("Catholic units in the target", 2) in d
    assert ("Martin Luther adjacent in Wittenberg", 1) in a
    assert not rl.in_zone(attempt, "breslau") and rl.in_zone(attempt, "leipzig")   # ties: Leipzig yes, Breslau no


def test_electorate_flip_brings_regulars_and_control_before_the_league():
    """21.6 and 18.3 step 8: Brandenburg turned Protestant brings its regular from the display; before the
    League its control follows its religion (DECISIONS.md 500)."""
    s = theses_after_brandenburg()
    assert st.units_at(s, "wittenberg", "protestant") == {"regular": 2}
    assert st.units_at(s, "brandenburg", "protestant") == {"regular": 1}
    assert s["control"]["brandenburg"] == "protestant"
    assert "brandenburg" not in s["electorate_display"]
    assert st.vp_breakdown(s, "protestant")["Protestant electorates"] == 4
    rl.flip(s, "brandenburg", rl.CATHOLIC)
    assert s["control"]["brandenburg"] == "hapsburg"
    assert st.units_at(s, "brandenburg", "protestant") == {"regular": 1}   # the regulars stay


def test_tie_in_zone_succeeds_and_outside_fails(dice):
    """18.3 step 8: a tie wins in the target zone (Leipzig), loses outside it (Breslau)."""
    s = theses_after_brandenburg()
    attempt = rl.Attempt("reformation", "german", bonus=[("95 Theses", 1)])
    dice += [[1, 2, 3, 4], [4, 1, 2, 3]]
    ok, lines = rl.resolve(s, attempt, "leipzig")
    assert ok and "leipzig" in s["religion"]
    assert any("A tie: the attempt succeeds." in line for line in lines)
    dice += [[1, 1, 2, 2, 3, 5], [5]]
    ok, _ = rl.resolve(s, attempt, "breslau")
    assert not ok and "breslau" not in s["religion"]


def test_automatic_success_skips_the_papal_roll(dice):
    """18.3 step 5: a 6 in the target zone flips the space; the Papacy does not roll."""
    s = theses_after_brandenburg()
    attempt = rl.Attempt("reformation", "german", bonus=[("95 Theses", 1)])
    dice += [[1, 2, 3, 4, 5, 6]]
    ok, lines = rl.resolve(s, attempt, "magdeburg")
    assert ok and not dice
    assert "automatic success" in " ".join(lines)
    assert ("6 dice (adjacent Protestant spaces Brandenburg, Wittenberg +2, Martin Luther adjacent in Wittenberg +1, "
            "Protestant units adjacent in Brandenburg, Wittenberg +2, 95 Theses +1): 1, 2, 3, 4, 5, 6") in lines[1]


def test_each_space_once_per_impulse(dice):
    """18.3: after a failure the space waits for the next impulse."""
    s = theses_after_brandenburg()
    dice += [[1, 1], [3, 3, 3]]
    ok, _ = rl.resolve(s, rl.Attempt("reformation", "german"), "lubeck")
    assert not ok
    assert "already been targeted" in rl.reformation_target_refusal(s, "lubeck")
    assert "lubeck" not in rl.targets(s, "reformation")


def test_targets_need_a_reformer_a_neighbour_or_a_port():
    """18.3 step 1: Catholic spaces beside a Protestant space, with a reformer, or on a Protestant port's sea."""
    s = theses_after_brandenburg()
    found = set(rl.targets(s, "reformation"))
    assert {"magdeburg", "lubeck", "stettin", "breslau", "prague", "leipzig"} <= found
    assert "vienna" not in found and "istanbul" not in found
    assert rl.reformation_target_refusal(s, "istanbul") == "Istanbul never changes religion"
    assert "edinburgh" not in found
    rl.flip(s, "hamburg", rl.PROTESTANT)                 # a North Sea port: Edinburgh shares its sea
    assert "edinburgh" in rl.targets(s, "reformation")


def test_carlstadt_unrest_and_counter_reformation_ties(dice):
    """18.3 step 8 (Carlstadt: a failure in the German zone puts the target in unrest); 18.4 step 8: ties go
    to the Protestant unless Paul III or Julius III rules."""
    s = theses_after_brandenburg()
    dice += [[2, 2], [3]]
    ok, lines = rl.resolve(s, rl.Attempt("reformation", "german", carlstadt=True), "stettin")
    assert not ok and "stettin" in s["unrest"]
    counter = rl.Attempt("counter", "german")
    dice += [[4, 1, 2], [4, 1, 1, 1, 1]]
    a, d = rl.dice_for(s, counter, "brandenburg")
    assert total(a) == 3 and total(d) == 5          # Stettin in unrest no longer counts for the Papacy
    ok, _ = rl.resolve(s, counter, "brandenburg")
    assert not ok and "brandenburg" in s["religion"]
    s["rulers"]["papacy"] = "paul-iii"
    s["targeted"] = []
    dice += [[4, 1, 2], [4, 1, 1, 1, 1]]
    ok, _ = rl.resolve(s, counter, "brandenburg")
    assert ok and "brandenburg" not in s["religion"]


def test_units_by_their_rulers_religion():
    """18.2: English units count for nobody under Henry VIII, Protestant under Edward VI, Catholic under Mary I."""
    s = st.initial_state("1517")
    assert rl.unit_faith(s, "england") is None and rl.unit_faith(s, "ottoman") is None
    s["rulers"]["england"] = "edward-vi"
    assert rl.unit_faith(s, "england") == rl.PROTESTANT
    s["rulers"]["england"] = "mary-i"
    assert rl.unit_faith(s, "england") == rl.CATHOLIC and rl.unit_faith(s, "venice") == rl.CATHOLIC


def test_religious_vp_and_victory():
    """23.2: the Religious Struggle card moves VP from the Papacy to the Protestant; 23.1: more than 50
    Protestant spaces not in unrest win at once."""
    s = st.initial_state("1517")
    assert st.vp_breakdown(s, "papacy")["Religious Struggle"] == 15
    spaces = [sp for sp in st.load().spaces if rl.is_catholic(s, sp)][:51]
    s["religion"] = sorted(spaces)
    assert rl.religious_victory_reached(s)
    s["unrest"] = [spaces[0]]
    assert not rl.religious_victory_reached(s)

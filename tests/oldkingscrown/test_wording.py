"""Log wording: counts of cards read "1 card" / "2 cards", never "card(s)" (STYLE)."""

from rules.oldkingscrown.text import cards

from .helpers import blank, do, place, run


def test_card_counts_are_worded_for_one_and_many():
    assert (cards(0), cards(1), cards(2)) == ("0 cards", "1 card", "2 cards")


def test_necropolis_draw_says_one_card():
    """Location Rewards, Necropolis (2025 reference): draw up to three cards."""
    state = blank(("nobility", "gathering"))
    place(state, "gathering", "lowlands", "captain6")
    state["clash_order"] = ["lowlands", "highlands", "plateau"]
    run(state, {"task": "clash_start", "region": "lowlands", "number": 1, "participants": list(state["order"])})
    for f in ("nobility", "gathering"):
        state, _ = do(state, f, "done")
    state, _ = do(state, "gathering", "loc:necropolis")
    state, log = do(state, "gathering", "draw:1")
    assert "Gathering draws 1 card (Necropolis)." in log and not any("card(s)" in line for line in log)

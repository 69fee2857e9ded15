"""Card zones, effects and modifiers (rules/core/cards.py); seatings and merged views (rules/core/seats.py)."""

import pytest

from rules.core import cards, merge_views
from rules.core.cards import CardError, Effects
from rules.core.contract import Context
from rules.core.rng import new_rng
from rules.richard3 import ENGINE as RICHARD


class Handle:
    """What cards.draw needs of a game handle: the state and a way to mark a reveal."""

    def __init__(self, state):
        self.state, self.ctx = state, Context()

    def reveal(self):
        self.ctx.reveal()


def table():
    return {"rng": new_rng(4), "zones": {"deck": ["a", "b"], "discard": ["c", "d", "e"], "hand:red": []}}


def test_draw_takes_from_the_top_refills_from_the_shuffled_discards_and_is_a_reveal():
    g = Handle(table())
    drawn = cards.draw(g, "hand:red", 3)
    assert drawn[:2] == ["b", "a"] and drawn[2] in "cde" and cards.zone(g.state, "hand:red") == drawn
    assert g.ctx.revealed and g.state["rng"]["draws"] > 0                  # the discards were shuffled
    assert len(cards.zone(g.state, "deck")) == 2 and cards.zone(g.state, "discard") == []
    assert len(cards.draw(g, "hand:red", 5)) == 2                          # both ran out


def test_move_refuses_a_card_that_is_elsewhere():
    state = table()
    cards.move(state, "a", "deck", "removed", bottom=True)
    assert cards.where(state, "a") == "removed"
    with pytest.raises(CardError, match="not in deck .it is in removed"):
        cards.move(state, "a", "deck", "discard")


def test_zone_view_counts_the_deck_and_other_hands():
    state = table()
    state["zones"]["hand:blue"] = ["x"]
    assert cards.zone_view(state, "red") == {"deck": 2, "discard": ["c", "d", "e"], "hand:blue": 1, "hand:red": []}
    assert cards.zone_view(state, None)["hand:red"] == 0


def test_effects_are_found_by_card_kind_and_trigger_point():
    effects = Effects()

    @effects.on("storm", "event")
    def storm(log, card):
        log.append(f"event {card}")

    @effects.on("storm", "winter")
    def storm_ends(log, card):
        log.append(f"winter {card}")

    log = []
    assert effects.has("storm#2", "event") and not effects.has("storm#2", "combat")
    effects.run("storm#2", "event", log)
    assert effects.trigger("winter", ["calm#1", "storm#1"], log) == [None]
    assert log == ["event storm#2", "winter storm#1"]
    with pytest.raises(CardError, match="already has an effect"):
        effects.on("storm", "event")(storm)
    with pytest.raises(CardError, match="no effect at 'combat'"):
        effects.run("storm#1", "combat", log)


def test_modifiers_expire_by_scope_only():
    state = {}
    cards.add_modifier(state, "haste", until="impulse", owner="red")
    cards.add_modifier(state, "fog", until="turn")
    assert [m["name"] for m in cards.modifiers(state)] == ["haste", "fog"]
    assert cards.modifiers(state, "haste", owner="blue") == []
    assert [m["name"] for m in cards.expire_modifiers(state, "impulse")] == ["haste"]
    assert cards.modifiers(state) == [{"name": "fog", "until": "turn"}]


def test_merge_views_unions_what_any_role_sees():
    north = {"turn": 2, "hands": {"north": ["a"], "south": 2}, "mine": {"north": {"bid": 3}}, "secret": None}
    south = {"turn": 2, "hands": {"north": 1, "south": ["b", "c"]}, "mine": {"south": {"bid": 1}}, "secret": "s"}
    assert merge_views([north, south]) == {"turn": 2, "hands": {"north": ["a"], "south": ["b", "c"]},
                                           "mine": {"north": {"bid": 3}, "south": {"bid": 1}}, "secret": "s"}


def test_the_default_seating_is_one_role_each_and_a_wrong_count_is_refused():
    assert RICHARD.seatings("1460", 2) == [("york",), ("lancaster",)]
    assert [s.name for s in RICHARD.seating_choices("1460", 2)] == ["One role each"]
    with pytest.raises(Exception, match="needs 2 players, not 3"):
        RICHARD.seatings("1460", 3)
    with pytest.raises(Exception, match="No seating 'teams'"):
        RICHARD.seatings("1460", 2, None, "teams")

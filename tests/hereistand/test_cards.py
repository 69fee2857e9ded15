"""Here I Stand registered at the table (issue 18 item 5): the seatings of 3.1, cards played for CP and
a card played as an event refused with its reason (6.1), mandatory events at their 19.8 deadline."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, SetupArgs, cards
from rules.core.registry import game_ids, get_engine
from rules.hereistand import ENGINE
from rules.hereistand import events
from .religious_phases import through_theses, through_worms  # noqa: F401  (turn 1's religious phases)


def test_registered_as_hereistand():
    assert "hereistand" in game_ids()
    assert get_engine("hereistand") is ENGINE


@pytest.mark.parametrize("players, seats", [
    (3, (("hapsburg", "papacy"), ("england", "protestant"), ("ottoman", "france"))),
    (4, (("hapsburg", "papacy"), ("england", "protestant"), ("france",), ("ottoman",))),
    (5, (("hapsburg",), ("england", "protestant"), ("france",), ("papacy",), ("ottoman",))),
])
def test_3_1_named_seatings_for_three_to_five_players(players, seats):
    for scenario in ("1517", "1532"):
        choices = ENGINE.seating_choices(scenario, players)
        assert len(choices) == 1
        assert sorted(choices[0].seats) == sorted(seats)
        assert ENGINE.seatings(scenario, players, None, choices[0].id)


def test_3_1_six_players_one_power_each():
    seats = ENGINE.seatings("1517", 6)
    assert sorted(r for seat in seats for r in seat) == sorted(ENGINE.roles("1517"))
    assert all(len(seat) == 1 for seat in seats)


def first_impulse():
    s = through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1)))
    s = ENGINE.apply(s, "england", "done").state
    s = through_worms(ENGINE.apply(s, "england", "done").state)
    while ENGINE.waiting(s)["decision"] == "deploy":
        s = ENGINE.apply(s, ENGINE.active_roles(s)[0], "skip").state
    assert ENGINE.waiting(s)["decision"] == "impulse"
    return s


def test_6_1_every_card_is_played_for_cp_and_an_event_is_refused_with_its_reason():
    s = first_impulse()
    hand = s["zones"]["hand:ottoman"]
    ids = [a.id for a in ENGINE.legal_actions(s, "ottoman")]
    from rules.hereistand.data import load
    assert all(f"cp:{c}" in ids for c in hand if load().card(int(c)).type != "mandatory")   # 6.1
    assert all(events.has_event(i.partition(":")[2]) for i in ids if i.startswith("event:"))
    assert "event:1" in ids                                   # Janissaries' event (b): reinforcements.py
    without = next((c for c in sorted(hand, key=int) if not events.has_event(c)
                    and load().card(int(c)).type not in ("combat", "response")), None)   # those say when they play
    if without is not None:                                   # a card whose event is still to come
        cp = load().card(int(without)).cp
        with pytest.raises(IllegalAction, match=rf"is not part of the game yet.*{cp} CP"):
            ENGINE.apply(s, "ottoman", f"event:{without}")
    with pytest.raises(IllegalAction, match="does not hold #2"):
        ENGINE.apply(s, "ottoman", "event:2")
    with pytest.raises(IllegalAction, match="no card 'x'"):
        ENGINE.apply(s, "ottoman", "event:x")


def test_6_1_an_event_outside_the_impulse_is_refused():
    s = through_theses(ENGINE.setup(SetupArgs("1517", tuple(ENGINE.seatings("1517", 6)), 1)))
    why = events.event_refusal(s, "england", "event:3", "announce")
    assert "only in your own impulse" in why


def test_19_8_an_unregistered_mandatory_event_waits_aside_and_the_log_says_why(monkeypatch):
    """DECISIONS 600 fallback: a mandatory card no module has registered waits aside; at its deadline the log
    says so and it stays out of play (Clement VII pretended unregistered)."""
    real = events.has_event
    monkeypatch.setattr(events, "has_event", lambda card: str(card) != "10" and real(card))
    assert events.deck_zone(10) == "aside" and events.deck_zone(11) == "deck"
    s = first_impulse()
    cards.move(s, "10", cards.where(s, "10"), "aside")
    ctx_lines = []

    class G:
        state = dict(s, turn=2)

        def log(self, text, **kw):
            ctx_lines.append(text)

        def call(self, name, **kw):
            ctx_lines.append(f"call {name} {kw}")

    events.mandatory_deadlines(G())
    assert any("#10 Clement VII reaches its deadline" in line for line in ctx_lines)
    assert not any(line.startswith("call") for line in ctx_lines)
    assert "10" in s["zones"]["aside"]


def test_9_1_private_talk_only_in_the_negotiation_segment():
    """9.1: private talk is allowed only in the negotiation segment; turn 1 only England with the Hapsburg
    and France (rule 7). One talk per pair of seats."""
    seats = ENGINE.seatings("1517", 3)
    s = through_theses(ENGINE.setup(SetupArgs("1517", tuple(seats), 1)))
    talks = ENGINE.negotiations(s)
    assert len(talks) == 2 and all("england" in t and "protestant" in t for t in talks)
    assert {r for t in talks for r in t} == {"england", "protestant", "hapsburg", "papacy", "ottoman", "france"}
    s = ENGINE.apply(s, "england", "done").state
    s = through_worms(ENGINE.apply(s, "england", "done").state)
    assert ENGINE.negotiations(s) == []
    six = ENGINE.setup(SetupArgs("1532", tuple(ENGINE.seatings("1532", 6)), 1))
    assert len(ENGINE.negotiations(six)) == 15


def test_6_1_a_card_offered_for_cp_says_why_its_event_is_not_offered():
    """Issue 29 item 7: the CP choice of a card whose event cannot be played now carries the reason in its
    hint (a combat card: when it is played); a card whose event is offered (#40) carries none."""
    from .test_debate import give
    s = give(give(first_impulse(), "ottoman", 24), "ottoman", 40)
    hints = {a.id: a.hint for a in ENGINE.legal_actions(s, "ottoman")}
    assert hints["cp:24"].endswith("Not as an event now: A combat card is played in a field battle, assault or "
                                   "naval battle your side fights, when the combat cards are declared (rule 11); "
                                   "in your impulse play it for its 1 CP.")
    assert "event:40" in hints and "Not as an event" not in hints["cp:40"]

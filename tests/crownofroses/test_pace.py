"""Issue 33 in Crown of Roses: windows nobody can answer are not opened (RB 16.5 interception needs a
leader next door: public), a house's runs of its own questions (RB 15 OPS, RB 16 picking up blocks, RB 19
IP markers) are answered in one message with defaults, and "pass every window unless I can use …"."""

import random

from rules.core import sequences
from rules.core.driver import choose_move, setup_args
from rules.crownofroses import reactions
from rules.crownofroses.engine import ENGINE
from tests.crownofroses.test_combat import FakeGame, cleared, put


def test_rb_16_5_a_house_with_no_leader_next_door_is_not_asked_to_intercept():
    state = cleared()
    put(state, "french", "lancaster", "somerset")             # a mercenary block: it cannot lead (RB 16.5)
    window = reactions.Intercept()
    g = FakeGame(state, place="devon", roles=["lancaster"])
    assert reactions.interceptors(state, "york", "devon") == ["lancaster"]
    assert not window.could_answer(g, "lancaster") and window.asked(g) == []
    put(state, "beaumont", "lancaster", "somerset")           # a noble with CR 1 may lead the interception
    assert window.could_answer(g, "lancaster") and window.asked(g) == ["lancaster"]


def _walk(seed, scenario="cruel_thorns", limit=3000):
    chooser = random.Random(seed)
    state = ENGINE.setup(setup_args(ENGINE, scenario, seed))
    for _ in range(limit):
        if ENGINE.result(state) is not None:
            return
        yield state
        role, action = choose_move(ENGINE, state, chooser)
        state = ENGINE.apply(state, role, action.id).state


def test_no_interception_or_avoid_window_asks_a_house_that_can_only_pass():
    windows = 0
    for seed in (1, 2):
        for state in _walk(seed):
            name = ENGINE.waiting(state)["decision"]
            if name in ("intercept", "avoid"):
                windows += 1
                for role in ENGINE.active_roles(state):
                    assert len(ENGINE.legal_actions(state, role)) > 1, (name, role)
    assert windows > 0


def test_a_march_takes_all_by_default_and_a_run_of_ops_plays_in_one_message():
    """RB 15/16: the house's pickups before it moves are its own run; the defaults pick up every block
    that may follow, and a whole run checked at once plays as one action each."""
    found = None
    for seed in range(1, 6):
        for state in _walk(seed, limit=4000):
            name = ENGINE.waiting(state)["decision"]
            role = (ENGINE.active_roles(state) or [None])[0]
            if name == "march" and any(a.id.startswith("pickup:") for a in ENGINE.legal_actions(state, role)):
                found = state, role
                break
        if found:
            break
    assert found, "no march with a block to pick up"
    state, role = found
    assert sequences.continues(ENGINE, state, role)
    run = sequences.defaults(ENGINE, state, role)
    assert run and all(a.id.startswith("pickup:") for a in run)
    played = sequences.check(ENGINE, state, role, [a.id for a in run])
    for action in played:
        state = ENGINE.apply(state, role, action.id).state
    assert not any(a.id.startswith("pickup:") for a in ENGINE.legal_actions(state, role))   # all taken


def test_pass_every_window_unless_i_can_use_a_card_asks_only_when_i_can():
    answer = next(a for a in ENGINE.standing_answers() if a.id == "pass-windows")
    assert "op71" in {u.id for u in answer.unless}
    escape = next(u for u in answer.unless if u.id == "op71")
    assert escape.label == "you can use #71 Escape (2 OPS)"
    for seed in range(1, 8):
        for state in _walk(seed, limit=4000):
            if ENGINE.waiting(state)["decision"] != "window":
                continue
            for role in ENGINE.active_roles(state):
                legal = [a.id for a in ENGINE.legal_actions(state, role)]
                usable = next((a.split(":")[1].lower() for a in legal if a.startswith("use:")), None)
                if usable is None:
                    continue
                assert ENGINE.standing_move(state, role, ["pass-windows"]) == "pass"
                assert ENGINE.standing_move(state, role, [f"pass-windows unless {usable}"]) is None
                others = [u.id for u in answer.unless if u.id != usable and not any(
                    a.lower().startswith(f"use:{u.id}") for a in legal)]
                assert ENGINE.standing_move(state, role, [f"pass-windows unless {others[0]}"]) == "pass"
                return
    raise AssertionError("no window with a card to use in seven games")


def test_rb_14_2_1_never_volunteer_a_responder_unless_a_noble_of_mine_can():
    """RB 14.2.1, 10.5.1 (issue 33, DECISIONS 230): the standing "never respond" passes the volunteer and
    Writ windows; "… unless one of my nobles can respond" asks exactly when one can."""
    answer = next(a for a in ENGINE.standing_answers() if a.id == "never-respond")
    assert set(answer.decisions) == {"respond", "raid_writ"}
    seen = {"can": 0, "cannot": 0}
    for seed in range(1, 10):
        for state in _walk(seed, scenario="kingmaker", limit=4000):
            if ENGINE.waiting(state)["decision"] != "respond":
                continue
            for role in ENGINE.active_roles(state):
                legal = [a.id for a in ENGINE.legal_actions(state, role)]
                can = any(a.startswith("noble:") for a in legal)
                assert ENGINE.standing_move(state, role, ["never-respond"]) == "pass"
                expected = None if can else "pass"
                assert ENGINE.standing_move(state, role, ["never-respond unless noble"]) == expected
                seen["can" if can else "cannot"] += 1
            if all(seen.values()):
                return
    raise AssertionError(f"respond windows seen: {seen}")


def test_rb_13_2_an_optional_event_is_offered_at_the_first_spend_question():
    """RB 13.2 (issue 33, DECISIONS 228): a card with an optional event goes straight to spending its OPS,
    whose first question offers the event when it can be played; spending an OPS forgoes it, so the
    "event or OPS" question with "OPS" as its only answer is never asked (whatever the hand holds)."""
    from rules.crownofroses.operations import optional_event
    offered = forgone = 0
    for seed in range(1, 6):
        for state in _walk(seed, limit=3000):
            assert ENGINE.waiting(state)["decision"] != "event_or_ops" or not ENGINE.active_roles(state) or \
                not optional_event(state["flow"][-1]["local"]["card"])
            if ENGINE.waiting(state)["decision"] != "spend" or "event" not in state["flow"][-1]["local"]:
                continue
            role = state["flow"][-1]["local"]["role"]
            legal = [a.id for a in ENGINE.legal_actions(state, role)]
            if "event" in legal:
                offered += 1
                spent = next(a for a in legal if a not in ("event", "done") and not a.startswith("change"))
                after = ENGINE.apply(state, role, spent).state
                spends = [f for f in after["flow"] if f["name"] == "spend"]
                if spends:
                    assert "event" not in spends[-1]["local"]
                    forgone += 1
        if offered and forgone:
            return
    raise AssertionError(f"events offered {offered}, forgone {forgone}")

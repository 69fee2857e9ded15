"""`herald local --script` plays a 1517 game of Here I Stand through turn 2 with three players holding two
powers each (issue 18 acceptance): the named 3-player seating, both hands seen by their holder, the private
talk of the negotiation segment, a card refused as an event, and every order given by id with its power."""

import random

from bot.cli import main
from rules.core import SetupArgs, cards
from rules.hereistand import ENGINE, events
from rules.hereistand.events import EVENTS, has_event

PLAYERS = ("ann", "ben", "cat")
QUICK = ("done", "skip", "pass", "decline", "go", "strongest")


def pick(chooser: random.Random, legal: list[str]) -> str:
    """A random legal action, leaning towards ending segments and impulses so two turns stay short."""
    quick = [a for a in legal if a in QUICK]
    if quick and chooser.random() < 0.6:
        return quick[0]
    return chooser.choice(legal)


def script_for(seed: int) -> tuple[list[str], dict]:
    seats = ENGINE.seatings("1517", 3, None, None)
    holder = {r: PLAYERS[i] for i, seat in enumerate(seats) for r in seat}
    lines = ["as ann", "seatings hereistand 1517 players=3", "expect text Hapsburg + Papacy",
             "new hereistand 1517 players=3", "expect text 3 seats"]
    for player in PLAYERS:
        lines += [f"as {player}", "join", "expect ok"]
    england = holder["england"]
    state = ENGINE.setup(SetupArgs("1517", tuple(seats), seed))
    lines += ["as ann", f"start --seed {seed}", "expect ok", "expect turn Turn 1",
              f"as {holder['protestant']}", "choices", "expect text 95 Theses"]
    while ENGINE.waiting(state)["decision"] == "attempt_target":      # the hands are dealt after the theses
        lines += ["do stop protestant", "expect ok"]
        state = ENGINE.apply(state, "protestant", "stop").state
    lines += [f"as {england}", "hand", "expect text Your hand (England)", "expect text Your hand (Protestant)",
              "talk Shall we ally this turn?", "expect error", "expect text say with whom",
              f"talk @{next(r for r in ENGINE.roles('1517') if holder[r] != england)} Shall we ally this turn?",
              "expect text Said privately to", "talk @nobody Hello", "expect error", "expect text open: @"]
    chooser = random.Random(seed)
    refused = False
    while ENGINE.result(state) is None and state["turn"] <= 2:
        role = chooser.choice(ENGINE.active_roles(state))
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        if not refused and ENGINE.waiting(state)["decision"] == "impulse":
            held = sorted(cards.zone(state, cards.hand(role)), key=int)
            refusals = {c: events.event_refusal(state, role, f"event:{c}", "impulse") for c in held
                        if f"event:{c}" not in legal and not EVENTS.has(c, "refusal")}   # not combat cards
            card, why = next(((c, w) for c, w in refusals.items() if w), (None, None))   # an event not playable now
            if card is None:                                                  # else a card not held
                card = next(str(n) for n in range(1, 111) if str(n) not in held)
                why = f"does not hold #{card}"
            # the engine refuses it with its reason (tests/hereistand/test_cards.py), which the table passes
            # on to the player; the prompt says it too
            lines += [f"as {holder[role]}", f"do event:{card} {role}", "expect error illegal_order",
                      f"expect text {why.split(':')[0][:40]}", "choices",
                      "expect text where it is offered, as its event"]
            refused = True
        action = pick(chooser, legal)
        lines += [f"as {holder[role]}", f"do {action} {role}", "expect ok"]
        state = ENGINE.apply(state, role, action).state
    lines += ["status", "expect status active", "expect turn Turn 3", "log 400", "expect text Turn 2: Winter",
              "replay", "expect text OK"]
    return lines, state


def test_three_players_with_two_powers_each_play_1517_through_turn_2(tmp_path, capsys):
    lines, state = script_for(seed=4)
    assert state["turn"] == 3 and ENGINE.result(state) is None
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--db", str(tmp_path / "h.db"), "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert "Turn 2: Action phase." in out
    assert "may now talk in private" in out

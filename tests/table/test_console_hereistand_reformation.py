"""`herald local --script` plays turn 1 of 1517 with six players through the religious struggle (issue 23):
Luther's 95 Theses and their attempts, the Diet of Worms' three secret cards, a Protestant treatise, a
translation, the Papacy burning books and calling a theological debate, every order given by id; the log
shows the dice with their modifiers named and both debaters with their dice and the outcome. Bad orders on
the way (a space that is not a legal target, a committed debater's ability, a card event whose prerequisites
fail when the deal brings one) are refused with their reason, and the replay shows they changed nothing."""

from __future__ import annotations

from bot.cli import main
from rules.core import SetupArgs
from rules.hereistand import ENGINE

from tests.support.console_scripts import join_and_start

PLAYERS = ("ann", "ben", "cat", "dan", "eve", "fay")
QUICK = ("done", "skip", "pass", "decline", "go", "strongest")


class Policy:
    """What each power does: the Protestant publishes one treatise and translates, the Papacy burns books
    once and calls one theological debate; everyone else ends segments and passes as soon as the rules
    allow."""

    def __init__(self):
        self.did: set[str] = set()

    def choose(self, state, role, legal: list[str]) -> str:
        decision = ENGINE.waiting(state)["decision"]
        first = {prefix: next((a for a in legal if a.startswith(prefix)), None)
                 for prefix in ("target:", "zone:german", "card:", "flip:", "cp:", "religious:")}
        if decision == "attempt_target":
            return first["target:"] or "stop"
        if decision == "religious_zone":
            return first["zone:german"]
        if decision in ("worms_cards", "worms_flip"):
            return first["card:"] or first["flip:"] or legal[0]
        if decision == "impulse" and role in ("protestant", "papacy") and first["cp:"]:
            return max((a for a in legal if a.startswith("cp:")), key=lambda a: st_cp(a))
        if decision == "spend":
            for wanted, tag in (("religious:treatise", "treatise"), ("religious:translate:german", "translate"),
                                ("religious:burn", "burn"), ("debate:german", "debate")):
                if wanted in legal and tag not in self.did:
                    self.did.add(tag)
                    return wanted
        quick = [a for a in legal if a in QUICK]
        return quick[0] if quick else legal[0]


def st_cp(action: str) -> int:
    from rules.hereistand.data import load
    return load().card(int(action.split(":")[1])).cp or 0


def script_for(seed: int):
    seats = ENGINE.seatings("1517", 6, None, None)
    holder = {r: PLAYERS[i] for i, seat in enumerate(seats) for r in seat}
    lines = ["as ann", "new hereistand 1517 players=6", "expect ok"] + join_and_start(list(PLAYERS), seed)
    state = ENGINE.setup(SetupArgs("1517", tuple(seats), seed))
    policy, seen, refused = Policy(), [], {}
    expectations = {"Reformation attempt in": "reformation", "Diet of Worms:": "diet",
                    "A Protestant treatise (2 CP)": "treatise", "translates the New Testament": "translation",
                    "Counter-reformation attempt in": "counter", "Burning books (2 CP)": "burn",
                    "calls a theological debate in the German": "debate", "wins the debate by": "debate won",
                    "the debate ends with no result": "debate drawn"}
    wanted = {"burn", "treatise", "translation", "debate"}
    while ENGINE.result(state) is None and state["turn"] == 1 and not (wanted <= set(seen) and (
            {"debate won", "debate drawn"} & set(seen))):
        role = ENGINE.active_roles(state)[0]
        waiting = ENGINE.waiting(state)
        role = next((r for r in ENGINE.active_roles(state) if r not in waiting.get("committed", [])), role)
        legal = [a.id for a in ENGINE.legal_actions(state, role)]
        for bad, tag in bad_orders(state, role, legal):
            if tag not in refused:
                refused[tag] = bad
                reason = _refusal(state, role, bad)
                lines += [f"as {holder[role]}", f"do {bad} {role}", "expect error illegal_order",
                          f"expect text {reason[:40]}"]
        action = policy.choose(state, role, legal)
        out = ENGINE.apply(state, role, action)
        lines += [f"as {holder[role]}", f"do {action} {role}", "expect ok"]
        for entry in out.log:
            for text, tag in expectations.items():
                if text in entry.text and entry.to is None and tag not in seen:
                    seen.append(tag)
                    lines.append(f"expect text {text}")
        state = out.state
    return lines + ["replay", "expect text OK"], state, seen, refused


def bad_orders(state, role, legal):
    """The acceptance's bad input, where the position offers it: a space that is not a legal target, an
    ability of a committed debater, a card in hand whose event's prerequisites fail (tag, order)."""
    from rules.core import cards
    from rules.hereistand.religious_actions import TREATISES
    decision = ENGINE.waiting(state)["decision"]
    if decision == "attempt_target" and role == "protestant":
        yield "target:vienna", "target"
    if decision == "spend":
        for kind, (_, _, _, actor, debater, _) in sorted(TREATISES.items()):
            if actor == role and debater and state["debaters"][debater]["status"] == "committed":
                yield f"religious:{kind}", "committed debater"
    if decision == "impulse":
        for card in cards.zone(state, cards.hand(role)):
            if f"event:{card}" not in legal and f"cp:{card}" in legal \
                    and "not part of the game yet" not in _refusal(state, role, f"event:{card}"):
                yield f"event:{card}", "prerequisites"


def _refusal(state, role, order) -> str:
    from rules.core.contract import IllegalAction
    try:
        ENGINE.apply(state, role, order)
    except IllegalAction as refusal:
        return str(refusal)
    raise AssertionError(f"{order} was not refused")


def test_six_players_play_turn_one_through_theses_diet_treatise_translation_debate_and_burning(tmp_path, capsys):
    lines, state, seen, refused = script_for(seed=4)
    assert {"target", "committed debater"} <= set(refused), refused      # refused with the reason, then replayed
    assert {"reformation", "diet", "treatise", "translation", "burn", "debate"} <= set(seen), seen
    assert {"debate won", "debate drawn"} & set(seen), seen
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    code = main(["local", "--db", str(tmp_path / "h.db"), "--script", str(script), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    assert "Luther's 95 Theses" in out and "Revealed" in out
    assert "95 Theses +1" in out                   # the bonus die named in the roll
    assert "Round 1 in the German" in out          # both debaters named, then each one's dice
    assert out.count("(5 or 6 hits)") >= 2          # each debater's dice, every modifier named
